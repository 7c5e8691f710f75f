package check_test

import (
	"bytes"
	"fmt"
	"log"

	"fontvm/sfnt"
	"fontvm/truetype/check"

	"golang.org/x/image/font/gofont/goregular"
)

// NewFont prepares a font for Sweep, which hints every glyph at every
// size and mode and reports the loads FreeType would fail. Go Regular's
// bytecode is clean, so here a copy has the first instruction of 'H'
// replaced by an undefined opcode (0x8F): with Pedantic (FreeType's
// FT_LOAD_PEDANTIC) each load of that glyph fails with Invalid_Opcode.
func ExampleNewFont() {
	data := bytes.Clone(goregular.TTF)
	sf, err := sfnt.Parse(data)
	if err != nil {
		log.Fatal(err)
	}
	cm, err := sf.Cmap()
	if err != nil {
		log.Fatal(err)
	}
	gid := cm.Lookup('H')
	rec, err := sf.GlyphData(gid)
	if err != nil {
		log.Fatal(err)
	}
	// A simple glyph of one contour: a 10-byte header, one contour end
	// and the instruction length, then the instructions.
	data[bytes.Index(data, rec)+14] = 0x8F

	f, err := check.NewFont("damaged Go Regular", data)
	if err != nil {
		log.Fatal(err)
	}
	modes, err := check.ParseModes("v35,v40")
	if err != nil {
		log.Fatal(err)
	}
	findings, loads, err := check.Sweep([]*check.Font{f}, check.Options{PPEMs: []int{12, 16}, Modes: modes, Pedantic: true, Workers: 1})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(loads, "glyph loads,", len(findings), "findings")
	for _, fd := range findings {
		fmt.Println(fd.Mode, fd.PPEM, fd.GID, fd.Glyph, fd.Error, fd.Program, fd.PC, fd.Opcode)
	}
	// Output:
	// 2848 glyph loads, 4 findings
	// v35 12 43 H Invalid_Opcode glyph 43 0 INSTR143
	// v35 16 43 H Invalid_Opcode glyph 43 0 INSTR143
	// v40 12 43 H Invalid_Opcode glyph 43 0 INSTR143
	// v40 16 43 H Invalid_Opcode glyph 43 0 INSTR143
}

// ParseModes reads the --modes list of `fontvm check`: interpreter
// versions 35 and 40, anti-aliased or mono.
func ExampleParseModes() {
	modes, err := check.ParseModes("v40,v35mono")
	if err != nil {
		log.Fatal(err)
	}
	for _, m := range modes {
		fmt.Println(m.Name, m.Opts.Mode, m.Opts.Target)
	}
	_, err = check.ParseModes("v38")
	fmt.Println(err)
	// Output:
	// v40 v40 normal
	// v35mono v35 mono
	// check: unknown mode "v38" (v35, v40, v35mono, v40mono)
}

// ParsePPEMs reads a list of sizes with ranges, sorted and without
// repeats.
func ExampleParsePPEMs() {
	ppems, err := check.ParsePPEMs("16,9-12,10")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(ppems)
	_, err = check.ParsePPEMs("0-3")
	fmt.Println(err)
	// Output:
	// [9 10 11 12 16]
	// check: bad size list entry "0-3" (want N or A-B, 1 to 65535)
}
