package cff

import (
	"fmt"
	"math"

	"fontvm/internal/ftmath"
)

// A Font is a parsed CFF or CFF2 table. It refers to, and never copies,
// the table's bytes; it is immutable after Parse and safe for concurrent
// use.
type Font struct {
	data []byte
	// file and base: the data the table is part of and the table's
	// offset in it (file[base:] is data), for charset and encoding
	// offsets FreeType adds to the table's offset as FT_ULong: a
	// negative one reads before the table.
	file  []byte
	base  int
	name  string // "CFF " or "CFF2"
	cff2  bool
	major int

	charStrings index
	gsubrs      index
	gbias       int
	gptr        []uint32 // cff_index_get_pointers of the global subrs
	strings     index    // CFF only

	top     []dictEntry
	fds     []Private
	fdSel   fdSelect
	isCID   bool
	charset int      // offset of the charset (0, 1, 2: predefined)
	sids    []uint16 // glyph -> SID (CID for CID-keyed fonts), as cff_charset_load fills it; nil when unknown

	topMatrix fontMatrix   // the Top DICT's FontMatrix as parsed
	fdMatrix  []fontMatrix // each Font DICT's (CID-keyed and CFF2 fonts)

	vstore varStore
	ndv    []int64 // normalized design coordinates (16.16), empty for the default instance
}

// A Private is one Private DICT with its local subroutines: the font's
// own, or one per Font DICT of a CID-keyed or CFF2 font. Values are as
// FreeType's CFF parser stores them (cfftoken.h).
type Private struct {
	subrs         index
	bias          int
	DefaultWidthX int64 // font units (cff_parse_num)
	NominalWidthX int64
	Vsindex       int

	BlueValues, OtherBlues       []int64 // font units
	FamilyBlues, FamilyOtherBlue []int64
	BlueScale                    int64 // 16.16 scaled by 1000 (cff_parse_fixed_scaled(.., 3)), default 0.039625
	BlueShift, BlueFuzz          int64
	StdHW, StdVW                 int64
	StemSnapH, StemSnapV         []int64
	ForceBold                    bool
	LanguageGroup                int64
	ExpansionFactor              int64 // 16.16

	seed uint32 // initialRandomSeed as cff_load_private_dict sanitizes it
	sptr []uint32
}

// Limits on hostile tables.
const (
	// MaxFDs bounds the Font DICTs of a CID-keyed or CFF2 font (FreeType:
	// CFF_MAX_CID_FONTS = 256).
	MaxFDs = 256
	// maxBlueValues is the number of blue values FreeType keeps per array
	// (cfftoken.h: 14 BlueValues, 10 OtherBlues, 14/10 family).
	maxBlueValues = 14
)

// Parse parses a "CFF " (cff2 false) or "CFF2" table. ndv are the
// normalized design coordinates of a CFF2 instance (16.16, one per
// variation-store axis; nil for the default instance): Private DICT
// blends are evaluated for them, as FreeType evaluates them when it loads
// the Private DICT.
func Parse(table []byte, cff2 bool, ndv []int64) (*Font, error) {
	return parseIn(table, 0, cff2, ndv)
}

// parseIn is Parse for the table at offset base of file, running to the
// file's end (cff_font_load reads through the font's stream).
func parseIn(file []byte, base int, cff2 bool, ndv []int64) (*Font, error) {
	table := file[base:]
	f := &Font{data: table, file: file, base: base, name: "CFF ", cff2: cff2, ndv: ndv}
	if cff2 {
		f.name = "CFF2"
	}
	bad := func(off int, format string, args ...any) error {
		return &FormatError{Table: f.name, Offset: off, Msg: fmt.Sprintf(format, args...)}
	}
	if len(table) < 4 {
		return nil, bad(0, "header runs past the end of the table")
	}
	f.major = int(table[0])
	hdrSize := int(table[2])
	if (!cff2 && f.major != 1) || (cff2 && f.major != 2) {
		return nil, bad(0, "major version %d", f.major)
	}
	var topDict []byte
	topOff := 0
	var pos int
	if cff2 {
		if len(table) < 5 {
			return nil, bad(0, "header runs past the end of the table")
		}
		tl := int(u16(table, 3))
		if hdrSize < 5 || hdrSize > len(table) || len(table)-hdrSize < tl {
			return nil, bad(3, "Top DICT runs past the end of the table")
		}
		topDict, topOff = table[hdrSize:hdrSize+tl], hdrSize
		pos = hdrSize + tl
	} else {
		if hdrSize < 4 || hdrSize > len(table) {
			return nil, bad(2, "header size %d", hdrSize)
		}
		// cff_font_load refuses an absolute offset size above 4
		// (Unknown_File_Format); 0 passes, the field is not used
		if o := table[3]; o > 4 {
			return nil, bad(3, "offset size %d", o)
		}
		names, err := parseIndex(table, hdrSize, false, f.name, "Name")
		if err != nil {
			return nil, err
		}
		tops, err := parseIndex(table, names.end, false, f.name, "Top DICT")
		if err != nil {
			return nil, err
		}
		if tops.count < 1 {
			return nil, bad(names.end, "no Top DICT")
		}
		topDict, topOff = tops.at(0), tops.start(0)
		if f.strings, err = parseIndex(table, tops.end, false, f.name, "String"); err != nil {
			return nil, err
		}
		pos = f.strings.end
	}
	var err error
	if f.gsubrs, err = parseIndex(table, pos, cff2, f.name, "Global Subr"); err != nil {
		return nil, err
	}
	f.gbias = subrBias(f.gsubrs.count)
	f.gptr = f.gsubrs.pointers()
	if f.top, err = parseDict(topDict, f.name, topOff, f.dictStack(false), nil); err != nil {
		return nil, err
	}
	topKind := dictTopCFF
	if cff2 {
		topKind = dictTopCFF2
	}
	if err := checkOperands(f.top, topKind, f.name, topOff); err != nil {
		return nil, err
	}
	f.topMatrix = parseFontMatrix(f.top)
	if cff2 {
		if a, ok := find(f.top, dopVstore); ok && len(a) > 0 {
			if f.vstore, err = parseVarStore(table, int(a[0].num()), f.name); err != nil {
				return nil, err
			}
		}
	}
	csArgs, ok := find(f.top, dopCharStrings)
	if !ok || len(csArgs) == 0 {
		return nil, bad(topOff, "Top DICT has no CharStrings")
	}
	if f.charStrings, err = parseIndex(table, int(csArgs[0].num()), cff2, f.name, "CharStrings"); err != nil {
		return nil, err
	}
	if f.charStrings.count == 0 {
		return nil, bad(int(csArgs[0].num()), "CharStrings INDEX is empty")
	}
	_, f.isCID = find(f.top, dopROS)
	if !cff2 {
		if a, ok := find(f.top, dopCharset); ok && len(a) > 0 {
			f.charset = int(a[0].num())
		}
		if err := f.loadCharset(); err != nil {
			return nil, err
		}
		if !f.isCID {
			if err := f.checkEncoding(); err != nil {
				return nil, err
			}
		}
	}
	if cff2 || f.isCID {
		if err := f.parseFDs(); err != nil {
			return nil, err
		}
	} else {
		p, err := f.parsePrivate(f.top, topOff)
		if err != nil {
			return nil, err
		}
		f.fds = []Private{p}
	}
	return f, nil
}

// dictStack is the DICT operand stack size FreeType parses a Top or Font
// DICT (sub false, cff_subfont_load) or a Private DICT (sub true,
// cff_load_private_dict) with.
func (f *Font) dictStack(sub bool) int {
	n := dictStackCFF
	if f.cff2 {
		n = dictStackCFF2
	}
	if sub {
		n++
	}
	return n
}

// NumGlyphs returns the number of charstrings.
func (f *Font) NumGlyphs() int { return f.charStrings.count }

// IsCFF2 reports whether the table is CFF2.
func (f *Font) IsCFF2() bool { return f.cff2 }

// IsCID reports whether the font is CID-keyed (a CFF font with ROS).
func (f *Font) IsCID() bool { return f.isCID }

// Charstring returns glyph gid's charstring as FreeType reads it
// (cff_index_access_element; nil for an empty one).
func (f *Font) Charstring(gid int) []byte { return f.charStrings.element(gid) }

// gsubr returns global subroutine i (biased index) as FreeType reads it.
func (f *Font) gsubr(i int) ([]byte, bool) { return subrAt(&f.gsubrs, f.gptr, i) }

// subr returns local subroutine i (biased index).
func (p *Private) subr(i int) ([]byte, bool) { return subrAt(&p.subrs, p.sptr, i) }

// subrAt reads a subroutine through its pointer table; false when i is
// outside the INDEX (cf2_initLocalRegionBuffer's unsigned check).
func subrAt(ix *index, ptr []uint32, i int) ([]byte, bool) {
	if i < 0 || i >= ix.count {
		return nil, false
	}
	s, e := ix.base+1+int(ptr[i]), ix.base+1+int(ptr[i+1])
	return ix.data[s:e:e], true
}

// FD returns the index of the Font DICT of glyph gid (0 for fonts without
// FDSelect; FreeType's cff_fd_select_get, an out-of-range result read as 0).
func (f *Font) FD(gid int) int {
	fd := f.fdSel.get(gid)
	if fd >= len(f.fds) {
		return 0
	}
	return fd
}

// Private returns the Private DICT used by glyph gid.
func (f *Font) Private(gid int) *Private { return &f.fds[f.FD(gid)] }

// subrBias mirrors cff_compute_bias (charstring type 2).
func subrBias(n int) int {
	switch {
	case n < 1240:
		return 107
	case n < 33900:
		return 1131
	}
	return 32768
}

// parseFDs reads the FDArray and FDSelect of a CID-keyed or CFF2 font.
func (f *Font) parseFDs() error {
	a, ok := find(f.top, dopFDArray)
	if !ok || len(a) == 0 {
		if f.cff2 {
			return &FormatError{Table: f.name, Offset: 0, Msg: "Top DICT has no FDArray"}
		}
		return &FormatError{Table: f.name, Offset: 0, Msg: "CID-keyed font without FDArray"}
	}
	fdOff := int(a[0].num())
	fda, err := parseIndex(f.data, fdOff, f.cff2, f.name, "FDArray")
	if err != nil {
		return err
	}
	if fda.count == 0 || fda.count > MaxFDs {
		return &FormatError{Table: f.name, Offset: fdOff, Msg: fmt.Sprintf("FDArray of %d Font DICTs", fda.count)}
	}
	for i := 0; i < fda.count; i++ {
		d, err := parseDict(fda.at(i), f.name, fda.start(i), f.dictStack(false), nil)
		if err != nil {
			return err
		}
		kind := dictTopCFF
		if f.cff2 {
			kind = dictFontCFF2
		}
		if err := checkOperands(d, kind, f.name, fda.start(i)); err != nil {
			return err
		}
		f.fdMatrix = append(f.fdMatrix, parseFontMatrix(d))
		p, err := f.parsePrivate(d, fda.start(i))
		if err != nil {
			return err
		}
		f.fds = append(f.fds, p)
	}
	if s, ok := find(f.top, dopFDSelect); ok && len(s) > 0 {
		off := int(s[0].num())
		if f.fdSel, err = parseFDSelect(f.data, off, f.charStrings.count, f.name); err != nil {
			return err
		}
	} else if fda.count > 1 {
		return &FormatError{Table: f.name, Offset: 0, Msg: "several Font DICTs without FDSelect"}
	}
	return nil
}

// parsePrivate reads the Private DICT named by a Top or Font DICT, and its
// local subroutines (cff_load_private_dict with cfftoken.h's defaults).
func (f *Font) parsePrivate(d []dictEntry, dictOff int) (Private, error) {
	p := Private{
		BlueScale:       2596864, // (FT_Fixed)(0.039625 * 0x10000L * 1000), cff_load_private_dict's default
		BlueShift:       7,
		BlueFuzz:        1,
		ExpansionFactor: 3932, // (FT_Fixed)(0.06 * 0x10000L)
	}
	a, ok := find(d, dopPrivate)
	if !ok || len(a) < 2 {
		if f.cff2 {
			return p, &FormatError{Table: f.name, Offset: dictOff, Msg: "Font DICT has no Private DICT"}
		}
		p.subrs = index{}
		p.bias = subrBias(0)
		return p, nil
	}
	size, off := a[0].num(), a[1].num()
	if size < 0 || off < 0 || off > int64(len(f.data)) || int64(len(f.data))-off < size {
		return p, &FormatError{Table: f.name, Offset: dictOff, Msg: "Private DICT runs past the end of the table"}
	}
	pd := f.data[off : off+size]
	var blend func([]dictEntry, []operand) ([]operand, error)
	if f.cff2 {
		blend = func(seen []dictEntry, st []operand) ([]operand, error) {
			vsindex := 0
			if a, ok := find(seen, dopVsindex); ok && len(a) > 0 {
				vsindex = int(a[0].num())
			}
			return f.dictBlend(vsindex, st)
		}
	}
	var seed int64
	ents, err := parseDict(pd, f.name, int(off), f.dictStack(true), blend)
	if err != nil {
		return p, err
	}
	kind := dictPrivCFF
	if f.cff2 {
		kind = dictPrivCFF2
	}
	if err := checkOperands(ents, kind, f.name, int(off)); err != nil {
		return p, err
	}
	for _, e := range ents {
		if len(e.args) == 0 {
			continue
		}
		last := e.args[0] // FreeType converts the bottom operand (cff_parser_run)
		switch e.op {
		case dopSubrs:
			so := off + last.num()
			if so < 0 || so > int64(len(f.data)) {
				return p, &FormatError{Table: f.name, Offset: int(off), Msg: "Subrs offset past the end of the table"}
			}
			if p.subrs, err = parseIndex(f.data, int(so), f.cff2, f.name, "Subrs"); err != nil {
				return p, err
			}
		case dopDefaultWidthX:
			p.DefaultWidthX = last.num()
		case dopNominalWidthX:
			p.NominalWidthX = last.num()
		case dopVsindex:
			p.Vsindex = int(last.num())
		case dopBlueValues:
			p.BlueValues = deltaArray(e.args, maxBlueValues)
		case dopOtherBlues:
			p.OtherBlues = deltaArray(e.args, 10)
		case dopFamilyBlues:
			p.FamilyBlues = deltaArray(e.args, maxBlueValues)
		case dopFamilyOther:
			p.FamilyOtherBlue = deltaArray(e.args, 10)
		case dopBlueScale:
			p.BlueScale = last.fixedScaled(3)
		case dopBlueShift:
			p.BlueShift = last.num()
		case dopBlueFuzz:
			p.BlueFuzz = last.num()
		case dopStdHW:
			p.StdHW = last.num()
		case dopStdVW:
			p.StdVW = last.num()
		case dopStemSnapH:
			p.StemSnapH = deltaArray(e.args, 13)
		case dopStemSnapV:
			p.StemSnapV = deltaArray(e.args, 13)
		case dopForceBold:
			p.ForceBold = last.num() != 0
		case dopLanguageGroup:
			p.LanguageGroup = last.num()
		case dopExpansion:
			p.ExpansionFactor = last.fixed16()
		case dopInitialRandomSeed:
			seed = last.num()
		}
	}
	if p.BlueShift > 1000 || p.BlueShift < 0 { // cff_load_private_dict's sanitizing
		p.BlueShift = 7
	}
	if p.BlueFuzz > 1000 || p.BlueFuzz < 0 {
		p.BlueFuzz = 1
	}
	if len(p.BlueValues)%2 != 0 { // num_blue_values &= ~1
		p.BlueValues = p.BlueValues[:len(p.BlueValues)-1]
	}
	p.bias = subrBias(p.subrs.count)
	p.sptr = p.subrs.pointers()
	if seed < 0 {
		seed = -seed
	} else if seed == 0 {
		seed = 987654321
	}
	p.seed = uint32(seed)
	return p, nil
}

// deltaArray mirrors cff_parse's CFF_FIELD_DELTA: the running sum of the
// operands, at most max of them.
func deltaArray(args []operand, max int) []int64 {
	n := len(args)
	if n > max {
		n = max
	}
	out := make([]int64, n)
	var v int64
	for i := 0; i < n; i++ {
		v += args[i].num()
		out[i] = v
	}
	return out
}

// A fontMatrix is a DICT's FontMatrix as cff_parse_font_matrix leaves it:
// the matrix (xx, yx, xy, yy) and offset in 16.16 at the units per em the
// largest element's decimal exponent gives; the identity with upm 0 when
// the DICT has none (cff_subfont_load's defaults).
type fontMatrix struct {
	m   [4]int64
	off [2]int64
	upm int64
	has bool
}

// parseFontMatrix mirrors cff_parse_font_matrix on a DICT's entries.
func parseFontMatrix(d []dictEntry) fontMatrix {
	fm := fontMatrix{m: [4]int64{0x10000, 0, 0, 0x10000}}
	a, ok := find(d, dopFontMatrix)
	if !ok || len(a) < 6 {
		return fm
	}
	a = a[:6] // the bottom six (cff_parse_font_matrix)
	var vals, scal [6]int64
	minS, maxS := int64(1<<62), int64(-1<<62)
	for i := range a {
		if a[i].raw[0] == 30 {
			vals[i], scal[i] = parseRealScaling(a[i].raw, 0, true)
		} else {
			vals[i], scal[i] = fixedDynamicInt(a[i].integer())
		}
		if vals[i] != 0 {
			if scal[i] > maxS {
				maxS = scal[i]
			}
			if scal[i] < minS {
				minS = scal[i]
			}
		}
	}
	fm.has = true
	if maxS < -9 || maxS > 0 || maxS-minS < 0 || maxS-minS > 9 {
		fm.upm = 1 // unlikely values: the default matrix
		return fm
	}
	for i := range vals {
		v := vals[i]
		if v == 0 {
			continue
		}
		d := powerTens[maxS-scal[i]]
		if v < 0 {
			vals[i] = (v - d>>1) / d
		} else {
			vals[i] = (v + d>>1) / d
		}
	}
	m := [4]int64{vals[0], vals[1], vals[2], vals[3]}
	if !matrixCheck(m) { // degenerate: the default matrix
		fm.upm = 1
		return fm
	}
	fm.m, fm.off, fm.upm = m, [2]int64{vals[4], vals[5]}, powerTens[-maxS]
	return fm
}

// Limits of FT_Matrix_Check: the largest coefficient the determinant
// is computed with unscaled (int(sqrt(2^31/4))), and the largest ratio
// of the sum of squares to the determinant a usable matrix has.
const (
	matrixCheckMax   = 23170
	matrixCheckRatio = 50
)

// matrixCheck mirrors FT_Matrix_Check (FreeType 2.12.1, 64-bit FT_Fixed):
// m is xx, yx, xy, yy; coefficients are scaled down with FT_DivFix when
// one exceeds 23170 (refused when any coefficient does not fit 32 bits
// or a nonzero one scales to 0), and the matrix is usable when its
// determinant is nonzero and the sum of the squares is at most 50 times
// the determinant's absolute value (integer division).
func matrixCheck(m [4]int64) bool {
	xx, yx, xy, yy := m[0], m[1], m[2], m[3]
	maxVal, minNonzero := int64(0), int64(math.MaxInt64)
	for _, v := range [4]int64{abs64(xx), abs64(xy), abs64(yx), abs64(yy)} {
		maxVal = max(maxVal, v)
		if v != 0 && v < minNonzero {
			minNonzero = v
		}
	}
	if maxVal > 0x7FFFFFFF {
		return false
	}
	if maxVal > matrixCheckMax {
		scale := ftmath.DivFix(maxVal, matrixCheckMax)
		if ftmath.DivFix(minNonzero, scale) == 0 {
			return false
		}
		xx, xy = ftmath.DivFix(xx, scale), ftmath.DivFix(xy, scale)
		yx, yy = ftmath.DivFix(yx, scale), ftmath.DivFix(yy, scale)
	}
	det := abs64(xx*yy - xy*yx)
	sum := xx*xx + xy*xy + yx*yx + yy*yy
	return det != 0 && sum/det <= matrixCheckRatio
}

// normalize is cff_face_init's normalization: the matrix divided so that
// yy (or yx when yy is 0) is 1, the units per em and offset with it; the
// offset then in integer font units.
func (fm *fontMatrix) normalize() {
	temp := abs64(fm.m[3])
	if fm.m[3] == 0 {
		temp = abs64(fm.m[1])
	}
	if temp != 0x10000 {
		fm.upm = ftmath.DivFix(fm.upm, temp)
		for i := range fm.m {
			fm.m[i] = ftmath.DivFix(fm.m[i], temp)
		}
		fm.off[0] = ftmath.DivFix(fm.off[0], temp)
		fm.off[1] = ftmath.DivFix(fm.off[1], temp)
	}
	fm.off[0] >>= 16
	fm.off[1] >>= 16
}

// matrices returns the font matrices cff_face_init derives for a face of
// upem units per em (head's): the Top DICT's, and for fonts with Font
// DICTs each Font DICT's, concatenated with the Top DICT's
// (FT_Matrix_Multiply_Scaled) or copied from it.
func (f *Font) matrices(upem int64) (top fontMatrix, subs []fontMatrix) {
	top = f.topMatrix
	if !top.has {
		top.upm = upem
	}
	top.normalize()
	if !f.cff2 && !f.isCID {
		return top, nil
	}
	subs = make([]fontMatrix, len(f.fds))
	for i := range subs {
		var sub fontMatrix
		if i < len(f.fdMatrix) {
			sub = f.fdMatrix[i]
		}
		if sub.has {
			if top.has {
				scaling := int64(1)
				if top.upm > 1 && sub.upm > 1 {
					scaling = min(top.upm, sub.upm)
				}
				val := 0x10000 * scaling
				a, b := top.m, sub.m // xx, yx, xy, yy
				sub.m = [4]int64{
					ftmath.MulDiv(a[0], b[0], val) + ftmath.MulDiv(a[2], b[1], val),
					ftmath.MulDiv(a[1], b[0], val) + ftmath.MulDiv(a[3], b[1], val),
					ftmath.MulDiv(a[0], b[2], val) + ftmath.MulDiv(a[2], b[3], val),
					ftmath.MulDiv(a[1], b[2], val) + ftmath.MulDiv(a[3], b[3], val),
				}
				x, y := sub.off[0], sub.off[1]
				sub.off = [2]int64{
					ftmath.MulDiv(x, a[0], val) + ftmath.MulDiv(y, a[2], val),
					ftmath.MulDiv(x, a[1], val) + ftmath.MulDiv(y, a[3], val),
				}
				sub.upm = ftmath.MulDiv(sub.upm, top.upm, scaling)
			}
		} else {
			sub.m, sub.off, sub.upm = top.m, top.off, top.upm
		}
		sub.normalize()
		subs[i] = sub
	}
	return top, subs
}

// fixedDynamicInt is cff_parse_fixed_dynamic for an integer operand.
func fixedDynamicInt(number int64) (int64, int64) {
	if number <= 0x7FFF {
		return int64(int32(uint32(number) << 16)), 0
	}
	l := 5
	for ; l < 10; l++ {
		if number < powerTens[l] {
			break
		}
	}
	if number/powerTens[l-5] > 0x7FFF {
		return ftmath.DivFix(number, powerTens[l-4]), int64(l - 4)
	}
	return ftmath.DivFix(number, powerTens[l-5]), int64(l - 5)
}

// GlyphName returns glyph gid's name as ttx names it: from the charset
// and the strings (CFF), "cidNNNNN" for CID-keyed fonts, or "" when the
// font has no names (CFF2).
func (f *Font) GlyphName(gid int) string {
	if gid < 0 || gid >= len(f.sids) {
		return ""
	}
	if f.isCID {
		return fmt.Sprintf("cid%05d", f.sids[gid])
	}
	return f.stringOf(int(f.sids[gid]))
}

// stringOf returns string sid: a standard string or one of the String
// INDEX.
func (f *Font) stringOf(sid int) string {
	if sid < len(standardStrings) {
		return standardStrings[sid]
	}
	return string(f.strings.at(sid - len(standardStrings)))
}

// loadCharset mirrors cff_charset_load: formats 0, 1 and 2, and the
// predefined charsets ISOAdobe (offset 0; at most 229 glyphs), Expert
// (offset 1; at most 166) and ExpertSubset (offset 2; at most 87); a
// font with more glyphs than its predefined charset is refused
// (Invalid_File_Format). The SIDs name the glyphs and find seac's
// accents (cff_lookup_glyph_by_stdcharcode) whatever the charset.
func (f *Font) loadCharset() error {
	n := f.charStrings.count
	bad := func(msg string) error {
		return &FormatError{Table: f.name, Offset: f.charset, Msg: "charset: " + msg}
	}
	switch f.charset {
	case 0:
		if n > isoAdobeGlyphs {
			return bad(fmt.Sprintf("implicit ISOAdobe charset for more than %d glyphs", isoAdobeGlyphs))
		}
		f.sids = make([]uint16, n)
		for i := range f.sids {
			f.sids[i] = uint16(i)
		}
		return nil
	case 1, 2:
		pre, name := expertCharset[:], "Expert"
		if f.charset == 2 {
			pre, name = expertSubsetCharset[:], "ExpertSubset"
		}
		if n > len(pre) {
			return bad(fmt.Sprintf("implicit %s charset for more than %d glyphs", name, len(pre)))
		}
		f.sids = append([]uint16(nil), pre[:n]...)
		return nil
	}
	// base_offset + offset as FT_ULong: a negative offset reads before
	// the table, or wraps past the end of the file
	d, p := f.file, f.base+f.charset
	if p < 0 || p >= len(d) {
		return bad("offset past the end of the file")
	}
	format := d[p]
	p++
	sids := make([]uint16, n)
	switch format {
	case 0:
		if n > 0 && (len(d)-p)/2 < n-1 {
			return bad("runs past the end of the table")
		}
		for j := 1; j < n; j++ {
			sids[j] = u16(d, p+2*(j-1))
		}
	case 1, 2:
		w := 3
		if format == 2 {
			w = 4
		}
		for j := 1; j < n; {
			if p+w > len(d) {
				return bad("ranges run past the end of the table")
			}
			sid := int(u16(d, p))
			nLeft := int(d[p+2])
			if format == 2 {
				nLeft = int(u16(d, p+2))
			}
			p += w
			if sid > 0xFFFF-nLeft {
				nLeft = 0xFFFF - sid
			}
			for i := 0; j < n && i <= nLeft; i, j, sid = i+1, j+1, sid+1 {
				sids[j] = uint16(sid)
			}
		}
	default:
		return bad(fmt.Sprintf("unknown format %d", format))
	}
	f.sids = sids
	return nil
}

// glyphByStdCode mirrors cff_lookup_glyph_by_stdcharcode: the first glyph
// whose SID is the standard encoding's for code, or -1.
func (f *Font) glyphByStdCode(code int) int {
	if f.sids == nil || code < 0 || code > 255 {
		return -1
	}
	sid := standardEncoding[code]
	for g, s := range f.sids {
		if s == sid {
			return g
		}
	}
	return -1
}

// fdSelect is a parsed FDSelect (formats 0 and 3, as FreeType 2.12.1).
type fdSelect struct {
	data   []byte
	format int
	pos    int // first byte after the format
	n      int // number of ranges (3, 4)
	glyphs int
}

// parseFDSelect checks an FDSelect structure (CFF_Load_FD_Select).
func parseFDSelect(d []byte, off, nGlyphs int, table string) (fdSelect, error) {
	bad := func(msg string) (fdSelect, error) {
		return fdSelect{}, &FormatError{Table: table, Offset: off, Msg: "FDSelect: " + msg}
	}
	if off < 0 || off >= len(d) {
		return bad("offset past the end of the table")
	}
	s := fdSelect{data: d, format: int(d[off]), pos: off + 1, glyphs: nGlyphs}
	switch s.format {
	case 0:
		if len(d)-s.pos < nGlyphs {
			return bad("runs past the end of the table")
		}
	case 3:
		if len(d)-s.pos < 2 {
			return bad("runs past the end of the table")
		}
		s.n = int(u16(d, s.pos))
		s.pos += 2
		if s.n == 0 {
			return bad("no ranges")
		}
		if (len(d)-s.pos-2)/3 < s.n || len(d)-s.pos < 3*s.n+2 {
			return bad("ranges run past the end of the table")
		}
	default:
		// FreeType 2.12.1 knows formats 0 and 3 only (CFF2's format 4
		// fails the face with Invalid_File_Format)
		return bad(fmt.Sprintf("unknown format %d", s.format))
	}
	return s, nil
}

// get mirrors cff_fd_select_get: the Font DICT of glyph gid (0 when no
// range holds it).
func (s *fdSelect) get(gid int) int {
	d := s.data
	switch s.format {
	case 0:
		if gid < s.glyphs {
			return int(d[s.pos+gid])
		}
	case 3:
		p := s.pos
		first := int(u16(d, p))
		for i := 0; i < s.n; i++ {
			fd := int(d[p+2])
			limit := int(u16(d, p+3))
			if first > gid {
				break
			}
			if gid < limit {
				return fd
			}
			first = limit
			p += 3
		}
	}
	return 0
}
