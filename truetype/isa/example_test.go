package isa_test

import (
	"fmt"
	"log"

	"fontvm/truetype/isa"
)

// ParseVariant reads an instruction as a user writes it: a mnemonic
// with its flag digits, a bare mnemonic, or an opcode in hex. The
// Instruction documents the mnemonic's flags and stack effect; Opcodes
// gives one opcode's exact counts as FreeType checks them.
func ExampleParseVariant() {
	for _, s := range []string{"MDRP[10100]", "MDRP", "0x2b", "PUSHB[010]"} {
		in, op, ok, err := isa.ParseVariant(s)
		if err != nil {
			log.Fatal(err)
		}
		if !ok {
			fmt.Printf("%s: %s (%s), opcodes 0x%02X-0x%02X, %d flag bits\n", s, in.Name, in.Meaning, in.Lo, in.Hi, in.FlagBits)
			continue
		}
		oc := isa.Opcodes[op]
		fmt.Printf("%s: opcode 0x%02X %s, pops %d pushes %d, %d bytes\n", s, op, isa.Mnemonic(op), oc.Pops, oc.Pushes, oc.Length)
	}
	_, _, _, err := isa.ParseVariant("MDRP[101]")
	fmt.Println(err)
	// Output:
	// MDRP[10100]: opcode 0xD4 MDRP[10100], pops 1 pushes 0, 1 bytes
	// MDRP: MDRP (Move Direct Relative Point), opcodes 0xC0-0xDF, 5 flag bits
	// 0x2b: opcode 0x2B CALL, pops 1 pushes 0, 1 bytes
	// PUSHB[010]: opcode 0xB2 PUSHB[010], pops 0 pushes 3, 4 bytes
	// isa: MDRP takes 5 flag digits, not "101"
}
