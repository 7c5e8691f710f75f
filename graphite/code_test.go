package graphite

import (
	"fmt"
	"strings"
	"testing"

	"fontvm/graphite/gasm"
	"fontvm/graphite/isa"
)

var testLim = codeLimits{classes: 20, glyfAttrs: 30, features: 4, numUser: 2}

func asm(t *testing.T, src string) []byte {
	t.Helper()
	b, err := gasm.Assemble(src, isa.Graphite2)
	if err != nil {
		t.Fatalf("assemble %q: %v", src, err)
	}
	return b
}

// validArgs returns arguments that pass graphite2's checks for op under
// testLim with a rule of length 2 and no pre-context.
func validArgs(op *isa.Op) string {
	var a []string
	for i, p := range op.Params {
		switch p.Kind {
		case isa.Slot, isa.Level, isa.Skip:
			a = append(a, "0")
		case isa.Class:
			a = append(a, "19")
		case isa.SlotAttr:
			if len(op.Params) > i+1 && op.Params[i+1].Kind == isa.AttrIndex || op.Code == isa.PushISlotAttr {
				a = append(a, "user")
			} else {
				a = append(a, "shift_x")
			}
		case isa.AttrIndex:
			a = append(a, "1")
		case isa.GlyphAttr:
			a = append(a, "29")
		case isa.Metric:
			a = append(a, "ascent")
		case isa.Feature:
			a = append(a, "3")
		case isa.Count:
			a = append(a, "0")
		default:
			a = append(a, "1")
		}
	}
	return strings.Join(a, " ")
}

// instrSource is op with valid arguments, preceded by the pushes its
// static stack check needs.
func instrSource(op *isa.Op) string {
	var b strings.Builder
	need := map[isa.Check]int{isa.CheckBinary: 2, isa.CheckUnary: 1, isa.CheckCond: 3, isa.CheckPop: 1}[op.Check]
	for i := 0; i < need; i++ {
		b.WriteString("PushByte 1\n")
	}
	switch op.Code {
	case isa.ContextItem:
		b.WriteString("ContextItem 0 end\nPushByte 1\nPopRet\nend: RetTrue\n")
		return b.String()
	case isa.Assoc:
		b.WriteString("Assoc 0 1\n")
	case isa.NextN:
		b.WriteString("NextN 1\n")
	default:
		fmt.Fprintf(&b, "%s %s\n", op.Name, validArgs(op))
	}
	return b.String()
}

// TestEveryOpcode: each opcode 0x00-0x42, with valid arguments, is accepted
// in exactly the code kinds graphite2 implements it for, and refused as
// unimplemented elsewhere; 0x43-0xFF are illegal.
func TestEveryOpcode(t *testing.T) {
	for c := 0; c < 256; c++ {
		op := isa.Lookup(byte(c), isa.Graphite2)
		if op == nil {
			for _, constraint := range []bool{true, false} {
				_, ce := loadCode(constraint, []byte{byte(c), isa.RetTrue}, 0, 2, testLim, PassSubstitute)
				if ce == nil || ce.status != InvalidOpcode || ce.pc != 0 {
					t.Errorf("0x%02X: got %+v, want invalid_opcode at 0", c, ce)
				}
			}
			continue
		}
		for _, constraint := range []bool{true, false} {
			ret := "RetTrue"
			if !constraint {
				ret = "RetZero"
			}
			src := instrSource(op) + ret
			code := asm(t, src)
			got, ce := loadCode(constraint, code, 0, 2, testLim, PassSubstitute)
			legal := op.Constraint
			if !constraint {
				legal = op.Action
			}
			kind := map[bool]string{true: "constraint", false: "action"}[constraint]
			if legal {
				if ce != nil {
					t.Errorf("%s in %s code:\n%s\nrefused: %v %s", op.Name, kind, src, ce.status, ce.reason)
					continue
				}
				found := false
				for _, in := range got.Instrs {
					found = found || in.Op == op.Code
				}
				if !found {
					t.Errorf("%s in %s code: not among the decoded instructions", op.Name, kind)
				}
			} else if ce == nil || ce.status != UnimplementedOpcode {
				t.Errorf("%s in %s code: got %+v, want unimplemented_opcode_used", op.Name, kind, ce)
			}
		}
	}
}

type verifierCase struct {
	name       string
	src        string
	constraint bool
	pre, sort  int
	pt         PassType
	status     Status // Loaded: must be accepted
	pc         int
}

// TestVerifierErrors: every refusal of graphite2's code loader, and the
// boundary that is still accepted, with hand-assembled code.
func TestVerifierErrors(t *testing.T) {
	for _, tc := range verifierCases {
		t.Run(tc.name, func(t *testing.T) {
			code := asm(t, tc.src)
			c, ce := loadCode(tc.constraint, code, tc.pre, tc.sort, testLim, tc.pt)
			if tc.status == Loaded {
				if ce != nil {
					t.Fatalf("refused: %v at %d: %s", ce.status, ce.pc, ce.reason)
				}
				if c == nil {
					t.Fatalf("loaded as empty")
				}
				return
			}
			if ce == nil {
				t.Fatalf("accepted, want %v", tc.status)
			}
			if ce.status != tc.status || ce.pc != tc.pc {
				t.Fatalf("got %v at %d (%s), want %v at %d", ce.status, ce.pc, ce.reason, tc.status, tc.pc)
			}
			if ce.reason == "" {
				t.Fatalf("refusal without a reason")
			}
		})
	}
}

const C, A = true, false // constraint, action

var verifierCases = []verifierCase{
	// illegal and unimplemented opcodes
	{"illegal 0x43", ".byte 0x43\nRetTrue", C, 0, 2, PassSubstitute, InvalidOpcode, 0},
	{"illegal 0xFF in action", "NOP\n.byte 0xFF\nRetZero", A, 0, 2, PassSubstitute, InvalidOpcode, 1},
	{"NextN", "NextN 1\nRetZero", A, 0, 2, PassSubstitute, UnimplementedOpcode, 0},
	{"PushIGlyphAttr", "PushIGlyphAttr 0 0 0\nPopRet", C, 0, 2, PassSubstitute, UnimplementedOpcode, 0},
	{"PutSubs2", "PutSubs2\nRetZero", A, 0, 2, PassSubstitute, UnimplementedOpcode, 0},
	{"PutSubs3", "PutSubs3\nRetZero", A, 0, 2, PassSubstitute, UnimplementedOpcode, 0},
	{"ContextItem in action", "ContextItem 0 0\nRetZero", A, 0, 2, PassSubstitute, UnimplementedOpcode, 0},
	{"PutGlyph in constraint", "PutGlyph 1\nRetTrue", C, 0, 2, PassSubstitute, UnimplementedOpcode, 0},
	{"AttrSet in constraint", "PushByte 1\nAttrSet shift_x\nRetTrue", C, 0, 2, PassSubstitute, UnimplementedOpcode, 2},
	{"Insert in positioning", "Insert\nRetZero", A, 0, 2, PassPositioning, InvalidOpcode, 0},
	{"Delete in justification", "Delete\nRetZero", A, 0, 2, PassJustification, InvalidOpcode, 0},
	{"Insert in substitution", "Insert\nPutGlyph 1\nRetZero", A, 0, 2, PassSubstitute, Loaded, 0},
	// arguments past the end
	{"PushShort truncated", ".byte 0x03 0x00", C, 0, 2, PassSubstitute, ArgumentsExhausted, 0},
	{"PushLong truncated", "NOP\n.byte 0x05 1 2 3", C, 0, 2, PassSubstitute, ArgumentsExhausted, 1},
	{"Assoc without count", "NOP\n.byte 0x21", A, 0, 2, PassSubstitute, ArgumentsExhausted, 1},
	{"Assoc offsets past end", ".byte 0x21 3 0", A, 0, 2, PassSubstitute, ArgumentsExhausted, 0},
	{"args end the code", "PushByte 1", C, 0, 2, PassSubstitute, MissingReturn, 0},
	// skips
	{"ContextItem skips past the end", "ContextItem 0 9\nPushByte 1\nPopRet", C, 0, 2, PassSubstitute, JumpPastEnd, 0},
	{"ContextItem skips to the end", "ContextItem 0 3\nPushByte 1\nPopRet", C, 0, 2, PassSubstitute, JumpPastEnd, 0},
	{"ContextItem skip ends before the end", "ContextItem 0 3\nPushByte 1\nPopRet\nRetTrue", C, 0, 2, PassSubstitute, Loaded, 0},
	{"nested ContextItem", "ContextItem 0 7\nContextItem 1 3\nPushByte 1\nPopRet\nRetTrue\nRetTrue", C, 0, 2, PassSubstitute, NestedContextItem, 3},
	{"ContextItem slot outside the rule", "ContextItem 2 3\nPushByte 1\nPopRet\nRetTrue", C, 0, 2, PassSubstitute, OutOfRangeData, 0},
	{"ContextItem negative slot", "ContextItem -1 3\nPushByte 1\nPopRet\nRetTrue", C, 0, 2, PassSubstitute, OutOfRangeData, 0},
	{"ContextItem body checked", "ContextItem 0 2\n.byte 0x44 0\nRetTrue", C, 0, 2, PassSubstitute, InvalidOpcode, 3},
	// missing return
	{"no return", "PushByte 1\nNOP", C, 0, 2, PassSubstitute, MissingReturn, 2},
	{"only NOP", "NOP", A, 0, 2, PassSubstitute, MissingReturn, 0},
	{"return inside a context body counts", "ContextItem 0 1\nRetTrue\nPushByte 0\nRetTrue", C, 0, 2, PassSubstitute, Loaded, 0},
	// static stack underflow
	{"Add on empty stack", "Add\nRetTrue", C, 0, 2, PassSubstitute, UnderfullStack, 0},
	{"Add on one value", "PushByte 1\nAdd\nRetTrue", C, 0, 2, PassSubstitute, UnderfullStack, 2},
	{"Neg on empty stack", "Neg\nRetTrue", C, 0, 2, PassSubstitute, UnderfullStack, 0},
	{"Cond on two values", "PushByte 1\nPushByte 1\nCond\nRetTrue", C, 0, 2, PassSubstitute, UnderfullStack, 4},
	{"PopRet on empty stack", "PopRet", C, 0, 2, PassSubstitute, UnderfullStack, 0},
	{"AttrSet on empty stack", "AttrSet shift_x\nRetZero", A, 0, 2, PassSubstitute, UnderfullStack, 0},
	{"SetBits on empty stack", "SetBits 0xff 1\nRetTrue", C, 0, 2, PassSubstitute, UnderfullStack, 0},
	{"SetFeat pops nothing statically", "SetFeat 0 0\nRetZero", A, 0, 2, PassSubstitute, Loaded, 0},
	// ids out of range
	{"class = number of classes", "PutGlyph 20\nRetZero", A, 0, 2, PassSubstitute, OutOfRangeData, 0},
	{"class below the limit", "PutGlyph 19\nRetZero", A, 0, 2, PassSubstitute, Loaded, 0},
	{"8-bit output class", "PutSubs8 0 1 20\nRetZero", A, 0, 2, PassSubstitute, OutOfRangeData, 0},
	{"16-bit input class", "PutSubs 0 256 1\nRetZero", A, 0, 2, PassSubstitute, OutOfRangeData, 0},
	{"glyph attribute = count", "PushGlyphAttr 30 0\nPopRet", C, 0, 2, PassSubstitute, OutOfRangeData, 0},
	{"8-bit glyph attribute", "PushGlyphAttr8 30 0\nPopRet", C, 0, 2, PassSubstitute, OutOfRangeData, 0},
	{"attached glyph attribute", "PushAttToGlyphAttr 300 0\nPopRet", C, 0, 2, PassSubstitute, OutOfRangeData, 0},
	{"feature = count", "PushFeat 4 0\nPopRet", C, 0, 2, PassSubstitute, OutOfRangeData, 0},
	{"SetFeat feature", "PushByte 1\nSetFeat 4 0\nRetZero", A, 0, 2, PassSubstitute, OutOfRangeData, 2},
	{"metric descent", "PushGlyphMetric descent 0 0\nPopRet", C, 0, 2, PassSubstitute, OutOfRangeData, 0},
	{"metric ascent", "PushGlyphMetric ascent 0 0\nPopRet", C, 0, 2, PassSubstitute, Loaded, 0},
	{"attached metric", "PushAttToGlyphMetric 11 0 0\nPopRet", C, 0, 2, PassSubstitute, OutOfRangeData, 0},
	{"slot attribute 78", "PushByte 1\nAttrSet 78\nRetZero", A, 0, 2, PassSubstitute, OutOfRangeData, 2},
	{"slot attribute 77", "PushByte 1\nAttrSet seq_valign_wt\nRetZero", A, 0, 2, PassSubstitute, Loaded, 0},
	{"AttrSet user", "PushByte 1\nAttrSet user\nRetZero", A, 0, 2, PassSubstitute, OutOfRangeData, 2},
	{"PushSlotAttr user", "PushSlotAttr user 0\nPopRet", C, 0, 2, PassSubstitute, OutOfRangeData, 0},
	{"IAttrSet index 1 of plain attribute", "PushByte 1\nIAttrSet shift_x 1\nRetZero", A, 0, 2, PassSubstitute, OutOfRangeData, 2},
	{"IAttrSet user beyond numUser", "PushByte 1\nIAttrSet user 2\nRetZero", A, 0, 2, PassSubstitute, OutOfRangeData, 2},
	{"IAttrSet attribute 30", "PushByte 1\nIAttrAdd 30 0\nRetZero", A, 0, 2, PassSubstitute, OutOfRangeData, 2},
	{"IAttrSetSlot comp_ref 254", "PushByte 1\nIAttrSetSlot comp_ref 254\nRetZero", A, 0, 2, PassSubstitute, Loaded, 0},
	{"IAttrSub comp_ref 255", "PushByte 1\nIAttrSub comp_ref 255\nRetZero", A, 0, 2, PassSubstitute, OutOfRangeData, 2},
	{"PushISlotAttr index", "PushISlotAttr user 0 2\nPopRet", C, 0, 2, PassSubstitute, OutOfRangeData, 0},
	// slot offsets outside the rule's context
	{"constraint looks ahead", "PushGlyphAttr 1 1\nPopRet", C, 0, 2, PassSubstitute, OutOfRangeData, 0},
	{"constraint looks behind its pre-context", "PushGlyphAttr 1 -2\nPopRet", C, 1, 2, PassSubstitute, OutOfRangeData, 0},
	{"constraint within its pre-context", "PushGlyphAttr 1 -1\nPopRet", C, 1, 2, PassSubstitute, Loaded, 0},
	{"action slot past the rule", "PutCopy 2\nRetZero", A, 0, 2, PassSubstitute, OutOfRangeData, 0},
	{"action slot before the rule", "PutCopy -1\nRetZero", A, 0, 2, PassSubstitute, OutOfRangeData, 0},
	{"action reaches the pre-context", "PutCopy -1\nRetZero", A, 1, 2, PassSubstitute, Loaded, 0},
	{"Assoc offset outside", "Assoc 0 5\nRetZero", A, 0, 2, PassSubstitute, OutOfRangeData, 0},
	{"Assoc count 0", ".byte 0x21 0\nRetZero", A, 0, 2, PassSubstitute, OutOfRangeData, 0},
	{"Next past the rule", "Next\nNext\nNext\nRetZero", A, 0, 2, PassSubstitute, OutOfRangeData, 2},
	{"output slot past the rule", "Next\nNext\nPutCopy 0\nRetZero", A, 0, 2, PassSubstitute, OutOfRangeData, 2},
	{"Delete into the pre-context", "Delete\nDelete\nRetZero", A, 1, 3, PassSubstitute, OutOfRangeData, 1},
	{"rule of length 0", "PutCopy 0\nRetZero", A, 0, 0, PassSubstitute, OutOfRangeData, 0},
}

// TestConstraintNeverMutable: graphite2's E_MUTABLECCODE cannot fire
// because every opcode that modifies or deletes is unimplemented in
// constraint code; the table must keep that so.
func TestConstraintNeverMutable(t *testing.T) {
	for _, op := range isa.Table(isa.Graphite2) {
		if op.Constraint && (op.Modifies || op.Deletes) {
			t.Errorf("%s is legal in constraint code but modifies", op.Name)
		}
	}
}

// TestAnalysis checks graphite2's per-code analysis on hand-assembled code.
func TestAnalysis(t *testing.T) {
	// slot 0 changed by PutGlyph, and referenced later by PutCopy from
	// slot 1: one temporary copy, and the code counts as deleting.
	c, ce := loadCode(false, asm(t, "PutGlyph 1\nNext\nPutCopy -1\nNext\nRetZero"), 0, 2, testLim, PassSubstitute)
	if ce != nil {
		t.Fatalf("refused: %v %s", ce.status, ce.reason)
	}
	if !c.Modifies || c.MaxRef != 1 {
		t.Errorf("modifies %v max ref %d, want true 1", c.Modifies, c.MaxRef)
	}
	if c.TempCopies != 1 || !c.Deletes || c.InstrCount != len(c.Instrs)+1 {
		t.Errorf("temp copies %d deletes %v instrs %d/%d, want 1 true n+1", c.TempCopies, c.Deletes, c.InstrCount, len(c.Instrs))
	}
	c, ce = loadCode(false, asm(t, "PutCopy 0\nPushByte 3\nAttrSet shift_x\nNext\nRetZero"), 0, 1, testLim, PassPositioning)
	if ce != nil {
		t.Fatalf("refused: %v %s", ce.status, ce.reason)
	}
	if c.Modifies || c.Deletes || c.TempCopies != 0 {
		t.Errorf("PutCopy 0 + AttrSet: modifies %v deletes %v temp %d, want none", c.Modifies, c.Deletes, c.TempCopies)
	}
	c, _ = loadCode(false, asm(t, "Delete\nRetZero"), 0, 1, testLim, PassSubstitute)
	if c == nil || !c.Deletes {
		t.Errorf("Delete not flagged")
	}
	// ContextItem: Skip and Body describe the guarded bytes.
	c, _ = loadCode(true, asm(t, "ContextItem 1 end\nPushByte 1\nPushByte 2\nLess\nPopRet\nend: RetTrue"), 0, 2, testLim, PassSubstitute)
	if c == nil || c.Instrs[0].Skip != 6 || c.Instrs[0].Body != 4 {
		t.Fatalf("ContextItem decoded as %+v", c)
	}
}
