package hint

import "math/bits"

// IUP[a] (0x30-0x31, pops 0): interpolate untouched points of the glyph
// zone in y (IUP[0]) or x (IUP[1]), as FreeType's Ins_IUP and its IUP
// worker do. In v40 backward compatibility each direction runs once and
// nothing after both has run.
//
// The workers come in an x and a y copy (iupInterpolateX/Y,
// iupShiftX/Y) that differ only in the coordinate they read and write,
// so that the inner loops index plain slices without a per-point choice
// of axis.

func (e *exec) insIUP() {
	if e.backwardCompat {
		if e.iupxCalled && e.iupyCalled {
			return
		}
		if e.opcode&1 != 0 {
			e.iupxCalled = true
		} else {
			e.iupyCalled = true
		}
	}
	z := &e.pts
	if z.nContours == 0 {
		return
	}
	n := z.nPoints
	cur, org, orus, tags := z.cur[:n], z.org[:n], z.orus[:n], z.tags[:n]
	contours := z.contours[:z.nContours]
	xAxis := e.opcode&1 != 0
	var mask uint8 = tagTouchY
	if xAxis {
		mask = tagTouchX
	}
	point := 0
	for _, end := range contours {
		endPoint := end - z.firstPoint
		firstPoint := point
		if uint32(endPoint) >= uint32(n) {
			endPoint = n - 1
		}
		if endPoint < point {
			continue
		}
		point = endPoint + 1
		firstTouched := nextTouched(tags, firstPoint, endPoint, mask)
		if firstTouched > endPoint {
			continue
		}
		curTouched := firstTouched
		for {
			next := nextTouched(tags, curTouched+1, endPoint, mask)
			if next > endPoint {
				break
			}
			if next > curTouched+1 {
				if xAxis {
					iupInterpolateX(cur, org, orus, curTouched+1, next-1, curTouched, next)
				} else {
					iupInterpolateY(cur, org, orus, curTouched+1, next-1, curTouched, next)
				}
			}
			curTouched = next
		}
		if curTouched == firstTouched {
			if xAxis {
				iupShiftX(cur, org, firstPoint, endPoint, curTouched)
			} else {
				iupShiftY(cur, org, firstPoint, endPoint, curTouched)
			}
			continue
		}
		if xAxis {
			iupInterpolateX(cur, org, orus, curTouched+1, endPoint, curTouched, firstTouched)
			if firstTouched > 0 {
				iupInterpolateX(cur, org, orus, firstPoint, firstTouched-1, curTouched, firstTouched)
			}
		} else {
			iupInterpolateY(cur, org, orus, curTouched+1, endPoint, curTouched, firstTouched)
			if firstTouched > 0 {
				iupInterpolateY(cur, org, orus, firstPoint, firstTouched-1, curTouched, firstTouched)
			}
		}
	}
}

// nextTouched returns the first point p..end (end < len(tags)) whose tag
// has a bit of mask set, or end+1. It tests eight tags at a time.
func nextTouched(tags []uint8, p, end int, mask uint8) int {
	m8 := uint64(mask) * 0x0101010101010101
	for p <= end && p+8 <= len(tags) {
		t := tags[p : p+8 : p+8]
		w := (uint64(t[0]) | uint64(t[1])<<8 | uint64(t[2])<<16 | uint64(t[3])<<24 |
			uint64(t[4])<<32 | uint64(t[5])<<40 | uint64(t[6])<<48 | uint64(t[7])<<56) & m8
		if w != 0 {
			q := p + bits.TrailingZeros64(w)>>3
			if q > end {
				return end + 1
			}
			return q
		}
		p += 8
	}
	for ; p <= end; p++ {
		if tags[p]&mask != 0 {
			return p
		}
	}
	return end + 1
}

// iupShiftX is _iup_worker_shift in x: points p1..p2 except p move by
// p's displacement.
func iupShiftX(cur, org []vec, p1, p2, p int) {
	d := sub(cur[p].x, org[p].x)
	if d == 0 {
		return
	}
	for i := p1; i < p; i++ {
		cur[i].x = add(cur[i].x, d)
	}
	for i := p + 1; i <= p2; i++ {
		cur[i].x = add(cur[i].x, d)
	}
}

// iupShiftY is iupShiftX in y.
func iupShiftY(cur, org []vec, p1, p2, p int) {
	d := sub(cur[p].y, org[p].y)
	if d == 0 {
		return
	}
	for i := p1; i < p; i++ {
		cur[i].y = add(cur[i].y, d)
	}
	for i := p + 1; i <= p2; i++ {
		cur[i].y = add(cur[i].y, d)
	}
}

// iupInterpolateX is _iup_worker_interpolate in x for points p1..p2
// between the touched points ref1 and ref2 (all < len(cur)): points at
// or beyond a reference's original position move with that reference
// (ref1's side first), the others are interpolated in font units. The
// 16.16 scale is computed once per call instead of at the first
// interpolated point (it has no side effects).
func iupInterpolateX(cur, org, orus []vec, p1, p2, ref1, ref2 int) {
	if p1 > p2 || p2 >= len(cur) || p2 >= len(org) || p2 >= len(orus) {
		return
	}
	orus1, orus2 := orus[ref1].x, orus[ref2].x
	if orus1 > orus2 {
		orus1, orus2 = orus2, orus1
		ref1, ref2 = ref2, ref1
	}
	org1, org2 := org[ref1].x, org[ref2].x
	cur1, cur2 := cur[ref1].x, cur[ref2].x
	delta1, delta2 := sub(cur1, org1), sub(cur2, org2)
	cu, og, ou := cur[p1:p2+1], org[p1:p2+1], orus[p1:p2+1]
	og = og[:len(cu)]
	ou = ou[:len(cu)]
	if cur1 == cur2 || orus1 == orus2 {
		for i := range cu {
			x := og[i].x
			v := cur1
			if x >= org2 {
				v = add(x, delta2)
			}
			if x <= org1 {
				v = add(x, delta1)
			}
			cu[i].x = v
		}
		return
	}
	scale := divFix(sub(cur2, cur1), sub(orus2, orus1))
	for i := range cu {
		x := og[i].x
		v := add(cur1, mulFix(sub(ou[i].x, orus1), scale))
		if x >= org2 {
			v = add(x, delta2)
		}
		if x <= org1 {
			v = add(x, delta1)
		}
		cu[i].x = v
	}
}

// iupInterpolateY is iupInterpolateX in y.
func iupInterpolateY(cur, org, orus []vec, p1, p2, ref1, ref2 int) {
	if p1 > p2 || p2 >= len(cur) || p2 >= len(org) || p2 >= len(orus) {
		return
	}
	orus1, orus2 := orus[ref1].y, orus[ref2].y
	if orus1 > orus2 {
		orus1, orus2 = orus2, orus1
		ref1, ref2 = ref2, ref1
	}
	org1, org2 := org[ref1].y, org[ref2].y
	cur1, cur2 := cur[ref1].y, cur[ref2].y
	delta1, delta2 := sub(cur1, org1), sub(cur2, org2)
	cu, og, ou := cur[p1:p2+1], org[p1:p2+1], orus[p1:p2+1]
	og = og[:len(cu)]
	ou = ou[:len(cu)]
	if cur1 == cur2 || orus1 == orus2 {
		for i := range cu {
			x := og[i].y
			v := cur1
			if x >= org2 {
				v = add(x, delta2)
			}
			if x <= org1 {
				v = add(x, delta1)
			}
			cu[i].y = v
		}
		return
	}
	scale := divFix(sub(cur2, cur1), sub(orus2, orus1))
	for i := range cu {
		x := og[i].y
		v := add(cur1, mulFix(sub(ou[i].y, orus1), scale))
		if x >= org2 {
			v = add(x, delta2)
		}
		if x <= org1 {
			v = add(x, delta1)
		}
		cu[i].y = v
	}
}
