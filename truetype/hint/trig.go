package hint

// hypot is FT_Hypot (FT_Vector_Length): the CORDIC vector length of
// FreeType's fttrigon.c, used for SCALED_COMPONENT_OFFSET composites.
func hypot(x, y int64) int64 {
	if x == 0 {
		return abs64(y)
	}
	if y == 0 {
		return abs64(x)
	}
	// ft_trig_prenorm
	const safeMSB = 29
	shift := msb32(uint32(abs64(x) | abs64(y)))
	if shift <= safeMSB {
		shift = safeMSB - shift
		x = int64(uint64(x) << uint(shift))
		y = int64(uint64(y) << uint(shift))
	} else {
		shift -= safeMSB
		x >>= uint(shift)
		y >>= uint(shift)
		shift = -shift
	}
	// ft_trig_pseudo_polarize (only the length is kept)
	if y > x {
		if y > -x {
			x, y = y, -x
		} else {
			x, y = -x, -y
		}
	} else if y < -x {
		x, y = -y, x
	}
	b := int64(1)
	for i := uint(1); i < 23; i++ {
		if y > 0 {
			x, y = x+((y+b)>>i), y-((x+b)>>i)
		} else {
			x, y = x-((y+b)>>i), y+((x+b)>>i)
		}
		b <<= 1
	}
	// ft_trig_downscale
	s := int64(1)
	if x < 0 {
		x, s = -x, -1
	}
	x = int64((uint64(x)*0xDBD95B16 + 0x40000000) >> 32)
	x *= s
	if shift > 0 {
		return (x + int64(1)<<uint(shift-1)) >> uint(shift)
	}
	return int64(uint32(x) << uint(-shift))
}
