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
	e.computeFuncs()
	return e.runComputed()
}

// runComputed is run (TT_RunIns) after its Compute_Funcs: the caller has
// set what computeFuncs derives from the graphics state's vectors
// (hintGlyph sets it for glyphGS's, glyphFuncs, without the call).
func (e *exec) runComputed() errCode {
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
