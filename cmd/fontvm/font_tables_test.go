package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fontvm/internal/fontwriter"
)

// capture runs the CLI with stdout redirected and returns status and output.
func captureFont(t *testing.T, args ...string) (int, string) {
	t.Helper()
	out, err := os.CreateTemp(t.TempDir(), "out")
	if err != nil {
		t.Fatal(err)
	}
	old := os.Stdout
	os.Stdout = out
	status := run(args)
	os.Stdout = old
	b, err := os.ReadFile(out.Name())
	if err != nil {
		t.Fatal(err)
	}
	out.Close()
	return status, string(b)
}

func TestFontCommands(t *testing.T) {
	fw := &fontwriter.Font{
		UnitsPerEm: 2048,
		Glyphs: []fontwriter.Glyph{
			{Advance: 500},
			{Contours: [][]fontwriter.Point{{{X: 0, Y: 0, On: true}, {X: 10, Y: 700, On: true}, {X: 600, Y: 0, On: true}}}, Advance: 650},
		},
		Fpgm: []byte{0xB0, 0},
		CVT:  []int16{1, 2},
		Cmap: map[rune]uint16{'A': 1},
		Tables: map[string][]byte{
			"Silf": {1, 2, 3},
		},
	}
	data, err := fw.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	good := filepath.Join(dir, "good.ttf")
	if err := os.WriteFile(good, data, 0o644); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "bad.ttf")
	if err := os.WriteFile(bad, data[:40], 0o644); err != nil {
		t.Fatal(err)
	}

	st, out := captureFont(t, "font", "tables", good)
	if st != 0 {
		t.Fatalf("font tables: status %d", st)
	}
	for _, want := range []string{"'Silf'", "'glyf'", "'cvt '", "'head'", "checksum"} {
		if !strings.Contains(out, want) {
			t.Errorf("font tables output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "mismatch") {
		t.Errorf("checksum mismatch reported for a writer font:\n%s", out)
	}
	st, out = captureFont(t, "font", "info", good)
	if st != 0 {
		t.Fatalf("font info: status %d", st)
	}
	for _, want := range []string{"unitsPerEm       2048", "numGlyphs        2 (usable: 2)", "cvt 2 entries", "(3,10) format 12"} {
		if !strings.Contains(out, want) {
			t.Errorf("font info output lacks %q:\n%s", want, out)
		}
	}
	if st, _ := captureFont(t, "font", "info", bad); st != 1 {
		t.Errorf("truncated font: status %d, want 1", st)
	}
	if st, _ := captureFont(t, "font", "tables", filepath.Join(dir, "missing.ttf")); st != 1 {
		t.Errorf("missing file: status %d, want 1", st)
	}
	if st, _ := captureFont(t, "font", "tables"); st != 2 {
		t.Errorf("no argument: status %d, want 2", st)
	}
	st, out = captureFont(t, "font", "glyph", good, "A")
	if st != 0 || !strings.Contains(out, "glyph 1:") || !strings.Contains(out, "simple: 1 contours, 3 points") || !strings.Contains(out, "     1      10     700 on") {
		t.Errorf("font glyph A: status %d\n%s", st, out)
	}
	if st, out = captureFont(t, "font", "glyph", good, "0"); st != 0 || !strings.Contains(out, "empty") {
		t.Errorf("font glyph 0: status %d\n%s", st, out)
	}
	if st, _ = captureFont(t, "font", "glyph", good, "2"); st != 1 {
		t.Errorf("font glyph 2 (out of range): status %d, want 1", st)
	}
	if st, _ = captureFont(t, "font", "glyph", good, "U+0042"); st != 1 {
		t.Errorf("unmapped character: status %d, want 1", st)
	}
	if st, _ := captureFont(t, "font", "info", good, "-index", "1"); st != 1 {
		t.Errorf("bad index: status %d, want 1", st)
	}
}
