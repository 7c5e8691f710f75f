package hint

import (
	"math/rand"
	"testing"

	"fontvm/internal/ftmath"
)

// TestMulDivShortcuts checks mulDiv's shortcuts against FT_MulDiv
// (ftmath.MulDiv, itself checked against big-integer arithmetic) on the
// edges of their conditions and on random operands biased to hit them.
func TestMulDivShortcuts(t *testing.T) {
	edges := []int64{0, 1, -1, 2, -2, 0x2000, 0x4000, -0x4000, 0x7FFF, 0x10000, 1<<31 - 1, -(1 << 31), 1 << 31,
		-(1<<31 + 1), 1 << 32, -(1 << 32), 1<<62 + 5, -(1 << 62), 1<<63 - 1, -1 << 63}
	check := func(a, b, c int64) {
		if got, want := mulDiv(a, b, c), ftmath.MulDiv(a, b, c); got != want {
			t.Fatalf("mulDiv(%d, %d, %d) = %d, FT_MulDiv gives %d", a, b, c, got, want)
		}
	}
	for _, a := range edges {
		for _, b := range edges {
			for _, c := range edges {
				check(a, b, c)
			}
			check(a, b, b)
		}
	}
	rng := rand.New(rand.NewSource(8))
	pick := func() int64 {
		switch rng.Intn(5) {
		case 0:
			return int64(rng.Uint64())
		case 1:
			return int64(int32(rng.Uint32()))
		case 2:
			return int64(int16(rng.Uint32()))
		case 3:
			return edges[rng.Intn(len(edges))] + int64(rng.Intn(5)) - 2
		}
		return 0
	}
	for i := 0; i < 2000000; i++ {
		a, b, c := pick(), pick(), pick()
		check(a, b, c)
		check(a, c, c)
		check(a, b, b)
	}
}
