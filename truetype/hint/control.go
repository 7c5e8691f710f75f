package hint

// Control flow, function and instruction definitions, and the push
// instructions.

import "math"

// skipCode is SkipCode: advance to the next instruction, for IF/ELSE and
// FDEF/IDEF scanning.
func (e *exec) skipCode() bool {
	e.ip += e.length
	if e.ip < len(e.code) {
		e.opcode = e.code[e.ip]
		e.length = opLength(e.code, e.ip)
		if e.length >= 0 {
			return true
		}
	}
	e.err = errCodeOverflow
	return false
}

// insIF is IF (0x58, pops 1): when the condition is false, skip to the
// matching ELSE or EIF.
// FreeType: Ins_IF.
func (e *exec) insIF(a []int64) {
	if a[0] != 0 {
		return
	}
	nIfs := 1
	for {
		if !e.skipCode() {
			return
		}
		switch e.opcode {
		case 0x58:
			nIfs++
		case 0x1B:
			if nIfs == 1 {
				return
			}
		case 0x59:
			nIfs--
			if nIfs == 0 {
				return
			}
		}
	}
}

// insELSE is ELSE (0x1B): reached after a true IF branch, skip to the
// matching EIF.
// FreeType: Ins_ELSE.
func (e *exec) insELSE() {
	nIfs := 1
	for nIfs != 0 {
		if !e.skipCode() {
			return
		}
		switch e.opcode {
		case 0x58:
			nIfs++
		case 0x59:
			nIfs--
		}
	}
}

// insJMPR is JMPR (0x1C, pops 1) and the jump of JROT (0x78) and JROF
// (0x79, pops 2): ip += a[0]. FreeType refuses a zero jump on an empty
// stack, a jump before the code or past the end of the current function,
// and counts backward jumps against neg_jump_counter_max.
func (e *exec) insJMPR(a []int64) {
	if a[0] == 0 && e.args == 0 {
		e.err = errBadArgument
		return
	}
	ip := int64(e.ip) + a[0]
	if ip < 0 || (e.callTop > 0 && ip > int64(e.callStack[e.callTop-1].def.end)) {
		e.err = errBadArgument
		return
	}
	e.ip = int(ip)
	e.stepIns = false
	if a[0] < 0 {
		e.negJumpCounter++
		if e.negJumpCounter > e.negJumpCounterMax {
			e.err = errExecutionTooLong
		}
	}
}

// insFDEF is FDEF (0x2C, pops 1): record function a[0] starting after
// this instruction and skip to its ENDF. Not allowed in glyph programs;
// at most maxp.maxFunctionDefs distinct functions.
// FreeType: Ins_FDEF.
func (e *exec) insFDEF(a []int64) {
	if e.iniRange == rangeGlyph {
		e.err = errDEFInGlyf
		return
	}
	e.funcs.newGen() // the definitions may change: forget findFunc's searches
	n := uint64(a[0])
	i := 0
	for ; i < e.numFDefs; i++ {
		if uint64(e.fdefs[i].opc) == n {
			break
		}
	}
	if i == e.numFDefs {
		if e.numFDefs >= len(e.fdefs) {
			e.err = errTooManyFunctionDefs
			return
		}
		e.numFDefs++
	}
	if n > 0xFFFF {
		e.err = errTooManyFunctionDefs
		return
	}
	rec := &e.fdefs[i]
	rec.rng = e.curRange
	rec.opc = uint32(n)
	rec.start = e.ip + 1
	rec.active = true
	if int(n) > e.maxFunc {
		e.maxFunc = int(n)
	}
	for e.skipCode() {
		switch e.opcode {
		case 0x89, 0x2C:
			e.err = errNestedDEFs
			return
		case 0x2D:
			rec.end = e.ip
			return
		}
	}
}

// insIDEF is IDEF (0x89, pops 1): define the behaviour of opcode a[0].
// FreeType: Ins_IDEF.
func (e *exec) insIDEF(a []int64) {
	if e.iniRange == rangeGlyph {
		e.err = errDEFInGlyf
		return
	}
	i := 0
	for ; i < e.numIDefs; i++ {
		if uint64(e.idefs[i].opc) == uint64(a[0]) {
			break
		}
	}
	if i == e.numIDefs {
		if e.numIDefs >= len(e.idefs) {
			e.err = errTooManyInstructionDefs
			return
		}
		e.numIDefs++
	}
	if a[0] < 0 || a[0] > 0xFF {
		e.err = errTooManyInstructionDefs
		return
	}
	def := &e.idefs[i]
	def.opc = uint32(a[0])
	def.start = e.ip + 1
	def.rng = e.curRange
	def.active = true
	if int(a[0]) > e.maxIns {
		e.maxIns = int(a[0])
	}
	for e.skipCode() {
		switch e.opcode {
		case 0x89, 0x2C:
			e.err = errNestedDEFs
			return
		case 0x2D:
			def.end = e.ip
			return
		}
	}
}

// insENDF is ENDF (0x2D): end of a function or instruction definition;
// loop again for LOOPCALL or return to the caller.
// FreeType: Ins_ENDF.
func (e *exec) insENDF() {
	if e.callTop <= 0 {
		e.err = errENDFInExecStream
		return
	}
	e.callTop--
	rec := &e.callStack[e.callTop]
	rec.count--
	e.stepIns = false
	if rec.count > 0 {
		e.callTop++
		e.ip = rec.def.start
	} else {
		e.gotoCodeRange(rec.callerRange, rec.callerIP)
	}
}

// findFunc finds function f as Ins_CALL does: fdefs[f] when the
// definitions are dense and it is function f, else the first of
// fdefs[:numFDefs] defining f (found by searchFunc); nil if none or if
// that one is inactive.
func (e *exec) findFunc(f uint64) *defRec {
	if f >= uint64(e.maxFunc+1) || len(e.fdefs) == 0 {
		return nil
	}
	if f < uint64(len(e.fdefs)) {
		def := &e.fdefs[f]
		if e.maxFunc+1 == e.numFDefs && uint64(def.opc) == f {
			if !def.active {
				return nil
			}
			return def
		}
	}
	i := e.searchFunc(f)
	if i < 0 || !e.fdefs[i].active {
		return nil
	}
	return &e.fdefs[i]
}

// funcCache remembers searchFunc's answers for fonts whose function
// numbers have gaps (FreeType then searches the definitions linearly on
// every CALL). The answer for f depends only on the opc fields of
// fdefs[:numFDefs], which only FDEF changes; every FDEF starts a new
// generation (newGen), and entries of older generations are ignored.
type funcCache struct {
	gen uint32      // current generation; entries carry gen+1, so zero entries never match
	idx []funcEntry // per function number
}

type funcEntry struct {
	gen uint32 // generation+1 the entry was found in
	i   int32  // index in fdefs, -1: none
}

// newGen forgets every cached search.
func (c *funcCache) newGen() {
	c.gen++
	if c.gen == math.MaxUint32 { // gen+1 would wrap to the zero of unset entries
		clear(c.idx)
		c.gen = 0
	}
}

// searchFunc returns the index of the first of fdefs[:numFDefs] whose
// opc is f, or -1; f <= maxFunc (so f <= 0xFFFF).
func (e *exec) searchFunc(f uint64) int {
	c := &e.funcs
	if f < uint64(len(c.idx)) && c.idx[f].gen == c.gen+1 {
		return int(c.idx[f].i)
	}
	i := 0
	for ; i < e.numFDefs; i++ {
		if uint64(e.fdefs[i].opc) == f {
			break
		}
	}
	if i == e.numFDefs {
		i = -1
	}
	if f >= uint64(len(c.idx)) {
		n := max(uint64(e.maxFunc)+1, f+1)
		c.idx = append(c.idx, make([]funcEntry, n-uint64(len(c.idx)))...)
	}
	c.idx[f] = funcEntry{gen: c.gen + 1, i: int32(i)}
	return i
}

// insCALL is CALL (0x2B, pops 1).
// FreeType: Ins_CALL.
func (e *exec) insCALL(a []int64) {
	def := e.findFunc(uint64(a[0]))
	if def == nil {
		e.err = errInvalidReference
		return
	}
	if e.callTop >= CallStackSize {
		e.err = errStackOverflow
		return
	}
	c := &e.callStack[e.callTop]
	c.callerRange = e.curRange
	c.callerIP = e.ip + 1
	c.count = 1
	c.def = def
	e.callTop++
	e.gotoCodeRange(def.rng, def.start)
	e.stepIns = false
}

// insLOOPCALL is LOOPCALL (0x2A, pops 2): call function a[1] a[0] times;
// the counts add up against loopcall_counter_max.
func (e *exec) insLOOPCALL(a []int64) {
	def := e.findFunc(uint64(a[1]))
	if def == nil {
		e.err = errInvalidReference
		return
	}
	if e.callTop >= CallStackSize {
		e.err = errStackOverflow
		return
	}
	if a[0] > 0 {
		c := &e.callStack[e.callTop]
		c.callerRange = e.curRange
		c.callerIP = e.ip + 1
		c.count = int64(int32(a[0])) // Cur_Count is an FT_Int
		c.def = def
		e.callTop++
		e.gotoCodeRange(def.rng, def.start)
		e.stepIns = false
		e.loopcallCounter += a[0]
		if uint64(e.loopcallCounter) > uint64(e.loopcallCounterMax) {
			e.err = errExecutionTooLong
		}
	}
}

// insUnknown is Ins_UNKNOWN: an undefined opcode runs its IDEF if there
// is one, else fails with Invalid_Opcode.
func (e *exec) insUnknown() {
	for i := 0; i < e.numIDefs; i++ {
		def := &e.idefs[i]
		if byte(def.opc) == e.opcode && def.active {
			if e.callTop >= CallStackSize {
				e.err = errStackOverflow
				return
			}
			c := &e.callStack[e.callTop]
			e.callTop++
			c.callerRange = e.curRange
			c.callerIP = e.ip + 1
			c.count = 1
			c.def = def
			e.gotoCodeRange(def.rng, def.start)
			e.stepIns = false
			return
		}
	}
	e.err = errInvalidOpcode
}

// insJROT is Ins_JROT (0x78, pops 2): jump by a[0] when a[1] is true.
func (e *exec) insJROT(a []int64) {
	if a[1] != 0 {
		e.insJMPR(a)
	}
}

// insJROF is Ins_JROF (0x79, pops 2): jump by a[0] when a[1] is false.
func (e *exec) insJROF(a []int64) {
	if a[1] == 0 {
		e.insJMPR(a)
	}
}

// insEIF is Ins_EIF (0x59): nothing.
func (e *exec) insEIF(_ []int64) {}

// insDEBUG is Ins_DEBUG (0x4F, pops 1): fails with Debug_OpCode.
func (e *exec) insDEBUG(_ []int64) { e.err = errDebugOpcode }

// insELSEH, insENDFH and insUnknownH are insELSE, insENDF and insUnknown
// as handlers (dispatch's signature).
func (e *exec) insELSEH(_ []int64) { e.insELSE() }

// insENDFH is insENDF as a handler (see insELSEH).
func (e *exec) insENDFH(_ []int64) { e.insENDF() }

// insUnknownH is insUnknown as a handler (see insELSEH): undefined
// opcodes run a matching IDEF or fail.
func (e *exec) insUnknownH(_ []int64) { e.insUnknown() }
