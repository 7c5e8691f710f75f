package conformance

// Opcodes returns the opcodes of a program in stream order, skipping the
// data of push instructions (a truncated push ends the list).
func Opcodes(code []byte) []byte {
	var ops []byte
	for pc := 0; pc < len(code); {
		op := code[pc]
		ops = append(ops, op)
		n := 1
		switch {
		case op == 0x40: // NPUSHB
			if pc+1 >= len(code) {
				return ops
			}
			n = 2 + int(code[pc+1])
		case op == 0x41: // NPUSHW
			if pc+1 >= len(code) {
				return ops
			}
			n = 2 + 2*int(code[pc+1])
		case op >= 0xB0 && op <= 0xB7:
			n = 1 + int(op-0xAF)
		case op >= 0xB8 && op <= 0xBF:
			n = 1 + 2*int(op-0xB7)
		}
		pc += n
	}
	return ops
}
