package hint

import (
	"testing"

	"fontvm/internal/fttables"
	"fontvm/truetype/isa"
)

// TestOpTabMatchesFreeType checks the interpreter's opcode table, built
// from truetype/isa, against FreeType's opcode_length and Pop_Push_Count
// for all 256 opcodes, and slowTab's copy of the stack counts (pops
// noHandler exactly for the opcodes fastLoop may not call directly).
func TestOpTabMatchesFreeType(t *testing.T) {
	pops, pushes, ok := fttables.PopPush()
	if !ok {
		t.Fatal("transcribed FreeType Pop_Push_Count does not hold 256 entries")
	}
	n := 0
	for op := 0; op < 256; op++ {
		o := opTab[op]
		if int(o.length) != fttables.OpcodeLength[op] {
			t.Errorf("0x%02X: length %d, FreeType's opcode_length %d", op, o.length, fttables.OpcodeLength[op])
		}
		if int(o.pops) != pops[op] || int(o.pushes) != pushes[op] {
			t.Errorf("0x%02X: pops/pushes %d/%d, FreeType's Pop_Push_Count %d/%d", op, o.pops, o.pushes, pops[op], pushes[op])
		}
		if s := slowTab[op]; (s.pops != noHandler && int(s.pops) != pops[op]) || int(s.pushes) != pushes[op] || (s.pops == noHandler) == o.direct {
			t.Errorf("0x%02X: slowTab pops/pushes %d/%d, FreeType's Pop_Push_Count %d/%d", op, s.pops, s.pushes, pops[op], pushes[op])
		}
		if want := fttables.OpcodeLength[op] == 1 && op != 0x58 && op != 0x1B; o.direct != want {
			t.Errorf("0x%02X: direct %v, want %v", op, o.direct, want)
		}
		n++
	}
	if n != 256 {
		t.Fatalf("compared %d opcodes, want 256", n)
	}
}

// TestHandlersCoverISA checks that handlerByName names exactly
// truetype/isa's instructions, and that the pedantic and stretched
// replacements name instructions of isa.
func TestHandlersCoverISA(t *testing.T) {
	n := 0
	for _, in := range isa.Instructions {
		if handlerByName[in.Name] == nil {
			t.Errorf("%s: no handler", in.Name)
		}
		n++
	}
	if n == 0 || len(handlerByName) != n {
		t.Errorf("handlerByName has %d entries, isa %d instructions", len(handlerByName), n)
	}
	for _, m := range []map[string]handler{pedanticByName, stretchedByName} {
		for name := range m {
			if isa.Lookup(name) == nil {
				t.Errorf("%s: not an isa instruction", name)
			}
		}
	}
}
