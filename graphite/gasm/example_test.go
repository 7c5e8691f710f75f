package gasm_test

import (
	"fmt"
	"log"

	"fontvm/graphite/gasm"
	"fontvm/graphite/isa"
)

// Assemble writes Graphite stack-machine code from mnemonics (slot
// attributes and glyph metrics by name, comments after ';'), and Format
// disassembles it with offsets. The program, a rule's action, shifts
// the current glyph right by half its advance and moves on.
func Example() {
	src := `
		PushGlyphMetric adv_width 0 0 ; the glyph's advance
		PushByte 2
		Div
		AttrSet shift_x
		Next
		RetZero
	`
	code, err := gasm.Assemble(src, isa.Graphite2)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("% x\n", code)
	fmt.Print(gasm.Format(code, isa.Graphite2, "  "))
	_, err = gasm.Assemble("PushByte 300", isa.Graphite2)
	fmt.Println(err)
	// Output:
	// 2a 08 00 00 01 02 09 23 14 19 31
	//   0000: PushGlyphMetric adv_width 0 0
	//   0004: PushByte 2
	//   0006: Div
	//   0007: AttrSet shift_x
	//   0009: Next
	//   0010: RetZero
	// gasm: syntax error: line 1: PushByte: 300 does not fit 8 bits
}

// Disassemble decodes code into lines without ever failing: bytes that
// are not a complete instruction become .byte lines (here PushByteU
// without its parameter byte).
func ExampleDisassemble() {
	for _, l := range gasm.Disassemble([]byte{0x01, 0x05, 0x02}, isa.Graphite2) {
		fmt.Printf("%d %x %q\n", l.PC, l.Bytes, l.Text)
	}
	// Output:
	// 0 0105 "PushByte 5"
	// 2 02 ".byte 0x02"
}
