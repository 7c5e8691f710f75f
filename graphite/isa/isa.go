// Package isa is Graphite's stack-machine instruction set as data: one entry
// per opcode 0x00-0x42 in the form of the seed document
// (testdata/spec/001_7b29630d574a5ec5.txt, "Stack Machine Commands"): code,
// name, parameters with their widths and signedness, stack effect, whether
// the opcode is implemented, and whether it is legal in constraint code and
// in action code.
//
// The reference is graphite2 1.3.14 (src/inc/opcode_table.h, opcodes.h,
// Code.cpp). Where the document and graphite2 disagree the table follows
// graphite2 and says so (see Dialect):
//
//   - 0x3E and 0x3F. graphite2 executes 0x3E as bitwise OR and 0x3F as bitwise
//     AND. The document (and grcompiler) name 0x3E BitAnd and 0x3F BitOr.
//     Every deployed font was tested on graphite2, so Graphite2 is the
//     default dialect; Document offers the document's meaning.
//   - Legal range. The document says opcodes past 0x3E are illegal; its own
//     table and graphite2 go to 0x42 (graphite2's MAX_OPCODE is 0x43).
//   - 0x1D/0x38, 0x1C/0x3B, 0x29/0x3C and 0x2C/0x3D share a name in the
//     document; here the 8-bit (obsolete) forms carry an "8" suffix
//     (PutSubs8, PutGlyph8, PushGlyphAttr8, PushAttToGlyphAttr8) so that
//     every mnemonic names exactly one opcode.
//   - 0x33 and 0x34 are "not supported in version 1.0 of the font tables"
//     in the document; graphite2 loads them from every table version.
package isa

import (
	"fmt"
	"strconv"
	"strings"
)

// Kind says what a parameter means, and so how the load-time verifier checks
// it (graphite2's Code.cpp decoder::fetch_opcode).
type Kind uint8

const (
	Number    Kind = iota // any value
	Slot                  // slot offset relative to the current slot (test_ref)
	Class                 // class id, < number of classes
	SlotAttr              // slot attribute id, < SlotAttrMax (names in SlotAttrNames)
	AttrIndex             // index of an indexed slot attribute
	GlyphAttr             // glyph attribute id, < number of glyph attributes
	Metric                // glyph metric id, < MetricDescent (names in MetricNames)
	Feature               // feature index, < number of features
	Level                 // cluster attachment level: any value
	Count                 // number of following slot offsets (Assoc)
	Skip                  // byte count to skip (ContextItem)
	Mask                  // bit mask (SetBits)
)

var kindNames = [...]string{"number", "slot", "class", "slotattr", "attrindex", "glyphattr", "metric", "feature", "level", "count", "skip", "mask"}

// String returns the parameter kind's name as the listings spell it
// ("number", "slot", "slotattr", ...), or kind(<n>) for an unknown kind.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "kind(" + strconv.Itoa(int(k)) + ")"
}

// A Param is one parameter of an instruction.
type Param struct {
	Name   string
	Kind   Kind
	Width  int  // bytes: 1, 2 or 4, big-endian
	Signed bool // <arg> in the document; {arg} is unsigned
}

// Check is the static stack check graphite2's loader applies to an opcode
// (decoder::fetch_opcode). d is the running depth of pushes minus pops.
type Check uint8

const (
	CheckNone   Check = iota // no stack check
	CheckPush                // d++
	CheckBinary              // d--; underflow if d <= 0
	CheckUnary               // underflow if d <= 0
	CheckCond                // d -= 2; underflow if d <= 0
	CheckPop                 // d--; underflow if d < 0
)

// An Op is one instruction set entry.
type Op struct {
	Code    byte
	Name    string // mnemonic (the document's name, unique; see package doc)
	G2Name  string // graphite2's name in opcode_table.h
	Params  []Param
	Varargs bool // Assoc: a count byte, then that many signed slot offsets

	Pops, Pushes int // run-time stack effect (graphite2's opcodes.h)
	Check        Check

	// Constraint and Action report whether graphite2 has an implementation
	// of the opcode for constraint code and for action code; an opcode
	// without one refuses the font as unimplemented_opcode_used.
	Constraint, Action bool
	// NotImplemented: the document marks the opcode not implemented and
	// graphite2 refuses it everywhere (NextN, PushIGlyphAttr, PutSubs2,
	// PutSubs3). PushProcState is "not implemented" in the document but
	// graphite2 accepts it and pushes 1.
	NotImplemented bool
	// Context: the verifier requires the current output slot to be inside
	// the rule (graphite2's test_context).
	Context bool
	// Modifies and Deletes: graphite2's analysis marks code that changes
	// glyphs or the slot stream (Code::_modify, Code::_delete).
	Modifies, Deletes bool

	Doc  string // the document's description (dialect-adjusted)
	Note string // where graphite2 differs from the document, if anywhere
}

// Size returns the encoded size of the instruction whose bytes start at
// code[0] (the opcode), or -1 when code is too short to tell.
func (o *Op) Size(code []byte) int {
	if o.Varargs {
		if len(code) < 2 {
			return -1
		}
		return 2 + int(code[1])
	}
	n := 1
	for _, p := range o.Params {
		n += p.Width
	}
	return n
}

// ParamBytes returns the fixed parameter size in bytes (0 for Varargs
// beyond its count byte: see Size).
func (o *Op) ParamBytes() int {
	n := 0
	for _, p := range o.Params {
		n += p.Width
	}
	return n
}

// Dialect chooses between graphite2's and the document's meaning of 0x3E
// and 0x3F.
type Dialect uint8

const (
	Graphite2 Dialect = iota // 0x3E BitOr, 0x3F BitAnd: what graphite2 executes (default)
	Document                 // 0x3E BitAnd, 0x3F BitOr: the seed document and grcompiler
)

// String returns "document" for Document and "graphite2" for any other
// dialect.
func (d Dialect) String() string {
	if d == Document {
		return "document"
	}
	return "graphite2"
}

// Opcodes.
const (
	NOP                  = 0x00
	PushByte             = 0x01
	PushByteU            = 0x02
	PushShort            = 0x03
	PushShortU           = 0x04
	PushLong             = 0x05
	Add                  = 0x06
	Sub                  = 0x07
	Mul                  = 0x08
	Div                  = 0x09
	Min                  = 0x0A
	Max                  = 0x0B
	Neg                  = 0x0C
	Trunc8               = 0x0D
	Trunc16              = 0x0E
	Cond                 = 0x0F
	And                  = 0x10
	Or                   = 0x11
	Not                  = 0x12
	Equal                = 0x13
	NotEq                = 0x14
	Less                 = 0x15
	Gtr                  = 0x16
	LessEq               = 0x17
	GtrEq                = 0x18
	Next                 = 0x19
	NextN                = 0x1A
	CopyNext             = 0x1B
	PutGlyph8            = 0x1C
	PutSubs8             = 0x1D
	PutCopy              = 0x1E
	Insert               = 0x1F
	Delete               = 0x20
	Assoc                = 0x21
	ContextItem          = 0x22
	AttrSet              = 0x23
	AttrAdd              = 0x24
	AttrSub              = 0x25
	AttrSetSlot          = 0x26
	IAttrSetSlot         = 0x27
	PushSlotAttr         = 0x28
	PushGlyphAttr8       = 0x29
	PushGlyphMetric      = 0x2A
	PushFeat             = 0x2B
	PushAttToGlyphAttr8  = 0x2C
	PushAttToGlyphMetric = 0x2D
	PushISlotAttr        = 0x2E
	PushIGlyphAttr       = 0x2F
	PopRet               = 0x30
	RetZero              = 0x31
	RetTrue              = 0x32
	IAttrSet             = 0x33
	IAttrAdd             = 0x34
	IAttrSub             = 0x35
	PushProcState        = 0x36
	PushVersion          = 0x37
	PutSubs              = 0x38
	PutSubs2             = 0x39
	PutSubs3             = 0x3A
	PutGlyph             = 0x3B
	PushGlyphAttr        = 0x3C
	PushAttToGlyphAttr   = 0x3D
	BitOr                = 0x3E // graphite2's meaning (the document: BitAnd)
	BitAnd               = 0x3F // graphite2's meaning (the document: BitOr)
	BitNot               = 0x40
	SetBits              = 0x41
	SetFeat              = 0x42

	// NumOpcodes is graphite2's MAX_OPCODE: bytes at or above it are
	// illegal opcodes.
	NumOpcodes = 0x43
)

// Limits graphite2 checks ids against (src/inc/Main.h, Segment.h, GlyphFace.h).
const (
	SlotAttrMax     = 78 // gr_slatMax: slot attribute ids are below it
	SlotAttrCompRef = 15 // gr_slatCompRef: indexed, any index below 255
	SlotAttrUser    = 55 // gr_slatUserDefn: indexed by user attribute, < numUser
	MetricDescent   = 11 // kgmetDescent: metric ids must be below it
)

// SlotAttrNames are graphite2's slot attributes (gr_attrCode) in the
// assembler's spelling.
var SlotAttrNames = [SlotAttrMax]string{
	"adv_x", "adv_y", "att_to", "att_x", "att_y", "att_gpt", "att_xoff", "att_yoff",
	"att_with_x", "att_with_y", "with_gpt", "att_with_xoff", "att_with_yoff", "att_level", "break", "comp_ref",
	"dir", "insert", "pos_x", "pos_y", "shift_x", "shift_y", "user_v1", "measure_sol",
	"measure_eol", "j_stretch", "j_shrink", "j_step", "j_weight", "j_width", "slat30", "slat31",
	"slat32", "slat33", "slat34", "slat35", "slat36", "slat37", "slat38", "slat39",
	"slat40", "slat41", "slat42", "slat43", "slat44", "slat45", "slat46", "slat47",
	"slat48", "slat49", "slat50", "slat51", "slat52", "slat53", "seg_split", "user",
	"bidi_level", "col_flags", "col_limit_blx", "col_limit_bly", "col_limit_trx", "col_limit_try", "col_shift_x", "col_shift_y",
	"col_margin", "col_margin_wt", "col_excl_glyph", "col_excl_off_x", "col_excl_off_y", "seq_class", "seq_prox_class", "seq_order",
	"seq_above_xoff", "seq_above_wt", "seq_below_xlim", "seq_below_wt", "seq_valign_ht", "seq_valign_wt",
}

// MetricNames are graphite2's glyph metrics (enum metrics in GlyphFace.h).
var MetricNames = [...]string{
	"lsb", "rsb", "bb_top", "bb_bottom", "bb_left", "bb_right",
	"bb_height", "bb_width", "adv_width", "adv_height", "ascent", "descent",
}

// SlotAttrID returns the id of a slot attribute name (or a decimal number).
func SlotAttrID(name string) (int, bool) {
	for i, n := range SlotAttrNames {
		if n == name {
			return i, true
		}
	}
	return parseID(name, 255)
}

// MetricID returns the id of a metric name (or a decimal number).
func MetricID(name string) (int, bool) {
	for i, n := range MetricNames {
		if n == name {
			return i, true
		}
	}
	return parseID(name, 255)
}

// parseID parses s as an integer in 0..max (any base strconv.ParseInt
// accepts with base 0), for names that may also be written as numbers; it
// reports false for anything else.
func parseID(s string, max int) (int, bool) {
	v, err := strconv.ParseInt(s, 0, 32)
	if err != nil || v < 0 || int(v) > max {
		return 0, false
	}
	return int(v), true
}

// SlotAttrName returns the name of slot attribute id (its number if unnamed).
func SlotAttrName(id int) string {
	if id >= 0 && id < len(SlotAttrNames) {
		return SlotAttrNames[id]
	}
	return strconv.Itoa(id)
}

// MetricName returns the name of metric id (its number if unnamed).
func MetricName(id int) string {
	if id >= 0 && id < len(MetricNames) {
		return MetricNames[id]
	}
	return strconv.Itoa(id)
}

// p builds a Param: name, kind, width in bytes and signedness.
func p(name string, k Kind, w int, signed bool) Param { return Param{name, k, w, signed} }

var (
	pByte    = p("byte", Number, 1, true)
	pSlot    = p("offset", Slot, 1, true)
	pSattr   = p("slotattr", SlotAttr, 1, false)
	pIndex   = p("index", AttrIndex, 1, false)
	pGattr8  = p("glyphattr", GlyphAttr, 1, false)
	pGattr16 = p("glyphattr", GlyphAttr, 2, false)
	pMetric  = p("glyph-metric", Metric, 1, false)
	pLevel   = p("level", Level, 1, true)
	pFeat    = p("feat", Feature, 1, false)
	pCls8    = func(n string) Param { return p(n, Class, 1, false) }
	pCls16   = func(n string) Param { return p(n, Class, 2, false) }
)

// table is the graphite2 dialect.
var table = [NumOpcodes]Op{
	{Code: 0x00, Name: "NOP", G2Name: "NOP", Constraint: true, Action: true, Doc: "Do nothing."},
	{Code: 0x01, Name: "PushByte", G2Name: "PUSH_BYTE", Params: []Param{pByte}, Pushes: 1, Check: CheckPush, Constraint: true, Action: true, Doc: "Push the given 8-bit signed number onto the stack."},
	{Code: 0x02, Name: "PushByteU", G2Name: "PUSH_BYTE_U", Params: []Param{p("byte", Number, 1, false)}, Pushes: 1, Check: CheckPush, Constraint: true, Action: true, Doc: "Push the given 8-bit unsigned number onto the stack."},
	{Code: 0x03, Name: "PushShort", G2Name: "PUSH_SHORT", Params: []Param{p("short", Number, 2, true)}, Pushes: 1, Check: CheckPush, Constraint: true, Action: true, Doc: "Push the 2 byte number onto the stack."},
	{Code: 0x04, Name: "PushShortU", G2Name: "PUSH_SHORT_U", Params: []Param{p("short", Number, 2, false)}, Pushes: 1, Check: CheckPush, Constraint: true, Action: true, Doc: "Push the 2 byte unsigned number onto the stack."},
	{Code: 0x05, Name: "PushLong", G2Name: "PUSH_LONG", Params: []Param{p("long", Number, 4, true)}, Pushes: 1, Check: CheckPush, Constraint: true, Action: true, Doc: "Push the 4 byte number onto the stack. There is no sign extension so no need for an unsigned opcode."},
	binop(0x06, "Add", "ADD", "Pop the top two items off the stack, add them, and push the result."),
	binop(0x07, "Sub", "SUB", "Pop the top two items off the stack, subtract the first (top-most) from the second, and push the result."),
	binop(0x08, "Mul", "MUL", "Pop the top two items off the stack, multiply them, and push the result."),
	binop(0x09, "Div", "DIV", "Pop the top two items off the stack, divide the second by the first (top-most), and push the result."),
	binop(0x0A, "Min", "MIN", "Pop the top two items off the stack and push the minimum."),
	binop(0x0B, "Max", "MAX", "Pop the top two items off the stack and push the maximum."),
	unop(0x0C, "Neg", "NEG", "Pop the top item off the stack and push the negation."),
	unop(0x0D, "Trunc8", "TRUNC8", "Pop the top item off the stack and push the value truncated to 8 bits."),
	unop(0x0E, "Trunc16", "TRUNC16", "Pop the top item off the stack and push the value truncated to 16 bits."),
	{Code: 0x0F, Name: "Cond", G2Name: "COND", Pops: 3, Pushes: 1, Check: CheckCond, Constraint: true, Action: true, Doc: "Pop the top three items off the stack. If the first == 0 (false), push the third back on, otherwise push the second back on."},
	binop(0x10, "And", "AND", "Pop the top two items off the stack and push their logical and. Zero is treated as false; all other values are treated as true."),
	binop(0x11, "Or", "OR", "Pop the top two items off the stack and push their logical or. Zero is treated as false; all other values are treated as true."),
	unop(0x12, "Not", "NOT", "Pop the top item off the stack and push its logical negation (1 if it equals zero, 0 otherwise)."),
	binop(0x13, "Equal", "EQUAL", "Pop the top two items off the stack and push 1 if they are equal, 0 if not."),
	binop(0x14, "NotEqu", "NOT_EQ", "Pop the top two items off the stack and push 0 if they are equal, 1 if not."),
	binop(0x15, "Less", "LESS", "Pop the top two items off the stack and push 1 if the next-to-the-top is less than the top-most; push 0 otherwise."),
	binop(0x16, "Gtr", "GTR", "Pop the top two items off the stack and push 1 if the next-to-the-top is greater than the top-most; push 0 otherwise."),
	binop(0x17, "LessEq", "LESS_EQ", "Pop the top two items off the stack and push 1 if the next-to-the-top is less than or equal to the top-most; push 0 otherwise."),
	binop(0x18, "GtrEq", "GTR_EQ", "Pop the top two items off the stack and push 1 if the next-to-the-top is greater than or equal to the top-most; push 0 otherwise."),
	{Code: 0x19, Name: "Next", G2Name: "NEXT", Action: true, Doc: "Move the current slot pointer forward one slot (used after we have finished processing that slot)."},
	{Code: 0x1A, Name: "NextN", G2Name: "NEXT_N", Params: []Param{p("count", Number, 1, true)}, NotImplemented: true, Doc: "Not Implemented: Move the current slot pointer by the given number of slots (used after we have finished processing the current slot). The count may be positive or negative.", Note: "graphite2 refuses it in constraint and action code (unimplemented_opcode_used)."},
	{Code: 0x1B, Name: "CopyNext", G2Name: "COPY_NEXT", Action: true, Doc: "Copy the current slot from the input to the output and move the current slot pointer forward one slot."},
	{Code: 0x1C, Name: "PutGlyph8", G2Name: "PUT_GLYPH_8BIT_OBS", Params: []Param{pCls8("outclass")}, Action: true, Context: true, Modifies: true, Doc: "Put the first glyph of the specified class into the output. Normally used when there is only one member of the class, and when inserting.", Note: "The document names it PutGlyph, like 0x3B."},
	{Code: 0x1D, Name: "PutSubs8", G2Name: "PUT_SUBS_8BIT_OBS", Params: []Param{pSlot, pCls8("inclass"), pCls8("outclass")}, Action: true, Context: true, Modifies: true, Doc: "Determine the index of the glyph that was the input in the given slot within the input class, and place the corresponding glyph from the output class in the current slot. The slot number is relative to the current input position.", Note: "The document names it PutSubs, like 0x38."},
	{Code: 0x1E, Name: "PutCopy", G2Name: "PUT_COPY", Params: []Param{pSlot}, Action: true, Context: true, Doc: "Copy the glyph that was in the input in the given slot into the current output slot. The slot number is relative to the current input position.", Note: "graphite2 counts it as modifying only when the offset is not 0."},
	{Code: 0x1F, Name: "Insert", G2Name: "INSERT", Action: true, Modifies: true, Doc: "Insert a new slot before the current slot and make the new slot the current one.", Note: "graphite2 refuses it in positioning and justification passes."},
	{Code: 0x20, Name: "Delete", G2Name: "DELETE", Action: true, Deletes: true, Doc: "Delete the current item in the input stream.", Note: "graphite2 refuses it in positioning and justification passes, and before the rule's pre-context ends."},
	{Code: 0x21, Name: "Assoc", G2Name: "ASSOC", Params: []Param{p("count", Count, 1, false)}, Varargs: true, Action: true, Context: true, Doc: "Set the associations for the current slot to be the given slot(s) in the input. The first argument indicates how many slots follow. The slot offsets are relative to the current input slot.", Note: "graphite2 refuses a count of 0."},
	{Code: 0x22, Name: "ContextItem", G2Name: "CNTXT_ITEM", Params: []Param{pSlot, p("byte-count", Skip, 1, false)}, Constraint: true, Doc: "If the slot currently being tested is not the slot specified by the <offset> argument (relative to the stream position, the first modified item in the rule), skip the given number of bytes of stack-machine code. These bytes represent a test that is irrelevant for this slot.", Note: "graphite2 allows it only in constraint code, never nested, and the skipped bytes must end before the code does."},
	attrop(0x23, "AttrSet", "ATTR_SET", "Pop the stack and set the value of the given attribute to the resulting numerical value."),
	attrop(0x24, "AttrAdd", "ATTR_ADD", "Pop the stack and adjust the value of the given attribute by adding the popped value."),
	attrop(0x25, "AttrSub", "ATTR_SUB", "Pop the stack and adjust the value of the given attribute by subtracting the popped value."),
	attrop(0x26, "AttrSetSlot", "ATTR_SET_SLOT", "Pop the stack and set the given attribute to the value, which is a reference to another slot, making an adjustment for the stream position. The value is relative to the current stream position."),
	iattrop(0x27, "IAttrSetSlot", "IATTR_SET_SLOT", "Pop the stack and set the given indexed attribute of the current slot to the value, which is a reference to another slot, making an adjustment for the stream position. The value is relative to the current stream position."),
	{Code: 0x28, Name: "PushSlotAttr", G2Name: "PUSH_SLOT_ATTR", Params: []Param{pSattr, pSlot}, Pushes: 1, Check: CheckPush, Constraint: true, Action: true, Doc: "Look up the value of the given slot attribute of the given slot and push the result on the stack. The slot offset is relative to the current input position.", Note: "graphite2 refuses the user attribute (55) here: use PushISlotAttr."},
	{Code: 0x29, Name: "PushGlyphAttr8", G2Name: "PUSH_GLYPH_ATTR_OBS", Params: []Param{pGattr8, pSlot}, Pushes: 1, Check: CheckPush, Constraint: true, Action: true, Doc: "Look up the value of the given glyph attribute of the given slot and push the result on the stack. The slot offset is relative to the current input position.", Note: "The document names it PushGlyphAttr, like 0x3C."},
	{Code: 0x2A, Name: "PushGlyphMetric", G2Name: "PUSH_GLYPH_METRIC", Params: []Param{pMetric, pSlot, pLevel}, Pushes: 1, Check: CheckPush, Constraint: true, Action: true, Doc: "Look up the value of the given glyph metric of the given slot and push the result on the stack. The slot offset is relative to the current input position. The level indicates the attachment level for cluster metrics.", Note: "graphite2 accepts metric ids below 11 (kgmetDescent) only."},
	{Code: 0x2B, Name: "PushFeat", G2Name: "PUSH_FEAT", Params: []Param{pFeat, pSlot}, Pushes: 1, Check: CheckPush, Constraint: true, Action: true, Doc: "Push the value of the given feature for the current slot onto the stack."},
	{Code: 0x2C, Name: "PushAttToGlyphAttr8", G2Name: "PUSH_ATT_TO_GATTR_OBS", Params: []Param{pGattr8, pSlot}, Pushes: 1, Check: CheckPush, Constraint: true, Action: true, Doc: "Look up the value of the given glyph attribute for the slot indicated by the given slot's attach.to attribute. Push the result on the stack.", Note: "The document names it PushAttToGlyphAttr, like 0x3D."},
	{Code: 0x2D, Name: "PushAttToGlyphMetric", G2Name: "PUSH_ATT_TO_GLYPH_METRIC", Params: []Param{pMetric, pSlot, pLevel}, Pushes: 1, Check: CheckPush, Constraint: true, Action: true, Doc: "Look up the value of the given glyph metric for the slot indicated by the given slot's attach.to attribute. Push the result on the stack."},
	{Code: 0x2E, Name: "PushISlotAttr", G2Name: "PUSH_ISLOT_ATTR", Params: []Param{pSattr, pSlot, pIndex}, Pushes: 1, Check: CheckPush, Constraint: true, Action: true, Doc: "Push the value of the indexed slot attribute onto the stack. [The current indexed slot attributes are component.X.ref and userX.]", Note: "The document marks <index> signed; graphite2 reads it unsigned."},
	{Code: 0x2F, Name: "PushIGlyphAttr", G2Name: "PUSH_IGLYPH_ATTR", Params: []Param{pGattr8, pSlot, pIndex}, Pushes: 1, NotImplemented: true, Doc: "Not Implemented: Push the value of the indexed glyph attribute onto the stack.", Note: "graphite2 refuses it (unimplemented_opcode_used). The document marks <index> signed; the table follows graphite2's unsigned indices."},
	{Code: 0x30, Name: "PopRet", G2Name: "POP_RET", Pops: 1, Check: CheckPop, Constraint: true, Action: true, Doc: "No more processing is needed for this rule. Pop the top of the stack and return that value. For rule action code, the return value is the number of positions to move the stream position forward (or backward, if the number is negative) for the next rule. For constraint code, the return value is a boolean indicating whether the constraint succeeded."},
	{Code: 0x31, Name: "RetZero", G2Name: "RET_ZERO", Constraint: true, Action: true, Doc: "Terminate the processing and return zero."},
	{Code: 0x32, Name: "RetTrue", G2Name: "RET_TRUE", Constraint: true, Action: true, Doc: "Terminate the processing and return true (1)."},
	iattrop(0x33, "IAttrSet", "IATTR_SET", "Pop the stack and set the value of the given indexed attribute to the resulting numerical value. Not to be used for attributes whose value is a slot reference."),
	iattrop(0x34, "IAttrAdd", "IATTR_ADD", "Pop the stack and adjust the value of the given indexed slot attribute by adding the popped value. Not to be used for attributes whose value is a slot reference."),
	iattrop(0x35, "IAttrSub", "IATTR_SUB", "Pop the stack and adjust the value of the given indexed slot attribute by subtracting the popped value. Not to be used for attributes whose value is a slot reference."),
	{Code: 0x36, Name: "PushProcState", G2Name: "PUSH_PROC_STATE", Params: []Param{p("byte", Number, 1, false)}, Pushes: 1, Check: CheckPush, Constraint: true, Action: true, Doc: "Not Implemented: Pushes the processor state value identifier by the argument onto the stack.", Note: "graphite2 implements it: it pushes 1 whatever the argument."},
	{Code: 0x37, Name: "PushVersion", G2Name: "PUSH_VERSION", Pushes: 1, Check: CheckPush, Constraint: true, Action: true, Doc: "Pushes the version of the engine onto the stack as a 32 bit number. The stack holds 32 bit values.", Note: "graphite2 pushes 0x00030000."},
	{Code: 0x38, Name: "PutSubs", G2Name: "PUT_SUBS", Params: []Param{pSlot, pCls16("inclass"), pCls16("outclass")}, Action: true, Context: true, Modifies: true, Doc: "Equivalent to PutSubs (0x1D) but with 16-bit class identifiers."},
	{Code: 0x39, Name: "PutSubs2", G2Name: "PUT_SUBS2", NotImplemented: true, Doc: "Not Implemented"},
	{Code: 0x3A, Name: "PutSubs3", G2Name: "PUT_SUBS3", NotImplemented: true, Doc: "Not Implemented"},
	{Code: 0x3B, Name: "PutGlyph", G2Name: "PUT_GLYPH", Params: []Param{pCls16("outclass")}, Action: true, Context: true, Modifies: true, Doc: "Equivalent to PutGlyph (0x1C) but with 16-bit class identifier."},
	{Code: 0x3C, Name: "PushGlyphAttr", G2Name: "PUSH_GLYPH_ATTR", Params: []Param{pGattr16, pSlot}, Pushes: 1, Check: CheckPush, Constraint: true, Action: true, Doc: "Equivalent to PushGlyphAttr (0x29) but with 16-bit glyph attribute identifier."},
	{Code: 0x3D, Name: "PushAttToGlyphAttr", G2Name: "PUSH_ATT_TO_GLYPH_ATTR", Params: []Param{pGattr16, pSlot}, Pushes: 1, Check: CheckPush, Constraint: true, Action: true, Doc: "Equivalent to PushAttToGlyphAttr (0x2C) but with 16-bit glyph attribute identifier."},
	{Code: 0x3E, Name: "BitOr", G2Name: "BITOR", Pops: 2, Pushes: 1, Check: CheckBinary, Constraint: true, Action: true, Doc: "Pop the top two items off the stack, perform a bitwise OR, and push the result.", Note: "graphite2 executes 0x3E as bitwise OR; the document (and grcompiler) call it BitAnd. Dialect Document gives the document's meaning."},
	{Code: 0x3F, Name: "BitAnd", G2Name: "BITAND", Pops: 2, Pushes: 1, Check: CheckBinary, Constraint: true, Action: true, Doc: "Pop the top two items off the stack, perform a bitwise AND, and push the result.", Note: "graphite2 executes 0x3F as bitwise AND; the document (and grcompiler) call it BitOr. Dialect Document gives the document's meaning."},
	unop(0x40, "BitNot", "BITNOT", "Pop the top item off the stack, perform a bitwise NOT, and push the result."),
	{Code: 0x41, Name: "SetBits", G2Name: "BITSET", Params: []Param{p("mask", Mask, 2, false), p("value", Number, 2, false)}, Pops: 1, Pushes: 1, Check: CheckUnary, Constraint: true, Action: true, Doc: "Pop the top item off the stack, clear the mask bits, set the value bits, and push the result.", Note: "The document marks <mask-short> and <value-short> signed; graphite2 reads both as unsigned 16-bit patterns."},
	{Code: 0x42, Name: "SetFeat", G2Name: "SET_FEAT", Params: []Param{pFeat, pSlot}, Pops: 1, Action: true, Doc: "Pop a value off the stack and set the given feature on referenced slot to that value. The value is clipped at the maximum permissible value for that feature.", Note: "graphite2's loader does not count the pop in its static stack check."},
}

// binop builds the table entry of a binary stack operator with opcode c:
// pops two values and pushes one (CheckBinary), allowed in constraint and
// action code.
func binop(c byte, name, g2, doc string) Op {
	return Op{Code: c, Name: name, G2Name: g2, Pops: 2, Pushes: 1, Check: CheckBinary, Constraint: true, Action: true, Doc: doc}
}

// unop builds the table entry of a unary stack operator with opcode c:
// pops one value and pushes one (CheckUnary), allowed in constraint and
// action code.
func unop(c byte, name, g2, doc string) Op {
	return Op{Code: c, Name: name, G2Name: g2, Pops: 1, Pushes: 1, Check: CheckUnary, Constraint: true, Action: true, Doc: doc}
}

// attrop builds the table entry of an action-only slot attribute setter
// with opcode c that takes a slot attribute and pops its value (CheckPop,
// inside a context item).
func attrop(c byte, name, g2, doc string) Op {
	return Op{Code: c, Name: name, G2Name: g2, Params: []Param{pSattr}, Pops: 1, Check: CheckPop, Action: true, Context: true, Doc: doc, Note: "graphite2 refuses the user attribute (55) here: use the indexed form."}
}

// iattrop builds the table entry of an action-only indexed slot attribute
// setter with opcode c: a slot attribute and an index, popping the value
// (CheckPop, inside a context item), with graphite2's limits on the index
// in its note.
func iattrop(c byte, name, g2, doc string) Op {
	return Op{Code: c, Name: name, G2Name: g2, Params: []Param{pSattr, pIndex}, Pops: 1, Check: CheckPop, Action: true, Context: true, Doc: doc,
		Note: "graphite2 limits the index: below 255 for comp_ref (15), below the Silf's user attribute count for user (55), 0 for other ids below 30, and refuses ids 30 and above."}
}

var docTable = func() [NumOpcodes]Op {
	t := table
	t[0x3E].Name, t[0x3F].Name = "BitAnd", "BitOr"
	t[0x3E].Doc, t[0x3F].Doc = "Pop the top two items off the stack, perform a bitwise AND, and push the result.", "Pop the top two items off the stack, perform a bitwise OR, and push the result."
	t[0x3E].Note = "The document's meaning. graphite2 executes 0x3E as bitwise OR."
	t[0x3F].Note = "The document's meaning. graphite2 executes 0x3F as bitwise AND."
	return t
}()

// Lookup returns the entry for opcode c in dialect d, or nil for an illegal
// opcode (c >= NumOpcodes).
func Lookup(c byte, d Dialect) *Op {
	if int(c) >= NumOpcodes {
		return nil
	}
	if d == Document {
		return &docTable[c]
	}
	return &table[c]
}

// Table returns all entries of dialect d, indexed by opcode.
func Table(d Dialect) []Op {
	if d == Document {
		return docTable[:]
	}
	return table[:]
}

// ByName finds an entry by mnemonic (case-insensitive; graphite2's names
// such as PUT_SUBS are accepted too) or by code ("0x38", "56").
func ByName(name string, d Dialect) *Op {
	t := Table(d)
	for i := range t {
		if strings.EqualFold(t[i].Name, name) {
			return &t[i]
		}
	}
	for i := range t {
		if strings.EqualFold(t[i].G2Name, name) {
			return &t[i]
		}
	}
	if v, err := strconv.ParseUint(name, 0, 8); err == nil && v < NumOpcodes {
		return &t[v]
	}
	return nil
}

// Format prints the entry in the document's form: code, name, parameters
// (<signed>, {unsigned}, with width), stack effect, legality and
// description.
func (o *Op) Format() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%02X  %s", o.Code, o.Name)
	for _, pm := range o.Params {
		fmt.Fprintf(&b, " %s", pm.Syntax())
	}
	if o.Varargs {
		b.WriteString(" <slot-1> ... <slot-count>")
	}
	b.WriteString("\n")
	fmt.Fprintf(&b, "    graphite2:   %s\n", o.G2Name)
	fmt.Fprintf(&b, "    stack:       pops %d, pushes %d\n", o.Pops, o.Pushes)
	if o.Varargs {
		b.WriteString("    size:        2 + count bytes\n")
	} else {
		fmt.Fprintf(&b, "    size:        %d bytes\n", 1+o.ParamBytes())
	}
	legal := []string{}
	if o.Constraint {
		legal = append(legal, "constraint")
	}
	if o.Action {
		legal = append(legal, "action")
	}
	if len(legal) == 0 {
		b.WriteString("    legal in:    nothing (graphite2 refuses the font)\n")
	} else {
		fmt.Fprintf(&b, "    legal in:    %s code\n", strings.Join(legal, " and "))
	}
	if o.NotImplemented {
		b.WriteString("    implemented: no\n")
	}
	fmt.Fprintf(&b, "    %s\n", o.Doc)
	if o.Note != "" {
		fmt.Fprintf(&b, "    note: %s\n", o.Note)
	}
	return b.String()
}

// Syntax is the parameter in the document's notation: <name> signed,
// {name} unsigned; a width other than one byte is appended (":16", ":32").
func (pm Param) Syntax() string {
	w := ""
	if pm.Width != 1 {
		w = ":" + strconv.Itoa(pm.Width*8)
	}
	if pm.Signed {
		return "<" + pm.Name + w + ">"
	}
	return "{" + pm.Name + w + "}"
}
