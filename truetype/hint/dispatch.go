package hint

// Dispatch: which handler runs an opcode. dispatch is the reference
// switch (runTraced and step call it; FreeType's switch in TT_RunIns);
// slowTab is fastLoop's table of the same handlers for the one-byte
// instructions it does not run inline.

// slowOp is one opcode's entry for fastLoop's calls of handlers: fn is
// the handler dispatch runs for it (dispatch itself for the opcodes whose
// dispatch case is inline or rare), or nil when the opcode does not take
// the direct path (multi-byte instructions, IF, ELSE: step runs them);
// pops and pushes are FreeType's Pop_Push_Count, room is max(pushes, 1):
// the handler needs top-pops+room <= len(stack). An opcode without a
// handler has pops = noHandler, more than any stack holds, so that
// fastLoop's one test of the stack sends it to step.
type slowOp struct {
	fn           func(*exec, []int64)
	pops         uint32
	pushes, room uint16 // (16 bytes in all: indexing is a shift; unsigned: loads with an index)
}

// noHandler is slowOp.pops of the opcodes without a handler: more than
// the 0xFFFF + StackExtra elements a stack can have.
const noHandler = 1 << 30

// slowTab is fastLoop's table of slowOp, indexed by opcode.
var slowTab [256]slowOp

// init fills slowTab from opTab and slowHandler.
func init() {
	for op := range slowTab {
		s := &slowTab[op]
		s.pops, s.pushes = uint32(opTab[op].pops), uint16(opTab[op].pushes)
		s.room = max(s.pushes, 1)
		if opTab[op].direct {
			s.fn = slowHandler(byte(op))
		} else {
			s.pops = noHandler
		}
		if s.room >= StackExtra {
			panic("hint: slowTab room")
		}
	}
}

// slowHandler is the handler dispatch calls for opcode op, for the
// frequent instructions outside fastLoop (the moves, IUP, DELTAs, the
// vector and zone setters, ...); dispatch itself for the rest. It must
// name the same handler as dispatch's switch (TestSlowTabMatchesDispatch).
// The handlers of instructions that pop their points themselves (IUP,
// SHP, IP, ALIGNRP, FLIPPT) and of SxyTCA take, and ignore, an argument
// slice too, so that fastLoop calls them without a wrapper.
func slowHandler(op byte) func(*exec, []int64) {
	switch {
	case op <= 0x05:
		return (*exec).insSxyTCA
	case op == 0x06 || op == 0x07:
		return (*exec).insSPVTL
	case op == 0x08 || op == 0x09:
		return (*exec).insSFVTL
	case op == 0x0A:
		return (*exec).insSPVFS
	case op == 0x0B:
		return (*exec).insSFVFS
	case op == 0x0F:
		return (*exec).insISECT
	case op >= 0x13 && op <= 0x16:
		return (*exec).insSZP
	case op == 0x17:
		return (*exec).insSLOOP
	case op == 0x27:
		return (*exec).insALIGNPTS
	case op == 0x29:
		return (*exec).insUTP
	case op == 0x2E || op == 0x2F:
		return (*exec).insMDAP
	case op == 0x30 || op == 0x31:
		return (*exec).insIUP
	case op == 0x32 || op == 0x33:
		return (*exec).insSHP
	case op == 0x34 || op == 0x35:
		return (*exec).insSHC
	case op == 0x36 || op == 0x37:
		return (*exec).insSHZ
	case op == 0x38:
		return (*exec).insSHPIX
	case op == 0x39:
		return (*exec).insIP
	case op == 0x3A || op == 0x3B:
		return (*exec).insMSIRP
	case op == 0x3C:
		return (*exec).insALIGNRP
	case op == 0x3E || op == 0x3F:
		return (*exec).insMIAP
	case op == 0x44:
		return (*exec).insWCVTP
	case op == 0x46 || op == 0x47:
		return (*exec).insGC
	case op == 0x48:
		return (*exec).insSCFS
	case op == 0x49 || op == 0x4A:
		return (*exec).insMD
	case op == 0x5D || op == 0x71 || op == 0x72:
		return (*exec).insDELTAP
	case op == 0x70:
		return (*exec).insWCVTF
	case op >= 0x73 && op <= 0x75:
		return (*exec).insDELTAC
	case op == 0x80:
		return (*exec).insFLIPPT
	case op == 0x81 || op == 0x82:
		return (*exec).insFLIPRG
	case op == 0x86 || op == 0x87:
		return (*exec).insSDPVTL
	case op == 0x88:
		return (*exec).insGETINFO
	case op >= 0xC0 && op <= 0xDF:
		return (*exec).insMDRP
	case op >= 0xE0:
		return (*exec).insMIRP
	}
	return (*exec).dispatch
}

// dispatch runs the instruction e.opcode; its arguments are
// a = e.stack[e.args:] (a[0] deepest). Each family lives in its own file
// (arithmetic.go, control.go, storage.go, gstate.go, rounding.go,
// moves.go, iup.go, deltas.go); the one-line instructions are here.
// Undefined opcodes (0x28, 0x7B, 0x83, 0x84, 0x8F-0xAF) run their IDEF
// or fail with Invalid_Opcode; GETVARIATION (0x91) and GETDATA (0x92) are
// undefined for fonts without variations, as in FreeType.
func (e *exec) dispatch(a []int64) {
	op := e.opcode
	switch op {
	case 0x00, 0x01, 0x02, 0x03, 0x04, 0x05:
		e.insSxyTCA(nil)
	case 0x06, 0x07:
		e.insSPVTL(a)
	case 0x08, 0x09:
		e.insSFVTL(a)
	case 0x0A:
		e.insSPVFS(a)
	case 0x0B:
		e.insSFVFS(a)
	case 0x0C: // GPV, pushes 2: the projection vector
		a[0], a[1] = int64(e.gs.projVector.x), int64(e.gs.projVector.y)
	case 0x0D: // GFV, pushes 2: the freedom vector
		a[0], a[1] = int64(e.gs.freeVector.x), int64(e.gs.freeVector.y)
	case 0x0E: // SFVTPV: freedom vector = projection vector
		e.gs.freeVector = e.gs.projVector
		e.computeFuncs()
	case 0x0F:
		e.insISECT(a)
	case 0x10: // SRP0, pops 1 (as an FT_UShort)
		e.gs.rp0 = uint16(a[0])
	case 0x11: // SRP1, pops 1
		e.gs.rp1 = uint16(a[0])
	case 0x12: // SRP2, pops 1
		e.gs.rp2 = uint16(a[0])
	case 0x13, 0x14, 0x15, 0x16:
		e.insSZP(a)
	case 0x17:
		e.insSLOOP(a)
	case 0x18: // RTG
		e.gs.roundState = roundToGrid
	case 0x19: // RTHG
		e.gs.roundState = roundToHalfGrid
	case 0x1A: // SMD, pops 1
		e.gs.minimumDistance = a[0]
	case 0x1B:
		e.insELSE()
	case 0x1C:
		e.insJMPR(a)
	case 0x1D: // SCVTCI, pops 1
		e.gs.controlValueCutin = a[0]
	case 0x1E: // SSWCI, pops 1
		e.gs.singleWidthCutin = a[0]
	case 0x1F: // SSW, pops 1: FUnits, scaled with FT_MulFix
		e.gs.singleWidthValue = mulFix(a[0], e.scale)
	case 0x20, 0x21, 0x22, 0x23, 0x24, 0x25, 0x26:
		e.stackOp(a)
	case 0x27:
		e.insALIGNPTS(a)
	case 0x28:
		e.insUnknown()
	case 0x29:
		e.insUTP(a)
	case 0x2A:
		e.insLOOPCALL(a)
	case 0x2B:
		e.insCALL(a)
	case 0x2C:
		e.insFDEF(a)
	case 0x2D:
		e.insENDF()
	case 0x2E, 0x2F:
		e.insMDAP(a)
	case 0x30, 0x31:
		e.insIUP(nil)
	case 0x32, 0x33:
		if e.pedantic {
			e.pedanticLoop((*exec).insSHP, nil, e.zp2.nPoints, false)
		} else {
			e.insSHP(nil)
		}
	case 0x34, 0x35:
		e.insSHC(a)
	case 0x36, 0x37:
		e.insSHZ(a)
	case 0x38:
		if e.pedantic {
			e.pedanticLoop((*exec).insSHPIX, a[:1], e.zp2.nPoints, false)
		} else {
			e.insSHPIX(a)
		}
	case 0x39:
		if e.pedantic {
			e.pedanticLoop((*exec).insIP, nil, e.zp2.nPoints, true)
		} else {
			e.insIP(nil)
		}
	case 0x3A, 0x3B:
		e.insMSIRP(a)
	case 0x3C:
		if e.pedantic {
			e.pedanticLoop((*exec).insALIGNRP, nil, e.zp1.nPoints, false)
		} else {
			e.insALIGNRP(nil)
		}
	case 0x3D: // RTDG
		e.gs.roundState = roundToDoubleGrid
	case 0x3E, 0x3F:
		if e.stretched {
			e.insMIAPStretched(a)
		} else {
			e.insMIAP(a)
		}
	case 0x40, 0x41:
		e.insNPUSH(a)
	case 0x42:
		e.insWS(a)
	case 0x43:
		e.insRS(a)
	case 0x44:
		if e.stretched {
			e.insWCVTPStretched(a)
		} else {
			e.insWCVTP(a)
		}
	case 0x45:
		e.insRCVT(a)
	case 0x46, 0x47:
		e.insGC(a)
	case 0x48:
		e.insSCFS(a)
	case 0x49, 0x4A:
		e.insMD(a)
	case 0x4B: // MPPEM, pushes 1
		a[0] = e.curPPEM()
	case 0x4C: // MPS, pushes 1: v35 the ppem, v40 the point size in 26.6 (FreeType)
		if e.version == 35 {
			a[0] = e.curPPEM()
		} else {
			a[0] = e.pointSize
		}
	case 0x4D: // FLIPON
		e.gs.autoFlip = true
	case 0x4E: // FLIPOFF
		e.gs.autoFlip = false
	case 0x4F: // DEBUG, pops 1: fails with Debug_OpCode as in FreeType
		e.err = errDebugOpcode
	case 0x50, 0x51, 0x52, 0x53, 0x54, 0x55, 0x56, 0x57:
		e.compareOp(a)
	case 0x58:
		e.insIF(a)
	case 0x59: // EIF: nothing
	case 0x5A, 0x5B, 0x5C:
		e.logicOp(a)
	case 0x5D, 0x71, 0x72:
		if e.stretched {
			e.insDELTAPStretched(a)
		} else {
			e.insDELTAP(a)
		}
	case 0x5E: // SDB, pops 1
		e.gs.deltaBase = uint16(a[0])
	case 0x5F: // SDS, pops 1: values above 6 fail with Bad_Argument
		if uint64(a[0]) > 6 {
			e.err = errBadArgument
		} else {
			e.gs.deltaShift = uint16(a[0])
		}
	case 0x60, 0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67:
		e.arithOp(a)
	case 0x68, 0x69, 0x6A, 0x6B: // ROUND[ab], pops 1, pushes 1
		a[0] = e.round(a[0])
	case 0x6C, 0x6D, 0x6E, 0x6F: // NROUND[ab], pops 1, pushes 1 (no compensation)
		a[0] = roundNone(a[0])
	case 0x70:
		e.insWCVTF(a)
	case 0x73, 0x74, 0x75:
		e.insDELTAC(a)
	case 0x76: // SROUND, pops 1
		e.setSuperRound(0x4000, a[0])
		e.gs.roundState = roundSuper
	case 0x77: // S45ROUND, pops 1
		e.setSuperRound(0x2D41, a[0])
		e.gs.roundState = roundSuper45
	case 0x78: // JROT, pops 2
		if a[1] != 0 {
			e.insJMPR(a)
		}
	case 0x79: // JROF, pops 2
		if a[1] == 0 {
			e.insJMPR(a)
		}
	case 0x7A: // ROFF
		e.gs.roundState = roundOff
	case 0x7B:
		e.insUnknown()
	case 0x7C: // RUTG
		e.gs.roundState = roundUpToGrid
	case 0x7D: // RDTG
		e.gs.roundState = roundDownToGrid
	case 0x7E, 0x7F:
		// SANGW, AA: obsolete, pop one
	case 0x80:
		if e.pedantic && !e.postIUP() {
			e.pedanticLoop((*exec).insFLIPPT, nil, e.pts.nPoints, false)
		} else {
			e.insFLIPPT(nil)
		}
	case 0x81, 0x82:
		e.insFLIPRG(a)
	case 0x83, 0x84:
		e.insUnknown()
	case 0x85:
		e.insSCANCTRL(a)
	case 0x86, 0x87:
		e.insSDPVTL(a)
	case 0x88:
		e.insGETINFO(a)
	case 0x89:
		e.insIDEF(a)
	case 0x8A: // ROLL, pops 3, pushes 3
		doROLL(a)
	case 0x8B: // MAX, pops 2, pushes 1
		doMAX(&a[0], a[1])
	case 0x8C: // MIN, pops 2, pushes 1
		doMIN(&a[0], a[1])
	case 0x8D: // SCANTYPE, pops 1: negative values are ignored
		if a[0] >= 0 {
			e.gs.scanType = int(a[0] & 0xFFFF)
		}
	case 0x8E:
		e.insINSTCTRL(a)
	case 0xB0, 0xB1, 0xB2, 0xB3, 0xB4, 0xB5, 0xB6, 0xB7,
		0xB8, 0xB9, 0xBA, 0xBB, 0xBC, 0xBD, 0xBE, 0xBF: // PUSHB[abc], PUSHW[abc]
		e.insPUSH(a)
	case 0xC0, 0xC1, 0xC2, 0xC3, 0xC4, 0xC5, 0xC6, 0xC7,
		0xC8, 0xC9, 0xCA, 0xCB, 0xCC, 0xCD, 0xCE, 0xCF,
		0xD0, 0xD1, 0xD2, 0xD3, 0xD4, 0xD5, 0xD6, 0xD7,
		0xD8, 0xD9, 0xDA, 0xDB, 0xDC, 0xDD, 0xDE, 0xDF: // MDRP[abcde]
		e.insMDRP(a)
	case 0xE0, 0xE1, 0xE2, 0xE3, 0xE4, 0xE5, 0xE6, 0xE7,
		0xE8, 0xE9, 0xEA, 0xEB, 0xEC, 0xED, 0xEE, 0xEF,
		0xF0, 0xF1, 0xF2, 0xF3, 0xF4, 0xF5, 0xF6, 0xF7,
		0xF8, 0xF9, 0xFA, 0xFB, 0xFC, 0xFD, 0xFE, 0xFF: // MIRP[abcde]
		if e.stretched {
			e.insMIRPStretched(a)
		} else {
			e.insMIRP(a)
		}
	case 0x91: // GETVARIATION: a font with a blend only
		if e.blend {
			e.insGETVARIATION(a)
		} else {
			e.insUnknown()
		}
	case 0x92: // GETDATA, pushes 1: 17, a font with a blend only
		if e.blend {
			a[0] = 17
		} else {
			e.insUnknown()
		}
	default: // 0x8F-0xAF: undefined
		e.insUnknown()
	}
}
