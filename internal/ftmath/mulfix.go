package ftmath

// MulFix is FT_MulFix as Debian's x86-64 FreeType 2.12.1 computes it
// (FT_MulFix_x86_64): (a*b + 0x8000 - sign) >> 16 on operands truncated to
// 32 bits, the result truncated to 32 bits.
func MulFix(a, b int64) int64 {
	ret := int64(int32(a)) * int64(int32(b))
	ret += 0x8000 + (ret >> 63)
	return int64(int32(ret >> 16))
}
