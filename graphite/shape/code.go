package shape

import (
	"fontvm/graphite"
	"fontvm/graphite/isa"
)

// Machine operations: the instruction set the engine runs, one per
// behaviour. newCode maps each graphite2 opcode to one of them, folding the
// variants that differ only in how their operands are stored (byte or
// short pushes, 8- or 16-bit class and attribute numbers, indexed or plain
// attribute forms) and splitting out the common special cases (user
// attributes). The numbering is dense so that exec's switch is a jump table.
// Each line gives the graphite2 opcodes (hex) it runs, its operands (instr
// fields) and its stack effect; the semantics are those of graphite2's
// opcodes.h, documented in machine.go where they are not obvious.
const (
	mNop                  = iota // 0x00 nop, and the opcodes graphite2 refuses to load (0x1A next_n, 0x2F, 0x39, 0x3A)
	mPush                        // 0x01-0x05 push_byte(_u)/short(_u)/long, 0x36 push_proc_state (1), 0x37 push_version (0x30000): pushes v
	mAdd                         // 0x06 add: pops 2, pushes 1 (wrapping)
	mSub                         // 0x07 sub: pops 2, pushes 1 (wrapping)
	mMul                         // 0x08 mul: pops 2, pushes 1 (wrapping)
	mDiv                         // 0x09 div: pops 2, pushes 1; dies on x/0 and MinInt32/-1
	mMin                         // 0x0A min: pops 2, pushes 1 (signed)
	mMax                         // 0x0B max: pops 2, pushes 1 (signed)
	mNeg                         // 0x0C neg: pops 1, pushes 1
	mTrunc8                      // 0x0D trunc8: pops 1, pushes 1
	mTrunc16                     // 0x0E trunc16: pops 1, pushes 1
	mCond                        // 0x0F cond: pops 3, pushes 1
	mAnd                         // 0x10 and (logical): pops 2, pushes 1
	mOr                          // 0x11 or (logical): pops 2, pushes 1
	mNot                         // 0x12 not (logical): pops 1, pushes 1
	mEqual                       // 0x13 equal: pops 2, pushes 1
	mNotEq                       // 0x14 not_eq: pops 2, pushes 1
	mLess                        // 0x15 less (signed): pops 2, pushes 1
	mGtr                         // 0x16 gtr: pops 2, pushes 1
	mLessEq                      // 0x17 less_eq: pops 2, pushes 1
	mGtrEq                       // 0x18 gtr_eq: pops 2, pushes 1
	mNext                        // 0x19 next, 0x1B copy_next: moves to the next slot
	mPutGlyph                    // 0x1C put_glyph_8bit_obs, 0x3B put_glyph: class v's first glyph into the current slot
	mPutSubs                     // 0x1D put_subs_8bit_obs, 0x38 put_subs: slot off's glyph mapped from class v to class w
	mPutCopy                     // 0x1E put_copy: copies slot off into the current slot
	mInsert                      // 0x1F insert: a new slot before the current one
	mDelete                      // 0x20 delete: unlinks the current slot
	mAssoc                       // 0x21 assoc: sub slot offsets at code.assoc[v:]
	mCntxtItem                   // 0x22 cntxt_item: unless at slot off, skips skip instructions and pushes 1
	mAttrSet                     // 0x23 attr_set, 0x33 iattr_set: attribute a, index sub of the current slot; pops 1
	mAttrAdd                     // 0x24 attr_add, 0x34 iattr_add: pops 1 (pos: positions the slots first)
	mAttrSub                     // 0x25 attr_sub, 0x35 iattr_sub: pops 1 (pos: positions the slots first)
	mAttrSetSlot                 // 0x26 attr_set_slot: attribute a (AttTo: relative to the current slot); pops 1
	mIAttrSetSlot                // 0x27 iattr_set_slot: attribute a, index sub; pops 1
	mSetUser                     // 0x33 iattr_set of UserDefn: user attribute sub of the current slot; pops 1
	mPushSlotAttr                // 0x28 push_slot_attr, 0x2E push_islot_attr: attribute a, index sub of slot off; pushes 1 if the slot exists
	mPushUser                    // 0x2E push_islot_attr of UserDefn (0x28 of UserDefnV1): user attribute sub of slot off; pushes 1 if it exists
	mPushGlyphAttr               // 0x29 push_glyph_attr_obs, 0x3C push_glyph_attr: glyph attribute v of slot off; pushes 1 if it exists
	mPushAttToGAttr              // 0x2C push_att_to_gattr_obs, 0x3D push_att_to_glyph_attr: the same for slot off's parent (or itself)
	mPushGlyphMetric             // 0x2A push_glyph_metric: metric a at attachment level sub of slot off; pushes 1 if it exists
	mPushAttToGlyphMetric        // 0x2D push_att_to_glyph_metric: the same for slot off's parent (or itself)
	mPushFeat                    // 0x2B push_feat: feature a; pushes 1 if slot off exists
	mPopRet                      // 0x30 pop_ret: ends with the top of the stack
	mRetZero                     // 0x31 ret_zero: pushes 0, ends
	mRetTrue                     // 0x32 ret_true: pushes 1, ends
	mBitOr                       // 0x3E: pops 2, pushes 1; OR as graphite2 runs it (AND with Options.SpecBitOps)
	mBitAnd                      // 0x3F: pops 2, pushes 1; AND as graphite2 runs it (OR with Options.SpecBitOps)
	mBitNot                      // 0x40 bitnot: pops 1, pushes 1
	mBitSet                      // 0x41 setbits: clears mask v, sets bits w; pops 1, pushes 1
	mSetFeat                     // 0x42 set_feat: feature a (if slot off exists); pops 1 then
	mTempCopy                    // graphite2's temporary copy of the current slot, inserted by the load-time analysis

	// Fused operations (superinstructions): set by fuse on the first
	// instruction of a common sequence, whose other instructions stay in
	// place after it (a cntxt_item may skip into the middle of the
	// sequence). The fused form runs the whole sequence at once when that
	// is provably the same as running it instruction by instruction,
	// with the helpers the plain operations use; otherwise exec runs its
	// own instruction alone, through that operation's case (instr.base).
	mPushUserCmp  // PushUser; Push w; compare (cmpBits a)
	mPushCmp      // Push v; compare (cmpBits a)
	mAndRet       // And; PopRet
	mNextRetZero  // Next; RetZero
	mPushAttrSet  // Push v; AttrSet a, sub
	mPushSetUser  // Push v; SetUser sub
	mGAttrSetUser // PushGlyphAttr v of slot off; SetUser sub
	mFeatCntxt    // PushFeat a of slot off; CntxtItem int8(sub), skip (landing w; v 1: a PushUserCmp follows)
	mAndCntxt     // And; CntxtItem off, skip (landing w)
	mPushRet      // Push v; PopRet
	mNextPushRet  // Next; Push v; PopRet
	mGAttrSet     // PushGlyphAttr v of slot off; AttrSet a, sub
	mAttGAttrSet  // PushAttToGAttr v of slot off; AttrSet a, sub
	mSlotBitsSet  // PushSlotAttr a, sub of slot off; BitSet v, w; AttrSet skip>>8, skip&0xFF
	mUserUserCmp  // PushUser sub of slot off; PushUser w>>8 of slot int8(w); compare (cmpBits a)
	mCmpLogic     // compare (cmpBits a); And (sub 0) or Or (sub 1)
	mLogicAndRet  // And (a 0) or Or (a 1); And; PopRet
	mCntxtLand    // CntxtItem off, skip whose skip lands on a return (landing w)
	mUserCmpRet   // mUserUserCmp's sequence; And (skip 0) or Or (skip 1); And; PopRet
	mGAttrUserRet // PushGlyphAttr v of slot off; SetUser sub; Next; RetZero
	mNumOps
)

// Landings of a cntxt_item's skip (instr.w of mCntxtLand, mFeatCntxt and
// mAndCntxt): what the instructions it skips to do with the 1 it pushes.
const (
	landNone   = iota // anything else
	landRet           // PopRet: the run ends with 1
	landAndRet        // And; PopRet: the run ends with the value below, as a truth value
)

// instr is one instruction as the engine runs it: the operands decoded
// once at load into fixed fields (16 bytes, no pointers).
type instr struct {
	op   uint8
	a    uint8  // slot attribute, glyph metric or feature number
	sub  uint8  // attribute index, attachment level, assoc count
	off  int8   // slot offset relative to the current slot
	skip uint16 // cntxt_item: instructions to skip
	pos  bool   // the attribute is a position (PosX, PosY): position the slots first
	base uint8  // the unfused operation (op for an instruction that is not fused)
	v, w int32  // constant, class, glyph attribute, mask / class, bits
}

// code is one rule program, a constraint or an action, in the form the
// machine runs: graphite.Code's instructions with CopyNext run as Next and
// graphite2's temporary copies inserted.
type code struct {
	instrs     []instr // in the same allocation as the code, right after it (allocCode)
	maxRef     int
	putCopy0   bool   // the first instruction is put_copy 0 (exec runs it before its loop)
	assoc      []int8 // Assoc slot offsets, indexed by instr.v
	constraint bool
	modify     bool
	deletes    bool
}

// allocCode allocates a code with room for n instructions placed right
// after it in memory, so that running a program touches adjacent cache
// lines (the machine reads the code, then its first instructions).
func allocCode(n int) *code {
	switch {
	case n <= 4:
		b := new(struct {
			c code
			i [4]instr
		})
		b.c.instrs = b.i[:0:n]
		return &b.c
	case n <= 8:
		b := new(struct {
			c code
			i [8]instr
		})
		b.c.instrs = b.i[:0:n]
		return &b.c
	case n <= 16:
		b := new(struct {
			c code
			i [16]instr
		})
		b.c.instrs = b.i[:0:n]
		return &b.c
	case n <= 32:
		b := new(struct {
			c code
			i [32]instr
		})
		b.c.instrs = b.i[:0:n]
		return &b.c
	}
	return &code{instrs: make([]instr, 0, n)}
}

// newCode builds the runnable form of a decoded code block (nil for none),
// as graphite2's Machine::Code::Code (Code.cpp) does.
func newCode(gc *graphite.Code) *code {
	if gc == nil || len(gc.Instrs) == 0 {
		return nil
	}
	c := allocCode(len(gc.Instrs) + len(gc.TempCopyAt))
	c.constraint, c.modify, c.deletes, c.maxRef = gc.Constraint, gc.Modifies, gc.Deletes, gc.MaxRef
	c.instrs = c.instrs[:len(gc.Instrs)]
	na := 0
	for _, in := range gc.Instrs {
		if in.Op == isa.Assoc && len(in.Args) > 0 {
			na += int(in.Args[0])
		}
	}
	if na > 0 {
		c.assoc = make([]int8, 0, na)
	}
	for i, in := range gc.Instrs {
		c.instrs[i] = c.decodeInstr(in)
	}
	for _, at := range gc.TempCopyAt {
		at = min(at, len(c.instrs))
		c.instrs = append(c.instrs, instr{})
		copy(c.instrs[at+1:], c.instrs[at:])
		c.instrs[at] = instr{op: mTempCopy}
	}
	c.fuse()
	return c
}

// cmpBits encodes a comparison for cmpTrue: bit 0 is the result when
// x < y, bit 1 when x == y, bit 2 when x > y (0 for other operations).
func cmpBits(op uint8) uint8 {
	switch op {
	case mEqual:
		return 0b010
	case mNotEq:
		return 0b101
	case mLess:
		return 0b001
	case mGtr:
		return 0b100
	case mLessEq:
		return 0b011
	case mGtrEq:
		return 0b110
	}
	return 0
}

// cmpTrue is x compared with y by the comparison cmpBits encodes: 1 or 0
// (opcodes.h EQUAL, NOT_EQ, LESS, GTR, LESS_EQ, GTR_EQ).
func cmpTrue(bits uint8, x, y int32) int32 {
	return int32(bits>>(b2i(x >= y)+b2i(x > y))) & 1
}

// fuse marks the first instruction of each fusable sequence (see the fused
// operations) and notes a leading put_copy 0 (code.putCopy0). Each
// instruction keeps its own operands; the fused operation's extra operands
// go into fields its own operation does not use.
func (c *code) fuse() {
	ins := c.instrs
	c.putCopy0 = len(ins) > 0 && ins[0].op == mPutCopy && ins[0].off == 0
	for i := range ins {
		ins[i].base = ins[i].op
	}
	landing := func(l int) int32 {
		switch {
		case l < 0 || l >= len(ins):
		case ins[l].base == mPopRet:
			return landRet
		case ins[l].base == mAnd && l+1 < len(ins) && ins[l+1].base == mPopRet:
			return landAndRet
		}
		return landNone
	}
	for i := range ins {
		in := &ins[i]
		var n1, n2 uint8 = mNumOps, mNumOps
		if i+1 < len(ins) {
			n1 = ins[i+1].base
		}
		if i+2 < len(ins) {
			n2 = ins[i+2].base
		}
		switch in.base {
		case mPushUser:
			if n1 == mPush {
				if cb := cmpBits(n2); cb != 0 {
					in.op, in.a, in.w = mPushUserCmp, cb, ins[i+1].v
				}
			} else if n1 == mPushUser && cmpBits(n2) != 0 {
				in.op, in.a = mUserUserCmp, cmpBits(n2)
				in.w = int32(uint8(ins[i+1].off)) | int32(ins[i+1].sub)<<8
				if i+5 < len(ins) && (ins[i+3].base == mAnd || ins[i+3].base == mOr) &&
					ins[i+4].base == mAnd && ins[i+5].base == mPopRet {
					in.op, in.skip = mUserCmpRet, uint16(b2u8(ins[i+3].base == mOr))
				}
			}
		case mEqual, mNotEq, mLess, mGtr, mLessEq, mGtrEq:
			if n1 == mAnd || n1 == mOr {
				in.op, in.a, in.sub = mCmpLogic, cmpBits(in.base), b2u8(n1 == mOr)
			}
		case mOr:
			if n1 == mAnd && n2 == mPopRet {
				in.op, in.a = mLogicAndRet, 1
			}
		case mPush:
			if cb := cmpBits(n1); cb != 0 {
				in.op, in.a = mPushCmp, cb
			} else if n1 == mPopRet {
				in.op = mPushRet
			} else if n1 == mAttrSet {
				in.op, in.a, in.sub = mPushAttrSet, ins[i+1].a, ins[i+1].sub
			} else if n1 == mSetUser {
				in.op, in.sub = mPushSetUser, ins[i+1].sub
			}
		case mAnd:
			if n1 == mPopRet {
				in.op = mAndRet
			} else if n1 == mAnd && n2 == mPopRet {
				in.op, in.a = mLogicAndRet, 0
			} else if n1 == mCntxtItem {
				in.op, in.off, in.skip = mAndCntxt, ins[i+1].off, ins[i+1].skip
				in.w = landing(i + 2 + int(in.skip))
			}
		case mCntxtItem:
			if w := landing(i + 1 + int(in.skip)); w != landNone {
				in.op, in.w = mCntxtLand, w
			}
		case mNext:
			if n1 == mRetZero {
				in.op = mNextRetZero
			} else if n1 == mPush && n2 == mPopRet {
				in.op, in.v = mNextPushRet, ins[i+1].v
			}
		case mPushGlyphAttr:
			if n1 == mSetUser {
				in.op, in.sub = mGAttrSetUser, ins[i+1].sub
				if n2 == mNext && i+3 < len(ins) && ins[i+3].base == mRetZero {
					in.op = mGAttrUserRet
				}
			} else if n1 == mAttrSet {
				in.op, in.a, in.sub = mGAttrSet, ins[i+1].a, ins[i+1].sub
			}
		case mPushAttToGAttr:
			if n1 == mAttrSet {
				in.op, in.a, in.sub = mAttGAttrSet, ins[i+1].a, ins[i+1].sub
			}
		case mPushFeat:
			if n1 == mCntxtItem {
				in.op, in.sub, in.skip = mFeatCntxt, uint8(ins[i+1].off), ins[i+1].skip
				in.w = landing(i + 2 + int(in.skip))
			}
		case mPushSlotAttr:
			if n1 == mBitSet && n2 == mAttrSet {
				in.op, in.v, in.w = mSlotBitsSet, ins[i+1].v, ins[i+1].w
				in.skip = uint16(ins[i+2].a)<<8 | uint16(ins[i+2].sub)
			}
		}
	}
	// a cntxt_item that does not skip goes on with the next instruction,
	// most often a PushUserCmp, which exec then runs without a dispatch
	for i := range ins {
		if ins[i].op == mFeatCntxt && i+2 < len(ins) && ins[i+2].op == mPushUserCmp {
			ins[i].v = 1
		}
	}
}

// decodeInstr maps one graphite2 instruction to a machine operation. The
// loader has checked the argument counts; a missing byte reads as 0.
func (c *code) decodeInstr(in graphite.Instr) instr {
	a := in.Args
	u8 := func(i int) uint8 {
		if i < len(a) {
			return a[i]
		}
		return 0
	}
	s8 := func(i int) int8 { return int8(u8(i)) }
	u16 := func(i int) int32 { return int32(uint16(u8(i))<<8 | uint16(u8(i+1))) }
	isPos := func(slat uint8) bool { return slat == slatPosX || slat == slatPosY }
	switch in.Op {
	case isa.PushByte:
		return instr{op: mPush, v: int32(s8(0))}
	case isa.PushByteU:
		return instr{op: mPush, v: int32(u8(0))}
	case isa.PushShort:
		return instr{op: mPush, v: int32(int16(u16(0)))}
	case isa.PushShortU:
		return instr{op: mPush, v: u16(0)}
	case isa.PushLong:
		return instr{op: mPush, v: int32(uint32(u16(0))<<16 | uint32(u16(2)))}
	case isa.PushProcState:
		return instr{op: mPush, v: 1}
	case isa.PushVersion:
		return instr{op: mPush, v: 0x00030000}
	case isa.Add:
		return instr{op: mAdd}
	case isa.Sub:
		return instr{op: mSub}
	case isa.Mul:
		return instr{op: mMul}
	case isa.Div:
		return instr{op: mDiv}
	case isa.Min:
		return instr{op: mMin}
	case isa.Max:
		return instr{op: mMax}
	case isa.Neg:
		return instr{op: mNeg}
	case isa.Trunc8:
		return instr{op: mTrunc8}
	case isa.Trunc16:
		return instr{op: mTrunc16}
	case isa.Cond:
		return instr{op: mCond}
	case isa.And:
		return instr{op: mAnd}
	case isa.Or:
		return instr{op: mOr}
	case isa.Not:
		return instr{op: mNot}
	case isa.Equal:
		return instr{op: mEqual, a: cmpBits(mEqual)}
	case isa.NotEq:
		return instr{op: mNotEq, a: cmpBits(mNotEq)}
	case isa.Less:
		return instr{op: mLess, a: cmpBits(mLess)}
	case isa.Gtr:
		return instr{op: mGtr, a: cmpBits(mGtr)}
	case isa.LessEq:
		return instr{op: mLessEq, a: cmpBits(mLessEq)}
	case isa.GtrEq:
		return instr{op: mGtrEq, a: cmpBits(mGtrEq)}
	case isa.Next, isa.CopyNext:
		return instr{op: mNext}
	case isa.PutGlyph8:
		return instr{op: mPutGlyph, v: int32(u8(0))}
	case isa.PutGlyph:
		return instr{op: mPutGlyph, v: u16(0)}
	case isa.PutSubs8:
		return instr{op: mPutSubs, off: s8(0), v: int32(u8(1)), w: int32(u8(2))}
	case isa.PutSubs:
		return instr{op: mPutSubs, off: s8(0), v: u16(1), w: u16(3)}
	case isa.PutCopy:
		return instr{op: mPutCopy, off: s8(0)}
	case isa.Insert:
		return instr{op: mInsert}
	case isa.Delete:
		return instr{op: mDelete}
	case isa.Assoc:
		num := u8(0)
		start := len(c.assoc)
		for k := 1; k <= int(num); k++ {
			c.assoc = append(c.assoc, s8(k))
		}
		return instr{op: mAssoc, sub: num, v: int32(start)}
	case isa.ContextItem:
		return instr{op: mCntxtItem, off: s8(0), skip: uint16(in.Body)}
	case isa.AttrSet, isa.IAttrSet:
		slat, sub := u8(0), uint8(0)
		if in.Op == isa.IAttrSet {
			sub = u8(1)
		}
		if slat == slatUserDefn {
			return instr{op: mSetUser, sub: sub}
		}
		return instr{op: mAttrSet, a: slat, sub: sub}
	case isa.AttrAdd, isa.AttrSub, isa.IAttrAdd, isa.IAttrSub:
		slat, sub := u8(0), uint8(0)
		if in.Op == isa.IAttrAdd || in.Op == isa.IAttrSub {
			sub = u8(1)
		}
		op := uint8(mAttrAdd)
		if in.Op == isa.AttrSub || in.Op == isa.IAttrSub {
			op = mAttrSub
		}
		return instr{op: op, a: slat, sub: sub, pos: isPos(slat)}
	case isa.AttrSetSlot:
		return instr{op: mAttrSetSlot, a: u8(0)}
	case isa.IAttrSetSlot:
		return instr{op: mIAttrSetSlot, a: u8(0), sub: u8(1)}
	case isa.PushSlotAttr, isa.PushISlotAttr:
		slat, sub := u8(0), uint8(0)
		if in.Op == isa.PushISlotAttr {
			sub = u8(2)
		}
		switch slat {
		case slatUserDefnV1:
			return instr{op: mPushUser, off: s8(1)}
		case slatUserDefn:
			return instr{op: mPushUser, off: s8(1), sub: sub}
		}
		return instr{op: mPushSlotAttr, a: slat, off: s8(1), sub: sub, pos: isPos(slat)}
	case isa.PushGlyphAttr8:
		return instr{op: mPushGlyphAttr, off: s8(1), v: int32(u8(0))}
	case isa.PushGlyphAttr:
		return instr{op: mPushGlyphAttr, off: s8(2), v: u16(0)}
	case isa.PushAttToGlyphAttr8:
		return instr{op: mPushAttToGAttr, off: s8(1), v: int32(u8(0))}
	case isa.PushAttToGlyphAttr:
		return instr{op: mPushAttToGAttr, off: s8(2), v: u16(0)}
	case isa.PushGlyphMetric:
		return instr{op: mPushGlyphMetric, a: u8(0), off: s8(1), sub: u8(2)}
	case isa.PushAttToGlyphMetric:
		return instr{op: mPushAttToGlyphMetric, a: u8(0), off: s8(1), sub: u8(2)}
	case isa.PushFeat:
		return instr{op: mPushFeat, a: u8(0), off: s8(1)}
	case isa.PopRet:
		return instr{op: mPopRet}
	case isa.RetZero:
		return instr{op: mRetZero}
	case isa.RetTrue:
		return instr{op: mRetTrue}
	case isa.BitOr:
		return instr{op: mBitOr}
	case isa.BitAnd:
		return instr{op: mBitAnd}
	case isa.BitNot:
		return instr{op: mBitNot}
	case isa.SetBits:
		return instr{op: mBitSet, v: u16(0), w: u16(2)}
	case isa.SetFeat:
		return instr{op: mSetFeat, a: u8(0), off: s8(1)}
	}
	return instr{op: mNop}
}

// b2u8 is 1 for true and 0 for false, as a uint8 operand field.
func b2u8(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}

// Outcomes of a constraint run that testConstraint knows without running
// it (constraintRuns).
const (
	runExec    = iota // run the program
	runTrue           // the run returns non-zero
	runFeat           // the run returns non-zero iff feature feat is non-zero
	runNotFeat        // the run returns non-zero iff feature feat is zero
)

// runAnalysis is constraintRuns' state for one face.
type runAnalysis struct {
	budget int
	ins    []instr
}

// runBudget bounds the work of constraintRuns for one face.
const runBudget = 1 << 24

// constraintRuns returns, for a rule of sort slots with pre-context pre
// and constraint gc, the slots n (n < 64) at which the constraint's run is
// known without running it, as masks: trueAt where it returns non-zero,
// featAt where it returns non-zero iff feature feat of the segment is
// non-zero, and notAt where it does iff that feature is zero. At those
// slots every instruction the run reaches is a cntxt_item for another slot
// (the run is at slot n-pre relative to the rule's first matched slot),
// a constant push, push_feat of the current slot (which exists: the caller
// runs the constraint only at slots that do), a logical operation or a
// return, the stack never underflows (the guard words are neither read nor
// written) and the run ends with exactly one value on it. Such a run
// changes nothing but stack entries above its final top, which are always
// written before they are read again (see exec); exec's slot-offset check,
// which does not depend on n, remains for the caller to make.
//
// The analysis of one face is bounded: a is its scratch state, and once
// a.budget (instructions decoded or evaluated) runs out, no more runs are
// known.
func constraintRuns(a *runAnalysis, gc *graphite.Code, sort, pre int) (trueAt, featAt, notAt uint64, feat uint8) {
	if gc == nil || len(gc.Instrs) == 0 || len(gc.TempCopyAt) != 0 || len(gc.Instrs) > 256 {
		return 0, 0, 0, 0
	}
	cost := (1 + min(sort, 64)) * len(gc.Instrs)
	if a.budget < cost {
		return 0, 0, 0, 0
	}
	a.budget -= cost
	var scratch code
	ins := a.ins[:0]
	for _, in := range gc.Instrs {
		ins = append(ins, scratch.decodeInstr(in))
	}
	a.ins = ins
	// a run depends on its slot only through the cntxt_items whose slot
	// it is: runs at slots no cntxt_item names are evaluated once
	var items [4]int8
	ni := 0
	for i := range ins {
		if ins[i].op == mCntxtItem {
			if ni == len(items) {
				ni = -1
				break
			}
			items[ni] = ins[i].off
			ni++
		}
	}
	otherKind, otherFeat, haveOther := runExec, uint8(0), false
	haveFeat := false
	for n := 0; n < sort && n < 64; n++ {
		rel := n - pre
		named := ni < 0
		for _, o := range items[:max(ni, 0)] {
			named = named || int(o) == rel
		}
		var kind int
		var f uint8
		switch {
		case named:
			kind, f = constraintRun(ins, rel)
		case haveOther:
			kind, f = otherKind, otherFeat
		default:
			kind, f = constraintRun(ins, rel)
			otherKind, otherFeat, haveOther = kind, f, true
		}
		if kind == runFeat || kind == runNotFeat {
			if haveFeat && f != feat {
				continue // one feature per rule
			}
			haveFeat, feat = true, f
		}
		switch kind {
		case runTrue:
			trueAt |= 1 << uint(n)
		case runFeat:
			featAt |= 1 << uint(n)
		case runNotFeat:
			notAt |= 1 << uint(n)
		}
	}
	return trueAt, featAt, notAt, feat
}

// constraintRun evaluates the unfused program ins symbolically as run at
// the slot rel places after the rule's first matched one (exec's semantics
// for the operations it accepts) and returns the run's outcome and, for
// runFeat and runNotFeat, the feature.
func constraintRun(ins []instr, rel int) (int, uint8) {
	// a value: a constant, or the truth of a feature (negated with neg)
	type val struct {
		c    int32
		feat int // -1 for a constant
		neg  bool
	}
	var st [16]val
	sp := 0
	end := func() (int, uint8) {
		if sp != 1 {
			return runExec, 0
		}
		v := st[0]
		switch {
		case v.feat < 0 && v.c != 0:
			return runTrue, 0
		case v.feat < 0:
			return runExec, 0
		case v.neg:
			return runNotFeat, uint8(v.feat)
		}
		return runFeat, uint8(v.feat)
	}
	for pc := 0; pc < len(ins); {
		in := &ins[pc]
		pc++
		switch in.op {
		case mCntxtItem:
			if int(in.off) == rel || sp == len(st) {
				return runExec, 0 // the item's own code runs
			}
			pc += int(in.skip)
			st[sp] = val{c: 1, feat: -1}
			sp++
		case mPush:
			if sp == len(st) {
				return runExec, 0
			}
			st[sp] = val{c: in.v, feat: -1}
			sp++
		case mPushFeat:
			if in.off != 0 || sp == len(st) {
				return runExec, 0
			}
			st[sp] = val{feat: int(in.a)}
			sp++
		case mAnd, mOr:
			if sp < 2 {
				return runExec, 0
			}
			x, y := st[sp-2], st[sp-1]
			sp--
			if x.feat >= 0 && y.feat >= 0 {
				return runExec, 0
			}
			if x.feat >= 0 {
				x, y = y, x // x is the constant
			}
			and := in.op == mAnd
			switch {
			case y.feat < 0: // both constants
				st[sp-1] = val{c: logicOp(b2u8(!and), x.c, y.c), feat: -1}
			case and && x.c == 0:
				st[sp-1] = val{c: 0, feat: -1}
			case !and && x.c != 0:
				st[sp-1] = val{c: 1, feat: -1}
			default: // the feature's truth
				st[sp-1] = y
			}
		case mNot:
			if sp < 1 {
				return runExec, 0
			}
			if v := st[sp-1]; v.feat < 0 {
				st[sp-1] = val{c: logicNot(v.c), feat: -1}
			} else {
				st[sp-1] = val{feat: v.feat, neg: !v.neg}
			}
		case mPopRet:
			return end()
		case mRetTrue:
			if sp != 0 {
				return runExec, 0
			}
			return runTrue, 0
		default:
			return runExec, 0
		}
	}
	return end()
}
