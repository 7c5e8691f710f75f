package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"fontvm/sfnt"
	"fontvm/truetype/asm"
)

// init registers the "fontvm tt disasm" (runTTDisasm) command in the
// command table (see register).
func init() {
	register("tt", "disasm", "disassemble TrueType bytecode to ttx syntax: fontvm tt disasm [FILE] | --font FONT [--program fpgm|prep|glyph:N|all]", runTTDisasm)
}

// runTTDisasm implements "fontvm tt disasm": bytecode from FILE (or stdin)
// is disassembled to ttx syntax on stdout, or with --font the font's
// programs that --program selects (disasmFont). --flat turns off the
// indentation of FDEF/IF bodies and --getdata names opcode 0x92. The text
// is written even when the bytecode is malformed; the decoding error is
// returned after it.
func runTTDisasm(args []string) error {
	fs := newFlagSet("tt disasm")
	font := fs.String("font", "", "disassemble the programs of the TrueType font `FONT`")
	prog := fs.String("program", "all", "with --font: which `program`: fpgm, prep, glyph:N or all")
	flat := fs.Bool("flat", false, "do not indent FDEF, IF and ELSE bodies")
	ext := fs.Bool("getdata", false, "write opcode 0x92 as GETDATA[ ] (fontTools 4.38 writes INSTR146[ ])")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	opts := &asm.Options{Flat: *flat, ExtendedNames: *ext}
	if *font == "" {
		if len(pos) > 1 {
			return usagef("usage: fontvm tt disasm [FILE] | --font FONT [--program fpgm|prep|glyph:N|all]")
		}
		var code []byte
		if len(pos) == 1 && pos[0] != "-" {
			code, err = os.ReadFile(pos[0])
		} else {
			code, err = io.ReadAll(ttasmStdin)
		}
		if err != nil {
			return err
		}
		text, derr := asm.Disassemble(code, opts)
		if _, err := io.WriteString(ttasmStdout, text); err != nil {
			return err
		}
		return derr
	}
	if len(pos) > 0 {
		return usagef("tt disasm: a FILE and --font exclude each other")
	}
	data, err := os.ReadFile(*font)
	if err != nil {
		return err
	}
	f, err := sfnt.Parse(data)
	if err != nil {
		return fmt.Errorf("%s: %w", *font, err)
	}
	return disasmFont(ttasmStdout, f, *prog, opts)
}

// disasmFont writes the disassembly of f's fpgm, prep or glyph:N program
// to w, or with "all" every non-empty program, each under a header
// comment. In "all" mode a glyph that fails to load or a malformed
// program is noted and the listing goes on; the error then counts them
// and wraps the first. Write errors end it at once.
func disasmFont(w io.Writer, f *sfnt.Font, which string, opts *asm.Options) error {
	// one writes a program's disassembly; it returns the decoding error
	// and the write error apart.
	one := func(name string, code []byte, header bool) (derr, werr error) {
		if header {
			if _, werr = fmt.Fprintf(w, "/* %s: %d bytes */\n", name, len(code)); werr != nil {
				return nil, werr
			}
		}
		text, derr := asm.Disassemble(code, opts)
		if _, werr = io.WriteString(w, text); werr != nil {
			return nil, werr
		}
		if derr != nil {
			derr = fmt.Errorf("%s: %w", name, derr)
		}
		return derr, nil
	}
	single := func(name string, code []byte) error {
		derr, werr := one(name, code, false)
		if werr != nil {
			return werr
		}
		return derr
	}
	switch {
	case which == "fpgm" || which == "prep":
		code := f.Fpgm()
		if which == "prep" {
			code = f.Prep()
		}
		if code == nil {
			return fmt.Errorf("the font has no %s table", which)
		}
		return single(which, code)
	case strings.HasPrefix(which, "glyph:"):
		gid, err := strconv.Atoi(which[len("glyph:"):])
		if err != nil || gid < 0 || gid >= f.NumGlyphs() {
			return usagef("tt disasm: bad --program %q: the font has glyphs 0 to %d", which, f.NumGlyphs()-1)
		}
		var g sfnt.Glyph
		if err := f.LoadGlyph(uint16(gid), &g); err != nil {
			return fmt.Errorf("glyph %d: %w", gid, err)
		}
		if g.InstructionsErr != nil {
			return fmt.Errorf("glyph %d: %w", gid, g.InstructionsErr)
		}
		return single(which, g.Instructions)
	case which == "all":
	default:
		return usagef("tt disasm: bad --program %q: want fpgm, prep, glyph:N or all", which)
	}
	var first error
	bad := 0
	note := func(err error) {
		if err != nil {
			bad++
			if first == nil {
				first = err
			}
		}
	}
	for _, t := range []string{"fpgm", "prep"} {
		code := f.Fpgm()
		if t == "prep" {
			code = f.Prep()
		}
		if len(code) > 0 {
			derr, werr := one(t, code, true)
			if werr != nil {
				return werr
			}
			note(derr)
		}
	}
	var g sfnt.Glyph
	for gid := 0; gid < f.NumGlyphs(); gid++ {
		name := fmt.Sprintf("glyph:%d", gid)
		if err := f.LoadGlyph(uint16(gid), &g); err != nil {
			fmt.Fprintf(w, "/* %s: error: %v */\n", name, err)
			note(fmt.Errorf("%s: %w", name, err))
			continue
		}
		if g.InstructionsErr != nil {
			fmt.Fprintf(w, "/* %s: error: %v */\n", name, g.InstructionsErr)
			note(fmt.Errorf("%s: %w", name, g.InstructionsErr))
			continue
		}
		if len(g.Instructions) > 0 {
			derr, werr := one(name, g.Instructions, true)
			if werr != nil {
				return werr
			}
			note(derr)
		}
	}
	if bad > 0 {
		return fmt.Errorf("%d malformed program(s); first: %w", bad, first)
	}
	return nil
}
