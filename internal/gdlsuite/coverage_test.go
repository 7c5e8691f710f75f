package gdlsuite

import (
	"sort"
	"strings"
	"testing"

	"fontvm/graphite"
	"fontvm/graphite/gasm"
	"fontvm/graphite/isa"
)

// opcodeUse records, for one font, every opcode in its pass and rule code
// and every slot attribute id its code reads or writes.
type opcodeUse struct {
	ops   map[byte]int
	attrs map[int]int
}

func useOf(t *testing.T, path string, data []byte) opcodeUse {
	t.Helper()
	face, err := graphite.Load(data)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	u := opcodeUse{ops: map[byte]int{}, attrs: map[int]int{}}
	add := func(c *graphite.Code) {
		if c.Empty() {
			return
		}
		// Two independent decodings must agree: the loader's and gasm's.
		lines := gasm.Disassemble(c.Raw, isa.Graphite2)
		if len(lines) != len(c.Instrs) {
			t.Errorf("%s: code at %d: gasm decodes %d instructions, loader %d", path, c.Offset, len(lines), len(c.Instrs))
		}
		for _, in := range c.Instrs {
			u.ops[in.Op]++
			op := isa.Lookup(in.Op, isa.Graphite2)
			if op == nil {
				continue
			}
			// slot attribute parameters are the first byte of a SlotAttr param
			off := 0
			for _, p := range op.Params {
				if p.Kind == isa.SlotAttr && off < len(in.Args) {
					u.attrs[int(in.Args[off])]++
				}
				off += p.Width
			}
		}
	}
	for _, s := range face.Silfs {
		for _, p := range s.Passes {
			add(p.Constraint)
			for i := range p.Rules {
				add(p.Rules[i].Constraint)
				add(p.Rules[i].Action)
			}
		}
	}
	return u
}

// notEmittable lists the opcodes graphite2 implements that grcompiler
// 5.2.1 does not emit in a form graphite2 accepts, with the reason (from
// grcompiler's code generator, compiler/GdlExpression.cpp, Compiler.cpp).
// The compiled fonts must use every other opcode, must not use these (so the
// list cannot go stale), and the hand-patched font (patch_test.go) must use
// these.
var notEmittable = map[byte]string{
	0x00: "grcompiler's code generator never emits Nop",
	0x02: "numeric constants are emitted as signed PushByte/PushShort/PushLong only",
	0x04: "numeric constants are emitted as signed PushByte/PushShort/PushLong only",
	0x0D: "no GDL operator: the generator leaves Trunc8 as 'eventually, perhaps'",
	0x0E: "no GDL operator: the generator leaves Trunc16 as 'eventually, perhaps'",
	0x32: "grcompiler 5.2.1 has no code path that emits RetTrue (constraints end in PopRet)",
	0x36: "GDL's JustifyMode in a rule constraint aborts grcompiler 5.2.1 (assertion in GdlLookupExpression::CheckRuleExpression)",
	0x37: "grcompiler 5.2.1 has no code path that emits PushVersion",
	0x42: "grcompiler 5.2.1 emits it (setfeat.gdl) with one operand byte where graphite2 reads two (feature, slot); graphite2 refuses that font, and so does fontvm (TestGoldenExact)",
}

// TestOpcodeCoverage requires the compiled fonts graphite2 accepts to use
// every opcode graphite2 implements except notEmittable's, and the patched
// font to add exactly those.
func TestOpcodeCoverage(t *testing.T) {
	g, err := ReadGolden("testdata/golden.txt")
	if err != nil {
		t.Fatal(err)
	}
	compiled := map[byte]int{}
	all := map[byte]int{}
	attrs := map[int]int{}
	for _, f := range suiteFonts(t) {
		if g.Refused[f.Name] {
			continue // graphite2 refuses it: its code counts for nothing
		}
		if _, ok := g.FontSHA[f.Name]; !ok {
			t.Fatalf("%s: not in the golden data", f.Name)
		}
		u := useOf(t, f.Name, f.Data)
		for op, n := range u.ops {
			all[op] += n
			if f.Name != PatchedName {
				compiled[op] += n
			}
		}
		for a, n := range u.attrs {
			attrs[a] += n
		}
	}
	nCompiled, nAll, total := 0, 0, 0
	for _, op := range isa.Table(isa.Graphite2) {
		if op.NotImplemented || !(op.Action || op.Constraint) {
			continue
		}
		total++
		_, inCompiled := compiled[op.Code]
		_, inAll := all[op.Code]
		reason, excused := notEmittable[op.Code]
		switch {
		case inCompiled && excused:
			t.Errorf("0x%02X %s is listed as not emittable (%s) but a compiled font uses it", op.Code, op.Name, reason)
		case !inCompiled && !excused:
			t.Errorf("0x%02X %s: no compiled font uses it", op.Code, op.Name)
		}
		if !inAll {
			t.Errorf("0x%02X %s: no font (compiled or patched) uses it", op.Code, op.Name)
		}
		if inCompiled {
			nCompiled++
		}
		if inAll {
			nAll++
		}
	}
	var an []string
	for a := range attrs {
		an = append(an, isa.SlotAttrName(a))
	}
	sort.Strings(an)
	t.Logf("opcodes graphite2 implements: %d; used by grcompiler-built fonts: %d; with the hand-patched font: %d", total, nCompiled, nAll)
	var unused []string
	for a := 0; a < isa.SlotAttrMax; a++ {
		if _, ok := attrs[a]; !ok {
			unused = append(unused, isa.SlotAttrName(a))
			// Ids 45-53 follow justification level 3 (ids 25-44): grcompiler
			// has no name for them and graphite2 keeps nothing there.
			if a < 45 || a > 53 {
				t.Errorf("slot attribute %d (%s): no font uses it", a, isa.SlotAttrName(a))
			}
		}
	}
	t.Logf("slot attributes used: %d of %d: %s", len(an), isa.SlotAttrMax, strings.Join(an, " "))
	t.Logf("slot attributes not used: %s", strings.Join(unused, " "))
}
