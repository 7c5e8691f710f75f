package raster

import "testing"

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
