package hint

// Rounding: the round state set by RTHG (0x19), RTG (0x18), RTDG (0x3D),
// RDTG (0x7D), RUTG (0x7C), ROFF (0x7A), SROUND (0x76) and S45ROUND
// (0x77), and FreeType's Round_* functions. FreeType's engine
// compensations are all zero, so the color argument plays no part.

// round rounds distance d with the current round state (exc->func_round).
// Round_To_Grid, the default and by far the most used state, is tested
// first, with roundGrid inlined.
func (e *exec) round(d int64) int64 {
	if e.gs.roundState == roundToGrid {
		return roundGrid(d)
	}
	return e.roundState(d)
}

// roundGrid is Round_To_Grid: keepSign(d, ±pixRound(|d|), 0).
func roundGrid(d int64) int64 {
	if d >= 0 {
		if v := pixRound(d); v >= 0 {
			return v
		}
		return 0
	}
	if v := -pixRound(-d); v <= 0 {
		return v
	}
	return 0
}

// roundState is round for every round state.
func (e *exec) roundState(d int64) int64 {
	switch e.gs.roundState {
	case roundToHalfGrid:
		if d >= 0 {
			return keepSign(d, pixFloor(d)+32, 32)
		}
		return keepSign(d, -(pixFloor(-d) + 32), 32)
	case roundToGrid:
		if d >= 0 {
			return keepSign(d, pixRound(d), 0)
		}
		return keepSign(d, -pixRound(-d), 0)
	case roundToDoubleGrid:
		if d >= 0 {
			return keepSign(d, padRound(d, 32), 0)
		}
		return keepSign(d, -padRound(-d, 32), 0)
	case roundDownToGrid:
		if d >= 0 {
			return keepSign(d, pixFloor(d), 0)
		}
		return keepSign(d, -pixFloor(-d), 0)
	case roundUpToGrid:
		if d >= 0 {
			return keepSign(d, pixCeil(d), 0)
		}
		return keepSign(d, -pixCeil(-d), 0)
	case roundSuper:
		if d >= 0 {
			return keepSign(d, int64(uint64(d)+uint64(e.threshold-e.phase))&-e.period+e.phase, e.phase)
		}
		return keepSign(d, -(int64(uint64(e.threshold-e.phase)-uint64(d))&-e.period)-e.phase, e.phase)
	case roundSuper45:
		if e.period == 0 {
			// FreeType would divide by zero; SetSuperRound never gives a
			// zero period, so this cannot happen.
			return d
		}
		if d >= 0 {
			return keepSign(d, (int64(uint64(d)+uint64(e.threshold-e.phase))/e.period)*e.period+e.phase, e.phase)
		}
		return keepSign(d, -((int64(uint64(e.threshold-e.phase)-uint64(d))/e.period)*e.period)-e.phase, e.phase)
	}
	return roundNone(d)
}

// keepSign keeps a rounded distance v on the side of d's sign, as every
// FreeType Round_* function does: a result that crossed zero becomes
// +floor for d >= 0 and -floor for d < 0 (floor is 0, 32 for half grid,
// the phase for super rounding).
func keepSign(d, v, floor int64) int64 {
	if d >= 0 {
		if v < 0 {
			return floor
		}
		return v
	}
	if v > 0 {
		return -floor
	}
	return v
}

// roundNone is Round_None (compensation zero): the identity.
func roundNone(d int64) int64 { return d }

// setSuperRound is SetSuperRound: it decodes an SROUND/S45ROUND selector
// with grid period gridPeriod (F2Dot14: 0x4000 or 0x2D41).
func (e *exec) setSuperRound(gridPeriod int64, selector int64) {
	switch selector & 0xC0 {
	case 0:
		e.period = gridPeriod / 2
	case 0x40:
		e.period = gridPeriod
	case 0x80:
		e.period = gridPeriod * 2
	case 0xC0:
		e.period = gridPeriod
	}
	switch selector & 0x30 {
	case 0:
		e.phase = 0
	case 0x10:
		e.phase = e.period / 4
	case 0x20:
		e.phase = e.period / 2
	case 0x30:
		e.phase = e.period * 3 / 4
	}
	if selector&0x0F == 0 {
		e.threshold = e.period - 1
	} else {
		e.threshold = (int64(selector&0x0F) - 4) * e.period / 8
	}
	e.period >>= 8
	e.phase >>= 8
	e.threshold >>= 8
}

// The round-state setters and ROUND, NROUND.

// insRTG is Ins_RTG (0x18).
func (e *exec) insRTG(_ []int64) { e.gs.roundState = roundToGrid }

// insRTHG is Ins_RTHG (0x19).
func (e *exec) insRTHG(_ []int64) { e.gs.roundState = roundToHalfGrid }

// insRTDG is Ins_RTDG (0x3D).
func (e *exec) insRTDG(_ []int64) { e.gs.roundState = roundToDoubleGrid }

// insROFF is Ins_ROFF (0x7A).
func (e *exec) insROFF(_ []int64) { e.gs.roundState = roundOff }

// insRUTG is Ins_RUTG (0x7C).
func (e *exec) insRUTG(_ []int64) { e.gs.roundState = roundUpToGrid }

// insRDTG is Ins_RDTG (0x7D).
func (e *exec) insRDTG(_ []int64) { e.gs.roundState = roundDownToGrid }

// insSROUND is Ins_SROUND (0x76, pops 1).
func (e *exec) insSROUND(a []int64) {
	e.setSuperRound(0x4000, a[0])
	e.gs.roundState = roundSuper
}

// insS45ROUND is Ins_S45ROUND (0x77, pops 1).
func (e *exec) insS45ROUND(a []int64) {
	e.setSuperRound(0x2D41, a[0])
	e.gs.roundState = roundSuper45
}

// insROUND is Ins_ROUND (0x68-0x6B, pops 1, pushes 1): the round state's
// rounding (no engine compensation).
func (e *exec) insROUND(a []int64) { a[0] = e.round(a[0]) }

// insNROUND is Ins_NROUND (0x6C-0x6F, pops 1, pushes 1): no rounding, no
// compensation.
func (e *exec) insNROUND(a []int64) { a[0] = roundNone(a[0]) }
