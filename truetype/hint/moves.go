package hint

import "fontvm/internal/ftmath"

// Point-moving and measuring instructions. Bounds failures are ignored
// (FreeType, non-pedantic); v40 backward compatibility drops x moves and,
// after both IUP[x] and IUP[y], all moves (Direct_Move, Move_Zp2_Point).

// postIUP reports v40 backward compatibility after IUP[x] and IUP[y].
func (e *exec) postIUP() bool { return e.backwardCompat && e.iupxCalled && e.iupyCalled }

// move is exc->func_move: move point p of z by distance d along the
// freedom vector, measured along the projection vector.
func (e *exec) move(z *zone, p int, d int64) {
	if !e.moveDirect(z, p, d) {
		e.moveVector(z, p, d)
	}
}

// moveDirect is move's Direct_Move_X and Direct_Move_Y cases (freedom
// vector on an axis, F_dot_P 0x4000): it moves and reports true, or
// reports false, with nothing changed, for every other freedom vector.
// It is small enough to inline into the moving instructions.
func (e *exec) moveDirect(z *zone, p int, d int64) bool {
	// (Go's int64 addition wraps as ADD_LONG does.)
	if e.moveY {
		if !e.postIUP() {
			z.cur[p].y += d
		}
		z.tags[p] |= tagTouchY
		return true
	}
	if e.moveX {
		if !e.backwardCompat {
			z.cur[p].x += d
		}
		z.tags[p] |= tagTouchX
		return true
	}
	return false
}

// xDropped reports that moves are along the x axis (freedom vector
// (1, 0), F_dot_P 0x4000: FreeType's func_move is Direct_Move_X) in v40
// backward compatibility, where Direct_Move_X only touches the point in
// x: a moving instruction then need not compute its distance (IP, MDRP,
// MIRP take this shortcut; nothing else they compute is kept).
func (e *exec) xDropped() bool { return e.moveX && e.backwardCompat }

// touchLoopX is the point loop of IP when xDropped, and of SHP when
// its freedom vector is along x in v40 backward compatibility: Ins_IP's
// Direct_Move_X and Ins_SHP's Move_Zp2_Point on each of the loop points
// in zp2 touch it in x and move nothing (points out of the zone are
// skipped, as insIP and insSHP skip them). A point number is the stack
// element masked by mask (0xFFFFFFFF for IP, 0xFFFF for SHP, as their
// loops read it). It pops the loop points and resets the loop as insIP
// and insSHP do.
func (e *exec) touchLoopX(mask uint64) {
	z2, args := e.zp2, e.args
	n2, tags := uint64(z2.nPoints), z2.tags
	for n := e.gs.loop; n > 0; n-- {
		args--
		if p := uint64(e.stack[args]) & mask; p < n2 {
			tags[p] |= tagTouchX
		}
	}
	e.gs.loop = 1
	e.args, e.newTop = args, args
}

// moveVector is move for a freedom vector that moveDirect does not take.
// It calls FT_MulDiv itself (inlined), not mulDiv: mulDiv's shortcuts
// are FT_MulDiv's results and rarely apply here (moveDirect takes the
// usual b == c case).
func (e *exec) moveVector(z *zone, p int, d int64) {
	if v := int64(e.gs.freeVector.x); v != 0 {
		if !e.backwardCompat {
			z.cur[p].x = add(z.cur[p].x, ftmath.MulDiv(d, v, e.fDotP))
		}
		z.tags[p] |= tagTouchX
	}
	if v := int64(e.gs.freeVector.y); v != 0 {
		if !e.postIUP() {
			z.cur[p].y = add(z.cur[p].y, ftmath.MulDiv(d, v, e.fDotP))
		}
		z.tags[p] |= tagTouchY
	}
}

// moveOrig is exc->func_move_orig: the same on the original position.
func (e *exec) moveOrig(z *zone, p int, d int64) {
	if e.moveX {
		z.org[p].x = add(z.org[p].x, d)
		return
	}
	if e.moveY {
		z.org[p].y = add(z.org[p].y, d)
		return
	}
	if v := int64(e.gs.freeVector.x); v != 0 {
		z.org[p].x = add(z.org[p].x, mulDiv(d, v, e.fDotP))
	}
	if v := int64(e.gs.freeVector.y); v != 0 {
		z.org[p].y = add(z.org[p].y, mulDiv(d, v, e.fDotP))
	}
}

// moveZp2 is Move_Zp2_Point.
func (e *exec) moveZp2(p int, dx, dy int64, touch bool) {
	z := e.zp2
	if e.gs.freeVector.x != 0 {
		if !e.backwardCompat {
			z.cur[p].x = add(z.cur[p].x, dx)
		}
		if touch {
			z.tags[p] |= tagTouchX
		}
	}
	if e.gs.freeVector.y != 0 {
		if !e.postIUP() {
			z.cur[p].y = add(z.cur[p].y, dy)
		}
		if touch {
			z.tags[p] |= tagTouchY
		}
	}
}

// zp2Shift is Move_Zp2_Point's choice, which depends only on the
// graphics state, of what moves: the displacements to add (dx, dy, or 0
// for a coordinate Move_Zp2_Point leaves alone) and the touch flags to
// set.
func (e *exec) zp2Shift(dx, dy int64, touch bool) (int64, int64, uint8) {
	var t uint8
	if touch && e.gs.freeVector.x != 0 {
		t |= tagTouchX
	}
	if touch && e.gs.freeVector.y != 0 {
		t |= tagTouchY
	}
	if e.gs.freeVector.x == 0 || e.backwardCompat {
		dx = 0
	}
	if e.gs.freeVector.y == 0 || e.postIUP() {
		dy = 0
	}
	return dx, dy, t
}

// moveZp2Range is Move_Zp2_Point for every point start..limit-1 of zp2
// except skip (SHC, SHZ), with zp2Shift's choice made once.
func (e *exec) moveZp2Range(start, limit, skip int, dx, dy int64, touch bool) {
	z := e.zp2
	dx, dy, t := e.zp2Shift(dx, dy, touch)
	if dx == 0 && dy == 0 && t == 0 {
		return
	}
	if start <= limit && limit <= len(z.cur) && limit <= len(z.tags) {
		// The same moves on sub-slices (no index checks per point),
		// split around skip.
		if start <= skip && skip < limit {
			shiftPoints(z.cur[start:skip], z.tags[start:skip], dx, dy, t)
			start = skip + 1
		}
		shiftPoints(z.cur[start:limit], z.tags[start:limit], dx, dy, t)
		return
	}
	for i := start; i < limit; i++ {
		if i == skip {
			continue
		}
		z.cur[i].x = add(z.cur[i].x, dx)
		z.cur[i].y = add(z.cur[i].y, dy)
		z.tags[i] |= t
	}
}

// shiftPoints adds dx, dy to every point of cur (wrapping, as ADD_LONG)
// and sets t in the matching tags: moveZp2Range's loop on a range known
// to be inside the zone's arrays.
func shiftPoints(cur []vec, tags []uint8, dx, dy int64, t uint8) {
	tags = tags[:len(cur)]
	if dx == 0 && dy == 0 {
		// only touching (SHC, SHZ along x in v40 backward
		// compatibility, or by a zero displacement)
		for i := range tags {
			tags[i] |= t
		}
		return
	}
	for i := range cur {
		cur[i].x += dx
		cur[i].y += dy
		tags[i] |= t
	}
}

// scaledOrusDist is the original distance FreeType measures from the
// unscaled outline: DUALPROJ of orus scaled with x_scale (MD, MDRP; IP
// with unequal scales).
func (e *exec) scaledOrusDist(v1, v2 *vec) int64 {
	if e.xScale == e.yScale {
		return mulFix(e.dualProjectP(v1, v2), e.xScale)
	}
	return e.scaledOrusDistXY(v1, v2)
}

// scaledOrusDistXY is scaledOrusDist for unequal scales.
func (e *exec) scaledOrusDistXY(v1, v2 *vec) int64 {
	x := mulFix(sub(v1.x, v2.x), e.xScale)
	y := mulFix(sub(v1.y, v2.y), e.yScale)
	return e.dualProject(x, y)
}

// insMDAP is MDAP[a] (0x2E-0x2F, pops 1): touch point, rounding it for
// MDAP[1]; sets rp0 and rp1.
// FreeType: Ins_MDAP.
func (e *exec) insMDAP(a []int64) {
	p := uint16(a[0])
	if int(p) >= e.zp0.nPoints {
		e.pedanticFail(errInvalidReference)
		return
	}
	var d int64
	if e.opcode&1 != 0 {
		c := e.project(e.zp0.cur[p].x, e.zp0.cur[p].y)
		if e.gs.roundState == roundToGrid { // e.round, its common case inline
			d = sub(roundGrid(c), c)
		} else {
			d = sub(e.roundState(c), c)
		}
	}
	if !e.moveDirect(e.zp0, int(p), d) {
		e.moveVector(e.zp0, int(p), d)
	}
	e.gs.rp0 = p
	e.gs.rp1 = p
}

// insMIAP is MIAP[a] (0x3E-0x3F, pops 2): move point to the CVT
// distance, with cut-in and rounding for MIAP[1].
// FreeType: Ins_MIAP.
func (e *exec) insMIAP(a []int64) {
	cvtEntry := uint64(a[1])
	p := uint16(a[0])
	if int(p) >= e.zp0.nPoints || cvtEntry >= uint64(len(e.cvt)) {
		e.gs.rp0 = p
		e.gs.rp1 = p
		e.pedanticFail(errInvalidReference)
		return
	}
	dist := e.cvt[cvtEntry]
	z := e.zp0
	if e.gs.gep0 == 0 {
		z.org[p].x = mulFix14(dist, e.gs.freeVector.x)
		z.org[p].y = mulFix14(dist, e.gs.freeVector.y)
		z.cur[p] = z.org[p]
	}
	orgDist := e.project(z.cur[p].x, z.cur[p].y)
	if e.opcode&1 != 0 {
		delta := sub(dist, orgDist)
		if delta < 0 {
			delta = -delta
		}
		if delta > e.gs.controlValueCutin {
			dist = orgDist
		}
		if e.gs.roundState == roundToGrid { // e.round, its common case inline
			dist = roundGrid(dist)
		} else {
			dist = e.roundState(dist)
		}
	}
	if d := sub(dist, orgDist); !e.moveDirect(z, int(p), d) {
		e.moveVector(z, int(p), d)
	}
	e.gs.rp0 = p
	e.gs.rp1 = p
}

// mdrpSingleWidth is MDRP's single-width rule (FreeType's Ins_MDRP): an
// original distance strictly within singleWidthCutin of
// singleWidthValue becomes singleWidthValue with the distance's sign.
func mdrpSingleWidth(gs *graphicsState, orgDist int64) int64 {
	if gs.singleWidthCutin > 0 &&
		orgDist < gs.singleWidthValue+gs.singleWidthCutin &&
		orgDist > gs.singleWidthValue-gs.singleWidthCutin {
		if orgDist >= 0 {
			return gs.singleWidthValue
		}
		return -gs.singleWidthValue
	}
	return orgDist
}

// keepMinDist is the minimum-distance rule of MDRP and MIRP (flag c): the
// rounded distance keeps at least md in the direction of the original
// distance orgDist (zero counting as positive).
func keepMinDist(orgDist, dist, md int64) int64 {
	if orgDist >= 0 {
		if dist < md {
			return md
		}
	} else if dist > -md {
		return -md
	}
	return dist
}

// insMDRP is MDRP[abcde] (0xC0-0xDF, pops 1): keep the original
// distance from rp0, with single width, rounding and minimum distance.
// FreeType: Ins_MDRP.
func (e *exec) insMDRP(a []int64) {
	// The common case (glyph zones, equal scales, freedom vector on an
	// axis, rounding to grid or none) here with no call but the tail
	// call to insMDRPSlow for everything else: no call to spill around.
	p := uint16(a[0])
	z1, z0, rp0 := e.zp1, e.zp0, e.gs.rp0
	if int(p) >= z1.nPoints || int(rp0) >= z0.nPoints || e.gs.gep0 == 0 || e.gs.gep1 == 0 ||
		e.xScale != e.yScale || !(e.moveX || e.moveY) || (e.opcode&4 != 0 && e.gs.roundState != roundToGrid) {
		e.insMDRPSlow(a)
		return
	}
	if e.xDropped() {
		z1.tags[p] |= tagTouchX // Direct_Move_X's touch; the distance is not needed
	} else {
		orgDist := mulFix(e.dualProjectP(&z1.orus[p], &z0.orus[rp0]), e.xScale)
		orgDist = mdrpSingleWidth(&e.gs, orgDist)
		var dist int64
		if e.opcode&4 != 0 {
			dist = roundGrid(orgDist)
		} else {
			dist = roundNone(orgDist)
		}
		if e.opcode&8 != 0 {
			dist = keepMinDist(orgDist, dist, e.gs.minimumDistance)
		}
		cur := e.projectP(&z1.cur[p], &z0.cur[rp0])
		e.moveDirect(z1, int(p), sub(dist, cur)) // moves: e.moveX || e.moveY
	}
	e.gs.rp1 = rp0
	e.gs.rp2 = p
	if e.opcode&16 != 0 {
		e.gs.rp0 = p
	}
}

// insMDRPSlow is insMDRP for every case (glyph or twilight zones, any
// scales, freedom vector and round state).
// FreeType: Ins_MDRP.
func (e *exec) insMDRPSlow(a []int64) {
	p := uint16(a[0])
	if int(p) < e.zp1.nPoints && int(e.gs.rp0) < e.zp0.nPoints {
		var orgDist int64
		switch {
		case e.gs.gep0 == 0 || e.gs.gep1 == 0:
			orgDist = e.dualProjectP(&e.zp1.org[p], &e.zp0.org[e.gs.rp0])
		case e.xScale == e.yScale: // scaledOrusDist, its common case inline
			orgDist = mulFix(e.dualProjectP(&e.zp1.orus[p], &e.zp0.orus[e.gs.rp0]), e.xScale)
		default:
			orgDist = e.scaledOrusDistXY(&e.zp1.orus[p], &e.zp0.orus[e.gs.rp0])
		}
		orgDist = mdrpSingleWidth(&e.gs, orgDist)
		var dist int64
		if e.opcode&4 != 0 {
			if e.gs.roundState == roundToGrid { // e.round, its common case inline
				dist = roundGrid(orgDist)
			} else {
				dist = e.roundState(orgDist)
			}
		} else {
			dist = roundNone(orgDist)
		}
		if e.opcode&8 != 0 {
			dist = keepMinDist(orgDist, dist, e.gs.minimumDistance)
		}
		cur := e.projectP(&e.zp1.cur[p], &e.zp0.cur[e.gs.rp0])
		z := e.zp1
		if d := sub(dist, cur); !e.moveDirect(z, int(p), d) {
			e.moveVector(z, int(p), d)
		}
	} else {
		e.pedanticFail(errInvalidReference)
	}
	e.gs.rp1 = e.gs.rp0
	e.gs.rp2 = p
	if e.opcode&16 != 0 {
		e.gs.rp0 = p
	}
}

// insMIRP is MIRP[abcde] (0xE0-0xFF, pops 2): move point to the CVT
// distance from rp0, with single width, auto flip, cut-in, rounding and
// minimum distance. Its common cases run here with no call: glyph zone
// for the point (no twilight write), a valid point, rp0 and CVT entry,
// and either moves along x dropped by v40 backward compatibility
// (xDropped: the point is only touched) or projection, dual projection
// and freedom vectors on one axis with rounding to grid or none (the
// distances are differences of that axis's coordinates, the move
// Direct_Move_Y's or Direct_Move_X's).
// Everything else is the general insMIRPSlow (TestMIRPFastMatchesSlow).
// FreeType: Ins_MIRP.
func (e *exec) insMIRP(a []int64) {
	p := uint16(a[0])
	cvtEntry := uint64(add(a[1], 1))
	z1, z0, rp0 := e.zp1, e.zp0, e.gs.rp0
	if int(p) >= z1.nPoints || cvtEntry-1 >= uint64(len(e.cvt)) || int(rp0) >= z0.nPoints || e.gs.gep1 == 0 {
		e.insMIRPSlow(a)
		return
	}
	if e.xDropped() {
		z1.tags[p] |= tagTouchX // Direct_Move_X's touch; the distance is not needed
	} else {
		// The axis: the distances are differences of its coordinates,
		// the move Direct_Move_Y's (not after IUP[x] and IUP[y] in v40
		// backward compatibility) or Direct_Move_X's (not xDropped: no
		// backward compatibility).
		var orgDist, curDist int64
		var c *int64
		var touch uint8
		move := true
		switch {
		case e.opcode&4 != 0 && e.gs.roundState != roundToGrid:
			e.insMIRPSlow(a)
			return
		case e.moveY && e.projY && e.dualY:
			orgDist, curDist = sub(z1.org[p].y, z0.org[rp0].y), sub(z1.cur[p].y, z0.cur[rp0].y)
			c, touch, move = &z1.cur[p].y, tagTouchY, !e.postIUP()
		case e.moveX && e.projX && e.dualX:
			orgDist, curDist = sub(z1.org[p].x, z0.org[rp0].x), sub(z1.cur[p].x, z0.cur[rp0].x)
			c, touch = &z1.cur[p].x, tagTouchX
		default:
			e.insMIRPSlow(a)
			return
		}
		cvtDist := mirpSingleWidth(&e.gs, e.cvt[cvtEntry-1])
		if e.gs.autoFlip && (orgDist < 0) != (cvtDist < 0) {
			cvtDist = -cvtDist
		}
		dist := cvtDist
		if e.opcode&4 != 0 {
			dist = roundGrid(mirpCutIn(&e.gs, cvtDist, orgDist))
		}
		if e.opcode&8 != 0 {
			dist = keepMinDist(orgDist, dist, e.gs.minimumDistance)
		}
		if move {
			*c += sub(dist, curDist)
		}
		z1.tags[p] |= touch
	}
	e.gs.rp1 = rp0
	if e.opcode&16 != 0 {
		e.gs.rp0 = p
	}
	e.gs.rp2 = p
}

// mirpSingleWidth is Ins_MIRP's single-width rule: a CVT distance
// strictly within singleWidthCutin of singleWidthValue becomes
// singleWidthValue with the distance's sign.
func mirpSingleWidth(gs *graphicsState, cvtDist int64) int64 {
	delta := sub(cvtDist, gs.singleWidthValue)
	if delta < 0 {
		delta = -delta
	}
	if delta < gs.singleWidthCutin {
		if cvtDist >= 0 {
			return gs.singleWidthValue
		}
		return -gs.singleWidthValue
	}
	return cvtDist
}

// mirpCutIn is Ins_MIRP's control value cut-in (MIRP with rounding):
// with gep0 = gep1, a CVT distance further than controlValueCutin from
// the original distance orgDist gives way to orgDist.
func mirpCutIn(gs *graphicsState, cvtDist, orgDist int64) int64 {
	if gs.gep0 == gs.gep1 {
		delta := sub(cvtDist, orgDist)
		if delta < 0 {
			delta = -delta
		}
		if delta > gs.controlValueCutin {
			return orgDist
		}
	}
	return cvtDist
}

// insMIRPSlow is insMIRP for every case (glyph or twilight zones, any
// vectors and round state, invalid points and CVT entries).
// FreeType: Ins_MIRP.
func (e *exec) insMIRPSlow(a []int64) {
	p := uint16(a[0])
	cvtEntry := uint64(add(a[1], 1))
	if int(p) >= e.zp1.nPoints || cvtEntry >= uint64(len(e.cvt))+1 || int(e.gs.rp0) >= e.zp0.nPoints {
		e.pedanticFail(errInvalidReference)
		e.gs.rp1 = e.gs.rp0
		if e.opcode&16 != 0 {
			e.gs.rp0 = p
		}
		e.gs.rp2 = p
		return
	}
	var cvtDist int64
	if cvtEntry != 0 {
		cvtDist = e.cvt[cvtEntry-1]
	}
	cvtDist = mirpSingleWidth(&e.gs, cvtDist)
	z1, z0, rp0 := e.zp1, e.zp0, e.gs.rp0
	if e.gs.gep1 == 0 {
		z1.org[p].x = add(z0.org[rp0].x, mulFix14(cvtDist, e.gs.freeVector.x))
		z1.org[p].y = add(z0.org[rp0].y, mulFix14(cvtDist, e.gs.freeVector.y))
		z1.cur[p] = z1.org[p]
	}
	orgDist := e.dualProjectP(&z1.org[p], &z0.org[rp0])
	curDist := e.projectP(&z1.cur[p], &z0.cur[rp0])
	// FreeType tests (org_dist ^ cvt_dist) < 0: the signs differ (zero
	// counting as positive). Written as a comparison of signs: with the
	// XOR form, one optimised test build of this package skipped the
	// flip (correct with -gcflags=-N or -l; not reproduced after later
	// edits), which the conformance suite caught.
	if e.gs.autoFlip && (orgDist < 0) != (cvtDist < 0) {
		cvtDist = -cvtDist
	}
	var dist int64
	if e.opcode&4 != 0 {
		cvtDist = mirpCutIn(&e.gs, cvtDist, orgDist)
		if e.gs.roundState == roundToGrid { // e.round, its common case inline
			dist = roundGrid(cvtDist)
		} else {
			dist = e.roundState(cvtDist)
		}
	} else {
		dist = roundNone(cvtDist)
	}
	if e.opcode&8 != 0 {
		dist = keepMinDist(orgDist, dist, e.gs.minimumDistance)
	}
	if d := sub(dist, curDist); !e.moveDirect(z1, int(p), d) {
		e.moveVector(z1, int(p), d)
	}
	e.gs.rp1 = e.gs.rp0
	if e.opcode&16 != 0 {
		e.gs.rp0 = p
	}
	e.gs.rp2 = p
}

// insMSIRP is MSIRP[a] (0x3A-0x3B, pops 2): move point to distance a[1]
// from rp0.
// FreeType: Ins_MSIRP.
func (e *exec) insMSIRP(a []int64) {
	p := uint16(a[0])
	if int(p) >= e.zp1.nPoints || int(e.gs.rp0) >= e.zp0.nPoints {
		e.pedanticFail(errInvalidReference)
		return
	}
	if e.gs.gep1 == 0 {
		e.zp1.org[p] = e.zp0.org[e.gs.rp0]
		e.moveOrig(e.zp1, int(p), a[1])
		e.zp1.cur[p] = e.zp1.org[p]
	}
	dist := e.projectP(&e.zp1.cur[p], &e.zp0.cur[e.gs.rp0])
	e.move(e.zp1, int(p), sub(a[1], dist))
	e.gs.rp1 = e.gs.rp0
	e.gs.rp2 = p
	if e.opcode&1 != 0 {
		e.gs.rp0 = p
	}
}

// pointDisplacement is Compute_Point_Displacement (SHP, SHC, SHZ): the
// displacement of rp1 (zp0) or rp2 (zp1).
func (e *exec) pointDisplacement() (dx, dy int64, z *zone, ref int, ok bool) {
	var p uint16
	if e.opcode&1 != 0 {
		z, p = e.zp0, e.gs.rp1
	} else {
		z, p = e.zp1, e.gs.rp2
	}
	if int(p) >= z.nPoints {
		e.pedanticFail(errInvalidReference)
		return 0, 0, z, 0, false
	}
	d := e.projectP(&z.cur[p], &z.org[p])
	// dx, dy = FT_MulDiv(d, freeVector.x/y, F_dot_P); with no call for a
	// freedom vector on an axis, F_dot_P 0x4000 and d in int32 range
	// (FT_MulDiv(d, 0, c) is 0, FT_MulDiv(d, c, c) is d: |d|*|c| does
	// not wrap and the rounding term is below |c|).
	fv := e.gs.freeVector
	switch {
	case e.fDotP != 0x4000 || uint64(d)+1<<31 >= 1<<32:
		dx, dy = mulDiv(d, int64(fv.x), e.fDotP), mulDiv(d, int64(fv.y), e.fDotP)
	case fv == unitVec{0, 0x4000}:
		dy = d
	case fv == unitVec{0x4000, 0}:
		dx = d
	default:
		dx, dy = mulDiv(d, int64(fv.x), e.fDotP), mulDiv(d, int64(fv.y), e.fDotP)
	}
	return dx, dy, z, int(p), true
}

// pedanticLoop runs the looping instruction h (SHP, IP, ALIGNRP, SHPIX,
// FLIPPT) for a pedantic instance: FreeType handles its loop points up
// to the first one outside the zone (nPoints points; FT_UShort point
// numbers, 32-bit for IP: wide) and fails there with Invalid_Reference.
// h runs on the points before that one (loop set to their count), so
// its own checks come first, in FreeType's order, and the handlers'
// loops, which fastLoop calls for non-pedantic instances, carry no
// pedantic test. a holds h's fixed arguments (SHPIX's amount).
func (e *exec) pedanticLoop(h func(*exec, []int64), a []int64, nPoints int, wide bool) {
	if int64(e.top) < e.gs.loop+int64(len(a)) {
		h(e, a) // too few points: h's own failure (pedantic in SHP, IP, FLIPPT)
		if e.opcode == 0x38 || e.opcode == 0x3C {
			// SHPIX's and ALIGNRP's (their handlers, called directly by
			// fastLoop, are left without the test: their code stays as
			// the non-pedantic path has it)
			e.err = errInvalidReference
		}
		return
	}
	if e.opcode == 0x3C && int(e.gs.rp0) >= e.zp0.nPoints {
		e.err = errInvalidReference // ALIGNRP's rp0 (as above)
		return
	}
	n := e.gs.loop
	k := int64(0)
	for ; k < n; k++ {
		v := e.stack[e.args-1-int(k)]
		p := uint64(uint16(v))
		if wide {
			p = uint64(uint32(v))
		}
		if p >= uint64(nPoints) {
			break
		}
	}
	e.gs.loop = k
	h(e, a)
	if k < n && e.err == errOK {
		e.err = errInvalidReference
	}
}

// popPoint pops one point number of a looping instruction.
func (e *exec) popPoint() int {
	e.args--
	return int(uint16(e.stack[e.args]))
}

// insSHP is SHP[a] (0x32-0x33, pops loop points): shift points by the
// reference point's displacement.
// FreeType: Ins_SHP.
func (e *exec) insSHP(_ []int64) {
	if e.top < int(e.gs.loop) {
		e.pedanticFail(errInvalidReference)
		e.gs.loop = 1
		e.newTop = e.args
		return
	}
	// Compute_Point_Displacement (pointDisplacement) inline.
	z, rp := e.zp1, e.gs.rp2
	if e.opcode&1 != 0 {
		z, rp = e.zp0, e.gs.rp1
	}
	if int(rp) >= z.nPoints {
		e.pedanticFail(errInvalidReference)
		return
	}
	if fv := e.gs.freeVector; e.backwardCompat && fv.y == 0 && fv.x != 0 {
		// Move_Zp2_Point with a freedom vector along x in v40 backward
		// compatibility moves nothing and touches in x: the cases below
		// all give dx = dy = 0 and t = tagTouchX then. (Not xDropped:
		// Move_Zp2_Point tests the freedom vector's components, not
		// func_move, which is Direct_Move_X for fv = (0x4000, y != 0)
		// too.)
		e.touchLoopX(0xFFFF)
		return
	}
	d := e.projectP(&z.cur[rp], &z.org[rp])
	// The displacement FT_MulDiv(d, freeVector.x/y, F_dot_P) and
	// Move_Zp2_Point's choice (zp2Shift). For a freedom vector on an
	// axis with F_dot_P 0x4000 and d in int32 range the other component
	// is 0 (FT_MulDiv(d, 0, c) is 0) and this one is d (FT_MulDiv(d, c, c)
	// is d: |d|*|c| does not wrap and the rounding term is below |c|), so
	// zp2Shift gives d (or 0 where v40 drops the move) and the axis's
	// touch flag; every other case takes mulDiv and zp2Shift themselves.
	var dx, dy int64
	var t uint8
	fv := e.gs.freeVector
	switch {
	case e.fDotP != 0x4000 || uint64(d)+1<<31 >= 1<<32:
		dx, dy, t = e.zp2Shift(mulDiv(d, int64(fv.x), e.fDotP), mulDiv(d, int64(fv.y), e.fDotP), true)
	case fv == unitVec{0, 0x4000}:
		if !e.postIUP() {
			dy = d
		}
		t = tagTouchY
	case fv == unitVec{0x4000, 0}:
		if !e.backwardCompat {
			dx = d
		}
		t = tagTouchX
	default:
		dx, dy, t = e.zp2Shift(mulDiv(d, int64(fv.x), e.fDotP), mulDiv(d, int64(fv.y), e.fDotP), true)
	}
	// Move_Zp2_Point for each point; the loop counter, the argument
	// index (popPoint's) and zp2's arrays in locals (so that one index
	// check covers both coordinates).
	z2, args := e.zp2, e.args
	n2, cur, tags := z2.nPoints, z2.cur, z2.tags
	for n := e.gs.loop; n > 0; n-- {
		args--
		if p := int(uint16(e.stack[args])); p < n2 {
			cur[p].x += dx
			cur[p].y += dy
			tags[p] |= t
		}
	}
	e.gs.loop = 1
	e.args, e.newTop = args, args
}

// insSHC is SHC[a] (0x34-0x35, pops 1): shift a contour.
// FreeType: Ins_SHC.
func (e *exec) insSHC(a []int64) {
	contour := int16(a[0])
	bounds := 1
	if e.gs.gep2 != 0 {
		bounds = e.zp2.nContours
	}
	if uint32(int32(contour)) >= uint32(bounds) {
		e.pedanticFail(errInvalidReference)
		return
	}
	dx, dy, z, ref, ok := e.pointDisplacement()
	if !ok {
		return
	}
	start := 0
	if contour != 0 {
		start = int(uint16(e.zp2.contours[contour-1] + 1 - e.zp2.firstPoint))
	}
	var limit int
	if e.gs.gep2 == 0 {
		limit = e.zp2.nPoints
	} else {
		limit = int(uint16(e.zp2.contours[contour] - e.zp2.firstPoint + 1))
	}
	if z != e.zp2 {
		ref = -1
	}
	e.moveZp2Range(start, limit, ref, dx, dy, true)
}

// insSHZ is SHZ[a] (0x36-0x37, pops 1): shift a zone (points untouched).
// FreeType: Ins_SHZ.
func (e *exec) insSHZ(a []int64) {
	if uint32(a[0]) >= 2 {
		e.pedanticFail(errInvalidReference)
		return
	}
	dx, dy, z, ref, ok := e.pointDisplacement()
	if !ok {
		return
	}
	var limit int
	if e.gs.gep2 == 0 {
		limit = e.zp2.nPoints
	} else if e.gs.gep2 == 1 && e.zp2.nContours > 0 {
		limit = int(uint16(e.zp2.contours[e.zp2.nContours-1] + 1))
	}
	// For a composite's zone FreeType takes the last contour end as an
	// absolute point number (it reads past the zone); fontvm stops at
	// the end of its arrays instead of faulting.
	if limit > len(e.zp2.cur) {
		limit = len(e.zp2.cur)
	}
	if z != e.zp2 {
		ref = -1
	}
	e.moveZp2Range(0, limit, ref, dx, dy, false)
}

// insSHPIX is SHPIX (0x38, pops 1 + loop points): shift points by a
// pixel amount along the freedom vector. In v40 backward compatibility
// only y moves of twilight points, or of y-touched points (or composite
// glyphs' points) before IUP, happen.
// FreeType: Ins_SHPIX.
func (e *exec) insSHPIX(a []int64) {
	inTwilight := e.gs.gep0 == 0 || e.gs.gep1 == 0 || e.gs.gep2 == 0
	if e.top < int(e.gs.loop)+1 {
		e.gs.loop = 1
		e.newTop = e.args
		return
	}
	dx := mulFix14(a[0], e.gs.freeVector.x)
	dy := mulFix14(a[0], e.gs.freeVector.y)
	for e.gs.loop > 0 {
		p := e.popPoint()
		if p < e.zp2.nPoints {
			if e.backwardCompat {
				if inTwilight || (!(e.iupxCalled && e.iupyCalled) &&
					((e.isComposite && e.gs.freeVector.y != 0) || e.zp2.tags[p]&tagTouchY != 0)) {
					e.moveZp2(p, 0, dy, true)
				}
			} else {
				e.moveZp2(p, dx, dy, true)
			}
		}
		e.gs.loop--
	}
	e.gs.loop = 1
	e.newTop = e.args
}

// insIP is IP (0x39, pops loop points): interpolate points between rp1
// and rp2. Its common case (glyph zones, equal scales, freedom vector on
// an axis) runs here with no call in the point loop, so nothing is
// spilled around one; everything else is the general insIPSlow. The
// case is insIPSlow's with twilight false and equalScales true, and
// with moveDirect always moving (e.moveX || e.moveY); newDist is
// orgDist when orgDist is 0 (insIPSlow's 0) or oldRange is 0.
// FreeType: Ins_IP.
func (e *exec) insIP(a []int64) {
	if e.gs.gep0 == 0 || e.gs.gep1 == 0 || e.gs.gep2 == 0 || e.xScale != e.yScale || !(e.moveX || e.moveY) {
		e.insIPSlow(a)
		return
	}
	z0, rp1 := e.zp0, e.gs.rp1
	if e.top < int(e.gs.loop) || int(rp1) >= z0.nPoints {
		e.pedanticFail(errInvalidReference)
		e.gs.loop = 1
		e.newTop = e.args
		return
	}
	if e.xDropped() {
		e.touchLoopX(0xFFFFFFFF)
		return
	}
	orusBase, curBase := &z0.orus[rp1], &z0.cur[rp1]
	var oldRange, curRange int64
	if z1, rp2 := e.zp1, e.gs.rp2; int(rp2) < z1.nPoints {
		oldRange = e.dualProjectP(&z1.orus[rp2], orusBase)
		curRange = e.projectP(&z1.cur[rp2], curBase)
	}
	z2, args := e.zp2, e.args
	for n := e.gs.loop; n > 0; n-- {
		args--
		p := uint64(uint32(e.stack[args]))
		if p >= uint64(z2.nPoints) {
			continue
		}
		newDist := e.dualProjectP(&z2.orus[p], orusBase)
		curDist := e.projectP(&z2.cur[p], curBase)
		if newDist != 0 && oldRange != 0 {
			newDist = ftmath.MulDiv(newDist, curRange, oldRange)
		}
		e.moveDirect(z2, int(p), sub(newDist, curDist)) // moves: e.moveX || e.moveY
	}
	e.gs.loop = 1
	e.args, e.newTop = args, args
}

// insIPSlow is insIP for every case (glyph or twilight zones, any scales
// and freedom vector).
// FreeType: Ins_IP.
func (e *exec) insIPSlow(_ []int64) {
	if e.top < int(e.gs.loop) {
		e.pedanticFail(errInvalidReference)
		e.gs.loop = 1
		e.newTop = e.args
		return
	}
	twilight := e.gs.gep0 == 0 || e.gs.gep1 == 0 || e.gs.gep2 == 0
	if int(e.gs.rp1) >= e.zp0.nPoints {
		e.pedanticFail(errInvalidReference)
		e.gs.loop = 1
		e.newTop = e.args
		return
	}
	// Pointers, as FreeType keeps them: IP moves only current
	// positions, and moving rp1 itself (zp2 == zp0) moves it by 0.
	var orusBase *vec
	if twilight {
		orusBase = &e.zp0.org[e.gs.rp1]
	} else {
		orusBase = &e.zp0.orus[e.gs.rp1]
	}
	curBase := &e.zp0.cur[e.gs.rp1]
	var oldRange, curRange int64
	// IP's original distances: with equal scales FreeType leaves them
	// unscaled (the scale cancels out in the ratio).
	equalScales := e.xScale == e.yScale
	if int(e.gs.rp2) < e.zp1.nPoints {
		switch {
		case twilight:
			oldRange = e.dualProjectP(&e.zp1.org[e.gs.rp2], orusBase)
		case equalScales:
			oldRange = e.dualProjectP(&e.zp1.orus[e.gs.rp2], orusBase)
		default:
			oldRange = e.scaledOrusDistXY(&e.zp1.orus[e.gs.rp2], orusBase)
		}
		curRange = e.projectP(&e.zp1.cur[e.gs.rp2], curBase)
	}
	// The loop counter and the argument index in locals: e.gs.loop ends
	// at 1 and e.args below the popped points, as FreeType leaves them.
	z2, args := e.zp2, e.args
	for n := e.gs.loop; n > 0; n-- {
		args--
		p := uint64(uint32(e.stack[args]))
		if p >= uint64(z2.nPoints) {
			continue
		}
		var orgDist int64
		switch {
		case twilight:
			orgDist = e.dualProjectP(&z2.org[p], orusBase)
		case equalScales:
			orgDist = e.dualProjectP(&z2.orus[p], orusBase)
		default:
			orgDist = e.scaledOrusDistXY(&z2.orus[p], orusBase)
		}
		curDist := e.projectP(&z2.cur[p], curBase)
		var newDist int64
		if orgDist != 0 {
			if oldRange != 0 {
				// FT_MulDiv itself: mulDiv's shortcuts (a zero operand,
				// b == c) are its results, and rarely apply here.
				newDist = ftmath.MulDiv(orgDist, curRange, oldRange)
			} else {
				newDist = orgDist
			}
		}
		if d := sub(newDist, curDist); !e.moveDirect(z2, int(p), d) {
			e.moveVector(z2, int(p), d)
		}
	}
	e.gs.loop = 1
	e.args, e.newTop = args, args
}

// insALIGNRP is ALIGNRP (0x3C, pops loop points): move points onto rp0
// along the projection vector.
// FreeType: Ins_ALIGNRP.
func (e *exec) insALIGNRP(_ []int64) {
	if e.top < int(e.gs.loop) || int(e.gs.rp0) >= e.zp0.nPoints {
		e.gs.loop = 1
		e.newTop = e.args
		return
	}
	z1, rp0, args := e.zp1, &e.zp0.cur[e.gs.rp0], e.args
	for n := e.gs.loop; n > 0; n-- {
		args--
		if p := int(uint16(e.stack[args])); p < z1.nPoints {
			d := e.projectP(&z1.cur[p], rp0)
			if !e.moveDirect(z1, p, -d) {
				e.moveVector(z1, p, -d)
			}
		}
	}
	e.gs.loop = 1
	e.args, e.newTop = args, args
}

// insALIGNPTS is ALIGNPTS (0x27, pops 2): move two points to their
// middle.
// FreeType: Ins_ALIGNPTS.
func (e *exec) insALIGNPTS(a []int64) {
	p1 := uint16(a[0])
	p2 := uint16(a[1])
	if int(p1) >= e.zp1.nPoints || int(p2) >= e.zp0.nPoints {
		e.pedanticFail(errInvalidReference)
		return
	}
	d := e.projectP(&e.zp0.cur[p2], &e.zp1.cur[p1]) / 2
	e.move(e.zp1, int(p1), d)
	e.move(e.zp0, int(p2), -d)
}

// insISECT is ISECT (0x0F, pops 5): move a point to the intersection of
// two lines.
// FreeType: Ins_ISECT.
func (e *exec) insISECT(a []int64) {
	p := uint16(a[0])
	a0, a1 := uint16(a[1]), uint16(a[2])
	b0, b1 := uint16(a[3]), uint16(a[4])
	z0, z1, z2 := e.zp0, e.zp1, e.zp2
	if int(b0) >= z0.nPoints || int(b1) >= z0.nPoints || int(a0) >= z1.nPoints ||
		int(a1) >= z1.nPoints || int(p) >= z2.nPoints {
		e.pedanticFail(errInvalidReference)
		return
	}
	dbx := sub(z0.cur[b1].x, z0.cur[b0].x)
	dby := sub(z0.cur[b1].y, z0.cur[b0].y)
	dax := sub(z1.cur[a1].x, z1.cur[a0].x)
	day := sub(z1.cur[a1].y, z1.cur[a0].y)
	dx := sub(z0.cur[b0].x, z1.cur[a0].x)
	dy := sub(z0.cur[b0].y, z1.cur[a0].y)
	disc := add(mulDiv(dax, -dby, 0x40), mulDiv(day, dbx, 0x40))
	dot := add(mulDiv(dax, dbx, 0x40), mulDiv(day, dby, 0x40))
	if int64(uint64(19)*uint64(abs64(disc))) > abs64(dot) {
		val := add(mulDiv(dx, -dby, 0x40), mulDiv(dy, dbx, 0x40))
		rx := mulDiv(val, dax, disc)
		ry := mulDiv(val, day, disc)
		z2.cur[p].x = add(z1.cur[a0].x, rx)
		z2.cur[p].y = add(z1.cur[a0].y, ry)
	} else {
		z2.cur[p].x = add(add(z1.cur[a0].x, z1.cur[a1].x), add(z0.cur[b0].x, z0.cur[b1].x)) / 4
		z2.cur[p].y = add(add(z1.cur[a0].y, z1.cur[a1].y), add(z0.cur[b0].y, z0.cur[b1].y)) / 4
	}
	z2.tags[p] |= tagTouch
}

// abs64 is FreeType's FT_ABS on a 64-bit value.
func abs64(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// insGC is GC[a] (0x46-0x47, pops 1, pushes 1): a point's current (GC[0])
// or original (GC[1], dual vector) coordinate.
// FreeType: Ins_GC.
func (e *exec) insGC(a []int64) {
	l := uint64(a[0])
	if l >= uint64(e.zp2.nPoints) {
		a[0] = 0
		e.pedanticFail(errInvalidReference)
		return
	}
	if e.opcode&1 != 0 {
		a[0] = e.dualProject(e.zp2.org[l].x, e.zp2.org[l].y)
	} else {
		a[0] = e.project(e.zp2.cur[l].x, e.zp2.cur[l].y)
	}
}

// insSCFS is SCFS (0x48, pops 2): set a point's coordinate.
// FreeType: Ins_SCFS.
func (e *exec) insSCFS(a []int64) {
	l := uint16(a[0])
	if int(l) >= e.zp2.nPoints {
		e.pedanticFail(errInvalidReference)
		return
	}
	k := e.project(e.zp2.cur[l].x, e.zp2.cur[l].y)
	e.move(e.zp2, int(l), sub(a[1], k))
	if e.gs.gep2 == 0 {
		e.zp2.org[l] = e.zp2.cur[l]
	}
}

// insMD is MD[a] (0x49-0x4A, pops 2, pushes 1): distance between two
// points, current (MD[1]) or original (MD[0]).
// FreeType: Ins_MD.
func (e *exec) insMD(a []int64) {
	k := uint16(a[1])
	l := uint16(a[0])
	var d int64
	if int(l) < e.zp0.nPoints && int(k) < e.zp1.nPoints {
		if e.opcode&1 != 0 {
			d = e.projectP(&e.zp0.cur[l], &e.zp1.cur[k])
		} else if e.gs.gep0 == 0 || e.gs.gep1 == 0 {
			d = e.dualProjectP(&e.zp0.org[l], &e.zp1.org[k])
		} else {
			d = e.scaledOrusDist(&e.zp0.orus[l], &e.zp1.orus[k])
		}
	} else {
		e.pedanticFail(errInvalidReference)
	}
	a[0] = d
}

// insUTP is UTP (0x29, pops 1): untouch a point.
// FreeType: Ins_UTP.
func (e *exec) insUTP(a []int64) {
	p := uint16(a[0])
	if int(p) >= e.zp0.nPoints {
		e.pedanticFail(errInvalidReference)
		return
	}
	mask := uint8(0xFF)
	if e.gs.freeVector.x != 0 {
		mask &^= tagTouchX
	}
	if e.gs.freeVector.y != 0 {
		mask &^= tagTouchY
	}
	e.zp0.tags[p] &= mask
}

// insFLIPPT is FLIPPT (0x80, pops loop points): flip on/off curve.
// FreeType: Ins_FLIPPT.
func (e *exec) insFLIPPT(_ []int64) {
	if e.postIUP() || e.top < int(e.gs.loop) {
		if !e.postIUP() {
			e.pedanticFail(errTooFewArguments)
		}
		e.gs.loop = 1
		e.newTop = e.args
		return
	}
	for e.gs.loop > 0 {
		p := e.popPoint()
		if p < e.pts.nPoints {
			e.pts.tags[p] ^= tagOn
		}
		e.gs.loop--
	}
	e.gs.loop = 1
	e.newTop = e.args
}

// insFLIPRG is FLIPRGON (0x81) and FLIPRGOFF (0x82), pops 2.
// FreeType: Ins_FLIPRGON and Ins_FLIPRGOFF.
func (e *exec) insFLIPRG(a []int64) {
	if e.postIUP() {
		return
	}
	k := uint16(a[1])
	l := uint16(a[0])
	if int(k) >= e.pts.nPoints || int(l) >= e.pts.nPoints {
		e.pedanticFail(errInvalidReference)
		return
	}
	for i := int(l); i <= int(k); i++ {
		if e.opcode == 0x81 {
			e.pts.tags[i] |= tagOn
		} else {
			e.pts.tags[i] &^= tagOn
		}
	}
}
