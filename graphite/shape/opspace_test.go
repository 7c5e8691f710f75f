package shape

import (
	"testing"

	"fontvm/graphite"
	"fontvm/graphite/isa"
)

// TestMachineOpsFromISA ties the machine's operation space (the m*
// constants) to graphite/isa's opcode table, the one spelling of Graphite's
// opcodes: every opcode graphite2 implements decodes to a machine operation
// other than mNop, every opcode it refuses (and NOP) to mNop, and every
// machine operation below mTempCopy is reached from some isa opcode, so an
// opcode added to or dropped from isa, or a machine operation without an
// opcode, fails here.
func TestMachineOpsFromISA(t *testing.T) {
	reached := make([]bool, mNumOps)
	ops := isa.Table(isa.Graphite2)
	if len(ops) != isa.NumOpcodes {
		t.Fatalf("isa table has %d opcodes, want %d", len(ops), isa.NumOpcodes)
	}
	checked := 0
	for _, o := range ops {
		// Plain attribute operands, then the user-attribute forms that
		// decode to their own machine operations.
		for _, slat := range []uint8{slatPosX, slatUserDefn, slatUserDefnV1} {
			args := make([]byte, 8)
			args[0] = slat
			c := &code{}
			in := c.decodeInstr(graphite.Instr{Op: o.Code, Args: args})
			refused := o.NotImplemented || !(o.Constraint || o.Action)
			switch {
			case o.Code == isa.NOP || refused:
				if in.op != mNop {
					t.Errorf("%s (0x%02X, refused %v): machine op %d, want mNop", o.Name, o.Code, refused, in.op)
				}
			case in.op == mNop || in.op >= mTempCopy:
				t.Errorf("%s (0x%02X): machine op %d is not an operation for an implemented opcode", o.Name, o.Code, in.op)
			}
			reached[in.op] = true
			checked++
		}
	}
	for op := uint8(0); op < mTempCopy; op++ {
		if !reached[op] {
			t.Errorf("machine op %d is reached from no isa opcode", op)
		}
	}
	if checked != 3*isa.NumOpcodes {
		t.Fatalf("checked %d decodings, want %d", checked, 3*isa.NumOpcodes)
	}
}
