package hint

import (
	"fmt"
	"math"
	"math/rand"
	"testing"
)

// refIUP is the oracle of TestIUPMatchesReference: Ins_IUP with its
// workers _iup_worker_interpolate and _iup_worker_shift written out
// point by point on one zone, one axis chosen per access, nothing
// precomputed (the scale computed at the first point that needs it).
// Contour ends beyond 2^32 (not representable in FreeType's 32-bit
// end_point, and never produced by the loader) are skipped as insIUP
// skips them.
func refIUP(z *zone, xAxis bool) {
	n := z.nPoints
	coord := func(v []vec, i int) int64 {
		if xAxis {
			return v[i].x
		}
		return v[i].y
	}
	set := func(i int, val int64) {
		if xAxis {
			z.cur[i].x = val
		} else {
			z.cur[i].y = val
		}
	}
	mask := uint8(tagTouchY)
	if xAxis {
		mask = tagTouchX
	}
	interpolate := func(p1, p2, ref1, ref2 int) {
		if p1 > p2 {
			return
		}
		if uint(ref1) >= uint(n) || uint(ref2) >= uint(n) {
			return
		}
		orus1, orus2 := coord(z.orus, ref1), coord(z.orus, ref2)
		if orus1 > orus2 {
			orus1, orus2 = orus2, orus1
			ref1, ref2 = ref2, ref1
		}
		org1, org2 := coord(z.org, ref1), coord(z.org, ref2)
		cur1, cur2 := coord(z.cur, ref1), coord(z.cur, ref2)
		delta1, delta2 := cur1-org1, cur2-org2
		trivial := cur1 == cur2 || orus1 == orus2
		var scale int64
		scaleValid := false
		for i := p1; i <= p2; i++ {
			x := coord(z.org, i)
			switch {
			case x <= org1:
				x += delta1
			case x >= org2:
				x += delta2
			case trivial:
				x = cur1
			default:
				if !scaleValid {
					scaleValid = true
					scale = divFix(cur2-cur1, orus2-orus1)
				}
				x = cur1 + mulFix(coord(z.orus, i)-orus1, scale)
			}
			set(i, x)
		}
	}
	shift := func(p1, p2, p int) {
		d := coord(z.cur, p) - coord(z.org, p)
		if d == 0 {
			return
		}
		for i := p1; i < p; i++ {
			set(i, coord(z.cur, i)+d)
		}
		for i := p + 1; i <= p2; i++ {
			set(i, coord(z.cur, i)+d)
		}
	}
	point := 0
	for contour := 0; contour < z.nContours; contour++ {
		endPoint := z.contours[contour] - z.firstPoint
		firstPoint := point
		if uint32(endPoint) >= uint32(n) {
			endPoint = n - 1
		}
		if endPoint >= n {
			if endPoint >= point {
				point = endPoint + 1
			}
			continue
		}
		for point <= endPoint && z.tags[point]&mask == 0 {
			point++
		}
		if point > endPoint {
			continue
		}
		firstTouched, curTouched := point, point
		point++
		for point <= endPoint {
			if z.tags[point]&mask != 0 {
				interpolate(curTouched+1, point-1, curTouched, point)
				curTouched = point
			}
			point++
		}
		if curTouched == firstTouched {
			shift(firstPoint, endPoint, curTouched)
		} else {
			interpolate(curTouched+1, endPoint, curTouched, firstTouched)
			if firstTouched > 0 {
				interpolate(firstPoint, firstTouched-1, curTouched, firstTouched)
			}
		}
	}
}

// iupCase builds random zones: point counts around the 64-point limit of
// the bit-mask path, contour ends in and out of order and out of range,
// random touch flags (with the other tag bits set at random), and
// coordinates that are realistic (scaled font units, small hinting
// moves), tied (few distinct values: equal unscaled, original or current
// coordinates of references and points), or hostile (any 64-bit value,
// values around the 32-bit limits of FT_MulFix's truncation).
type iupCase struct {
	r *rand.Rand
}

// coord returns a random coordinate of the given style (realistic 26.6,
// small, extreme, ...).
func (c iupCase) coord(style int) int64 {
	r := c.r
	switch style {
	case 0: // realistic 26.6
		return int64(r.Intn(4096) - 1024)
	case 1: // ties
		return []int64{-64, 0, 0, 1, 64, 64, 128}[r.Intn(7)]
	case 2: // near 32-bit limits
		b := []int64{math.MaxInt32, math.MinInt32, 1 << 32, -1 << 32, 1 << 31, 1 << 47}[r.Intn(6)]
		return b + int64(r.Intn(9)-4)
	default: // anything
		if r.Intn(4) == 0 {
			return []int64{math.MaxInt64, math.MinInt64, math.MaxInt64 - 1, math.MinInt64 + 1}[r.Intn(4)]
		}
		return int64(r.Uint64())
	}
}

// zone returns a random glyph zone: contours, original and current
// points and touch flags.
func (c iupCase) zone() *zone {
	r := c.r
	var n int
	switch r.Intn(6) {
	case 0:
		n = r.Intn(6)
	case 1:
		n = 60 + r.Intn(12)
	case 2:
		n = r.Intn(300)
	default:
		n = 4 + r.Intn(70)
	}
	extra := 0
	if r.Intn(3) == 0 {
		extra = r.Intn(12) // beyond nPoints: must not be read
	}
	z := &zone{
		org:  make([]vec, n+extra),
		cur:  make([]vec, n+extra),
		orus: make([]vec, n+extra),
		tags: make([]uint8, n+extra),
	}
	z.nPoints = n
	if r.Intn(5) == 0 {
		z.firstPoint = r.Intn(20)
	}
	// Contour ends: usually increasing through the points (with the
	// four phantom points after the last), sometimes random.
	nc := 1 + r.Intn(8)
	if r.Intn(20) == 0 {
		nc = 0
	}
	end := z.firstPoint - 1
	for k := 0; k < nc; k++ {
		switch r.Intn(10) {
		case 0:
			end = z.firstPoint + r.Intn(n+10) - 5
		case 1:
			z.contours = append(z.contours, []int{-1, -1 << 32, 1<<32 + 2, 65535, n + z.firstPoint, 1 << 31, 0}[r.Intn(7)])
			continue
		case 2:
			end += 64 + r.Intn(3)
		default:
			switch r.Intn(3) {
			case 0:
				end += 1 + r.Intn(4)
			case 1:
				end += 1 + r.Intn(20)
			default:
				end += 1 + r.Intn(n/2+1)
			}
		}
		if k == nc-1 && r.Intn(2) == 0 {
			end = z.firstPoint + n - 5
		}
		z.contours = append(z.contours, end)
	}
	z.nContours = len(z.contours)
	density := []int{0, 1, 5, 30, 50, 70, 95, 100}[r.Intn(8)]
	style := r.Intn(4)
	if r.Intn(2) == 0 {
		style = 0
	}
	for i := range z.tags {
		t := uint8(r.Intn(256)) &^ tagTouch
		if r.Intn(100) < density {
			t |= tagTouchX
		}
		if r.Intn(100) < density {
			t |= tagTouchY
		}
		z.tags[i] = t
	}
	for i := range z.org {
		if style == 0 {
			s := int64(2000 + r.Intn(100000))
			z.orus[i] = vec{int64(r.Intn(4096) - 1024), int64(r.Intn(4096) - 1024)}
			z.org[i] = vec{mulFix(z.orus[i].x, s), mulFix(z.orus[i].y, s)}
			z.cur[i] = vec{z.org[i].x + int64(r.Intn(129)-64), z.org[i].y + int64(r.Intn(129)-64)}
			if r.Intn(4) == 0 {
				z.cur[i] = z.org[i]
			}
			continue
		}
		pick := func() int64 {
			if r.Intn(3) == 0 {
				return c.coord(r.Intn(4))
			}
			return c.coord(style)
		}
		z.orus[i] = vec{pick(), pick()}
		z.org[i] = vec{pick(), pick()}
		z.cur[i] = vec{pick(), pick()}
	}
	return z
}

// cloneZone returns a deep copy of z.
func cloneZone(z *zone) *zone {
	c := *z
	c.org = append([]vec(nil), z.org...)
	c.cur = append([]vec(nil), z.cur...)
	c.orus = append([]vec(nil), z.orus...)
	c.tags = append([]uint8(nil), z.tags...)
	c.contours = append([]int(nil), z.contours...)
	return &c
}

// TestIUPMatchesReference runs random sequences of IUP[0] and IUP[1]
// (v35, and v40 with backward compatibility) through insIUP and through
// refIUP on copies of random zones and compares every coordinate of
// every point (beyond nPoints too) after each instruction.
func TestIUPMatchesReference(t *testing.T) {
	r := rand.New(rand.NewSource(8))
	gen := iupCase{r}
	iters := 40000
	if testing.Short() {
		iters = 4000
	}
	for it := 0; it < iters; it++ {
		z := gen.zone()
		want := cloneZone(z)
		e := &exec{backwardCompat: r.Intn(3) == 0}
		e.pts = *z
		wantX, wantY := false, false
		for step := 0; step < 1+r.Intn(4); step++ {
			op := byte(0x30 + r.Intn(2))
			e.opcode = op
			before := cloneZone(&e.pts)
			e.insIUP(nil)
			if !e.backwardCompat || !(wantX && wantY) {
				if e.backwardCompat {
					if op&1 != 0 {
						wantX = true
					} else {
						wantY = true
					}
				}
				refIUP(want, op&1 != 0)
			}
			if e.iupxCalled != wantX || e.iupyCalled != wantY {
				t.Fatalf("case %d step %d: iupxCalled, iupyCalled = %v, %v, want %v, %v", it, step, e.iupxCalled, e.iupyCalled, wantX, wantY)
			}
			for i := range want.cur {
				if e.pts.cur[i] != want.cur[i] {
					t.Fatalf("case %d step %d (IUP[%d], backward compatibility %v): point %d of %d: cur = %v, want %v\n%s",
						it, step, op&1, e.backwardCompat, i, z.nPoints, e.pts.cur[i], want.cur[i], describeZone(before, i))
				}
			}
		}
	}
}

// describeZone formats z's contours and the points around at, for a
// failure message.
func describeZone(z *zone, at int) string {
	s := fmt.Sprintf("contours %v firstPoint %d nPoints %d\n", z.contours[:z.nContours], z.firstPoint, z.nPoints)
	lo, hi := at-6, at+6
	if lo < 0 {
		lo = 0
	}
	if hi > len(z.cur) {
		hi = len(z.cur)
	}
	for i := lo; i < hi; i++ {
		s += fmt.Sprintf("  %3d tag %#02x orus %v org %v cur %v\n", i, z.tags[i], z.orus[i], z.org[i], z.cur[i])
	}
	return s
}

// TestIUPContourPathsAgree checks the bit-mask contour path of iupX and
// iupY against the per-contour workers iupContourX and iupContourY they
// fall back to above 64 points, on contours of 1 to 64 points.
func TestIUPContourPathsAgree(t *testing.T) {
	r := rand.New(rand.NewSource(35))
	gen := iupCase{r}
	for it := 0; it < 20000; it++ {
		z := gen.zone()
		if z.nPoints == 0 {
			continue
		}
		n := z.nPoints
		// One contour first..end within the zone, of at most 64 points.
		first := r.Intn(n)
		end := first + r.Intn(64)
		if end >= n {
			end = n - 1
		}
		fast := cloneZone(z)
		slow := cloneZone(z)
		contours := []int{first - 1, end}
		if first == 0 {
			contours = contours[1:]
		}
		// The contour before first (if any) is processed by both alike.
		fast.contours, fast.nContours, fast.firstPoint = contours, len(contours), 0
		iupX(fast)
		iupY(fast)
		if first > 0 {
			iupContourX(slow.cur[:n], slow.org[:n], slow.orus[:n], slow.tags[:n], 0, first-1)
			iupContourY(slow.cur[:n], slow.org[:n], slow.orus[:n], slow.tags[:n], 0, first-1)
		}
		iupContourX(slow.cur[:n], slow.org[:n], slow.orus[:n], slow.tags[:n], first, end)
		iupContourY(slow.cur[:n], slow.org[:n], slow.orus[:n], slow.tags[:n], first, end)
		for i := range slow.cur {
			if fast.cur[i] != slow.cur[i] {
				t.Fatalf("case %d: contour %d..%d: point %d: bit-mask path %v, contour worker %v\n%s",
					it, first, end, i, fast.cur[i], slow.cur[i], describeZone(z, i))
			}
		}
	}
}

// TestIUPTouchedMask checks iupTouchedX and iupTouchedY (eight tags a
// word, groups past the end of the tags read from the last eight)
// against the flags tested one by one, for every contour position and
// size in random tag arrays of 8 to 100 bytes.
func TestIUPTouchedMask(t *testing.T) {
	r := rand.New(rand.NewSource(64))
	for it := 0; it < 300; it++ {
		tags := make([]uint8, 8+r.Intn(93))
		for i := range tags {
			tags[i] = uint8(r.Intn(256))
		}
		for first := range tags {
			for size := 1; size <= 64 && first+size <= len(tags); size++ {
				var wantX, wantY uint64
				for k := 0; k < size; k++ {
					if tags[first+k]&tagTouchX != 0 {
						wantX |= 1 << k
					}
					if tags[first+k]&tagTouchY != 0 {
						wantY |= 1 << k
					}
				}
				if got := iupTouchedX(tags, first, size); got != wantX {
					t.Fatalf("iupTouchedX(%d tags, %d, %d) = %#x, want %#x", len(tags), first, size, got, wantX)
				}
				if got := iupTouchedY(tags, first, size); got != wantY {
					t.Fatalf("iupTouchedY(%d tags, %d, %d) = %#x, want %#x", len(tags), first, size, got, wantY)
				}
			}
		}
	}
}

// TestIUPScaleWrapped checks the scale iupRunX and iupRunY compute for a
// wrapped (negative) difference of unscaled references,
// -divFixPos(dCur, -dOrus), against FT_DivFix (divFix), including
// dOrus = MinInt64, whose negation stays negative and which divFixPos
// then divides by as 2^63.
func TestIUPScaleWrapped(t *testing.T) {
	r := rand.New(rand.NewSource(16))
	as := []int64{0, 1, -1, 64, -64, math.MaxInt32, math.MinInt32, math.MaxInt64, math.MinInt64, 1 << 47, -(1 << 47)}
	bs := []int64{-1, -2, -3, -64, -65536, math.MinInt32, math.MinInt64, math.MinInt64 + 1, -(1 << 40)}
	for i := 0; i < 20000; i++ {
		as = append(as, int64(r.Uint64())>>uint(r.Intn(64)))
		bs = append(bs, -1-int64(r.Uint64()>>1)>>uint(r.Intn(64)))
	}
	for i, a := range as {
		for _, b := range bs[i%len(bs):][:min(len(bs)-i%len(bs), 40)] {
			if got, want := -divFixPos(a, -b), divFix(a, b); got != want {
				t.Fatalf("-divFixPos(%d, %d) = %d, FT_DivFix(%d, %d) = %d", a, -b, got, a, b, want)
			}
		}
	}
}

// TestIUPShortArrays checks that IUP on a zone whose arrays are shorter
// than nPoints or nContours say (which the loader never builds) returns
// without a panic.
func TestIUPShortArrays(t *testing.T) {
	r := rand.New(rand.NewSource(5))
	gen := iupCase{r}
	for it := 0; it < 2000; it++ {
		z := gen.zone()
		if z.nPoints == 0 || z.nContours == 0 {
			continue
		}
		switch it % 5 {
		case 0:
			k := r.Intn(z.nPoints)
			z.cur = z.cur[:k:k]
		case 1:
			k := r.Intn(z.nPoints)
			z.org = z.org[:k:k]
		case 2:
			k := r.Intn(z.nPoints)
			z.orus = z.orus[:k:k]
		case 3:
			k := r.Intn(z.nPoints)
			z.tags = z.tags[:k:k]
		case 4:
			k := r.Intn(z.nContours)
			z.contours = z.contours[:k:k]
		}
		e := &exec{}
		e.pts = *z
		for _, op := range []byte{0x30, 0x31} {
			e.opcode = op
			func() {
				defer func() {
					if p := recover(); p != nil {
						t.Fatalf("case %d (IUP[%d], arrays cur %d org %d orus %d tags %d contours %d for %d points, %d contours): panic %v",
							it, op&1, len(z.cur), len(z.org), len(z.orus), len(z.tags), len(z.contours), z.nPoints, z.nContours, p)
					}
				}()
				e.insIUP(nil)
			}()
		}
	}
}
