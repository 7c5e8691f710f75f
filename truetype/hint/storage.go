package hint

// Storage area and Control Value Table instructions.
//
// As in FreeType 2.12.1, a glyph program never changes the instance's
// storage or CVT through WS, WCVTP or DELTAC: its first write copies the
// array and later reads and writes of that run use the copy (Ins_WS,
// Modify_CVT_Check). WCVTF is the exception FreeType makes: it writes
// the CVT in place. Out-of-range indices are ignored (reads give 0), as
// FreeType does when not pedantic; a pedantic instance fails them with
// Invalid_Reference (ARRAY_BOUND_ERROR).

// insWS is WS (0x42, pops 2): storage[a[0]] = a[1].
// FreeType: Ins_WS.
func (e *exec) insWS(a []int64) {
	i := uint64(a[0])
	if i >= uint64(len(e.storage)) {
		e.pedanticFail(errInvalidReference)
		return
	}
	if e.iniRange == rangeGlyph && sameSlice(e.storage, e.origStorage) {
		copy(e.glyfStorage, e.storage)
		e.storage = e.glyfStorage[:len(e.storage)]
	}
	e.storage[i] = a[1]
}

// insRS is RS (0x43, pops 1, pushes 1).
// FreeType: Ins_RS.
func (e *exec) insRS(a []int64) {
	var ok bool
	if a[0], ok = e.doRS(a[0]); !ok {
		e.pedanticFail(errInvalidReference)
	}
}

// modifyCVTCheck is Modify_CVT_Check.
func (e *exec) modifyCVTCheck() {
	if e.iniRange == rangeGlyph && sameSlice(e.cvt, e.origCvt) {
		copy(e.glyfCvt, e.cvt)
		e.cvt = e.glyfCvt[:len(e.cvt)]
	}
}

// insWCVTP is WCVTP (0x44, pops 2): cvt[a[0]] = a[1] in pixels.
// FreeType: Ins_WCVTP.
func (e *exec) insWCVTP(a []int64) {
	i := uint64(a[0])
	if i >= uint64(len(e.cvt)) {
		e.pedanticFail(errInvalidReference)
		return
	}
	e.modifyCVTCheck()
	e.cvt[i] = a[1]
}

// insWCVTF is WCVTF (0x70, pops 2): cvt[a[0]] = a[1] in font units,
// scaled with FT_MulFix(value, scale), written in place.
func (e *exec) insWCVTF(a []int64) {
	i := uint64(a[0])
	if i >= uint64(len(e.cvt)) {
		e.pedanticFail(errInvalidReference)
		return
	}
	e.cvt[i] = mulFix(a[1], e.scale)
}

// insRCVT is RCVT (0x45, pops 1, pushes 1).
// FreeType: Ins_RCVT.
func (e *exec) insRCVT(a []int64) {
	var ok bool
	if a[0], ok = e.doRCVT(a[0]); !ok {
		e.pedanticFail(errInvalidReference)
		return
	}
	if e.stretched {
		a[0] = e.stretchCVT(a[0]) // Read_CVT_Stretched
	}
}

// moveCVT is Move_CVT (used by DELTAC): cvt[i] += v; for non-square
// pixels Move_CVT_Stretched, which adds v divided by the current ratio.
func (e *exec) moveCVT(i uint64, v int64) {
	e.modifyCVTCheck()
	if e.stretched {
		v = e.unstretchCVT(v)
	}
	e.cvt[i] = int64(uint64(e.cvt[i]) + uint64(v))
}

// sameSlice reports whether a and b share their first element (are the
// same array), or are both empty.
func sameSlice(a, b []int64) bool {
	if len(a) == 0 || len(b) == 0 {
		return len(a) == len(b)
	}
	return &a[0] == &b[0]
}
