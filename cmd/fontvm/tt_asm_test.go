package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fontvm/sfnt"
	"fontvm/truetype/asm"
	"golang.org/x/image/font/gofont/goregular"
)

// capture runs the command line with the tt streams redirected.
func capture(t *testing.T, stdin []byte, args ...string) (string, int) {
	t.Helper()
	var out bytes.Buffer
	oldOut, oldIn := ttasmStdout, ttasmStdin
	ttasmStdout, ttasmStdin = &out, bytes.NewReader(stdin)
	defer func() { ttasmStdout, ttasmStdin = oldOut, oldIn }()
	status := run(args)
	return out.String(), status
}

func TestTTDoc(t *testing.T) {
	out, st := capture(t, nil, "tt", "doc", "MDRP")
	for _, want := range []string{"MDRP[abcde]  Move Direct Relative Point", "Code Range  0xC0 - 0xDF", "From IS     -",
		"Pops        p: point number (uint32)", "Uses        zp0 with rp0", "Sets        rp1"} {
		if st != 0 || !strings.Contains(out, want) {
			t.Errorf("tt doc MDRP (status %d) lacks %q:\n%s", st, want, out)
		}
	}
	for _, arg := range []string{"MDRP[11101]", "0xDD", "0xdd", "mdrp[11101]"} {
		out, st = capture(t, nil, "tt", "doc", arg)
		if st != 0 || !strings.Contains(out, "Variant     MDRP[11101] = 0xDD; FreeType's table: pops 1, pushes 0") {
			t.Errorf("tt doc %s (status %d):\n%s", arg, st, out)
		}
	}
	out, st = capture(t, nil, "tt", "doc", "PUSHB[010]")
	if st != 0 || !strings.Contains(out, "= 0xB2; FreeType's table: pops 0, pushes 3") {
		t.Errorf("tt doc PUSHB[010] (status %d):\n%s", st, out)
	}
	out, st = capture(t, nil, "tt", "doc", "0x92")
	if st != 0 || !strings.Contains(out, "GETDATA[ ]  GET DATA") || !strings.Contains(out, "INSTR146") {
		t.Errorf("tt doc 0x92 (status %d):\n%s", st, out)
	}
	out, st = capture(t, nil, "tt", "doc", "0x28")
	if st != 0 || !strings.HasPrefix(out, "INSTR40[ ]  undefined opcode 0x28") {
		t.Errorf("tt doc 0x28 (status %d):\n%s", st, out)
	}
	out, st = capture(t, nil, "tt", "doc")
	if st != 0 || !strings.Contains(out, "0xE0-0xFF  MIRP[abcde]") || !strings.Contains(out, "undefined (INSTR<n>[ ]): 0x28 0x7B") {
		t.Errorf("tt doc list (status %d):\n%s", st, out)
	}
	if _, st = capture(t, nil, "tt", "doc", "NOPE"); st != 1 {
		t.Errorf("tt doc NOPE: status %d, want 1", st)
	}
	if _, st = capture(t, nil, "tt", "doc", "A", "B"); st != 2 {
		t.Errorf("tt doc A B: status %d, want 2", st)
	}
}

func TestTTAsmDisasm(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "p.ttx")
	os.WriteFile(src, []byte("PUSH[ ] 1 2 /* c */\nFDEF[ ]\nENDF[ ]\n"), 0o644)
	out, st := capture(t, nil, "tt", "asm", src)
	if st != 0 || out != "\xb1\x01\x02\x2c\x2d" {
		t.Errorf("tt asm: status %d, % x", st, out)
	}
	bin := filepath.Join(dir, "p.bin")
	if _, st = capture(t, nil, "tt", "asm", src, "-o", bin); st != 0 {
		t.Errorf("tt asm -o: status %d", st)
	}
	if b, _ := os.ReadFile(bin); string(b) != "\xb1\x01\x02\x2c\x2d" {
		t.Errorf("tt asm -o wrote % x", b)
	}
	out, st = capture(t, []byte("SVTCA[1]"), "tt", "asm")
	if st != 0 || out != "\x01" {
		t.Errorf("tt asm stdin: status %d, % x", st, out)
	}
	// Errors: FILE:LINE:COL, exit 1.
	os.WriteFile(src, []byte("DUP[ ]\n  BAD[ ]\n"), 0o644)
	if err := runTTAsm([]string{src}); err == nil || err.Error() != src+":2:3: unknown instruction BAD" {
		t.Errorf("tt asm error: %v", err)
	}
	if _, st = capture(t, nil, "tt", "asm", src); st != 1 {
		t.Errorf("tt asm bad source: status %d, want 1", st)
	}
	if out, st = capture(t, nil, "tt", "asm"); st != 0 || out != "" {
		t.Errorf("tt asm empty stdin: status %d, % x", st, out)
	}
	oldIn := ttasmStdin
	ttasmStdin = strings.NewReader("FOO[ ]")
	if err := runTTAsm(nil); err == nil || !strings.HasPrefix(err.Error(), "<stdin>:1:1:") {
		t.Errorf("stdin error: %v", err)
	}
	ttasmStdin = oldIn
	if _, st = capture(t, nil, "tt", "asm", "a", "b"); st != 2 {
		t.Errorf("tt asm a b: status %d, want 2", st)
	}

	// disasm of raw bytecode, from a file and stdin.
	out, st = capture(t, nil, "tt", "disasm", bin)
	if st != 0 || out != "PUSHB[ ]\t/* 2 values pushed */\n1 2\nFDEF[ ]\t/* FunctionDefinition */\nENDF[ ]\t/* EndFunctionDefinition */\n" {
		t.Errorf("tt disasm: status %d:\n%s", st, out)
	}
	out, st = capture(t, []byte{0x2C, 0x20, 0x2D, 0x92}, "tt", "disasm", "--flat", "--getdata")
	if st != 0 || out != "FDEF[ ]\t/* FunctionDefinition */\nDUP[ ]\t/* DuplicateTopStack */\nENDF[ ]\t/* EndFunctionDefinition */\nGETDATA[ ]\t/* GETDATA */\n" {
		t.Errorf("tt disasm --flat --getdata: status %d:\n%s", st, out)
	}
	// Truncated: partial output, marked, and exit 1.
	out, st = capture(t, []byte{0x20, 0xB2, 1}, "tt", "disasm")
	if st != 1 || !strings.HasPrefix(out, "DUP[ ]") || !strings.Contains(out, "/* error: offset 1") {
		t.Errorf("tt disasm truncated: status %d:\n%s", st, out)
	}
	if out, st = capture(t, []byte{0x21}, "tt", "disasm", "-"); st != 0 || out != "POP[ ]\t/* PopTopStack */\n" {
		t.Errorf("tt disasm -: status %d: %q", st, out)
	}
}

func TestTTDisasmFont(t *testing.T) {
	dir := t.TempDir()
	font := filepath.Join(dir, "GoRegular.ttf")
	os.WriteFile(font, goregular.TTF, 0o644)
	f, err := sfnt.Parse(goregular.TTF)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := asm.Disassemble(f.Prep(), nil)
	out, st := capture(t, nil, "tt", "disasm", "--font", font, "--program", "prep")
	if st != 0 || out != want {
		t.Errorf("--program prep: status %d", st)
	}
	var g sfnt.Glyph
	if err := f.LoadGlyph(36, &g); err != nil {
		t.Fatal(err)
	}
	want, _ = asm.Disassemble(g.Instructions, nil)
	out, st = capture(t, nil, "tt", "disasm", "--program", "glyph:36", "--font", font)
	if st != 0 || out != want || len(g.Instructions) == 0 {
		t.Errorf("--program glyph:36: status %d", st)
	}
	// all: every program, each after a header comment; the whole text
	// assembles to the programs' bytes concatenated.
	out, st = capture(t, nil, "tt", "disasm", "--font", font)
	if st != 0 || !strings.HasPrefix(out, "/* fpgm: ") || !strings.Contains(out, "\n/* prep: ") || !strings.Contains(out, "\n/* glyph:36: ") {
		t.Errorf("--program all: status %d: %.200s", st, out)
	}
	cat := append(append([]byte{}, f.Fpgm()...), f.Prep()...)
	for gid := 0; gid < f.NumGlyphs(); gid++ {
		f.LoadGlyph(uint16(gid), &g)
		cat = append(cat, g.Instructions...)
	}
	if b, err := asm.Assemble(out, "all"); err != nil || !bytes.Equal(b, cat) {
		t.Errorf("--program all does not reassemble to the programs: %v", err)
	}
	for _, args := range [][]string{
		{"tt", "disasm", "--font", font, "--program", "cvt"},
		{"tt", "disasm", "--font", font, "--program", "glyph:99999"},
		{"tt", "disasm", "--font", font, "extra"},
	} {
		if _, st := capture(t, nil, args...); st != 2 {
			t.Errorf("%v: status %d, want 2", args, st)
		}
	}
	if _, st := capture(t, nil, "tt", "disasm", "--font", filepath.Join(dir, "missing.ttf")); st != 1 {
		t.Errorf("missing font: status %d, want 1", st)
	}
	os.WriteFile(filepath.Join(dir, "junk.ttf"), []byte("junk"), 0o644)
	if _, st := capture(t, nil, "tt", "disasm", "--font", filepath.Join(dir, "junk.ttf")); st != 1 {
		t.Errorf("junk font: status %d, want 1", st)
	}
}
