package hint

// Graphics state instructions: vectors, zone pointers, loop, INSTCTRL,
// SCANCTRL/SCANTYPE and GETINFO, plus FreeType's Compute_Funcs and the
// projection helpers.

// computeFuncs is Compute_Funcs: F_dot_P and which projection and move
// shortcuts apply.
func (e *exec) computeFuncs() {
	fv, pv, dv := e.gs.freeVector, e.gs.projVector, e.gs.dualVector
	if fv.x == 0x4000 {
		e.fDotP = int64(pv.x)
	} else if fv.y == 0x4000 {
		e.fDotP = int64(pv.y)
	} else {
		e.fDotP = (int64(pv.x)*int64(fv.x) + int64(pv.y)*int64(fv.y)) >> 14
	}
	e.projX = pv.x == 0x4000
	e.projY = !e.projX && pv.y == 0x4000
	e.dualX = dv.x == 0x4000
	e.dualY = !e.dualX && dv.y == 0x4000
	e.moveX, e.moveY = false, false
	if e.fDotP == 0x4000 {
		if fv.x == 0x4000 {
			e.moveX = true
		} else if fv.y == 0x4000 {
			e.moveY = true
		}
	}
	if e.fDotP > -0x400 && e.fDotP < 0x400 {
		e.fDotP = 0x4000
	}
}

// glyphFuncs is computeFuncs (Compute_Funcs) for the vectors of the
// graphics state a glyph program starts with (Instance.glyphGS: all
// three on the x axis, as setupLoader sets them): F_dot_P 0x4000 and
// the x shortcuts, set without computing them. TestGlyphFuncs checks it
// against computeFuncs.
func (e *exec) glyphFuncs() {
	e.fDotP = 0x4000
	e.projX, e.projY = true, false
	e.dualX, e.dualY = true, false
	e.moveX, e.moveY = true, false
}

// project is exc->func_project on a difference vector.
func (e *exec) project(dx, dy int64) int64 {
	if e.projX {
		return dx
	}
	if e.projY {
		return dy
	}
	return dotFix14(dx, dy, e.gs.projVector.x, e.gs.projVector.y)
}

// dualProject is exc->func_dualproj.
func (e *exec) dualProject(dx, dy int64) int64 {
	if e.dualX {
		return dx
	}
	if e.dualY {
		return dy
	}
	return dotFix14(dx, dy, e.gs.dualVector.x, e.gs.dualVector.y)
}

// sub is FreeType's SUB_LONG: a - b wrapping in 64 bits.
func sub(a, b int64) int64 { return int64(uint64(a) - uint64(b)) }

// add is FreeType's ADD_LONG: a + b wrapping in 64 bits.
func add(a, b int64) int64 { return int64(uint64(a) + uint64(b)) }

// projectP is PROJECT(v1, v2), dualProjectP is DUALPROJ(v1, v2); on
// pointers, so that they inline into the handlers.
func (e *exec) projectP(v1, v2 *vec) int64 { return e.project(v1.x-v2.x, v1.y-v2.y) }

// dualProjectP is DUALPROJ(v1, v2) on pointers (see projectP).
func (e *exec) dualProjectP(v1, v2 *vec) int64 {
	return e.dualProject(v1.x-v2.x, v1.y-v2.y)
}

// normalize is Normalize: (vx, vy) scaled to an F2Dot14 unit vector;
// (0, 0) leaves r unchanged.
func normalize(vx, vy int64, r *unitVec) {
	if vx == 0 && vy == 0 {
		return
	}
	normLen(&vx, &vy)
	r.x = int32(int16(vx / 4))
	r.y = int32(int16(vy / 4))
}

// normMemoBits sets the size of the normalize memo (exec.norms).
const normMemoBits = 7

// normMemoEntry is one slot of the normalize memo: the result r of
// normalize(x, y), valid when ok.
type normMemoEntry struct {
	x, y int64
	r    unitVec
	ok   bool
}

// normalizeMemo is normalize with a direct-mapped memo of its results
// (exec.norms): Normalize is a pure function of (vx, vy), and the
// vectors of SPVTL/SFVTL/SDPVTL repeat from glyph to glyph (DejaVu Sans:
// ~70 % of them within one size). TestNormalizeMemo compares it with
// normalize.
func (e *exec) normalizeMemo(vx, vy int64, r *unitVec) {
	if vx == 0 && vy == 0 {
		return
	}
	h := (uint64(vx)*0x9E3779B97F4A7C15 ^ uint64(vy)*0xC2B2AE3D27D4EB4F) >> (64 - normMemoBits)
	c := &e.norms[h]
	if !c.ok || c.x != vx || c.y != vy {
		normalize(vx, vy, &c.r)
		c.x, c.y, c.ok = vx, vy, true
	}
	*r = c.r
}

// insSxyTCA is SVTCA[a] (0x00-0x01), SPVTCA[a] (0x02-0x03) and SFVTCA[a]
// (0x04-0x05): set vectors to an axis.
// FreeType: Ins_SxyTCA.
func (e *exec) insSxyTCA(_ []int64) {
	op := e.opcode
	aa := int32(op&1) << 14
	bb := aa ^ 0x4000
	if op < 2 {
		e.svtca(op)
		return
	}
	if op < 4 {
		e.gs.projVector = unitVec{aa, bb}
		e.gs.dualVector = unitVec{aa, bb}
	}
	if op&2 == 0 {
		e.gs.freeVector = unitVec{aa, bb}
	}
	e.computeFuncs()
}

// svtca is SVTCA[a] (op 0x00: y axis, 0x01: x axis): all three vectors
// on one axis, and what computeFuncs would then derive: F_dot_P 0x4000
// and the x (or y) shortcuts everywhere. Small enough to inline: fastLoop
// runs SVTCA itself.
func (e *exec) svtca(op byte) {
	x := op&1 != 0
	v := unitVec{int32(op&1) << 14, int32(op&1^1) << 14}
	e.gs.projVector, e.gs.dualVector, e.gs.freeVector = v, v, v
	e.fDotP = 0x4000
	e.projX, e.projY = x, !x
	e.dualX, e.dualY = x, !x
	e.moveX, e.moveY = x, !x
}

// sxVTL is Ins_SxVTL: the vector from point p2 (zp2) to p1 (zp1),
// rotated counter-clockwise for odd opcodes.
func (e *exec) sxVTL(idx1, idx2 uint16, v *unitVec) bool {
	if int(idx1) >= e.zp2.nPoints || int(idx2) >= e.zp1.nPoints {
		e.pedanticFail(errInvalidReference)
		return false
	}
	p1 := e.zp1.cur[idx2]
	p2 := e.zp2.cur[idx1]
	a := sub(p1.x, p2.x)
	b := sub(p1.y, p2.y)
	op := e.opcode
	if a == 0 && b == 0 {
		a = 0x4000
		op = 0
	}
	if op&1 != 0 {
		c := b
		b = a
		a = -c
	}
	e.normalizeMemo(a, b, v)
	return true
}

// insSPVTL is SPVTL[a] (0x06-0x07, pops 2).
// FreeType: Ins_SPVTL (Ins_SxVTL).
func (e *exec) insSPVTL(a []int64) {
	if e.sxVTL(uint16(a[1]), uint16(a[0]), &e.gs.projVector) {
		e.gs.dualVector = e.gs.projVector
		e.computeFuncs()
	}
}

// insSFVTL is SFVTL[a] (0x08-0x09, pops 2).
// FreeType: Ins_SFVTL (Ins_SxVTL).
func (e *exec) insSFVTL(a []int64) {
	if e.sxVTL(uint16(a[1]), uint16(a[0]), &e.gs.freeVector) {
		e.computeFuncs()
	}
}

// insSPVFS is SPVFS (0x0A, pops 2): projection vector from stack.
// FreeType: Ins_SPVFS.
func (e *exec) insSPVFS(a []int64) {
	y := int64(int16(a[1]))
	x := int64(int16(a[0]))
	normalize(x, y, &e.gs.projVector)
	e.gs.dualVector = e.gs.projVector
	e.computeFuncs()
}

// insSFVFS is SFVFS (0x0B, pops 2): freedom vector from stack.
// FreeType: Ins_SFVFS.
func (e *exec) insSFVFS(a []int64) {
	y := int64(int16(a[1]))
	x := int64(int16(a[0]))
	normalize(x, y, &e.gs.freeVector)
	e.computeFuncs()
}

// insSDPVTL is SDPVTL[a] (0x86-0x87, pops 2): dual vector from the
// original, projection vector from the current positions.
// FreeType: Ins_SDPVTL.
func (e *exec) insSDPVTL(a []int64) {
	p1 := uint16(a[1])
	p2 := uint16(a[0])
	if int(p2) >= e.zp1.nPoints || int(p1) >= e.zp2.nPoints {
		e.pedanticFail(errInvalidReference)
		return
	}
	op := e.opcode
	v1, v2 := e.zp1.org[p2], e.zp2.org[p1]
	A, B := sub(v1.x, v2.x), sub(v1.y, v2.y)
	if A == 0 && B == 0 {
		A = 0x4000
		op = 0
	}
	if op&1 != 0 {
		A, B = -B, A
	}
	e.normalizeMemo(A, B, &e.gs.dualVector)
	v1, v2 = e.zp1.cur[p2], e.zp2.cur[p1]
	A, B = sub(v1.x, v2.x), sub(v1.y, v2.y)
	if A == 0 && B == 0 {
		A = 0x4000
		op = 0
	}
	if op&1 != 0 {
		A, B = -B, A
	}
	e.normalizeMemo(A, B, &e.gs.projVector)
	e.computeFuncs()
}

// insSZP is SZP0 (0x13), SZP1 (0x14), SZP2 (0x15) and SZPS (0x16), pops
// 1: 0 is the twilight zone, 1 the glyph zone; other values are ignored
// (pedantic: Invalid_Reference).
func (e *exec) insSZP(a []int64) {
	var z *zone
	switch int32(a[0]) {
	case 0:
		z = &e.twilight
	case 1:
		z = &e.pts
	default:
		e.pedanticFail(errInvalidReference)
		return
	}
	g := uint16(a[0])
	switch e.opcode {
	case 0x13:
		e.zp0, e.gs.gep0 = z, g
	case 0x14:
		e.zp1, e.gs.gep1 = z, g
	case 0x15:
		e.zp2, e.gs.gep2 = z, g
	case 0x16:
		e.zp0, e.zp1, e.zp2 = z, z, z
		e.gs.gep0, e.gs.gep1, e.gs.gep2 = g, g, g
	}
}

// insSLOOP is SLOOP (0x17, pops 1): negative fails, values above 0xFFFF
// are clamped.
// FreeType: Ins_SLOOP.
func (e *exec) insSLOOP(a []int64) {
	if a[0] < 0 {
		e.err = errBadArgument
		return
	}
	if a[0] > 0xFFFF {
		e.gs.loop = 0xFFFF
	} else {
		e.gs.loop = a[0]
	}
}

// insINSTCTRL is INSTCTRL (0x8E, pops 2): selectors 1 and 2 in prep set
// instruct_control; selector 3 in a glyph program toggles v40's
// backward compatibility (the value 4 turns it off). Pedantic: a bad
// selector or value, or a use elsewhere, is Invalid_Reference.
func (e *exec) insINSTCTRL(a []int64) {
	k := uint64(a[1])
	l := uint64(a[0])
	if k < 1 || k > 3 {
		e.pedanticFail(errInvalidReference)
		return
	}
	kf := uint64(1) << (k - 1)
	if l != 0 && l != kf {
		e.pedanticFail(errInvalidReference)
		return
	}
	if e.iniRange == rangeCVT {
		e.gs.instructControl &^= uint8(kf)
		e.gs.instructControl |= uint8(l)
	} else if e.iniRange == rangeGlyph && k == 3 {
		if e.version == 40 {
			e.backwardCompat = l != 4
		}
	} else {
		e.pedanticFail(errInvalidReference)
	}
}

// insSCANCTRL is SCANCTRL (0x85, pops 1).
// FreeType: Ins_SCANCTRL.
func (e *exec) insSCANCTRL(a []int64) {
	v := a[0] & 0xFF
	if v == 0xFF {
		e.gs.scanControl = true
		return
	}
	if v == 0 {
		e.gs.scanControl = false
		return
	}
	if a[0]&0x100 != 0 && e.ppem <= v {
		e.gs.scanControl = true
	}
	// 0x200, 0x400: rotated, stretched: never for fontvm instances.
	if a[0]&0x800 != 0 && e.ppem > v {
		e.gs.scanControl = false
	}
}

// insGETINFO is GETINFO (0x88, pops 1, pushes 1), as FreeType 2.12.1
// answers for interpreter version 35 or 40 and the instance's target.
func (e *exec) insGETINFO(a []int64) {
	sel := a[0]
	var k int64
	if sel&1 != 0 {
		k = int64(e.version)
	}
	// bits 8-9 (rotated, stretched): never; bit 10 (variation glyph)
	// for a font with a blend.
	if sel&8 != 0 && e.blend {
		k |= 1 << 10
	}
	if sel&32 != 0 && e.grayscale {
		k |= 1 << 12
	}
	if e.version == 40 && e.subpixelLean {
		if sel&64 != 0 {
			k |= 1 << 13
		}
		// 256: vertical LCD: never for fontvm's targets.
		if sel&1024 != 0 {
			k |= 1 << 17
		}
		if sel&2048 != 0 {
			k |= 1 << 18
		}
		if sel&4096 != 0 && e.grayscaleCT {
			k |= 1 << 19
		}
	}
	a[0] = k
}

// The graphics-state instructions whose FreeType body is a line or two.

// insGPV is Ins_GPV (0x0C, pushes 2): the projection vector.
func (e *exec) insGPV(a []int64) {
	a[0], a[1] = int64(e.gs.projVector.x), int64(e.gs.projVector.y)
}

// insGFV is Ins_GFV (0x0D, pushes 2): the freedom vector.
func (e *exec) insGFV(a []int64) {
	a[0], a[1] = int64(e.gs.freeVector.x), int64(e.gs.freeVector.y)
}

// insSFVTPV is Ins_SFVTPV (0x0E): freedom vector = projection vector.
func (e *exec) insSFVTPV(_ []int64) {
	e.gs.freeVector = e.gs.projVector
	e.computeFuncs()
}

// insSRP0 is Ins_SRP0 (0x10, pops 1, as an FT_UShort).
func (e *exec) insSRP0(a []int64) { e.gs.rp0 = uint16(a[0]) }

// insSRP1 is Ins_SRP1 (0x11, pops 1).
func (e *exec) insSRP1(a []int64) { e.gs.rp1 = uint16(a[0]) }

// insSRP2 is Ins_SRP2 (0x12, pops 1).
func (e *exec) insSRP2(a []int64) { e.gs.rp2 = uint16(a[0]) }

// insSMD is Ins_SMD (0x1A, pops 1).
func (e *exec) insSMD(a []int64) { e.gs.minimumDistance = a[0] }

// insSCVTCI is Ins_SCVTCI (0x1D, pops 1).
func (e *exec) insSCVTCI(a []int64) { e.gs.controlValueCutin = a[0] }

// insSSWCI is Ins_SSWCI (0x1E, pops 1).
func (e *exec) insSSWCI(a []int64) { e.gs.singleWidthCutin = a[0] }

// insSSW is Ins_SSW (0x1F, pops 1): FUnits, scaled with FT_MulFix.
func (e *exec) insSSW(a []int64) { e.gs.singleWidthValue = mulFix(a[0], e.scale) }

// insFLIPON is Ins_FLIPON (0x4D).
func (e *exec) insFLIPON(_ []int64) { e.gs.autoFlip = true }

// insFLIPOFF is Ins_FLIPOFF (0x4E).
func (e *exec) insFLIPOFF(_ []int64) { e.gs.autoFlip = false }

// insSDB is Ins_SDB (0x5E, pops 1).
func (e *exec) insSDB(a []int64) { e.gs.deltaBase = uint16(a[0]) }

// insSDS is Ins_SDS (0x5F, pops 1): values above 6 fail with
// Bad_Argument.
func (e *exec) insSDS(a []int64) {
	if uint64(a[0]) > 6 {
		e.err = errBadArgument
		return
	}
	e.gs.deltaShift = uint16(a[0])
}

// insSCANTYPE is Ins_SCANTYPE (0x8D, pops 1): negative values are
// ignored.
func (e *exec) insSCANTYPE(a []int64) {
	if a[0] >= 0 {
		e.gs.scanType = int(a[0] & 0xFFFF)
	}
}

// insObsolete is SANGW and AA (0x7E, 0x7F, pops 1): FreeType's Ins_SANGW
// and Ins_AA do nothing.
func (e *exec) insObsolete(_ []int64) {}

// insMPPEM is Ins_MPPEM (0x4B, pushes 1).
func (e *exec) insMPPEM(a []int64) { a[0] = e.curPPEM() }

// insMPS is Ins_MPS (0x4C, pushes 1): v35 the ppem, v40 the point size in
// 26.6.
func (e *exec) insMPS(a []int64) {
	if e.version == 35 {
		a[0] = e.curPPEM()
	} else {
		a[0] = e.pointSize
	}
}
