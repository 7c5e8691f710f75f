package hint

// The per-instruction body of the reference loop: step runs one
// instruction as one iteration of runTraced (FreeType's TT_RunIns) does;
// runFast sends every odd case to it, and pedantic instances run every
// instruction through it (runSteps).

// Results of step.
const (
	stepDone = iota // the instruction ran; it counts against the budget
	stepIDef        // an IDEF was called for an undefined opcode; not counted
	stepStop        // the run ends with e.err (e.stop done)
)

// step runs the instruction at e.ip, with e.top elements on the stack,
// exactly as one iteration of runTraced does, and leaves e.ip, e.top,
// e.code and e.curRange for the next one.
func (e *exec) step() int {
	code := e.code
	op := code[e.ip]
	e.opcode = op
	info := opTab[op]
	n := int(info.length)
	if n < 0 {
		if e.ip+1 >= len(code) {
			e.err = errCodeOverflow
			e.stop()
			return stepStop
		}
		n = 2 - n*int(code[e.ip+1])
	}
	if e.ip+n > len(code) {
		e.err = errCodeOverflow
		e.stop()
		return stepStop
	}
	e.length = n
	args := e.top - int(info.pops)
	if args < 0 {
		if e.pedantic {
			e.err = errTooFewArguments
			e.stop()
			return stepStop
		}
		clear(e.stack[:info.pops])
		args = 0
	}
	e.args = args
	e.newTop = args + int(info.pushes)
	if e.newTop > len(e.stack) {
		e.err = errStackOverflow
		e.stop()
		return stepStop
	}
	e.stepIns = true
	if op == 0x1B || (op == 0x58 && e.stack[args] == 0) {
		e.skip()
	} else {
		e.dispatch(e.stack[args:])
	}
	if e.err != errOK {
		if e.err == errInvalidOpcode {
			if !e.callIDef() {
				e.stop()
				return stepStop
			}
			return stepIDef
		}
		e.stop()
		return stepStop
	}
	e.top = e.newTop
	if e.stepIns {
		e.ip += e.length
	}
	return stepDone
}

// runSteps is TT_RunIns for pedantic instances: every instruction goes
// through step (its handler, with the pedantic checks), with the skip
// memos of fpgm and prep; the results are runTraced's. (fastLoop's
// inline cases would skip the handlers' checks, and fastLoop stays as it
// is for the non-pedantic path.)
func (e *exec) runSteps() errCode {
	e.validateMemos()
	e.opcode = 0
	e.stepIns, e.length = true, 1
	n := 0
	for {
		if e.ip >= len(e.code) {
			if e.callTop > 0 {
				e.err = errCodeOverflow
				return e.stop()
			}
			return errOK
		}
		switch e.step() {
		case stepStop:
			return e.err
		case stepDone:
			if n++; n > MaxRunnableOpcodes {
				e.err = errExecutionTooLong
				return e.stop()
			}
		}
		e.stepIns, e.length = true, 1
	}
}
