package sfnt

import (
	"errors"

	"fontvm/internal/ftmath"
)

// An avarPair is one avar axis value map entry in 16.16, as
// ft_var_load_avar converts the table's F2Dot14 values.
type avarPair struct{ from, to int64 }

// errAvarIgnored is the sentinel of the avar errors FreeType ignores.
var errAvarIgnored = errors.New("sfnt: avar ignored")

// loadAvar parses avar version 1.0 as ft_var_load_avar does. FreeType
// ignores an unusable avar (wrong version, an axis count other than
// fvar's, a pairCount*4 above the table's length): the result is then nil
// with the reason. The segment maps are read from the file at the
// table's offset (FreeType reads its frame without per-field checks); a
// map running past the end of the file is ignored too.
func (f *Font) loadAvar(numAxes int) ([][]avarPair, error) {
	r, ok := f.lookup(TagAvar)
	if !ok {
		return nil, nil
	}
	d := f.data[r.Offset:]
	bad := func(off int, msg string) error {
		return &FormatError{Table: "avar", Offset: off, Msg: msg, Err: errAvarIgnored}
	}
	if len(d) < 8 || r.Length < 8 {
		return nil, bad(0, "table shorter than its header")
	}
	if u32(d, 0) != 0x00010000 {
		return nil, bad(0, "version is not 1.0")
	}
	if int64(int32(u32(d, 4))) != int64(numAxes) {
		return nil, bad(4, "axisCount differs from fvar's")
	}
	segs := make([][]avarPair, numAxes)
	p := 8
	for i := range segs {
		if p+2 > len(d) {
			return nil, bad(p, "segment map runs past the end of the file")
		}
		n := int(u16(d, p))
		if uint64(n)*4 > uint64(r.Length) {
			return nil, bad(p, "pairCount*4 exceeds the table's length")
		}
		p += 2
		if p+4*n > len(d) {
			return nil, bad(p, "segment map runs past the end of the file")
		}
		s := make([]avarPair, n)
		for j := range s {
			s[j] = avarPair{int64(i16(d, p)) * 4, int64(i16(d, p+2)) * 4}
			p += 4
		}
		segs[i] = s
	}
	return segs, nil
}

// Normalize converts 16.16 design coordinates (one per axis; missing
// trailing axes take their defaults) to normalized 16.16 coordinates as
// FT_Set_Var_Design_Coordinates does (TT_Set_Var_Design →
// ft_var_to_normalized, then tt_set_mm_blend's range check): each
// coordinate is clamped to its axis, mapped to -1..1 with FT_DivFix
// (no F2Dot14 rounding: FreeType 2.12.1 keeps the 16.16 value), then
// through avar with FT_MulDiv. A result outside -1..1 (possible only
// with a hostile avar) fails with ErrMalformed as FreeType fails with
// Invalid_Argument. dst is reused if it has the capacity.
func (v *Variations) Normalize(dst []int32, design []int64) ([]int32, error) {
	n := len(v.Axes)
	if cap(dst) < n {
		dst = make([]int32, n)
	}
	dst = dst[:n]
	for i := range v.Axes {
		a := &v.Axes[i]
		c := a.Default
		if i < len(design) {
			c = design[i]
		}
		var q int64
		switch {
		case c > a.Default:
			if c >= a.Max {
				q = 0x10000
			} else {
				q = ftmath.DivFix(c-a.Default, a.Max-a.Default)
			}
		case c < a.Default:
			if c <= a.Min {
				q = -0x10000
			} else {
				q = ftmath.DivFix(c-a.Default, a.Default-a.Min)
			}
		}
		if v.avar != nil {
			s := v.avar[i]
			for j := 1; j < len(s); j++ {
				if q < s[j].from {
					q = ftmath.MulDiv(q-s[j-1].from, s[j].to-s[j-1].to, s[j].from-s[j-1].from) + s[j-1].to
					break
				}
			}
		}
		if q < -0x10000 || q > 0x10000 {
			return dst, &FormatError{Table: "avar", Offset: 0, Msg: "normalized coordinate outside -1..1"}
		}
		dst[i] = int32(q)
	}
	return dst, nil
}

// ParseDesign converts design values per axis tag (as `wght=700` gives
// them) to 16.16 design coordinates the way the reference tools do:
// each value times 65536 rounded half away from zero; axes not named take
// their defaults. An unknown tag is an error.
func (v *Variations) ParseDesign(tags []Tag, values []float64) ([]int64, error) {
	c := v.DefaultDesign()
	for k, t := range tags {
		i := v.AxisIndex(t)
		if i < 0 {
			return nil, errors.New("sfnt: no axis " + t.String())
		}
		x := values[k] * 65536
		if x >= 0 {
			x += 0.5
		} else {
			x -= 0.5
		}
		c[i] = int64(x)
	}
	return c, nil
}
