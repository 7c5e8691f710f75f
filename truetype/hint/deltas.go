package hint

// DELTAP1-3 (0x5D, 0x71, 0x72) and DELTAC1-3 (0x73-0x75): pop n, then n
// (argument, point or CVT index) pairs; exceptions apply when
// delta_base + the argument's high nibble (+16, +32) equals the ppem.
// FreeType counts 1 pop in its table and pops the pairs itself.

// deltaStep is the move of one DELTA pair in Ins_DELTAP and Ins_DELTAC:
// the low nibble minus 8, skipping 0, times 1 << (6 - delta_shift).
func deltaStep(b int64, shift uint16) int64 {
	b = int64(uint64(b)&0xF) - 8
	if b >= 0 {
		b++
	}
	return b * (int64(1) << (6 - shift))
}

// deltaWant is the high nibble that the argument of a DELTAP[op] pair
// (op 0x5D, 0x71 or 0x72) must have to apply: ppem - delta_base (- 16,
// - 32), as an unsigned value; above 15, no pair can apply.
func deltaWant(op byte, ppem int64, base uint16) uint64 {
	want := uint64(ppem) - uint64(base)
	switch op {
	case 0x71:
		want -= 16
	case 0x72:
		want -= 32
	}
	return want
}

// deltaSkip is the number of stack elements left when a DELTA pops nump
// pairs, applying none, from the args elements below its count (all of
// them when there are fewer than nump pairs).
func deltaSkip(nump uint64, args int) int {
	if nump <= uint64(args)/2 {
		return args - 2*int(nump)
	}
	return 0
}

// insDELTAP is DELTAP[123]. In v40 backward compatibility, FreeType only
// applies it before IUP, and only to y-touched points or composites'
// points with a y freedom vector.
//
// A pair applies when its argument's high nibble equals want = ppem -
// delta_base (- 16, - 32); when want is outside 0..15 no pair can, and
// the pairs are only popped, as they are after IUP[x] and IUP[y] in v40
// backward compatibility (Ins_DELTAP's loop then moves nothing and has
// no other effect). A pedantic instance checks the pairs first
// (pedanticDelta).
func (e *exec) insDELTAP(a []int64) {
	nump := uint64(a[0])
	want := deltaWant(e.opcode, e.ppem, e.gs.deltaBase)
	args := e.args
	if e.pedantic {
		e.pedanticDelta(nump, args)
	}
	if want > 15 || e.postIUP() {
		// no pair can apply: at no ppem of the pairs, or after IUP[x]
		// and IUP[y] in v40 backward compatibility, where no move is made
		e.args = deltaSkip(nump, args)
		e.newTop = e.args
		return
	}
	// The pairs, top first: all nump of them, or the args/2 there are
	// (Ins_DELTAP then stops with its argument index at 0). A pair
	// applies when its argument's high nibble is want.
	end := 0
	if nump <= uint64(args)/2 {
		end = args - 2*int(nump)
	}
	st := e.stack[:args]
	for i := args - 2; i >= end; i -= 2 {
		b := st[i]
		if (uint64(b)>>4)&0xF != want {
			continue
		}
		pt := uint16(st[i+1])
		if int(pt) >= e.zp0.nPoints {
			continue
		}
		d := deltaStep(b, e.gs.deltaShift)
		if e.backwardCompat {
			if !(e.iupxCalled && e.iupyCalled) &&
				((e.isComposite && e.gs.freeVector.y != 0) || e.zp0.tags[pt]&tagTouchY != 0) {
				e.move(e.zp0, int(pt), d)
			}
		} else if !e.moveDirect(e.zp0, int(pt), d) {
			e.moveVector(e.zp0, int(pt), d)
		}
	}
	e.args = end
	e.newTop = end
}

// pedanticDelta is Ins_DELTAP's pedantic checks of the nump pairs below
// stack index args, made before insDELTAP's loop (whose moves they do
// not change): FreeType checks each pair's point first, at any ppem, and
// goes on after a bad one (Invalid_Reference); pairs running out fail
// with Too_Few_Arguments, set last.
func (e *exec) pedanticDelta(nump uint64, args int) {
	for k := uint64(1); k <= nump; k++ {
		if args < 2 {
			e.err = errTooFewArguments
			return
		}
		args -= 2
		if int(uint16(e.stack[args+1])) >= e.zp0.nPoints {
			e.err = errInvalidReference
		}
	}
}

// insDELTAC is DELTAC[123].
// FreeType: Ins_DELTAC.
func (e *exec) insDELTAC(a []int64) {
	p := uint64(e.curPPEM())
	nump := uint64(a[0])
	for k := uint64(1); k <= nump; k++ {
		if e.args < 2 {
			e.pedanticFail(errTooFewArguments)
			e.args = 0
			break
		}
		e.args -= 2
		idx := uint64(e.stack[e.args+1])
		b := e.stack[e.args]
		if idx >= uint64(len(e.cvt)) {
			if e.pedantic {
				e.err = errInvalidReference
				return
			}
			continue
		}
		c := (uint64(b) & 0xF0) >> 4
		switch e.opcode {
		case 0x74:
			c += 16
		case 0x75:
			c += 32
		}
		c += uint64(e.gs.deltaBase)
		if p == c {
			e.moveCVT(idx, deltaStep(b, e.gs.deltaShift))
		}
	}
	e.newTop = e.args
}
