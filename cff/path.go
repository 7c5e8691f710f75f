package cff

// The glyph path and outline builder: FreeType's CF2_GlyphPath
// (src/psaux/pshints.c, cf2_glyphpath_*) and the PS_Builder callbacks it
// drives (src/psaux/psft.c cf2_builder_*, psobjs.c ps_builder_*).
//
// Stem darkening is off in FreeType 2.12.1's CFF driver by default
// (cff_driver_init: no_stem_darkening = TRUE) and is not implemented
// here: every darkening offset is zero, so segments always join and
// cf2_glyphpath_computeIntersection is never needed.

// A Point is an outline point in 26.6 pixels (after Load) or, inside the
// machine, in FreeType's pre-scaling units.
type Point struct{ X, Y int64 }

// Outline tags (FT_CURVE_TAG_ON, FT_CURVE_TAG_CUBIC).
const (
	TagOn    = 1
	TagCubic = 2
)

// An Outline is a loaded glyph: points, their tags and the last point of
// each contour (FT_Outline).
type Outline struct {
	Points []Point
	Tags   []byte
	Ends   []int
	// Advance is the horizontal advance in 26.6 pixels.
	Advance int64
}

// Limits of the outline builder (FT_OUTLINE_POINTS_MAX,
// FT_OUTLINE_CONTOURS_MAX: FT_GlyphLoader_CheckPoints fails beyond them).
const (
	MaxPoints   = 0x7FFF
	MaxContours = 0x7FFF
)

// builder is ps_builder: it appends points and contours to an Outline.
type builder struct {
	o         *Outline
	pathBegun bool
	err       string // FreeType error name, "" if none
}

// reset empties the outline, keeping its buffers.
func (b *builder) reset(o *Outline) {
	o.Points, o.Tags, o.Ends = o.Points[:0], o.Tags[:0], o.Ends[:0]
	b.o, b.pathBegun, b.err = o, false, ""
}

// checkPoints is ps_builder_check_points (FT_GLYPHLOADER_CHECK_POINTS).
func (b *builder) checkPoints(n int) bool {
	if len(b.o.Points)+n > MaxPoints {
		if b.err == "" {
			b.err = "Array_Too_Large"
		}
		return false
	}
	return true
}

// addPoint is ps_builder_add_point: 16.16 coordinates to 26.6 by >> 10.
func (b *builder) addPoint(x, y int32, on bool) {
	t := byte(TagCubic)
	if on {
		t = TagOn
	}
	b.o.Points = append(b.o.Points, Point{int64(x) >> 10, int64(y) >> 10})
	b.o.Tags = append(b.o.Tags, t)
}

// addContour is ps_builder_add_contour.
func (b *builder) addContour() bool {
	if len(b.o.Ends)+1 > MaxContours {
		if b.err == "" {
			b.err = "Array_Too_Large"
		}
		return false
	}
	if n := len(b.o.Ends); n > 0 {
		b.o.Ends[n-1] = len(b.o.Points) - 1
	}
	b.o.Ends = append(b.o.Ends, 0)
	return true
}

// startPoint is ps_builder_start_point.
func (b *builder) startPoint(x, y int32) bool {
	if b.pathBegun {
		return true
	}
	b.pathBegun = true
	if !b.addContour() || !b.checkPoints(1) {
		return false
	}
	b.addPoint(x, y, true)
	return true
}

// closeContour is ps_builder_close_contour.
func (b *builder) closeContour() {
	o := b.o
	nc := len(o.Ends)
	first := 0
	if nc > 1 {
		first = o.Ends[nc-2] + 1
	}
	if nc > 0 && first == len(o.Points) {
		o.Ends = o.Ends[:nc-1]
		return
	}
	if np := len(o.Points); np > 1 {
		p1, p2 := o.Points[first], o.Points[np-1]
		if p1 == p2 && o.Tags[np-1] == TagOn {
			o.Points, o.Tags = o.Points[:np-1], o.Tags[:np-1]
		}
	}
	if nc > 0 {
		if first == len(o.Points)-1 {
			o.Ends = o.Ends[:nc-1]
			o.Points, o.Tags = o.Points[:len(o.Points)-1], o.Tags[:len(o.Tags)-1]
		} else {
			o.Ends[nc-1] = len(o.Points) - 1
		}
	}
}

// moveTo is cf2_builder_moveTo.
func (b *builder) moveTo() {
	b.closeContour()
	b.pathBegun = false
}

// lineTo is cf2_builder_lineTo.
func (b *builder) lineTo(p0, p1 vec) {
	if !b.pathBegun && !b.startPoint(p0.x, p0.y) {
		return
	}
	if b.checkPoints(1) {
		b.addPoint(p1.x, p1.y, true)
	}
}

// cubeTo is cf2_builder_cubeTo.
func (b *builder) cubeTo(p0, p1, p2, p3 vec) {
	if !b.pathBegun && !b.startPoint(p0.x, p0.y) {
		return
	}
	if !b.checkPoints(3) {
		return
	}
	// ps_builder_add_point three times: two cubic controls, an on point
	b.o.Points = append(b.o.Points, Point{int64(p1.x) >> 10, int64(p1.y) >> 10},
		Point{int64(p2.x) >> 10, int64(p2.y) >> 10}, Point{int64(p3.x) >> 10, int64(p3.y) >> 10})
	b.o.Tags = append(b.o.Tags, TagCubic, TagCubic, TagOn)
}

// vec is a 16.16 point (FT_Vector holding CF2_Fixed values).
type vec struct{ x, y int32 }

// pathOp is the kind of a queued path element.
type pathOp uint8

const (
	opLine pathOp = iota + 1
	opCube
)

// glyphPath is CF2_GlyphPathRec without darkening.
type glyphPath struct {
	m       *machine
	b       *builder
	scaleX  int32 // innerTransform.a
	hintMap *hintMap
	first   *hintMap // firstHintMap

	currentCS, start               vec
	currentDS                      vec
	offsetStart0, offsetStart1     vec
	moveIsPending, pathIsOpen      bool
	pathIsClosing, elemQueued      bool
	prevOp                         pathOp
	prevP0, prevP1, prevP2, prevP3 vec
}

// init is cf2_glyphpath_init.
func (g *glyphPath) init(m *machine, b *builder) {
	*g = glyphPath{m: m, b: b, scaleX: m.scaleX, hintMap: &m.hintMap, first: &m.firstHintMap}
	g.moveIsPending = true
}

// hintPoint is cf2_glyphpath_hintPoint (the outer transform is the
// identity and the fractional translation zero in FreeType's CFF driver).
//
// FreeType's scaleC is 0 and the outer transform the identity: FT_MulFix
// by 0 is 0 and by 1.0 is exact on 32-bit values, so the point is
// (FT_MulFix(scaleX, x), the hint map's y).
func (g *glyphPath) hintPoint(hm *hintMap, x, y int32) vec {
	return vec{mulFix32(g.scaleX, x), hm.mapCoord(g.m, y)}
}

// pushPrevElem is cf2_glyphpath_pushPrevElem (no intersections: without
// darkening the previous element ends where the next one starts).
func (g *glyphPath) pushPrevElem(hm *hintMap, nextP0 vec, close bool) {
	pt0 := g.currentDS
	switch g.prevOp {
	case opLine:
		use := hm
		if close {
			use = g.first
		}
		pt1 := g.hintPoint(use, g.prevP1.x, g.prevP1.y)
		if pt0 != pt1 {
			g.b.lineTo(pt0, pt1)
			g.currentDS = pt1
		}
	case opCube:
		// hintPoint of the three control points, in order
		sx := g.scaleX
		ys := [3]int32{g.prevP1.y, g.prevP2.y, g.prevP3.y}
		hm.map3(&ys)
		p1 := vec{mulFix32(sx, g.prevP1.x), ys[0]}
		p2 := vec{mulFix32(sx, g.prevP2.x), ys[1]}
		p3 := vec{mulFix32(sx, g.prevP3.x), ys[2]}
		g.b.cubeTo(pt0, p1, p2, p3)
		g.currentDS = p3
	}
	if !close {
		// FreeType maps nextP0 with the same map and draws a line to it
		// if it differs from the current point; without darkening nextP0
		// is the previous element's end, so the mapped point is
		// currentDS (or the skipped zero-length line's end, equal to it)
		// and no line is drawn
		return
	}
	pt1 := g.hintPoint(g.first, nextP0.x, nextP0.y)
	if pt1 != g.currentDS {
		g.b.lineTo(g.currentDS, pt1)
		g.currentDS = pt1
	}
}

// pushMove is cf2_glyphpath_pushMove.
func (g *glyphPath) pushMove(start vec) {
	if !g.hintMap.valid {
		g.moveTo(g.start.x, g.start.y)
	}
	pt1 := g.hintPoint(g.hintMap, start.x, start.y)
	g.b.moveTo()
	g.currentDS = pt1
	g.offsetStart0 = start
}

// moveTo is cf2_glyphpath_moveTo.
func (g *glyphPath) moveTo(x, y int32) {
	g.closeOpenPath()
	g.currentCS, g.start = vec{x, y}, vec{x, y}
	g.moveIsPending = true
	if !g.hintMap.valid || g.m.mask.isNew {
		g.m.buildHintMap(g.hintMap, false)
	}
	g.first.copyFrom(g.hintMap)
}

// lineTo is cf2_glyphpath_lineTo.
func (g *glyphPath) lineTo(x, y int32) {
	newHintMap := g.m.mask.isNew && !g.pathIsClosing
	if g.currentCS.x == x && g.currentCS.y == y && !newHintMap {
		return
	}
	p0, p1 := g.currentCS, vec{x, y}
	g.startElem(p0, p1)
	g.prevOp, g.prevP0, g.prevP1 = opLine, p0, p1
	if newHintMap {
		g.m.buildHintMap(g.hintMap, false)
	}
	g.currentCS = p1
}

// startElem is the part cf2_glyphpath_lineTo and cf2_glyphpath_curveTo
// share: the pending move is pushed (the path opens), the queued element
// is emitted, and the new one (starting at p0, first control or end
// point p1) becomes the queued one.
func (g *glyphPath) startElem(p0, p1 vec) {
	if g.moveIsPending {
		g.pushMove(p0)
		g.moveIsPending = false
		g.pathIsOpen = true
		g.offsetStart1 = p1
	}
	if g.elemQueued {
		g.pushPrevElem(g.hintMap, p0, false)
	}
	g.elemQueued = true
}

// curveTo is cf2_glyphpath_curveTo.
func (g *glyphPath) curveTo(x1, y1, x2, y2, x3, y3 int32) {
	p0 := g.currentCS
	p1, p2, p3 := vec{x1, y1}, vec{x2, y2}, vec{x3, y3}
	g.startElem(p0, p1)
	g.prevOp, g.prevP0, g.prevP1, g.prevP2, g.prevP3 = opCube, p0, p1, p2, p3
	if g.m.mask.isNew {
		g.m.buildHintMap(g.hintMap, false)
	}
	g.currentCS = p3
}

// closeOpenPath is cf2_glyphpath_closeOpenPath.
func (g *glyphPath) closeOpenPath() {
	if !g.pathIsOpen {
		return
	}
	g.pathIsClosing = true
	g.lineTo(g.start.x, g.start.y)
	if g.elemQueued {
		g.pushPrevElem(g.hintMap, g.offsetStart0, true)
	}
	g.moveIsPending = true
	g.pathIsOpen = false
	g.pathIsClosing = false
	g.elemQueued = false
}

// add32 is ADD_INT32: 32-bit wrapping addition.
func add32(a, b int32) int32 { return int32(uint32(a) + uint32(b)) }

// sub32 is SUB_INT32.
func sub32(a, b int32) int32 { return int32(uint32(a) - uint32(b)) }

// mulFix32 is FT_MulFix on CF2_Fixed values.
func mulFix32(a, b int32) int32 { return int32(mulFix(int64(a), int64(b))) }
