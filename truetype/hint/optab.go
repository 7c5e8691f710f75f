package hint

import (
	"math"

	"fontvm/truetype/isa"
)

// opInfo is one opcode's decoding, read from truetype/isa's table:
// FreeType's Pop_Push_Count (pops, pushes) and opcode_length (length;
// < 0 for NPUSHB and NPUSHW, whose length is 2 - length*count).
type opInfo struct {
	pops, pushes uint8
	length       int8
	direct       bool // one byte long, not IF or ELSE: fastLoop may call its handler directly
}

// opTab is the interpreter's one opcode table, built from isa.Opcodes:
// runTraced, step, opLength and skipScan decode and check the stack with
// it, and slowTab (fastLoop's handler table) is built from it and
// handlerTabs (dispatch.go). It stands for FreeType's opcode_length and
// Pop_Push_Count (ttinterp.c).
var opTab = func() (t [256]opInfo) {
	for op := range t {
		o := isa.Opcodes[op]
		if o.Pops < 0 || o.Pops > math.MaxUint8 || o.Pushes < 0 || o.Pushes > math.MaxUint8 ||
			o.Length < math.MinInt8 || o.Length > math.MaxInt8 {
			panic("hint: isa opcode table out of range")
		}
		t[op] = opInfo{pops: uint8(o.Pops), pushes: uint8(o.Pushes), length: int8(o.Length),
			direct: o.Length == 1 && op != opIF && op != opELSE}
	}
	return t
}()

// The opcodes the decoder treats specially (IF and ELSE skip code).
const (
	opIF   = 0x58
	opELSE = 0x1B
)
