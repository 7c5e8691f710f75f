package shape

import "math"

// Collision avoidance: graphite2's Zones (Intervals.cpp), ShiftCollider and
// KernCollider (Collider.cpp) and the pass's collision phases (Pass.cpp).
// Every float product is rounded to float32 on its own (fm), as graphite2
// computes without fused multiply-add.

// fm is a*b rounded to float32 on its own, as graphite2 computes each
// product without fused multiply-add.
func fm(a, b float32) float32 { return float32(a * b) }

// sqr is x*x rounded to float32.
func sqr(x float32) float32 { return float32(x * x) }

const isqrt2 = float32(0.707106781)

// ---- Zones ----

type exclusion struct {
	x, xm, c, sm, smx float32
	open              bool
}

// weightedXY is graphite2's Zones::Exclusion::weighted<XY> (Intervals.cpp):
// an exclusion over [xmin, xmax] on the x or y axis whose cost grows
// quadratically away from xi with weight m, plus the fixed cost c; f and a0
// add the pull towards the origin.
func weightedXY(xmin, xmax, f, a0, m, xi, ai, c float32, nega bool) exclusion {
	return exclusion{x: xmin, xm: xmax, sm: m + f, smx: fm(m, xi),
		c: fm(fm(m, xi), xi) + fm(fm(f, a0), a0) + c}
}

// weightedSD is Zones::Exclusion::weighted<SD>: the same for the sum and
// difference axes, whose coordinates are scaled by 1/2 (nega: the
// difference axis subtracts ai).
func weightedSD(xmin, xmax, f, a0, m, xi, ai, c float32, nega bool) exclusion {
	xia := xi + ai
	if nega {
		xia = xi - ai
	}
	return exclusion{x: xmin, xm: xmax,
		sm:  fm(0.25, m+fm(2, f)),
		smx: fm(fm(0.25, m), xia),
		c:   fm(0.25, fm(fm(m, xia), xia)+fm(fm(fm(2, f), a0), a0)) + c}
}

// splitAt is Zones::Exclusion::split_at: e keeps [p, xm) and the returned
// copy covers [x, p).
func (e *exclusion) splitAt(p float32) exclusion {
	r := *e
	e.x = p
	r.xm = p
	return r
}

// addTo is Zones::Exclusion::operator+=: adds r's cost terms to e, which
// is no longer open.
func (e *exclusion) addTo(r *exclusion) {
	e.c += r.c
	e.sm += r.sm
	e.smx += r.smx
	e.open = false
}

// outcode is Zones::Exclusion::outcode: bit 1 when p is at or beyond the
// exclusion's end, bit 0 when p is before its start, 0 inside.
func (e *exclusion) outcode(p float32) int {
	o := 0
	if p-e.xm >= 0 {
		o |= 2
	}
	if e.x-p > 0 {
		o |= 1
	}
	return o
}

// cost is Zones::Exclusion::cost: the quadratic cost of position p.
func (e *exclusion) cost(p float32) float32 {
	return fm(fm(e.sm, p)-fm(2, e.smx), p) + e.c
}

// testPosition is Zones::Exclusion::test_position: the cheapest position
// in the exclusion for a target at origin.
func (e *exclusion) testPosition(origin float32) float32 {
	if e.sm < 0 {
		res := e.x
		cl := e.cost(e.x)
		if e.x < origin && e.xm > origin {
			co := e.cost(origin)
			if co < cl {
				cl = co
				res = origin
			}
		}
		cr := e.cost(e.xm)
		if cl > cr {
			return e.xm
		}
		return res
	}
	zerox := e.smx/e.sm + origin
	if zerox < e.x {
		return e.x
	} else if zerox > e.xm {
		return e.xm
	}
	return zerox
}

// trackCost is Zones::Exclusion::track_cost: records the exclusion's
// cheapest position in bestCost and bestPos when it beats them, and reports
// whether the search can stop (an open exclusion that costs more).
func (e *exclusion) trackCost(bestCost, bestPos *float32, origin float32) bool {
	p := e.testPosition(origin)
	localc := e.cost(p - origin)
	if e.open && localc > *bestCost {
		return true
	}
	if localc < *bestCost {
		*bestCost = localc
		*bestPos = p
	}
	return false
}

type zones struct {
	ex                  []exclusion
	marginLen, marginWt float32
	pos, posm           float32
	env                 *collEnv  // non-nil while tracing: insert and remove are recorded
	recs                []zoneRec // what was inserted and removed since initialise (tracing)
}

// initialise is Zones::initialise: one open exclusion over [xmin, xmax]
// (sd: on a sum/difference axis) and the margin the later exclusions get.
func (z *zones) initialise(sd bool, xmin, xmax, marginLen, marginWt, a0 float32) {
	z.marginLen = marginLen
	z.marginWt = marginWt
	z.pos = xmin
	z.posm = xmax
	z.ex = z.ex[:0]
	z.recs = z.recs[:0]
	var e exclusion
	if sd {
		e = weightedSD(xmin, xmax, 1, a0, 0, 0, 0, 0, false)
	} else {
		e = weightedXY(xmin, xmax, 1, a0, 0, 0, 0, 0, false)
	}
	e.open = true
	z.ex = append(z.ex, e)
}

// insertAt inserts e before index i (std::vector::insert).
func (z *zones) insertAt(i int, e exclusion) {
	z.ex = append(z.ex, exclusion{})
	copy(z.ex[i+1:], z.ex[i:])
	z.ex[i] = e
}

// eraseAt removes the exclusion at index i (std::vector::erase).
func (z *zones) eraseAt(i int) {
	copy(z.ex[i:], z.ex[i+1:])
	z.ex = z.ex[:len(z.ex)-1]
}

// weightedAxis is Zones::weighted<axis>: inserts a weighted exclusion made
// for the axis (0 x, 1 y: weightedXY; 2 sum, 3 difference: weightedSD).
func (z *zones) weightedAxis(axis int, xmin, xmax, f, a0, m, xi, ai, c float32, nega bool) {
	if axis < 2 {
		z.insert(weightedXY(xmin, xmax, f, a0, m, xi, ai, c, nega))
	} else {
		z.insert(weightedSD(xmin, xmax, f, a0, m, xi, ai, c, nega))
	}
}

// excludeWithMargins is Zones::exclude_with_margins: removes [xmin, xmax]
// and adds the margin exclusions either side of it.
func (z *zones) excludeWithMargins(xmin, xmax float32, axis int) {
	z.remove(xmin, xmax)
	z.weightedAxis(axis, xmin-z.marginLen, xmin, 0, 0, z.marginWt, xmin-z.marginLen, 0, 0, false)
	z.weightedAxis(axis, xmax, xmax+z.marginLen, 0, 0, z.marginWt, xmax+z.marginLen, 0, 0, false)
}

// insert is Zones::insert: merges e into the sorted exclusions, splitting
// and adding to those it overlaps (recorded for the trace when tracing).
func (z *zones) insert(e exclusion) {
	if z.env != nil {
		z.recs = append(z.recs, zoneRec{s: z.env.s, tag: z.env.tag, e: e})
	}
	e.x = max32(e.x, z.pos)
	e.xm = min32(e.xm, z.posm)
	if e.x >= e.xm {
		return
	}
	for i := 0; i < len(z.ex) && e.x < e.xm; i++ {
		oca := e.outcode(z.ex[i].x)
		ocb := e.outcode(z.ex[i].xm)
		if oca&ocb != 0 {
			continue
		}
		switch oca ^ ocb {
		case 0:
			z.ex[i].addTo(&e)
			e.x = z.ex[i].xm
		case 1:
			if z.ex[i].xm == e.x {
				break
			}
			if z.ex[i].x != e.x {
				z.insertAt(i, z.ex[i].splitAt(e.x))
				i++
			}
			z.ex[i].addTo(&e)
			e.x = z.ex[i].xm
		case 2:
			if e.xm == z.ex[i].x {
				return
			}
			if e.xm != z.ex[i].xm {
				z.insertAt(i, z.ex[i].splitAt(e.xm))
			}
			z.ex[i].addTo(&e)
			return
		case 3:
			if e.xm != z.ex[i].xm {
				z.insertAt(i, z.ex[i].splitAt(e.xm))
			}
			z.insertAt(i, z.ex[i].splitAt(e.x))
			i++
			z.ex[i].addTo(&e)
			return
		}
	}
}

// remove is Zones::remove: cuts [x, xm] out of the exclusions (recorded for
// the trace when tracing).
func (z *zones) remove(x, xm float32) {
	if z.env != nil {
		z.recs = append(z.recs, zoneRec{s: z.env.s, tag: z.env.tag, del: true, e: exclusion{x: x, xm: xm}})
	}
	x = max32(x, z.pos)
	xm = min32(xm, z.posm)
	if x >= xm {
		return
	}
	for i := 0; i < len(z.ex); i++ {
		oca := z.ex[i].outcode(x)
		ocb := z.ex[i].outcode(xm)
		if oca&ocb != 0 {
			continue
		}
		switch oca ^ ocb {
		case 0:
			if z.ex[i].x != x {
				z.insertAt(i, z.ex[i].splitAt(x))
				i++
			}
			z.ex[i].x = xm
			return
		case 1:
			z.ex[i].x = xm
			return
		case 2:
			z.ex[i].xm = x
			if z.ex[i].x != z.ex[i].xm {
				break
			}
			z.eraseAt(i)
			i--
		case 3:
			z.eraseAt(i)
			i--
		}
	}
}

// findExclusionUnder is Zones::find_exclusion_under: binary search for the
// exclusion containing x, or the index where it would be.
func (z *zones) findExclusionUnder(x float32) int {
	l, h := 0, len(z.ex)
	for l < h {
		p := (l + h) >> 1
		switch z.ex[p].outcode(x) {
		case 0:
			return p
		case 1:
			h = p
		default:
			l = p + 1
		}
	}
	return l
}

// closest is Zones::closest: the cheapest position near origin, searching
// outwards from the exclusion under it; *cost is its cost, or -1 when no
// position is allowed.
func (z *zones) closest(origin float32, cost *float32) float32 {
	bestC := float32(math.MaxFloat32)
	var bestX float32
	start := z.findExclusionUnder(origin)
	for i := start; i < len(z.ex); i++ {
		if z.ex[i].trackCost(&bestC, &bestX, origin) {
			break
		}
	}
	for i := start - 1; i >= 0; i-- {
		if z.ex[i].trackCost(&bestC, &bestX, origin) {
			break
		}
	}
	if bestC == math.MaxFloat32 {
		*cost = -1
	} else {
		*cost = bestC
	}
	return bestX
}

// ---- glyph boxes ----

// bbox and slant box as graphite2's collision code reads them (by slot gid).
func (f *Font) boxCheck(gid uint16) bool { return f.hasBoxes && int(gid) < f.numGlyphs }

// slant is glyph gid's slant (diagonal) box as the collision code reads it
// (GlyphCache::getBoundingSlantBox); empty when the face keeps no octaboxes.
func (f *Font) slant(gid uint16) rect {
	if !f.boxesLoaded || int(gid) >= len(f.boxes) {
		return rect{}
	}
	return f.boxes[gid].dia
}

// subBoxes returns glyph gid's sub-boxes: 2 rects each, the axis-aligned
// box (graphite2's subBB) then the diagonal one (subSB); none when the face
// keeps no octaboxes.
func (f *Font) subBoxes(gid uint16) []rect {
	if !f.boxesLoaded || int(gid) >= len(f.boxes) {
		return nil
	}
	return f.boxes[gid].subs
}

// ---- ShiftCollider ----

type shiftCollider struct {
	ranges       [4]zones
	target       *slot
	limit        rect
	currShift    pt
	currOffset   pt
	origin       pt
	margin       float32
	marginWt     float32
	seqClass     uint16
	seqProxClass uint16
	seqOrder     uint16
	env          collEnv // what the zones' trace records name (graphite2's json env)
}

type collider struct {
	shift shiftCollider
	kern  kernCollider
}

// initSlot is ShiftCollider::initSlot (Collider.cpp): sets the collider up
// for slot s with its limit, margin and current shift and offset, and
// initialises the four axes' zones; false when the face has no box for
// s's glyph.
func (sc *shiftCollider) initSlot(seg *segment, s *slot, limit rect, margin, marginWeight float32, currShift, currOffset pt, dir int) bool {
	f := seg.face
	gid := s.glyph
	if !f.boxCheck(gid) {
		return false
	}
	bb := f.glyphBBox(int(gid))
	sb := f.slant(gid)
	if currOffset.x != 0 || currOffset.y != 0 {
		sc.limit = rect{limit.blx - currOffset.x, limit.bly - currOffset.y, limit.trx - currOffset.x, limit.try - currOffset.y}
	} else {
		sc.limit = limit
	}
	_ = bb
	_ = sb
	for i := 0; i < 4; i++ {
		var mn, mx, a, shift float32
		switch i {
		case 0:
			mn = sc.limit.blx + currOffset.x
			mx = sc.limit.trx + currOffset.x
			a = currOffset.y + currShift.y
			sc.ranges[i].initialise(false, mn, mx, margin, marginWeight, a)
		case 1:
			mn = sc.limit.bly + currOffset.y
			mx = sc.limit.try + currOffset.y
			a = currOffset.x + currShift.x
			sc.ranges[i].initialise(false, mn, mx, margin, marginWeight, a)
		case 2:
			shift = currOffset.x + currOffset.y + currShift.x + currShift.y
			mn = fm(-2, min32(currShift.x-sc.limit.blx, currShift.y-sc.limit.bly)) + shift
			mx = fm(2, min32(sc.limit.trx-currShift.x, sc.limit.try-currShift.y)) + shift
			a = currOffset.x - currOffset.y + currShift.x - currShift.y
			sc.ranges[i].initialise(true, mn, mx, margin/isqrt2, marginWeight, a)
		case 3:
			shift = currOffset.x - currOffset.y + currShift.x - currShift.y
			mn = fm(-2, min32(currShift.x-sc.limit.blx, sc.limit.try-currShift.y)) + shift
			mx = fm(2, min32(sc.limit.trx-currShift.x, currShift.y-sc.limit.bly)) + shift
			a = currOffset.x + currOffset.y + currShift.x + currShift.y
			sc.ranges[i].initialise(true, mn, mx, margin/isqrt2, marginWeight, a)
		}
	}
	sc.target = s
	if dir&1 == 0 {
		sc.limit.blx = fm(-1, limit.trx)
	}
	sc.currOffset = currOffset
	sc.currShift = currShift
	sc.origin = s.pos.sub(currOffset)
	sc.margin = margin
	sc.marginWt = marginWeight
	c := seg.collisionInfo(s)
	sc.seqClass = c.seqClass
	sc.seqProxClass = c.seqProxClass
	sc.seqOrder = c.seqOrder
	return true
}

// sdmGreater is the bound on a sum/difference axis that
// ShiftCollider::mergeSlot computes for a box edge (graphite2's sdm helper
// with the comparison >).
func sdmGreater(vi, va, mx, my float32) float32 {
	res := fm(2, mx) - vi
	if res > vi+fm(2, my) {
		res = va + fm(2, my)
		if res > fm(2, mx)-va {
			res = mx + my
		}
	}
	return res
}

// sdmLess is sdmGreater with the comparison < (graphite2's sdm helper).
func sdmLess(vi, va, mx, my float32) float32 {
	res := fm(2, mx) - vi
	if res < vi+fm(2, my) {
		res = va + fm(2, my)
		if res < fm(2, mx)-va {
			res = mx + my
		}
	}
	return res
}

// addBoxSlope is ShiftCollider::addBox_slope: marks box on axis (x, y, sum
// or difference) with a cost that varies along the axis, for a target with
// bounding box bb and slant box sb at org.
func (sc *shiftCollider) addBoxSlope(isx bool, box, bb, sb rect, org pt, weight, m float32, minright bool, axis int) {
	switch axis {
	case 0:
		if box.bly < org.y+bb.try && box.try > org.y+bb.bly && box.trx-box.blx > 0 {
			a := org.y + fm(0.5, bb.bly+bb.try)
			c := fm(0.5, bb.blx+bb.trx)
			if isx {
				e := box.blx
				if minright {
					e = box.trx
				}
				sc.ranges[axis].insert(weightedXY(box.blx-c, box.trx-c, weight, a, m, e-c, a, 0, false))
			} else {
				e := box.bly
				if minright {
					e = box.try
				}
				sc.ranges[axis].insert(weightedXY(box.blx-c, box.trx-c, weight, a, 0, 0, org.y,
					fm(m, fm(a, a)+sqr(e-fm(0.5, bb.bly+bb.try))), false))
			}
		}
	case 1:
		if box.blx < org.x+bb.trx && box.trx > org.x+bb.blx && box.try-box.bly > 0 {
			a := org.x + fm(0.5, bb.blx+bb.trx)
			c := fm(0.5, bb.bly+bb.try)
			if isx {
				e := box.blx
				if minright {
					e = box.trx
				}
				sc.ranges[axis].insert(weightedXY(box.bly-c, box.try-c, weight, a, 0, 0, org.x,
					fm(m, fm(a, a)+sqr(e-fm(0.5, bb.blx+bb.trx))), false))
			} else {
				e := box.bly
				if minright {
					e = box.try
				}
				sc.ranges[axis].insert(weightedXY(box.bly-c, box.try-c, weight, a, m, e-c, a, 0, false))
			}
		}
	case 2:
		if box.blx-box.try < org.x-org.y+sb.try && box.trx-box.bly > org.x-org.y+sb.bly {
			d := org.x - org.y + fm(0.5, sb.bly+sb.try)
			c := fm(0.5, sb.blx+sb.trx)
			smax := min32(fm(2, box.trx)-d, fm(2, box.try)+d)
			smin := max32(fm(2, box.blx)-d, fm(2, box.bly)+d)
			if smin > smax {
				return
			}
			a := d
			var si float32
			if isx {
				e := box.blx
				if minright {
					e = box.trx
				}
				si = fm(2, e) - a
			} else {
				e := box.bly
				if minright {
					e = box.try
				}
				si = fm(2, e) + a
			}
			sc.ranges[axis].insert(weightedSD(smin-c, smax-c, weight/2, a, m/2, si, 0, 0, isx))
		}
	case 3:
		if box.blx+box.bly < org.x+org.y+sb.trx && box.trx+box.try > org.x+org.y+sb.blx {
			s := org.x + org.y + fm(0.5, sb.blx+sb.trx)
			c := fm(0.5, sb.bly+sb.try)
			dmax := min32(fm(2, box.trx)-s, s-fm(2, box.bly))
			dmin := max32(fm(2, box.blx)-s, s-fm(2, box.try))
			if dmin > dmax {
				return
			}
			a := s
			var di float32
			if isx {
				e := box.blx
				if minright {
					e = box.trx
				}
				di = fm(2, e) - a
			} else {
				e := box.bly
				if minright {
					e = box.try
				}
				di = fm(2, e) + a
			}
			sc.ranges[axis].insert(weightedSD(dmin-c, dmax-c, weight/2, a, m/2, di, 0, 0, !isx))
		}
	}
}

// removeBox is ShiftCollider::removeBox: takes box (an area the target may
// not move into) out of the axis' zones.
func (sc *shiftCollider) removeBox(box, bb, sb rect, org pt, axis int) {
	switch axis {
	case 0:
		if box.bly < org.y+bb.try && box.try > org.y+bb.bly && box.trx-box.blx > 0 {
			c := fm(0.5, bb.blx+bb.trx)
			sc.ranges[axis].remove(box.blx-c, box.trx-c)
		}
	case 1:
		if box.blx < org.x+bb.trx && box.trx > org.x+bb.blx && box.try-box.bly > 0 {
			c := fm(0.5, bb.bly+bb.try)
			sc.ranges[axis].remove(box.bly-c, box.try-c)
		}
	case 2:
		if box.blx-box.try < org.x-org.y+sb.try && box.trx-box.bly > org.x-org.y+sb.bly &&
			box.trx-box.blx > 0 && box.try-box.bly > 0 {
			di := org.x - org.y + sb.bly
			da := org.x - org.y + sb.try
			smax := sdmGreater(di, da, box.trx, box.try)
			smin := sdmLess(da, di, box.blx, box.bly)
			c := fm(0.5, sb.blx+sb.trx)
			sc.ranges[axis].remove(smin-c, smax-c)
		}
	case 3:
		if box.blx+box.bly < org.x+org.y+sb.trx && box.trx+box.try > org.x+org.y+sb.blx &&
			box.trx-box.blx > 0 && box.try-box.bly > 0 {
			si := org.x + org.y + sb.blx
			sa := org.x + org.y + sb.trx
			dmax := sdmGreater(si, sa, box.trx, -box.bly)
			dmin := sdmLess(sa, si, box.blx, -box.try)
			c := fm(0.5, sb.bly+sb.try)
			sc.ranges[axis].remove(dmin-c, dmax-c)
		}
	}
}

const (
	seqLeftDown = 1
	seqRightUp  = 2
	seqNoAbove  = 4
	seqNoBelow  = 8
	seqNoLeft   = 16
	seqNoRight  = 32
)

// mergeNeighbour says how a neighbouring slot stands to the target in
// ShiftCollider::mergeSlot.
type mergeNeighbour struct {
	currShift   pt   // the neighbour's current collision shift
	isAfter     bool // it follows the target (sequence rules mirror)
	sameCluster bool // it is in the target's cluster
	isExclusion bool // it is the exclusion glyph of another slot (not merged again)
}

// mergeResult is what ShiftCollider::mergeSlot returns (considered) and
// what it sets through its isCol reference (collides).
type mergeResult struct {
	considered bool // false when the face has no box for the neighbour's glyph
	collides   bool // the neighbour, or its exclusion glyph, overlaps the target on some axis
}

// mergeSlot is ShiftCollider::mergeSlot: adds slot s, with collision data
// cs, as an obstacle for the target on all four axes: the sequence
// rules' boxes (addSeqBoxes), then its box or sub-boxes axis by axis
// (hit), then its exclusion glyph (mergeExclusion).
func (sc *shiftCollider) mergeSlot(seg *segment, s *slot, cs *slotCollision, nb mergeNeighbour) mergeResult {
	isCol := false
	currShift := nb.currShift
	f := seg.face
	sx := s.pos.x - sc.origin.x + currShift.x
	sy := s.pos.y - sc.origin.y + currShift.y
	sd := sx - sy
	ss := sx + sy
	gid := s.glyph
	if !f.boxCheck(gid) {
		return mergeResult{}
	}
	bb := f.glyphBBox(int(gid))
	orderFlags, sameClass := sc.seqOrderFlags(cs, nb.sameCluster)
	if orderFlags != 0 || (sx+bb.trx+sc.margin >= sc.limit.blx && sx+bb.blx-sc.margin <= sc.limit.trx) ||
		(sy+bb.try+sc.margin >= sc.limit.bly && sy+bb.bly-sc.margin <= sc.limit.try) {
		tx := sc.currOffset.x + sc.currShift.x
		ty := sc.currOffset.y + sc.currShift.y
		td := tx - ty
		ts := tx + ty
		sb := f.slant(gid)
		tgid := sc.target.glyph
		tbb := f.glyphBBox(int(tgid))
		tsb := f.slant(tgid)
		if nb.isAfter {
			orderFlags = afterOrderFlags(orderFlags, sameClass)
		}
		sc.env.s = s
		if orderFlags != 0 {
			sc.addSeqBoxes(orderFlags, cs, bb, tbb, tsb, sx, sy, tx, ty)
		}
		// rect fields: bb (xi=blx, yi=bly, xa=trx, ya=try); slant (si=blx, di=bly, sa=trx, da=try)
		for i := 0; i < 4; i++ {
			var vmin, vmax, otmin, otmax, omin, omax, torg, cmin, cmax, lmargin float32
			switch i {
			case 0:
				vmin = max32(max32(bb.blx-tbb.trx+sx, sb.bly-tsb.try+ty+sd), sb.blx-tsb.trx-ty+ss)
				vmax = min32(min32(bb.trx-tbb.blx+sx, sb.try-tsb.bly+ty+sd), sb.trx-tsb.blx-ty+ss)
				otmin = tbb.bly + ty
				otmax = tbb.try + ty
				omin = bb.bly + sy
				omax = bb.try + sy
				torg = sc.currOffset.x
				cmin = sc.limit.blx + torg
				cmax = sc.limit.trx - tbb.blx + tbb.trx + torg
				lmargin = sc.margin
			case 1:
				vmin = max32(max32(bb.bly-tbb.try+sy, tsb.bly-sb.try+tx-sd), sb.blx-tsb.trx-tx+ss)
				vmax = min32(min32(bb.try-tbb.bly+sy, tsb.try-sb.bly+tx-sd), sb.trx-tsb.blx-tx+ss)
				otmin = tbb.blx + tx
				otmax = tbb.trx + tx
				omin = bb.blx + sx
				omax = bb.trx + sx
				torg = sc.currOffset.y
				cmin = sc.limit.bly + torg
				cmax = sc.limit.try - tbb.bly + tbb.try + torg
				lmargin = sc.margin
			case 2:
				vmin = max32(max32(sb.blx-tsb.trx+ss, fm(2, bb.bly-tbb.try+sy)+td), fm(2, bb.blx-tbb.trx+sx)-td)
				vmax = min32(min32(sb.trx-tsb.blx+ss, fm(2, bb.try-tbb.bly+sy)+td), fm(2, bb.trx-tbb.blx+sx)-td)
				otmin = tsb.bly + td
				otmax = tsb.try + td
				omin = sb.bly + sd
				omax = sb.try + sd
				torg = sc.currOffset.x + sc.currOffset.y
				cmin = sc.limit.blx + sc.limit.bly + torg
				cmax = sc.limit.trx + sc.limit.try - tsb.blx + tsb.trx + torg
				lmargin = sc.margin / isqrt2
			case 3:
				vmin = max32(max32(sb.bly-tsb.try+sd, fm(2, bb.blx-tbb.trx+sx)-ts), fm(-2, bb.try-tbb.bly+sy)+ts)
				vmax = min32(min32(sb.try-tsb.bly+sd, fm(2, bb.trx-tbb.blx+sx)-ts), fm(-2, bb.bly-tbb.try+sy)+ts)
				otmin = tsb.blx + ts
				otmax = tsb.trx + ts
				omin = sb.blx + ss
				omax = sb.trx + ss
				torg = sc.currOffset.x - sc.currOffset.y
				cmin = sc.limit.blx - sc.limit.try + torg
				cmax = sc.limit.trx - sc.limit.bly - tsb.bly + tsb.try + torg
				lmargin = sc.margin / isqrt2
			}
			if vmax < cmin-lmargin || vmin > cmax+lmargin || omax < otmin-lmargin || omin > otmax+lmargin {
				continue
			}
			if subs := f.subBoxes(gid); len(subs) >= 2 {
				anyhits := false
				for j := 0; j+1 < len(subs); j += 2 {
					sbb, ssb := &subs[j], &subs[j+1]
					switch i {
					case 0:
						vmin = max32(max32(sbb.blx-tbb.trx+sx, ssb.bly-tsb.try+sd+ty), ssb.blx-tsb.trx+ss-ty)
						vmax = min32(min32(sbb.trx-tbb.blx+sx, ssb.try-tsb.bly+sd+ty), ssb.trx-tsb.blx+ss-ty)
						omin = sbb.bly + sy
						omax = sbb.try + sy
					case 1:
						vmin = max32(max32(sbb.bly-tbb.try+sy, tsb.bly-ssb.try-sd+tx), ssb.blx-tsb.trx+ss-tx)
						vmax = min32(min32(sbb.try-tbb.bly+sy, tsb.try-ssb.bly-sd+tx), ssb.trx-tsb.blx+ss-tx)
						omin = sbb.blx + sx
						omax = sbb.trx + sx
					case 2:
						vmin = max32(max32(ssb.blx-tsb.trx+ss, fm(2, sbb.bly-tbb.try+sy)+td), fm(2, sbb.blx-tbb.trx+sx)-td)
						vmax = min32(min32(ssb.trx-tsb.blx+ss, fm(2, sbb.try-tbb.bly+sy)+td), fm(2, sbb.trx-tbb.blx+sx)-td)
						omin = ssb.bly + sd
						omax = ssb.try + sd
					case 3:
						vmin = max32(max32(ssb.bly-tsb.try+sd, fm(2, sbb.blx-tbb.trx+sx)-ts), fm(-2, sbb.try-tbb.bly+sy)+ts)
						vmax = min32(min32(ssb.try-tsb.bly+sd, fm(2, sbb.trx-tbb.blx+sx)-ts), fm(-2, sbb.bly-tbb.try+sy)+ts)
						omin = ssb.blx + ss
						omax = ssb.trx + ss
					}
					if vmax < cmin-lmargin || vmin > cmax+lmargin || omax < otmin-lmargin || omin > otmax+lmargin {
						continue
					}
					sc.env.tag = j / 2
					sc.hit(i, vmin, vmax, omin, omax, otmin, otmax, lmargin)
					anyhits = true
				}
				if anyhits {
					isCol = true
				}
			} else {
				sc.env.tag = -1
				isCol = true
				sc.hit(i, vmin, vmax, omin, omax, otmin, otmax, lmargin)
			}
		}
	}
	r := mergeResult{considered: true, collides: isCol}
	if cs.exclGlyph > 0 && f.boxCheck(cs.exclGlyph) && !nb.isExclusion {
		sc.mergeExclusion(seg, s, cs, nb, &r)
	}
	return r
}

// seqOrderFlags is the sequence-order rule mergeSlot applies to a
// neighbour with collision data cs: the target's seqOrder when both are in
// one cluster and the neighbour's sequence class matches the target's
// class (sameClass, when the target has no proximity class) or its
// proximity class; else 0.
func (sc *shiftCollider) seqOrderFlags(cs *slotCollision, sameCluster bool) (orderFlags int, sameClass bool) {
	sameClass = sc.seqProxClass == 0 && cs.seqClass == sc.seqClass
	if sameCluster && sc.seqClass != 0 && (sameClass || (sc.seqProxClass != 0 && cs.seqClass == sc.seqProxClass)) {
		orderFlags = int(sc.seqOrder)
	}
	return orderFlags, sameClass
}

// afterOrderFlags is mergeSlot's mirroring of the sequence-order flags
// for a neighbour after the target: all six directions flipped for the
// same class, else only the first pair; then every pair with both bits
// set is cleared.
func afterOrderFlags(orderFlags int, sameClass bool) int {
	if sameClass {
		orderFlags ^= 0x3F
	} else {
		orderFlags ^= 0x3
	}
	return orderFlags ^ ((((orderFlags >> 1) & orderFlags) & 0x15) * 3)
}

// addSeqBoxes is the sequence-rule part of ShiftCollider::mergeSlot on
// each axis in turn: for the order rule orderFlags (seqRightUp, seqLeftDown,
// seqNoAbove, seqNoBelow, seqNoLeft, seqNoRight) it adds the sloped-cost
// boxes and removes the forbidden ones around the neighbour (box bb at
// sx, sy; collision data cs) for the target (boxes tbb, tsb at tx, ty).
func (sc *shiftCollider) addSeqBoxes(orderFlags int, cs *slotCollision, bb, tbb, tsb rect, sx, sy, tx, ty float32) {
	for i := 0; i < 4; i++ {
		org := pt{tx, ty}
		xminf := sc.limit.blx + sc.currOffset.x + tbb.blx
		xpinf := sc.limit.trx + sc.currOffset.x + tbb.trx
		ypinf := sc.limit.try + sc.currOffset.y + tbb.try
		yminf := sc.limit.bly + sc.currOffset.y + tbb.bly
		valign := float32(cs.seqValignHt)
		switch orderFlags {
		case seqRightUp:
			r1X := float32(cs.seqAboveXoff) + fm(0.5, bb.blx+bb.trx) + sx
			r3X := float32(cs.seqBelowXlim) + bb.trx + sx + fm(0.5, tbb.trx-tbb.blx)
			r2Y := fm(0.5, bb.bly+bb.try) + sy
			sc.env.tag = -11
			sc.addBoxSlope(true, rect{xminf, r2Y, r1X, ypinf}, tbb, tsb, org, 0, float32(cs.seqAboveWt), true, i)
			sc.env.tag = -12
			sc.removeBox(rect{xminf, yminf, r3X, r2Y}, tbb, tsb, org, i)
			sc.env.tag = -13
			sc.addBoxSlope(true, rect{r3X, yminf, xpinf, r2Y - valign}, tbb, tsb, org, float32(cs.seqBelowWt), 0, true, i)
			sc.env.tag = -14
			sc.addBoxSlope(false, rect{sx + bb.blx, r2Y, xpinf, r2Y + valign}, tbb, tsb, org, 0, float32(cs.seqValignWt), true, i)
			sc.env.tag = -15
			sc.addBoxSlope(false, rect{sx + bb.blx, r2Y - valign, xpinf, r2Y}, tbb, tsb, org, float32(cs.seqBelowWt), float32(cs.seqValignWt), false, i)
		case seqLeftDown:
			r1X := fm(0.5, bb.blx+bb.trx) + float32(cs.seqAboveXoff) + sx
			r3X := bb.blx - float32(cs.seqBelowXlim) + sx - fm(0.5, tbb.trx-tbb.blx)
			r2Y := fm(0.5, bb.bly+bb.try) + sy
			sc.env.tag = -21
			sc.addBoxSlope(true, rect{r1X, yminf, xpinf, r2Y}, tbb, tsb, org, 0, float32(cs.seqAboveWt), false, i)
			sc.env.tag = -22
			sc.removeBox(rect{r3X, r2Y, xpinf, ypinf}, tbb, tsb, org, i)
			sc.env.tag = -23
			sc.addBoxSlope(true, rect{xminf, r2Y - valign, r3X, ypinf}, tbb, tsb, org, float32(cs.seqBelowWt), 0, false, i)
			sc.env.tag = -24
			sc.addBoxSlope(false, rect{xminf, r2Y, sx + bb.trx, r2Y + valign}, tbb, tsb, org, 0, float32(cs.seqValignWt), true, i)
			sc.env.tag = -25
			sc.addBoxSlope(false, rect{xminf, r2Y - valign, sx + bb.trx, r2Y}, tbb, tsb, org, float32(cs.seqBelowWt), float32(cs.seqValignWt), false, i)
		case seqNoAbove:
			sc.env.tag = -31
			sc.removeBox(rect{bb.blx - tbb.trx + sx, sy + bb.try, bb.trx - tbb.blx + sx, ypinf}, tbb, tsb, org, i)
		case seqNoBelow:
			sc.env.tag = -32
			sc.removeBox(rect{bb.blx - tbb.trx + sx, yminf, bb.trx - tbb.blx + sx, sy + bb.bly}, tbb, tsb, org, i)
		case seqNoLeft:
			sc.env.tag = -33
			sc.removeBox(rect{xminf, bb.bly - tbb.try + sy, bb.blx - tbb.trx + sx, bb.try - tbb.bly + sy}, tbb, tsb, org, i)
		case seqNoRight:
			sc.env.tag = -34
			sc.removeBox(rect{bb.trx - tbb.blx + sx, bb.bly - tbb.try + sy, xpinf, bb.try - tbb.bly + sy}, tbb, tsb, org, i)
		}
	}
}

// mergeExclusion is the end of ShiftCollider::mergeSlot: the neighbour's
// exclusion glyph (cs.exclGlyph at cs.exclOffset from s) is merged as a
// neighbour of its own, in a temporary slot; its result is folded into r.
func (sc *shiftCollider) mergeExclusion(seg *segment, s *slot, cs *slotCollision, nb mergeNeighbour, r *mergeResult) {
	ex := seg.newSlot()
	if ex == nil {
		// graphite2 returns here before it sets hasCol from isCol
		r.collides = false
		return
	}
	seg.setGlyph(ex, cs.exclGlyph)
	ex.pos = s.pos.add(cs.exclOffset).add(ex.shift)
	var info slotCollision
	seg.collisionFromGlyph(&info, ex.glyph)
	nb.isExclusion = true
	er := sc.mergeSlot(seg, ex, &info, nb)
	r.considered = er.considered && r.considered
	r.collides = r.collides || er.collides
	seg.sh.releaseSlot(ex)
	if seg.sh.tr != nil {
		seg.sh.renameFreed(ex)
	}
}

// hit adds the exclusion for one overlap on axis i in
// ShiftCollider::mergeSlot: a margin-weighted cost when the obstacle is
// outside the target's orthogonal extent, else an exclusion with margins.
func (sc *shiftCollider) hit(i int, vmin, vmax, omin, omax, otmin, otmax, lmargin float32) {
	if omin > otmax {
		sc.ranges[i].weightedAxis(i, vmin-lmargin, vmax+lmargin, 0, 0, 0, 0, 0, fm(sqr(lmargin-omin+otmax), sc.marginWt), false)
	} else if omax < otmin {
		sc.ranges[i].weightedAxis(i, vmin-lmargin, vmax+lmargin, 0, 0, 0, 0, 0, fm(sqr(lmargin-otmin+omax), sc.marginWt), false)
	} else {
		sc.ranges[i].excludeWithMargins(vmin, vmax, i)
	}
}

// tbase is where the target starts along vector i (x, y, sum, diff) in
// ShiftCollider::resolve.
func (sc *shiftCollider) tbase(i int) float32 {
	switch i {
	case 0:
		return sc.currOffset.x
	case 1:
		return sc.currOffset.y
	case 2:
		return sc.currOffset.x + sc.currOffset.y
	}
	return sc.currOffset.x - sc.currOffset.y
}

// resolve is ShiftCollider::resolve: the cheapest shift over the four
// axes within the limit; *isCol stays true when no axis has an allowed
// position.
func (sc *shiftCollider) resolve(isCol *bool) pt {
	totalCost := float32(math.MaxFloat32 / 2)
	var resultPos pt
	*isCol = true
	for i := 0; i < 4; i++ {
		tbase := sc.tbase(i)
		bestCost := float32(-1)
		bestPos := sc.ranges[i].closest(0, &bestCost) - tbase
		if bestCost >= 0 {
			*isCol = false
			var testp pt
			switch i {
			case 0:
				testp = pt{bestPos, sc.currShift.y}
			case 1:
				testp = pt{sc.currShift.x, bestPos}
			case 2:
				testp = pt{fm(0.5, sc.currShift.x-sc.currShift.y+bestPos), fm(0.5, sc.currShift.y-sc.currShift.x+bestPos)}
			case 3:
				testp = pt{fm(0.5, sc.currShift.x+sc.currShift.y+bestPos), fm(0.5, sc.currShift.x+sc.currShift.y-bestPos)}
			}
			if bestCost < totalCost-0.01 {
				totalCost = bestCost
				resultPos = testp
			}
		}
	}
	return resultPos
}

// collisionFromGlyph sets c to graphite2's SlotCollision of a slot holding
// gid: zero, with the glyph's collision attributes (none for glyphs out of
// range).
func (g *segment) collisionFromGlyph(c *slotCollision, gid uint16) {
	*c = slotCollision{}
	f := g.face
	if int(gid) >= f.numGlyphs {
		return
	}
	// the 16 attributes from aCollision on, read from the dense table's row
	// when they are all in it
	var a [16]int16
	aCol := g.silf.aCollision
	if i := int(gid)*f.numAttrs + aCol; aCol >= 0 && aCol+len(a) <= f.numAttrs && i+len(a) <= len(f.attrs) {
		copy(a[:], f.attrs[i:i+len(a)])
	} else {
		for k := range a {
			a[k] = g.glyphAttr(gid, aCol+k)
		}
	}
	c.flags = uint16(a[0])
	c.limit = rect{float32(a[1]), float32(a[2]), float32(a[3]), float32(a[4])}
	c.margin = uint16(a[5])
	c.marginWt = uint16(a[6])
	c.seqClass = uint16(a[7])
	c.seqProxClass = uint16(a[8])
	c.seqOrder = uint16(a[9])
	c.seqAboveXoff = a[10]
	c.seqAboveWt = uint16(a[11])
	c.seqBelowXlim = a[12]
	c.seqBelowWt = uint16(a[13])
	c.seqValignHt = uint16(a[14])
	c.seqValignWt = uint16(a[15])
}

// ---- KernCollider ----

type kernCollider struct {
	target     *slot
	limit      rect
	margin     float32
	offsetPrev pt
	currShift  pt
	miny, maxy float32
	edges      []float32
	sliceWidth float32
	mingap     float32
	xbound     float32
	hit        bool
	// while tracing: each slice's nearest neighbour and its edge
	tracing   bool
	near      []*slot
	nearEdges []float32
}

// reset empties the kern collider for the next slot, keeping its buffers.
func (k *kernCollider) reset() {
	*k = kernCollider{edges: k.edges[:0], miny: -1e38, maxy: 1e38, near: k.near[:0], nearEdges: k.nearEdges[:0]}
}

// localmax is graphite2's localmax (Collider.cpp): the larger edge of two
// overlapping ranges [al, au] and [bl, bu] capped at x.
func localmax(al, au, bl, bu, x float32) float32 {
	if al < bl {
		if au < bu {
			if au < x {
				return au
			}
			return x
		}
	} else if au > bu {
		if bl < x {
			return bl
		}
		return x
	}
	return x
}

// localmin is graphite2's localmin (Collider.cpp): the smaller edge of two
// overlapping ranges [al, au] and [bl, bu], at least x.
func localmin(al, au, bl, bu, x float32) float32 {
	if bl > al {
		if bu > au {
			if bl > x {
				return bl
			}
			return x
		}
	} else if au > bu {
		if al > x {
			return al
		}
		return x
	}
	return x
}

// edgeBox is a slot's collision geometry as KernCollider's get_edge reads
// it for one shift: its position and its glyph's sub-boxes, or its box and
// slant box when it has none.
type edgeBox struct {
	sx, sy float32
	subs   []rect
	bb, sb rect
}

// newEdgeBox reads slot s's collision geometry at shift for edge.
func newEdgeBox(f *Font, s *slot, shift pt) edgeBox {
	gid := s.glyph
	e := edgeBox{sx: s.pos.x + shift.x, sy: s.pos.y + shift.y, subs: f.subBoxes(gid)}
	if len(e.subs) < 2 {
		e.bb = f.glyphBBox(int(gid))
		e.sb = f.slant(gid)
	}
	return e
}

// edge is graphite2's get_edge for the slot and shift e was made for: the
// slot's extent to the right (isRight) or left in the slice of the given
// width centred on y, widened by margin.
func (e *edgeBox) edge(y, width, margin float32, isRight bool) float32 {
	sx, sy, subs := e.sx, e.sy, e.subs
	res := float32(1e38)
	if isRight {
		res = -1e38
	}
	hw := width / 2
	if len(subs) >= 2 {
		for i := 0; i+1 < len(subs); i += 2 {
			sbb := &subs[i]
			ssb := &subs[i+1]
			if sy+sbb.bly-margin > y+hw || sy+sbb.try+margin < y-hw {
				continue
			}
			if isRight {
				x := sx + sbb.trx + margin
				if x > res {
					td := sx - sy + ssb.try + margin + y
					ts := sx + sy + ssb.trx + margin - y
					x = localmax(td-hw, td+hw, ts-hw, ts+hw, x)
					if x > res {
						res = x
					}
				}
			} else {
				x := sx + sbb.blx - margin
				if x < res {
					td := sx - sy + ssb.bly - margin + y
					ts := sx + sy + ssb.blx - margin - y
					x = localmin(td-hw, td+hw, ts-hw, ts+hw, x)
					if x < res {
						res = x
					}
				}
			}
		}
	} else {
		bb, sb := &e.bb, &e.sb
		if sy+bb.bly-margin > y+hw || sy+bb.try+margin < y-hw {
			return res
		}
		td := sx - sy + y
		ts := sx + sy - y
		if isRight {
			res = localmax(td+sb.try-hw, td+sb.try+hw, ts+sb.trx-hw, ts+sb.trx+hw, sx+bb.trx) + margin
		} else {
			res = localmin(td+sb.bly-hw, td+sb.bly+hw, ts+sb.blx-hw, ts+sb.blx+hw, sx+bb.blx) - margin
		}
	}
	return res
}

// nextInCluster is Slot::nextInCluster: the next slot of s's cluster in
// tree order (child, sibling, then a parent's sibling), nil at the end.
func nextInCluster(s *slot) *slot {
	if s.child != nil {
		return s.child
	} else if s.sibling != nil {
		return s.sibling
	}
	for n := 0; s.parent != nil && n < 1000; n++ {
		base := s.parent
		if base.sibling != nil {
			return base.sibling
		}
		s = base
	}
	return nil
}

// fill appends n edges of value v (std::vector::resize with a value).
func (k *kernCollider) fill(n int, v float32) {
	for i := 0; i < n; i++ {
		k.edges = append(k.edges, v)
	}
}

// initSlot is KernCollider::initSlot: the edge of s's cluster, slice by
// slice between ymin and ymax, that the following slots are kerned
// against; false when the slice count is out of bounds or a slot of the
// cluster has no box or collision data.
func (k *kernCollider) initSlot(seg *segment, s *slot, limit rect, margin float32, currShift, offsetPrev pt, dir int, ymin, ymax float32) bool {
	f := seg.face
	base := s
	for n := 0; base.parent != nil && n < 1000; n++ {
		base = base.parent
	}
	if margin < 10 {
		margin = 10
	}
	k.limit = limit
	k.offsetPrev = offsetPrev
	fillv := float32(-1e38)
	if dir&1 != 0 {
		fillv = 1e38
	}
	var numSlices int
	if k.maxy >= 1e37 {
		k.sliceWidth = margin / 1.5
		k.maxy = ymax + margin
		k.miny = ymin - margin
		numSlices = int(int32((k.maxy-k.miny+2)/(k.sliceWidth/1.5) + 1))
		if numSlices < 0 || numSlices > 1<<20 {
			return false
		}
		k.edges = k.edges[:0]
		k.fill(numSlices, fillv)
		k.xbound = fillv
	} else if k.maxy != ymax || k.miny != ymin {
		// graphite2 builds a fresh KernCollider per glyph, so this path is not taken
		return true
	}
	numSlices = len(k.edges)
	if k.tracing {
		nearFill := float32(1e38)
		if dir&1 != 0 {
			nearFill = -1e38
		}
		k.near, k.nearEdges = k.near[:0], k.nearEdges[:0]
		for i := 0; i < numSlices; i++ {
			k.near = append(k.near, nil)
			k.nearEdges = append(k.nearEdges, nearFill)
		}
	}
	for c := base; c != nil; c = nextInCluster(c) {
		ci := seg.collisionInfo(c)
		if !f.boxCheck(c.glyph) || ci == nil {
			return false
		}
		bs := f.glyphBBox(int(c.glyph))
		x := c.pos.x + ci.shift.x + bs.trx
		if dir&1 != 0 {
			x = c.pos.x + ci.shift.x + bs.blx
		}
		toffset := ci.shift.y - k.miny + 1 + c.pos.y
		smin := int(int32((bs.bly + toffset) / k.sliceWidth))
		if smin < 0 {
			smin = 0
		}
		smax := int(int32((bs.try+toffset)/k.sliceWidth + 1))
		if smax > numSlices-1 {
			smax = numSlices - 1
		}
		eb := newEdgeBox(f, c, ci.shift)
		for i := smin; i <= smax; i++ {
			y := k.miny - 1 + fm(float32(i)+0.5, k.sliceWidth)
			if dir&1 != 0 && x < k.edges[i] {
				t := eb.edge(y, k.sliceWidth, margin, false)
				if t < k.edges[i] {
					k.edges[i] = t
					if t < k.xbound {
						k.xbound = t
					}
				}
			} else if dir&1 == 0 && x > k.edges[i] {
				t := eb.edge(y, k.sliceWidth, margin, true)
				if t > k.edges[i] {
					k.edges[i] = t
					if t > k.xbound {
						k.xbound = t
					}
				}
			}
		}
	}
	k.mingap = 1e37
	k.target = s
	k.margin = margin
	k.currShift = currShift
	return true
}

// mergeSlot is KernCollider::mergeSlot: narrows the gap to slot s at
// currShift slice by slice; reports whether s collides or does not
// overlap.
func (k *kernCollider) mergeSlot(seg *segment, s *slot, currShift pt, currSpace float32, dir int) bool {
	rtl := float32((dir&1)*2 - 1)
	f := seg.face
	if !f.boxCheck(s.glyph) {
		return false
	}
	bb := f.glyphBBox(int(s.glyph))
	sx := s.pos.x + currShift.x
	e := bb.blx
	if rtl > 0 {
		e = bb.trx
	}
	x := fm(sx+e, rtl)
	if k.hit && x < fm(rtl, k.xbound-k.mingap-currSpace) {
		return false
	}
	sy := s.pos.y + currShift.y
	smin := int(int32((bb.bly+(1-k.miny+sy))/k.sliceWidth + 1))
	if smin < 1 {
		smin = 1
	}
	smin--
	smax := int(int32((bb.try+(1-k.miny+sy))/k.sliceWidth + 1))
	if smax > len(k.edges)-2 {
		smax = len(k.edges) - 2
	}
	smax++
	if smin > smax {
		return false
	}
	collides := false
	nooverlap := true
	eb := newEdgeBox(f, s, currShift)
	for i := smin; i <= smax; i++ {
		here := fm(k.edges[i], rtl)
		if here > 9e37 {
			continue
		}
		if !k.hit || x > here-k.mingap-currSpace {
			y := k.miny - 1 + fm(float32(i)+0.5, k.sliceWidth)
			m := fm(eb.edge(y, k.sliceWidth, 0, rtl > 0), rtl) + fm(2, currSpace)
			if m < -8e37 {
				continue
			}
			nooverlap = false
			t := here - m
			if t < k.mingap || (!k.hit && !collides) {
				k.mingap = t
				collides = true
			}
			if k.tracing && m > rtl*k.nearEdges[i] {
				k.near[i], k.nearEdges[i] = s, m*rtl
			}
		} else {
			nooverlap = false
		}
	}
	if nooverlap {
		k.mingap = max32(k.mingap, k.xbound-fm(rtl, currSpace+k.margin+x))
	}
	if collides && !nooverlap {
		k.hit = true
	}
	return collides || nooverlap
}

// resolve is KernCollider::resolve: the kerning shift that closes the
// smallest gap found, within the limit.
func (k *kernCollider) resolve(dir int) pt {
	resultNeeded := fm(float32(1-2*(dir&1)), k.mingap)
	result := min32(k.limit.trx-k.offsetPrev.x, max32(resultNeeded, k.limit.blx-k.offsetPrev.x))
	return pt{result, 0}
}

// shiftBy is KernCollider::shift: moves the edges and the bound by mv.
func (k *kernCollider) shiftBy(mv pt, dir int) {
	for i := range k.edges {
		k.edges[i] += mv.x
	}
	k.xbound += fm(float32(1-2*(dir&1)), mv.x)
}

// ---- the pass's collision phases ----

// inKernCluster is graphite2's inKernCluster (Pass.cpp): whether s or one
// of its ancestors has the kern collision flag.
func inKernCluster(seg *segment, s *slot) bool {
	c := seg.collisionInfo(s)
	if c.flags&collKern != 0 {
		return true
	}
	for n := 0; s.parent != nil && n < 1000; n++ {
		s = s.parent
		if seg.collisionInfo(s).flags&collKern != 0 {
			return true
		}
	}
	return false
}

// collisionShift is Pass::collisionShift: the shifting phase of a pass's
// collision avoidance over the segment; false on failure.
func (sh *Shaper) collisionShift(p *pass, seg *segment, dir int) bool {
	sc := &sh.coll.shift
	hasCollisions := false
	start := seg.first
	var end *slot
	moved := false
	t := sh.tr
	sh.setCollisionTrace(t != nil)
	if t != nil {
		t.collisionsStart(p.numCollRuns)
	}
	for start != nil {
		hasCollisions = false
		end = nil
		if t != nil {
			t.phaseStart("1", -1)
		}
		for s := start; s != nil; s = s.next {
			c := seg.collisionInfo(s)
			if c.flags&(collFix|collKern) == collFix && !sh.resolveCollisions(p, seg, s, start, sc, false, dir, &moved, &hasCollisions) {
				return false
			}
			if s != start && c.flags&collEnd != 0 {
				end = s.next
				break
			}
		}
		if t != nil {
			t.phaseEnd()
		}
		for i := 0; i < p.numCollRuns-1; i++ {
			if hasCollisions || moved {
				if t != nil {
					t.phaseStart("2a", i)
				}
				if hasCollisions {
					hasCollisions = false
					lend := seg.last
					if end != nil {
						lend = end.prev
					}
					lstart := start.prev
					for s := lend; s != lstart && s != nil; s = s.prev {
						c := seg.collisionInfo(s)
						if c.flags&(collFix|collKern|collIsCol) == collFix|collIsCol {
							if !sh.resolveCollisions(p, seg, s, lend, sc, true, dir, &moved, &hasCollisions) {
								return false
							}
							c.flags |= collTempLock
						}
					}
				}
				if t != nil {
					t.phaseEnd()
					t.phaseStart("2b", i)
				}
				if moved {
					moved = false
					for s := start; s != end && s != nil; s = s.next {
						c := seg.collisionInfo(s)
						if c.flags&(collFix|collTempLock|collKern) == collFix {
							if !sh.resolveCollisions(p, seg, s, start, sc, false, dir, &moved, &hasCollisions) {
								return false
							}
						} else if c.flags&collTempLock != 0 {
							c.flags &^= collTempLock
						}
					}
				}
				if t != nil {
					t.phaseEnd()
				}
			}
		}
		if end == nil {
			break
		}
		start = nil
		for s := end.prev; s != nil; s = s.next {
			if seg.collisionInfo(s).flags&collStart != 0 {
				start = s
				break
			}
		}
	}
	return true
}

// resolveCollisions is Pass::resolveCollisions: moves slotFix away from
// the slots from start on (backwards when isRev) with the shift collider,
// setting *moved and *hasCol; false on failure.
func (sh *Shaper) resolveCollisions(p *pass, seg *segment, slotFix, start *slot, coll *shiftCollider, isRev bool, dir int, moved, hasCol *bool) bool {
	cFix := seg.collisionInfo(slotFix)
	if !coll.initSlot(seg, slotFix, cFix.limit, float32(cFix.margin), float32(cFix.marginWt), cFix.shift, cFix.offset, dir) {
		return false
	}
	collides := false
	ignoreForKern := !isRev
	rtl := dir&1 != 0
	base := slotFix
	for n := 0; base.parent != nil && n < 1000; n++ {
		base = base.parent
	}
	for nbor := start; nbor != nil; {
		cNbor := seg.collisionInfo(nbor)
		sameCluster := nbor.isChildOf(base)
		if nbor != slotFix && !cNbor.ignore() && (nbor == base || sameCluster || !inKernCluster(seg, nbor)) &&
			(!isRev || cNbor.flags&collFix == 0 || (cNbor.flags&collKern != 0 && !sameCluster) || cNbor.flags&collIsCol != 0) {
			r := coll.mergeSlot(seg, nbor, cNbor, mergeNeighbour{currShift: cNbor.shift, isAfter: !ignoreForKern, sameCluster: sameCluster})
			if r.collides {
				collides = true
			}
			if !r.considered {
				return false
			}
		} else if nbor == slotFix {
			ignoreForKern = !ignoreForKern
		}
		fl := uint16(collEnd)
		if isRev {
			fl = collStart
		}
		if nbor != start && cNbor.flags&fl != 0 {
			break
		}
		if isRev {
			nbor = nbor.prev
		} else {
			nbor = nbor.next
		}
	}
	isCol := false
	if collides || cFix.shift.x != 0 || cFix.shift.y != 0 {
		shift := coll.resolve(&isCol)
		if sh.tr != nil {
			sh.tr.shiftMove(seg, coll, shift, isCol)
		}
		if abs32(shift.x) < 1e38 && abs32(shift.y) < 1e38 {
			if sqr(shift.x-cFix.shift.x)+sqr(shift.y-cFix.shift.y) >= float32(p.colThreshold*p.colThreshold) {
				*moved = true
			}
			cFix.shift = shift
			if slotFix.child != nil {
				here := slotFix.pos.add(shift)
				clusterMin := here.x
				seg.finaliseSlot(slotFix.child, 1, false, here, nil, 0, &clusterMin, rtl, false, 0)
			}
		}
	} else if sh.tr != nil {
		sh.tr.shiftMissed(seg, coll)
	}
	if isCol {
		cFix.flags |= collIsCol | collKnown
	} else {
		cFix.flags = (cFix.flags &^ collIsCol) | collKnown
	}
	if isCol {
		*hasCol = true
	}
	return true
}

// abs32 is |x| for float32.
func abs32(x float32) float32 {
	if x < 0 {
		return -x
	}
	return x
}

// collisionKern is Pass::collisionKern: the kerning phase of a pass's
// collision avoidance; false on failure.
func (sh *Shaper) collisionKern(p *pass, seg *segment, dir int) bool {
	start := seg.first
	ymin := float32(1e38)
	ymax := float32(-1e38)
	f := seg.face
	// the phase goes into the collisions array collisionShift opened
	t := sh.tr
	if p.numCollRuns == 0 {
		t = nil
	}
	if t != nil {
		t.phaseStart("3", -1)
	}
	for s := seg.first; s != nil; s = s.next {
		if !f.boxCheck(s.glyph) {
			return false
		}
		c := seg.collisionInfo(s)
		bbox := f.glyphBBox(int(s.glyph))
		y := s.pos.y + c.shift.y
		if c.flags&collIsSpace == 0 {
			ymax = max32(y+bbox.try, ymax)
			ymin = min32(y+bbox.bly, ymin)
		}
		if start != nil && c.flags&(collKern|collFix) == collKern|collFix {
			sh.resolveKern(p, seg, s, dir, &ymin, &ymax)
		}
		if c.flags&collEnd != 0 {
			start = nil
		}
		if c.flags&collStart != 0 {
			start = s
		}
	}
	if t != nil {
		t.phaseEnd()
	}
	return true
}

// resolveKern is Pass::resolveKern: kerns slotFix against the slots before
// it and returns the x shift applied, widening *ymin and *ymax.
func (sh *Shaper) resolveKern(p *pass, seg *segment, slotFix *slot, dir int, ymin, ymax *float32) float32 {
	f := seg.face
	var currSpace float32
	collides := false
	spaceCount := 0
	base := slotFix
	for n := 0; base.parent != nil && n < 1000; n++ {
		base = base.parent
	}
	cFix := seg.collisionInfo(base)
	bbb := f.glyphBBox(int(slotFix.glyph))
	by := slotFix.pos.y + cFix.shift.y
	if base != slotFix {
		cFix.flags |= collKern | collFix
		return 0
	}
	seenEnd := cFix.flags&collEnd != 0
	isInit := false
	k := &sh.coll.kern
	k.reset()
	k.tracing = sh.tr != nil
	*ymax = max32(by+bbb.try, *ymax)
	*ymin = min32(by+bbb.bly, *ymin)
	for nbor := slotFix.next; nbor != nil; nbor = nbor.next {
		if !sh.opts.KernChildSlices && nbor.isChildOf(base) {
			continue
		}
		if !f.boxCheck(nbor.glyph) {
			return 0
		}
		bb := f.glyphBBox(int(nbor.glyph))
		cNbor := seg.collisionInfo(nbor)
		if sh.opts.KernChildSlices && nbor.isChildOf(base) {
			nby := nbor.pos.y + cNbor.shift.y
			*ymax = max32(nby+bb.try, *ymax)
			*ymin = min32(nby+bb.bly, *ymin)
			continue
		}
		if (bb.bly == 0 && bb.try == 0) || cNbor.flags&collIsSpace != 0 {
			if p.kernColls == 2 { // InWord
				break
			}
			currSpace += nbor.advance.x
			spaceCount++
		} else {
			spaceCount = 0
			if nbor != slotFix && !cNbor.ignore() {
				seenEnd = true
				if !isInit {
					if !k.initSlot(seg, slotFix, cFix.limit, float32(cFix.margin), cFix.shift, cFix.offset, dir, *ymin, *ymax) {
						return 0
					}
					isInit = true
				}
				if k.mergeSlot(seg, nbor, cNbor.shift, currSpace, dir) {
					collides = true
				}
			}
		}
		if cNbor.flags&collEnd != 0 {
			if seenEnd && spaceCount < 2 {
				break
			}
			seenEnd = true
		}
	}
	if collides {
		mv := k.resolve(dir)
		if sh.tr != nil && p.numCollRuns != 0 {
			sh.tr.kernMove(seg, k, dir)
		}
		k.shiftBy(mv, dir)
		delta := slotFix.advance.add(mv).sub(cFix.shift)
		slotFix.advance = delta
		cFix.shift = mv
		return mv.x
	}
	return 0
}

// collisionFinish is Pass::collisionFinish: commits each slot's collision
// shift to its position offset; false on failure.
func (sh *Shaper) collisionFinish(seg *segment) bool {
	for s := seg.first; s != nil; s = s.next {
		c := seg.collisionInfo(s)
		if c == nil {
			continue
		}
		if c.shift.x != 0 || c.shift.y != 0 {
			c.offset = c.shift.add(c.offset)
			c.shift = pt{}
		}
	}
	return true
}
