package raster

import (
	"math/rand"
	"testing"
)

// ftIsDropout is Draw_Sweep's drop-out test as FreeType writes it, with
// FLOOR and CEILING at precision prec.
func ftIsDropout(x1, x2, prec int64) bool {
	f1, c2 := x1&-prec, (x2+prec-1)&-prec
	return x2-x1 <= prec && f1 != x1 && c2 != x2 && (f1 > c2 || c2 == f1+prec)
}

// TestIsDropout checks isDropout against FreeType's form of the test on
// every span [x1, x2] with ends within three pixels of the origin, at both
// precisions, and on spans far from it.
func TestIsDropout(t *testing.T) {
	for _, prec := range []int64{64, 4096} {
		var seen [2]int
		for _, base := range []int64{0, 1 << 30, -1 << 30} {
			for x1 := base - 3*prec; x1 <= base+3*prec; x1++ {
				for x2 := x1; x2 <= x1+2*prec+1; x2++ {
					want := ftIsDropout(x1, x2, prec)
					if got := isDropout(x1, x2, prec); got != want {
						t.Fatalf("prec %d: isDropout(%d, %d) = %v, FreeType's test %v", prec, x1, x2, got, want)
					}
					if want {
						seen[1]++
					} else {
						seen[0]++
					}
				}
			}
		}
		if seen[0] == 0 || seen[1] == 0 {
			t.Fatalf("prec %d: the spans cover only one answer: %v", prec, seen)
		}
	}
}

// TestConicDescend holds conicDescend to conicUp (Bezier_Up's stack walk)
// on random ascending conic pieces with one to three crossings at both
// precisions, clipped to random bands: pieces at the bottom of the Bezier
// stack, among them tall ones (up to descendReach), from which conicUp
// must never fill the stack. The crossings, the pool top and the joint
// flag must agree. conicCrossings, which picks between the two, is held
// to conicUp on the same pieces and on pieces high in the stack, where
// the stack fills and both must fail alike.
func TestConicDescend(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	var walk, desc, fast Mono
	var seen struct{ pieces, crossings, joints, overflows, fast, tall int }
	for i := 0; i < 400000; i++ {
		high := i%2 == 0
		walk.setPrecision(high)
		desc.setPrecision(high)
		fast.setPrecision(high)
		prec := walk.prec
		// a piece ascending from (x2, y2) through (x1, y1) to (x0, y0),
		// stored end point first; coordinates span up to 40 pixels, or
		// up to 2^27 units (the raster's reach) one time in 50
		span := 40 * prec
		if rng.Intn(50) == 0 {
			span = 1 << 27
		}
		y2 := rng.Int63n(span) - span/2
		if rng.Intn(4) == 0 {
			y2 &= -prec // on a scanline
		}
		height := 4 * prec
		tall := rng.Intn(20) == 0
		if tall {
			// up to descendReach, clipped below to a band
			height = int64(1) << (8 + rng.Intn(33))
		}
		y0 := y2 + rng.Int63n(height)
		if rng.Intn(4) == 0 {
			y0 &= -prec
		}
		if y0 <= y2 {
			continue
		}
		y1 := y2 + rng.Int63n(y0-y2+1)
		x0, x1, x2 := rng.Int63n(span)-span/2, rng.Int63n(span)-span/2, rng.Int63n(span)-span/2
		start := 0
		if rng.Intn(8) == 0 {
			start = 2 * rng.Intn(monoArcs/2-2)
		}
		// the scanlines bezierUp hands over: e from the bottom (or the
		// band's floor), e2 at the top (or the band's ceiling)
		miny, maxy := int64(-1<<42), int64(1<<42)
		if tall || rng.Intn(3) == 0 {
			miny = (y2 + rng.Int63n(y0-y2+1)) & -prec
			maxy = miny + rng.Int63n(3)*prec
		}
		var e int64
		if y2 < miny {
			e = miny
		} else {
			e = (y2 + prec - 1) & -prec
			if y2&(prec-1) == 0 {
				e += prec
			}
		}
		e2 := min(y0&-prec, maxy)
		if e2 < e || e2-e >= 3*prec {
			continue
		}
		for _, m := range []*Mono{&walk, &desc} {
			m.arcs[start] = monoPoint{x0, y0}
			m.arcs[start+1] = monoPoint{x1, y1}
			m.arcs[start+2] = monoPoint{x2, y2}
			m.top = 10
			m.joint = rng.Intn(2) == 0
		}
		desc.joint = walk.joint
		errW := walk.conicUp(start, e, e2)
		errD := desc.conicCrossings(start, e, e2)
		arc := []monoPoint{{x0, y0}, {x1, y1}, {x2, y2}}
		if errW != errD || walk.top != desc.top || walk.joint != desc.joint {
			t.Fatalf("arc %v from stack slot %d, scanlines %d..%d, prec %d: conicUp %v top %d joint %v, conicCrossings %v top %d joint %v",
				arc, start, e, e2, prec, errW, walk.top, walk.joint, errD, desc.top, desc.joint)
		}
		if errW != nil && start == 0 {
			t.Fatalf("arc %v of height %d from the stack's bottom, scanlines %d..%d, prec %d: conicUp fills the stack",
				arc, y0-y2, e, e2, prec)
		}
		if errW != nil {
			seen.overflows++
			continue
		}
		for k := 10; k < walk.top; k++ {
			if walk.pool[k] != desc.pool[k] {
				t.Fatalf("arc %v from stack slot %d, scanlines %d..%d, prec %d: crossing %d is %d by conicUp, %d by conicCrossings",
					arc, start, e, e2, prec, k-10, walk.pool[k], desc.pool[k])
			}
		}
		if start == 0 {
			fast.top = 10
			fast.joint = rng.Intn(2) == 0
			fast.conicDescend(x0, y0, x1, y1, x2, y2, e, e2)
			if walk.top != fast.top || walk.joint != fast.joint {
				t.Fatalf("arc %v, scanlines %d..%d, prec %d: conicUp top %d joint %v, conicDescend top %d joint %v",
					arc, e, e2, prec, walk.top, walk.joint, fast.top, fast.joint)
			}
			for k := 10; k < walk.top; k++ {
				if walk.pool[k] != fast.pool[k] {
					t.Fatalf("arc %v, scanlines %d..%d, prec %d: crossing %d is %d by conicUp, %d by conicDescend",
						arc, e, e2, prec, k-10, walk.pool[k], fast.pool[k])
				}
			}
			seen.fast++
			if tall {
				seen.tall++
			}
		}
		seen.pieces++
		seen.crossings += walk.top - 10
		if walk.joint {
			seen.joints++
		}
	}
	t.Logf("%+v", seen)
	if seen.pieces < 100000 || seen.joints == 0 || seen.overflows == 0 || seen.fast < 50000 || seen.tall < 1000 {
		t.Fatalf("the random pieces miss a case: %+v", seen)
	}
}
