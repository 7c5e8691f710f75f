package verify_test

import (
	"bytes"
	"fmt"
	"log"

	"fontvm/sfnt"
	"fontvm/truetype/verify"

	"golang.org/x/image/font/gofont/goregular"
)

// Font verifies a font's bytecode without running it. Go Regular's
// programs give no error; in a copy whose first instruction of 'H' is
// replaced by an undefined opcode (0x8F), the verifier reports it.
func Example() {
	f, err := sfnt.Parse(goregular.TTF)
	if err != nil {
		log.Fatal(err)
	}
	r := verify.Font(f)
	fmt.Println("Go Regular:", r.Programs, "programs,", r.Errors(), "errors")

	cm, err := f.Cmap()
	if err != nil {
		log.Fatal(err)
	}
	rec, err := f.GlyphData(cm.Lookup('H'))
	if err != nil {
		log.Fatal(err)
	}
	data := bytes.Clone(goregular.TTF)
	// A simple glyph of one contour: a 10-byte header, one contour end
	// and the instruction length, then the instructions.
	data[bytes.Index(data, rec)+14] = 0x8F
	damaged, err := sfnt.Parse(data)
	if err != nil {
		log.Fatal(err)
	}
	r = verify.Font(damaged)
	fmt.Println("damaged:", r.Errors(), "errors", r.Counts())
	for _, fd := range r.Findings {
		if fd.Severity == verify.SevError {
			fmt.Println(fd.Kind, fd.Program, fd.Glyph, fd.PC, fd.Opcode)
			fmt.Println(fd)
		}
	}
	// Output:
	// Go Regular: 708 programs, 0 errors
	// damaged: 1 errors map[error/invalid-opcode:1]
	// invalid-opcode glyph 43 0 INSTR143
	// error: invalid-opcode: glyph 43 pc 0 INSTR143: undefined opcode and no IDEF (FreeType: Invalid_Opcode)
}
