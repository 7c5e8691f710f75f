package shape

// Machine statuses (graphite2's Machine::status_t). Anything but finished
// fails the segment.
const (
	stFinished = iota
	stStackUnderflow
	stStackNotEmpty
	stStackOverflow
	stSlotOffsetOutOfBounds
	stDiedEarly
)

const (
	stackGuard = 2
	stackMask  = 2047
)

// slotMap is graphite2's SlotMap: the slots a rule matched, with one entry
// before the first (arr[0]) so an insert at the start has somewhere to go.
type slotMap struct {
	arr        [maxSlots + 2]*slot
	size       int
	precontext int
	highwater  *slot
	highpassed bool
	maxSize    int
	dir        uint8
}

func (m *slotMap) at(n int) *slot {
	if n+1 < 0 || n+1 >= len(m.arr) {
		return nil
	}
	return m.arr[n+1]
}

// get is the slot at arr[i], nil outside the map.
func (m *slotMap) get(i int) *slot {
	if i < 0 || i >= len(m.arr) {
		return nil
	}
	return m.arr[i]
}

func (m *slotMap) reset(s *slot, ctxt int) {
	m.size = 0
	m.precontext = ctxt
	m.arr[0] = s.prev
}

func (m *slotMap) push(s *slot) {
	m.size++
	if m.size < len(m.arr) {
		m.arr[m.size] = s
	}
}

func (m *slotMap) setHighwater(s *slot) { m.highwater = s; m.highpassed = false }

type machine struct {
	seg     *segment
	smap    *slotMap
	status  int
	stack   [stackMask + 1]int32 // stackMax + guards, masked so a runaway pointer stays inside
	specOps bool                 // 0x3E as AND and 0x3F as OR, as the seed document says
}

// runCode is Code::run followed by Machine::run. mapIdx indexes smap.arr.
func (m *machine) runCode(c *code, mapIdx *int) int32 {
	sm := m.smap
	if sm.size <= c.maxRef+sm.precontext || sm.at(c.maxRef+sm.precontext) == nil {
		m.status = stSlotOffsetOutOfBounds
		return 1
	}
	sp := m.exec(c, mapIdx)
	var ret int32
	if sp == stackGuard+1 {
		ret = m.stack[sp]
		sp--
	}
	if m.status == stFinished {
		switch {
		case sp < stackGuard:
			m.status = stStackUnderflow
		case sp >= stackGuard+stackMax:
			m.status = stStackOverflow
		case sp != stackGuard:
			m.status = stStackNotEmpty
		}
	}
	return ret
}

func b2i(b bool) int32 {
	if b {
		return 1
	}
	return 0
}

// exec runs one program; it returns the final stack pointer.
func (m *machine) exec(c *code, mapIdx *int) int {
	seg := m.seg
	sm := m.smap
	st := &m.stack
	sp := stackGuard
	const sb = stackGuard
	mp := *mapIdx
	is := sm.arr[mp]
	mapb := 1 + sm.precontext
	dir := sm.dir != 0
	positioned := false
	ins := c.instrs
	pc := 0
	for pc < len(ins) {
		in := &ins[pc]
		pc++
		a := in.args
		exit := false
		switch in.op {
		case opNop:
		case opPushByte:
			sp++
			st[sp&stackMask] = int32(int8(a[0]))
		case opPushByteU:
			sp++
			st[sp&stackMask] = int32(a[0])
		case opPushShort:
			sp++
			st[sp&stackMask] = int32(int16(uint16(a[0])<<8 | uint16(a[1])))
		case opPushShortU:
			sp++
			st[sp&stackMask] = int32(uint16(a[0])<<8 | uint16(a[1]))
		case opPushLong:
			sp++
			st[sp&stackMask] = int32(uint32(a[0])<<24 | uint32(a[1])<<16 | uint32(a[2])<<8 | uint32(a[3]))
		case opAdd:
			v := st[sp&stackMask]
			sp--
			st[sp&stackMask] = int32(uint32(st[sp&stackMask]) + uint32(v))
		case opSub:
			v := st[sp&stackMask]
			sp--
			st[sp&stackMask] = int32(uint32(st[sp&stackMask]) - uint32(v))
		case opMul:
			v := st[sp&stackMask]
			sp--
			st[sp&stackMask] = int32(uint32(st[sp&stackMask]) * uint32(v))
		case opDiv:
			b := st[sp&stackMask]
			sp--
			x := st[sp&stackMask]
			if b == 0 || (x == -1<<31 && b == -1) {
				is = seg.last
				m.status = stDiedEarly
				sp++
				st[sp&stackMask] = 1
				exit = true
				break
			}
			st[sp&stackMask] = x / b
		case opMin:
			v := st[sp&stackMask]
			sp--
			if v < st[sp&stackMask] {
				st[sp&stackMask] = v
			}
		case opMax:
			v := st[sp&stackMask]
			sp--
			if v > st[sp&stackMask] {
				st[sp&stackMask] = v
			}
		case opNeg:
			st[sp&stackMask] = int32(uint32(-st[sp&stackMask]))
		case opTrunc8:
			st[sp&stackMask] = int32(uint8(st[sp&stackMask]))
		case opTrunc16:
			st[sp&stackMask] = int32(uint16(st[sp&stackMask]))
		case opCond:
			f := st[sp&stackMask]
			sp--
			t := st[sp&stackMask]
			sp--
			cnd := st[sp&stackMask]
			sp--
			if cnd != 0 {
				sp++
				st[sp&stackMask] = t
			} else {
				sp++
				st[sp&stackMask] = f
			}
		case opAnd:
			v := st[sp&stackMask]
			sp--
			st[sp&stackMask] = b2i(st[sp&stackMask] != 0 && v != 0)
		case opOr:
			v := st[sp&stackMask]
			sp--
			st[sp&stackMask] = b2i(st[sp&stackMask] != 0 || v != 0)
		case opNot:
			st[sp&stackMask] = b2i(st[sp&stackMask] == 0)
		case opEqual:
			v := st[sp&stackMask]
			sp--
			st[sp&stackMask] = b2i(st[sp&stackMask] == v)
		case opNotEq:
			v := st[sp&stackMask]
			sp--
			st[sp&stackMask] = b2i(st[sp&stackMask] != v)
		case opLess:
			v := st[sp&stackMask]
			sp--
			st[sp&stackMask] = b2i(st[sp&stackMask] < v)
		case opGtr:
			v := st[sp&stackMask]
			sp--
			st[sp&stackMask] = b2i(st[sp&stackMask] > v)
		case opLessEq:
			v := st[sp&stackMask]
			sp--
			st[sp&stackMask] = b2i(st[sp&stackMask] <= v)
		case opGtrEq:
			v := st[sp&stackMask]
			sp--
			st[sp&stackMask] = b2i(st[sp&stackMask] >= v)
		case opNext:
			if mp-1 >= sm.size {
				is = seg.last
				m.status = stDiedEarly
				sp++
				st[sp&stackMask] = 1
				exit = true
				break
			}
			if is != nil {
				if is == sm.highwater {
					sm.highpassed = true
				}
				is = is.next
			}
			mp++
		case opPutGlyph8:
			if is == nil {
				exit = m.die(&is, &sp)
				break
			}
			seg.setGlyph(is, seg.silf.getClassGlyph(int(a[0]), 0))
		case opPutSubs8:
			if s := sm.get(mp + int(int8(a[0]))); s != nil {
				if is == nil {
					exit = m.die(&is, &sp)
					break
				}
				idx := seg.silf.findClassIndex(int(a[1]), int(s.glyph))
				seg.setGlyph(is, seg.silf.getClassGlyph(int(a[2]), idx))
			}
		case opPutCopy:
			if is != nil && !is.isDeleted() {
				ref := sm.get(mp + int(int8(a[0])))
				if ref != nil && ref != is {
					if is.parent != nil || is.child != nil {
						exit = m.die(&is, &sp)
						break
					}
					prev, next := is.prev, is.next
					u, jb := is.user, is.justBuf
					copy(u, ref.user)
					*is = *ref
					is.child = nil
					is.sibling = nil
					is.user = u
					is.justBuf = jb
					if ref.justs != nil {
						// graphite2 shares the justification block; copy it instead
						is.justs = append(jb[:0], ref.justs...)
						is.justBuf = is.justs
					}
					is.next, is.prev = next, prev
					if is.parent != nil {
						is.parent.addChild(is)
					}
				}
				is.markCopied(false)
				is.markDeleted(false)
			}
		case opInsert:
			sm.maxSize--
			if sm.maxSize <= 0 {
				exit = m.die(&is, &sp)
				break
			}
			ns := seg.newSlot()
			if ns == nil {
				exit = m.die(&is, &sp)
				break
			}
			iss := is
			for iss != nil && iss.isDeleted() {
				iss = iss.next
			}
			if iss == nil {
				if seg.last != nil {
					seg.last.next = ns
					ns.prev = seg.last
					ns.before = seg.last.before
					seg.last = ns
				} else {
					seg.first = ns
					seg.last = ns
				}
			} else if iss.prev != nil {
				iss.prev.next = ns
				ns.prev = iss.prev
				ns.before = iss.prev.after
			} else {
				ns.prev = nil
				ns.before = iss.before
				seg.first = ns
			}
			ns.next = iss
			if iss != nil {
				iss.prev = ns
				ns.original = iss.original
				ns.after = iss.before
			} else if ns.prev != nil {
				ns.original = ns.prev.original
				ns.after = ns.prev.after
			} else {
				ns.original = 0
			}
			if is == sm.highwater {
				sm.highpassed = false
			}
			is = ns
			seg.numGlyphs++
			if mp != 0 {
				mp--
			}
		case opDelete:
			if is == nil || is.isDeleted() {
				exit = m.die(&is, &sp)
				break
			}
			is.markDeleted(true)
			if is.prev != nil {
				is.prev.next = is.next
			} else {
				seg.first = is.next
			}
			if is.next != nil {
				is.next.prev = is.prev
			} else {
				seg.last = is.prev
			}
			if is == sm.highwater {
				sm.setHighwater(is.next)
			}
			if is.prev != nil {
				is = is.prev
			}
			seg.numGlyphs--
		case opAssoc:
			num := int(a[0])
			mx, mn := int32(-1), int32(-1)
			for k := 1; k <= num; k++ {
				ts := sm.get(mp + int(int8(a[k])))
				if ts != nil && (mn == -1 || ts.before < mn) {
					mn = ts.before
				}
				if ts != nil && ts.after > mx {
					mx = ts.after
				}
			}
			if mn > -1 {
				if is == nil {
					exit = m.die(&is, &sp)
					break
				}
				is.before = mn
				is.after = mx
			}
		case opCntxtItem:
			if mapb+int(int8(a[0])) != mp {
				pc += int(in.skip)
				sp++
				st[sp&stackMask] = 1
			}
		case opAttrSet:
			v := st[sp&stackMask]
			sp--
			if is == nil {
				exit = m.die(&is, &sp)
				break
			}
			m.setAttr(is, int(a[0]), 0, int16(v))
		case opAttrAdd, opAttrSub:
			v := uint32(st[sp&stackMask])
			sp--
			if !positioned && (a[0] == slatPosX || a[0] == slatPosY) {
				seg.positionSlots(0, false, sm.at(0), sm.arr[sm.size], seg.currdir(), true)
				positioned = true
			}
			if is == nil {
				exit = m.die(&is, &sp)
				break
			}
			res := uint32(m.getAttr(is, int(a[0]), 0))
			if in.op == opAttrAdd {
				m.setAttr(is, int(a[0]), 0, int16(int32(v+res)))
			} else {
				m.setAttr(is, int(a[0]), 0, int16(int32(res-v)))
			}
		case opAttrSetSlot:
			slat := int(a[0])
			off := 0
			if slat == slatAttTo {
				off = mp - 1
			}
			v := int(st[sp&stackMask]) + off
			sp--
			if is == nil {
				exit = m.die(&is, &sp)
				break
			}
			m.setAttr(is, slat, off, int16(v))
		case opIAttrSetSlot:
			slat := int(a[0])
			off := 0
			if slat == slatAttTo {
				off = mp - 1
			}
			v := int(st[sp&stackMask]) + off
			sp--
			if is == nil {
				exit = m.die(&is, &sp)
				break
			}
			m.setAttr(is, slat, int(a[1]), int16(v))
		case opPushSlotAttr:
			if !positioned && (a[0] == slatPosX || a[0] == slatPosY) {
				seg.positionSlots(0, false, sm.at(0), sm.arr[sm.size], seg.currdir(), true)
				positioned = true
			}
			if s := sm.get(mp + int(int8(a[1]))); s != nil {
				sp++
				st[sp&stackMask] = int32(m.getAttr(s, int(a[0]), 0))
			}
		case opPushGlyphAttr8:
			if s := sm.get(mp + int(int8(a[1]))); s != nil {
				sp++
				st[sp&stackMask] = int32(seg.glyphAttr(s.glyph, int(a[0])))
			}
		case opPushGlyphMetric:
			if s := sm.get(mp + int(int8(a[1]))); s != nil {
				sp++
				st[sp&stackMask] = seg.glyphMetric(s, int(a[0]), a[2], dir)
			}
		case opPushFeat:
			if s := sm.get(mp + int(int8(a[1]))); s != nil {
				sp++
				st[sp&stackMask] = int32(seg.getFeature(int(a[0])))
			}
		case opPushAttToGAttr8:
			if s := sm.get(mp + int(int8(a[1]))); s != nil {
				if s.parent != nil {
					s = s.parent
				}
				sp++
				st[sp&stackMask] = int32(seg.glyphAttr(s.glyph, int(a[0])))
			}
		case opPushAttToGlyphMetric:
			if s := sm.get(mp + int(int8(a[1]))); s != nil {
				if s.parent != nil {
					s = s.parent
				}
				sp++
				st[sp&stackMask] = seg.glyphMetric(s, int(a[0]), a[2], dir)
			}
		case opPushISlotAttr:
			if !positioned && (a[0] == slatPosX || a[0] == slatPosY) {
				seg.positionSlots(0, false, sm.at(0), sm.arr[sm.size], seg.currdir(), true)
				positioned = true
			}
			if s := sm.get(mp + int(int8(a[1]))); s != nil {
				sp++
				st[sp&stackMask] = int32(m.getAttr(s, int(a[0]), int(a[2])))
			}
		case opPopRet:
			v := st[sp&stackMask]
			sp--
			sp++
			st[sp&stackMask] = v
			exit = true
		case opRetZero:
			sp++
			st[sp&stackMask] = 0
			exit = true
		case opRetTrue:
			sp++
			st[sp&stackMask] = 1
			exit = true
		case opIAttrSet:
			v := st[sp&stackMask]
			sp--
			if is == nil {
				exit = m.die(&is, &sp)
				break
			}
			m.setAttr(is, int(a[0]), int(a[1]), int16(v))
		case opIAttrAdd, opIAttrSub:
			v := uint32(st[sp&stackMask])
			sp--
			if !positioned && (a[0] == slatPosX || a[0] == slatPosY) {
				seg.positionSlots(0, false, sm.at(0), sm.arr[sm.size], seg.currdir(), true)
				positioned = true
			}
			if is == nil {
				exit = m.die(&is, &sp)
				break
			}
			res := uint32(m.getAttr(is, int(a[0]), int(a[1])))
			if in.op == opIAttrAdd {
				m.setAttr(is, int(a[0]), int(a[1]), int16(int32(v+res)))
			} else {
				m.setAttr(is, int(a[0]), int(a[1]), int16(int32(res-v)))
			}
		case opPushProcState:
			sp++
			st[sp&stackMask] = 1
		case opPushVersion:
			sp++
			st[sp&stackMask] = 0x00030000
		case opPutSubs:
			if s := sm.get(mp + int(int8(a[0]))); s != nil {
				if is == nil {
					exit = m.die(&is, &sp)
					break
				}
				idx := seg.silf.findClassIndex(int(a[1])<<8|int(a[2]), int(s.glyph))
				seg.setGlyph(is, seg.silf.getClassGlyph(int(a[3])<<8|int(a[4]), idx))
			}
		case opPutGlyph:
			if is == nil {
				exit = m.die(&is, &sp)
				break
			}
			seg.setGlyph(is, seg.silf.getClassGlyph(int(a[0])<<8|int(a[1]), 0))
		case opPushGlyphAttr:
			if s := sm.get(mp + int(int8(a[2]))); s != nil {
				sp++
				st[sp&stackMask] = int32(seg.glyphAttr(s.glyph, int(a[0])<<8|int(a[1])))
			}
		case opPushAttToGlyphAttr:
			if s := sm.get(mp + int(int8(a[2]))); s != nil {
				if s.parent != nil {
					s = s.parent
				}
				sp++
				st[sp&stackMask] = int32(seg.glyphAttr(s.glyph, int(a[0])<<8|int(a[1])))
			}
		case opBitOr, opBitAnd:
			v := st[sp&stackMask]
			sp--
			and := in.op == opBitAnd
			if m.specOps {
				and = !and
			}
			if and {
				st[sp&stackMask] &= v
			} else {
				st[sp&stackMask] |= v
			}
		case opBitNot:
			st[sp&stackMask] = ^st[sp&stackMask]
		case opBitSet:
			mask := int32(uint16(a[0])<<8 | uint16(a[1]))
			val := int32(uint16(a[2])<<8 | uint16(a[3]))
			st[sp&stackMask] = (st[sp&stackMask] &^ mask) | val
		case opSetFeat:
			if s := sm.get(mp + int(int8(a[1]))); s != nil {
				v := uint32(st[sp&stackMask])
				sp--
				seg.setFeature(int(a[0]), v)
			}
		case opTempCopy:
			ns := seg.newSlot()
			if ns == nil || is == nil {
				exit = m.die(&is, &sp)
				break
			}
			u, jb := ns.user, ns.justBuf
			copy(u, is.user)
			*ns = *is
			ns.user = u
			ns.justBuf = jb
			if is.justs != nil {
				ns.justs = append(jb[:0], is.justs...)
				ns.justBuf = ns.justs
			}
			ns.markCopied(true)
			if mp >= 0 && mp < len(sm.arr) {
				sm.arr[mp] = ns
			}
		}
		if exit {
			break
		}
		if (sp-sb)/stackMax != 0 || sp < 0 {
			if sp < 0 && m.status == stFinished {
				m.status = stStackUnderflow
			}
			break
		}
	}
	if mp < 0 {
		mp = 0
	}
	if mp >= len(sm.arr) {
		mp = len(sm.arr) - 1
	}
	*mapIdx = mp
	sm.arr[mp] = is
	return sp
}

func (m *machine) die(is **slot, sp *int) bool {
	*is = m.seg.last
	m.status = stDiedEarly
	*sp++
	m.stack[*sp&stackMask] = 1
	return true
}

func (g *segment) getFeature(findex int) uint32 {
	if findex < 0 || findex >= len(g.feats) {
		return 0
	}
	return g.feats[findex]
}

func (g *segment) setFeature(findex int, v uint32) {
	if findex < 0 || findex >= len(g.feats) {
		return
	}
	fr := &g.face.feats[findex]
	if v > fr.maxVal {
		v = fr.maxVal
	}
	g.feats[findex] = v & fr.mask
}

// getAttr is Slot::getAttr.
func (m *machine) getAttr(s *slot, ind, sub int) int {
	seg := m.seg
	if ind >= slatJStretch && ind < slatJStretch+20 && ind != slatJWidth {
		i := ind - slatJStretch
		return seg.getJustify(s, i/5, i%5)
	}
	colI := func(f func(c *slotCollision) int) int {
		if c := seg.collisionInfo(s); c != nil {
			return f(c)
		}
		return 0
	}
	switch ind {
	case slatAdvX:
		return int(s.advance.x)
	case slatAdvY:
		return int(s.advance.y)
	case slatAttTo:
		return int(b2i(s.parent != nil))
	case slatAttX:
		return int(s.attach.x)
	case slatAttY:
		return int(s.attach.y)
	case slatAttWithX:
		return int(s.with.x)
	case slatAttWithY:
		return int(s.with.y)
	case slatAttLevel:
		return int(s.attLevel)
	case slatBreak:
		if c := seg.charinfo(s.original); c != nil {
			return int(c.brk)
		}
		return 0
	case slatDir:
		return int(seg.dir & 1)
	case slatInsert:
		return int(b2i(s.isInsertBefore()))
	case slatPosX:
		return int(s.pos.x)
	case slatPosY:
		return int(s.pos.y)
	case slatShiftX:
		return int(s.shift.x)
	case slatShiftY:
		return int(s.shift.y)
	case slatMeasureSol, slatMeasureEol:
		return -1
	case slatJWidth:
		return int(s.just)
	case slatUserDefnV1:
		sub = 0
		fallthrough
	case slatUserDefn:
		if sub < len(s.user) && sub < seg.silf.aUser {
			return int(s.user[sub])
		}
		return 0
	case slatSegSplit:
		if c := seg.charinfo(s.original); c != nil {
			return int(c.flags & 3)
		}
		return 0
	case slatBidiLevel:
		return int(s.bidiLevel)
	case slatColFlags:
		return colI(func(c *slotCollision) int { return int(c.flags) })
	case slatColLimBlx:
		return colI(func(c *slotCollision) int { return int(c.limit.blx) })
	case slatColLimBly:
		return colI(func(c *slotCollision) int { return int(c.limit.bly) })
	case slatColLimTrx:
		return colI(func(c *slotCollision) int { return int(c.limit.trx) })
	case slatColLimTry:
		return colI(func(c *slotCollision) int { return int(c.limit.try) })
	case slatColShiftX:
		return colI(func(c *slotCollision) int { return int(c.offset.x) })
	case slatColShiftY:
		return colI(func(c *slotCollision) int { return int(c.offset.y) })
	case slatColMargin:
		return colI(func(c *slotCollision) int { return int(c.margin) })
	case slatColMargWt:
		return colI(func(c *slotCollision) int { return int(c.marginWt) })
	case slatColExclG:
		return colI(func(c *slotCollision) int { return int(c.exclGlyph) })
	case slatColExclOx:
		return colI(func(c *slotCollision) int { return int(c.exclOffset.x) })
	case slatColExclOy:
		return colI(func(c *slotCollision) int { return int(c.exclOffset.y) })
	case slatSeqClass:
		return colI(func(c *slotCollision) int { return int(c.seqClass) })
	case slatSeqProx:
		return colI(func(c *slotCollision) int { return int(c.seqProxClass) })
	case slatSeqOrder:
		return colI(func(c *slotCollision) int { return int(c.seqOrder) })
	case slatSeqAboveXo:
		return colI(func(c *slotCollision) int { return int(c.seqAboveXoff) })
	case slatSeqAboveWt:
		return colI(func(c *slotCollision) int { return int(c.seqAboveWt) })
	case slatSeqBelowXl:
		return colI(func(c *slotCollision) int { return int(c.seqBelowXlim) })
	case slatSeqBelowWt:
		return colI(func(c *slotCollision) int { return int(c.seqBelowWt) })
	case slatSeqValHt:
		return colI(func(c *slotCollision) int { return int(c.seqValignHt) })
	case slatSeqValWt:
		return colI(func(c *slotCollision) int { return int(c.seqValignWt) })
	}
	return 0
}

// setAttr is Slot::setAttr; value is already truncated to int16 as graphite2 does.
func (m *machine) setAttr(s *slot, ind, sub int, value int16) {
	seg := m.seg
	if ind == slatUserDefnV1 {
		ind = slatUserDefn
		sub = 0
		if seg.silf.aUser == 0 {
			return
		}
	} else if ind >= slatJStretch && ind < slatJStretch+20 && ind != slatJWidth {
		i := ind - slatJStretch
		seg.setJustify(s, i/5, i%5, value)
		return
	}
	v := float32(value)
	col := func(f func(c *slotCollision)) {
		if c := seg.collisionInfo(s); c != nil {
			f(c)
			c.flags &^= collKnown
		}
	}
	switch ind {
	case slatAdvX:
		s.advance.x = v
	case slatAdvY:
		s.advance.y = v
	case slatAttTo:
		idx := int(uint16(value))
		sm := m.smap
		if idx < sm.size && sm.at(idx) != nil {
			other := sm.at(idx)
			if other == s || other == s.parent || other.isCopied() {
				break
			}
			if s.parent != nil {
				s.parent.removeChild(s)
				s.parent = nil
			}
			count := 0
			found := false
			for p := other; p != nil && count < 1000; p = p.parent {
				count++
				if p == s {
					found = true
				}
			}
			for p := s.child; p != nil && count < 1000; p = p.child {
				count++
			}
			for p := s.sibling; p != nil && count < 1000; p = p.sibling {
				count++
			}
			if count < 100 && !found && other.addChild(s) {
				s.parent = other
				if (sm.dir != 0) != (idx > sub) {
					s.with = pt{s.advance.x, 0}
				} else {
					s.attach = pt{other.advance.x, 0}
				}
			}
		}
	case slatAttX:
		s.attach.x = v
	case slatAttY:
		s.attach.y = v
	case slatAttWithX:
		s.with.x = v
	case slatAttWithY:
		s.with.y = v
	case slatAttLevel:
		s.attLevel = uint8(value)
	case slatBreak:
		if c := seg.charinfo(s.original); c != nil {
			c.brk = int8(value)
		}
	case slatInsert:
		s.markInsertBefore(value != 0)
	case slatShiftX:
		s.shift.x = v
	case slatShiftY:
		s.shift.y = v
	case slatJWidth:
		s.just = v
	case slatSegSplit:
		if c := seg.charinfo(s.original); c != nil {
			c.flags |= uint8(value & 3)
		}
	case slatUserDefn:
		if sub < len(s.user) {
			s.user[sub] = value
		}
	case slatColFlags:
		if c := seg.collisionInfo(s); c != nil {
			c.flags = uint16(value)
		}
	case slatColLimBlx:
		col(func(c *slotCollision) { c.limit.blx = v })
	case slatColLimBly:
		col(func(c *slotCollision) { c.limit.bly = v })
	case slatColLimTrx:
		col(func(c *slotCollision) { c.limit.trx = v })
	case slatColLimTry:
		col(func(c *slotCollision) { c.limit.try = v })
	case slatColMargin:
		col(func(c *slotCollision) { c.margin = uint16(value) })
	case slatColMargWt:
		col(func(c *slotCollision) { c.marginWt = uint16(value) })
	case slatColExclG:
		col(func(c *slotCollision) { c.exclGlyph = uint16(value) })
	case slatColExclOx:
		col(func(c *slotCollision) { c.exclOffset.x = v })
	case slatColExclOy:
		col(func(c *slotCollision) { c.exclOffset.y = v })
	case slatSeqClass:
		col(func(c *slotCollision) { c.seqClass = uint16(value) })
	case slatSeqProx:
		col(func(c *slotCollision) { c.seqProxClass = uint16(value) })
	case slatSeqOrder:
		col(func(c *slotCollision) { c.seqOrder = uint16(value) })
	case slatSeqAboveXo:
		col(func(c *slotCollision) { c.seqAboveXoff = value })
	case slatSeqAboveWt:
		col(func(c *slotCollision) { c.seqAboveWt = uint16(value) })
	case slatSeqBelowXl:
		col(func(c *slotCollision) { c.seqBelowXlim = value })
	case slatSeqBelowWt:
		col(func(c *slotCollision) { c.seqBelowWt = uint16(value) })
	case slatSeqValHt:
		col(func(c *slotCollision) { c.seqValignHt = uint16(value) })
	case slatSeqValWt:
		col(func(c *slotCollision) { c.seqValignWt = uint16(value) })
	}
}

func (g *segment) getJustify(s *slot, level, sub int) int {
	nj := len(g.silf.justs)
	if level != 0 && level >= nj {
		return 0
	}
	if s.justs != nil {
		i := level*5 + sub
		if i < len(s.justs) {
			return int(s.justs[i])
		}
		return 0
	}
	if level >= nj {
		return 0
	}
	j := g.silf.justs[level]
	switch sub {
	case 0:
		return int(g.glyphAttr(s.glyph, int(j.stretch)))
	case 1:
		return int(g.glyphAttr(s.glyph, int(j.shrink)))
	case 2:
		return int(g.glyphAttr(s.glyph, int(j.step)))
	case 3:
		return int(g.glyphAttr(s.glyph, int(j.weight)))
	}
	return 0
}

func (g *segment) setJustify(s *slot, level, sub int, v int16) {
	nj := len(g.silf.justs)
	if level != 0 && level >= nj {
		return
	}
	if s.justs == nil {
		n := nj
		if n == 0 {
			n = 1
		}
		if cap(s.justBuf) < n*5 {
			s.justBuf = make([]int16, n*5)
		}
		s.justs = s.justBuf[:n*5]
		for i := range s.justs {
			s.justs[i] = 0
		}
		for i := nj - 1; i >= 0; i-- {
			j := g.silf.justs[i]
			s.justs[i*5+0] = g.glyphAttr(s.glyph, int(j.stretch))
			s.justs[i*5+1] = g.glyphAttr(s.glyph, int(j.shrink))
			s.justs[i*5+2] = g.glyphAttr(s.glyph, int(j.step))
			s.justs[i*5+3] = g.glyphAttr(s.glyph, int(j.weight))
		}
		g.hasJusts = true
	}
	if i := level*5 + sub; i < len(s.justs) {
		s.justs[i] = v
	}
}
