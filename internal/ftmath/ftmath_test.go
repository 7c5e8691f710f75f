package ftmath

import (
	"math/big"
	"testing"
)

// ref computes the helpers with big integers from their definitions.
func ref(a, b, c int64, shift uint, round bool) int64 {
	neg := (a < 0) != (b < 0) != (c < 0)
	abs := func(x int64) *big.Int { return new(big.Int).Abs(big.NewInt(x)) }
	ua, ub, uc := abs(a), abs(b), abs(c)
	if uc.Sign() == 0 {
		if neg {
			return -0x7FFFFFFF
		}
		return 0x7FFFFFFF
	}
	n := new(big.Int).Mul(ua, ub)
	n.Lsh(n, shift)
	// the C code works modulo 2^64
	mod := new(big.Int).Lsh(big.NewInt(1), 64)
	n.Mod(n, mod)
	if round {
		n.Add(n, new(big.Int).Rsh(uc, 1))
		n.Mod(n, mod)
	}
	n.Quo(n, uc)
	d := int64(n.Uint64())
	if neg {
		return -d
	}
	return d
}

func TestHelpers(t *testing.T) {
	vals := []int64{0, 1, -1, 2, 63, 64, -64, 0x8000, 0x10000, -0x10000, 0x7FFFFFFF, -0x80000000, 123456789, -987654321, 1 << 40}
	for _, a := range vals {
		for _, b := range vals {
			for _, c := range vals {
				if got, want := MulDiv(a, b, c), ref(a, b, c, 0, true); got != want {
					t.Errorf("MulDiv(%d,%d,%d) = %d, want %d", a, b, c, got, want)
				}
				if got, want := MulDivNoRound(a, b, c), ref(a, b, c, 0, false); got != want {
					t.Errorf("MulDivNoRound(%d,%d,%d) = %d, want %d", a, b, c, got, want)
				}
			}
			if got, want := DivFix(a, b), ref(a, 1, b, 16, true); got != want {
				t.Errorf("DivFix(%d,%d) = %d, want %d", a, b, got, want)
			}
		}
	}
	// FreeType's documented examples.
	if got := MulDiv(3, 5, 2); got != 8 {
		t.Errorf("MulDiv(3,5,2) = %d, want 8", got)
	}
	if got := MulDivNoRound(3, 5, 2); got != 7 {
		t.Errorf("MulDivNoRound(3,5,2) = %d, want 7", got)
	}
	if got := DivFix(1, 2); got != 0x8000 {
		t.Errorf("DivFix(1,2) = %#x, want 0x8000", got)
	}
}
