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
// reference loop (runTraced, with dispatch), where these apply: the
// fast loop (square pixels only) keeps the square forms and pays
// nothing for them. In dispatch, MPPEM, MPS, RCVT and DELTAC (and
// Move_CVT, which only DELTAC uses) test exec.stretched; the handlers
// the fast loop calls for the frequent MIAP, MIRP, DELTAP and WCVTP are
// left as they are, and dispatch calls the stretched wrappers below for
// non-square pixels instead.

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
// for non-square pixels Current_Ppem_Stretched (stretchedPPEM, out of
// line so that curPPEM inlines into the square case's callers).
func (e *exec) curPPEM() int64 {
	if e.stretched {
		return e.stretchedPPEM()
	}
	return e.ppem
}

// stretchedPPEM is Current_Ppem_Stretched: the ppem times the current
// ratio.
func (e *exec) stretchedPPEM() int64 { return mulFix(e.ppem, e.currentRatio()) }

// stretchCVT is what Read_CVT_Stretched makes of a CVT value v: v times
// the current ratio.
func (e *exec) stretchCVT(v int64) int64 { return mulFix(v, e.currentRatio()) }

// unstretchCVT is what Write_CVT_Stretched and Move_CVT_Stretched store
// for a value v in pixels: v divided by the current ratio (FT_DivFix).
func (e *exec) unstretchCVT(v int64) int64 { return divFix(v, e.currentRatio()) }

// insMIAPStretched is MIAP with Read_CVT_Stretched: insMIAP run with
// the CVT entry it reads (a[1]) stretched for the instruction's
// duration (MIAP reads it once, before it moves anything, and writes no
// CVT entry; the projection vector, which the ratio depends on, does
// not change during it).
func (e *exec) insMIAPStretched(a []int64) {
	e.withStretchedCVT(uint64(a[1]), (*exec).insMIAP, a)
}

// insMIRPStretched is MIRP with Read_CVT_Stretched, as insMIAPStretched:
// MIRP reads entry a[1] (its cvtEntry - 1; a[1] = -1 reads none).
func (e *exec) insMIRPStretched(a []int64) {
	e.withStretchedCVT(uint64(a[1]), (*exec).insMIRP, a)
}

// withStretchedCVT runs ins(e, a) with CVT entry i (if it exists)
// replaced by its stretched value, then puts the entry back.
func (e *exec) withStretchedCVT(i uint64, ins func(*exec, []int64), a []int64) {
	if i >= uint64(len(e.cvt)) {
		ins(e, a)
		return
	}
	v := e.cvt[i]
	e.cvt[i] = e.stretchCVT(v)
	ins(e, a)
	e.cvt[i] = v
}

// insDELTAPStretched is DELTAP with Current_Ppem_Stretched: insDELTAP
// run with the stretched ppem (DELTAP reads the ppem once, to choose its
// pairs; the moves do not depend on it).
func (e *exec) insDELTAPStretched(a []int64) {
	p := e.ppem
	e.ppem = e.stretchedPPEM()
	e.insDELTAP(a)
	e.ppem = p
}

// insWCVTPStretched is WCVTP with Write_CVT_Stretched: insWCVTP storing
// the value divided by the current ratio (a[1] is the popped argument;
// an index out of range writes nothing either way).
func (e *exec) insWCVTPStretched(a []int64) {
	a[1] = e.unstretchCVT(a[1])
	e.insWCVTP(a)
}
