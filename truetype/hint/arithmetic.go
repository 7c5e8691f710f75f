package hint

// Stack manipulation, comparison, logic and arithmetic instructions.
// Arguments are e.stack[e.args:] (a[0] deepest); results are written in
// place and the run loop sets the stack top from isa's Pops/Pushes.

// stackOp runs DUP, POP, CLEAR, SWAP, DEPTH, CINDEX and MINDEX.
//
//	0x20 DUP    pops 1, pushes 2: a[1] = a[0]
//	0x21 POP    pops 1
//	0x22 CLEAR  pops 0: new top 0 (Ins_CLEAR)
//	0x23 SWAP   pops 2, pushes 2
//	0x24 DEPTH  pushes the stack depth before the instruction
//	0x25 CINDEX pops k, pushes the k-th element; out of range gives 0
//	            (FreeType, non-pedantic; pedantic: Invalid_Reference)
//	0x26 MINDEX pops k, moves the k-th element to the top; out of range
//	            does nothing but pop k (FreeType; pedantic:
//	            Invalid_Reference)
func (e *exec) stackOp(a []int64) {
	switch e.opcode {
	case 0x20:
		a[1] = a[0]
	case 0x21:
	case 0x22:
		e.newTop = 0
	case 0x23:
		doSWAP(a)
	case 0x24:
		a[0] = int64(e.top)
	case 0x25:
		var ok bool
		if a[0], ok = doCINDEX(e.stack[:e.args], a[0]); !ok {
			e.pedanticFail(errInvalidReference)
		}
	case 0x26:
		if !doMINDEX(e.stack[:e.args], a[0]) {
			e.pedanticFail(errInvalidReference)
		}
	}
}

// b2i is a comparison's result as FreeType's Ins_LT ... Ins_NEQ push it:
// 1 for true, 0 for false.
func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// compareOp runs LT, LTEQ, GT, GTEQ, EQ, NEQ (0x50-0x55: pops 2, pushes
// 1) and ODD, EVEN (0x56-0x57: pops 1, pushes 1; the value is rounded
// with the current round state, then its integer part tested).
func (e *exec) compareOp(a []int64) {
	switch e.opcode {
	case 0x50:
		a[0] = doLT(a[0], a[1])
	case 0x51:
		a[0] = doLTEQ(a[0], a[1])
	case 0x52:
		a[0] = doGT(a[0], a[1])
	case 0x53:
		a[0] = doGTEQ(a[0], a[1])
	case 0x54:
		a[0] = doEQ(a[0], a[1])
	case 0x55:
		a[0] = doNEQ(a[0], a[1])
	case 0x56:
		a[0] = b2i(e.round(a[0])&127 == 64)
	case 0x57:
		a[0] = b2i(e.round(a[0])&127 == 0)
	}
}

// logicOp runs AND, OR (0x5A-0x5B: pops 2, pushes 1) and NOT (0x5C: pops
// 1, pushes 1).
func (e *exec) logicOp(a []int64) {
	switch e.opcode {
	case 0x5A:
		a[0] = doAND(a[0], a[1])
	case 0x5B:
		a[0] = doOR(a[0], a[1])
	case 0x5C:
		a[0] = doNOT(a[0])
	}
}

// arithOp runs ADD, SUB, DIV, MUL (0x60-0x63: pops 2, pushes 1) and ABS,
// NEG, FLOOR, CEILING (0x64-0x67: pops 1, pushes 1), in FreeType's 64-bit
// wrapping arithmetic (ops.go): DIV is FT_MulDiv_No_Round(a, 64, b) and
// fails with a zero divisor; MUL is FT_MulDiv(a, b, 64).
func (e *exec) arithOp(a []int64) {
	switch e.opcode {
	case 0x60:
		a[0] = add(a[0], a[1])
	case 0x61:
		a[0] = sub(a[0], a[1])
	case 0x62:
		if a[1] == 0 {
			e.err = errDivideByZero
		} else {
			a[0] = doDIV(a[0], a[1])
		}
	case 0x63:
		a[0] = doMUL(a[0], a[1])
	case 0x64:
		doABS(&a[0])
	case 0x65:
		a[0] = neg(a[0])
	case 0x66:
		a[0] = pixFloor(a[0])
	case 0x67:
		a[0] = pixCeil(a[0])
	}
}
