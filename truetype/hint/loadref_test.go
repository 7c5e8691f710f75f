package hint

import "fontvm/sfnt"

// This file keeps the glyph loader as it was before its fast paths (the
// per-instance loader flags, the inline hmtx/vmtx reads, the direct store
// of top-level glyphs without a program, the fused scaling loops): a
// plain transcription of FreeType's load_truetype_glyph,
// TT_Process_Simple_Glyph, TT_Hint_Glyph and TT_Process_Composite_*,
// with its own loader state. refLoadGlyph runs it on an Instance's
// interpreter; TestLoaderMatchesRef compares it with LoadGlyph.

// refLoader is the oracle's TT_LoaderRec and outline.
type refLoader struct {
	in             *Instance
	cur, org, orus []vec
	tags           []uint8
	contours       []int
	nPoints        int
	nContours      int
	glyphs         []*sfnt.Glyph
	ancestors      []uint16
	loads          int
	pp1, pp2       vec
	pp3, pp4       vec
	gid            int
	hinted         bool
	useAw2         bool
}

// ensure grows the loader's point buffers to hold n points.
func (ld *refLoader) ensure(n int) {
	if n <= len(ld.cur) {
		return
	}
	grow := func(v []vec) []vec { w := make([]vec, n); copy(w, v); return w }
	ld.cur = grow(ld.cur)
	ld.org = grow(ld.org)
	ld.orus = grow(ld.orus)
	t := make([]uint8, n)
	copy(t, ld.tags)
	ld.tags = t
}

// glyph returns the decoding buffer for composite depth depth.
func (ld *refLoader) glyph(depth int) *sfnt.Glyph {
	for len(ld.glyphs) <= depth {
		ld.glyphs = append(ld.glyphs, new(sfnt.Glyph))
	}
	return ld.glyphs[depth]
}

// refLoadGlyph is LoadGlyph as the oracle does it.
func (ld *refLoader) refLoadGlyph(gid int, g *Glyph) error {
	in := ld.in
	f := in.font
	if gid < 0 || gid >= f.numGlyphs {
		return &Error{Code: "Invalid_Argument", Glyph: gid, Detail: "glyph index out of range", kind: ErrArgument}
	}
	in.faulted = false
	ld.nPoints, ld.nContours = 0, 0
	ld.contours = ld.contours[:0]
	ld.ancestors = ld.ancestors[:0]
	ld.loads = 0
	hinted := in.opts.Mode != ModeNone
	var widths []byte
	e := &in.e
	ld.hinted, ld.useAw2 = hinted, false
	if hinted {
		if in.progErr != nil {
			return in.progErr
		}
		e.loadContext()
		e.setMetrics(in)
		e.gs = in.sizeGS
		if e.gs.instructControl&1 != 0 {
			ld.hinted = false
		}
		if e.gs.instructControl&2 != 0 {
			e.gs = defaultGraphicsState
		}
		e.backwardCompat = e.version == 40 && e.subpixelLean && e.gs.instructControl&4 == 0
		ld.useAw2 = e.subpixelLean && e.grayscaleCT
		if !(e.version == 40 && e.backwardCompat) && !f.isFixedPitch {
			widths = in.widths
		}
	}
	if err := ld.load(uint16(gid), 0); err != nil {
		return err
	}
	n := ld.nPoints
	g.Points = make([]Point, n)
	for i := range g.Points {
		p := ld.cur[i]
		g.Points[i] = Point{X: sub(p.x, ld.pp1.x), Y: p.y, On: ld.tags[i]&tagOn != 0}
	}
	g.Ends = append([]int(nil), ld.contours[:ld.nContours]...)
	var adv int64
	if widths != nil && gid < len(widths) {
		adv = int64(widths[gid]) * 64
	} else {
		adv = sub(ld.pp2.x, ld.pp1.x)
	}
	if hinted {
		adv = pixRound(adv)
		g.ScanControl = e.gs.scanControl
		g.ScanType = e.gs.scanType
	} else {
		g.ScanControl, g.ScanType = false, 0
	}
	g.Advance = adv
	return nil
}

// metrics is tt_get_metrics through sfnt's HMetric and VMetric.
func (ld *refLoader) metrics(gid uint16, yMax int16) (lsb, aw, tsb, ah int64) {
	f := ld.in.font
	a, l, _ := f.sf.HMetric(gid)
	lsb, aw = int64(l), int64(a)
	switch {
	case f.hasVMetrics:
		va, vt, _ := f.sf.VMetric(gid)
		tsb, ah = int64(vt), int64(va)
	case f.os2Valid:
		tsb = int64(int16(int32(f.typoAsc) - int32(yMax)))
		ah = int64(uint16(abs64(int64(f.typoAsc) - int64(f.typoDesc))))
	default:
		tsb = int64(int16(int32(f.hheaAsc) - int32(yMax)))
		ah = int64(uint16(abs64(int64(f.hheaAsc) - int64(f.hheaDesc))))
	}
	return
}

// load is load_truetype_glyph.
func (ld *refLoader) load(gid uint16, depth int) error {
	in := ld.in
	f := in.font
	if int(gid) >= f.numGlyphs {
		return glyphErr(int(gid), "Invalid_Composite", "component glyph index out of range")
	}
	if ld.loads++; ld.loads > MaxComponentLoads {
		return glyphErr(int(gid), "Invalid_Composite", "composite fan-out: more than hint.MaxComponentLoads (65536) glyph records")
	}
	g := ld.glyph(depth)
	ld.gid = int(gid)
	if err := f.sf.LoadGlyph(gid, g); err != nil {
		return glyphError(int(gid), err, ld.hinted)
	}
	lsb, aw, tsb, ah := ld.metrics(gid, g.YMax)
	// tt_loader_set_pp
	ld.pp1 = vec{int64(g.XMin) - lsb, 0}
	ld.pp2 = vec{ld.pp1.x + aw, 0}
	var x3 int64
	if ld.useAw2 {
		x3 = aw / 2
	}
	ld.pp3 = vec{x3, int64(g.YMax) + tsb}
	ld.pp4 = vec{x3, ld.pp3.y - ah}
	if g.NumContours == 0 {
		ld.scalePP()
		return nil
	}
	if g.NumContours > 0 {
		return ld.loadSimple(int(gid), g)
	}
	for _, a := range ld.ancestors {
		if a == gid {
			return glyphErr(int(gid), "Invalid_Composite", "recursive composite glyph")
		}
	}
	ld.ancestors = append(ld.ancestors, gid)
	defer func() { ld.ancestors = ld.ancestors[:len(ld.ancestors)-1] }()
	startPoint, startContour := ld.nPoints, ld.nContours
	ld.scalePP()
	numPoints := startPoint
	var last *sfnt.Component
	for i := range g.Components {
		c := &g.Components[i]
		last = c
		pp := [4]vec{ld.pp1, ld.pp2, ld.pp3, ld.pp4}
		numBase := ld.nPoints
		if err := ld.load(c.GlyphIndex, depth+1); err != nil {
			return err
		}
		if c.Flags&sfnt.USE_MY_METRICS == 0 {
			ld.pp1, ld.pp2, ld.pp3, ld.pp4 = pp[0], pp[1], pp[2], pp[3]
		}
		numPoints = ld.nPoints
		if numPoints == numBase {
			continue
		}
		if err := ld.processComponent(int(gid), c, startPoint, numBase); err != nil {
			return err
		}
	}
	if ld.hinted && last != nil && last.Flags&sfnt.WE_HAVE_INSTRUCTIONS != 0 && numPoints > startPoint {
		return ld.processCompositeGlyph(int(gid), g, startPoint, startContour)
	}
	return nil
}

// scalePP scales the phantom points pp1-pp4 to the instance's scales
// (FreeType's tt_loader scaling of the phantom points).
func (ld *refLoader) scalePP() {
	sx, sy := ld.in.xScale, ld.in.yScale
	ld.pp1.x = mulFix(ld.pp1.x, sx)
	ld.pp2.x = mulFix(ld.pp2.x, sx)
	ld.pp3.x = mulFix(ld.pp3.x, sx)
	ld.pp3.y = mulFix(ld.pp3.y, sy)
	ld.pp4.x = mulFix(ld.pp4.x, sx)
	ld.pp4.y = mulFix(ld.pp4.y, sy)
}

// loadSimple is TT_Load_Simple_Glyph and TT_Process_Simple_Glyph.
func (ld *refLoader) loadSimple(gid int, g *sfnt.Glyph) error {
	sx, sy := ld.in.xScale, ld.in.yScale
	n := len(g.X)
	nc := len(g.EndPts)
	base := ld.nPoints
	if base+n+4 > MaxPoints || ld.nContours+nc > MaxContours {
		return glyphErr(gid, "Array_Too_Large", "too many points")
	}
	ld.ensure(base + n + 4)
	for _, e := range g.EndPts {
		ld.contours = append(ld.contours, int(e))
	}
	for i := 0; i < n; i++ {
		ld.orus[base+i] = vec{int64(g.X[i]), int64(g.Y[i])}
		ld.cur[base+i] = vec{mulFix(int64(g.X[i]), sx), mulFix(int64(g.Y[i]), sy)}
		ld.tags[base+i] = g.Flags[i] & tagOn
	}
	m := n + 4
	ld.orus[base+n], ld.orus[base+n+1], ld.orus[base+n+2], ld.orus[base+n+3] = ld.pp1, ld.pp2, ld.pp3, ld.pp4
	pp := ld.cur[base+n : base+m]
	pp[0] = vec{mulFix(ld.pp1.x, sx), mulFix(ld.pp1.y, sy)}
	pp[1] = vec{mulFix(ld.pp2.x, sx), mulFix(ld.pp2.y, sy)}
	pp[2] = vec{mulFix(ld.pp3.x, sx), mulFix(ld.pp3.y, sy)}
	pp[3] = vec{mulFix(ld.pp4.x, sx), mulFix(ld.pp4.y, sy)}
	ld.tags[base+n], ld.tags[base+n+1], ld.tags[base+n+2], ld.tags[base+n+3] = 0, 0, 0, 0
	ld.pp1, ld.pp2, ld.pp3, ld.pp4 = pp[0], pp[1], pp[2], pp[3]
	if ld.hinted {
		z := zone{
			org: ld.org[base:], cur: ld.cur[base:], orus: ld.orus[base:], tags: ld.tags[base:],
			contours: ld.contours[ld.nContours : ld.nContours+nc],
			nPoints:  m, nContours: nc, firstPoint: 0,
		}
		ld.hintGlyph(&z, false, g.Instructions)
	}
	if base != 0 {
		for i := ld.nContours; i < ld.nContours+nc; i++ {
			ld.contours[i] += base
		}
	}
	ld.nPoints += n
	ld.nContours += nc
	return nil
}

// hintGlyph is TT_Hint_Glyph: z includes the four phantom points.
func (ld *refLoader) hintGlyph(z *zone, composite bool, ins []byte) {
	in := ld.in
	e := &in.e
	n := z.nPoints
	if len(ins) > 0 {
		copy(z.org[:n], z.cur[:n])
	}
	e.gs = in.sizeGS
	if composite {
		e.xScale, e.yScale = 0x10000, 0x10000
		copy(z.orus[:n], z.cur[:n])
	} else {
		e.xScale, e.yScale = in.xScale, in.yScale
	}
	z.cur[n-4].x = pixRound(z.cur[n-4].x)
	z.cur[n-3].x = pixRound(z.cur[n-3].x)
	z.cur[n-2].y = pixRound(z.cur[n-2].y)
	z.cur[n-1].y = pixRound(z.cur[n-1].y)
	if len(ins) > 0 {
		e.ranges[rangeGlyph] = ins
		e.isComposite = composite
		e.pts = *z
		e.gotoCodeRange(rangeGlyph, 0)
		e.zp0, e.zp1, e.zp2 = &e.pts, &e.pts, &e.pts
		e.gs.gep0, e.gs.gep1, e.gs.gep2 = 1, 1, 1
		e.gs.projVector = unitVec{0x4000, 0}
		e.gs.freeVector = e.gs.projVector
		e.gs.dualVector = e.gs.projVector
		e.gs.roundState = roundToGrid
		e.gs.loop = 1
		e.top, e.callTop = 0, 0
		e.prog = ProgGlyph
		if c := e.run(); c != errOK && !in.faulted {
			in.faulted = true
			in.fault = Error{Code: c.String(), Program: ProgGlyph, Range: Program(e.errRng), PC: e.errIP,
				Opcode: e.errOp, Glyph: ld.gid, kind: ErrProgram}
		}
	}
	if !(e.version == 40 && e.backwardCompat) {
		ld.pp1, ld.pp2, ld.pp3, ld.pp4 = z.cur[n-4], z.cur[n-3], z.cur[n-2], z.cur[n-1]
	}
}

// processComponent is TT_Process_Composite_Component.
func (ld *refLoader) processComponent(gid int, c *sfnt.Component, startPoint, numBase int) error {
	in := ld.in
	pts := ld.cur[numBase:ld.nPoints]
	haveScale := c.Flags&(sfnt.WE_HAVE_A_SCALE|sfnt.WE_HAVE_AN_X_AND_Y_SCALE|sfnt.WE_HAVE_A_TWO_BY_TWO) != 0
	xx, xy, yx, yy := int64(c.Scale[0])*4, int64(c.Scale[1])*4, int64(c.Scale[2])*4, int64(c.Scale[3])*4
	if haveScale {
		for i := range pts {
			x, y := pts[i].x, pts[i].y
			pts[i].x = add(mulFix(x, xx), mulFix(y, xy))
			pts[i].y = add(mulFix(x, yx), mulFix(y, yy))
		}
	}
	var x, y int64
	if c.Flags&sfnt.ARGS_ARE_XY_VALUES == 0 {
		k := uint64(uint32(c.Arg1)) + uint64(startPoint)
		l := uint64(uint32(c.Arg2)) + uint64(numBase)
		if k >= uint64(numBase) || l >= uint64(ld.nPoints) {
			return glyphErr(gid, "Invalid_Composite", "component anchor point out of range")
		}
		x = sub(ld.cur[k].x, ld.cur[l].x)
		y = sub(ld.cur[k].y, ld.cur[l].y)
	} else {
		x, y = int64(c.Arg1), int64(c.Arg2)
		if x == 0 && y == 0 {
			return nil
		}
		if haveScale && c.Flags&sfnt.SCALED_COMPONENT_OFFSET != 0 {
			x = mulFix(x, hypot(xx, xy))
			y = mulFix(y, hypot(yy, yx))
		}
		x = mulFix(x, in.xScale)
		y = mulFix(y, in.yScale)
		if c.Flags&sfnt.ROUND_XY_TO_GRID != 0 && ld.hinted {
			if in.e.version == 35 {
				x = pixRound(x)
			}
			y = pixRound(y)
		}
	}
	for i := range pts {
		pts[i].x = add(pts[i].x, x)
		pts[i].y = add(pts[i].y, y)
	}
	return nil
}

// processCompositeGlyph is TT_Process_Composite_Glyph.
func (ld *refLoader) processCompositeGlyph(gid int, g *sfnt.Glyph, startPoint, startContour int) error {
	if ld.nPoints+4 > MaxPoints {
		return glyphErr(gid, "Array_Too_Large", "too many points")
	}
	ld.ensure(ld.nPoints + 4)
	n := ld.nPoints
	ld.cur[n], ld.cur[n+1], ld.cur[n+2], ld.cur[n+3] = ld.pp1, ld.pp2, ld.pp3, ld.pp4
	ld.tags[n], ld.tags[n+1], ld.tags[n+2], ld.tags[n+3] = 0, 0, 0, 0
	if g.InstructionsErr != nil {
		return glyphErr(gid, "Too_Many_Hints", g.InstructionsErr.Error())
	}
	if len(g.Instructions) == 0 {
		return nil
	}
	z := zone{
		org: ld.org[startPoint:], cur: ld.cur[startPoint:], orus: ld.orus[startPoint:], tags: ld.tags[startPoint:],
		contours: ld.contours[startContour:ld.nContours],
		nPoints:  n - startPoint, nContours: ld.nContours - startContour, firstPoint: startPoint,
	}
	for i := 0; i < z.nPoints; i++ {
		z.tags[i] &^= tagTouch
	}
	z.nPoints += 4
	ld.hintGlyph(&z, true, g.Instructions)
	return nil
}
