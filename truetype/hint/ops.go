package hint

// Instruction bodies written once. fastLoop's inline cases (loop.go) and
// the handlers dispatch calls (arithmetic.go, storage.go, exec.go)
// compute the arithmetic, comparison, logic, stack and storage-read
// instructions with these small functions, which the compiler inlines
// into both (go build -gcflags=-m: "can inline", "inlining call to"): the
// two paths differ only in where the arguments live (fastLoop's locals,
// the handler's argument slice) and in what they do in the odd cases
// (fastLoop leaves those to step and the handler; the handler adds the
// pedantic errors). Each is FreeType 2.12.1's Ins_ function of the same
// name: a is args[0] (the deeper argument), b is args[1]. ADD, SUB,
// NEG, FLOOR and CEILING are one FreeType macro each, which both paths
// call directly: add, sub, neg, pixFloor, pixCeil (ADD_LONG, SUB_LONG,
// NEG_LONG, FT_PIX_FLOOR, FT_PIX_CEIL_LONG).
//
// The forms are chosen for fastLoop's code, checked with callgrind (see
// docs/PERFORMANCE.md): MAX, MIN and ABS work in place with a
// conditional store (a value-returning form compiles to a CMOV and an
// unconditional store); fastLoop's ADD and SUB index from the old top
// before decrementing it (decrementing first cost a register move per
// instruction). The jumps are not here: fastLoop's jumpOK must stay
// inlinable (cost <= 80), and calling a shared target check from it
// made it too big, which cost fastLoop spills on every instruction
// (Charis SIL +20 % instructions).

// neg is NEG_LONG: -a, wrapping.
func neg(a int64) int64 { return -a }

// doDIV is Ins_DIV for b != 0 (Ins_DIV fails with Divide_By_Zero
// before): FT_MulDiv_No_Round(a, 64, b), that is |a|*64 / |b| in
// unsigned 64-bit arithmetic with the sign applied after (a*64 wraps as
// FreeType's FT_UInt64 product does; the divisor is never 0 here).
func doDIV(a, b int64) int64 {
	ua, ub := uint64(a), uint64(b)
	negative := false
	if a < 0 {
		ua, negative = -ua, true
	}
	if b < 0 {
		ub, negative = -ub, !negative
	}
	d := (ua << 6) / ub
	if negative {
		return -int64(d)
	}
	return int64(d)
}

// doMUL is Ins_MUL: FT_MulDiv(a, b, 64), that is (|a|*|b| + 32) / 64 in
// unsigned 64-bit arithmetic with the sign applied after.
func doMUL(a, b int64) int64 {
	ua, ub := uint64(a), uint64(b)
	negative := false
	if a < 0 {
		ua, negative = -ua, true
	}
	if b < 0 {
		ub, negative = -ub, !negative
	}
	d := (ua*ub + 32) >> 6
	if negative {
		return -int64(d)
	}
	return int64(d)
}

// doMAX is Ins_MAX in place: *a = max(*a, b). (In place, with a
// conditional store, as fastLoop had it inline: a value-returning form
// compiles to a CMOV and an unconditional store, two instructions more.)
func doMAX(a *int64, b int64) {
	if b > *a {
		*a = b
	}
}

// doMIN is Ins_MIN in place: *a = min(*a, b).
func doMIN(a *int64, b int64) {
	if b < *a {
		*a = b
	}
}

// doABS is Ins_ABS in place: *a = FT_ABS(*a) (NEG_LONG wrapping).
func doABS(a *int64) {
	if v := *a; v < 0 {
		*a = -v
	}
}

// doLT is Ins_LT.
func doLT(a, b int64) int64 { return b2i(a < b) }

// doLTEQ is Ins_LTEQ.
func doLTEQ(a, b int64) int64 { return b2i(a <= b) }

// doGT is Ins_GT.
func doGT(a, b int64) int64 { return b2i(a > b) }

// doGTEQ is Ins_GTEQ.
func doGTEQ(a, b int64) int64 { return b2i(a >= b) }

// doEQ is Ins_EQ.
func doEQ(a, b int64) int64 { return b2i(a == b) }

// doNEQ is Ins_NEQ.
func doNEQ(a, b int64) int64 { return b2i(a != b) }

// doAND is Ins_AND.
func doAND(a, b int64) int64 { return b2i(a != 0 && b != 0) }

// doOR is Ins_OR.
func doOR(a, b int64) int64 { return b2i(a != 0 || b != 0) }

// doNOT is Ins_NOT.
func doNOT(a int64) int64 { return b2i(a == 0) }

// doSWAP is Ins_SWAP on its two arguments.
func doSWAP(a []int64) { a[0], a[1] = a[1], a[0] }

// doROLL is Ins_ROLL on its three arguments: the deepest goes to the top.
func doROLL(a []int64) { a[0], a[1], a[2] = a[1], a[2], a[0] }

// doCINDEX is Ins_CINDEX: the k-th element from the top of below (the
// stack under CINDEX's argument), or 0 and false when k is out of range
// (FreeType pushes 0; pedantic: Invalid_Reference).
func doCINDEX(below []int64, k int64) (int64, bool) {
	if k <= 0 || k > int64(len(below)) {
		return 0, false
	}
	return below[int64(len(below))-k], true
}

// doMINDEX is Ins_MINDEX: moves the k-th element from the top of below
// (the stack under MINDEX's argument) to its top; false, with nothing
// moved, when k is out of range (pedantic: Invalid_Reference). (A loop,
// not copy: no memmove call in fastLoop.)
func doMINDEX(below []int64, k int64) bool {
	n := len(below)
	if k <= 0 || k > int64(n) {
		return false
	}
	i := n - int(k)
	v := below[i]
	for ; i < n-1; i++ {
		below[i] = below[i+1]
	}
	below[n-1] = v
	return true
}

// doRS is Ins_RS: storage[i], or 0 and false when i is out of range
// (FreeType reads 0; pedantic: Invalid_Reference).
func (e *exec) doRS(i int64) (int64, bool) {
	if uint64(i) >= uint64(len(e.storage)) {
		return 0, false
	}
	return e.storage[i], true
}

// doRCVT is Ins_RCVT with Read_CVT (square pixels): cvt[i], or 0 and
// false when i is out of range (pedantic: Invalid_Reference).
func (e *exec) doRCVT(i int64) (int64, bool) {
	if uint64(i) >= uint64(len(e.cvt)) {
		return 0, false
	}
	return e.cvt[i], true
}
