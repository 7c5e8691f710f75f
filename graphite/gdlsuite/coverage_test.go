package gdlsuite

import (
	"fmt"
	"os"
	"path/filepath"
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

func useOf(t *testing.T, path string) opcodeUse {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
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
// 5.2.1 never generates, with the reason (from grcompiler's code generator,
// GdlExpression.cpp / GdlRule.cpp GenerateEngineCode).
var notEmittable = map[byte]string{
	0x00: "grcompiler's code generator never emits Nop",
	0x02: "numeric constants are emitted as signed PushByte/PushShort/PushLong only",
	0x04: "numeric constants are emitted as signed PushByte/PushShort/PushLong only",
	0x0D: "no GDL operator: the generator leaves Trunc8 as 'eventually, perhaps'",
	0x0E: "no GDL operator: the generator leaves Trunc16 as 'eventually, perhaps'",
	0x1C: "8-bit form emitted only for rule version <= 2.0; grcompiler 5.2.1 raises every Silf over Go Regular to 4.0 (warning 5504, even a one-rule GDL with -v2)",
	0x1D: "8-bit form emitted only for rule version <= 2.0; grcompiler 5.2.1 raises every Silf over Go Regular to 4.0 (warning 5504)",
	0x29: "8-bit form emitted only for rule version <= 2.0; grcompiler 5.2.1 raises every Silf over Go Regular to 4.0 (warning 5504)",
	0x2C: "8-bit form emitted only for rule version <= 2.0; grcompiler 5.2.1 raises every Silf over Go Regular to 4.0 (warning 5504)",
	0x32: "not in grcompiler 5.2.1's output for any rule of the suite (constraints end in PopRet)",
	0x36: "GDL's JustifyMode in a rule constraint aborts grcompiler 5.2.1 (assertion in GdlLookupExpression::CheckRuleExpression)",
	0x37: "no GDL construct found that makes grcompiler 5.2.1 emit it",
	0x41: "no GDL construct found that makes grcompiler 5.2.1 emit it",
	0x42: "no GDL construct found that makes grcompiler 5.2.1 emit it",
}

// TestOpcodeCoverage requires the union of opcodes used by the compiled
// fonts to cover every opcode graphite2 implements, except the ones listed
// in notEmittable (and each of those must really be absent, so the list
// cannot go stale).
func TestOpcodeCoverage(t *testing.T) {
	g, err := ReadGolden("testdata/golden.txt")
	if err != nil {
		t.Fatal(err)
	}
	union := map[byte]int{}
	attrs := map[int]int{}
	for _, b := range Builds {
		if g.Refused[b.Name] {
			continue // graphite2 refuses it: its code counts for nothing
		}
		u := useOf(t, filepath.Join("testdata", b.Name+".ttf"))
		for op, n := range u.ops {
			union[op] += n
		}
		for a, n := range u.attrs {
			attrs[a] += n
		}
	}
	covered, total := 0, 0
	var missing []string
	for _, op := range isa.Table(isa.Graphite2) {
		if op.NotImplemented || !(op.Action || op.Constraint) {
			continue
		}
		total++
		_, used := union[op.Code]
		reason, excused := notEmittable[op.Code]
		switch {
		case used && excused:
			t.Errorf("0x%02X %s is listed as not emittable (%s) but the fonts use it", op.Code, op.Name, reason)
		case used:
			covered++
		case !excused:
			missing = append(missing, fmt.Sprintf("0x%02X %s", op.Code, op.Name))
		}
	}
	if len(missing) > 0 {
		t.Errorf("opcodes not covered: %s", strings.Join(missing, ", "))
	}
	var an []string
	for a := range attrs {
		an = append(an, isa.SlotAttrName(a))
	}
	sort.Strings(an)
	t.Logf("opcodes covered: %d of %d implemented (%d excused); slot attributes used: %d: %s", covered, total, len(notEmittable), len(an), strings.Join(an, " "))
}
