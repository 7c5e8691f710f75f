package hint

import (
	"fontvm/internal/ftmath"
	"fontvm/sfnt"
)

// The MVAR line metrics of a variation instance (tt_apply_mvar).

// MVAR tags whose deltas tt_apply_mvar adds to the face's line metrics
// (besides storing them in OS/2's typographic values).
var (
	mvarHasc = sfnt.MakeTag("hasc")
	mvarHdsc = sfnt.MakeTag("hdsc")
	mvarHlgp = sfnt.MakeTag("hlgp")
)

// varied returns the face values after tt_apply_mvar's "adjust all
// derived values" step: the hasc, hdsc and hlgp deltas (sfnt's MVAR.Vary:
// each truncated to an FT_Short; 0 without a record, the last record's
// with several) added to whatever sfnt_load_face chose as ascender,
// descender and line gap (the line gap being height - ascender +
// descender as an FT_Short), every result an FT_Short. The maximum
// advance does not vary.
func (sf sizeFace) varied(m *sfnt.MVAR, coords []int32) sizeFace {
	gap := int16(sf.height - sf.ascender + sf.descender)
	v := sf
	v.ascender = int(m.Vary(mvarHasc, coords, int16(sf.ascender)))
	v.descender = int(m.Vary(mvarHdsc, coords, int16(sf.descender)))
	v.height = int(m.Vary(mvarHlgp, coords, int16(v.ascender-v.descender)+gap))
	return v
}

// applyMVARSize recomputes the instance's size metrics from the face
// values fv that tt_apply_mvar leaves when the variation is set before
// the size: FT_Request_Metrics' public ascender (rounded up), descender
// (down) and height (nearest) at the public y scale, and tt_size_reset's
// hinted ones (each rounded to the nearest pixel at the rounded-ppem y
// scale) for fonts asking for integer ppem. Scales and maximum advance
// do not depend on them.
func (in *Instance) applyMVARSize(fv sizeFace) {
	r := &in.sm.root
	r.ScaleFaceMetrics(fv.ascender, fv.descender, fv.height, fv.maxAdvance)
	h := &in.sm.hinted
	if in.font.headFlags&sfnt.HeadFlagIntegerPPEM != 0 {
		h.Ascender = pixRound(ftmath.MulFix(int64(fv.ascender), h.YScale))
		h.Descender = pixRound(ftmath.MulFix(int64(fv.descender), h.YScale))
		h.Height = pixRound(ftmath.MulFix(int64(fv.height), h.YScale))
	} else {
		h.Ascender, h.Descender, h.Height = r.Ascender, r.Descender, r.Height
	}
}

// ApplyMVAR moves the instance's size metrics by the font's MVAR hasc,
// hdsc and hlgp deltas at the normalized coordinates coords (16.16), as
// FreeType's cff_metrics_adjust (tt_apply_mvar through the TrueType
// driver's metrics variations service) moves a CFF2 face's line metrics
// when its variation is set, before the size. It is for an instance
// made without Options.Design of a font whose outlines another package
// loads (a CFF2 font: tt_size_reset leaves CFF2 sizes alone, so only the
// public size metrics matter); an instance with a variation has its
// deltas already. Without coords, without MVAR, or for a font FreeType
// does not treat as variable it does nothing.
func (in *Instance) ApplyMVAR(coords []int32) {
	vf := in.font.vf
	if vf == nil || vf.mvar == nil || len(coords) == 0 || in.vary != nil {
		return
	}
	in.applyMVARSize(in.font.sizeFace.varied(vf.mvar, coords))
}
