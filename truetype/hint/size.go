package hint

import (
	"errors"
	"fmt"

	"fontvm/internal/ftmath"
	"fontvm/sfnt"
	"fontvm/size"
)

// The TrueType size model: what FreeType 2.12.1's TrueType driver makes
// of a size request (tt_size_request: FT_Request_Metrics, then
// tt_size_reset and the point size for MPS).

// sizeModel is one request's outcome: the public size metrics
// (FT_Request_Metrics, face->size->metrics), the hinted ones
// (tt_size_reset's size->hinted_metrics, which hinted loads use), and
// the interpreter's tt_metrics.
type sizeModel struct {
	root, hinted size.Metrics
	// tt_metrics: the larger ppem, its axis's scale, and the ratios of
	// the axes to it (16.16, the larger one 1.0)
	ppem, scale    int64
	xRatio, yRatio int64
	pointSize      int64 // size->point_size, for MPS (26.6 points)
}

// newSizeModel is tt_size_request for a scalable face: FT_Request_Metrics
// (size.Request.Metrics and ScaleFaceMetrics with the face's ascender,
// descender, height and maximum advance as sfnt_load_face sets them),
// then tt_size_reset: a ppem below 1 fails with Invalid_PPem; fonts
// whose head.flags bit 3 asks for integer ppem get scales from the
// rounded ppem (ppem × 64 / upem) and their ascender, descender and
// height rounded to the nearest pixel (FT_PIX_ROUND, as the TrueType
// specification asks) and maximum advance recomputed. tt_metrics take
// the axis with the larger ppem (x on a tie); the point size for MPS is
// that ppem in points at that axis's resolution (72 dpi when 0).
func (f *Font) newSizeModel(req size.Request) (sizeModel, error) {
	var sm sizeModel
	m, err := req.Metrics(int(f.upem))
	if err != nil {
		code := "Invalid_Argument"
		if errors.Is(err, size.ErrPixelSize) {
			code = "Invalid_Pixel_Size"
		}
		return sm, &Error{Code: code, Glyph: -1, Detail: err.Error(), kind: ErrArgument}
	}
	fv := &f.sizeFace
	m.ScaleFaceMetrics(fv.ascender, fv.descender, fv.height, fv.maxAdvance)
	if m.XPPEM < 1 || m.YPPEM < 1 {
		return sm, &Error{Code: "Invalid_PPem", Glyph: -1, Detail: fmt.Sprintf("size %v: ppem %dx%d", req, m.XPPEM, m.YPPEM), kind: ErrArgument}
	}
	sm.root = m
	h := m
	if f.headFlags&sfnt.HeadFlagIntegerPPEM != 0 {
		h.Ascender = pixRound(ftmath.MulFix(int64(fv.ascender), h.YScale))
		h.Descender = pixRound(ftmath.MulFix(int64(fv.descender), h.YScale))
		h.Height = pixRound(ftmath.MulFix(int64(fv.height), h.YScale))
		h.XScale = divFix(int64(h.XPPEM)<<6, f.upem)
		h.YScale = divFix(int64(h.YPPEM)<<6, f.upem)
		h.MaxAdvance = pixRound(ftmath.MulFix(int64(fv.maxAdvance), h.XScale))
	}
	sm.hinted = h
	res := req.VRes
	if h.XPPEM >= h.YPPEM {
		sm.scale, sm.ppem = h.XScale, int64(h.XPPEM)
		sm.xRatio, sm.yRatio = 0x10000, divFix(int64(h.YPPEM), int64(h.XPPEM))
	} else {
		sm.scale, sm.ppem = h.YScale, int64(h.YPPEM)
		sm.xRatio, sm.yRatio = divFix(int64(h.XPPEM), int64(h.YPPEM)), 0x10000
	}
	if h.XPPEM > h.YPPEM {
		res = req.HRes
	}
	if res == 0 {
		res = 72
	}
	sm.pointSize = mulDiv(sm.ppem, 64*72, int64(res))
	return sm, nil
}

// sizeFace holds FT_FaceRec's ascender, descender, height and
// max_advance_width as sfnt_load_face sets them for a TrueType font:
// OS/2's typographic values when its fsSelection sets USE_TYPO_METRICS
// (bit 7), else hhea's, else (both hhea values 0) OS/2's typographic
// values if not both 0, else its Windows ones; the height is ascender -
// descender + line gap (as an FT_Short), the maximum advance hhea's.
type sizeFace struct {
	ascender, descender, height, maxAdvance int
}

// newSizeFace reads the font's sizeFace (see there).
func newSizeFace(f *sfnt.Font) sizeFace {
	var sf sizeFace
	h, err := f.Hhea()
	if err != nil {
		return sf
	}
	os2 := f.Table(sfnt.MakeTag("OS/2"))
	if len(os2) < 78 || (uint16(os2[0])<<8|uint16(os2[1])) == 0xFFFF {
		os2 = nil
	}
	i16 := func(off int) int { return int(int16(uint16(os2[off])<<8 | uint16(os2[off+1]))) }
	u16 := func(off int) int { return int(uint16(os2[off])<<8 | uint16(os2[off+1])) }
	asc, desc, gap := int(h.Ascender), int(h.Descender), int(h.LineGap)
	switch {
	case os2 != nil && u16(62)&128 != 0:
		asc, desc, gap = i16(68), i16(70), i16(72)
	case asc == 0 && desc == 0 && os2 != nil:
		if i16(68) != 0 || i16(70) != 0 {
			asc, desc, gap = i16(68), i16(70), i16(72)
		} else {
			asc, desc, gap = int(int16(u16(74))), -int(int16(u16(76))), 0
		}
	}
	sf.ascender, sf.descender = int(int16(asc)), int(int16(desc))
	sf.height = int(int16(asc - desc + gap))
	sf.maxAdvance = int(int16(h.AdvanceWidthMax))
	return sf
}

// Request returns the size request the instance was made for.
func (in *Instance) Request() size.Request { return in.req }

// SizeMetrics returns FreeType's size metrics for the instance's mode:
// for ModeNone the public face->size->metrics FT_Request_Metrics sets
// (fractional scales; ascender rounded up, descender down, height and
// maximum advance to the nearest pixel), for the hinted modes
// tt_size_reset's hinted metrics, which differ for fonts that ask for
// integer ppem (head.flags bit 3): scales from the rounded ppem, and
// ascender, descender and height rounded to the nearest pixel.
func (in *Instance) SizeMetrics() size.Metrics {
	if in.opts.Mode == ModeNone {
		return in.sm.root
	}
	return in.sm.hinted
}

// PublicSizeMetrics returns FreeType's public face->size->metrics for
// the instance's request (FT_Request_Metrics' values, whatever the
// mode): what FreeType reports to clients as the size's ascender,
// descender, height and maximum advance.
func (in *Instance) PublicSizeMetrics() size.Metrics { return in.sm.root }
