package cff

import "fmt"

// The Type 2 charstring interpreter as FreeType 2.12.1 runs it
// (src/psaux/psintrp.c cf2_interpT2CharString, psstack.c, psft.c): 16.16
// numbers with 32-bit wrapping arithmetic, integer and fixed stack
// entries (popping a fixed number where an integer is needed is a
// Syntax_Error), sticky errors checked once per operator, subroutine
// nesting and instruction limits, seac-style endchar accents, and the
// CFF2 operators vsindex and blend. Any error fails the glyph: FreeType's
// cf2_decoder_parse_charstrings then returns Invalid_File_Format.

// Limits of the interpreter (FreeType's).
const (
	// stackSizeCFF is CF2_OPERAND_STACK_SIZE.
	stackSizeCFF = 48
	// stackSizeCFF2 is CFF2_DEFAULT_STACK (a Top DICT maxstack is clamped
	// to it by cff_parse_maxstack).
	stackSizeCFF2 = 513
	// MaxSubrDepth is CF2_MAX_SUBR: nested subroutine calls.
	MaxSubrDepth = 16
	// MaxInstructions is the interpreter's instruction limit per
	// charstring run (20,000,000, "matches Avalon").
	MaxInstructions = 20000000
	// storageSize is CF2_STORAGE_SIZE (put/get).
	storageSize = 32
	// maxStems bounds the stems kept per direction: with more than
	// MaxHints stems in all, every hint mask fails the glyph, so only
	// their number matters beyond it.
	maxStems = MaxHints + 1
	// maxSqrtIterations bounds the sqrt operator's Babylonian iteration
	// (FreeType loops until it converges).
	maxSqrtIterations = 64
)

// Charstring operators (first byte).
const (
	cmdHstem      = 1
	cmdVstem      = 3
	cmdVmoveto    = 4
	cmdRlineto    = 5
	cmdHlineto    = 6
	cmdVlineto    = 7
	cmdRrcurveto  = 8
	cmdCallsubr   = 10
	cmdReturn     = 11
	cmdEsc        = 12
	cmdEndchar    = 14
	cmdVsindex    = 15
	cmdBlend      = 16
	cmdHstemhm    = 18
	cmdHintmask   = 19
	cmdCntrmask   = 20
	cmdRmoveto    = 21
	cmdHmoveto    = 22
	cmdVstemhm    = 23
	cmdRcurveline = 24
	cmdRlinecurve = 25
	cmdVvcurveto  = 26
	cmdHhcurveto  = 27
	cmdShortint   = 28
	cmdCallgsubr  = 29
	cmdVhcurveto  = 30
	cmdHvcurveto  = 31
)

// Escaped operators (second byte).
const (
	escAnd    = 3
	escOr     = 4
	escNot    = 5
	escAbs    = 9
	escAdd    = 10
	escSub    = 11
	escDiv    = 12
	escNeg    = 14
	escEq     = 15
	escOther  = 16 // callothersubr (Type 1 only)
	escPop    = 17 // pop (Type 1 only)
	escDrop   = 18
	escPut    = 20
	escGet    = 21
	escIfelse = 22
	escRandom = 23
	escMul    = 24
	escSqrt   = 26
	escDup    = 27
	escExch   = 28
	escIndex  = 29
	escRoll   = 30
	escHflex  = 34
	escFlex   = 35
	escHflex1 = 36
	escFlex1  = 37
)

// number is a CF2 stack entry: an integer or a 16.16 value.
type number struct {
	v     int32
	isInt bool
}

// real is cf2_stack_getReal's conversion.
func (n number) real() int32 {
	if n.isInt {
		return int32(uint32(n.v) << 16)
	}
	return n.v
}

// region is a charstring or subroutine being run (CF2_BufferRec).
type region struct {
	buf  []byte
	pos  int
	kind uint8 // 0: the glyph's charstring, 1: local subr, 2: global subr
	num  int32 // the subroutine number as the charstring gives it
}

// name is "" for the glyph's charstring, "subr N" or "gsubr N".
func (r *region) name() string {
	switch r.kind {
	case 1:
		return "subr " + itoa(int(r.num))
	case 2:
		return "gsubr " + itoa(int(r.num))
	}
	return ""
}

// machine is one run of cf2_interpT2CharString: its operand stack, stem
// hints, hint mask, hint maps and glyph path. The loader has two, for the
// glyph and for a seac component.
type machine struct {
	l *Loader

	stack []number
	size  int

	hstems, vstems []stemHint
	nh, nv         int // stem counts (the arrays keep at most maxStems)
	mask           hintMask

	initialHintMap, firstHintMap, hintMap hintMap
	path                                  glyphPath
	scaleX                                int32

	hintOrigin int32      // hintOriginY: the start point's y (seac accents)
	moves      []hintMove // cf2_hintmap_adjustHints' working storage

	subrs       [MaxSubrDepth + 2]region
	depth       int
	storage     [storageSize]int32
	storageUsed bool // a put ran since storage was last cleared

	opc, opc2 int // operator being run (first byte; escaped second byte or -1), for errors and traces
	pc        int // its offset in the region
	cur       *region
}

// fail records the glyph's first error (CF2_SET_ERROR keeps the first).
func (m *machine) fail(ftErr, msg string) {
	l := m.l
	if l.errName != "" {
		return
	}
	l.errName = ftErr
	op := opName(m.opc, m.opc2)
	if m.opc < 0 {
		op = "(limit)"
	}
	e := &CharstringError{Glyph: l.gid, Op: op, FreeType: ftErr, Msg: msg}
	if m.cur != nil {
		e.Subr, e.Offset = m.cur.name(), m.pc
	}
	l.err = e
}

// pushInt is cf2_stack_pushInt.
func (m *machine) pushInt(v int32) {
	if len(m.stack) == m.size {
		m.fail("Stack_Overflow", "operand stack overflow")
		return
	}
	m.stack = append(m.stack, number{v, true})
}

// pushFixed is cf2_stack_pushFixed.
func (m *machine) pushFixed(v int32) {
	if len(m.stack) == m.size {
		m.fail("Stack_Overflow", "operand stack overflow")
		return
	}
	m.stack = append(m.stack, number{v, false})
}

// popInt is cf2_stack_popInt: an integer entry, or 0 with an error
// (the error paths are in popIntFail).
func (m *machine) popInt() int32 {
	n := len(m.stack)
	if n == 0 || !m.stack[n-1].isInt {
		return m.popIntFail()
	}
	v := m.stack[n-1].v
	m.stack = m.stack[:n-1]
	return v
}

// popIntFail is popInt's error: an empty stack (Stack_Underflow) or a
// fixed-point top entry (Syntax_Error), 0; the stack is left as it is.
func (m *machine) popIntFail() int32 {
	if len(m.stack) == 0 {
		m.fail("Stack_Underflow", "operand stack underflow")
	} else {
		m.fail("Syntax_Error", "integer operand expected")
	}
	return 0
}

// popFixed is cf2_stack_popFixed.
func (m *machine) popFixed() int32 {
	n := len(m.stack)
	if n == 0 {
		m.fail("Stack_Underflow", "operand stack underflow")
		return 0
	}
	v := m.stack[n-1].real()
	m.stack = m.stack[:n-1]
	return v
}

// get is cf2_stack_getReal: entry i from the bottom, or 0 with an error
// (small enough to be inlined; the error path is getFail).
func (m *machine) get(i int) int32 {
	if uint(i) >= uint(len(m.stack)) {
		return m.getFail()
	}
	return m.stack[i].real()
}

// get2 is get(i), get(i+1), with one bounds check when both are on the
// stack.
func (m *machine) get2(i int) (int32, int32) {
	if i >= 0 && i+2 <= len(m.stack) {
		s := m.stack[i : i+2 : i+2]
		return s[0].real(), s[1].real()
	}
	return m.get(i), m.get(i + 1)
}

// get4 is get(i) .. get(i+3), with one bounds check when all four are
// on the stack.
func (m *machine) get4(i int) (int32, int32, int32, int32) {
	if i >= 0 && i+4 <= len(m.stack) {
		s := m.stack[i : i+4 : i+4]
		return s[0].real(), s[1].real(), s[2].real(), s[3].real()
	}
	return m.get(i), m.get(i + 1), m.get(i + 2), m.get(i + 3)
}

// getFail is get's error: index out of the stack, 0.
func (m *machine) getFail() int32 {
	m.fail("Stack_Overflow", "operand index out of the stack")
	return 0
}

// set is cf2_stack_setReal.
func (m *machine) set(i int, v int32) {
	if i < 0 || i > len(m.stack) {
		m.fail("Stack_Overflow", "operand index out of the stack")
		return
	}
	if i == len(m.stack) { // FreeType writes one past the top without growing
		return
	}
	m.stack[i] = number{v, false}
}

// readByte is cf2_buf_readByte.
func (m *machine) readByte() int {
	r := m.cur
	if r.pos < len(r.buf) {
		b := r.buf[r.pos]
		r.pos++
		return int(b)
	}
	m.fail("Invalid_Stream_Operation", "charstring ends inside an operator")
	return 0
}

// roll is cf2_stack_roll.
func (m *machine) roll(count, shift int32) {
	if count < 2 {
		return
	}
	if int(count) > len(m.stack) {
		m.fail("Stack_Overflow", "roll count exceeds the stack")
		return
	}
	if shift < 0 {
		shift = -((-shift) % count)
	} else {
		shift %= count
	}
	if shift == 0 {
		return
	}
	buf := m.stack // FreeType rolls from the bottom of the stack
	start, idx := -1, -1
	var last number
	for i := int32(0); i < count; i++ {
		if start == idx {
			start++
			idx = start
			last = buf[idx]
		}
		idx += int(shift)
		if idx >= int(count) {
			idx -= int(count)
		} else if idx < 0 {
			idx += int(count)
		}
		buf[idx], last = last, buf[idx]
	}
}

// doStems is cf2_doStems.
func (m *machine) doStems(vertical bool, width *int32, haveWidth *bool) {
	count := len(m.stack)
	hasWidth := count&1 != 0
	if hasWidth && !*haveWidth {
		*width = add32(m.get(0), m.l.nominalWidth)
	}
	var pos int32
	i := 0
	if hasWidth {
		i = 1
	}
	for ; i < count; i += 2 {
		var h stemHint
		a, b := m.get2(i)
		pos = add32(pos, a)
		h.min = pos
		pos = add32(pos, b)
		h.max = pos
		if vertical {
			if len(m.vstems) < maxStems {
				m.vstems = append(m.vstems, h)
			}
			m.nv++
		} else {
			if len(m.hstems) < maxStems {
				m.hstems = append(m.hstems, h)
			}
			m.nh++
		}
	}
	m.stack = m.stack[:0]
	*haveWidth = true
}

// doFlex is cf2_doFlex.
func (m *machine) doFlex(curX, curY *int32, read *[12]bool, conditionalLast bool) {
	var vals [14]int32
	vals[0], vals[1] = *curX, *curY
	idx := 0
	isH := !read[9]
	top := 10
	if isH {
		top = 9
	}
	for i := 0; i < top; i++ {
		vals[i+2] = vals[i]
		if read[i] {
			vals[i+2] = add32(vals[i+2], m.get(idx))
			idx++
		}
	}
	if isH {
		vals[11] = *curY
	}
	if conditionalLast {
		lastIsX := abs32(sub32(vals[10], *curX)) > abs32(sub32(vals[11], *curY))
		lastVal := m.get(idx)
		if lastIsX {
			vals[12], vals[13] = add32(vals[10], lastVal), *curY
		} else {
			vals[12], vals[13] = *curX, add32(vals[11], lastVal)
		}
	} else {
		if read[10] {
			vals[12] = add32(vals[10], m.get(idx))
			idx++
		} else {
			vals[12] = *curX
		}
		if read[11] {
			vals[13] = add32(vals[11], m.get(idx))
		} else {
			vals[13] = *curY
		}
	}
	for j := 0; j < 2; j++ {
		m.path.curveTo(vals[j*6+2], vals[j*6+3], vals[j*6+4], vals[j*6+5], vals[j*6+6], vals[j*6+7])
	}
	m.stack = m.stack[:0]
	*curX, *curY = vals[12], vals[13]
}

// cf2_fixedAbs.
func abs32(v int32) int32 {
	if v < 0 {
		return -v
	}
	return v
}

// Flex operand patterns (cf2_interpT2CharString's readFromStack tables).
var (
	flexHflex  = [12]bool{true, false, true, true, true, false, true, false, true, false, true, false}
	flexFlex   = [12]bool{true, true, true, true, true, true, true, true, true, true, true, true}
	flexHflex1 = [12]bool{true, true, true, true, true, false, true, false, true, true, true, false}
	flexFlex1  = [12]bool{true, true, true, true, true, true, true, true, true, true, false, false}
)

// callSubr sets up a subroutine call (cf2_initLocalRegionBuffer,
// cf2_initGlobalRegionBuffer).
func (m *machine) callSubr(global bool) bool {
	if m.depth > MaxSubrDepth {
		m.fail("Invalid_Glyph_Format", "subroutines nested too deep")
		return false
	}
	if m.depth+1 > MaxSubrDepth {
		// cf2_arrstack_getPointer past the subroutine stack
		m.fail("Stack_Overflow", "subroutines nested too deep")
	}
	n := m.popInt()
	l := m.l
	var buf []byte
	var ok bool
	kind := uint8(1)
	if global {
		buf, ok = l.f.gsubr(int(n) + l.f.gbias)
		kind = 2
	} else {
		buf, ok = l.p.subr(int(n) + l.p.bias)
	}
	if !ok {
		r := region{kind: kind, num: n}
		m.fail("Invalid_Glyph_Format", r.name()+" outside its INDEX")
		return false
	}
	m.depth++
	m.subrs[m.depth] = region{buf: buf, kind: kind, num: n}
	m.cur = &m.subrs[m.depth]
	return true
}

// run is cf2_interpT2CharString for one charstring (the glyph's, or a
// seac component with doingSeac set and the start point curX, curY).
func (m *machine) run(cs []byte, doingSeac bool, curX, curY int32) (width int32) {
	l := m.l
	f := l.f
	m.stack = m.stack[:0]
	m.hstems, m.vstems, m.nh, m.nv = m.hstems[:0], m.vstems[:0], 0, 0
	m.mask = hintMask{}
	if m.storageUsed {
		m.storage = [storageSize]int32{}
		m.storageUsed = false
	}
	sc := l.scaleY
	m.initialHintMap.reset(sc, l.hinted)
	m.firstHintMap.reset(sc, l.hinted)
	m.hintMap.reset(sc, l.hinted)
	m.hintOrigin = curY
	m.scaleX = l.scaleX
	m.path.init(m, &l.b)
	haveWidth := f.cff2
	width = l.defaultWidth
	m.depth = 0
	m.subrs[0] = region{buf: cs}
	m.cur = &m.subrs[0]
	limit := MaxInstructions
	if l.tracer != nil {
		defer func() { m.traceEnd(curX, curY) }()
	}
	for {
		r := m.cur
		if l.tracer != nil {
			m.traceEnd(curX, curY)
		} else if l.errName == "" {
			// a run of numbers (one-byte 32..246, two-byte 247..254,
			// shortint 28, 16.16 fixed 255), each one interpreter
			// iteration as in the loop below (limit counted, error
			// checked); an overflowing push, a number cut by the end of
			// the charstring or the limit's last iteration go the
			// general way
			buf, pos := r.buf, r.pos
			st, size, lim := m.stack, m.size, limit // in registers
			for pos < len(buf) && lim > 1 && len(st) < size {
				b := buf[pos]
				switch {
				case b >= 32 && b <= 246:
					st = append(st, number{int32(b) - 139, true})
					pos++
				case b >= 247 && b <= 250 && pos+1 < len(buf):
					st = append(st, number{(int32(b)-247)*256 + int32(buf[pos+1]) + 108, true})
					pos += 2
				case b >= 251 && b != 255 && pos+1 < len(buf):
					st = append(st, number{-((int32(b)-251)*256 + int32(buf[pos+1])) - 108, true})
					pos += 2
				case b == 255 && pos+4 < len(buf):
					st = append(st, number{int32(uint32(buf[pos+1])<<24 | uint32(buf[pos+2])<<16 | uint32(buf[pos+3])<<8 | uint32(buf[pos+4])), false})
					pos += 5
				case b == cmdShortint && pos+2 < len(buf):
					st = append(st, number{int32(int16(uint16(buf[pos+1])<<8 | uint16(buf[pos+2]))), true})
					pos += 3
				default:
					goto done
				}
				lim--
			}
		done:
			m.stack, limit, r.pos = st, lim, pos
		}
		m.pc = r.pos
		var op1 int
		if r.pos >= len(r.buf) {
			if m.depth > 0 {
				op1 = cmdReturn
			} else {
				op1 = cmdEndchar
			}
		} else {
			op1 = int(r.buf[r.pos])
			r.pos++
			if (op1 == cmdReturn || op1 == cmdEndchar) && f.cff2 {
				op1 = 0
			}
		}
		if l.errName != "" {
			return
		}
		limit--
		if limit == 0 {
			m.opc = -1
			m.fail("Invalid_Glyph_Format", "instruction limit reached")
			return
		}
		if op1 < 32 && op1 != cmdShortint {
			m.opc, m.opc2 = op1, -1
			if l.tracer != nil {
				if op1 == cmdEsc && r.pos < len(r.buf) {
					m.opc2 = int(r.buf[r.pos])
				}
				m.traceBegin(doingSeac)
			}
		}
		switch op1 {
		case cmdVsindex:
			if !f.cff2 {
				break
			}
			if l.usedBV {
				m.fail("Invalid_Glyph_Format", "vsindex after blend")
				return
			}
			if v := m.popInt(); v >= 0 {
				l.vsindex = int(v)
			}
		case cmdBlend:
			if !f.cff2 {
				break
			}
			if len(f.vstore.data) == 0 {
				m.fail("Invalid_Glyph_Format", "blend in a font without variation store")
				return
			}
			if !l.bvBuilt || l.bvIndex != l.vsindex {
				var err error
				if l.bv, err = f.vstore.blendVector(l.vsindex, f.ndv, l.bv); err != nil {
					m.fail("Invalid_File_Format", "bad vsindex or variation store")
					return
				}
				l.bvBuilt, l.bvIndex = true, l.vsindex
			}
			n := m.popInt()
			if uint32(n) > uint32(m.size) {
				m.fail("Invalid_Glyph_Format", "blend count beyond the stack")
				return
			}
			m.doBlend(int(n))
			l.usedBV = true
			continue
		case cmdHstemhm, cmdHstem, cmdVstemhm, cmdVstem:
			if m.mask.valid {
				break
			}
			m.doStems(op1 == cmdVstem || op1 == cmdVstemhm, &width, &haveWidth)
		case cmdVmoveto, cmdHmoveto, cmdRmoveto:
			n := 1
			if op1 == cmdRmoveto {
				n = 2
			}
			if len(m.stack) > n && !haveWidth {
				width = add32(m.get(0), l.nominalWidth)
			}
			haveWidth = true
			switch op1 {
			case cmdVmoveto:
				curY = add32(curY, m.popFixed())
			case cmdHmoveto:
				curX = add32(curX, m.popFixed())
			default:
				curY = add32(curY, m.popFixed())
				curX = add32(curX, m.popFixed())
			}
			m.path.moveTo(curX, curY)
		case cmdRlineto:
			for i := 0; i < len(m.stack); i += 2 {
				dx, dy := m.get2(i)
				curX = add32(curX, dx)
				curY = add32(curY, dy)
				m.path.lineTo(curX, curY)
			}
			m.stack = m.stack[:0]
			continue
		case cmdHlineto, cmdVlineto:
			isX := op1 == cmdHlineto
			for i := 0; i < len(m.stack); i++ {
				v := m.stack[i].real() // i is on the stack
				if isX {
					curX = add32(curX, v)
				} else {
					curY = add32(curY, v)
				}
				isX = !isX
				m.path.lineTo(curX, curY)
			}
			m.stack = m.stack[:0]
			continue
		case cmdRcurveline, cmdRrcurveto:
			count := len(m.stack)
			i := 0
			for ; i+6 <= count; i += 6 {
				curX, curY = m.curve(i, curX, curY)
			}
			if op1 == cmdRcurveline {
				curX = add32(curX, m.get(i))
				curY = add32(curY, m.get(i+1))
				m.path.lineTo(curX, curY)
			}
			m.stack = m.stack[:0]
			continue
		case cmdRlinecurve:
			count := len(m.stack)
			i := 0
			for ; i+6 < count; i += 2 {
				dx, dy := m.get2(i)
				curX = add32(curX, dx)
				curY = add32(curY, dy)
				m.path.lineTo(curX, curY)
			}
			for ; i < count; i += 6 {
				if i+6 <= count {
					curX, curY = m.curve(i, curX, curY)
					continue
				}
				// a short last group: FreeType reads past the stack
				// (cf2_stack_getReal's bounds error) and still draws
				x1 := add32(m.get(i), curX)
				y1 := add32(m.get(i+1), curY)
				x2 := add32(m.get(i+2), x1)
				y2 := add32(m.get(i+3), y1)
				x3 := add32(m.get(i+4), x2)
				y3 := add32(m.get(i+5), y2)
				m.path.curveTo(x1, y1, x2, y2, x3, y3)
				curX, curY = x3, y3
			}
			m.stack = m.stack[:0]
			continue
		case cmdVvcurveto, cmdHhcurveto:
			count1 := len(m.stack)
			count := count1 &^ 2
			i := count1 - count
			for i < count {
				var x1, y1 int32
				if op1 == cmdVvcurveto {
					if (count-i)&1 != 0 {
						x1 = add32(m.get(i), curX)
						i++
					} else {
						x1 = curX
					}
					a, b, c, d := m.get4(i)
					y1 = add32(a, curY)
					x2 := add32(b, x1)
					y2 := add32(c, y1)
					y3 := add32(d, y2)
					m.path.curveTo(x1, y1, x2, y2, x2, y3)
					curX, curY = x2, y3
				} else {
					if (count-i)&1 != 0 {
						y1 = add32(m.get(i), curY)
						i++
					} else {
						y1 = curY
					}
					a, b, c, d := m.get4(i)
					x1 = add32(a, curX)
					x2 := add32(b, x1)
					y2 := add32(c, y1)
					x3 := add32(d, x2)
					m.path.curveTo(x1, y1, x2, y2, x3, y2)
					curX, curY = x3, y2
				}
				i += 4
			}
			m.stack = m.stack[:0]
			continue
		case cmdVhcurveto, cmdHvcurveto:
			count1 := len(m.stack)
			count := count1 &^ 2
			i := count1 - count
			alt := op1 == cmdHvcurveto
			for i < count {
				var x1, y1, x2, y2, x3, y3 int32
				if alt {
					a, b, c, d := m.get4(i)
					x1 = add32(a, curX)
					y1 = curY
					x2 = add32(b, x1)
					y2 = add32(c, y1)
					y3 = add32(d, y2)
					if count-i == 5 {
						x3 = add32(m.get(i+4), x2)
						i++
					} else {
						x3 = x2
					}
				} else {
					a, b, c, d := m.get4(i)
					x1 = curX
					y1 = add32(a, curY)
					x2 = add32(b, x1)
					y2 = add32(c, y1)
					x3 = add32(d, x2)
					if count-i == 5 {
						y3 = add32(m.get(i+4), y2)
						i++
					} else {
						y3 = y2
					}
				}
				alt = !alt
				m.path.curveTo(x1, y1, x2, y2, x3, y3)
				curX, curY = x3, y3
				i += 4
			}
			m.stack = m.stack[:0]
			continue
		case cmdCallgsubr, cmdCallsubr:
			if !m.callSubr(op1 == cmdCallgsubr) {
				return
			}
			continue
		case cmdReturn:
			if m.depth < 1 {
				m.fail("Invalid_Glyph_Format", "return from the glyph's charstring")
				return
			}
			m.depth--
			m.cur = &m.subrs[m.depth]
			continue
		case cmdEsc:
			op2 := m.readByte()
			m.opc2 = op2
			if !m.esc(op2, &curX, &curY) {
				continue
			}
		case cmdEndchar:
			if n := len(m.stack); n == 1 || n == 5 {
				if !haveWidth {
					width = add32(m.get(0), l.nominalWidth)
				}
			}
			haveWidth = true
			m.path.closeOpenPath()
			if !f.cff2 && len(m.stack) > 1 {
				if doingSeac {
					m.fail("Invalid_Glyph_Format", "nested seac")
					return
				}
				achar := m.popInt()
				bchar := m.popInt()
				y := m.popFixed()
				x := m.popFixed()
				acs, ok := l.seacComponent(int(achar))
				if !ok {
					m.fail("Invalid_Glyph_Format", fmt.Sprintf("seac accent code %d has no glyph", achar))
					return
				}
				l.seac().run(acs, true, x, y)
				bcs, ok := l.seacComponent(int(bchar))
				if !ok {
					m.fail("Invalid_Glyph_Format", fmt.Sprintf("seac base code %d has no glyph", bchar))
					return
				}
				l.seac().run(bcs, true, 0, 0)
			}
			return
		case cmdCntrmask, cmdHintmask:
			if len(m.stack) > 1 && m.mask.valid {
				break
			}
			m.doStems(true, &width, &haveWidth)
			bits := m.nh + m.nv
			if op1 == cmdHintmask {
				m.readMask(&m.mask, bits)
			} else {
				var cm hintMask
				m.readMask(&cm, bits)
				chm := &l.counterMap
				chm.reset(sc, l.hinted)
				m.buildHintMapMask(chm, &cm, 0, false)
			}
		case cmdShortint:
			b1 := m.readByte()
			b2 := m.readByte()
			m.pushInt(int32(int16(b1<<8 | b2)))
			continue
		default:
			switch {
			case op1 >= 32 && op1 <= 246:
				m.pushInt(int32(op1 - 139))
			case op1 >= 247 && op1 <= 250:
				m.pushInt(int32((op1-247)*256 + m.readByte() + 108))
			case op1 >= 251 && op1 <= 254:
				m.pushInt(int32(-((op1-251)*256 + m.readByte()) - 108))
			case op1 == 255:
				b1, b2, b3, b4 := m.readByte(), m.readByte(), m.readByte(), m.readByte()
				m.pushFixed(int32(uint32(b1)<<24 | uint32(b2)<<16 | uint32(b3)<<8 | uint32(b4)))
			default:
				// reserved operators (0, 2, 9, 13, 17, and return/endchar in
				// CFF2): ignored, the stack cleared
				m.stack = m.stack[:0]
				continue
			}
			continue
		}
		m.stack = m.stack[:0]
	}
}

// curve draws the rrcurveto group at i (the callers guarantee i+6 <=
// len(m.stack), so the entries are read without cf2_stack_getReal's
// bounds error).
func (m *machine) curve(i int, curX, curY int32) (int32, int32) {
	s := m.stack[i : i+6 : i+6]
	x1 := add32(s[0].real(), curX)
	y1 := add32(s[1].real(), curY)
	x2 := add32(s[2].real(), x1)
	y2 := add32(s[3].real(), y1)
	x3 := add32(s[4].real(), x2)
	y3 := add32(s[5].real(), y2)
	m.path.curveTo(x1, y1, x2, y2, x3, y3)
	return x3, y3
}

// readMask is cf2_hintmask_read.
func (m *machine) readMask(h *hintMask, bits int) {
	if !h.setCounts(m, bits) {
		return
	}
	n := (bits + 7) / 8
	for i := 0; i < n; i++ {
		h.mask[i] = byte(m.readByte())
	}
}

// doBlend is cf2_doBlend.
func (m *machine) doBlend(n int) {
	bv := m.l.bv
	numOps := n * len(bv)
	base := len(m.stack) - numOps
	delta := base + n
	for i := 0; i < n; i++ {
		sum := m.get(i + base)
		for j := 1; j < len(bv); j++ {
			sum = add32(sum, int32(mulFix(bv[j], int64(m.get(delta)))))
			delta++
		}
		m.set(i+base, sum)
	}
	k := numOps - n
	if k > len(m.stack) || k < 0 {
		m.fail("Stack_Underflow", "blend operands missing")
		return
	}
	m.stack = m.stack[:len(m.stack)-k]
}

// esc runs escaped operator op2; it reports whether the stack is cleared
// afterwards (FreeType's break) rather than kept (continue).
func (m *machine) esc(op2 int, curX, curY *int32) bool {
	cff2 := m.l.f.cff2
	switch op2 {
	case escHflex:
		m.doFlex(curX, curY, &flexHflex, false)
		return false
	case escFlex:
		m.doFlex(curX, curY, &flexFlex, false)
		return true
	case escHflex1:
		m.doFlex(curX, curY, &flexHflex1, false)
		return false
	case escFlex1:
		m.doFlex(curX, curY, &flexFlex1, true)
		return false
	case 8, 13, 19, 25, 31, 32:
		return true
	}
	if cff2 || op2 >= 38 {
		return true
	}
	switch op2 {
	case escAnd, escOr:
		b := m.popFixed()
		a := m.popFixed()
		r := a != 0 && b != 0
		if op2 == escOr {
			r = a != 0 || b != 0
		}
		m.pushInt(boolInt(r))
	case escNot:
		m.pushInt(boolInt(m.popFixed() == 0))
	case escAbs, escNeg:
		a := m.popFixed()
		switch {
		case a == -0x7FFFFFFF-1:
			m.pushFixed(0x7FFFFFFF)
		case op2 == escAbs:
			m.pushFixed(abs32(a))
		default:
			m.pushFixed(-a)
		}
	case escAdd:
		b := m.popFixed()
		m.pushFixed(add32(m.popFixed(), b))
	case escSub:
		b := m.popFixed()
		m.pushFixed(sub32(m.popFixed(), b))
	case escDiv:
		b := m.popFixed()
		a := m.popFixed()
		m.pushFixed(int32(divFix(int64(a), int64(b))))
	case escEq:
		b := m.popFixed()
		m.pushInt(boolInt(m.popFixed() == b))
	case escOther, escPop:
		// Type 1 operators: nothing in CFF, the stack kept
	case escDrop:
		m.popFixed()
	case escPut:
		i := uint32(m.popInt())
		v := m.popFixed()
		if i < storageSize {
			m.storage[i] = v
			m.storageUsed = true
		}
	case escGet:
		i := uint32(m.popInt())
		if i < storageSize {
			m.pushFixed(m.storage[i])
		}
	case escIfelse:
		c2 := m.popFixed()
		c1 := m.popFixed()
		a2 := m.popFixed()
		a1 := m.popFixed()
		if c1 <= c2 {
			m.pushFixed(a1)
		} else {
			m.pushFixed(a2)
		}
	case escRandom:
		l := m.l
		m.pushFixed(int32(l.random[l.fd]&0xFFFF) + 1)
		l.random[l.fd] = cffRandom(l.random[l.fd])
	case escMul:
		b := m.popFixed()
		m.pushFixed(mulFix32(m.popFixed(), b))
	case escSqrt:
		a := int64(m.popFixed())
		if a > 0 {
			root := a
			if a >= 10 {
				root = a >> 1
			}
			var nr int64
			for it := 0; ; it++ {
				nr = (root + divFix(a, root) + 1) >> 1
				if nr == root || it >= maxSqrtIterations {
					break
				}
				root = nr
			}
			a = nr
		} else {
			a = 0
		}
		m.pushFixed(int32(a))
	case escDup:
		a := m.popFixed()
		m.pushFixed(a)
		m.pushFixed(a)
	case escExch:
		b := m.popFixed()
		a := m.popFixed()
		m.pushFixed(b)
		m.pushFixed(a)
	case escIndex:
		i := m.popInt()
		if n := len(m.stack); n > 0 {
			var g int
			switch {
			case i < 0:
				g = n - 1
			case int(i) >= n:
				g = 0
			default:
				g = n - 1 - int(i)
			}
			m.pushFixed(m.get(g))
		}
	case escRoll:
		j := m.popInt()
		n := m.popInt()
		m.roll(n, j)
	default:
		// dotsection, hstem3, vstem3, seac, sbw, setcurrentpoint and the
		// reserved codes: ignored, the stack cleared
		return true
	}
	return false
}

// boolInt is 1 for true, 0 for false.
func boolInt(b bool) int32 {
	if b {
		return 1
	}
	return 0
}

// cffRandom is cff_random: a 32-bit xorshift.
func cffRandom(r uint32) uint32 {
	r ^= r << 13
	r ^= r >> 17
	r ^= r << 5
	return r
}

// divFix is FT_DivFix.
func divFix(a, b int64) int64 { return ftmathDivFix(a, b) }

// opName names operator b0 (escaped: b1) for errors and traces.
func opName(b0, b1 int) string {
	if o := lookupOp(b0, b1); o != nil {
		return o.Name
	}
	if b0 == 12 {
		return fmt.Sprintf("escape %d", b1)
	}
	return fmt.Sprintf("reserved %d", b0)
}
