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

	// What scanWalk finds in a glyph's records, which no size or mode
	// changes, kept after the glyph's first load: scan[gid] is 0 until
	// then, else scanKnown, scanOverlap if the outline gets
	// FlagOverlap, and the points to mark with the scan mode: none
	// (scanNone), point 0 (scanFirst), or those listed in scanPool from
	// index scan[gid]>>scanShift (a count, then the point indices).
	scan     []uint32
	scanPool []uint32
	scanList []uint32 // scanWalk's list while it walks
}

// The bits of hintLoader.scan entries.
const (
	scanKnown   = 1
	scanOverlap = 2
	scanNone    = 0 << 2 // no point to mark
	scanFirst   = 1 << 2 // mark point 0
	scanPooled  = 2 << 2 // the points are listed in scanPool
	scanKinds   = 3 << 2
	scanShift   = 4
)

// newHintLoader returns a loader for f at the size req in mode, for the
// mono or the normal target, at the variation instance variation selects
// ("" for none).
func newHintLoader(f *sfnt.Font, req size.Request, mode hint.Mode, mono bool, variation string) (*hintLoader, error) {
	hf, err := hint.NewFont(f)
	if err != nil {
		return nil, err
	}
	opts := hint.Options{Mode: mode, Target: hint.TargetNormal}
	if mono {
		opts.Target = hint.TargetMono
	}
	if variation != "" {
		if opts.Design, err = hint.ParseVariation(hf.Variations(), variation); err != nil {
			return nil, err
		}
	}
	in, err := hf.NewInstanceRequest(req, opts)
	if err != nil {
		return nil, err
	}
	return &hintLoader{f: f, in: in, yPPEM: in.SizeMetrics().YPPEM, mode: mode, scan: make([]uint32, f.NumGlyphs())}, nil
}

// hinted reports whether the outlines are grid-fitted (advances whole
// pixels; glyphs belong at whole-pixel origins).
func (h *hintLoader) hinted() bool { return h.mode != hint.ModeNone }

// load loads glyph gid into o (reusing its slices) and returns its
// advance in 26.6 pixels and its control box (FT_Outline_Get_CBox),
// computed while the points are copied.
func (h *hintLoader) load(gid uint16, o *raster.Outline) (fixed.Int26_6, raster.Box, error) {
	if err := h.in.LoadGlyph(int(gid), &h.g); err != nil {
		return 0, raster.Box{}, err
	}
	g := &h.g
	n := len(g.Points)
	if cap(o.Points) < n || cap(o.Tags) < n {
		o.Points = make([]fixed.Point26_6, n, 2*n)
		o.Tags = make([]uint8, n, 2*n)
	}
	pts, tags := o.Points[:n], o.Tags[:n]
	box := copyPoints(pts, tags, g.Points)
	o.Points, o.Tags = pts, tags
	// the contour ends, element by element (a glyph has a few: append
	// would call memmove for them)
	if cap(o.Contours) < len(g.Ends) {
		o.Contours = make([]int, len(g.Ends), 2*len(g.Ends))
	}
	ends := o.Contours[:len(g.Ends)]
	for i, e := range g.Ends {
		ends[i] = e
	}
	o.Contours = ends
	hinted := h.hinted()
	o.Flags = raster.ScanFlags(h.yPPEM, hinted, g.ScanControl, g.ScanType)
	h.tagScanModes(gid, o, hinted, g.ScanType)
	return fixed.Int26_6(g.Advance), box, nil
}

// tagScanModes sets what the glyph's records add to its outline (see
// scanWalk): FlagOverlap, and for a hinted glyph the SCANTYPE mode
// (FT_CURVE_TAG_HAS_SCANMODE, bits 5-7) on the first point of every
// simple glyph whose instructions ran. The mode is the glyph's final
// SCANTYPE, which is what every program of the glyph leaves unless a
// component program changes SCANTYPE itself. The records are walked at
// the glyph's first load only (hintLoader.scan).
func (h *hintLoader) tagScanModes(gid uint16, o *raster.Outline, hinted bool, scanType int) {
	var e uint32
	if int(gid) < len(h.scan) {
		e = h.scan[gid]
	}
	if e == 0 {
		e = h.scanEntry(gid, len(o.Tags))
		if int(gid) < len(h.scan) {
			h.scan[gid] = e
		}
	}
	if e&scanOverlap != 0 {
		o.Flags |= raster.FlagOverlap
	}
	if !hinted {
		return
	}
	mark := raster.TagHasScanMode | uint8(scanType&7)<<5
	switch e & scanKinds {
	case scanFirst:
		if len(o.Tags) > 0 {
			o.Tags[0] |= mark
		}
	case scanPooled:
		list := h.scanPool[e>>scanShift:]
		for _, i := range list[1 : 1+list[0]] {
			if int(i) < len(o.Tags) {
				o.Tags[i] |= mark
			}
		}
	}
}

// scanEntry walks glyph gid's records (scanWalk) and returns its
// hintLoader.scan entry, listing the points below n (the outline's
// point count) in scanPool if they are not just point 0.
func (h *hintLoader) scanEntry(gid uint16, n int) uint32 {
	h.scanList = h.scanList[:0]
	overlap, _ := h.scanWalk(gid, 0, 0, n)
	e := uint32(scanKnown)
	if overlap {
		e |= scanOverlap
	}
	switch l := h.scanList; {
	case len(l) == 0:
		e |= scanNone
	case len(l) == 1 && l[0] == 0:
		e |= scanFirst
	default:
		e |= scanPooled | uint32(len(h.scanPool))<<scanShift
		h.scanPool = append(h.scanPool, uint32(len(l)))
		h.scanPool = append(h.scanPool, l...)
	}
	return e
}

// copyPoints copies hint's points into pts and tags (as long as src;
// TagOn for on-curve points, as FreeType's outline tags) and returns
// their control box (FT_Outline_Get_CBox), all zero for no points.
func copyPoints(pts []fixed.Point26_6, tags []uint8, src []hint.Point) raster.Box {
	if len(src) == 0 {
		return raster.Box{}
	}
	pts, tags = pts[:len(src)], tags[:len(src)]
	xMin, yMin := int32(src[0].X), int32(src[0].Y)
	xMax, yMax := xMin, yMin
	for i, p := range src {
		x, y := int32(p.X), int32(p.Y)
		pts[i] = fixed.Point26_6{X: fixed.Int26_6(x), Y: fixed.Int26_6(y)}
		var t uint8
		if p.On {
			t = raster.TagOn
		}
		tags[i] = t
		xMin, xMax = min(xMin, x), max(xMax, x)
		yMin, yMax = min(yMin, y), max(yMax, y)
	}
	return raster.Box{XMin: fixed.Int26_6(xMin), YMin: fixed.Int26_6(yMin), XMax: fixed.Int26_6(xMax), YMax: fixed.Int26_6(yMax)}
}

// simpleSummary reads what tagScanModes needs of a simple glyph straight
// from its record, without decoding flags and coordinates (which the
// hinting loader has already decoded and checked): whether the first
// flag sets OVERLAP_SIMPLE, the point count, and whether the glyph has
// instructions. ok is false for composite and empty glyphs and for
// records too short for these fields; tagScanModes then loads the record
// with sfnt's LoadGlyph.
func simpleSummary(f *sfnt.Font, gid uint16) (overlap bool, points int, instructions, ok bool) {
	b, err := f.GlyphData(gid)
	if err != nil || len(b) < 10 {
		return false, 0, false, false
	}
	nc := int(int16(uint16(b[0])<<8 | uint16(b[1])))
	p := 10 + 2*nc
	if nc <= 0 || p+2 > len(b) {
		return false, 0, false, false
	}
	points = (int(b[p-2])<<8 | int(b[p-1])) + 1
	ins := int(b[p])<<8 | int(b[p+1])
	p += 2 + ins
	if p >= len(b) {
		return false, 0, false, false
	}
	return b[p]&sfnt.FlagOverlapSimple != 0, points, ins > 0, true
}

// scanWalk walks the glyph's component tree as FreeType loads it and
// finds two things the outline carries besides points: the first point
// of every simple glyph with instructions (FreeType marks it with the
// SCANTYPE mode when it hints the glyph), appended to scanList if below
// n, and the overlap flag (OVERLAP_SIMPLE on a simple glyph's first
// point, OVERLAP_COMPOUND on a composite's first component). It returns
// whether the overlap flag is set and the number of points walked;
// base is the number of points before the glyph.
func (h *hintLoader) scanWalk(gid uint16, depth, base, n int) (overlap bool, np int) {
	if depth > maxComponentDepth {
		return false, 0
	}
	mark := func(ins bool) {
		if ins && base < n && (len(h.scanList) == 0 || h.scanList[len(h.scanList)-1] != uint32(base)) {
			h.scanList = append(h.scanList, uint32(base))
		}
	}
	if ov, k, ins, ok := simpleSummary(h.f, gid); ok {
		mark(ins)
		return ov, k
	}
	g := &h.gl[depth]
	if h.f.LoadGlyph(gid, g) != nil {
		return false, 0
	}
	if g.NumContours > 0 {
		if len(g.Flags) > 0 && g.Flags[0]&sfnt.FlagOverlapSimple != 0 {
			overlap = true
		}
		mark(len(g.Instructions) > 0)
		return overlap, len(g.X)
	}
	if g.NumContours == 0 {
		return false, 0
	}
	if len(g.Components) > 0 && g.Components[0].Flags&sfnt.OVERLAP_COMPOUND != 0 {
		overlap = true
	}
	for ci := 0; ci < len(h.gl[depth].Components); ci++ {
		c := h.gl[depth].Components[ci].GlyphIndex
		ov, k := h.scanWalk(c, depth+1, base+np, n)
		overlap = overlap || ov
		np += k
	}
	return overlap, np
}
