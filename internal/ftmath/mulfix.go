package ftmath

// MulFix is FT_MulFix as FreeType 2.12.1 builds it on x86-64 with GCC
// (FT_MulFix_x86_64, FT_CONFIG_OPTION_INLINE_MULFIX): both operands
// truncated to 32 bits, (a*b + 0x8000 - sign) >> 16, the result truncated
// to 32 bits. (truetype/hint keeps its own inlined copy on its hot
// paths.)
func MulFix(a, b int64) int64 {
	ret := int64(int32(a)) * int64(int32(b))
	ret += 0x8000 + (ret >> 63)
	return int64(int32(ret >> 16))
}

// PixFloor is FT_PIX_FLOOR: x rounded down to a multiple of 64.
func PixFloor(x int64) int64 { return x &^ 63 }

// PixRound is FT_PIX_ROUND (FT_PIX_ROUND_LONG): x + 32 rounded down to a
// multiple of 64, the addition wrapping as FreeType's unsigned one does.
func PixRound(x int64) int64 { return int64(uint64(x)+32) &^ 63 }

// PixCeil is FT_PIX_CEIL (FT_PIX_CEIL_LONG): x + 63 rounded down to a
// multiple of 64.
func PixCeil(x int64) int64 { return int64(uint64(x)+63) &^ 63 }
