package hint

import ()

// Code ranges, numbered as FreeType numbers them (tt_coderange_*).
const (
	rangeNone  = 0
	rangeFont  = 1 // fpgm
	rangeCVT   = 2 // prep
	rangeGlyph = 3 // glyf instructions
)

// Limits, as FreeType 2.12.1 sets them.
const (
	// MaxRunnableOpcodes is TT_CONFIG_OPTION_MAX_RUNNABLE_OPCODES: the
	// number of instructions one program run may execute.
	MaxRunnableOpcodes = 1000000
	// CallStackSize is the depth of FreeType's call stack (callSize).
	CallStackSize = 32
	// StackExtra is what FreeType adds to maxp.maxStackElements.
	StackExtra = 32
)

// Point tags, as FreeType's FT_CURVE_TAG_*.
const (
	tagOn     = 0x01
	tagTouchX = 0x08
	tagTouchY = 0x10
	tagTouch  = tagTouchX | tagTouchY
)

// Rounding states (TT_Round_*).
const (
	roundToHalfGrid   = 0
	roundToGrid       = 1
	roundToDoubleGrid = 2
	roundDownToGrid   = 3
	roundUpToGrid     = 4
	roundOff          = 5
	roundSuper        = 6
	roundSuper45      = 7
)

type vec struct{ x, y int64 }

// unitVec is an F2Dot14 vector (FT_UnitVector: two FT_F2Dot14 shorts).
type unitVec struct{ x, y int32 }

// A zone is FreeType's TT_GlyphZoneRec: point arrays of the glyph being
// hinted (or the twilight zone) and its contour ends.
type zone struct {
	org, cur, orus []vec
	tags           []uint8
	contours       []int // absolute end-point indices (as FreeType keeps them)
	nPoints        int
	nContours      int
	firstPoint     int
}

// graphicsState is TT_GraphicsState.
type graphicsState struct {
	rp0, rp1, rp2                      uint16
	dualVector, projVector, freeVector unitVec
	loop                               int64
	minimumDistance                    int64
	roundState                         int
	autoFlip                           bool
	controlValueCutin                  int64
	singleWidthCutin, singleWidthValue int64
	deltaBase, deltaShift              uint16
	instructControl                    uint8
	scanControl                        bool
	scanType                           int
	gep0, gep1, gep2                   uint16
}

// defaultGraphicsState is tt_default_graphics_state.
var defaultGraphicsState = graphicsState{
	dualVector: unitVec{0x4000, 0}, projVector: unitVec{0x4000, 0}, freeVector: unitVec{0x4000, 0},
	loop: 1, minimumDistance: 64, roundState: roundToGrid, autoFlip: true,
	controlValueCutin: 68, deltaBase: 9, deltaShift: 3,
	gep0: 1, gep1: 1, gep2: 1,
}

// defRec is TT_DefRecord: a function (FDEF) or instruction (IDEF)
// definition.
type defRec struct {
	rng    int
	start  int
	end    int
	opc    uint32
	active bool
}

// callRec is TT_CallRec.
type callRec struct {
	callerRange int
	callerIP    int
	count       int64
	def         *defRec
}

// exec is FreeType's TT_ExecContextRec: the machine state of one program
// run, plus what the execution context keeps between runs of one size.
type exec struct {
	// per-instance configuration
	version        int // 35 or 40
	subpixelLean   bool
	grayscaleCT    bool
	grayscale      bool
	backwardCompat bool
	numGlyphs      int

	// metrics (exec->metrics, exec->tt_metrics)
	ppem      int64 // tt_metrics.ppem: the larger of x_ppem and y_ppem
	scale     int64 // tt_metrics.scale: the scale of that axis (CVT, WCVTF, SSW)
	xScale    int64 // metrics.x_scale as used by MD/MDRP/IP
	yScale    int64
	pointSize int64 // size->point_size (MPS in v40)

	// graphics state and rounding
	gs                       graphicsState
	period, phase, threshold int64
	fDotP                    int64
	projX, projY             bool // func_project is Project_x / Project_y
	dualX, dualY             bool
	moveX, moveY             bool // func_move is Direct_Move_X / _Y

	// code
	ranges   [4][]byte
	curRange int
	iniRange int
	code     []byte
	ip       int
	opcode   byte
	length   int
	stepIns  bool
	insCount int                      // runFast's count of the instructions run (TT_RunIns's ins_counter)
	skips    [rangeGlyph + 1]skipMemo // IF/ELSE skip targets of fpgm and prep (loop.go)

	// stack
	stack  []int64
	top    int
	args   int
	newTop int

	callStack [CallStackSize]callRec
	callTop   int

	fdefs    []defRec
	numFDefs int
	maxFunc  int
	funcs    funcCache // findFunc's search results (control.go)
	idefs    []defRec
	numIDefs int
	maxIns   int

	// cvt and storage; during glyph programs writes go to private copies
	cvt, origCvt, glyfCvt             []int64
	storage, origStorage, glyfStorage []int64

	// zones
	twilight      zone
	twilightFull  int // size->twilight.n_points
	pts           zone
	zp0, zp1, zp2 *zone

	isComposite bool
	iupxCalled  bool
	iupyCalled  bool

	loopcallCounter, loopcallCounterMax int64
	negJumpCounter, negJumpCounterMax   int64

	err    errCode
	errIP  int
	errOp  byte
	errRng int

	tracer Tracer
	snap   *traceSnap
	prog   Program

	// stretched says that x_ppem != y_ppem: FreeType's stretched
	// routines apply (aspect.go), with tt_metrics.x_ratio and y_ratio.
	// (Here, after the fields the fast loop uses: inserted among them,
	// they shifted those fields' offsets, and the fast loop ran 0.8 %
	// more instructions on Charis SIL.)
	stretched      bool
	xRatio, yRatio int64

	// blend says that the font has a blend (FreeType's face->blend,
	// set by a variation call): GETVARIATION and GETDATA run, GETINFO
	// reports bit 10; coords are its normalized coordinates (16.16).
	// (After the fast loop's fields, as stretched.)
	blend  bool
	coords []int32

	// pedantic is FreeType's pedantic_hinting (FT_LOAD_PEDANTIC): the
	// handlers turn what they otherwise ignore (out-of-range points,
	// CVT and storage indices, zones, selectors, too few arguments)
	// into errors (pedanticFail, pedanticLoop, pedanticDelta); a
	// pedantic instance runs every instruction through step (runSteps).
	// (After the fields the fast loop uses, so that their offsets stay.)
	pedantic bool

	norms [1 << normMemoBits]normMemoEntry // normalizeMemo (gstate.go); last, away from the hot fields
}

// opLength returns the length of the instruction at code[ip] as
// FreeType's opcode_length does, or -1 when the instruction runs past the
// end of the code.
func opLength(code []byte, ip int) int {
	n := int(opTab[code[ip]].length)
	if n < 0 {
		if ip+1 >= len(code) {
			return -1
		}
		n = 2 - n*int(code[ip+1])
	}
	if ip+n > len(code) {
		return -1
	}
	return n
}

// pedanticFail is FreeType's `if ( exc->pedantic_hinting ) exc->error =
// FT_THROW( c )`: in a pedantic instance, the instruction fails with c
// (replacing any error it set before, as the assignment does); otherwise
// nothing.
func (e *exec) pedanticFail(c errCode) {
	if e.pedantic {
		e.err = c
	}
}

// fail records c as the run's error unless an error is already set
// (the first error stops FreeType's TT_RunIns).
func (e *exec) fail(c errCode) {
	if e.err == errOK {
		e.err = c
	}
}

// gotoCodeRange is Ins_Goto_CodeRange.
func (e *exec) gotoCodeRange(r, ip int) bool {
	if r < 1 || r > 3 {
		e.err = errBadArgument
		return false
	}
	code := e.ranges[r]
	if code == nil {
		e.err = errInvalidCodeRange
		return false
	}
	if ip > len(code) {
		e.err = errCodeOverflow
		return false
	}
	e.code = code
	e.ip = ip
	e.curRange = r
	return true
}

// run is TT_RunIns: it runs the current code range from e.ip.
func (e *exec) run() errCode {
	numTwilight := int64(2 * (e.pts.nPoints + len(e.cvt)))
	if numTwilight < 30 {
		numTwilight = 30
	}
	if int64(e.twilight.nPoints) > numTwilight {
		if numTwilight > 0xFFFF {
			numTwilight = 0xFFFF
		}
		e.twilight.nPoints = int(numTwilight)
	}
	e.loopcallCounter = 0
	e.negJumpCounter = 0
	if e.pts.nPoints > 0 {
		a := int64(10 * e.pts.nPoints)
		if a < 50 {
			a = 50
		}
		b := int64(len(e.cvt) / 10)
		if b < 50 {
			b = 50
		}
		e.loopcallCounterMax = a + b
	} else {
		e.loopcallCounterMax = 300 + 22*int64(len(e.cvt))
	}
	if e.loopcallCounterMax > 100*int64(e.numGlyphs) {
		e.loopcallCounterMax = 100 * int64(e.numGlyphs)
	}
	e.negJumpCounterMax = e.loopcallCounterMax

	e.origCvt = e.cvt
	e.origStorage = e.storage
	e.iniRange = e.curRange
	e.computeFuncs()
	e.iupxCalled = false
	e.iupyCalled = false
	e.err = errOK

	var c errCode
	switch {
	case e.tracer != nil || e.stretched:
		// (non-square pixels: aspect.go)
		c = e.runTraced()
	case e.pedantic:
		// (fastLoop's inline cases skip the handlers' pedantic checks;
		// testing e.pedantic in them changed its code: +0.27 %
		// instructions on Charis SIL)
		c = e.runSteps()
	default:
		c = e.runFast()
	}
	// A glyph program's writes went to private copies (storage.go).
	e.cvt = e.origCvt
	e.storage = e.origStorage
	return c
}

// runTraced is the reference form of the instruction loop, used when a
// tracer is set: every instruction goes through dispatch with the whole
// machine state in e, and the tracer sees it before and after. runFast
// (loop.go) must give exactly the same results; TestFastLoopMatchesTraced
// checks it.
func (e *exec) runTraced() errCode {
	insCounter := 0
	for {
		e.opcode = e.code[e.ip]
		e.length = opLength(e.code, e.ip)
		if e.length < 0 {
			e.err = errCodeOverflow
			return e.stop()
		}
		pp := opTab[e.opcode]
		e.args = e.top - int(pp.pops)
		if e.args < 0 {
			if e.pedantic {
				e.err = errTooFewArguments
				return e.stop()
			}
			for i := 0; i < int(pp.pops); i++ {
				e.stack[i] = 0
			}
			e.args = 0
		}
		e.newTop = e.args + int(pp.pushes)
		if e.newTop > len(e.stack) {
			e.err = errStackOverflow
			return e.stop()
		}
		e.stepIns = true
		e.err = errOK

		var tr traceState
		if e.tracer != nil {
			tr = e.traceBefore()
		}

		e.dispatch(e.stack[e.args:])

		if e.err != errOK {
			if e.err == errInvalidOpcode {
				if !e.callIDef() {
					return e.stop()
				}
				if e.tracer != nil {
					e.traceAfter(tr)
				}
				goto suite
			}
			if e.tracer != nil {
				e.traceAfter(tr)
			}
			return e.stop()
		}
		e.top = e.newTop
		if e.stepIns {
			e.ip += e.length
		}
		if e.tracer != nil {
			e.traceAfter(tr)
		}
		insCounter++
		if insCounter > MaxRunnableOpcodes {
			e.err = errExecutionTooLong
			return e.stop()
		}
	suite:
		if e.ip >= len(e.code) {
			if e.callTop > 0 {
				e.err = errCodeOverflow
				return e.stop()
			}
			return errOK
		}
	}
}

// stop records where the run failed and returns the error.
func (e *exec) stop() errCode {
	e.errIP = e.ip
	e.errOp = e.opcode
	e.errRng = e.curRange
	return e.err
}

// callIDef is the Invalid_Opcode branch of TT_RunIns: run a matching IDEF.
func (e *exec) callIDef() bool {
	for i := 0; i < e.numIDefs; i++ {
		def := &e.idefs[i]
		if def.active && e.opcode == byte(def.opc) {
			if e.callTop >= CallStackSize {
				e.err = errInvalidReference
				return false
			}
			c := &e.callStack[e.callTop]
			c.callerRange = e.curRange
			c.callerIP = e.ip + 1
			c.count = 1
			c.def = def
			e.err = errOK
			if !e.gotoCodeRange(def.rng, def.start) {
				return false
			}
			return true
		}
	}
	e.err = errInvalidOpcode
	return false
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
