package cff

// Pure CFF faces: an OpenType font without a usable head table, which
// FreeType's cff_face_init opens without sfnt->load_face (see
// sfnt.Font.PureCFF). Its face metrics come from the Top DICT.

// dopFontBBox is the Top DICT's FontBBox operator.
const dopFontBBox = 5

// fontBBox returns the Top DICT's FontBBox as cff_face_init turns it into
// the face's bbox: each value parsed as 16.16 and rounded (FT_RoundFix,
// cff_parse_font_bbox), the minima floored to integers and the maxima
// rounded up. A DICT without one gives zeros (the dictionary default).
func (f *Font) fontBBox() (xMin, yMin, xMax, yMax int64) {
	a, ok := find(f.top, dopFontBBox)
	if !ok || len(a) < 4 {
		return 0, 0, 0, 0
	}
	var v [4]int64
	for i := range v {
		x := a[i].fixed16()
		neg := int64(0)
		if x < 0 {
			neg = 1
		}
		v[i] = (x + 0x8000 - neg) &^ 0xFFFF // FT_RoundFix
	}
	return v[0] >> 16, v[1] >> 16, (v[2] + 0xFFFF) >> 16, (v[3] + 0xFFFF) >> 16
}

// PureCFFMetrics returns a pure CFF face's ascender, descender, height
// and maximum advance width in font units as cff_face_init sets them:
// the FontBBox's yMax and yMin, a height of 1.2 em or the bbox's height
// if larger, and no maximum advance (left zero). ok is false for other
// faces, whose metrics are sfnt_load_face's (hhea, OS/2).
func (fc *Face) PureCFFMetrics() (ascender, descender, height, maxAdvance int, ok bool) {
	if !fc.sf.PureCFF() {
		return 0, 0, 0, 0, false
	}
	_, yMin, _, yMax := fc.f.fontBBox()
	asc, desc := int(int16(yMax)), int(int16(yMin))
	h := int(int16(fc.upem * 12 / 10))
	if h < asc-desc {
		h = int(int16(asc - desc))
	}
	return asc, desc, h, 0, true
}
