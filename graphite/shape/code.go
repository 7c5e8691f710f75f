package shape

import (
	"errors"

	"fontvm/graphite/isa"
)

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

const varargs = 0xFF

// opInfo gives, per opcode, its parameter bytes (varargs for Assoc) and
// where graphite2 implements it (bit 0: rule actions, bit 1: constraints).
// It is read from the instruction set table, graphite/isa.
var opInfo = func() (t [opMax_]struct{ params, where uint8 }) {
	for c := range t {
		op := isa.Lookup(byte(c), isa.Graphite2)
		if op == nil {
			continue
		}
		t[c].params = uint8(op.ParamBytes())
		if op.Varargs {
			t[c].params = varargs
		}
		if op.Action {
			t[c].where |= 1
		}
		if op.Constraint {
			t[c].where |= 2
		}
	}
	return t
}()

// Load-time failures of rule code (graphite2's Code status values).
var (
	errInvalidOpcode  = errors.New("invalid opcode")
	errUnimplemented  = errors.New("unimplemented opcode used")
	errArgsExhausted  = errors.New("arguments exhausted")
	errUnderfullStack = errors.New("underfull stack")
	errOutOfRange     = errors.New("out of range data")
	errJumpPastEnd    = errors.New("jump past end")
	errNestedContext  = errors.New("nested context item")
	errMissingReturn  = errors.New("missing return")
)

type instr struct {
	op   uint8
	skip uint16 // cntxt_item: instructions to skip
	args []byte
}

// code is one decoded rule program: a constraint or an action.
type code struct {
	instrs     []instr
	constraint bool
	modify     bool
	deletes    bool
	maxRef     int
}

type ctxFlags struct {
	changed, referenced bool
	codeRef             int
}

type decoder struct {
	c          *code
	err        error
	outIndex   int
	outLength  int
	stackDepth int
	inCtxt     bool
	slotref    int
	contexts   [256]ctxFlags
	maxRef     int
	end        int // index in bc of the current end
	bc         []byte
	preContext int
	ruleLength int
	classes    int
	glyfAttrs  int
	features   int
	numUser    int
	passType   int
}

func (d *decoder) fail(e error) {
	if d.err == nil {
		d.err = e
	}
}

// decode is graphite2's Machine::Code constructor: it decodes, checks and
// analyses one program. It returns nil for an empty program.
func (f *Face) decode(s *silf, constraint bool, bc []byte, preContext, ruleLength int, pt int) (*code, error) {
	if len(bc) == 0 {
		return nil, nil
	}
	c := &code{constraint: constraint}
	d := &decoder{c: c, bc: bc, preContext: preContext, ruleLength: ruleLength,
		classes: s.nClass, glyfAttrs: f.numAttrs, features: len(f.feats), numUser: s.aUser, passType: pt}
	if constraint {
		d.outLength = 1
	} else {
		d.outIndex = preContext
		d.outLength = ruleLength
	}
	if !d.load(0, len(bc)) {
		if d.err == nil {
			d.err = errInvalidOpcode
		}
		return nil, d.err
	}
	if len(c.instrs) == 0 {
		return nil, nil
	}
	switch c.instrs[len(c.instrs)-1].op {
	case opPopRet, opRetZero, opRetTrue:
	default:
		return nil, errMissingReturn
	}
	d.applyAnalysis()
	c.maxRef = d.maxRef
	return c, nil
}

func (d *decoder) load(p, end int) bool {
	d.end = end
	for p < end {
		opc := d.fetch(p)
		if d.err != nil {
			return false
		}
		d.analyse(opc, p+1)
		np, ok := d.emit(opc, p+1)
		if !ok || d.err != nil {
			return false
		}
		p = np
	}
	return d.err == nil
}

func (d *decoder) arg(p int) int {
	if p < len(d.bc) {
		return int(d.bc[p])
	}
	return 0
}
func (d *decoder) sarg(p int) int { return int(int8(d.arg(p))) }

func (d *decoder) validUpto(limit, x int) bool {
	t := limit != 0 && x < limit
	if !t {
		d.fail(errOutOfRange)
	}
	return t
}

func (d *decoder) testRef(index int) bool {
	if d.c.constraint && !d.inCtxt {
		if index > 0 || -index > d.preContext {
			d.fail(errOutOfRange)
			return false
		}
	} else if d.ruleLength == 0 || d.slotref+d.preContext+index >= d.ruleLength || d.slotref+d.preContext+index < 0 {
		d.fail(errOutOfRange)
		return false
	}
	return true
}

func (d *decoder) testContext() bool {
	if d.outIndex >= d.outLength || d.outIndex < 0 || d.slotref >= len(d.contexts)-1 {
		d.fail(errOutOfRange)
		return false
	}
	return true
}

const slatMax = 78

// attrid limits, graphite2's decoder::limits::attrid.
func (d *decoder) attrID(a int) int {
	switch {
	case a == slatCompRef:
		return 255
	case a == slatUserDefn:
		return d.numUser
	case a < 30:
		return 1
	}
	return 0
}

func (d *decoder) fetch(p int) int {
	opc := int(d.bc[p])
	bc := p + 1
	// validate_opcode
	if opc >= opMax_ {
		d.fail(errInvalidOpcode)
		return opc
	}
	info := opInfo[opc]
	mode := uint8(1)
	if d.c.constraint {
		mode = 2
	}
	if info.where&mode == 0 {
		d.fail(errUnimplemented)
		return opc
	}
	if info.params == varargs && bc >= d.end {
		d.fail(errArgsExhausted)
		return opc
	}
	psz := int(info.params)
	if info.params == varargs {
		psz = d.arg(bc) + 1
	}
	if bc-1+psz >= d.end {
		d.fail(errArgsExhausted)
		return opc
	}
	a := func(i int) int { return d.arg(bc + i) }
	switch opc {
	case opNop:
	case opPushByte, opPushByteU, opPushShort, opPushShortU, opPushLong:
		d.stackDepth++
	case opAdd, opSub, opMul, opDiv, opMin, opMax, opAnd, opOr, opEqual, opNotEq, opLess, opGtr, opLessEq, opGtrEq, opBitOr, opBitAnd:
		d.stackDepth--
		if d.stackDepth <= 0 {
			d.fail(errUnderfullStack)
		}
	case opNeg, opTrunc8, opTrunc16, opNot, opBitNot, opBitSet:
		if d.stackDepth <= 0 {
			d.fail(errUnderfullStack)
		}
	case opCond:
		d.stackDepth -= 2
		if d.stackDepth <= 0 {
			d.fail(errUnderfullStack)
		}
	case opNextN:
	case opNext, opCopyNext:
		d.outIndex++
		if d.outIndex < -1 || d.outIndex > d.outLength || d.slotref > d.ruleLength {
			d.fail(errOutOfRange)
		}
	case opPutGlyph8:
		d.validUpto(d.classes, a(0))
		d.testContext()
	case opPutSubs8:
		d.testRef(int(int8(a(0))))
		d.validUpto(d.classes, a(1))
		d.validUpto(d.classes, a(2))
		d.testContext()
	case opPutCopy:
		d.testRef(int(int8(a(0))))
		d.testContext()
	case opInsert:
		if d.passType >= ptPositioning {
			d.fail(errInvalidOpcode)
		}
		d.outLength++
		if d.outIndex < 0 {
			d.outIndex++
		}
		if d.outIndex < -1 || d.outIndex >= d.outLength {
			d.fail(errOutOfRange)
		}
	case opDelete:
		if d.passType >= ptPositioning {
			d.fail(errInvalidOpcode)
		}
		if d.outIndex < d.preContext {
			d.fail(errOutOfRange)
		}
		d.outIndex--
		d.outLength--
		if d.outIndex < -1 || d.outIndex > d.outLength {
			d.fail(errOutOfRange)
		}
	case opAssoc:
		if a(0) == 0 {
			d.fail(errOutOfRange)
		}
		for n := a(0); n > 0; n-- {
			d.testRef(int(int8(a(n))))
		}
		d.testContext()
	case opCntxtItem:
		d.validUpto(d.ruleLength, d.preContext+int(int8(a(0))))
		if bc+2+a(1) >= d.end {
			d.fail(errJumpPastEnd)
		}
		if d.inCtxt {
			d.fail(errNestedContext)
		}
	case opAttrSet, opAttrAdd, opAttrSub, opAttrSetSlot:
		d.stackDepth--
		if d.stackDepth < 0 {
			d.fail(errUnderfullStack)
		}
		d.validUpto(slatMax, a(0))
		if a(0) == slatUserDefn {
			d.fail(errOutOfRange)
		}
		d.testContext()
	case opIAttrSetSlot:
		d.stackDepth--
		if d.stackDepth < 0 {
			d.fail(errUnderfullStack)
		}
		if d.validUpto(slatMax, a(0)) {
			d.validUpto(d.attrID(a(0)), a(1))
		}
		d.testContext()
	case opPushSlotAttr:
		d.stackDepth++
		d.validUpto(slatMax, a(0))
		d.testRef(int(int8(a(1))))
		if a(0) == slatUserDefn {
			d.fail(errOutOfRange)
		}
	case opPushGlyphAttr8, opPushAttToGAttr8:
		d.stackDepth++
		d.validUpto(d.glyfAttrs, a(0))
		d.testRef(int(int8(a(1))))
	case opPushAttToGlyphMetric, opPushGlyphMetric:
		d.stackDepth++
		d.validUpto(metDescent, a(0))
		d.testRef(int(int8(a(1))))
	case opPushFeat:
		d.stackDepth++
		d.validUpto(d.features, a(0))
		d.testRef(int(int8(a(1))))
	case opPushISlotAttr:
		d.stackDepth++
		if d.validUpto(slatMax, a(0)) {
			d.testRef(int(int8(a(1))))
			d.validUpto(d.attrID(a(0)), a(2))
		}
	case opPushIGlyphAttr:
		d.stackDepth++
	case opPopRet:
		d.stackDepth--
		if d.stackDepth < 0 {
			d.fail(errUnderfullStack)
		}
	case opRetZero, opRetTrue:
	case opIAttrSet, opIAttrAdd, opIAttrSub:
		d.stackDepth--
		if d.stackDepth < 0 {
			d.fail(errUnderfullStack)
		}
		if d.validUpto(slatMax, a(0)) {
			d.validUpto(d.attrID(a(0)), a(1))
		}
		d.testContext()
	case opPushProcState, opPushVersion:
		d.stackDepth++
	case opPutSubs:
		d.testRef(int(int8(a(0))))
		d.validUpto(d.classes, a(1)<<8|a(2))
		d.validUpto(d.classes, a(3)<<8|a(4))
		d.testContext()
	case opPutSubs2, opPutSubs3:
	case opPutGlyph:
		d.validUpto(d.classes, a(0)<<8|a(1))
		d.testContext()
	case opPushGlyphAttr, opPushAttToGlyphAttr:
		d.stackDepth++
		d.validUpto(d.glyfAttrs, a(0)<<8|a(1))
		d.testRef(int(int8(a(2))))
	case opSetFeat:
		d.validUpto(d.features, a(0))
		d.testRef(int(int8(a(1))))
	default:
		d.fail(errInvalidOpcode)
	}
	return opc
}

func (d *decoder) setRef(i int) {
	i += d.slotref
	if i < 0 || i >= len(d.contexts) {
		return
	}
	d.contexts[i].referenced = true
	if i > d.maxRef {
		d.maxRef = i
	}
}
func (d *decoder) setNoref(i int) {
	i += d.slotref
	if i < 0 || i >= len(d.contexts) {
		return
	}
	if i > d.maxRef {
		d.maxRef = i
	}
}
func (d *decoder) setChanged(i int) {
	i += d.slotref
	if i < 0 || i >= len(d.contexts) {
		return
	}
	d.contexts[i].changed = true
	if i > d.maxRef {
		d.maxRef = i
	}
}

func (d *decoder) analyse(opc int, p int) {
	c := d.c
	switch opc {
	case opDelete:
		c.deletes = true
	case opAssoc:
		d.setChanged(0)
	case opPutGlyph8, opPutGlyph:
		c.modify = true
		d.setChanged(0)
	case opAttrSet, opAttrAdd, opAttrSub, opAttrSetSlot, opIAttrSetSlot, opIAttrSet, opIAttrAdd, opIAttrSub:
		d.setNoref(0)
	case opNext, opCopyNext:
		d.slotref++
		if d.slotref >= 0 && d.slotref < len(d.contexts) {
			d.contexts[d.slotref] = ctxFlags{codeRef: (len(c.instrs) + 1) & 0xFF}
		}
	case opInsert:
		if d.slotref >= 0 {
			d.slotref--
		}
		c.modify = true
	case opPutSubs8, opPutSubs, opPutCopy:
		if opc != opPutCopy {
			c.modify = true
			d.setChanged(0)
		}
		if d.sarg(p) != 0 {
			d.setChanged(0)
			c.modify = true
		}
		d.setRef(d.sarg(p))
	case opPushGlyphAttr8, opPushSlotAttr, opPushGlyphMetric, opPushAttToGAttr8, opPushAttToGlyphMetric, opPushISlotAttr, opPushFeat, opSetFeat:
		d.setRef(d.sarg(p + 1))
	case opPushAttToGlyphAttr, opPushGlyphAttr:
		d.setRef(d.sarg(p + 2))
	}
}

func (d *decoder) emit(opc int, bc int) (int, bool) {
	info := opInfo[opc]
	psz := int(info.params)
	if info.params == varargs {
		psz = d.arg(bc) + 1
	}
	run := opc
	if opc == opCopyNext {
		run = opNext
	}
	in := instr{op: uint8(run), args: d.bc[bc : bc+psz : bc+psz]}
	d.c.instrs = append(d.c.instrs, in)
	bc += psz
	if opc == opCntxtItem {
		idx := len(d.c.instrs) - 1
		off := int(int8(in.args[0]))
		skipBytes := int(in.args[1])
		d.inCtxt = true
		d.outIndex = d.preContext + off
		d.slotref = off
		d.outLength = d.ruleLength
		start := len(d.c.instrs)
		curEnd := d.end
		if !d.load(bc, bc+skipBytes) {
			d.outIndex, d.slotref = 0, 0
			return bc, false
		}
		bc += skipBytes
		d.c.instrs[idx].skip = uint16(len(d.c.instrs) - start)
		d.end = curEnd
		d.outLength = 1
		d.outIndex = 0
		d.slotref = 0
		d.inCtxt = false
	}
	return bc, d.err == nil
}

func (d *decoder) applyAnalysis() {
	if d.c.constraint {
		return
	}
	temp := 0
	for i := 0; i < d.slotref && i < len(d.contexts); i++ {
		c := d.contexts[i]
		if !c.referenced || !c.changed {
			continue
		}
		at := c.codeRef + temp
		if at > len(d.c.instrs) {
			at = len(d.c.instrs)
		}
		d.c.instrs = append(d.c.instrs, instr{})
		copy(d.c.instrs[at+1:], d.c.instrs[at:])
		d.c.instrs[at] = instr{op: opTempCopy}
		temp++
		d.c.deletes = true
	}
}
