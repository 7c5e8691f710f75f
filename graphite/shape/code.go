package shape

import "fontvm/graphite"

// Opcodes of the Graphite stack machine, numbered as graphite2 numbers them.
const (
	opNop = iota
	opPushByte
	opPushByteU
	opPushShort
	opPushShortU
	opPushLong
	opAdd
	opSub
	opMul
	opDiv
	opMin
	opMax
	opNeg
	opTrunc8
	opTrunc16
	opCond
	opAnd
	opOr
	opNot
	opEqual
	opNotEq
	opLess
	opGtr
	opLessEq
	opGtrEq
	opNext
	opNextN
	opCopyNext
	opPutGlyph8
	opPutSubs8
	opPutCopy
	opInsert
	opDelete
	opAssoc
	opCntxtItem
	opAttrSet
	opAttrAdd
	opAttrSub
	opAttrSetSlot
	opIAttrSetSlot
	opPushSlotAttr
	opPushGlyphAttr8
	opPushGlyphMetric
	opPushFeat
	opPushAttToGAttr8
	opPushAttToGlyphMetric
	opPushISlotAttr
	opPushIGlyphAttr
	opPopRet
	opRetZero
	opRetTrue
	opIAttrSet
	opIAttrAdd
	opIAttrSub
	opPushProcState
	opPushVersion
	opPutSubs
	opPutSubs2
	opPutSubs3
	opPutGlyph
	opPushGlyphAttr
	opPushAttToGlyphAttr
	opBitOr // 0x3E: graphite2 executes it as OR (the seed document says AND)
	opBitAnd
	opBitNot
	opBitSet
	opSetFeat
	opMax_
	opTempCopy = opMax_ // private: inserted by the load-time analysis
)

// instr is one instruction as the engine runs it.
type instr struct {
	op   uint8
	skip uint16 // cntxt_item: instructions to skip
	args []byte
}

// code is one rule program, a constraint or an action, in the form the
// machine runs: graphite.Code's instructions with CopyNext run as Next and
// graphite2's temporary copies inserted.
type code struct {
	instrs     []instr
	constraint bool
	modify     bool
	deletes    bool
	maxRef     int
}

// newCode builds the runnable form of a decoded code block (nil for none).
func newCode(gc *graphite.Code) *code {
	if gc == nil || len(gc.Instrs) == 0 {
		return nil
	}
	c := &code{constraint: gc.Constraint, modify: gc.Modifies, deletes: gc.Deletes, maxRef: gc.MaxRef,
		instrs: make([]instr, len(gc.Instrs), len(gc.Instrs)+len(gc.TempCopyAt))}
	for i, in := range gc.Instrs {
		op := in.Op
		if op == opCopyNext {
			op = opNext
		}
		c.instrs[i] = instr{op: op, args: in.Args}
		if op == opCntxtItem {
			c.instrs[i].skip = uint16(in.Body)
		}
	}
	for _, at := range gc.TempCopyAt {
		at = min(at, len(c.instrs))
		c.instrs = append(c.instrs, instr{})
		copy(c.instrs[at+1:], c.instrs[at:])
		c.instrs[at] = instr{op: opTempCopy}
	}
	return c
}
