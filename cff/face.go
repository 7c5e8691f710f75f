package cff

import (
	"fmt"
	"strconv"

	"fontvm/sfnt"
	"fontvm/size"
)

// A Face is a CFF-flavoured OpenType font at one variation instance: its
// CFF or CFF2 table parsed for the instance's normalized coordinates, and
// the horizontal metrics (hmtx, with HVAR deltas at an instance) that
// FreeType's cff_slot_load takes the advance from.
type Face struct {
	sf     *sfnt.Font
	f      *Font
	coords []int32 // normalized (16.16); nil for the default instance
	hvar   *sfnt.MetricsVar
	upem   int  // root->units_per_EM: head's, or the CFF's for pure CFF
	width  bool // advances are the charstrings' widths (no hmtx metrics)
}

// NewFace opens the CFF or CFF2 outlines of sf. tags and values give a
// variation instance in design units (FT_Set_Var_Design_Coordinates; axes
// not named stay at their defaults); with none, the face is the default
// instance without a variation call, as FreeType's.
func NewFace(sf *sfnt.Font, tags []sfnt.Tag, values []float64) (*Face, error) {
	if !sf.IsCFF() {
		return nil, fmt.Errorf("%w: not a CFF-flavoured font", ErrUnsupported)
	}
	t, cff2 := sf.CFFTable()
	if t == nil {
		return nil, fmt.Errorf("%w: no CFF or CFF2 table", ErrMalformed)
	}
	// FreeType reads the table through the font's stream from the table's
	// offset on (cff_font_load seeks base_offset + offset): structures
	// may run past the directory's length, up to the end of the file
	tag := sfnt.TagCFF
	if cff2 {
		tag = sfnt.TagCFF2
	}
	base := -1
	for _, r := range sf.Tables() {
		if r.Tag == tag {
			base = int(r.Offset)
			break
		}
	}
	fc := &Face{sf: sf}
	var ndv []int64
	if len(tags) > 0 {
		v, err := sf.Variations()
		if err != nil {
			return nil, err
		}
		design, err := v.ParseDesign(tags, values)
		if err != nil {
			return nil, err
		}
		if fc.coords, err = v.Normalize(nil, design); err != nil {
			return nil, err
		}
		ndv = make([]int64, len(fc.coords))
		for i, c := range fc.coords {
			ndv[i] = int64(c)
		}
		if h, err := sf.MetricsVar(sfnt.TagHVAR, len(fc.coords)); err == nil {
			fc.hvar = h
		}
	}
	var f *Font
	var err error
	if base >= 0 {
		f, err = parseIn(sf.Data(), base, cff2, ndv)
	} else {
		f, err = Parse(t, cff2, ndv)
	}
	if err != nil {
		return nil, err
	}
	fc.f = f
	fc.upem = int(sf.Head().UnitsPerEm)
	if sf.PureCFF() {
		// cff_face_init, pure CFF: units_per_EM is the Top DICT's
		// (1000 without a FontMatrix) after the matrix normalization,
		// truncated to FT_UShort
		top, _ := f.matrices(1000)
		fc.upem = int(uint16(top.upm))
	}
	// cff_slot_load takes the advance from hmtx only when
	// face->horizontal.number_Of_HMetrics is not zero; otherwise (pure
	// CFF: hhea not loaded) from the decoder's glyph width
	h, err := sf.Hhea()
	fc.width = err != nil || h.NumberOfHMetrics == 0
	return fc, nil
}

// Font returns the parsed outline table.
func (fc *Face) Font() *Font { return fc.f }

// SFNT returns the OpenType font.
func (fc *Face) SFNT() *sfnt.Font { return fc.sf }

// NormalizedCoords returns the face's normalized variation coordinates
// (16.16, as FreeType keeps them), nil for the default instance.
func (fc *Face) NormalizedCoords() []int32 { return fc.coords }

// NumGlyphs returns the face's glyph count: the number of charstrings
// (cff_face_init sets num_glyphs from the CFF table, not from maxp).
func (fc *Face) NumGlyphs() int { return fc.f.NumGlyphs() }

// UnitsPerEm returns the face's units per em (FreeType's
// root->units_per_EM): head.unitsPerEm, or for a pure CFF font (see
// sfnt.Font.PureCFF) the Top DICT's FontMatrix scale as cff_face_init
// derives it (1000 without a FontMatrix).
func (fc *Face) UnitsPerEm() int { return fc.upem }

// PureCFF reports whether the face is opened as a pure CFF font (an
// OpenType font without a usable head table; see sfnt.Font.PureCFF).
func (fc *Face) PureCFF() bool { return fc.sf.PureCFF() }

// CharstringAdvances reports whether glyph advances are the
// charstrings' widths rather than hmtx's: FreeType's cff_slot_load uses
// the decoder's glyph width when the face has no horizontal metrics
// (number_Of_HMetrics zero, as in a pure CFF font).
func (fc *Face) CharstringAdvances() bool { return fc.width }

// NewLoader returns a Loader for the face.
func (fc *Face) NewLoader() *Loader {
	l := NewLoader(fc.f, fc.UnitsPerEm())
	l.useWidth = fc.width
	return l
}

// Scale returns the scales of a size request (FT_Request_Metrics; the CFF
// driver's cff_size_request uses them as they are).
func (fc *Face) Scale(req size.Request) (Scale, error) {
	m, err := req.Metrics(fc.UnitsPerEm())
	if err != nil {
		return Scale{}, err
	}
	return Scale{X: m.XScale, Y: m.YScale}, nil
}

// Advance returns glyph gid's advance in font units: hmtx's, plus the
// HVAR delta at an instance, the sum truncated to 16 bits
// (tt_face_get_metrics). For faces whose advances are the charstrings'
// widths (CharstringAdvances), Load ignores it and takes the width.
func (fc *Face) Advance(gid int) int {
	var adv uint16
	if gid < fc.sf.NumGlyphs() {
		adv, _, _ = fc.sf.HMetric(uint16(gid))
	} else if h, err := fc.sf.Hhea(); err == nil && h.NumberOfHMetrics > 0 {
		// beyond maxp's count (the CFF table has more glyphs):
		// tt_face_get_metrics reads hmtx all the same, the last long
		// metric's advance
		t := fc.sf.Table(sfnt.TagHmtx)
		k := int(h.NumberOfHMetrics)
		p := 4 * (k - 1)
		if gid < k {
			p = 4 * gid
		}
		if p+2 <= len(t) {
			adv = uint16(t[p])<<8 | uint16(t[p+1])
		}
	}
	if fc.hvar != nil {
		if d, ok := fc.hvar.AdvanceDelta(gid, fc.coords); ok {
			return int(uint16(int(adv) + d))
		}
	}
	return int(adv)
}

// Load loads glyph gid with l (a Loader of this face) at scale sc, hinted
// or not, as FT_Load_Glyph with FT_LOAD_NO_BITMAP (and FT_LOAD_NO_HINTING
// when unhinted) does. A gid at or beyond the charstring count is
// ErrGlyphIndex (FreeType's Invalid_Argument).
func (fc *Face) Load(l *Loader, gid int, sc Scale, hinted bool, out *Outline) error {
	if gid < 0 || gid >= fc.NumGlyphs() {
		return ErrGlyphIndex
	}
	return l.Load(gid, sc, hinted, fc.Advance(gid), out)
}

// AppendFTPoints appends the line ftpoints2 prints for a loaded glyph:
// "gid G adv A n N c C pts x,y ... ends e ...".
func (o *Outline) AppendFTPoints(b []byte, gid int) []byte {
	b = append(b, "gid "...)
	b = strconv.AppendInt(b, int64(gid), 10)
	b = append(b, " adv "...)
	b = strconv.AppendInt(b, o.Advance, 10)
	b = append(b, " n "...)
	b = strconv.AppendInt(b, int64(len(o.Points)), 10)
	b = append(b, " c "...)
	b = strconv.AppendInt(b, int64(len(o.Ends)), 10)
	b = append(b, " pts"...)
	for _, p := range o.Points {
		b = append(b, ' ')
		b = strconv.AppendInt(b, p.X, 10)
		b = append(b, ',')
		b = strconv.AppendInt(b, p.Y, 10)
	}
	b = append(b, " ends"...)
	for _, e := range o.Ends {
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(e), 10)
	}
	return append(b, '\n')
}

// FreeTypeError returns the error code FT_Load_Glyph returns for a Load
// error: Invalid_Outline (20), Invalid_Argument (6) for a glyph index out
// of range, Glyph_Too_Big (0xA4) and Invalid_Size_Handle (0x24) from
// cf2_checkTransform, else Invalid_File_Format (3), which
// cf2_decoder_parse_charstrings returns for every charstring error.
func FreeTypeError(err error) int {
	switch e := err.(type) {
	case *CharstringError:
		switch e.FreeType {
		case "Invalid_Outline":
			return 20
		case "Glyph_Too_Big":
			return 0xA4
		case "Invalid_Size_Handle":
			return 0x24
		}
	}
	if err == ErrGlyphIndex {
		return 6
	}
	return 3
}
