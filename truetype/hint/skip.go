package hint

import "math"

// Skipping code: IF's false branch and ELSE skip to the matching ELSE or
// EIF (FreeType's Ins_IF, Ins_ELSE with SkipCode). fpgm and prep, whose
// bytes are the same for every run of an instance, memoise where each
// skip ends (skipMemo); glyph programs, which usually run once, walk the
// bytes (skipScan).

// skipMemo caches, for one code range (fpgm or prep, whose bytes are the
// same for every run of an instance), where the skip of a false IF or of
// an ELSE at each byte offset ends: end[i] is 1 + the offset of the
// ELSE/EIF that ends the skip starting at offset i, 0 when not known yet.
// Only successful skips are cached (a failing one ends the run and is
// recomputed). The answer depends only on the bytes and the offset, so
// caching it per offset gives the byte walk's answer for every offset,
// including offsets inside push data reached by jumps.
type skipMemo struct {
	code []byte // identity of the code the table is for
	end  []int32
}

// memoFor returns the skip table for code (fpgm or prep), resetting it
// when the range now holds other bytes. Code longer than an int32 can
// index is not memoised (nil: walk every time).
func (m *skipMemo) memoFor(code []byte) []int32 {
	if len(code) == 0 || len(code) >= math.MaxInt32 {
		m.code, m.end = nil, nil
		return nil
	}
	if len(m.code) == len(code) && &m.code[0] == &code[0] {
		return m.end
	}
	m.code = code
	if cap(m.end) >= len(code) {
		m.end = m.end[:len(code)]
		clear(m.end)
	} else {
		m.end = make([]int32, len(code))
	}
	return m.end
}

// skipScan walks the code from the IF (isElse false) or ELSE (isElse
// true) at ip exactly as insIF/insELSE do with skipCode: instruction by
// instruction, nesting on IF, until the EIF (or, for IF, an ELSE) at
// nesting level 1. It returns the offset of that ELSE/EIF and true, or,
// when an instruction runs past the end of the code (Code_Overflow), the
// ip and opcode skipCode leaves in e.ip and e.opcode, and false.
func skipScan(code []byte, ip int, isElse bool) (int, byte, bool) {
	op := code[ip]
	n := 1 // IF and ELSE are one byte long
	nIfs := 1
	for {
		ip += n
		if ip >= len(code) {
			return ip, op, false
		}
		op = code[ip]
		if n = opLength(code, ip); n < 0 {
			return ip, op, false
		}
		switch op {
		case 0x58:
			nIfs++
		case 0x1B:
			if nIfs == 1 && !isElse {
				return ip, op, true
			}
		case 0x59:
			nIfs--
			if nIfs == 0 {
				return ip, op, true
			}
		}
	}
}

// validateMemos (re)validates the skip tables of fpgm and prep against
// the code ranges at the start of a run; glyph programs (which usually
// run once) have none: skips[rangeGlyph] stays empty.
func (e *exec) validateMemos() {
	if m, c := &e.skips[rangeFont], e.ranges[rangeFont]; len(m.code) != len(c) || len(c) > 0 && &m.code[0] != &c[0] {
		m.memoFor(c)
	}
	if m, c := &e.skips[rangeCVT], e.ranges[rangeCVT]; len(m.code) != len(c) || len(c) > 0 && &m.code[0] != &c[0] {
		m.memoFor(c)
	}
}

// skip is insIF's false branch and insELSE with the memo: e.ip is at the
// IF or ELSE, e.opcode its opcode; on return e.ip, e.opcode and e.length
// are as skipCode leaves them (at the ELSE/EIF, or Code_Overflow set).
func (e *exec) skip() {
	ip := e.ip
	m := e.skips[e.curRange&3].end
	if ip < len(m) {
		if t := m[ip]; t != 0 {
			e.ip = int(t) - 1
			e.opcode = e.code[e.ip]
			e.length = 1
			return
		}
	}
	end, op, ok := skipScan(e.code, ip, e.opcode == 0x1B)
	e.ip, e.opcode = end, op
	if !ok {
		e.err = errCodeOverflow
		return
	}
	e.length = 1 // ELSE and EIF
	if ip < len(m) {
		m[ip] = int32(end + 1)
	}
}
