// Package ftmath holds FreeType's fixed-point helpers as its 64-bit Linux
// builds compute them (src/base/ftcalc.c, FT_Long = 64 bits), shared by the
// interpreter (truetype/hint), the rasterizers (raster) and the Face (face)
// so that there is one definition of each to get bit-exact.
package ftmath

// sign returns |a|, |b|, |c| as unsigned values and the sign of a*b/c.
func sign3(a, b, c int64) (ua, ub, uc uint64, neg bool) {
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

func signed(d uint64, neg bool) int64 {
	if neg {
		return -int64(d)
	}
	return int64(d)
}

// MulDiv is FT_MulDiv: (a*b + c/2) / c with the sign handled apart, in
// unsigned 64-bit arithmetic; c == 0 gives ±0x7FFFFFFF.
func MulDiv(a, b, c int64) int64 {
	ua, ub, uc, neg := sign3(a, b, c)
	d := uint64(0x7FFFFFFF)
	if uc > 0 {
		d = (ua*ub + uc>>1) / uc
	}
	return signed(d, neg)
}

// MulDivNoRound is FT_MulDiv_No_Round: a*b/c truncated, the sign handled
// apart; c == 0 gives ±0x7FFFFFFF.
func MulDivNoRound(a, b, c int64) int64 {
	ua, ub, uc, neg := sign3(a, b, c)
	d := uint64(0x7FFFFFFF)
	if uc > 0 {
		d = ua * ub / uc
	}
	return signed(d, neg)
}

// DivFix is FT_DivFix: (a<<16 + b/2) / b, the sign handled apart; b == 0
// gives ±0x7FFFFFFF.
func DivFix(a, b int64) int64 {
	ua, ub, _, neg := sign3(a, b, 1)
	q := uint64(0x7FFFFFFF)
	if ub > 0 {
		q = (ua<<16 + ub>>1) / ub
	}
	return signed(q, neg)
}
