package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fontvm/cff"
	"fontvm/internal/corpus"
	"fontvm/sfnt"
	"fontvm/size"
)

// runCFFCmd runs a cff command line and returns its status and output.
func runCFFCmd(t *testing.T, args ...string) (int, string) {
	t.Helper()
	var b bytes.Buffer
	old := cffStdout
	cffStdout = &b
	defer func() { cffStdout = old }()
	st := run(args)
	return st, b.String()
}

// cffTestFont returns the path of TestCFFThree.otf (skip or fail when
// missing).
func cffTestFont(t *testing.T) string {
	p := filepath.Join(corpus.CFFDir(), "TestCFFThree.otf")
	if _, err := os.Stat(p); err != nil {
		corpus.Missing(t, p)
	}
	return p
}

// TestCFFCommands runs cff points, disasm, doc and trace on a shared CFF
// font and holds their output against the library they print: the
// points lines against cff.Face loads, the disassembly against
// Font.Disasm, the doc listing against cff.Ops; bad arguments are usage
// errors (status 2).
func TestCFFCommands(t *testing.T) {
	p := cffTestFont(t)
	if p == "" {
		return
	}
	data, err := os.ReadFile(p)
	if err != nil {
		return
	}
	sf, err := sfnt.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	fc, err := cff.NewFace(sf, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	st, out := runCFFCmd(t, "cff", "points", p, "--ppem", "13.5", "--mode", "hinted")
	if st != 0 {
		t.Fatalf("cff points: status %d", st)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != fc.NumGlyphs() || fc.NumGlyphs() == 0 {
		t.Fatalf("cff points: %d lines for %d glyphs", len(lines), fc.NumGlyphs())
	}
	sc, _ := fc.Scale(size.Pixels(864)) // 13.5 ppem in 26.6
	l := fc.NewLoader()
	var o cff.Outline
	for g, line := range lines {
		if err := fc.Load(l, g, sc, true, &o); err != nil {
			t.Fatal(err)
		}
		if want := strings.TrimSuffix(string(o.AppendFTPoints(nil, g)), "\n"); line != want {
			t.Errorf("cff points gid %d:\n got %s\nwant %s", g, line, want)
		}
	}
	st, out = runCFFCmd(t, "cff", "disasm", p, "--glyph", "3")
	if st != 0 {
		t.Fatalf("cff disasm: status %d", st)
	}
	dl, _, _ := fc.Font().Disasm(3)
	if want := "glyph 3 Agrave\n" + strings.Join(dl, "\n") + "\n"; out != want || len(dl) == 0 {
		t.Errorf("cff disasm:\n got %q\nwant %q", out, want)
	}
	st, out = runCFFCmd(t, "cff", "doc")
	if st != 0 {
		t.Fatalf("cff doc: status %d", st)
	}
	for _, op := range cff.Ops {
		if op.Name != "" && !strings.Contains(out, " "+op.Name+" ") {
			t.Errorf("cff doc: %s not listed", op.Name)
		}
	}
	if st, out = runCFFCmd(t, "cff", "doc", "12.35"); st != 0 || !strings.HasPrefix(out, "flex ") {
		t.Errorf("cff doc 12.35: status %d, %q", st, out)
	}
	st, out = runCFFCmd(t, "cff", "trace", p, "--glyph", "3", "--ppem", "12", "--mode", "none")
	if st != 0 || !strings.Contains(out, "seac") || !strings.Contains(out, "gid 3 adv") {
		t.Errorf("cff trace: status %d, %q", st, out)
	}
	for _, args := range [][]string{
		{"cff", "points", p, "--mode", "v40"},
		{"cff", "points"},
		{"cff", "disasm", p, "--glyph", "99"},
		{"cff", "trace", p},
	} {
		if st, _ := runCFFCmd(t, args...); st != 2 {
			t.Errorf("%v: status %d, want 2", args, st)
		}
	}
	if st, _ := runCFFCmd(t, "cff", "points", "/nonexistent.otf"); st != 1 {
		t.Errorf("missing font: status %d, want 1", st)
	}
}
