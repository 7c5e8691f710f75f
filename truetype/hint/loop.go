package hint

// The untraced instruction loop.
//
// runFast is TT_RunIns for runs without a tracer. It gives exactly the
// results of runTraced (exec.go) - same errors at the same pc and opcode,
// same stack, same counters - but keeps the hot machine state (ip, stack
// top, code) in locals and runs the cheap, frequent instructions in the
// loop itself: pushes, stack, arithmetic, comparison and logic, RS, WS,
// RCVT, SRP0-2, SVTCA, MPPEM, GC, the graphics-state setters that only
// store a value (rounding modes, SMD, SCVTCI, SSWCI, SDB, SDS, SLOOP,
// FLIPON/OFF), DELTAP1-3 at a ppem none of its pairs can apply to,
// IF/ELSE/EIF, the jumps, CALL, LOOPCALL and ENDF. Each of those cases
// first checks every condition under which FreeType would do anything
// but the plain operation (too few arguments, no room on the stack, code
// overflow, a zero divisor, a bad jump, the first storage write of a
// glyph program, a negative loop count, ...); if one holds, it leaves
// the machine untouched and the instruction takes the slow path instead:
// its handler (what dispatch calls), set up as runTraced sets it up, or
// step, which is runTraced's per-instruction body. So every odd case has
// one implementation, the reference one, and the inline cases only ever
// take the plain path.
//
// The inline cases advance ip and the stack top by constants, so the
// next instruction's address does not wait for table lookups.
//
// IF/ELSE skipping in fpgm and prep is memoised per byte offset
// (skipMemo, skip.go); glyph programs, which usually run once, walk the bytes
// (skipScan, through step).

// Results of fastLoop.
const (
	loopDone = iota // the run ended without error (e in sync)
	loopFail        // the run ends with e.err (e in sync; e.stop not done)
	loopSlow        // the instruction at e.ip (e.opcode, counted) needs the slow path
	loopErr         // the handler of the instruction at e.ip (e.opcode, counted) failed with e.err
)

// runFast is the untraced instruction loop; see the top of this file.
// fastLoop runs the inline instructions and calls the handlers of the
// others; a failing handler (an IDEF call for an undefined opcode, or
// the end of the run) and every instruction that needs step's full
// set-up (multi-byte ones, IF and ELSE, too few arguments, no room)
// come back here, and fastLoop resumes.
func (e *exec) runFast() errCode {
	if len(e.stack) < StackExtra {
		// (fastLoop's test of the stack needs StackExtra elements, which
		// every instance has; only a test could make a smaller one)
		return e.runTraced()
	}
	e.validateMemos()
	e.opcode = 0
	// While runFast runs, e.stepIns is true and e.length is 1 except
	// inside an instruction (the jumps clear stepIns; skipCode, used by
	// FDEF and IDEF, leaves length 1 at the ENDF; step restores both).
	e.stepIns, e.length = true, 1
	e.insCount = 0
	for {
		switch e.fastLoop() {
		case loopDone:
			return errOK
		case loopFail:
			return e.stop()
		case loopErr:
			// e.top is as before the instruction, as in runTraced.
			if e.err != errInvalidOpcode || !e.callIDef() {
				return e.stop()
			}
			e.insCount-- // an IDEF call does not count
			continue
		}
		// Every odd case: the reference per-instruction body.
		switch e.step() {
		case stepStop:
			return e.err
		case stepIDef:
			e.insCount--
		}
		e.stepIns, e.length = true, 1
	}
}

// fastLoop runs instructions from e.ip until the run ends, a handler
// fails or an instruction needs step, counting them in e.insCount; it
// returns its result. Its call of an instruction's handler (slowTab)
// has the machine state in e around it: the loop
// stores ip, top, the opcode and the count there and reloads all of
// them, code and stack after the call, so that no value in a register
// lives across the call (one that did would be saved on the stack on
// every instruction). Its guards also state what
// is always true (0 <= top <= len(stack), 0 <= ip < len(code) after the
// fetch) where that lets the compiler prove the indexes that follow:
// `top < 2 || top > len(stack)`, `uint(top-1) >= uint(len(stack))`,
// `ip+1 >= len(code)`.
func (e *exec) fastLoop() int {
	// cap == len: slicing them needs no third register each
	code := e.code[:len(e.code):len(e.code)]
	ip := e.ip
	top := e.top
	stack := e.stack[:len(e.stack):len(e.stack)]
	count := e.insCount
	op := e.opcode
	for {
		// TT_RunIns counts an instruction and checks the budget and the
		// end of the code after each one; checking before each one is
		// the same, and also covers a run that starts at the end.
		if count > MaxRunnableOpcodes {
			e.err = errExecutionTooLong
			e.ip, e.top, e.opcode, e.insCount = ip, top, op, count
			return loopFail
		}
		if uint(ip) >= uint(len(code)) { // (ip is never negative)
			e.ip, e.top, e.opcode, e.insCount = ip, top, op, count
			if e.callTop > 0 {
				e.err = errCodeOverflow
				return loopFail
			}
			return loopDone
		}
		count++
		op = code[ip]
		// (The cases span 0x00 (SVTCA) to 0xFF (MIRP): the jump table
		// covers every byte, no range check per instruction.)
		switch op {
		case 0x00, 0x01: // SVTCA[a]
			e.svtca(op)
			ip++
			continue
		case 0xB0: // PUSHB[0]
			// (0 <= ip < len(code) here, and top is never negative:
			// guards written so that they prove the indexes below.)
			if ip+1 >= len(code) || uint(top) >= uint(len(stack)) {
				break
			}
			stack[top] = int64(code[ip+1])
			top++
			ip += 2
			continue
		case 0xB1: // PUSHB[1]
			if ip+2 >= len(code) || uint(top+1) >= uint(len(stack)) {
				break
			}
			stack[top] = int64(code[ip+1])
			stack[top+1] = int64(code[ip+2])
			top += 2
			ip += 3
			continue
		case 0xB2, 0xB3, 0xB4, 0xB5, 0xB6, 0xB7: // PUSHB[2-7]
			l := int(op) - 0xAF
			if ip+1+l > len(code) || top+l > len(stack) {
				break
			}
			d, b := stack[top:top+l:top+l], code[ip+1:ip+1+l:ip+1+l]
			top += l
			ip += 1 + l
			// (as NPUSHB)
			e.insCount = count
			n := len(d)
			d, b = d[:n:n], b[:n:n]
			k := 0
			for ; k < n-3; k += 4 {
				dk, bk := d[k:k+4:k+4], b[k:k+4:k+4]
				dk[0], dk[1], dk[2], dk[3] = int64(bk[0]), int64(bk[1]), int64(bk[2]), int64(bk[3])
			}
			pushBytes(d[k:], b[k:])
			count, op = e.insCount, byte(0xAF+n)
			code, stack = e.code[:len(e.code):len(e.code)], e.stack[:len(e.stack):len(e.stack)] // (see pushBytes)
			continue
		case 0xB8: // PUSHW[0]
			if ip+2 >= len(code) || uint(top) >= uint(len(stack)) {
				break
			}
			stack[top] = int64(int16(uint16(code[ip+1])<<8 | uint16(code[ip+2])))
			top++
			ip += 3
			continue
		case 0xB9, 0xBA, 0xBB, 0xBC, 0xBD, 0xBE, 0xBF: // PUSHW[1-7]
			l := int(op) - 0xB7
			if ip+1+2*l > len(code) || top+l > len(stack) {
				break
			}
			d, b := stack[top:top+l], code[ip+1:ip+1+2*l]
			top += l
			ip += 1 + 2*l
			pushWords(d, b)
			code, stack = e.code[:len(e.code):len(e.code)], e.stack[:len(e.stack):len(e.stack)] // (see pushBytes)
			continue
		case 0x40: // NPUSHB
			if ip+1 >= len(code) {
				break
			}
			l := int(code[ip+1])
			if ip+2+l > len(code) || top+l > len(stack) {
				break
			}
			d, b := stack[top:top+l:top+l], code[ip+2:ip+2+l:ip+2+l]
			top += l
			ip += 2 + l
			// Four at a time (NPUSHB pushes tens of values), with count
			// stored and op a constant, so that the loop has the
			// registers (see pushBytes). (k < l-3 and cap == len == l:
			// no index checks.)
			e.insCount = count
			n := len(d)
			d, b = d[:n:n], b[:n:n]
			k := 0
			for ; k < n-3; k += 4 {
				dk, bk := d[k:k+4:k+4], b[k:k+4:k+4]
				dk[0], dk[1], dk[2], dk[3] = int64(bk[0]), int64(bk[1]), int64(bk[2]), int64(bk[3])
			}
			pushBytes(d[k:], b[k:])
			count, op = e.insCount, 0x40
			code, stack = e.code[:len(e.code):len(e.code)], e.stack[:len(e.stack):len(e.stack)] // (see pushBytes)
			continue
		case 0x41: // NPUSHW
			if ip+1 >= len(code) {
				break
			}
			l := int(code[ip+1])
			if ip+2+2*l > len(code) || top+l > len(stack) {
				break
			}
			d, b := stack[top:top+l], code[ip+2:ip+2+2*l]
			top += l
			ip += 2 + 2*l
			pushWords(d, b)
			code, stack = e.code[:len(e.code):len(e.code)], e.stack[:len(e.stack):len(e.stack)] // (see pushBytes)
			continue
		case 0x20: // DUP
			if top < 1 || top >= len(stack) {
				break
			}
			stack[top] = stack[top-1] // (Ins_DUP)
			top++
			ip++
			continue
		case 0x21: // POP
			if uint(top-1) >= uint(len(stack)) { // (top <= len(stack): proves stack[top-1])
				break
			}
			top--
			ip++
			continue
		case 0x22: // CLEAR
			top = 0
			ip++
			continue
		case 0x23: // SWAP
			if top < 2 || top > len(stack) {
				break
			}
			doSWAP(stack[top-2 : top : top])
			ip++
			continue
		case 0x24: // DEPTH
			if top >= len(stack) {
				break
			}
			stack[top] = int64(top)
			top++
			ip++
			continue
		case 0x25: // CINDEX
			if uint(top-1) >= uint(len(stack)) {
				break
			}
			stack[top-1], _ = doCINDEX(stack[:top-1:top-1], stack[top-1])
			ip++
			continue
		case 0x26: // MINDEX
			if uint(top-1) >= uint(len(stack)) {
				break
			}
			top--
			doMINDEX(stack[:top:top], stack[top])
			ip++
			continue
		case 0x17: // SLOOP (a negative count fails: step)
			if top < 1 || top > len(stack) || stack[top-1] < 0 {
				break
			}
			top--
			e.gs.loop = min(stack[top], 0xFFFF)
			ip++
			continue
		case 0x46, 0x47: // GC[a]
			if uint(top-1) >= uint(len(stack)) {
				break
			}
			z := e.zp2
			if l := uint64(stack[top-1]); l >= uint64(z.nPoints) {
				stack[top-1] = 0
			} else if op == 0x47 {
				stack[top-1] = e.dualProject(z.org[l].x, z.org[l].y)
			} else {
				stack[top-1] = e.project(z.cur[l].x, z.cur[l].y)
			}
			ip++
			continue
		// The most frequent handlers (MIRP, MDRP, IUP, IP, SHP, MIAP, SHC,
		// ALIGNRP, SPVTL: each pops `pops` values, pushes none) are
		// called directly, as the general path below calls slowTab's
		// (the same handler, TestSlowTabMatchesDispatch): no table
		// loads, constant arguments, a direct call. With too few
		// arguments (or, with none popped, a full stack) they take the
		// general path, which sends them to step. Their argument slice
		// ends at top (len and cap = pops: a constant, so no masking of
		// its pointer); they read only their pops arguments.
		case
			0xE0, 0xE1, 0xE2, 0xE3, 0xE4, 0xE5, 0xE6, 0xE7,
			0xE8, 0xE9, 0xEA, 0xEB, 0xEC, 0xED, 0xEE, 0xEF,
			0xF0, 0xF1, 0xF2, 0xF3, 0xF4, 0xF5, 0xF6, 0xF7,
			0xF8, 0xF9, 0xFA, 0xFB, 0xFC, 0xFD, 0xFE, 0xFF: // MIRP, pops 2
			if top < 2 || top > len(stack) {
				break
			}
			e.ip, e.top, e.opcode, e.insCount = ip, top, op, count
			e.args, e.newTop = top-2, top-2
			e.insMIRP(stack[top-2 : top : top])
			goto handled
		case
			0xC0, 0xC1, 0xC2, 0xC3, 0xC4, 0xC5, 0xC6, 0xC7,
			0xC8, 0xC9, 0xCA, 0xCB, 0xCC, 0xCD, 0xCE, 0xCF,
			0xD0, 0xD1, 0xD2, 0xD3, 0xD4, 0xD5, 0xD6, 0xD7,
			0xD8, 0xD9, 0xDA, 0xDB, 0xDC, 0xDD, 0xDE, 0xDF: // MDRP, pops 1
			if top < 1 || top > len(stack) {
				break
			}
			e.ip, e.top, e.opcode, e.insCount = ip, top, op, count
			e.args, e.newTop = top-1, top-1
			e.insMDRP(stack[top-1 : top : top])
			goto handled
		case 0x30, 0x31: // IUP
			if uint(top) >= uint(len(stack)) {
				break
			}
			e.ip, e.top, e.opcode, e.insCount = ip, top, op, count
			e.args, e.newTop = top, top
			e.insIUP(stack[top:top:top])
			goto handled
		case 0x39: // IP (pops its points itself)
			if uint(top) >= uint(len(stack)) {
				break
			}
			e.ip, e.top, e.opcode, e.insCount = ip, top, op, count
			e.args, e.newTop = top, top
			e.insIP(stack[top:top:top])
			goto handled
		case 0x32, 0x33: // SHP (pops its points itself)
			if uint(top) >= uint(len(stack)) {
				break
			}
			e.ip, e.top, e.opcode, e.insCount = ip, top, op, count
			e.args, e.newTop = top, top
			e.insSHP(stack[top:top:top])
			goto handled
		case 0x3E, 0x3F: // MIAP, pops 2
			if top < 2 || top > len(stack) {
				break
			}
			e.ip, e.top, e.opcode, e.insCount = ip, top, op, count
			e.args, e.newTop = top-2, top-2
			e.insMIAP(stack[top-2 : top : top])
			goto handled
		case 0x34, 0x35: // SHC, pops 1
			if top < 1 || top > len(stack) {
				break
			}
			e.ip, e.top, e.opcode, e.insCount = ip, top, op, count
			e.args, e.newTop = top-1, top-1
			e.insSHC(stack[top-1 : top : top])
			goto handled
		case 0x3C: // ALIGNRP (pops its points itself)
			if uint(top) >= uint(len(stack)) {
				break
			}
			e.ip, e.top, e.opcode, e.insCount = ip, top, op, count
			e.args, e.newTop = top, top
			e.insALIGNRP(stack[top:top:top])
			goto handled
		case 0x06, 0x07: // SPVTL, pops 2
			if top < 2 || top > len(stack) {
				break
			}
			e.ip, e.top, e.opcode, e.insCount = ip, top, op, count
			e.args, e.newTop = top-2, top-2
			e.insSPVTL(stack[top-2 : top : top])
			goto handled
		case 0x2E, 0x2F: // MDAP[a], with the freedom vector on an axis and, for MDAP[1], round to grid
			if top < 1 || top > len(stack) || !(e.moveX || e.moveY) || (op == 0x2F && e.gs.roundState != roundToGrid) {
				break
			}
			top--
			p := uint16(stack[top])
			if z := e.zp0; int(p) < z.nPoints { // (else nothing, as insMDAP)
				var d int64
				if op == 0x2F {
					c := e.project(z.cur[p].x, z.cur[p].y)
					d = roundGrid(c) - c
				}
				e.moveDirect(z, int(p), d)
				e.gs.rp0, e.gs.rp1 = p, p
			}
			ip++
			// Reloaded, not kept: the paths that need many registers
			// (MDAP, the calls, the pushes of many values) reload code
			// and stack from e at their end, which frees the registers
			// that hold them on the path; a value kept would be saved
			// on the stack on every instruction instead.
			code = e.code[:len(e.code):len(e.code)]
			stack = e.stack[:len(e.stack):len(e.stack)]
			continue
		case 0x5D, 0x71, 0x72: // DELTAP1-3: at a ppem none of its pairs can apply to, the pops only
			if top < 1 || top > len(stack) {
				break
			}
			if deltaWant(op, e.ppem, e.gs.deltaBase) <= 15 { // (its handler, called directly as above)
				e.ip, e.top, e.opcode, e.insCount = ip, top, op, count
				e.args, e.newTop = top-1, top-1
				e.insDELTAP(stack[top-1 : top : top])
				goto handled
			}
			top = deltaSkip(uint64(stack[top-1]), top-1)
			ip++
			continue
		case 0x8A: // ROLL
			if top < 3 || top > len(stack) {
				break
			}
			doROLL(stack[top-3 : top : top])
			ip++
			continue
		case 0x8B: // MAX
			if top < 2 || top > len(stack) {
				break
			}
			top--
			doMAX(&stack[top-1], stack[top])
			ip++
			continue
		case 0x8C: // MIN
			if top < 2 || top > len(stack) {
				break
			}
			top--
			doMIN(&stack[top-1], stack[top])
			ip++
			continue
		case 0x50: // LT
			if top < 2 || top > len(stack) {
				break
			}
			top--
			stack[top-1] = doLT(stack[top-1], stack[top])
			ip++
			continue
		case 0x51: // LTEQ
			if top < 2 || top > len(stack) {
				break
			}
			top--
			stack[top-1] = doLTEQ(stack[top-1], stack[top])
			ip++
			continue
		case 0x52: // GT
			if top < 2 || top > len(stack) {
				break
			}
			top--
			stack[top-1] = doGT(stack[top-1], stack[top])
			ip++
			continue
		case 0x53: // GTEQ
			if top < 2 || top > len(stack) {
				break
			}
			top--
			stack[top-1] = doGTEQ(stack[top-1], stack[top])
			ip++
			continue
		case 0x54: // EQ
			if top < 2 || top > len(stack) {
				break
			}
			top--
			stack[top-1] = doEQ(stack[top-1], stack[top])
			ip++
			continue
		case 0x55: // NEQ
			if top < 2 || top > len(stack) {
				break
			}
			top--
			stack[top-1] = doNEQ(stack[top-1], stack[top])
			ip++
			continue
		case 0x5A: // AND
			if top < 2 || top > len(stack) {
				break
			}
			top--
			stack[top-1] = doAND(stack[top-1], stack[top])
			ip++
			continue
		case 0x5B: // OR
			if top < 2 || top > len(stack) {
				break
			}
			top--
			stack[top-1] = doOR(stack[top-1], stack[top])
			ip++
			continue
		case 0x5C: // NOT
			if uint(top-1) >= uint(len(stack)) {
				break
			}
			stack[top-1] = doNOT(stack[top-1])
			ip++
			continue
		case 0x60: // ADD
			if top < 2 || top > len(stack) {
				break
			}
			stack[top-2] = add(stack[top-2], stack[top-1])
			top--
			ip++
			continue
		case 0x61: // SUB
			if top < 2 || top > len(stack) {
				break
			}
			stack[top-2] = sub(stack[top-2], stack[top-1])
			top--
			ip++
			continue
		case 0x62: // DIV
			if top < 2 || top > len(stack) || stack[top-1] == 0 {
				break
			}
			top--
			stack[top-1] = doDIV(stack[top-1], stack[top])
			ip++
			continue
		case 0x63: // MUL
			if top < 2 || top > len(stack) {
				break
			}
			top--
			stack[top-1] = doMUL(stack[top-1], stack[top])
			ip++
			continue
		case 0x64: // ABS
			if uint(top-1) >= uint(len(stack)) {
				break
			}
			doABS(&stack[top-1])
			ip++
			continue
		case 0x65: // NEG
			if uint(top-1) >= uint(len(stack)) {
				break
			}
			stack[top-1] = neg(stack[top-1])
			ip++
			continue
		case 0x66: // FLOOR
			if uint(top-1) >= uint(len(stack)) {
				break
			}
			stack[top-1] = pixFloor(stack[top-1])
			ip++
			continue
		case 0x67: // CEILING
			if uint(top-1) >= uint(len(stack)) {
				break
			}
			stack[top-1] = pixCeil(stack[top-1])
			ip++
			continue
		case 0x43: // RS
			if uint(top-1) >= uint(len(stack)) {
				break
			}
			stack[top-1], _ = e.doRS(stack[top-1])
			ip++
			continue
		case 0x42: // WS
			if top < 2 || top > len(stack) {
				break
			}
			if i := uint64(stack[top-2]); i < uint64(len(e.storage)) {
				if e.iniRange == rangeGlyph && sameSlice(e.storage, e.origStorage) {
					break // the glyph program's first write: copy (step)
				}
				e.storage[i] = stack[top-1]
			}
			top -= 2
			ip++
			continue
		case 0x45: // RCVT
			if uint(top-1) >= uint(len(stack)) {
				break
			}
			stack[top-1], _ = e.doRCVT(stack[top-1])
			ip++
			continue
		case 0x10: // SRP0
			if uint(top-1) >= uint(len(stack)) {
				break
			}
			top--
			e.gs.rp0 = uint16(stack[top])
			ip++
			continue
		case 0x11: // SRP1
			if uint(top-1) >= uint(len(stack)) {
				break
			}
			top--
			e.gs.rp1 = uint16(stack[top])
			ip++
			continue
		case 0x12: // SRP2
			if uint(top-1) >= uint(len(stack)) {
				break
			}
			top--
			e.gs.rp2 = uint16(stack[top])
			ip++
			continue
		case 0x18: // RTG
			e.gs.roundState = roundToGrid
			ip++
			continue
		case 0x19: // RTHG
			e.gs.roundState = roundToHalfGrid
			ip++
			continue
		case 0x3D: // RTDG
			e.gs.roundState = roundToDoubleGrid
			ip++
			continue
		case 0x7A: // ROFF
			e.gs.roundState = roundOff
			ip++
			continue
		case 0x7C: // RUTG
			e.gs.roundState = roundUpToGrid
			ip++
			continue
		case 0x7D: // RDTG
			e.gs.roundState = roundDownToGrid
			ip++
			continue
		case 0x4D: // FLIPON
			e.gs.autoFlip = true
			ip++
			continue
		case 0x4E: // FLIPOFF
			e.gs.autoFlip = false
			ip++
			continue
		case 0x1A: // SMD
			if uint(top-1) >= uint(len(stack)) {
				break
			}
			top--
			e.gs.minimumDistance = stack[top]
			ip++
			continue
		case 0x1D: // SCVTCI
			if uint(top-1) >= uint(len(stack)) {
				break
			}
			top--
			e.gs.controlValueCutin = stack[top]
			ip++
			continue
		case 0x1E: // SSWCI
			if uint(top-1) >= uint(len(stack)) {
				break
			}
			top--
			e.gs.singleWidthCutin = stack[top]
			ip++
			continue
		case 0x5E: // SDB
			if uint(top-1) >= uint(len(stack)) {
				break
			}
			top--
			e.gs.deltaBase = uint16(stack[top])
			ip++
			continue
		case 0x5F: // SDS
			if top < 1 || top > len(stack) || uint64(stack[top-1]) > 6 {
				break
			}
			top--
			e.gs.deltaShift = uint16(stack[top])
			ip++
			continue
		case 0x4B: // MPPEM
			if top >= len(stack) {
				break
			}
			stack[top] = e.ppem
			top++
			ip++
			continue
		case 0x59: // EIF
			ip++
			continue
		case 0x58: // IF
			if uint(top-1) >= uint(len(stack)) {
				break
			}
			if stack[top-1] != 0 {
				top--
				ip++
				continue
			}
			if m := e.skips[e.curRange&3].end; ip < len(m) && m[ip] != 0 {
				top--
				ip = int(m[ip])
				op = code[ip-1] // e.opcode after the skip: the ELSE/EIF
				continue
			}
		case 0x1B: // ELSE
			if m := e.skips[e.curRange&3].end; ip < len(m) && m[ip] != 0 {
				ip = int(m[ip])
				op = code[ip-1]
				continue
			}
		case 0x2B: // CALL
			if top < 1 || top > len(stack) || e.callTop >= CallStackSize {
				break
			}
			f := stack[top-1]
			def := e.denseFunc(f)
			if def == nil {
				if def = e.cachedFunc(f); def == nil {
					break // (dispatch searches, or fails)
				}
			}
			fcode, ok := e.plainRange(def.rng, def.start)
			if !ok {
				break
			}
			c := &e.callStack[e.callTop]
			c.callerRange, c.callerIP, c.count, c.def = e.curRange, ip+1, 1, def
			e.callTop++
			e.code, e.curRange, code = fcode, def.rng, fcode[:len(fcode):len(fcode)]
			top--
			ip = def.start
			stack = e.stack[:len(e.stack):len(e.stack)] // (reloaded: see MDAP)
			continue
		case 0x2A: // LOOPCALL
			if top < 2 || top > len(stack) || e.callTop >= CallStackSize {
				break
			}
			f, n := stack[top-1], stack[top-2]
			def := e.denseFunc(f)
			if def == nil {
				if def = e.cachedFunc(f); def == nil {
					break // (dispatch searches, or fails)
				}
			}
			if n <= 0 {
				top -= 2
				ip++
				code = e.code[:len(e.code):len(e.code)]
				stack = e.stack[:len(e.stack):len(e.stack)]
				continue
			}
			fcode, ok := e.plainRange(def.rng, def.start)
			if !ok || uint64(e.loopcallCounter+n) > uint64(e.loopcallCounterMax) {
				break
			}
			c := &e.callStack[e.callTop]
			c.callerRange, c.callerIP, c.count, c.def = e.curRange, ip+1, int64(int32(n)), def
			e.callTop++
			e.code, e.curRange, code = fcode, def.rng, fcode[:len(fcode):len(fcode)]
			e.loopcallCounter += n
			top -= 2
			ip = def.start
			stack = e.stack[:len(e.stack):len(e.stack)]
			continue
		case 0x2D: // ENDF
			if e.callTop <= 0 {
				break
			}
			c := &e.callStack[e.callTop-1]
			if c.count > 1 { // LOOPCALL: run the function again
				c.count--
				ip = c.def.start
				continue
			}
			rcode, ok := e.plainRange(c.callerRange, c.callerIP)
			if !ok {
				break
			}
			c.count--
			e.callTop--
			e.code, e.curRange, code = rcode, c.callerRange, rcode[:len(rcode):len(rcode)]
			ip = c.callerIP
			stack = e.stack[:len(e.stack):len(e.stack)]
			continue
		case 0x1C: // JMPR
			if uint(top-1) >= uint(len(stack)) {
				break
			}
			if t, ok := e.jumpOK(ip, stack[top-1], top-1); ok {
				top--
				ip = t
				continue
			}
		case 0x78, 0x79: // JROT, JROF
			if top < 2 || top > len(stack) {
				break
			}
			if (stack[top-1] != 0) != (op == 0x78) {
				top -= 2
				ip++
				continue
			}
			if t, ok := e.jumpOK(ip, stack[top-2], top-2); ok {
				top -= 2
				ip = t
				continue
			}
		}
		// Everything else, and every odd case of the above: the
		// one-byte instructions with enough arguments and room on the
		// stack (nearly all) go straight to their handler (slowTab:
		// what dispatch would call), with the machine state in e
		// around the call; the rest go back to runFast (step).
		{
			s := slowTab[op] // (a copy: two loads)
			// (stack reloaded here and after the call, so that no case
			// keeps it in a register up to here and it is not saved around
			// the call; code is reloaded after the call)
			stack = e.stack[:len(e.stack):len(e.stack)]
			args := top - int(s.pops)
			e.ip, e.top, e.opcode, e.insCount = ip, top, op, count
			// (0 <= args < len(stack), which also tells the compiler that
			// stack[args:] is never empty (no masking of its pointer), and
			// args+max(pushes, 1) <= len(stack): len(stack) >= StackExtra >
			// room (runFast). An opcode without a handler has pops >
			// len(stack).)
			if uint(args) >= uint(len(stack)) || args > len(stack)-int(s.room) {
				return loopSlow
			}
			e.args, e.newTop = args, args+int(s.pushes)
			s.fn(e, stack[args:])
		}
	handled:
		// (the direct calls above come here, after the call)
		if e.err != errOK {
			return loopErr
		}
		// (reloaded in the order of the registers fastLoop keeps them in,
		// which saves moves; e.opcode: FDEF and IDEF skip to the ENDF)
		code = e.code[:len(e.code):len(e.code)]
		ip = e.ip + int(b2i(e.stepIns)) // (e.length is 1; the jumps clear stepIns)
		e.stepIns = true
		top = e.newTop
		stack = e.stack[:len(e.stack):len(e.stack)]
		count = e.insCount
		op = e.opcode
	}
}

// denseFunc is findFunc's direct path: function f when the definitions
// are dense (function i in fdefs[i]) and f is an active one, else nil.
func (e *exec) denseFunc(f int64) *defRec {
	if uint64(f) < uint64(len(e.fdefs)) && f <= int64(e.maxFunc) && e.maxFunc+1 == e.numFDefs {
		if def := &e.fdefs[f]; int64(def.opc) == f && def.active {
			return def
		}
	}
	return nil
}

// cachedFunc is findFunc's answer from its search cache (funcCache):
// the active function f, or nil when it is inactive, missing or not
// cached in this generation. A valid entry means findFunc's direct path
// does not apply (both change only with an FDEF).
func (e *exec) cachedFunc(f int64) *defRec {
	if c := &e.funcs; uint64(f) <= uint64(e.maxFunc) && uint64(f) < uint64(len(c.idx)) && c.idx[f].gen == c.gen+1 {
		if i := int(c.idx[f].i); uint(i) < uint(len(e.fdefs)) && e.fdefs[i].active {
			return &e.fdefs[i]
		}
	}
	return nil
}

// plainRange is gotoCodeRange's success path: the code of range r when
// a jump to ip in it succeeds, false when gotoCodeRange would fail.
func (e *exec) plainRange(r, ip int) ([]byte, bool) {
	if r < 1 || r > 3 {
		return nil, false
	}
	code := e.ranges[r]
	if code == nil || ip > len(code) {
		return nil, false
	}
	return code, true
}

// jumpOK is insJMPR's plain path: the target of a jump by off from ip
// (args: the index of the jump's first argument), after counting a
// backward jump, and true; or false, with nothing changed, when
// insJMPR would fail (it then runs through step).
func (e *exec) jumpOK(ip int, off int64, args int) (int, bool) {
	if off == 0 && args == 0 {
		return 0, false
	}
	t := int64(ip) + off
	if t < 0 || (e.callTop > 0 && t > int64(e.callStack[e.callTop-1].def.end)) {
		return 0, false
	}
	if off < 0 {
		if e.negJumpCounter+1 > e.negJumpCounterMax {
			return 0, false
		}
		e.negJumpCounter++
	}
	return int(t), true
}
