package hint

import (
	"encoding/binary"
	"math/bits"
)

// IUP[a] (0x30-0x31, pops 0): interpolate untouched points of the glyph
// zone in y (IUP[0]) or x (IUP[1]), as FreeType's Ins_IUP and its IUP
// worker do. In v40 backward compatibility each direction runs once and
// nothing after both has run.
//
// The workers come in an x and a y copy (iupX/Y, iupTouchedX/Y,
// iupInnerX/Y, iupRunX/Y, iupContourX/Y, iupSegmentX/Y, iupShiftX/Y) that
// differ only in the coordinate and touch flag they read and write, so
// that the inner loops index plain slices without a per-point choice of
// axis (iup_fast_test.go checks both copies against one reference).
//
// iupX/Y walk the contours with a bit mask of each contour's touched
// points (FreeType scans the tags point by point) and hand the runs of
// untouched points to iupInnerX/Y and iupRunX/Y; contours of more than
// 64 points, which the mask cannot hold, keep the point-by-point contour
// worker iupContourX/Y.

// insIUP is Ins_IUP: IUP[a] interpolates the untouched points of every
// contour in x (a = 1) or y (a = 0); see the notes above.
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
	if e.pts.nContours == 0 {
		return
	}
	if e.opcode&1 != 0 {
		iupX(&e.pts)
	} else {
		iupY(&e.pts)
	}
}

// iupTouchedX returns the touch flags in x of the size (1 to 64) points
// from first of tags (at least eight tags, first+size at most
// len(tags)) as a bit mask, bit k set for point first+k touched. The
// tags are read eight at a time (bit 3 of each byte moved to its bit 0,
// the eight bits gathered into the top byte of the product), from the
// last group of the contour down, each shifted in by eight. Only the
// last group can run past the end of tags: it is read from the last
// eight tags and shifted down to its start; the groups below it lie
// within the contour, so their loop needs no such adjustment.
func iupTouchedX(tags []uint8, first, size int) uint64 {
	const lsb, gather = 0x0101010101010101, 0x0102040810204080
	last := len(tags) - 8
	if first < 0 || last < 0 || first+size > len(tags) {
		return 0 // not reached: the caller's contour, eight tags at least
	}
	q := first + (size-1)&^7
	p := min(q, last)
	w := binary.LittleEndian.Uint64(tags[p:])
	m := (w >> 3 & lsb) * gather >> 56 >> uint((q-p)&7)
	for q -= 8; q >= first; q -= 8 {
		w := binary.LittleEndian.Uint64(tags[q : q+8])
		m = m<<8 | (w>>3&lsb)*gather>>56
	}
	return m & (^uint64(0) >> uint((64-size)&63))
}

// iupX is IUP[1]'s worker (x) on zone z: its contours in turn, walked as
// Ins_IUP walks them (end points relative to firstPoint, clamped to the
// last point, a contour ending before the previous one's end skipped).
//
// A contour of up to 64 points is handled from a bit mask of its points
// touched in x: each run of untouched points between two touched ones
// is one _iup_worker_interpolate (all of a contour's in one iupInnerX
// call), and so is the run across the contour's end (after the last
// touched point, then before the first: two iupRunX calls with the same
// references); a contour with a single touched point is shifted by its
// displacement (_iup_worker_shift). Longer contours go to iupContourX.
func iupX(z *zone) {
	n := z.nPoints
	if n < 0 || n > len(z.tags) || z.nContours > len(z.contours) {
		return // not reached: the loader sizes the arrays
	}
	tags := z.tags[:n]
	point := 0
	for _, end := range z.contours[:z.nContours] {
		endPoint := end - z.firstPoint
		first := point
		if uint32(endPoint) >= uint32(n) {
			endPoint = n - 1
		}
		if endPoint < point {
			continue
		}
		point = endPoint + 1
		if endPoint >= n {
			continue
		}
		size := point - first
		if size > 64 {
			if n <= len(z.cur) && n <= len(z.org) && n <= len(z.orus) {
				iupContourX(z.cur[:n], z.org[:n], z.orus[:n], tags, first, endPoint)
			}
			continue
		}
		var touched uint64
		if n >= 8 {
			touched = iupTouchedX(tags, first, size)
		} else {
			for k, t := range tags[first:point] {
				touched |= uint64(t>>3&1) << uint(k&63)
			}
		}
		if touched == 0 {
			continue
		}
		ft := bits.TrailingZeros64(touched)
		lt := 63 - bits.LeadingZeros64(touched)
		if ft == lt {
			if n <= len(z.cur) && n <= len(z.org) {
				iupShiftX(z.cur[:n], z.org[:n], first, endPoint, first+ft)
			}
			continue
		}
		// Runs of untouched points strictly between ft and lt each start
		// at an untouched bit whose lower neighbour is touched
		// (iupInnerX); the run across the contour's end goes to iupRunX
		// in its two pieces.
		inner := ^touched & (uint64(1)<<uint(lt) - 1)
		if starts := inner &^ (inner << 1) &^ (uint64(2)<<uint(ft) - 1); starts != 0 {
			iupInnerX(z, first, touched, starts)
		}
		if lt < size-1 {
			iupRunX(z, first+lt, first+ft, first+lt+1, point)
		}
		if ft > 0 {
			iupRunX(z, first+lt, first+ft, first, first+ft)
		}
	}
}

// iupRunX is _iup_worker_interpolate in x on zone z for the points
// s..e-1 (s < e) with the touched points a and b as references, all
// below the length of z's arrays: the references ordered by their
// unscaled coordinates, points at or beyond a reference's original
// coordinate move with it, the others are interpolated in font units
// (the 16.16 scale computed at the first point that needs it, as
// FreeType does).
func iupRunX(z *zone, a, b, s, e int) {
	c, o, u := z.cur, z.org, z.orus
	n := len(c)
	if len(o) < n || len(u) < n || uint(s) >= uint(e) || uint(e) > uint(n) || uint(a) >= uint(n) || uint(b) >= uint(n) {
		return // not reached: iupX checks the arrays and passes runs of a contour
	}
	o, u = o[:n], u[:n]
	// The references ordered by their unscaled coordinates (swapped as
	// indices: the point loops hold only what they use in registers; the
	// references' data for the scale is read again when needed).
	if u[a].x > u[b].x {
		a, b = b, a
	}
	if uint(a) >= uint(n) || uint(b) >= uint(n) {
		return // not reached (as above; for the compiler)
	}
	oLo, oHi := o[a].x, o[b].x
	dLo, dHi := c[a].x-oLo, c[b].x-oHi
	// The points up to the first one that needs the scale, then the
	// rest.
	i := s
	for ; i < e; i++ {
		x := o[i].x
		if x <= oLo {
			c[i].x = x + dLo
		} else if x >= oHi {
			c[i].x = x + dHi
		} else {
			break
		}
	}
	if uint(i) >= uint(e) {
		return // all done (i == e)
	}
	// The scale FT_DivFix(dCur, dOrus); 0 for FreeType's trivial case
	// (equal current or unscaled references: the points between take
	// cLo, which is what interpolating with scale 0 gives, and
	// FT_DivFix(0, dOrus) is 0).
	lo, cLo := u[a].x, c[a].x
	hi, cHi := u[b].x, c[b].x
	var scale int64
	if dOrus := hi - lo; dOrus > 0 {
		scale = divFixPos(cHi-cLo, dOrus)
	} else if dOrus < 0 { // by wrapping only: FT_DivFix's sign rule
		scale = -divFixPos(cHi-cLo, -dOrus)
	}
	// mulFix(u-lo, scale) with scale's truncation to 32 bits done once.
	s32 := int64(int32(scale))
	for ; i < e; i++ {
		x := o[i].x
		if x <= oLo {
			c[i].x = x + dLo
		} else if x >= oHi {
			c[i].x = x + dHi
		} else {
			p := int64(int32(u[i].x-lo)) * s32
			c[i].x = cLo + int64(int32((p+0x8000+p>>63)>>16))
		}
	}
}

// iupInnerX is iupRunX, inline, for each run of untouched points
// between two touched ones of the contour from first of zone z: bit k of
// touched is set for point first+k touched, bit k of starts for the
// first point of each such run (untouched, the point before it touched,
// a touched point after it). One call per contour rather than per run
// saves the calls; the point loops hold the same values as iupRunX's.
func iupInnerX(z *zone, first int, touched, starts uint64) {
	c, o, u := z.cur, z.org, z.orus
	n := len(c)
	if len(o) < n || len(u) < n || first < 0 {
		return // not reached: iupX checks the arrays
	}
	o, u = o[:n], u[:n]
	// The contour's state in a stack array, which the compiler does not
	// keep in registers: the point loops have them to themselves (no
	// reload of first or starts on their back edges).
	st := [3]uint64{uint64(first), touched, starts}
	for st[2] != 0 {
		k := bits.TrailingZeros64(st[2])
		st[2] &= st[2] - 1
		s := int(st[0]) + k
		e := s + bits.TrailingZeros64(st[1]>>uint(k))
		a, b := s-1, e
		if uint(s) >= uint(e) || uint(e) >= uint(n) || a < 0 {
			return // not reached: runs of the contour, between touched points
		}
		// The references ordered by their unscaled coordinates (swapped as
		// indices: the point loops hold only what they use in registers; the
		// references' data for the scale is read again when needed).
		if u[a].x > u[b].x {
			a, b = b, a
		}
		if uint(a) >= uint(n) || uint(b) >= uint(n) {
			return // not reached (as above; for the compiler)
		}
		oLo, oHi := o[a].x, o[b].x
		dLo, dHi := c[a].x-oLo, c[b].x-oHi
		// The points up to the first one that needs the scale, then the
		// rest.
		i := s
		for ; i < e; i++ {
			x := o[i].x
			if x <= oLo {
				c[i].x = x + dLo
			} else if x >= oHi {
				c[i].x = x + dHi
			} else {
				break
			}
		}
		if uint(i) >= uint(e) {
			continue // all done (i == e)
		}
		// The scale FT_DivFix(dCur, dOrus); 0 for FreeType's trivial case
		// (equal current or unscaled references: the points between take
		// cLo, which is what interpolating with scale 0 gives, and
		// FT_DivFix(0, dOrus) is 0).
		lo, cLo := u[a].x, c[a].x
		hi, cHi := u[b].x, c[b].x
		var scale int64
		if dOrus := hi - lo; dOrus > 0 {
			scale = divFixPos(cHi-cLo, dOrus)
		} else if dOrus < 0 { // by wrapping only: FT_DivFix's sign rule
			scale = -divFixPos(cHi-cLo, -dOrus)
		}
		// mulFix(u-lo, scale) with scale's truncation to 32 bits done once.
		s32 := int64(int32(scale))
		for ; i < e; i++ {
			x := o[i].x
			if x <= oLo {
				c[i].x = x + dLo
			} else if x >= oHi {
				c[i].x = x + dHi
			} else {
				p := int64(int32(u[i].x-lo)) * s32
				c[i].x = cLo + int64(int32((p+0x8000+p>>63)>>16))
			}
		}
	}
}

// iupTouchedY returns the touch flags in y of the size (1 to 64) points
// from first of tags (at least eight tags, first+size at most
// len(tags)) as a bit mask, bit k set for point first+k touched. The
// tags are read eight at a time (bit 4 of each byte moved to its bit 0,
// the eight bits gathered into the top byte of the product), from the
// last group of the contour down, each shifted in by eight. Only the
// last group can run past the end of tags: it is read from the last
// eight tags and shifted down to its start; the groups below it lie
// within the contour, so their loop needs no such adjustment.
func iupTouchedY(tags []uint8, first, size int) uint64 {
	const lsb, gather = 0x0101010101010101, 0x0102040810204080
	last := len(tags) - 8
	if first < 0 || last < 0 || first+size > len(tags) {
		return 0 // not reached: the caller's contour, eight tags at least
	}
	q := first + (size-1)&^7
	p := min(q, last)
	w := binary.LittleEndian.Uint64(tags[p:])
	m := (w >> 4 & lsb) * gather >> 56 >> uint((q-p)&7)
	for q -= 8; q >= first; q -= 8 {
		w := binary.LittleEndian.Uint64(tags[q : q+8])
		m = m<<8 | (w>>4&lsb)*gather>>56
	}
	return m & (^uint64(0) >> uint((64-size)&63))
}

// iupY is IUP[0]'s worker (y) on zone z: its contours in turn, walked as
// Ins_IUP walks them (end points relative to firstPoint, clamped to the
// last point, a contour ending before the previous one's end skipped).
//
// A contour of up to 64 points is handled from a bit mask of its points
// touched in y: each run of untouched points between two touched ones
// is one _iup_worker_interpolate (all of a contour's in one iupInnerY
// call), and so is the run across the contour's end (after the last
// touched point, then before the first: two iupRunY calls with the same
// references); a contour with a single touched point is shifted by its
// displacement (_iup_worker_shift). Longer contours go to iupContourY.
func iupY(z *zone) {
	n := z.nPoints
	if n < 0 || n > len(z.tags) || z.nContours > len(z.contours) {
		return // not reached: the loader sizes the arrays
	}
	tags := z.tags[:n]
	point := 0
	for _, end := range z.contours[:z.nContours] {
		endPoint := end - z.firstPoint
		first := point
		if uint32(endPoint) >= uint32(n) {
			endPoint = n - 1
		}
		if endPoint < point {
			continue
		}
		point = endPoint + 1
		if endPoint >= n {
			continue
		}
		size := point - first
		if size > 64 {
			if n <= len(z.cur) && n <= len(z.org) && n <= len(z.orus) {
				iupContourY(z.cur[:n], z.org[:n], z.orus[:n], tags, first, endPoint)
			}
			continue
		}
		var touched uint64
		if n >= 8 {
			touched = iupTouchedY(tags, first, size)
		} else {
			for k, t := range tags[first:point] {
				touched |= uint64(t>>4&1) << uint(k&63)
			}
		}
		if touched == 0 {
			continue
		}
		ft := bits.TrailingZeros64(touched)
		lt := 63 - bits.LeadingZeros64(touched)
		if ft == lt {
			if n <= len(z.cur) && n <= len(z.org) {
				iupShiftY(z.cur[:n], z.org[:n], first, endPoint, first+ft)
			}
			continue
		}
		// Runs of untouched points strictly between ft and lt each start
		// at an untouched bit whose lower neighbour is touched
		// (iupInnerY); the run across the contour's end goes to iupRunY
		// in its two pieces.
		inner := ^touched & (uint64(1)<<uint(lt) - 1)
		if starts := inner &^ (inner << 1) &^ (uint64(2)<<uint(ft) - 1); starts != 0 {
			iupInnerY(z, first, touched, starts)
		}
		if lt < size-1 {
			iupRunY(z, first+lt, first+ft, first+lt+1, point)
		}
		if ft > 0 {
			iupRunY(z, first+lt, first+ft, first, first+ft)
		}
	}
}

// iupRunY is _iup_worker_interpolate in y on zone z for the points
// s..e-1 (s < e) with the touched points a and b as references, all
// below the length of z's arrays: the references ordered by their
// unscaled coordinates, points at or beyond a reference's original
// coordinate move with it, the others are interpolated in font units
// (the 16.16 scale computed at the first point that needs it, as
// FreeType does).
func iupRunY(z *zone, a, b, s, e int) {
	c, o, u := z.cur, z.org, z.orus
	n := len(c)
	if len(o) < n || len(u) < n || uint(s) >= uint(e) || uint(e) > uint(n) || uint(a) >= uint(n) || uint(b) >= uint(n) {
		return // not reached: iupY checks the arrays and passes runs of a contour
	}
	o, u = o[:n], u[:n]
	// The references ordered by their unscaled coordinates (swapped as
	// indices: the point loops hold only what they use in registers; the
	// references' data for the scale is read again when needed).
	if u[a].y > u[b].y {
		a, b = b, a
	}
	if uint(a) >= uint(n) || uint(b) >= uint(n) {
		return // not reached (as above; for the compiler)
	}
	oLo, oHi := o[a].y, o[b].y
	dLo, dHi := c[a].y-oLo, c[b].y-oHi
	// The points up to the first one that needs the scale, then the
	// rest.
	i := s
	for ; i < e; i++ {
		x := o[i].y
		if x <= oLo {
			c[i].y = x + dLo
		} else if x >= oHi {
			c[i].y = x + dHi
		} else {
			break
		}
	}
	if uint(i) >= uint(e) {
		return // all done (i == e)
	}
	// The scale FT_DivFix(dCur, dOrus); 0 for FreeType's trivial case
	// (equal current or unscaled references: the points between take
	// cLo, which is what interpolating with scale 0 gives, and
	// FT_DivFix(0, dOrus) is 0).
	lo, cLo := u[a].y, c[a].y
	hi, cHi := u[b].y, c[b].y
	var scale int64
	if dOrus := hi - lo; dOrus > 0 {
		scale = divFixPos(cHi-cLo, dOrus)
	} else if dOrus < 0 { // by wrapping only: FT_DivFix's sign rule
		scale = -divFixPos(cHi-cLo, -dOrus)
	}
	// mulFix(u-lo, scale) with scale's truncation to 32 bits done once.
	s32 := int64(int32(scale))
	for ; i < e; i++ {
		x := o[i].y
		if x <= oLo {
			c[i].y = x + dLo
		} else if x >= oHi {
			c[i].y = x + dHi
		} else {
			p := int64(int32(u[i].y-lo)) * s32
			c[i].y = cLo + int64(int32((p+0x8000+p>>63)>>16))
		}
	}
}

// iupInnerY is iupRunY, inline, for each run of untouched points
// between two touched ones of the contour from first of zone z: bit k of
// touched is set for point first+k touched, bit k of starts for the
// first point of each such run (untouched, the point before it touched,
// a touched point after it). One call per contour rather than per run
// saves the calls; the point loops hold the same values as iupRunY's.
func iupInnerY(z *zone, first int, touched, starts uint64) {
	c, o, u := z.cur, z.org, z.orus
	n := len(c)
	if len(o) < n || len(u) < n || first < 0 {
		return // not reached: iupY checks the arrays
	}
	o, u = o[:n], u[:n]
	// The contour's state in a stack array, which the compiler does not
	// keep in registers: the point loops have them to themselves (no
	// reload of first or starts on their back edges).
	st := [3]uint64{uint64(first), touched, starts}
	for st[2] != 0 {
		k := bits.TrailingZeros64(st[2])
		st[2] &= st[2] - 1
		s := int(st[0]) + k
		e := s + bits.TrailingZeros64(st[1]>>uint(k))
		a, b := s-1, e
		if uint(s) >= uint(e) || uint(e) >= uint(n) || a < 0 {
			return // not reached: runs of the contour, between touched points
		}
		// The references ordered by their unscaled coordinates (swapped as
		// indices: the point loops hold only what they use in registers; the
		// references' data for the scale is read again when needed).
		if u[a].y > u[b].y {
			a, b = b, a
		}
		if uint(a) >= uint(n) || uint(b) >= uint(n) {
			return // not reached (as above; for the compiler)
		}
		oLo, oHi := o[a].y, o[b].y
		dLo, dHi := c[a].y-oLo, c[b].y-oHi
		// The points up to the first one that needs the scale, then the
		// rest.
		i := s
		for ; i < e; i++ {
			x := o[i].y
			if x <= oLo {
				c[i].y = x + dLo
			} else if x >= oHi {
				c[i].y = x + dHi
			} else {
				break
			}
		}
		if uint(i) >= uint(e) {
			continue // all done (i == e)
		}
		// The scale FT_DivFix(dCur, dOrus); 0 for FreeType's trivial case
		// (equal current or unscaled references: the points between take
		// cLo, which is what interpolating with scale 0 gives, and
		// FT_DivFix(0, dOrus) is 0).
		lo, cLo := u[a].y, c[a].y
		hi, cHi := u[b].y, c[b].y
		var scale int64
		if dOrus := hi - lo; dOrus > 0 {
			scale = divFixPos(cHi-cLo, dOrus)
		} else if dOrus < 0 { // by wrapping only: FT_DivFix's sign rule
			scale = -divFixPos(cHi-cLo, -dOrus)
		}
		// mulFix(u-lo, scale) with scale's truncation to 32 bits done once.
		s32 := int64(int32(scale))
		for ; i < e; i++ {
			x := o[i].y
			if x <= oLo {
				c[i].y = x + dLo
			} else if x >= oHi {
				c[i].y = x + dHi
			} else {
				p := int64(int32(u[i].y-lo)) * s32
				c[i].y = cLo + int64(int32((p+0x8000+p>>63)>>16))
			}
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
// otherwise, or, as iupRunX/Y do, -divFixPos(a, -b) for b < 0 (b =
// MinInt64, whose negation stays negative, is divided by as 2^63, its
// magnitude, as FT_DivFix does; TestIUPScaleWrapped).
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
