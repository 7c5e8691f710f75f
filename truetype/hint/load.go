package hint

import (
	"fontvm/sfnt"
)

// FreeType's FT_OUTLINE_POINTS_MAX and FT_OUTLINE_CONTOURS_MAX: a glyph
// (with its components) may not have more points or contours.
const (
	MaxPoints   = 0x7FFF
	MaxContours = 0x7FFF
)

// loader is TT_LoaderRec plus the glyph loader's outline: the points of
// all components loaded so far, with room for four phantom points.
type loader struct {
	cur, org, orus []vec
	tags           []uint8
	contours       []int
	nPoints        int
	nContours      int

	glyphs    []*sfnt.Glyph // one decoding buffer per composite depth
	ancestors []uint16      // composite glyphs being loaded
	loads     int           // glyph records loaded for this LoadGlyph call

	pp1, pp2, pp3, pp4 vec

	gid int // the glyph (or component) being loaded

	// out is the caller's Glyph during LoadGlyph; stored says that
	// loadSimple wrote the outline straight into out.Points (a
	// top-level simple glyph without a program, see loadSimple).
	out    *Glyph
	stored bool

	hinted bool // IS_HINTED(loader->load_flags)
	exec   bool // loader->exec != NULL
	useAw2 bool
}

func (ld *loader) ensure(n int) {
	if n <= len(ld.cur) {
		return
	}
	c := 2 * len(ld.cur)
	if c < n {
		c = n
	}
	grow := func(v []vec) []vec { w := make([]vec, c); copy(w, v); return w }
	ld.cur = grow(ld.cur)
	ld.org = grow(ld.org)
	ld.orus = grow(ld.orus)
	t := make([]uint8, c)
	copy(t, ld.tags)
	ld.tags = t
}

func (ld *loader) glyph(depth int) *sfnt.Glyph {
	for len(ld.glyphs) <= depth {
		ld.glyphs = append(ld.glyphs, new(sfnt.Glyph))
	}
	return ld.glyphs[depth]
}

func glyphErr(gid int, code string, detail string) error {
	return &Error{Code: code, Glyph: gid, Detail: detail, kind: ErrGlyph}
}

// LoadGlyph loads glyph gid into g, hinted as the instance's options say.
// It allocates nothing once the instance and g have grown to the font's
// largest glyph. Errors name FreeType's error (see Error and Name):
// fpgm/prep failures (ErrProgram), bad glyph data (ErrGlyph) and glyph
// indexes out of range (ErrArgument). Faults inside a glyph's own
// program do not fail the load: as FreeType does by default, the outline
// keeps what the program did up to the fault.
func (in *Instance) LoadGlyph(gid int, g *Glyph) error {
	f := in.font
	if gid < 0 || gid >= f.numGlyphs {
		return &Error{Code: "Invalid_Argument", Glyph: gid, Detail: "glyph index out of range", kind: ErrArgument}
	}
	ld := &in.ld
	in.faulted = false
	ld.nPoints, ld.nContours = 0, 0
	ld.contours = ld.contours[:0]
	ld.ancestors = ld.ancestors[:0]
	ld.loads = 0
	hinted := in.opts.Mode != ModeNone
	var widths []byte
	e := &in.e
	ld.hinted, ld.exec, ld.useAw2 = hinted, hinted, false
	if hinted {
		if in.progErr != nil {
			return in.progErr
		}
		e.loadContext()
		e.setMetrics(in)
		e.gs = in.sizeGS
		// tt_loader_init: prep's INSTCTRL selector 1 turns hinting off,
		// selector 2 asks for the default graphics state, and the v40
		// backward compatibility is read from the resulting state.
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
	ld.out, ld.stored = g, false
	err := in.load(uint16(gid), 0)
	ld.out = nil
	if err != nil {
		return err
	}
	if !ld.stored {
		n := ld.nPoints
		if cap(g.Points) < n {
			g.Points = make([]Point, n, n+n/2)
		}
		g.Points = g.Points[:n]
		storePoints(g.Points, ld.cur, ld.tags, ld.pp1.x)
	}
	g.Ends = append(g.Ends[:0], ld.contours[:ld.nContours]...)
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

// storePoints stores cur (shifted left by dx) and the on-curve bits of
// tags in out (len(cur), len(tags) >= len(out)).
func storePoints(out []Point, cur []vec, tags []uint8, dx int64) {
	cur = cur[:len(out)]
	tags = tags[:len(out)]
	for i, p := range cur {
		out[i] = Point{X: sub(p.x, dx), Y: p.y, On: tags[i]&tagOn != 0}
	}
}

// LastGlyphFault returns the first fault of a glyph program during the
// last LoadGlyph (the glyph or component, code range, pc and opcode), or
// nil if its programs ran to the end. FreeType ignores such faults, and
// so does LoadGlyph; this is for diagnostics. The *Error belongs to the
// instance and is overwritten by the next LoadGlyph.
func (in *Instance) LastGlyphFault() *Error {
	if !in.faulted {
		return nil
	}
	return &in.fault
}

// metrics is tt_get_metrics: horizontal and vertical metrics of gid.
func (in *Instance) metrics(gid uint16, yMax int16) (lsb, aw, tsb, ah int64) {
	f := in.font
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
// MaxComponentLoads bounds the glyph records one LoadGlyph call may load.
// Recursion is already refused, but a composite listing n copies of a
// composite that lists n copies of ... reaches n^depth loads with few
// bytes (2,000 components at depth 3 in a 36 KiB font). FreeType 2.12.1
// has no such bound (it spends 3.5 s on 1,000 x 1,000); fontvm fails the
// glyph with Invalid_Composite past this count, which no real font
// approaches, and is otherwise identical.
const MaxComponentLoads = 1 << 16

func (in *Instance) load(gid uint16, depth int) error {
	f := in.font
	ld := &in.ld
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
	lsb, aw, tsb, ah := in.metrics(gid, g.YMax)
	// tt_loader_set_pp
	ld.pp1 = vec{int64(g.XMin) - lsb, 0}
	ld.pp2 = vec{ld.pp1.x + aw, 0}
	var x3 int64
	if ld.useAw2 {
		x3 = aw / 2
	}
	ld.pp3 = vec{x3, int64(g.YMax) + tsb}
	ld.pp4 = vec{x3, ld.pp3.y - ah}
	s := in.scale
	if g.NumContours == 0 {
		in.scalePP()
		return nil
	}
	if g.NumContours > 0 {
		return in.loadSimple(int(gid), g, depth)
	}
	// composite
	for _, a := range ld.ancestors {
		if a == gid {
			return glyphErr(int(gid), "Invalid_Composite", "recursive composite glyph")
		}
	}
	ld.ancestors = append(ld.ancestors, gid)
	defer func() { ld.ancestors = ld.ancestors[:len(ld.ancestors)-1] }()
	startPoint, startContour := ld.nPoints, ld.nContours
	in.scalePP()
	_ = s
	numPoints := startPoint
	var last *sfnt.Component
	for i := range g.Components {
		c := &g.Components[i]
		last = c
		pp := [4]vec{ld.pp1, ld.pp2, ld.pp3, ld.pp4}
		numBase := ld.nPoints
		if err := in.load(c.GlyphIndex, depth+1); err != nil {
			return err
		}
		if c.Flags&sfnt.USE_MY_METRICS == 0 {
			ld.pp1, ld.pp2, ld.pp3, ld.pp4 = pp[0], pp[1], pp[2], pp[3]
		}
		numPoints = ld.nPoints
		if numPoints == numBase {
			continue
		}
		if err := in.processComponent(int(gid), c, startPoint, numBase); err != nil {
			return err
		}
	}
	if ld.hinted && last != nil && last.Flags&sfnt.WE_HAVE_INSTRUCTIONS != 0 && numPoints > startPoint {
		return in.processCompositeGlyph(int(gid), g, startPoint, startContour)
	}
	return nil
}

func (in *Instance) scalePP() {
	ld := &in.ld
	s := in.scale
	ld.pp1.x = mulFix(ld.pp1.x, s)
	ld.pp2.x = mulFix(ld.pp2.x, s)
	ld.pp3.x = mulFix(ld.pp3.x, s)
	ld.pp3.y = mulFix(ld.pp3.y, s)
	ld.pp4.x = mulFix(ld.pp4.x, s)
	ld.pp4.y = mulFix(ld.pp4.y, s)
}

// loadSimple is TT_Load_Simple_Glyph and TT_Process_Simple_Glyph. A
// top-level glyph (depth 0) without a program to run goes straight from
// font units to the caller's points (see storeScaled).
func (in *Instance) loadSimple(gid int, g *sfnt.Glyph, depth int) error {
	ld := &in.ld
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
	// One pass per point: scaled to cur, on-curve bit to tags, and, when
	// the glyph has instructions to run, unscaled to orus and scaled to
	// org (TT_Hint_Glyph's copy). Without instructions nothing reads the
	// glyph's orus or org: no program sees this zone, and a composite's
	// program sees its components' cur copied to orus (hintGlyph).
	m := n + 4
	s := in.scale
	cur := ld.cur[base : base+m]
	tags := ld.tags[base : base+m]
	orgSet := ld.hinted && len(g.Instructions) > 0
	if depth == 0 && !orgSet && ld.out != nil {
		return in.loadSimpleDirect(g, cur[n:m])
	}
	if orgSet {
		loadPointsOrg(cur, ld.org[base:base+m], ld.orus[base:base+m], tags, g.X, g.Y, g.Flags, s)
		orus := ld.orus[base+n : base+m]
		orus[0], orus[1], orus[2], orus[3] = ld.pp1, ld.pp2, ld.pp3, ld.pp4
	} else {
		loadPoints(cur, tags, g.X, g.Y, g.Flags, s)
	}
	pp := cur[n : n+4]
	pp[0] = vec{mulFix(ld.pp1.x, s), mulFix(ld.pp1.y, s)}
	pp[1] = vec{mulFix(ld.pp2.x, s), mulFix(ld.pp2.y, s)}
	pp[2] = vec{mulFix(ld.pp3.x, s), mulFix(ld.pp3.y, s)}
	pp[3] = vec{mulFix(ld.pp4.x, s), mulFix(ld.pp4.y, s)}
	tags[n], tags[n+1], tags[n+2], tags[n+3] = 0, 0, 0, 0
	ld.pp1, ld.pp2, ld.pp3, ld.pp4 = pp[0], pp[1], pp[2], pp[3]
	if orgSet {
		copy(ld.org[base+n:base+m], pp)
	}
	if orgSet {
		z := zone{
			org: ld.org[base:], cur: ld.cur[base:], orus: ld.orus[base:], tags: ld.tags[base:],
			contours: ld.contours[ld.nContours : ld.nContours+nc],
			nPoints:  m, nContours: nc, firstPoint: 0,
		}
		in.hintGlyph(&z, false, g.Instructions, true)
	} else if ld.hinted {
		in.hintPhantoms(pp)
	}
	// FT_GlyphLoader_Add: contour ends become absolute.
	if base != 0 {
		for i := ld.nContours; i < ld.nContours+nc; i++ {
			ld.contours[i] += base
		}
	}
	ld.nPoints += n
	ld.nContours += nc
	return nil
}

// loadSimpleDirect is the rest of loadSimple for a top-level simple
// glyph without a program (base 0, contours appended, pp its phantom
// points' slots in cur): the phantom points are scaled and, when
// hinting, rounded (hintPhantoms); then the outline points, which
// nothing else reads, go from font units to ld.out.Points shifted by
// the final pp1.x, as LoadGlyph's storePoints would store them.
func (in *Instance) loadSimpleDirect(g *sfnt.Glyph, pp []vec) error {
	ld := &in.ld
	s := in.scale
	pp = pp[:4]
	pp[0] = vec{mulFix(ld.pp1.x, s), mulFix(ld.pp1.y, s)}
	pp[1] = vec{mulFix(ld.pp2.x, s), mulFix(ld.pp2.y, s)}
	pp[2] = vec{mulFix(ld.pp3.x, s), mulFix(ld.pp3.y, s)}
	pp[3] = vec{mulFix(ld.pp4.x, s), mulFix(ld.pp4.y, s)}
	ld.pp1, ld.pp2, ld.pp3, ld.pp4 = pp[0], pp[1], pp[2], pp[3]
	if ld.hinted {
		in.hintPhantoms(pp)
	}
	n, nc := len(g.X), len(g.EndPts)
	out := ld.out
	if cap(out.Points) < n {
		out.Points = make([]Point, n, n+n/2)
	}
	out.Points = out.Points[:n]
	storeScaled(out.Points, g.X, g.Y, g.Flags, s, ld.pp1.x)
	ld.stored = true
	ld.nPoints += n
	ld.nContours += nc
	return nil
}

// storeScaled is loadPoints followed by storePoints: the points xs, ys
// (font units) scaled by s and shifted left by dx, with the on-curve
// bits of flags, in out (len(xs) == len(ys) == len(flags) == len(out)).
func storeScaled(out []Point, xs, ys []int32, flags []uint8, s, dx int64) {
	xs = xs[:len(out)]
	ys = ys[:len(out)]
	flags = flags[:len(out)]
	s32 := int64(int32(s))
	for i := range out {
		// Field by field through p: a composite literal made the
		// compiler spill registers in this loop.
		p := &out[i]
		p.X = sub(scaleFUnits(xs[i], s32), dx)
		p.Y = scaleFUnits(ys[i], s32)
		p.On = flags[i]&tagOn != 0
	}
}

// loadPoints stores the points xs, ys (font units) scaled by s in cur
// and their on-curve bits (of flags) in tags: the FT_MulFix scaling of
// TT_Process_Simple_Glyph. len(cur), len(tags) >= len(xs) == len(ys)
// == len(flags).
func loadPoints(cur []vec, tags []uint8, xs, ys []int32, flags []uint8, s int64) {
	cur = cur[:len(xs)]
	tags = tags[:len(xs)]
	ys = ys[:len(xs)]
	flags = flags[:len(xs)]
	s32 := int64(int32(s))
	for i, x := range xs {
		cur[i] = vec{scaleFUnits(x, s32), scaleFUnits(ys[i], s32)}
		tags[i] = flags[i] & tagOn
	}
}

// scaleFUnits is mulFix(int64(a), s) with s32 = int64(int32(s)) computed
// once by the caller (FT_MulFix truncates both operands to 32 bits).
func scaleFUnits(a int32, s32 int64) int64 {
	ret := int64(a) * s32
	ret += 0x8000 + (ret >> 63)
	return int64(int32(ret >> 16))
}

// loadPointsOrg is loadPoints that also stores the unscaled points in
// orus and the scaled ones in org.
func loadPointsOrg(cur, org, orus []vec, tags []uint8, xs, ys []int32, flags []uint8, s int64) {
	cur = cur[:len(xs)]
	org = org[:len(xs)]
	orus = orus[:len(xs)]
	tags = tags[:len(xs)]
	ys = ys[:len(xs)]
	flags = flags[:len(xs)]
	s32 := int64(int32(s))
	for i, x32 := range xs {
		y32 := ys[i]
		orus[i] = vec{int64(x32), int64(y32)}
		v := vec{scaleFUnits(x32, s32), scaleFUnits(y32, s32)}
		cur[i] = v
		org[i] = v
		tags[i] = flags[i] & tagOn
	}
}

// hintGlyph is TT_Hint_Glyph: z includes the four phantom points.
// orgSet says that the caller already copied cur to org.
func (in *Instance) hintGlyph(z *zone, composite bool, ins []byte, orgSet bool) {
	ld := &in.ld
	e := &in.e
	n := z.nPoints
	if len(ins) > 0 && !orgSet {
		copy(z.org[:n], z.cur[:n])
	}
	e.gs = in.sizeGS
	if composite {
		e.xScale, e.yScale = 0x10000, 0x10000
		copy(z.orus[:n], z.cur[:n])
	} else {
		e.xScale, e.yScale = in.scale, in.scale
	}
	z.cur[n-4].x = pixRound(z.cur[n-4].x)
	z.cur[n-3].x = pixRound(z.cur[n-3].x)
	z.cur[n-2].y = pixRound(z.cur[n-2].y)
	z.cur[n-1].y = pixRound(z.cur[n-1].y)
	if len(ins) > 0 {
		e.ranges[rangeGlyph] = ins
		e.isComposite = composite
		e.pts = *z
		// TT_Run_Context
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
		// Glyph program faults are not errors (FreeType, non-pedantic);
		// the first one is kept for LastGlyphFault.
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

// hintPhantoms is hintGlyph for a simple glyph without instructions,
// given its four phantom points in cur: the size's graphics state and
// scales are restored, the phantom points rounded and, unless v40
// backward compatibility is on, taken as the loader's.
func (in *Instance) hintPhantoms(pp []vec) {
	ld := &in.ld
	e := &in.e
	pp = pp[:4]
	e.gs = in.sizeGS
	e.xScale, e.yScale = in.scale, in.scale
	pp[0].x = pixRound(pp[0].x)
	pp[1].x = pixRound(pp[1].x)
	pp[2].y = pixRound(pp[2].y)
	pp[3].y = pixRound(pp[3].y)
	if !(e.version == 40 && e.backwardCompat) {
		ld.pp1, ld.pp2, ld.pp3, ld.pp4 = pp[0], pp[1], pp[2], pp[3]
	}
}

// processComponent is TT_Process_Composite_Component: transform and
// place the component just loaded (points numBase..nPoints-1).
func (in *Instance) processComponent(gid int, c *sfnt.Component, startPoint, numBase int) error {
	ld := &in.ld
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
		x = mulFix(x, in.scale)
		y = mulFix(y, in.scale)
		if c.Flags&sfnt.ROUND_XY_TO_GRID != 0 && ld.hinted {
			if in.e.version == 35 {
				x = pixRound(x)
			}
			y = pixRound(y)
		}
	}
	if x != 0 || y != 0 {
		for i := range pts {
			pts[i].x = add(pts[i].x, x)
			pts[i].y = add(pts[i].y, y)
		}
	}
	return nil
}

// processCompositeGlyph is TT_Process_Composite_Glyph: run the composite's
// own program over all its points.
func (in *Instance) processCompositeGlyph(gid int, g *sfnt.Glyph, startPoint, startContour int) error {
	ld := &in.ld
	if ld.nPoints+4 > MaxPoints {
		return glyphErr(gid, "Array_Too_Large", "too many points")
	}
	ld.ensure(ld.nPoints + 4)
	n := ld.nPoints
	ld.cur[n], ld.cur[n+1], ld.cur[n+2], ld.cur[n+3] = ld.pp1, ld.pp2, ld.pp3, ld.pp4
	ld.tags[n], ld.tags[n+1], ld.tags[n+2], ld.tags[n+3] = 0, 0, 0, 0
	if g.InstructionsErr != nil {
		code := "Too_Many_Hints"
		return glyphErr(gid, code, g.InstructionsErr.Error())
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
	in.hintGlyph(&z, true, g.Instructions, false)
	return nil
}
