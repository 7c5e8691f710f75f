package isa

import "testing"

// TestOperandsMatchTable: every operand entry names an instruction, gives
// a role per fixed pop (one more, the loop point's, for looping
// instructions), and looping instructions are exactly the DynLoop ones.
func TestOperandsMatchTable(t *testing.T) {
	n := 0
	for name, o := range operandsByName {
		in := Lookup(name)
		if in == nil {
			t.Errorf("%s: no such instruction", name)
			continue
		}
		n++
		if (o.Dynamic == DynLoop) != in.Loop {
			t.Errorf("%s: Dynamic %d, Loop %v", name, o.Dynamic, in.Loop)
		}
		if o.Perm && len(o.Moves) != Opcodes[in.Lo].Pushes {
			t.Errorf("%s: %d moves for %d pushes", name, len(o.Moves), Opcodes[in.Lo].Pushes)
		}
		want := in.Pops
		if in.Loop {
			want++
		}
		if len(o.Roles) != 0 && len(o.Roles) != want {
			t.Errorf("%s: %d roles for %d pops", name, len(o.Roles), want)
		}
	}
	for i := range Instructions {
		in := &Instructions[i]
		if in.Loop {
			if _, ok := operandsByName[in.Name]; !ok {
				t.Errorf("%s loops but has no operand entry", in.Name)
			}
		}
	}
	if n < 40 {
		t.Fatalf("only %d entries", n)
	}
	if OperandsOf(0xC0).Roles[0] != RolePointZP1 || OperandsOf(0x28).Dynamic != DynFixed {
		t.Error("OperandsOf: MDRP or an undefined opcode")
	}
}
