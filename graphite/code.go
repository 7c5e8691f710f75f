package graphite

import (
	"fontvm/graphite/isa"
)

// PassType is the kind of a pass, from its position relative to the Silf's
// substitution, positioning and justification pass numbers.
type PassType uint8

// Pass types, in graphite2's order (enum passtype).
const (
	PassUnknown       PassType = iota // the pass constraint's type
	PassLineBreak                     // before the substitution passes
	PassSubstitute                    // substitution
	PassPositioning                   // positioning (Insert/Delete refused)
	PassJustification                 // justification (Insert/Delete refused)
)

var passTypeNames = [...]string{"unknown", "linebreak", "substitution", "positioning", "justification"}

// String returns the pass type's name as graphite2's passtype enum spells
// it in lower case ("linebreak", "substitution", ...), or "passtype?" for
// a value outside the enum.
func (t PassType) String() string {
	if int(t) < len(passTypeNames) {
		return passTypeNames[t]
	}
	return "passtype?"
}

// Code is one verified code block: a rule's constraint or action, or a
// pass constraint.
type Code struct {
	Raw        []byte // the bytecode as stored in the font
	Offset     int    // byte offset of Raw in its Silf subtable
	Constraint bool   // constraint code (else action code)
	Instrs     []Instr

	// graphite2's load-time analysis (Machine::Code).
	MaxRef     int  // highest slot index the code refers to (relative to the rule start, pre-context included)
	Modifies   bool // changes glyphs or inserts (Code::_modify)
	Deletes    bool // deletes, or needs temporary copies (Code::_delete)
	TempCopies int  // TEMP_COPY instructions graphite2 inserts (slots both changed and referenced later)
	InstrCount int  // graphite2's instruction count including temp copies
	DataSize   int  // bytes of parameter data graphite2 keeps

	// TempCopyAt lists where graphite2's apply_analysis inserts its
	// TempCopies TEMP_COPY instructions, in insertion order: each is an
	// index into Instrs with the earlier temporary copies already inserted
	// (graphite2: the slot's 8-bit code reference plus the copies so far;
	// an engine clamps it to the instruction count).
	TempCopyAt []int
}

// Empty reports whether the block has no code (always passes / does nothing).
func (c *Code) Empty() bool { return c == nil || len(c.Raw) == 0 }

// Instr is one decoded instruction.
type Instr struct {
	PC   int    // offset in Code.Raw
	Op   byte   // opcode (isa.Lookup gives its entry)
	Args []byte // parameter bytes as stored (Assoc: count then offsets)
	// For ContextItem: Skip is the number of bytes of code it guards
	// (the instructions that follow, up to PC+3+Skip) and Body is the
	// number of instructions in them.
	Skip, Body int
}

// codeLimits are the values graphite2's decoder checks ids against
// (decoder::limits).
type codeLimits struct {
	preContext int // uint8
	ruleLength int // uint16 (the sort key)
	classes    int
	glyfAttrs  int
	features   int
	numUser    int // Silf's user attribute count

	// scratch, when set, is reused for decoding so that each Code gets an
	// exactly sized Instrs (a face's many code blocks leave no garbage).
	scratch *[]Instr
}

// attrid is the attrid table of graphite2's decoder::limits (built in
// the Machine::Code constructor): the bound valid_upto checks a slot
// attribute's index against. The first 30 attributes take index 0 only,
// except the component reference (gr_slatCompRef), which takes any index
// up to 254; the user attributes take numUser indices; any other
// attribute 0 (always out of range).
func (l *codeLimits) attrid(a int) int {
	switch {
	case a < 30:
		if a == isa.SlotAttrCompRef {
			return 255
		}
		return 1
	case a == isa.SlotAttrUser:
		return l.numUser
	}
	return 0
}

// codeError is a code loader failure.
type codeError struct {
	status Status
	pc     int
	op     int
	reason string
}

type context struct {
	changed, referenced bool
	codeRef             uint8 // instruction index after the Next that entered the slot (graphite2's uint8 codeRef)
}

// decoder mirrors graphite2's Machine::Code::decoder.
type decoder struct {
	lim        codeLimits
	constraint bool
	pt         PassType
	code       []byte
	end        int // _max.bytecode

	outIndex   int
	outLength  uint16
	stackDepth int
	inCtxt     bool
	slotref    int16
	contexts   [NumContexts]context
	maxRef     uint8

	instrs   []Instr
	dataSize int
	modify   bool
	del      bool
	lastOp   byte

	err *codeError
}

// fail records a failure of the code block, as decoder::failure does
// (Machine::Code::failure): status s at instruction pc with opcode op and
// a human-readable reason. Later calls replace the record; load stops at
// the end of the failing opcode's checks.
func (d *decoder) fail(s Status, pc, op int, reason string) {
	// graphite2 keeps the last failure of an opcode's checks; the first
	// failing opcode ends the load.
	d.err = &codeError{s, pc, op, reason}
}

// loadCode verifies and decodes one code block as graphite2's
// Machine::Code constructor does. It returns the code (nil for an empty
// block) or the failure.
func loadCode(constraint bool, raw []byte, preContext, ruleLength int, lim codeLimits, pt PassType) (*Code, *codeError) {
	if len(raw) == 0 {
		return nil, nil
	}
	lim.preContext, lim.ruleLength = preContext, ruleLength
	d := &decoder{lim: lim, constraint: constraint, pt: pt, code: raw}
	if lim.scratch != nil {
		d.instrs = (*lim.scratch)[:0]
		defer func() { *lim.scratch = d.instrs[:0] }()
	}
	if constraint {
		d.outLength = 1
	} else {
		d.outIndex = preContext
		d.outLength = uint16(ruleLength)
	}
	if !d.load(0, len(raw)) {
		return nil, d.err
	}
	if len(d.instrs) == 0 {
		return nil, nil
	}
	switch d.lastOp {
	case isa.PopRet, isa.RetZero, isa.RetTrue:
	default:
		last := d.instrs[len(d.instrs)-1]
		return nil, &codeError{MissingReturn, last.PC, int(last.Op), "the code does not end with PopRet, RetZero or RetTrue"}
	}
	instrs := d.instrs
	if lim.scratch != nil {
		instrs = append([]Instr(nil), d.instrs...)
	}
	c := &Code{Raw: raw, Constraint: constraint, Instrs: instrs, MaxRef: int(d.maxRef),
		Modifies: d.modify, Deletes: d.del, DataSize: d.dataSize}
	// apply_analysis: temporary copies for slots changed and referenced later.
	if !constraint {
		for i := 0; i < int(d.slotref) && i < NumContexts; i++ {
			if d.contexts[i].referenced && d.contexts[i].changed {
				c.TempCopyAt = append(c.TempCopyAt, int(d.contexts[i].codeRef)+c.TempCopies)
				c.TempCopies++
				c.Deletes = true
			}
		}
	}
	c.InstrCount = len(d.instrs) + c.TempCopies
	return c, nil
}

// poolBytes is how much of graphite2's per-pass program pool the code
// takes: (instructions + 1) words plus the data rounded up to words.
func (c *Code) poolBytes() int {
	if c == nil {
		return 0
	}
	return ((c.InstrCount + 1) + (c.DataSize+instrSize-1)/instrSize) * instrSize
}

// load decodes the instructions of d.code from bc up to end, as
// decoder::load does: each opcode is fetched and checked
// (decoder::fetch_opcode), its slot references are analysed
// (decoder::analyse_opcode) and it is emitted with its arguments
// (decoder::emit_opcode). It reports false at the first failure, which is
// left in d.err.
func (d *decoder) load(bc, end int) bool {
	d.end = end
	for bc < end {
		pc := bc
		opc := d.fetch(bc)
		if d.err != nil {
			return false
		}
		op := isa.Lookup(opc, isa.Graphite2)
		d.analyse(opc, bc+1)
		if !d.emit(op, pc, &bc) {
			return false
		}
	}
	return d.err == nil
}

// arg returns the unsigned byte at offset i of the code block, or 0 when
// i lies outside it (u8's bounds rule).
func (d *decoder) arg(i int) int { return u8(d.code, i) }

// validUpto is decoder::valid_upto: x < limit and limit != 0.
func (d *decoder) validUpto(limit, x int, pc, op int, what string) bool {
	if limit != 0 && x < limit {
		return true
	}
	d.fail(OutOfRangeData, pc, op, sprintf("%s %d out of range (limit %d)", what, x, limit))
	return false
}

// testRef is decoder::test_ref.
func (d *decoder) testRef(index int, pc, op int) bool {
	if d.constraint && !d.inCtxt {
		if index > 0 || -index > d.lim.preContext {
			d.fail(OutOfRangeData, pc, op, sprintf("slot offset %d outside the constraint's context (pre-context %d)", index, d.lim.preContext))
			return false
		}
		return true
	}
	r := int(d.slotref) + d.lim.preContext + index
	if d.lim.ruleLength == 0 || r >= d.lim.ruleLength || r < 0 {
		d.fail(OutOfRangeData, pc, op, sprintf("slot offset %d refers to slot %d outside the rule (length %d)", index, r, d.lim.ruleLength))
		return false
	}
	return true
}

// testContext is decoder::test_context.
func (d *decoder) testContext(pc, op int) bool {
	if d.outIndex >= int(d.outLength) || d.outIndex < 0 || int(d.slotref) >= NumContexts-1 {
		d.fail(OutOfRangeData, pc, op, sprintf("output slot %d outside the rule's output (length %d)", d.outIndex, d.outLength))
		return false
	}
	return true
}

// fetch is decoder::fetch_opcode: validate the opcode and its arguments.
func (d *decoder) fetch(pc int) byte {
	opc := d.code[pc]
	bc := pc + 1
	o := int(opc)
	// validate_opcode
	if opc >= isa.NumOpcodes {
		d.fail(InvalidOpcode, pc, o, sprintf("illegal opcode 0x%02X", opc))
		return opc
	}
	op := isa.Lookup(opc, isa.Graphite2)
	if !d.implemented(op) {
		d.fail(UnimplementedOpcode, pc, o, sprintf("%s is not allowed in %s code", op.Name, d.kind()))
		return opc
	}
	if op.Varargs && bc >= d.end {
		d.fail(ArgumentsExhausted, pc, o, op.Name+": count byte past the end of the code")
		return opc
	}
	psz := op.ParamBytes()
	if op.Varargs {
		psz = d.arg(bc) + 1
	}
	if bc-1+psz >= d.end {
		d.fail(ArgumentsExhausted, pc, o, sprintf("%s: %d argument bytes run past the end of the code", op.Name, psz))
		return opc
	}
	a := func(i int) int { return d.arg(bc + i) }
	s8 := func(i int) int { return int(int8(a(i))) }
	under := func() { d.fail(UnderfullStack, pc, o, op.Name+": stack underflow") }
	switch op.Check {
	case isa.CheckPush:
		d.stackDepth++
	case isa.CheckBinary:
		d.stackDepth--
		if d.stackDepth <= 0 {
			under()
		}
	case isa.CheckUnary:
		if d.stackDepth <= 0 {
			under()
		}
	case isa.CheckCond:
		d.stackDepth -= 2
		if d.stackDepth <= 0 {
			under()
		}
	case isa.CheckPop:
		d.stackDepth--
		if d.stackDepth < 0 {
			under()
		}
	}
	slotAttr := func(attr int, user bool) {
		d.validUpto(isa.SlotAttrMax, attr, pc, o, "slot attribute")
		if user && attr == isa.SlotAttrUser {
			d.fail(OutOfRangeData, pc, o, op.Name+": the user attribute needs the indexed form")
		}
	}
	switch opc {
	case isa.Next, isa.CopyNext:
		d.outIndex++
		if d.outIndex < -1 || d.outIndex > int(d.outLength) || int(d.slotref) > d.lim.ruleLength {
			d.fail(OutOfRangeData, pc, o, op.Name+" moves past the end of the rule")
		}
	case isa.PutGlyph8:
		d.validUpto(d.lim.classes, a(0), pc, o, "class")
		d.testContext(pc, o)
	case isa.PutSubs8:
		d.testRef(s8(0), pc, o)
		d.validUpto(d.lim.classes, a(1), pc, o, "input class")
		d.validUpto(d.lim.classes, a(2), pc, o, "output class")
		d.testContext(pc, o)
	case isa.PutCopy:
		d.testRef(s8(0), pc, o)
		d.testContext(pc, o)
	case isa.Insert:
		if d.pt >= PassPositioning {
			d.fail(InvalidOpcode, pc, o, "Insert in a "+d.pt.String()+" pass")
		}
		d.outLength++
		if d.outIndex < 0 {
			d.outIndex++
		}
		if d.outIndex < -1 || d.outIndex >= int(d.outLength) {
			d.fail(OutOfRangeData, pc, o, "Insert outside the rule's output")
		}
	case isa.Delete:
		if d.pt >= PassPositioning {
			d.fail(InvalidOpcode, pc, o, "Delete in a "+d.pt.String()+" pass")
		}
		if d.outIndex < d.lim.preContext {
			d.fail(OutOfRangeData, pc, o, "Delete within the rule's pre-context")
		}
		d.outIndex--
		d.outLength--
		if d.outIndex < -1 || d.outIndex > int(d.outLength) {
			d.fail(OutOfRangeData, pc, o, "Delete outside the rule's output")
		}
	case isa.Assoc:
		if a(0) == 0 {
			d.fail(OutOfRangeData, pc, o, "Assoc with a count of 0")
		}
		for n := a(0); n > 0; n-- {
			d.testRef(s8(n), pc, o)
		}
		d.testContext(pc, o)
	case isa.ContextItem:
		d.validUpto(d.lim.ruleLength, int(uint16(d.lim.preContext+s8(0))), pc, o, "context slot")
		if bc+2+a(1) >= d.end {
			d.fail(JumpPastEnd, pc, o, sprintf("ContextItem skips %d bytes, past the end of the code", a(1)))
		}
		if d.inCtxt {
			d.fail(NestedContextItem, pc, o, "ContextItem inside a ContextItem")
		}
	case isa.AttrSet, isa.AttrAdd, isa.AttrSub, isa.AttrSetSlot:
		slotAttr(a(0), true)
		d.testContext(pc, o)
	case isa.IAttrSetSlot, isa.IAttrSet, isa.IAttrAdd, isa.IAttrSub:
		if d.validUpto(isa.SlotAttrMax, a(0), pc, o, "slot attribute") {
			d.validUpto(d.lim.attrid(a(0)), a(1), pc, o, "attribute index")
		}
		d.testContext(pc, o)
	case isa.PushSlotAttr:
		d.validUpto(isa.SlotAttrMax, a(0), pc, o, "slot attribute")
		d.testRef(s8(1), pc, o)
		if a(0) == isa.SlotAttrUser {
			d.fail(OutOfRangeData, pc, o, op.Name+": the user attribute needs the indexed form")
		}
	case isa.PushGlyphAttr8, isa.PushAttToGlyphAttr8:
		d.validUpto(d.lim.glyfAttrs, a(0), pc, o, "glyph attribute")
		d.testRef(s8(1), pc, o)
	case isa.PushGlyphMetric, isa.PushAttToGlyphMetric:
		d.validUpto(isa.MetricDescent, a(0), pc, o, "glyph metric")
		d.testRef(s8(1), pc, o)
	case isa.PushFeat:
		d.validUpto(d.lim.features, a(0), pc, o, "feature")
		d.testRef(s8(1), pc, o)
	case isa.PushISlotAttr:
		if d.validUpto(isa.SlotAttrMax, a(0), pc, o, "slot attribute") {
			d.testRef(s8(1), pc, o)
			d.validUpto(d.lim.attrid(a(0)), a(2), pc, o, "attribute index")
		}
	case isa.PutSubs:
		d.testRef(s8(0), pc, o)
		d.validUpto(d.lim.classes, a(1)<<8|a(2), pc, o, "input class")
		d.validUpto(d.lim.classes, a(3)<<8|a(4), pc, o, "output class")
		d.testContext(pc, o)
	case isa.PutGlyph:
		d.validUpto(d.lim.classes, a(0)<<8|a(1), pc, o, "class")
		d.testContext(pc, o)
	case isa.PushGlyphAttr, isa.PushAttToGlyphAttr:
		d.validUpto(d.lim.glyfAttrs, a(0)<<8|a(1), pc, o, "glyph attribute")
		d.testRef(s8(2), pc, o)
	case isa.SetFeat:
		d.validUpto(d.lim.features, a(0), pc, o, "feature")
		d.testRef(s8(1), pc, o)
	}
	return opc
}

// kind names the block being decoded, "constraint" or "action", for
// error messages.
func (d *decoder) kind() string {
	if d.constraint {
		return "constraint"
	}
	return "action"
}

// implemented reports whether op may appear in the kind of block being
// decoded: graphite2's check of the opcode table's impl entry in
// decoder::validate_opcode (else unimplemented_opcode_used).
func (d *decoder) implemented(op *isa.Op) bool {
	if d.constraint {
		return op.Constraint
	}
	return op.Action
}

// setRef marks the slot at index, relative to the current slot, as
// referenced and raises the highest slot reference (decoder::set_ref).
// Slots outside the NumContexts window are ignored.
func (d *decoder) setRef(index int) {
	i := index + int(d.slotref)
	if i < 0 || i >= NumContexts {
		return
	}
	d.contexts[i].referenced = true
	if i > int(d.maxRef) {
		d.maxRef = uint8(i)
	}
}

// setNoRef raises the highest slot reference to the slot at index,
// relative to the current slot, without marking it referenced
// (decoder::set_noref). Slots outside the NumContexts window are ignored.
func (d *decoder) setNoRef(index int) {
	i := index + int(d.slotref)
	if i < 0 || i >= NumContexts {
		return
	}
	if i > int(d.maxRef) {
		d.maxRef = uint8(i)
	}
}

// setChanged marks the slot at index, relative to the current slot, as
// changed and raises the highest slot reference (decoder::set_changed).
// Slots outside the NumContexts window are ignored.
func (d *decoder) setChanged(index int) {
	i := index + int(d.slotref)
	if i < 0 || i >= NumContexts {
		return
	}
	d.contexts[i].changed = true
	if i > int(d.maxRef) {
		d.maxRef = uint8(i)
	}
}

// analyse is decoder::analyse_opcode; arg is the offset of the first
// parameter byte.
func (d *decoder) analyse(opc byte, arg int) {
	s8 := func(i int) int { return int(int8(d.arg(arg + i))) }
	switch opc {
	case isa.Delete:
		d.del = true
	case isa.Assoc:
		d.setChanged(0)
	case isa.PutGlyph8, isa.PutGlyph:
		d.modify = true
		d.setChanged(0)
	case isa.AttrSet, isa.AttrAdd, isa.AttrSub, isa.AttrSetSlot, isa.IAttrSetSlot, isa.IAttrSet, isa.IAttrAdd, isa.IAttrSub:
		d.setNoRef(0)
	case isa.Next, isa.CopyNext:
		d.slotref++
		if d.slotref >= 0 && int(d.slotref) < NumContexts {
			d.contexts[d.slotref] = context{codeRef: uint8(len(d.instrs) + 1)}
		}
	case isa.Insert:
		if d.slotref >= 0 {
			d.slotref--
		}
		d.modify = true
	case isa.PutSubs8, isa.PutSubs, isa.PutCopy:
		if opc != isa.PutCopy {
			d.modify = true
			d.setChanged(0)
		}
		if s8(0) != 0 {
			d.setChanged(0)
			d.modify = true
		}
		d.setRef(s8(0))
	case isa.PushGlyphAttr8, isa.PushSlotAttr, isa.PushGlyphMetric, isa.PushAttToGlyphAttr8,
		isa.PushAttToGlyphMetric, isa.PushISlotAttr, isa.PushFeat, isa.SetFeat:
		d.setRef(s8(1))
	case isa.PushAttToGlyphAttr, isa.PushGlyphAttr:
		d.setRef(s8(2))
	}
}

// emit is decoder::emit_opcode: record the instruction, and load a
// ContextItem's guarded bytes recursively.
func (d *decoder) emit(op *isa.Op, pc int, bc *int) bool {
	psz := op.ParamBytes()
	if op.Varargs {
		psz = d.arg(*bc+1) + 1
	}
	start := *bc + 1
	in := Instr{PC: pc, Op: op.Code, Args: d.code[start : start+psz : start+psz]}
	*bc = start + psz
	d.dataSize += psz
	d.lastOp = op.Code
	d.instrs = append(d.instrs, in)
	if op.Code != isa.ContextItem {
		return true
	}
	idx := len(d.instrs) - 1
	off, skip := int(int8(in.Args[0])), int(in.Args[1])
	d.inCtxt = true
	d.outIndex = d.lim.preContext + off
	d.slotref = int16(off)
	d.outLength = uint16(d.lim.ruleLength)
	d.dataSize++
	before := len(d.instrs)
	outer := d.end
	if !d.load(*bc, *bc+skip) {
		d.outIndex, d.slotref = 0, 0
		return false
	}
	*bc += skip
	d.instrs[idx].Skip = skip
	d.instrs[idx].Body = len(d.instrs) - before
	d.end = outer
	d.outLength, d.outIndex, d.slotref, d.inCtxt = 1, 0, 0, false
	return true
}

// DecodeCode verifies and decodes one code block as the loader does for a
// rule of Silf subtable s: a constraint (or action) of a rule with the
// given pre-context and sort key, in a pass of type pt, checked against
// the subtable's classes and user attributes and the face's glyph
// attributes and features. It returns nil for an empty block, or an *Error
// (Kind, PC, Opcode and Status set; Offset is the PC) when graphite2's
// decoder refuses the code. Engines and tests use it to run hand-made code.
func (f *Tables) DecodeCode(s *Silf, constraint bool, raw []byte, preContext, sortKey int, pt PassType) (*Code, error) {
	lim := codeLimits{classes: s.NumClasses, glyfAttrs: f.NumAttrs, features: len(f.Features), numUser: s.NumUser}
	c, ce := loadCode(constraint, raw, preContext, sortKey, lim, pt)
	if ce != nil {
		kind := "action"
		if constraint {
			kind = "constraint"
		}
		return nil, codeErr(ce, 0, 0, kind, -1)
	}
	if c == nil {
		return nil, nil
	}
	return c, nil
}
