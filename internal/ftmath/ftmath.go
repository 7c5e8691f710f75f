// Package ftmath holds FreeType's fixed-point helpers as its 64-bit Linux
// builds compute them (src/base/ftcalc.c, FT_Long = 64 bits), shared by the
// interpreter (truetype/hint), the rasterizers (raster) and the Face (face)
// so that there is one definition of each to get bit-exact.
//
// Each is written to stay within the compiler's inlining budget (no helper
// calls; `go build -gcflags=-m ./internal/ftmath` reports them inlinable),
// which saves their callers a call (IUP's DivFix among them).
// TestAgainstSign3 compares them with the earlier helper-based form.
package ftmath

// MulDiv is FT_MulDiv: (a*b + c/2) / c with the sign handled apart, in
// unsigned 64-bit arithmetic; c == 0 gives ±0x7FFFFFFF.
func MulDiv(a, b, c int64) int64 {
	ua, ub, uc := uint64(a), uint64(b), uint64(c)
	if a < 0 {
		ua = -ua
	}
	if b < 0 {
		ub = -ub
	}
	if c < 0 {
		uc = -uc
	}
	d := uint64(0x7FFFFFFF)
	if uc > 0 {
		d = (ua*ub + uc>>1) / uc
	}
	if (a < 0) != (b < 0) != (c < 0) {
		return -int64(d)
	}
	return int64(d)
}

// MulDivNoRound is FT_MulDiv_No_Round: a*b/c truncated, the sign handled
// apart; c == 0 gives ±0x7FFFFFFF.
func MulDivNoRound(a, b, c int64) int64 {
	ua, ub, uc := uint64(a), uint64(b), uint64(c)
	if a < 0 {
		ua = -ua
	}
	if b < 0 {
		ub = -ub
	}
	if c < 0 {
		uc = -uc
	}
	d := uint64(0x7FFFFFFF)
	if uc > 0 {
		d = ua * ub / uc
	}
	if (a < 0) != (b < 0) != (c < 0) {
		return -int64(d)
	}
	return int64(d)
}

// DivFix is FT_DivFix: (a<<16 + b/2) / b, the sign handled apart; b == 0
// gives ±0x7FFFFFFF.
func DivFix(a, b int64) int64 {
	ua, ub := uint64(a), uint64(b)
	if a < 0 {
		ua = -ua
	}
	if b < 0 {
		ub = -ub
	}
	q := uint64(0x7FFFFFFF)
	if ub > 0 {
		q = (ua<<16 + ub>>1) / ub
	}
	if (a < 0) != (b < 0) {
		return -int64(q)
	}
	return int64(q)
}
