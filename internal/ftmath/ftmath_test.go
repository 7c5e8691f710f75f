package ftmath

import (
	"math"
	"math/big"
	"math/rand/v2"
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

// sign3Ref is FT_MOVE_SIGN applied to a, b and c, as the first version of
// this package wrote it (a helper returning |a|, |b|, |c| and the sign of
// a*b/c), kept to check the inlinable forms against.
func sign3Ref(a, b, c int64) (ua, ub, uc uint64, neg bool) {
	ua, ub, uc = uint64(a), uint64(b), uint64(c)
	if a < 0 {
		ua, neg = -ua, !neg
	}
	if b < 0 {
		ub, neg = -ub, !neg
	}
	if c < 0 {
		uc, neg = -uc, !neg
	}
	return
}

func signedRef(d uint64, neg bool) int64 {
	if neg {
		return -int64(d)
	}
	return int64(d)
}

// TestAgainstSign3 compares MulDiv, MulDivNoRound and DivFix with the
// computation written through sign3Ref on edge values (0, ±1, the int32
// and int64 limits, MinInt64, powers of two) in every combination and on
// two million random operands of every magnitude.
func TestAgainstSign3(t *testing.T) {
	var vals []int64
	for _, v := range []int64{0, 1, 2, 3, 63, 64, 0x2000, 0x4000, 0x8000, 0x10000, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF, 1 << 40, math.MaxInt64 - 1, math.MaxInt64} {
		vals = append(vals, v, -v)
	}
	vals = append(vals, math.MinInt64, math.MinInt64+1)
	check := func(a, b, c int64) {
		ua, ub, uc, neg := sign3Ref(a, b, c)
		d := uint64(0x7FFFFFFF)
		if uc > 0 {
			d = (ua*ub + uc>>1) / uc
		}
		if got, want := MulDiv(a, b, c), signedRef(d, neg); got != want {
			t.Fatalf("MulDiv(%d, %d, %d) = %d, want %d", a, b, c, got, want)
		}
		d = 0x7FFFFFFF
		if uc > 0 {
			d = ua * ub / uc
		}
		if got, want := MulDivNoRound(a, b, c), signedRef(d, neg); got != want {
			t.Fatalf("MulDivNoRound(%d, %d, %d) = %d, want %d", a, b, c, got, want)
		}
		ua, ub, _, neg = sign3Ref(a, b, 1)
		q := uint64(0x7FFFFFFF)
		if ub > 0 {
			q = (ua<<16 + ub>>1) / ub
		}
		if got, want := DivFix(a, b), signedRef(q, neg); got != want {
			t.Fatalf("DivFix(%d, %d) = %d, want %d", a, b, got, want)
		}
	}
	for _, a := range vals {
		for _, b := range vals {
			for _, c := range vals {
				check(a, b, c)
			}
		}
	}
	r := rand.New(rand.NewPCG(8, 9))
	for i := 0; i < 2000000; i++ {
		var v [3]int64
		for k := range v {
			v[k] = int64(r.Uint64()) >> r.IntN(64)
		}
		check(v[0], v[1], v[2])
	}
}
