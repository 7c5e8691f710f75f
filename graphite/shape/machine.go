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

// at is SlotMap::operator[]: slot n of the map counted from the first
// input slot (arr[n+1]), nil outside it.
func (m *slotMap) at(n int) *slot {
	if n+1 < 0 || n+1 >= len(m.arr) {
		return nil
	}
	return m.arr[n+1]
}

// get is the slot at arr[i], nil outside the map (opcodes.h slotat, with
// the index already relative to the map's start).
func (m *slotMap) get(i int) *slot {
	if i < 0 || i >= len(m.arr) {
		return nil
	}
	return m.arr[i]
}

// reset is SlotMap::reset: empties the map for a rule match starting at
// s with ctxt pre-context slots.
func (m *slotMap) reset(s *slot, ctxt int) {
	m.size = 0
	m.precontext = ctxt
	m.arr[0] = s.prev
}

// push is SlotMap::pushSlot: appends s to the map.
func (m *slotMap) push(s *slot) {
	m.size++
	if m.size < len(m.arr) {
		m.arr[m.size] = s
	}
}

// outOfBounds is Machine::Code::run's slot-offset check: whether a
// program whose furthest slot reference is maxRef reaches past the map's
// slots (the run then ends with slot_offset_out_bounds).
func (m *slotMap) outOfBounds(maxRef int) bool {
	r := maxRef + m.precontext
	return m.size <= r || m.at(r) == nil
}

// setHighwater is SlotMap::highwater(s): the rule may run up to s again.
func (m *slotMap) setHighwater(s *slot) { m.highwater = s; m.highpassed = false }

type machine struct {
	seg    *segment
	smap   *slotMap
	status int
	stack  [stackMask + 1]int32 // stackMax + guards, masked so a runaway pointer stays inside

	positioned bool // the slots were positioned during this run (for a PosX/PosY read or add)
	specOps    bool // 0x3E as AND and 0x3F as OR, as the seed document says

	// the program exec runs, for step (so that exec's loop does not keep
	// it in a register)
	code *code
}

// runCode is Code::run followed by Machine::run. mapIdx indexes smap.arr.
func (m *machine) runCode(c *code, mapIdx *int) int32 {
	ret, mp := m.exec(c, *mapIdx)
	*mapIdx = mp
	return ret
}

// logicAnd is the and opcode (opcodes.h AND): 1 when x and y are both
// non-zero, else 0; plain and fused operations call it.
func logicAnd(x, y int32) int32 { return b2i(x != 0 && y != 0) }

// logicOr is the or opcode (opcodes.h OR): 1 when x or y is non-zero.
func logicOr(x, y int32) int32 { return b2i(x != 0 || y != 0) }

// logicNot is the not opcode (opcodes.h NOT): 1 when x is zero.
func logicNot(x int32) int32 { return b2i(x == 0) }

// logicOp is and (or 0) or or (or 1) (opcodes.h AND, OR), for the fused
// operations that carry which of the two they run as an operand.
func logicOp(or uint8, x, y int32) int32 {
	if or != 0 {
		return logicOr(x, y)
	}
	return logicAnd(x, y)
}

// setBits is the setbits opcode (opcodes.h SET_BITS): x with the bits of
// mask cleared and those of bits set.
func setBits(x, mask, bits int32) int32 { return x&^mask | bits }

// next is the next opcode's move (opcodes.h NEXT; copy_next runs as it):
// from the current slot is at map index mp to the following one, marking
// the map's highwater passed when is is it. ok is false when the map is
// exhausted (graphite2 DIEs).
func (m *slotMap) next(is *slot, mp int) (*slot, int, bool) {
	if mp-1 >= m.size {
		return is, mp, false
	}
	if is != nil {
		if is == m.highwater {
			m.highpassed = true
		}
		is = is.next
	}
	return is, mp + 1, true
}

// cntxtSkips is cntxt_item's test (opcodes.h CNTXT_ITEM): whether the run
// at map index mp is not at the item's slot off, so that the item's code
// is skipped (and 1 pushed in its place).
func (m *slotMap) cntxtSkips(off int8, mp int) bool { return 1+m.precontext+int(off) != mp }

// setUser is Slot::setAttr of user attribute sub (gr_slatUserDefn), as
// attr_set and iattr_set run it: ignored past the slot's count.
func setUser(s *slot, sub int, v int16) {
	if uint(sub) < uint(len(s.user)) {
		s.user[sub] = v
	}
}

// room reports whether n more pushes fit on the stack at sp without
// tripping graphite2's overflow check, with sp at or above the guard words
// (so that a write a fused operation leaves out is above the final top):
// the stack condition under which a fused push sequence is exact.
func room(sp, n int) bool { return uint(sp-stackGuard) < stackMax-uint(n) }

// b2i is 1 for true and 0 for false, the machine's truth value.
func b2i(b bool) int32 {
	if b {
		return 1
	}
	return 0
}

// exec runs one program from slot-map index mp and returns its value and
// the final map index, setting m.status as Machine::run does from the final
// stack pointer.
//
// The loop keeps the stack pointer, the slot-map index, the current slot
// and the program counter in locals. Go has no callee-saved registers, so
// that state must be spilled around any call it is live across, and the
// compiler places the spill where it dominates every such call: with
// calls in more than one place of the loop, on every dispatch. So the loop
// calls only at two sites: step, which takes the state and returns it
// (nothing live across the call), for the operations that call into the
// segment for more than an attribute store, and set, the one attribute
// store (setStoredAttr or setAttr). The loop has a single head, the
// dispatch (the next instruction's fetch and a fused operation's fallback
// both go back to it): a second loop there kept the spills at the fetch.
// The segment and the program are read through m (m.seg, m.code) where
// they are needed, not kept in locals: each further value live across the
// loop took a register from it and cost a reload on every dispatch.
//
// Each operation's semantics is written once, in a helper the plain and
// the fused cases both call (logicAnd, logicOp, cmpTrue, setBits,
// sm.next, sm.cntxtSkips, setUser, m.userAttr, Font.denseAttr,
// getFeature, parentOrSelf, setStoredAttr, colFlags); a fused case writes
// only the stack traffic its sequence leaves out. Measured exceptions
// (callgrind Ir per segment of graphite/shape's functions, Padauk /
// Annapurna / Awami, against 51744 / 36460 / 237353 for this form when
// they were measured; 51676 / 36440 / 237107 now):
//
//   - cntxt_item's skip (pc += skip, push 1) is written in its own case and
//     in mFeatCntxt and mAndCntxt: one shared label for all of them cost
//     52160 / 36602 / 238063 (+0.8 % / +0.4 % / +0.3 %).
//   - push_glyph_attr and push_att_to_gattr are here for dense attribute
//     tables and in step for sparse ones (the same slot and push, the read
//     through Font.glyphAttr): calling glyphAttr here, a third call site,
//     cost Padauk +0.5 %, Awami +0.3 %.
//   - mSlotBitsSet of ColFlags is here (colFlags, setBits, setFlags) and
//     of other attributes in step (getAttr, setBits, setAttr): leaving
//     ColFlags to step cost Awami +2.3 % (242993).
//
// Each dispatch is the switch's one indirect jump, which mispredicts
// whenever the next operation differs from the last, so the most frequent
// successions do without one: mFeatCntxt, placed just before
// mPushUserCmp, falls through into it when its cntxt_item does not skip
// and fuse has marked a PushUserCmp next (v 1), and mUserCmpRet and
// mGAttrUserRet end their programs themselves.
//
// graphite2 checks the stack after every instruction ((sp-sb)/STACK_MAX
// != 0 ends the run; fontvm also stops below the guard words). An
// instruction that leaves sp unchanged cannot trip that check, so exec
// tests only after those that push (overflow) or pop (underflow): the same
// condition at the same points.
//
// A fused operation (code.go) runs its whole sequence only when that is
// provably what running the instructions one by one would do: every slot
// it reads exists, no intermediate push can overflow, and every stack
// entry the sequence would have written but the fused form does not is
// above the final top at index 3 or more. Entries above the top are always
// written before they are read again; only the guard words (indices 0..2)
// can be read unwritten, by a program that underflows, even in a later
// run, so they must receive exactly the same writes. Otherwise the fused
// operation runs its first instruction alone and the loop goes on with the
// next one.
func (m *machine) exec(c *code, mp int) (int32, int) {
	sm := m.smap
	if sm.outOfBounds(c.maxRef) {
		m.status = stSlotOffsetOutOfBounds
		return 1, mp
	}
	st := &m.stack
	sp := stackGuard
	const sb = stackGuard
	is := sm.arr[mp]
	m.positioned = false
	m.code = c
	ins := c.instrs
	var ss *slot // set: the slot and the value to store
	var sv int16
	var in *instr // the instruction
	var op uint8  // its operation: in.op, or in.base when a fused one runs its first instruction alone
	pc := uint(0)
	if c.putCopy0 {
		// put_copy 0 first: the current slot is the map's, so it is its
		// own copy; only the flags change
		if is != nil && !is.isDeleted() {
			is.unmarkCopy()
		}
		pc = 1
	}
	if pc >= uint(len(ins)) {
		goto done
	}
	in = &ins[pc]
	pc++
	op = in.op
	// One loop, whose head is the dispatch: a fused operation's fallback
	// (op = in.base; continue) and the next instruction's fetch (next)
	// both go back to it. (A second loop around the switch for the
	// fallback made the compiler spill the loop state at the fetch on
	// every instruction, for the calls in set and slow.)
	for {
		switch op {
		case mNop:
			// nothing (a case, so that the jump table starts at 0)
		case mPush:
			sp++
			st[sp&stackMask] = in.v
			if sp >= sb+stackMax {
				goto done
			}
		case mAdd:
			v := st[sp&stackMask]
			sp--
			st[sp&stackMask] = int32(uint32(st[sp&stackMask]) + uint32(v))
			if sp < 0 {
				goto under
			}
		case mSub:
			v := st[sp&stackMask]
			sp--
			st[sp&stackMask] = int32(uint32(st[sp&stackMask]) - uint32(v))
			if sp < 0 {
				goto under
			}
		case mMul:
			v := st[sp&stackMask]
			sp--
			st[sp&stackMask] = int32(uint32(st[sp&stackMask]) * uint32(v))
			if sp < 0 {
				goto under
			}
		case mDiv:
			b := st[sp&stackMask]
			sp--
			x := st[sp&stackMask]
			if b == 0 || (x == -1<<31 && b == -1) {
				goto die
			}
			st[sp&stackMask] = x / b
			if sp < 0 {
				goto under
			}
		case mMin:
			v := st[sp&stackMask]
			sp--
			if v < st[sp&stackMask] {
				st[sp&stackMask] = v
			}
			if sp < 0 {
				goto under
			}
		case mMax:
			v := st[sp&stackMask]
			sp--
			if v > st[sp&stackMask] {
				st[sp&stackMask] = v
			}
			if sp < 0 {
				goto under
			}
		case mNeg:
			st[sp&stackMask] = int32(uint32(-st[sp&stackMask]))
		case mTrunc8:
			st[sp&stackMask] = int32(uint8(st[sp&stackMask]))
		case mTrunc16:
			st[sp&stackMask] = int32(uint16(st[sp&stackMask]))
		case mCond:
			f := st[sp&stackMask]
			t := st[(sp-1)&stackMask]
			cnd := st[(sp-2)&stackMask]
			sp -= 2
			if cnd != 0 {
				st[sp&stackMask] = t
			} else {
				st[sp&stackMask] = f
			}
			if sp < 0 {
				goto under
			}
		case mAnd:
			v := st[sp&stackMask]
			sp--
			st[sp&stackMask] = logicAnd(st[sp&stackMask], v)
			if sp < 0 {
				goto under
			}
		case mOr:
			v := st[sp&stackMask]
			sp--
			st[sp&stackMask] = logicOr(st[sp&stackMask], v)
			if sp < 0 {
				goto under
			}
		case mNot:
			st[sp&stackMask] = logicNot(st[sp&stackMask])
		case mEqual, mNotEq, mLess, mGtr, mLessEq, mGtrEq:
			v := st[sp&stackMask]
			sp--
			st[sp&stackMask] = cmpTrue(in.a, st[sp&stackMask], v)
			if sp < 0 {
				goto under
			}
		case mNext:
			var ok bool
			if is, mp, ok = sm.next(is, mp); !ok {
				goto die
			}
		case mPutCopy:
			if is != nil && !is.isDeleted() {
				if ref := sm.get(mp + int(in.off)); ref != nil && ref != is {
					goto slow // a real copy
				}
				is.unmarkCopy()
			}
		case mCntxtItem:
			if sm.cntxtSkips(in.off, mp) {
				pc += uint(in.skip)
				sp++
				st[sp&stackMask] = 1
				if sp >= sb+stackMax {
					goto done
				}
			}
		case mSetUser:
			v := st[sp&stackMask]
			sp--
			if is == nil {
				goto die
			}
			setUser(is, int(in.sub), int16(v))
			if sp < 0 {
				goto under
			}
		case mPushUser:
			if s := sm.get(mp + int(in.off)); s != nil {
				sp++
				st[sp&stackMask] = m.userAttr(s, int(in.sub))
				if sp >= sb+stackMax {
					goto done
				}
			}
		case mPushGlyphAttr, mPushAttToGAttr:
			if s := sm.get(mp + int(in.off)); s != nil {
				if op == mPushAttToGAttr {
					s = s.parentOrSelf()
				}
				v, ok := m.seg.face.denseAttr(s.glyph, in.v)
				if !ok {
					goto slow // sparse attributes: step
				}
				sp++
				st[sp&stackMask] = int32(v)
				if sp >= sb+stackMax {
					goto done
				}
			}
		case mPushFeat:
			if s := sm.get(mp + int(in.off)); s != nil {
				sp++
				st[sp&stackMask] = int32(m.seg.getFeature(int(in.a)))
				if sp >= sb+stackMax {
					goto done
				}
			}
		case mPopRet:
			goto done
		case mRetZero:
			sp++
			st[sp&stackMask] = 0
			goto done
		case mRetTrue:
			sp++
			st[sp&stackMask] = 1
			goto done
		case mBitOr, mBitAnd:
			v := st[sp&stackMask]
			sp--
			if (op == mBitAnd) != m.specOps {
				st[sp&stackMask] &= v
			} else {
				st[sp&stackMask] |= v
			}
			if sp < 0 {
				goto under
			}
		case mBitNot:
			st[sp&stackMask] = ^st[sp&stackMask]
		case mBitSet:
			st[sp&stackMask] = setBits(st[sp&stackMask], in.v, in.w)
		case mAttrSet:
			sv = int16(st[sp&stackMask])
			sp--
			if is == nil {
				goto die
			}
			ss = is
			goto set

		// Fused operations: each runs its sequence with the helpers its
		// instructions' own cases use, or, where that would not be exact,
		// dispatches its first instruction (in.base) alone.
		case mFeatCntxt:
			// PushFeat; CntxtItem: both pushes must fit
			s := sm.get(mp + int(in.off))
			if s == nil || !room(sp, 2) {
				op = in.base
				continue
			}
			sp++
			st[sp&stackMask] = int32(m.seg.getFeature(int(in.a)))
			pc++
			if sm.cntxtSkips(int8(in.sub), mp) {
				pc += uint(in.skip)
				sp++
				st[sp&stackMask] = 1
				if in.w != landNone {
					goto landed
				}
				break
			}
			if in.v == 0 {
				break
			}
			// the PushUserCmp that follows, without a dispatch
			in = &ins[pc]
			pc++
			fallthrough
		case mPushUserCmp:
			// PushUser; Push w; compare. Exact when the slot exists and
			// neither push can overflow; sp >= sb keeps the skipped
			// write of w above the stack top (never read before written).
			s := sm.get(mp + int(in.off))
			if s == nil || !room(sp, 2) {
				op = in.base
				continue
			}
			sp++
			st[sp&stackMask] = cmpTrue(in.a, m.userAttr(s, int(in.sub)), in.w)
			pc += 2
		case mPushCmp:
			if !room(sp, 1) {
				op = in.base
				continue
			}
			st[sp&stackMask] = cmpTrue(in.a, st[sp&stackMask], in.v)
			pc++
		case mAndRet:
			v := st[sp&stackMask]
			sp--
			st[sp&stackMask] = logicAnd(st[sp&stackMask], v)
			if sp < 0 {
				goto under
			}
			goto done
		case mNextRetZero:
			goto nextRetZero
		case mPushSetUser:
			if is == nil || !room(sp, 1) {
				op = in.base
				continue
			}
			setUser(is, int(in.sub), int16(in.v))
			pc++
		case mGAttrSetUser, mGAttrSet, mAttGAttrSet, mGAttrUserRet:
			// the glyph attribute push; SetUser (then Next; RetZero for
			// mGAttrUserRet) or AttrSet
			s := sm.get(mp + int(in.off))
			if s == nil || is == nil || !room(sp, 1) {
				op = in.base
				continue
			}
			if op == mAttGAttrSet {
				s = s.parentOrSelf()
			}
			v, ok := m.seg.face.denseAttr(s.glyph, in.v)
			if !ok {
				// sparse attributes: the push alone (in step), then
				// the store as its own instruction
				op = in.base
				continue
			}
			pc++
			if op == mGAttrSetUser {
				setUser(is, int(in.sub), v)
				break
			}
			if op == mGAttrUserRet {
				setUser(is, int(in.sub), v)
				goto nextRetZero
			}
			ss, sv = is, v
			goto set
		case mAndCntxt:
			v := st[sp&stackMask]
			sp--
			st[sp&stackMask] = logicAnd(st[sp&stackMask], v)
			if sp < 0 {
				goto under
			}
			pc++
			if sm.cntxtSkips(in.off, mp) {
				pc += uint(in.skip)
				sp++
				st[sp&stackMask] = 1
				if in.w != landNone {
					goto landed
				}
			}
		case mCntxtLand:
			if sm.cntxtSkips(in.off, mp) {
				pc += uint(in.skip)
				sp++
				st[sp&stackMask] = 1
				if sp >= sb+stackMax {
					goto done
				}
				goto landed
			}
		case mPushRet:
			sp++
			st[sp&stackMask] = in.v
			goto done
		case mNextPushRet:
			var ok bool
			if is, mp, ok = sm.next(is, mp); !ok {
				goto die
			}
			sp++
			st[sp&stackMask] = in.v
			goto done
		case mUserUserCmp, mUserCmpRet:
			s := sm.get(mp + int(in.off))
			s2 := sm.get(mp + int(int8(in.w)))
			if s == nil || s2 == nil || !room(sp, 2) {
				op = in.base
				continue
			}
			r := cmpTrue(in.a, m.userAttr(s, int(in.sub)), m.userAttr(s2, int(in.w>>8)))
			if op == mUserCmpRet && sp > sb {
				// And|Or; And; PopRet as mLogicAndRet runs them: the
				// comparison and the first result are above the final
				// top, out of the guard words (sp >= 3); otherwise the
				// comparison alone, and mLogicAndRet's own fallback
				r = logicOp(uint8(in.skip), st[sp&stackMask], r)
				sp--
				st[sp&stackMask] = logicAnd(st[sp&stackMask], r)
				goto done
			}
			sp++
			st[sp&stackMask] = r
			pc += 2
		case mCmpLogic:
			// compare; And|Or. The comparison's result, written at sp-1 by
			// the unfused pair, is above the final top: sp >= 4 keeps it
			// out of the guard words (never read before written).
			if sp < 4 {
				op = in.base
				continue
			}
			r := cmpTrue(in.a, st[(sp-1)&stackMask], st[sp&stackMask])
			sp -= 2
			st[sp&stackMask] = logicOp(in.sub, st[sp&stackMask], r)
			pc++
		case mLogicAndRet:
			// And|Or; And; PopRet, with the first result above the final
			// top (sp >= 4, as for mCmpLogic)
			if sp < 4 {
				op = in.base
				continue
			}
			r := logicOp(in.a, st[(sp-1)&stackMask], st[sp&stackMask])
			sp -= 2
			st[sp&stackMask] = logicAnd(st[sp&stackMask], r)
			goto done
		case mPushAttrSet:
			if is == nil || !room(sp, 1) {
				op = in.base
				continue
			}
			ss, sv = is, int16(in.v)
			pc++
			goto set
		case mSlotBitsSet:
			// PushSlotAttr ColFlags; BitSet; AttrSet ColFlags: getAttr's
			// and setAttr's ColFlags (the collision record's flags, 0
			// and nothing without one) need no call; the value pushed by
			// the unfused sequence is above the final top at index 3 or
			// more (sp >= sb), as in step. Other attributes run in step.
			s := sm.get(mp + int(in.off))
			if s == nil || is == nil || !room(sp, 1) {
				op = in.base
				continue
			}
			if in.a != slatColFlags || in.skip>>8 != slatColFlags {
				goto slow
			}
			x := setBits(m.seg.colFlags(s), in.v, in.w)
			if c := m.seg.collisionInfo(is); c != nil {
				c.setFlags(int16(x))
			}
			pc += 2
		default:
			goto slow
		}
	next:
		if pc >= uint(len(ins)) {
			goto done
		}
		in = &ins[pc]
		pc++
		op = in.op
		continue
	nextRetZero:
		// Next; RetZero: mNextRetZero, and the end of mGAttrUserRet
		{
			var ok bool
			if is, mp, ok = sm.next(is, mp); !ok {
				goto die
			}
		}
		sp++
		st[sp&stackMask] = 0
		goto done
	landed:
		// A cntxt_item skipped to a return (landRet: PopRet; landAndRet:
		// And; PopRet), with the 1 it pushed on top: run the return.
		if in.w == landAndRet {
			sp--
			st[sp&stackMask] = logicAnd(st[sp&stackMask], 1)
			if sp < 0 {
				goto under
			}
		}
		goto done
	set:
		// Slot::setAttr of attribute in.a (storedAttr) on slot ss with
		// value sv.
		if storedAttr(in.a) {
			m.seg.setStoredAttr(ss, in.a, sv)
		} else {
			m.setAttr(ss, int(in.a), int(in.sub), sv)
		}
		if sp < 0 {
			goto under
		}
		goto next
	slow:
		es, ctl := m.step(op, in, execState{sp, mp, is, pc})
		sp, mp, is, pc = es.sp, es.mp, es.is, es.pc
		switch ctl {
		case ctlDone:
			goto done
		case ctlDie:
			goto die
		case ctlUnder:
			goto under
		}
		goto next
	}
under:
	if m.status == stFinished {
		m.status = stStackUnderflow
	}
	goto done
die:
	is = m.seg.last
	m.status = stDiedEarly
	sp++
	st[sp&stackMask] = 1
done:
	if uint(mp) >= uint(len(sm.arr)) {
		// not reached (next and insert keep mp in the map); one test
		// instead of two on every run, and no bounds check below
		mp = min(max(mp, 0), len(sm.arr)-1)
	}
	sm.arr[mp] = is
	var ret int32
	if sp == sb+1 {
		ret = st[sp]
		sp--
	}
	if sp != sb && m.status == stFinished {
		switch {
		case sp < sb:
			m.status = stStackUnderflow
		case sp >= sb+stackMax:
			m.status = stStackOverflow
		default:
			m.status = stStackNotEmpty
		}
	}
	return ret, mp
}

// Control outcomes of step.
const (
	ctlNext  = iota // run on
	ctlDone         // the program ends
	ctlDie          // the program dies (graphite2's DIE)
	ctlUnder        // the stack underflowed
)

// execState is exec's loop state as step takes and returns it. It has
// four fields so that the compiler keeps it in registers (a struct of
// more fields is spilled to memory around the call).
type execState struct {
	sp, mp int   // stack pointer and slot-map index
	is     *slot // the current slot
	pc     uint  // the next instruction
}

// step runs operation op of instruction in, one that exec leaves out of
// its loop: those that call into the segment for more than a store
// (attribute getters, glyph changes, slot insertion and deletion, copies,
// positioning). Keeping those calls out of exec's loop keeps its state in
// registers. It takes exec's state and returns it with how exec goes on
// (ctlNext, ctlDone, ctlDie or ctlUnder).
func (m *machine) step(op uint8, in *instr, es execState) (execState, int) {
	sp, mp, is, pc := es.sp, es.mp, es.is, es.pc
	seg := m.seg
	sm := m.smap
	st := &m.stack
	const sb = stackGuard
	switch op {
	case mPutGlyph:
		if is == nil {
			return execState{sp, mp, is, pc}, ctlDie
		}
		seg.setGlyph(is, seg.silf.getClassGlyph(int(in.v), 0))
	case mPutSubs:
		if s := sm.get(mp + int(in.off)); s != nil {
			if is == nil {
				return execState{sp, mp, is, pc}, ctlDie
			}
			idx := seg.silf.findClassIndex(int(in.v), int(s.glyph))
			seg.setGlyph(is, seg.silf.getClassGlyph(int(in.w), idx))
		}
	case mPutCopy:
		// exec has checked that is is live and ref a slot other than is
		if is.parent != nil || is.child != nil {
			return execState{sp, mp, is, pc}, ctlDie
		}
		m.putCopy(is, sm.get(mp+int(in.off)))
		is.unmarkCopy()
	case mInsert:
		sm.maxSize--
		if sm.maxSize <= 0 {
			return execState{sp, mp, is, pc}, ctlDie
		}
		ns := seg.newSlot()
		if ns == nil {
			return execState{sp, mp, is, pc}, ctlDie
		}
		m.insert(is, ns)
		is = ns
		if mp != 0 {
			mp--
		}
	case mDelete:
		if is == nil || is.isDeleted() {
			return execState{sp, mp, is, pc}, ctlDie
		}
		is = m.delete(is)
	case mAssoc:
		mx, mn := int32(-1), int32(-1)
		for _, o := range m.code.assoc[in.v : int(in.v)+int(in.sub)] {
			ts := sm.get(mp + int(o))
			if ts != nil && (mn == -1 || ts.before < mn) {
				mn = ts.before
			}
			if ts != nil && ts.after > mx {
				mx = ts.after
			}
		}
		if mn > -1 {
			if is == nil {
				return execState{sp, mp, is, pc}, ctlDie
			}
			is.before = mn
			is.after = mx
		}
	case mAttrAdd, mAttrSub:
		v := uint32(st[sp&stackMask])
		sp--
		if in.pos && !m.positioned {
			m.position()
		}
		if is == nil {
			return execState{sp, mp, is, pc}, ctlDie
		}
		var res uint32
		if sub := int(in.sub); in.a == slatUserDefn {
			res = uint32(m.userAttr(is, sub)) // getAttr of a user attribute, without the call
		} else {
			res = uint32(m.getAttr(is, int(in.a), sub))
		}
		if op == mAttrAdd {
			m.setAttr(is, int(in.a), int(in.sub), int16(int32(v+res)))
		} else {
			m.setAttr(is, int(in.a), int(in.sub), int16(int32(res-v)))
		}
		if sp < 0 {
			return execState{sp, mp, is, pc}, ctlUnder
		}
	case mAttrSetSlot, mIAttrSetSlot:
		// attr_set_slot uses the offset as the index too; iattr_set_slot
		// has its own index operand.
		slat := int(in.a)
		off := 0
		if slat == slatAttTo {
			off = mp - 1
		}
		v := int(st[sp&stackMask]) + off
		sp--
		if is == nil {
			return execState{sp, mp, is, pc}, ctlDie
		}
		sub := off
		if op == mIAttrSetSlot {
			sub = int(in.sub)
		}
		m.setAttr(is, slat, sub, int16(v))
		if sp < 0 {
			return execState{sp, mp, is, pc}, ctlUnder
		}
	case mPushSlotAttr:
		if in.pos && !m.positioned {
			m.position()
		}
		if s := sm.get(mp + int(in.off)); s != nil {
			v, ok := s.advAttr(int(in.a)) // without the call
			if !ok {
				v = m.getAttr(s, int(in.a), int(in.sub))
			}
			sp++
			st[sp&stackMask] = int32(v)
			if sp >= sb+stackMax {
				return execState{sp, mp, is, pc}, ctlDone
			}
		}
	case mPushGlyphAttr, mPushAttToGAttr:
		// exec's form for sparse attributes
		if s := sm.get(mp + int(in.off)); s != nil {
			if op == mPushAttToGAttr {
				s = s.parentOrSelf()
			}
			sp++
			st[sp&stackMask] = int32(seg.glyphAttr(s.glyph, int(in.v)))
			if sp >= sb+stackMax {
				return execState{sp, mp, is, pc}, ctlDone
			}
		}
	case mPushGlyphMetric, mPushAttToGlyphMetric:
		if s := sm.get(mp + int(in.off)); s != nil {
			if op == mPushAttToGlyphMetric {
				s = s.parentOrSelf()
			}
			sp++
			st[sp&stackMask] = seg.glyphMetric(s, int(in.a), in.sub, sm.dir != 0)
			if sp >= sb+stackMax {
				return execState{sp, mp, is, pc}, ctlDone
			}
		}
	case mSetFeat:
		if s := sm.get(mp + int(in.off)); s != nil {
			v := uint32(st[sp&stackMask])
			sp--
			seg.setFeature(int(in.a), v)
			if sp < 0 {
				return execState{sp, mp, is, pc}, ctlUnder
			}
		}
	case mTempCopy:
		ns := seg.newSlot()
		if ns == nil || is == nil {
			return execState{sp, mp, is, pc}, ctlDie
		}
		m.tempCopy(ns, is)
		if mp >= 0 && mp < len(sm.arr) {
			sm.arr[mp] = ns
		}
	case mSlotBitsSet:
		// PushSlotAttr a, sub; BitSet; AttrSet: exec's ColFlags form, with
		// getAttr and setAttr (exec has checked that the sequence runs
		// fused)
		s := sm.get(mp + int(in.off))
		if in.pos && !m.positioned {
			m.position()
		}
		x := setBits(int32(m.getAttr(s, int(in.a), int(in.sub))), in.v, in.w)
		m.setAttr(is, int(in.skip>>8), int(in.skip&0xFF), int16(x))
		pc += 2
	}
	return execState{sp, mp, is, pc}, ctlNext
}

// position positions the slots of the rule, as graphite2 does before the
// first read or add of PosX/PosY in a run.
func (m *machine) position() {
	seg, sm := m.seg, m.smap
	seg.positionSlots(0, false, sm.at(0), sm.arr[sm.size], seg.currdir(), true)
	m.positioned = true
}

// simpleAttrs are the slot attributes whose Slot::setAttr is a plain
// store into the slot (setStoredAttr).
const simpleAttrs = 1<<slatAdvX | 1<<slatAdvY | 1<<slatAttX | 1<<slatAttY | 1<<slatAttWithX | 1<<slatAttWithY |
	1<<slatShiftX | 1<<slatShiftY | 1<<slatInsert

// collAttrs are the collision attributes (numbered from slatColFlags)
// whose Slot::setAttr is a plain store into the slot's collision record,
// if it has one (with SlotCollision's "known" flag cleared, except for
// ColFlags itself): setStoredAttr stores them too. ColShiftX and
// ColShiftY are left out (setAttr ignores them).
const collAttrs = 1<<(slatColFlags-slatColFlags) | 1<<(slatColLimBlx-slatColFlags) | 1<<(slatColLimBly-slatColFlags) |
	1<<(slatColLimTrx-slatColFlags) | 1<<(slatColLimTry-slatColFlags) | 1<<(slatColMargin-slatColFlags) |
	1<<(slatColMargWt-slatColFlags) | 1<<(slatColExclG-slatColFlags) | 1<<(slatColExclOx-slatColFlags) |
	1<<(slatColExclOy-slatColFlags) | 1<<(slatSeqClass-slatColFlags) | 1<<(slatSeqProx-slatColFlags) |
	1<<(slatSeqOrder-slatColFlags) | 1<<(slatSeqAboveXo-slatColFlags) | 1<<(slatSeqAboveWt-slatColFlags) |
	1<<(slatSeqBelowXl-slatColFlags) | 1<<(slatSeqBelowWt-slatColFlags) | 1<<(slatSeqValHt-slatColFlags) |
	1<<(slatSeqValWt-slatColFlags)

// simpleAttr reports whether slot attribute a is one of simpleAttrs.
func simpleAttr(a uint8) bool { return a < 64 && simpleAttrs>>a&1 != 0 }

// storedAttr reports whether setStoredAttr stores slot attribute a: one of
// simpleAttrs or of collAttrs (tested second, so the common plain stores
// pay for one test).
func storedAttr(a uint8) bool {
	d := a - slatColFlags // wraps for attributes below ColFlags
	return simpleAttr(a) || d < 64 && collAttrs>>d&1 != 0
}

// userAttr is Slot::getAttr of user attribute sub (gr_slatUserDefn) of s:
// 0 past the Silf's count.
//
// Every slot's user attributes hold exactly the Silf's number of them
// (allocSlot), so the bounds check against that number is the length's.
func (m *machine) userAttr(s *slot, sub int) int32 {
	if uint(sub) < uint(len(s.user)) {
		return int32(s.user[sub])
	}
	return 0
}

// putCopy is put_copy's copy of ref into is (opcodes.h PUT_COPY; is has
// no attachments).
func (m *machine) putCopy(is, ref *slot) {
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

// unmarkCopy is put_copy's last step (opcodes.h PUT_COPY): s is neither
// a copy nor deleted.
func (s *slot) unmarkCopy() {
	s.markCopied(false)
	s.markDeleted(false)
}

// parentOrSelf is the slot the push_att_to_* opcodes read (opcodes.h
// PUSH_ATT_TO_GATTR_OBS, PUSH_ATT_TO_GLYPH_METRIC): the one s is attached
// to, or s itself.
func (s *slot) parentOrSelf() *slot {
	if s.parent != nil {
		return s.parent
	}
	return s
}

// insert links the new slot ns in before is (the first slot from is on
// that is not deleted; at the end if none), as graphite2's insert does.
func (m *machine) insert(is, ns *slot) {
	seg, sm := m.seg, m.smap
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
	seg.numGlyphs++
}

// delete unlinks is (not deleted yet) and returns the new current slot
// (opcodes.h DELETE).
func (m *machine) delete(is *slot) *slot {
	seg, sm := m.seg, m.smap
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
	return is
}

// tempCopy makes ns a copy of is, marked as a copy (opcodes.h TEMP_COPY).
func (m *machine) tempCopy(ns, is *slot) {
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
}

// getFeature is Segment::getFeature: feature findex's value for the
// segment, 0 out of range.
func (g *segment) getFeature(findex int) uint32 {
	if findex < 0 || findex >= len(g.feats) {
		return 0
	}
	return g.feats[findex]
}

// setFeature is Segment::setFeature: sets feature findex, capped at its
// maximum value; ignored out of range.
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

// advAttr is Slot::getAttr of gr_slatAdvX and gr_slatAdvY (ok is false
// for other attributes): getAttr and step's push_slot_attr run it.
func (s *slot) advAttr(ind int) (v int, ok bool) {
	switch ind {
	case slatAdvX:
		return int(s.advance.x), true
	case slatAdvY:
		return int(s.advance.y), true
	}
	return 0, false
}

// getAttr is Slot::getAttr.
func (m *machine) getAttr(s *slot, ind, sub int) int {
	seg := m.seg
	if v, ok := s.advAttr(ind); ok {
		return v
	}
	if ind >= slatJStretch && ind < slatJStretch+20 && ind != slatJWidth {
		i := ind - slatJStretch
		return seg.getJustify(s, i/5, i%5)
	}
	switch ind {
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
		return int(m.userAttr(s, sub))
	case slatSegSplit:
		if c := seg.charinfo(s.original); c != nil {
			return int(c.flags & 3)
		}
		return 0
	case slatBidiLevel:
		return int(s.bidiLevel)
	case slatColFlags:
		return int(seg.colFlags(s))
	case slatColLimBlx, slatColLimBly, slatColLimTrx, slatColLimTry, slatColShiftX, slatColShiftY,
		slatColMargin, slatColMargWt, slatColExclG, slatColExclOx, slatColExclOy, slatSeqClass, slatSeqProx,
		slatSeqOrder, slatSeqAboveXo, slatSeqAboveWt, slatSeqBelowXl, slatSeqBelowWt, slatSeqValHt, slatSeqValWt:
		if c := seg.collisionInfo(s); c != nil {
			return c.getAttr(ind)
		}
		return 0
	}
	return 0
}

// getAttr is Slot::getAttr for the collision attributes but ColFlags
// (colFlags): the value in the collision record c.
func (c *slotCollision) getAttr(ind int) int {
	switch ind {
	case slatColLimBlx:
		return int(c.limit.blx)
	case slatColLimBly:
		return int(c.limit.bly)
	case slatColLimTrx:
		return int(c.limit.trx)
	case slatColLimTry:
		return int(c.limit.try)
	case slatColShiftX:
		return int(c.offset.x)
	case slatColShiftY:
		return int(c.offset.y)
	case slatColMargin:
		return int(c.margin)
	case slatColMargWt:
		return int(c.marginWt)
	case slatColExclG:
		return int(c.exclGlyph)
	case slatColExclOx:
		return int(c.exclOffset.x)
	case slatColExclOy:
		return int(c.exclOffset.y)
	case slatSeqClass:
		return int(c.seqClass)
	case slatSeqProx:
		return int(c.seqProxClass)
	case slatSeqOrder:
		return int(c.seqOrder)
	case slatSeqAboveXo:
		return int(c.seqAboveXoff)
	case slatSeqAboveWt:
		return int(c.seqAboveWt)
	case slatSeqBelowXl:
		return int(c.seqBelowXlim)
	case slatSeqBelowWt:
		return int(c.seqBelowWt)
	case slatSeqValHt:
		return int(c.seqValignHt)
	case slatSeqValWt:
		return int(c.seqValignWt)
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
	if ind == int(uint8(ind)) && storedAttr(uint8(ind)) {
		seg.setStoredAttr(s, uint8(ind), value)
		return
	}
	switch ind {
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
	case slatAttLevel:
		s.attLevel = uint8(value)
	case slatBreak:
		if c := seg.charinfo(s.original); c != nil {
			c.brk = int8(value)
		}
	case slatJWidth:
		s.just = float32(value)

	case slatSegSplit:
		if c := seg.charinfo(s.original); c != nil {
			c.flags |= uint8(value & 3)
		}
	case slatUserDefn:
		setUser(s, sub, value)
	}
}

// colFlags is Slot::getAttr of gr_slatColFlags: the flags of s's
// collision record, 0 without one.
func (g *segment) colFlags(s *slot) int32 {
	if c := g.collisionInfo(s); c != nil {
		return int32(c.flags)
	}
	return 0
}

// setFlags is Slot::setAttr's store of gr_slatColFlags into the collision
// record c (SlotCollision::setFlags).
func (c *slotCollision) setFlags(v int16) { c.flags = uint16(v) }

// getJustify is Slot::getJustify: justification attribute sub of level
// for slot s.
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

// setJustify is Slot::setJustify: sets justification attribute sub of
// level for slot s, allocating the slot's justification storage first.
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

// setStoredAttr is Slot::setAttr for the attributes storedAttr accepts
// with value sv: a plain store into the slot s (simpleAttrs), or into its
// collision record when it has one (collAttrs; any attribute but ColFlags
// clears the record's "known" flag). setAttr and exec's stores run it.
func (g *segment) setStoredAttr(s *slot, a uint8, sv int16) {
	fv := float32(sv)
	if simpleAttr(a) {
		switch a {
		case slatAdvX:
			s.advance.x = fv
		case slatAdvY:
			s.advance.y = fv
		case slatAttX:
			s.attach.x = fv
		case slatAttY:
			s.attach.y = fv
		case slatAttWithX:
			s.with.x = fv
		case slatAttWithY:
			s.with.y = fv
		case slatShiftX:
			s.shift.x = fv
		case slatShiftY:
			s.shift.y = fv
		case slatInsert:
			s.markInsertBefore(sv != 0)
		}
		return
	}
	c := g.collisionInfo(s)
	if c == nil {
		return
	}
	switch a {
	case slatColFlags:
		c.setFlags(sv)
	case slatColLimBlx:
		c.limit.blx = fv
	case slatColLimBly:
		c.limit.bly = fv
	case slatColLimTrx:
		c.limit.trx = fv
	case slatColLimTry:
		c.limit.try = fv
	case slatColMargin:
		c.margin = uint16(sv)
	case slatColMargWt:
		c.marginWt = uint16(sv)
	case slatColExclG:
		c.exclGlyph = uint16(sv)
	case slatColExclOx:
		c.exclOffset.x = fv
	case slatColExclOy:
		c.exclOffset.y = fv
	case slatSeqClass:
		c.seqClass = uint16(sv)
	case slatSeqProx:
		c.seqProxClass = uint16(sv)
	case slatSeqOrder:
		c.seqOrder = uint16(sv)
	case slatSeqAboveXo:
		c.seqAboveXoff = sv
	case slatSeqAboveWt:
		c.seqAboveWt = uint16(sv)
	case slatSeqBelowXl:
		c.seqBelowXlim = sv
	case slatSeqBelowWt:
		c.seqBelowWt = uint16(sv)
	case slatSeqValHt:
		c.seqValignHt = uint16(sv)
	case slatSeqValWt:
		c.seqValignWt = uint16(sv)
	}
	if a != slatColFlags {
		c.flags &^= collKnown
	}
}
