package sfnt

import "errors"

// Variation tables' tags.
var (
	TagFvar = MakeTag("fvar")
	TagAvar = MakeTag("avar")
	TagGvar = MakeTag("gvar")
	TagCvar = MakeTag("cvar")
	TagHVAR = MakeTag("HVAR")
	TagVVAR = MakeTag("VVAR")
	TagMVAR = MakeTag("MVAR")
	TagCFF2 = MakeTag("CFF2")
)

// ErrNotVariable: the font is not a variable font as FreeType 2.12.1 sees
// it (no valid fvar header, or neither glyf+gvar nor CFF2), so that
// FT_Get_MM_Var fails with Invalid_Argument.
var ErrNotVariable = errors.New("sfnt: not a variable font")

// fvar limits, from sfnt_init_face's validity check.
const (
	// MaxVarAxes is the largest axisCount FreeType accepts (the limit
	// implied by a 16-bit instanceSize).
	MaxVarAxes = 0x3FFE
	// MaxNamedInstances is the largest instanceCount FreeType accepts
	// (the range of name IDs).
	MaxNamedInstances = 0x7EFF
)

// A VarAxis is one fvar axis record. Min, Default and Max are 16.16
// design coordinates; as in TT_Get_MM_Var, an axis whose minimum exceeds
// its default or whose default exceeds its maximum has Min and Max set to
// Default (the axis is disabled).
type VarAxis struct {
	Tag               Tag
	Min, Default, Max int64
	Flags, NameID     uint16
	RawMin, RawMax    int64 // the table's minValue and maxValue
	Disabled          bool  // Min > Default or Default > Max in the table
}

// A NamedInstance is one named instance as FreeType lists it
// (FT_MM_Var.namedstyle): the fvar records in order, followed, when none
// of them has the default coordinates and the name table has the names,
// by the default instance FreeType synthesizes.
type NamedInstance struct {
	SubfamilyNameID  uint16
	PostScriptNameID uint16  // 0xFFFF when the record has none
	Coords           []int64 // 16.16 design coordinates, one per axis
	Synthesized      bool    // the default instance FreeType adds
}

// Variations describes a variable font's design space: its axes, its
// named instances and its avar mapping, as FreeType 2.12.1's
// TT_Get_MM_Var and ft_var_load_avar load them.
type Variations struct {
	Axes      []VarAxis
	Instances []NamedInstance
	// avar segment maps, one per axis (nil without a usable avar), in
	// 16.16 as FreeType keeps them.
	avar [][]avarPair
	// AvarErr says why an avar table present in the font was ignored
	// (FreeType ignores it silently); nil otherwise.
	AvarErr error
}

// Variations parses fvar and avar. It returns ErrNotVariable (wrapped in a
// *FormatError for a malformed fvar header) when FreeType would not treat
// the font as a variation font: sfnt_init_face's fvar checks (version
// 1.0, axisSize 20, 1..0x3FFE axes, instanceSize 4+4n or 6+4n, at most
// 0x7EFF instances, all within the table's length) and sfnt_load_face's
// requirement of glyf and gvar, or CFF2.
func (f *Font) Variations() (*Variations, error) {
	r, ok := f.lookup(TagFvar)
	if !ok {
		return nil, ErrNotVariable
	}
	if !(f.HasTable(TagGlyf) && f.HasTable(TagGvar)) && !f.HasTable(TagCFF2) {
		return nil, ErrNotVariable
	}
	d := f.data[r.Offset:]
	bad := func(off int, msg string) error {
		return &FormatError{Table: "fvar", Offset: off, Msg: msg, Err: ErrNotVariable}
	}
	if r.Length < 20 || len(d) < 16 {
		return nil, bad(0, "table shorter than its 16-byte header")
	}
	version, offset := u32(d, 0), int(u16(d, 4))
	numAxes, axisSize := int(u16(d, 8)), int(u16(d, 10))
	numInst, instSize := int(u16(d, 12)), int(u16(d, 14))
	switch {
	case version != 0x00010000:
		return nil, bad(0, "version is not 1.0")
	case axisSize != 20:
		return nil, bad(10, "axisSize is not 20")
	case numAxes == 0 || numAxes > MaxVarAxes:
		return nil, bad(8, "axisCount outside 1..16382")
	case instSize != 4+4*numAxes && instSize != 6+4*numAxes:
		return nil, bad(14, "instanceSize is neither 4+4*axisCount nor 6+4*axisCount")
	case numInst > MaxNamedInstances:
		return nil, bad(12, "instanceCount above 0x7EFF")
	case uint64(offset)+uint64(axisSize*numAxes)+uint64(instSize*numInst) > uint64(r.Length):
		return nil, bad(4, "axes and instances run past the table's end")
	}
	// Within the table's directory length, and the directory entry lies
	// within the file (lookup drops others).
	v := &Variations{Axes: make([]VarAxis, numAxes)}
	p := offset
	for i := range v.Axes {
		a := &v.Axes[i]
		a.Tag = Tag(u32(d, p))
		a.RawMin, a.Default, a.RawMax = int64(int32(u32(d, p+4))), int64(int32(u32(d, p+8))), int64(int32(u32(d, p+12)))
		a.Flags, a.NameID = u16(d, p+16), u16(d, p+18)
		a.Min, a.Max = a.RawMin, a.RawMax
		if a.Min > a.Default || a.Default > a.Max {
			a.Min, a.Max = a.Default, a.Default
			a.Disabled = true
		}
		p += 20
	}
	foundDefault := false
	for i := 0; i < numInst; i++ {
		ni := NamedInstance{SubfamilyNameID: u16(d, p), PostScriptNameID: 0xFFFF, Coords: make([]int64, numAxes)}
		same := true
		for j := range ni.Coords {
			c := u32(d, p+4+4*j)
			ni.Coords[j] = int64(int32(c))
			// sfnt_init_face compares the raw bytes with the axes'
			// raw default values.
			if c != u32(d, offset+20*j+8) {
				same = false
			}
		}
		if instSize == 6+4*numAxes {
			ni.PostScriptNameID = u16(d, p+4+4*numAxes)
		}
		foundDefault = foundDefault || same
		v.Instances = append(v.Instances, ni)
		p += instSize
	}
	if !foundDefault && f.hasNameID(17, 2) && f.hasNameID(6) {
		ni := NamedInstance{SubfamilyNameID: 17, PostScriptNameID: 6, Coords: make([]int64, numAxes), Synthesized: true}
		if !f.hasNameID(17) {
			ni.SubfamilyNameID = 2
		}
		for j := range ni.Coords {
			ni.Coords[j] = v.Axes[j].Default
		}
		v.Instances = append(v.Instances, ni)
	}
	v.avar, v.AvarErr = f.loadAvar(numAxes)
	return v, nil
}

// hasNameID reports whether the name table has a non-empty Windows
// (platform 3, encoding 0 or 1) or Macintosh (platform 1, encoding 0)
// record for one of ids, as sfnt_get_name_id looks names up.
func (f *Font) hasNameID(ids ...uint16) bool {
	b := f.Table(TagName)
	if len(b) < 6 {
		return false
	}
	n := int(u16(b, 2))
	for i := 0; i < n && 6+12*i+12 <= len(b); i++ {
		r := b[6+12*i:]
		plat, enc, id, length := u16(r, 0), u16(r, 2), u16(r, 6), u16(r, 8)
		if length == 0 || !(plat == 3 && enc <= 1 || plat == 1 && enc == 0) {
			continue
		}
		for _, want := range ids {
			if id == want {
				return true
			}
		}
	}
	return false
}

// NumAxes returns the number of axes.
func (v *Variations) NumAxes() int { return len(v.Axes) }

// AxisIndex returns the index of the first axis with tag t, or -1.
func (v *Variations) AxisIndex(t Tag) int {
	for i := range v.Axes {
		if v.Axes[i].Tag == t {
			return i
		}
	}
	return -1
}

// DefaultDesign returns the axes' default design coordinates (16.16).
func (v *Variations) DefaultDesign() []int64 {
	c := make([]int64, len(v.Axes))
	for i := range v.Axes {
		c[i] = v.Axes[i].Default
	}
	return c
}
