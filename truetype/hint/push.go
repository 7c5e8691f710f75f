package hint

// The push instructions: NPUSHB, NPUSHW, PUSHB[abc], PUSHW[abc] as
// handlers (insNPUSH, insPUSH: FreeType's Ins_NPUSHB, Ins_NPUSHW,
// Ins_PUSHB, Ins_PUSHW) and the copy loops fastLoop's inline push cases
// use (pushBytes, pushWords).

// pushBytes stores the bytes src as stack elements (len(dst) == len(src)).
// fastLoop reloads code and stack from e after it: its loop needs
// registers that fastLoop's state would otherwise keep, and a state
// value saved around it would be saved on every instruction.
func pushBytes(dst []int64, src []byte) {
	src = src[:len(dst)]
	for k, b := range src {
		dst[k] = int64(b)
	}
}

// pushWords stores the big-endian signed words src as stack elements
// (2*len(dst) == len(src)).
func pushWords(dst []int64, src []byte) {
	src = src[:2*len(dst)]
	for k := range dst {
		s := src[2*k : 2*k+2 : 2*k+2]
		dst[k] = int64(int16(uint16(s[0])<<8 | uint16(s[1])))
	}
}

// insNPUSH is NPUSHB (0x40) and NPUSHW (0x41): a count byte n, then n
// bytes or words.
// FreeType: Ins_NPUSHB and Ins_NPUSHW.
func (e *exec) insNPUSH(a []int64) {
	l := int(e.code[e.ip+1])
	if l >= len(e.stack)+1-e.top {
		e.err = errStackOverflow
		return
	}
	if e.opcode == 0x40 {
		for k := 0; k < l; k++ {
			a[k] = int64(e.code[e.ip+2+k])
		}
	} else {
		for k := 0; k < l; k++ {
			p := e.ip + 2 + 2*k
			a[k] = int64(int16(uint16(e.code[p])<<8 | uint16(e.code[p+1])))
		}
	}
	e.newTop += l
}

// insPUSH is PUSHB[abc] (0xB0-0xB7) and PUSHW[abc] (0xB8-0xBF).
// FreeType: Ins_PUSHB and Ins_PUSHW.
func (e *exec) insPUSH(a []int64) {
	if e.opcode < 0xB8 {
		l := int(e.opcode-0xB0) + 1
		if l >= len(e.stack)+1-e.top {
			e.err = errStackOverflow
			return
		}
		for k := 0; k < l; k++ {
			a[k] = int64(e.code[e.ip+1+k])
		}
		return
	}
	l := int(e.opcode-0xB8) + 1
	if l >= len(e.stack)+1-e.top {
		e.err = errStackOverflow
		return
	}
	for k := 0; k < l; k++ {
		p := e.ip + 1 + 2*k
		a[k] = int64(int16(uint16(e.code[p])<<8 | uint16(e.code[p+1])))
	}
}
