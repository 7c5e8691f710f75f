package hint

// IUP[a] (0x30-0x31, pops 0): interpolate untouched points of the glyph
// zone in y (IUP[0]) or x (IUP[1]), as FreeType's Ins_IUP and its IUP
// worker do. In v40 backward compatibility each direction runs once and
// nothing after both has run.
//
// The workers come in an x and a y copy (iupContourX/Y, iupSegmentX/Y,
// iupShiftX/Y) that differ only in the coordinate they read and write,
// so that the inner loops index plain slices without a per-point choice
// of axis.

func (e *exec) insIUP(_ []int64) {
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
		if xAxis {
			iupContourX(cur, org, orus, tags, firstPoint, endPoint)
		} else {
			iupContourY(cur, org, orus, tags, firstPoint, endPoint)
		}
	}
}

// iupContourX is the IUP worker in x for the contour of points
// first..end (first >= 0; end < n, the common length of cur, org and
// orus): untouched points between two touched ones are interpolated
// (_iup_worker_interpolate; the segments between consecutive touched
// points inline, with the right reference's coordinates carried over as
// the next segment's left reference), and a contour with a single
// touched point is shifted by its displacement (_iup_worker_shift).
func iupContourX(cur, org, orus []vec, tags []uint8, first, end int) {
	const mask = tagTouchX
	if first < 0 || end >= len(cur) || end >= len(org) || end >= len(orus) || end >= len(tags) {
		return
	}
	// Cut to the contour's end: the scans below test against len(tags)
	// (no separate bounds checks).
	cur, org, orus, tags = cur[:end+1], org[:end+1], orus[:end+1], tags[:end+1]
	firstTouched := first
	for firstTouched < len(tags) && tags[firstTouched]&mask == 0 {
		firstTouched++
	}
	if firstTouched > end {
		return
	}
	t1 := firstTouched
	orus1, org1, cur1 := orus[t1].x, org[t1].x, cur[t1].x
	for {
		t2 := t1 + 1
		for t2 < len(tags) && tags[t2]&mask == 0 {
			t2++
		}
		if t2 > end {
			break
		}
		orus2, org2, cur2 := orus[t2].x, org[t2].x, cur[t2].x
		if t2 > t1+1 {
			// _iup_worker_interpolate(t1+1, t2-1, t1, t2), references
			// ordered by their unscaled coordinates.
			lo, oLo, cLo, hi, oHi, cHi := orus1, org1, cur1, orus2, org2, cur2
			if lo > hi {
				lo, oLo, cLo, hi, oHi, cHi = hi, oHi, cHi, lo, oLo, cLo
			}
			dLo, dHi := cLo-oLo, cHi-oHi
			if cLo == cHi || lo == hi {
				for i := t1 + 1; i < t2; i++ {
					x := org[i].x
					v := cLo
					if x >= oHi {
						v = x + dHi
					}
					if x <= oLo {
						v = x + dLo
					}
					cur[i].x = v
				}
			} else {
				var scale int64
				if hi-lo > 0 {
					scale = divFixPos(cHi-cLo, hi-lo)
				} else { // by wrapping only
					scale = divFix(cHi-cLo, hi-lo)
				}
				for i := t1 + 1; i < t2; i++ {
					x := org[i].x
					v := cLo + mulFix(orus[i].x-lo, scale)
					if x >= oHi {
						v = x + dHi
					}
					if x <= oLo {
						v = x + dLo
					}
					cur[i].x = v
				}
			}
		}
		t1, orus1, org1, cur1 = t2, orus2, org2, cur2
	}
	if t1 == firstTouched {
		iupShiftX(cur, org, first, end, t1)
		return
	}
	if t1 < end {
		iupSegmentX(cur, org, orus, t1+1, end, t1, firstTouched)
	}
	if firstTouched > first {
		iupSegmentX(cur, org, orus, first, firstTouched-1, t1, firstTouched)
	}
}

// iupSegmentX is _iup_worker_interpolate in x for points p1..p2
// between the touched points ref1 and ref2: points at or beyond a
// reference's original position move with that reference (ref1's side
// first), the others are interpolated in font units. The 16.16 scale is
// computed once per call instead of at the first interpolated point (it
// has no side effects).
func iupSegmentX(cur, org, orus []vec, p1, p2, ref1, ref2 int) {
	if p1 > p2 || p1 < 0 || p2 >= len(cur) || p2 >= len(org) || p2 >= len(orus) ||
		uint(ref1) >= uint(len(cur)) || uint(ref2) >= uint(len(cur)) ||
		uint(ref1) >= uint(len(org)) || uint(ref2) >= uint(len(org)) ||
		uint(ref1) >= uint(len(orus)) || uint(ref2) >= uint(len(orus)) {
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
	if cur1 == cur2 || orus1 == orus2 {
		for i := p1; i <= p2; i++ {
			x := org[i].x
			v := cur1
			if x >= org2 {
				v = add(x, delta2)
			}
			if x <= org1 {
				v = add(x, delta1)
			}
			cur[i].x = v
		}
		return
	}
	var scale int64 // iupScale, inline
	if dCur, dOrus := sub(cur2, cur1), sub(orus2, orus1); dOrus > 0 {
		scale = divFixPos(dCur, dOrus)
	} else {
		scale = divFix(dCur, dOrus)
	}
	for i := p1; i <= p2; i++ {
		x := org[i].x
		v := add(cur1, mulFix(sub(orus[i].x, orus1), scale))
		if x >= org2 {
			v = add(x, delta2)
		}
		if x <= org1 {
			v = add(x, delta1)
		}
		cur[i].x = v
	}
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

// The y copies of iupContourX, iupSegmentX and iupShiftX.

// iupContourY is the IUP worker in y for the contour of points
// first..end (first >= 0; end < n, the common length of cur, org and
// orus): untouched points between two touched ones are interpolated
// (_iup_worker_interpolate; the segments between consecutive touched
// points inline, with the right reference's coordinates carried over as
// the next segment's left reference), and a contour with a single
// touched point is shifted by its displacement (_iup_worker_shift).
func iupContourY(cur, org, orus []vec, tags []uint8, first, end int) {
	const mask = tagTouchY
	if first < 0 || end >= len(cur) || end >= len(org) || end >= len(orus) || end >= len(tags) {
		return
	}
	// Cut to the contour's end: the scans below test against len(tags)
	// (no separate bounds checks).
	cur, org, orus, tags = cur[:end+1], org[:end+1], orus[:end+1], tags[:end+1]
	firstTouched := first
	for firstTouched < len(tags) && tags[firstTouched]&mask == 0 {
		firstTouched++
	}
	if firstTouched > end {
		return
	}
	t1 := firstTouched
	orus1, org1, cur1 := orus[t1].y, org[t1].y, cur[t1].y
	for {
		t2 := t1 + 1
		for t2 < len(tags) && tags[t2]&mask == 0 {
			t2++
		}
		if t2 > end {
			break
		}
		orus2, org2, cur2 := orus[t2].y, org[t2].y, cur[t2].y
		if t2 > t1+1 {
			// _iup_worker_interpolate(t1+1, t2-1, t1, t2), references
			// ordered by their unscaled coordinates.
			lo, oLo, cLo, hi, oHi, cHi := orus1, org1, cur1, orus2, org2, cur2
			if lo > hi {
				lo, oLo, cLo, hi, oHi, cHi = hi, oHi, cHi, lo, oLo, cLo
			}
			dLo, dHi := cLo-oLo, cHi-oHi
			if cLo == cHi || lo == hi {
				for i := t1 + 1; i < t2; i++ {
					x := org[i].y
					v := cLo
					if x >= oHi {
						v = x + dHi
					}
					if x <= oLo {
						v = x + dLo
					}
					cur[i].y = v
				}
			} else {
				var scale int64
				if hi-lo > 0 {
					scale = divFixPos(cHi-cLo, hi-lo)
				} else { // by wrapping only
					scale = divFix(cHi-cLo, hi-lo)
				}
				for i := t1 + 1; i < t2; i++ {
					x := org[i].y
					v := cLo + mulFix(orus[i].y-lo, scale)
					if x >= oHi {
						v = x + dHi
					}
					if x <= oLo {
						v = x + dLo
					}
					cur[i].y = v
				}
			}
		}
		t1, orus1, org1, cur1 = t2, orus2, org2, cur2
	}
	if t1 == firstTouched {
		iupShiftY(cur, org, first, end, t1)
		return
	}
	if t1 < end {
		iupSegmentY(cur, org, orus, t1+1, end, t1, firstTouched)
	}
	if firstTouched > first {
		iupSegmentY(cur, org, orus, first, firstTouched-1, t1, firstTouched)
	}
}

// iupSegmentY is _iup_worker_interpolate in y for points p1..p2
// between the touched points ref1 and ref2: points at or beyond a
// reference's original position move with that reference (ref1's side
// first), the others are interpolated in font units. The 16.16 scale is
// computed once per call instead of at the first interpolated point (it
// has no side effects).
func iupSegmentY(cur, org, orus []vec, p1, p2, ref1, ref2 int) {
	if p1 > p2 || p1 < 0 || p2 >= len(cur) || p2 >= len(org) || p2 >= len(orus) ||
		uint(ref1) >= uint(len(cur)) || uint(ref2) >= uint(len(cur)) ||
		uint(ref1) >= uint(len(org)) || uint(ref2) >= uint(len(org)) ||
		uint(ref1) >= uint(len(orus)) || uint(ref2) >= uint(len(orus)) {
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
	if cur1 == cur2 || orus1 == orus2 {
		for i := p1; i <= p2; i++ {
			x := org[i].y
			v := cur1
			if x >= org2 {
				v = add(x, delta2)
			}
			if x <= org1 {
				v = add(x, delta1)
			}
			cur[i].y = v
		}
		return
	}
	var scale int64 // iupScale, inline
	if dCur, dOrus := sub(cur2, cur1), sub(orus2, orus1); dOrus > 0 {
		scale = divFixPos(dCur, dOrus)
	} else {
		scale = divFix(dCur, dOrus)
	}
	for i := p1; i <= p2; i++ {
		x := org[i].y
		v := add(cur1, mulFix(sub(orus[i].y, orus1), scale))
		if x >= org2 {
			v = add(x, delta2)
		}
		if x <= org1 {
			v = add(x, delta1)
		}
		cur[i].y = v
	}
}

// iupShiftY is _iup_worker_shift in y: points p1..p2 except p move by
// p's displacement.
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

// divFixPos is FT_DivFix (divFix) written out for b > 0, the case of
// IUP's scale (orus2 > orus1), so that it inlines. Callers check b > 0
// (the difference of hostile coordinates can wrap) and use divFix
// otherwise.
func divFixPos(a, b int64) int64 {
	ua := uint64(a)
	if a < 0 {
		ua = -ua
	}
	q := (ua<<16 + uint64(b)>>1) / uint64(b)
	if a < 0 {
		return -int64(q)
	}
	return int64(q)
}

// iupScale is the 16.16 ratio FT_DivFix(dCur, dOrus) of an
// interpolated segment; iupSegmentX/Y compute it inline the same way
// (TestDivFixPos checks this form against divFix).
func iupScale(dCur, dOrus int64) int64 {
	if dOrus > 0 {
		return divFixPos(dCur, dOrus)
	}
	return divFix(dCur, dOrus)
}
