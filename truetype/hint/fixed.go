package hint

import "fontvm/internal/ftmath"

// Fixed-point helpers, bit-exact with FreeType 2.12.1 as built on 64-bit
// Linux with GCC (FT_Long is 64 bits; FT_MulFix, TT_MulFix14 and
// TT_DotFix14 use the x86-64 "long long" variants that truncate their
// arguments to 32 bits).

// mulFix is FT_MulFix (FT_MulFix_x86_64): (a*b + 0x8000 - sign) >> 16 on
// 32-bit operands, result truncated to 32 bits.
func mulFix(a, b int64) int64 {
	ret := int64(int32(a)) * int64(int32(b))
	ret += 0x8000 + (ret >> 63)
	return int64(int32(ret >> 16))
}

// mulDiv is FT_MulDiv (internal/ftmath), with two shortcuts that give
// FT_MulDiv's result without its divisions: with c != 0, a or b zero
// gives 0 ((0 + |c|/2) / |c|); and b == c with a and c in int32 range
// gives a (|a|*|c| cannot wrap, and the rounding term |c|/2 is below
// |c|), the shape of every move along an axis-aligned freedom vector
// (F_dot_P equal to the vector's coordinate).
func mulDiv(a, b, c int64) int64 {
	if c != 0 {
		if a == 0 || b == 0 {
			return 0
		}
		if b == c && uint64(a)+1<<31 < 1<<32 && uint64(c)+1<<31 < 1<<32 {
			return a
		}
	}
	return ftmath.MulDiv(a, b, c)
}

// mulDivNoRound is FT_MulDiv_No_Round (internal/ftmath).
func mulDivNoRound(a, b, c int64) int64 { return ftmath.MulDivNoRound(a, b, c) }

// divFix is FT_DivFix (internal/ftmath).
func divFix(a, b int64) int64 { return ftmath.DivFix(a, b) }

// mulFix14 is TT_MulFix14_long_long: (a*b + 0x2000 - sign) >> 14, a
// truncated to 32 bits, result truncated to 32 bits.
func mulFix14(a int64, b int32) int64 {
	ret := int64(int32(a)) * int64(b)
	ret += 0x2000 + (ret >> 63)
	return int64(int32(ret >> 14))
}

// dotFix14 is TT_DotFix14_long_long: (ax*bx + ay*by + 0x2000 - sign) >> 14
// with ax, ay truncated to 32 bits and the result truncated to 32 bits.
func dotFix14(ax, ay int64, bx, by int32) int64 {
	t1 := int64(int32(ax)) * int64(bx)
	t2 := int64(int32(ay)) * int64(by)
	t1 += t2
	t2 = t1 >> 63
	t1 += 0x2000 + t2
	return int64(int32(t1 >> 14))
}

// msb32 is FT_MSB: the index of the highest set bit of z (z != 0).
func msb32(z uint32) int {
	s := 0
	if z&0xFFFF0000 != 0 {
		z >>= 16
		s += 16
	}
	if z&0xFF00 != 0 {
		z >>= 8
		s += 8
	}
	if z&0xF0 != 0 {
		z >>= 4
		s += 4
	}
	if z&0xC != 0 {
		z >>= 2
		s += 2
	}
	if z&0x2 != 0 {
		s++
	}
	return s
}

// normLen is FT_Vector_NormLen: it scales (x, y) to a 16.16 unit vector in
// place, with FreeType's 32-bit integer Newton iteration, and returns the
// vector's original length.
func normLen(vx, vy *int64) uint32 {
	x_ := int32(*vx)
	y_ := int32(*vy)
	x, y := uint32(x_), uint32(y_)
	sx, sy := int32(1), int32(1)
	if x_ < 0 {
		x, sx = -x, -sx
	}
	if y_ < 0 {
		y, sy = -y, -sy
	}
	if x == 0 {
		if y > 0 {
			*vy = int64(sy * 0x10000)
		}
		return y
	}
	if y == 0 {
		if x > 0 {
			*vx = int64(sx * 0x10000)
		}
		return x
	}
	var l uint32
	if x > y {
		l = x + y>>1
	} else {
		l = y + x>>1
	}
	shift := 31 - msb32(l)
	if l >= (0xAAAAAAAA >> uint(shift)) {
		shift -= 16
	} else {
		shift -= 15
	}
	if shift > 0 {
		x <<= uint(shift)
		y <<= uint(shift)
		if x > y {
			l = x + y>>1
		} else {
			l = y + x>>1
		}
	} else {
		x >>= uint(-shift)
		y >>= uint(-shift)
		l >>= uint(-shift)
	}
	b := int32(0x10000) - int32(l)
	x_ = int32(x)
	y_ = int32(y)
	var u, v uint32
	var z int32
	for {
		u = uint32(x_ + (x_ * b >> 16))
		v = uint32(y_ + (y_ * b >> 16))
		z = -int32(u*u+v*v) / 0x200
		z = z * ((0x10000 + b) >> 8) / 0x10000
		b += z
		if z <= 0 {
			break
		}
	}
	if sx < 0 {
		*vx = -int64(u)
	} else {
		*vx = int64(u)
	}
	if sy < 0 {
		*vy = -int64(v)
	} else {
		*vy = int64(v)
	}
	l = uint32(0x10000 + int32(u*x+v*y)/0x10000)
	if shift > 0 {
		l = (l + 1<<uint(shift-1)) >> uint(shift)
	} else {
		l <<= uint(-shift)
	}
	return l
}

// pixRound, pixFloor and pixCeil are FT_PIX_ROUND, FT_PIX_FLOOR and
// FT_PIX_CEIL on 26.6 values (wrapping like ADD_LONG).
func pixFloor(x int64) int64 { return x &^ 63 }

// pixRound is FT_PIX_ROUND (see pixFloor).
func pixRound(x int64) int64 { return int64(uint64(x)+32) &^ 63 }

// pixCeil is FT_PIX_CEIL (see pixFloor).
func pixCeil(x int64) int64 { return int64(uint64(x)+63) &^ 63 }

// padRound is FT_PAD_ROUND_LONG(x, n) for a power of two n.
func padRound(x, n int64) int64 { return int64(uint64(x)+uint64(n/2)) &^ (n - 1) }
