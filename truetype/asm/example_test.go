package asm_test

import (
	"fmt"
	"log"

	"fontvm/sfnt"
	"fontvm/truetype/asm"

	"golang.org/x/image/font/gofont/goregular"
)

// Assemble reads ttx's assembly syntax (the generic PUSH picks the
// shortest encoding, as fontTools does) and Disassemble writes bytecode
// back the way ttx writes it, with FDEF and IF bodies indented.
func Example() {
	src := `
		PUSH[ ] 0 300  /* a function number and a word */
		FDEF[ ]
		  SVTCA[0]
		  MDAP[1]
		ENDF[ ]
	`
	code, err := asm.Assemble(src, "example.ttasm")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("% x\n", code)
	text, err := asm.Disassemble(code, nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Print(text)
	_, err = asm.Assemble("MDAP[2]", "bad.ttasm")
	fmt.Println(err)
	// Output:
	// b9 00 00 01 2c 2c 00 2f 2d
	// PUSHW[ ]	/* 2 values pushed */
	// 0 300
	// FDEF[ ]	/* FunctionDefinition */
	//   SVTCA[0]	/* SetFPVectorToAxis */
	//   MDAP[1]	/* MoveDirectAbsPt */
	// ENDF[ ]	/* EndFunctionDefinition */
	// bad.ttasm:1:6: bad flag digits "2" for MDAP: want binary digits
}

// Decode walks bytecode one instruction at a time without allocating:
// here the first instructions of Go Regular's control value program.
func ExampleDecode() {
	f, err := sfnt.Parse(goregular.TTF)
	if err != nil {
		log.Fatal(err)
	}
	prep := f.Prep()
	fmt.Println("prep:", len(prep), "bytes")
	for pc, i := 0, 0; pc < len(prep) && i < 5; i++ {
		in, next, err := asm.Decode(prep, pc)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%4d %s\n", in.PC, in)
		pc = next
	}
	// Output:
	// prep: 214 bytes
	//    0 SVTCA[0]
	//    1 MPPEM[ ]
	//    2 PUSHW[ ] 200
	//    5 GT[ ]
	//    6 IF[ ]
}
