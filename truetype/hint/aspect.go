package hint

// Non-square pixels: FreeType's stretched routines.
//
// When an instance's x and y ppem differ, FreeType's TT_RunIns switches
// four callbacks to their stretched forms (Current_Ppem_Stretched,
// Read_CVT_Stretched, Write_CVT_Stretched, Move_CVT_Stretched): the
// CVT holds distances at the larger ppem (tt_size_reset's
// ttmetrics.scale), and each read, write, move and MPPEM is scaled by
// the aspect ratio along the projection vector (Current_Ratio). An
// instance with exec.stretched set runs its programs through the
// reference loop (runTraced, with dispatch), where these apply; the
// fast loop's inlined RCVT and MPPEM are the square forms, and the
// handlers both loops share (MIAP, MIRP, DELTAP, DELTAC, WCVTP) test
// exec.stretched once.

// currentRatio is Current_Ratio: the aspect ratio along the projection
// vector, x_ratio or y_ratio for a vector on an axis, else the length
// of (x_ratio·pv.x, y_ratio·pv.y) (TT_MulFix14, FT_Hypot). FreeType
// caches it until the vectors change (Compute_Funcs) or a run starts;
// it depends only on the projection vector, so it is computed here at
// each use.
func (e *exec) currentRatio() int64 {
	pv := e.gs.projVector
	switch {
	case pv.y == 0:
		return e.xRatio
	case pv.x == 0:
		return e.yRatio
	}
	return hypot(mulFix14(e.xRatio, pv.x), mulFix14(e.yRatio, pv.y))
}

// curPPEM is exc->func_cur_ppem: the ppem (the larger of x and y), or
// for non-square pixels Current_Ppem_Stretched, the ppem times the
// current ratio.
func (e *exec) curPPEM() int64 {
	if e.stretched {
		return mulFix(e.ppem, e.currentRatio())
	}
	return e.ppem
}

// stretchCVT is what Read_CVT_Stretched makes of a CVT value v: v times
// the current ratio.
func (e *exec) stretchCVT(v int64) int64 { return mulFix(v, e.currentRatio()) }

// unstretchCVT is what Write_CVT_Stretched and Move_CVT_Stretched store
// for a value v in pixels: v divided by the current ratio (FT_DivFix).
func (e *exec) unstretchCVT(v int64) int64 { return divFix(v, e.currentRatio()) }
