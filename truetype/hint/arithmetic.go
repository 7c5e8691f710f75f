package hint

// Stack manipulation, comparison, logic and arithmetic instructions.
// Arguments are e.stack[e.args:] (a[0] deepest); results are written in
// place and the run loop sets the stack top from isa's Pops/Pushes.

// The stack instructions (FreeType's Ins_DUP ... Ins_MINDEX).

// insDUP is Ins_DUP (0x20, pops 1, pushes 2): a[1] = a[0].
func (e *exec) insDUP(a []int64) { a[1] = a[0] }

// insPOP is Ins_POP (0x21, pops 1).
func (e *exec) insPOP(_ []int64) {}

// insCLEAR is Ins_CLEAR (0x22): the new top is 0.
func (e *exec) insCLEAR(_ []int64) { e.newTop = 0 }

// insSWAP is Ins_SWAP (0x23, pops 2, pushes 2).
func (e *exec) insSWAP(a []int64) { doSWAP(a) }

// insDEPTH is Ins_DEPTH (0x24, pushes 1): the depth before the
// instruction.
func (e *exec) insDEPTH(a []int64) { a[0] = int64(e.top) }

// insCINDEX is Ins_CINDEX (0x25, pops k, pushes 1): the k-th element; out
// of range gives 0 (pedantic: Invalid_Reference).
func (e *exec) insCINDEX(a []int64) {
	var ok bool
	if a[0], ok = doCINDEX(e.stack[:e.args], a[0]); !ok {
		e.pedanticFail(errInvalidReference)
	}
}

// insMINDEX is Ins_MINDEX (0x26, pops k): moves the k-th element to the
// top; out of range does nothing but pop k (pedantic:
// Invalid_Reference).
func (e *exec) insMINDEX(a []int64) {
	if !doMINDEX(e.stack[:e.args], a[0]) {
		e.pedanticFail(errInvalidReference)
	}
}

// insROLL is Ins_ROLL (0x8A, pops 3, pushes 3).
func (e *exec) insROLL(a []int64) { doROLL(a) }

// b2i is a comparison's result as FreeType's Ins_LT ... Ins_NEQ push it:
// 1 for true, 0 for false.
func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// The comparisons (0x50-0x57, pops 2 - ODD, EVEN: 1 - pushes 1).

// insLT is Ins_LT.
func (e *exec) insLT(a []int64) { a[0] = doLT(a[0], a[1]) }

// insLTEQ is Ins_LTEQ.
func (e *exec) insLTEQ(a []int64) { a[0] = doLTEQ(a[0], a[1]) }

// insGT is Ins_GT.
func (e *exec) insGT(a []int64) { a[0] = doGT(a[0], a[1]) }

// insGTEQ is Ins_GTEQ.
func (e *exec) insGTEQ(a []int64) { a[0] = doGTEQ(a[0], a[1]) }

// insEQ is Ins_EQ.
func (e *exec) insEQ(a []int64) { a[0] = doEQ(a[0], a[1]) }

// insNEQ is Ins_NEQ.
func (e *exec) insNEQ(a []int64) { a[0] = doNEQ(a[0], a[1]) }

// insODD is Ins_ODD: the value rounded with the round state, then its
// integer part tested.
func (e *exec) insODD(a []int64) { a[0] = b2i(e.round(a[0])&127 == 64) }

// insEVEN is Ins_EVEN (see insODD).
func (e *exec) insEVEN(a []int64) { a[0] = b2i(e.round(a[0])&127 == 0) }

// The logic instructions (0x5A-0x5C).

// insAND is Ins_AND.
func (e *exec) insAND(a []int64) { a[0] = doAND(a[0], a[1]) }

// insOR is Ins_OR.
func (e *exec) insOR(a []int64) { a[0] = doOR(a[0], a[1]) }

// insNOT is Ins_NOT.
func (e *exec) insNOT(a []int64) { a[0] = doNOT(a[0]) }

// The arithmetic (0x60-0x67 and MAX, MIN), in FreeType's 64-bit wrapping
// arithmetic (ops.go).

// insADD is Ins_ADD.
func (e *exec) insADD(a []int64) { a[0] = add(a[0], a[1]) }

// insSUB is Ins_SUB.
func (e *exec) insSUB(a []int64) { a[0] = sub(a[0], a[1]) }

// insDIV is Ins_DIV: FT_MulDiv_No_Round(a, 64, b); a zero divisor fails
// with Divide_By_Zero.
func (e *exec) insDIV(a []int64) {
	if a[1] == 0 {
		e.err = errDivideByZero
		return
	}
	a[0] = doDIV(a[0], a[1])
}

// insMUL is Ins_MUL: FT_MulDiv(a, b, 64).
func (e *exec) insMUL(a []int64) { a[0] = doMUL(a[0], a[1]) }

// insABS is Ins_ABS.
func (e *exec) insABS(a []int64) { doABS(&a[0]) }

// insNEG is Ins_NEG.
func (e *exec) insNEG(a []int64) { a[0] = neg(a[0]) }

// insFLOOR is Ins_FLOOR.
func (e *exec) insFLOOR(a []int64) { a[0] = pixFloor(a[0]) }

// insCEILING is Ins_CEILING.
func (e *exec) insCEILING(a []int64) { a[0] = pixCeil(a[0]) }

// insMAX is Ins_MAX.
func (e *exec) insMAX(a []int64) { doMAX(&a[0], a[1]) }

// insMIN is Ins_MIN.
func (e *exec) insMIN(a []int64) { doMIN(&a[0], a[1]) }
