package face

import (
	"fontvm/cff"
	"fontvm/raster"
	"fontvm/sfnt"
	"fontvm/size"
	"fontvm/truetype/hint"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// outlineSource is what a Face loads glyphs from: the TrueType loader
// (hintLoader) or, for CFF-flavoured fonts, the CFF loader (cffLoader).
type outlineSource interface {
	// load loads glyph gid into o (reusing its slices) and returns its
	// advance in 26.6 pixels and its control box (o.Box()).
	load(gid uint16, o *raster.Outline) (fixed.Int26_6, raster.Box, error)
	// hinted reports whether the outlines are grid-fitted.
	hinted() bool
	// publicSizeMetrics are FreeType's face->size->metrics.
	publicSizeMetrics() size.Metrics
	// yScale is the y scale the outlines are loaded at.
	yScale() int64
	// normalizedCoords are the variation instance's normalized
	// coordinates (16.16), nil without a variation.
	normalizedCoords() []int32
}

// publicSizeMetrics returns the instance's public size metrics.
func (h *hintLoader) publicSizeMetrics() size.Metrics { return h.in.PublicSizeMetrics() }

// yScale returns the instance's y scale for its mode.
func (h *hintLoader) yScale() int64 { return h.in.SizeMetrics().YScale }

// normalizedCoords returns the instance's normalized coordinates.
func (h *hintLoader) normalizedCoords() []int32 { return h.in.NormalizedCoords() }

// cffLoader loads outlines through package cff: FreeType's CFF driver
// with the adobe engine, hinted for any hinting mode but HintingNone (as
// FreeType's default load flags select the CFF hinter, whatever the
// TrueType interpreter version).
type cffLoader struct {
	fc   *cff.Face
	l    *cff.Loader
	sc   cff.Scale
	hint bool
	sm   size.Metrics
	out  cff.Outline
}

// newCFFLoader returns the loader of a CFF or CFF2 font at req. The
// public size metrics are FT_Request_Metrics' with the face's ascender,
// descender, height and maximum advance as sfnt_load_face sets them (the
// same for CFF-flavoured fonts as for TrueType ones: truetype/hint's
// unhinted instance computes them), at a CFF2 variation instance moved
// by MVAR's hasc, hdsc and hlgp deltas as cff_metrics_adjust moves them
// (tt_apply_mvar; truetype/hint's Instance.ApplyMVAR), or for a pure CFF
// font (no head) cff_face_init's from the CFF table.
func newCFFLoader(f *sfnt.Font, req size.Request, h font.Hinting, variation string) (*cffLoader, error) {
	tags, values, err := cffDesign(f, variation)
	if err != nil {
		return nil, err
	}
	fc, err := cff.NewFace(f, tags, values)
	if err != nil {
		return nil, err
	}
	if asc, desc, height, maxAdv, ok := fc.PureCFFMetrics(); ok {
		// pure CFF (no head): FT_Request_Metrics with the CFF's units
		// per em and cff_face_init's face metrics
		sm, err := req.Metrics(fc.UnitsPerEm())
		if err != nil {
			return nil, err
		}
		sm.ScaleFaceMetrics(asc, desc, height, maxAdv)
		sc := cff.Scale{X: sm.XScale, Y: sm.YScale}
		return &cffLoader{fc: fc, l: fc.NewLoader(), sc: sc, hint: h != font.HintingNone, sm: sm}, nil
	}
	hf, err := hint.NewFont(f)
	if err != nil {
		return nil, err
	}
	in, err := hf.NewInstanceRequest(req, hint.Options{Mode: hint.ModeNone})
	if err != nil {
		return nil, err
	}
	in.ApplyMVAR(fc.NormalizedCoords())
	sc, err := fc.Scale(req)
	if err != nil {
		return nil, err
	}
	return &cffLoader{fc: fc, l: fc.NewLoader(), sc: sc, hint: h != font.HintingNone, sm: in.PublicSizeMetrics()}, nil
}

// normalizedCoords returns the CFF face's normalized coordinates.
func (c *cffLoader) normalizedCoords() []int32 { return c.fc.NormalizedCoords() }

// hinted reports whether the CFF hinter runs.
func (c *cffLoader) hinted() bool { return c.hint }

// publicSizeMetrics returns FT_Request_Metrics' metrics.
func (c *cffLoader) publicSizeMetrics() size.Metrics { return c.sm }

// yScale returns the y scale (cff_size_request keeps FT_Request_Metrics').
func (c *cffLoader) yScale() int64 { return c.sc.Y }

// load loads glyph gid as FT_Load_Glyph does for the CFF driver; the
// outline flags are cff_slot_load's (high precision below 24 y ppem, no
// drop-out flags).
func (c *cffLoader) load(gid uint16, o *raster.Outline) (fixed.Int26_6, raster.Box, error) {
	if err := c.fc.Load(c.l, int(gid), c.sc, c.hint, &c.out); err != nil {
		return 0, raster.Box{}, err
	}
	o.Points = o.Points[:0]
	o.Tags = o.Tags[:0]
	for i, p := range c.out.Points {
		o.Points = append(o.Points, fixed.Point26_6{X: fixed.Int26_6(p.X), Y: fixed.Int26_6(p.Y)})
		t := uint8(raster.TagOn)
		if c.out.Tags[i] != cff.TagOn {
			t = raster.TagCubic
		}
		o.Tags = append(o.Tags, t)
	}
	o.Contours = o.Contours[:0]
	for _, e := range c.out.Ends {
		o.Contours = append(o.Contours, e)
	}
	o.Flags = raster.ScanFlags(c.sm.YPPEM, false, false, 0)
	return fixed.Int26_6(c.out.Advance), o.Box(), nil
}

// cffDesign turns FaceOptions.Variation into the design coordinates of
// every axis, as cff.NewFace takes them ("" gives none: the default
// instance without a variation call). The spec is read by
// hint.ParseVariation (the one parser of "tag=value,..." and "named=N");
// its 16.16 values are exact as float64s, and sfnt's ParseDesign gives
// them back unchanged.
func cffDesign(f *sfnt.Font, variation string) ([]sfnt.Tag, []float64, error) {
	if variation == "" {
		return nil, nil, nil
	}
	v, err := f.Variations()
	if err != nil {
		return nil, nil, err
	}
	design, err := hint.ParseVariation(v, variation)
	if err != nil {
		return nil, nil, err
	}
	tags := make([]sfnt.Tag, len(design))
	values := make([]float64, len(design))
	for i, d := range design {
		tags[i] = v.Axes[i].Tag
		values[i] = float64(d) / 65536
	}
	return tags, values, nil
}
