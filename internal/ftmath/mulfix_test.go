package ftmath

import (
	"math/big"
	"math/rand"
	"testing"
)

// TestMulFix checks MulFix against FT_MulFix_x86_64's definition computed
// with big integers: operands truncated to 32 bits, (a*b + 0x8000 -
// (a*b < 0)) >> 16 (arithmetic), the result truncated to 32 bits; and the
// FT_PIX_* helpers on a few values.
func TestMulFix(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for i := 0; i < 100000; i++ {
		a := int64(rng.Uint64()) >> uint(rng.Intn(64))
		b := int64(rng.Uint64()) >> uint(rng.Intn(64))
		p := new(big.Int).Mul(big.NewInt(int64(int32(a))), big.NewInt(int64(int32(b))))
		p.Add(p, big.NewInt(0x8000))
		prod := int64(int32(a)) * int64(int32(b))
		if prod < 0 {
			p.Sub(p, big.NewInt(1)) // FreeType adds the sign (-1) to the rounding term
		}
		p.Rsh(p, 16)
		want := int64(int32(p.Int64()))
		if got := MulFix(a, b); got != want {
			t.Fatalf("MulFix(%d, %d) = %d, want %d", a, b, got, want)
		}
	}
	for _, c := range []struct{ x, floor, round, ceil int64 }{
		{0, 0, 0, 0}, {31, 0, 0, 64}, {32, 0, 64, 64}, {64, 64, 64, 64}, {-1, -64, 0, 0}, {-33, -64, -64, 0}, {-32, -64, 0, 0},
	} {
		if PixFloor(c.x) != c.floor || PixRound(c.x) != c.round || PixCeil(c.x) != c.ceil {
			t.Errorf("%d: floor %d round %d ceil %d, want %d %d %d", c.x, PixFloor(c.x), PixRound(c.x), PixCeil(c.x), c.floor, c.round, c.ceil)
		}
	}
}
