package face

import (
	"fontvm/raster"
	"fontvm/sfnt"
	"fontvm/size"
	"fontvm/truetype/hint"

	"golang.org/x/image/math/fixed"
)

// maxComponentDepth bounds the composite glyph nesting tagScanModes
// walks.
const maxComponentDepth = 32

// hintLoader loads glyph outlines in 26.6 pixels (y up) in FreeType's
// form, and advances, through truetype/hint (hinted or not).
type hintLoader struct {
	f     *sfnt.Font
	in    *hint.Instance
	yPPEM int // size->metrics->y_ppem, for the rasterizer's flags
	mode  hint.Mode
	g     hint.Glyph
	// for the scan-mode tags: the glyph records along the component tree
	gl [maxComponentDepth + 1]sfnt.Glyph
}

// newHintLoader returns a loader for f at the size req in mode, for the
// mono or the normal target.
func newHintLoader(f *sfnt.Font, req size.Request, mode hint.Mode, mono bool) (*hintLoader, error) {
	hf, err := hint.NewFont(f)
	if err != nil {
		return nil, err
	}
	opts := hint.Options{Mode: mode, Target: hint.TargetNormal}
	if mono {
		opts.Target = hint.TargetMono
	}
	in, err := hf.NewInstanceRequest(req, opts)
	if err != nil {
		return nil, err
	}
	return &hintLoader{f: f, in: in, yPPEM: in.SizeMetrics().YPPEM, mode: mode}, nil
}

// hinted reports whether the outlines are grid-fitted (advances whole
// pixels; glyphs belong at whole-pixel origins).
func (h *hintLoader) hinted() bool { return h.mode != hint.ModeNone }

// load loads glyph gid into o (reusing its slices) and returns its
// advance in 26.6 pixels.
func (h *hintLoader) load(gid uint16, o *raster.Outline) (fixed.Int26_6, error) {
	if err := h.in.LoadGlyph(int(gid), &h.g); err != nil {
		return 0, err
	}
	g := &h.g
	o.Points = o.Points[:0]
	o.Tags = o.Tags[:0]
	for _, p := range g.Points {
		o.Points = append(o.Points, fixed.Point26_6{X: fixed.Int26_6(p.X), Y: fixed.Int26_6(p.Y)})
		var t uint8
		if p.On {
			t = raster.TagOn
		}
		o.Tags = append(o.Tags, t)
	}
	o.Contours = append(o.Contours[:0], g.Ends...)
	hinted := h.hinted()
	o.Flags = raster.ScanFlags(h.yPPEM, hinted, g.ScanControl, g.ScanType)
	overlap, _ := h.tagScanModes(gid, 0, 0, o, hinted, g.ScanType)
	if overlap {
		o.Flags |= raster.FlagOverlap
	}
	return fixed.Int26_6(g.Advance), nil
}

// tagScanModes walks the glyph's component tree as FreeType loads it and
// reproduces two things the outline carries besides points: FreeType
// marks the first point of every simple glyph whose instructions ran with
// the SCANTYPE mode (FT_CURVE_TAG_HAS_SCANMODE, bits 5-7), which the
// monochrome rasterizer then uses for the contours from there on; and
// the overlap flag (OVERLAP_SIMPLE on a simple glyph's first point,
// OVERLAP_COMPOUND on a composite's first component). The mode used is
// the glyph's final SCANTYPE, which is what every program of the glyph
// leaves unless a component program changes SCANTYPE itself. It returns
// whether the overlap flag is set and the number of points walked.
func (h *hintLoader) tagScanModes(gid uint16, depth, base int, o *raster.Outline, hinted bool, scanType int) (overlap bool, n int) {
	if depth > maxComponentDepth {
		return false, 0
	}
	g := &h.gl[depth]
	if h.f.LoadGlyph(gid, g) != nil {
		return false, 0
	}
	if g.NumContours > 0 {
		if len(g.Flags) > 0 && g.Flags[0]&sfnt.FlagOverlapSimple != 0 {
			overlap = true
		}
		n = len(g.X)
		if hinted && len(g.Instructions) > 0 && base < len(o.Tags) {
			o.Tags[base] |= raster.TagHasScanMode | uint8(scanType&7)<<5
		}
		return overlap, n
	}
	if g.NumContours == 0 {
		return false, 0
	}
	if len(g.Components) > 0 && g.Components[0].Flags&sfnt.OVERLAP_COMPOUND != 0 {
		overlap = true
	}
	for ci := 0; ci < len(h.gl[depth].Components); ci++ {
		c := h.gl[depth].Components[ci].GlyphIndex
		ov, k := h.tagScanModes(c, depth+1, base+n, o, hinted, scanType)
		overlap = overlap || ov
		n += k
	}
	return overlap, n
}
