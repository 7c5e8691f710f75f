package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fontvm/truetype/hint"
	"golang.org/x/image/font/gofont/goregular"
)

func runTTHint(t *testing.T, args ...string) (string, int) {
	t.Helper()
	var b bytes.Buffer
	old := ttHintStdout
	ttHintStdout = &b
	defer func() { ttHintStdout = old }()
	st := run(args)
	return b.String(), st
}

func goRegularFile(t *testing.T) string {
	p := filepath.Join(t.TempDir(), "Go-Regular.ttf")
	if err := os.WriteFile(p, goregular.TTF, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestTTPoints(t *testing.T) {
	font := goRegularFile(t)
	out, st := runTTHint(t, "tt", "points", font, "--ppem", "12", "--mode", "v40", "--glyphs", "36-37")
	if st != 0 {
		t.Fatalf("status %d", st)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "gid 36 adv ") || !strings.HasPrefix(lines[1], "gid 37 adv ") {
		t.Fatalf("output %q", out)
	}
	// The CLI prints what truetype/hint loads (whose exactness against
	// FreeType the hint package's golden tests check).
	hf, err := loadHintFont(font)
	if err != nil {
		t.Fatal(err)
	}
	in, err := hf.NewInstance(12, hint.Options{Mode: hint.ModeV40})
	if err != nil {
		t.Fatal(err)
	}
	if want := glyphLineAfter(in, 36); lines[0] != want {
		t.Errorf("glyph 36:\n got  %s\n want %s", lines[0], want)
	}
	for _, f := range []string{" n ", " c ", " pts ", " ends "} {
		if !strings.Contains(lines[0], f) {
			t.Errorf("line lacks %q: %s", f, lines[0])
		}
	}
	none, st := runTTHint(t, "tt", "points", font, "--ppem", "12", "--mode", "none", "--glyphs", "36")
	if st != 0 || none == lines[0]+"\n" || !strings.HasPrefix(none, "gid 36 ") {
		t.Errorf("--mode none: %d %q", st, none)
	}
	sized, st := runTTHint(t, "tt", "points", font, "--size", "12", "--mode", "v40", "--glyphs", "36")
	if st != 0 || sized != lines[0]+"\n" {
		t.Errorf("--size 12: %d %q, want %q", st, sized, lines[0])
	}
	if _, st := runTTHint(t, "tt", "points", font, "--size", "12.5", "--glyphs", "36"); st != 0 {
		t.Errorf("--size 12.5: status %d", st)
	}
	if _, st := runTTHint(t, "tt", "points", font, "--mode", "v41"); st != 2 {
		t.Errorf("bad mode: status %d, want 2", st)
	}
	if _, st := runTTHint(t, "tt", "points"); st != 2 {
		t.Errorf("no font: status %d, want 2", st)
	}
	if _, st := runTTHint(t, "tt", "points", filepath.Join(t.TempDir(), "missing.ttf")); st != 1 {
		t.Errorf("missing font: status %d, want 1", st)
	}
}

func TestTTTrace(t *testing.T) {
	font := goRegularFile(t)
	points, _ := runTTHint(t, "tt", "points", font, "--ppem", "16", "--mode", "v35", "--glyphs", "68")
	out, st := runTTHint(t, "tt", "trace", font, "--glyph", "68", "--ppem", "16", "--mode", "v35")
	if st != 0 {
		t.Fatalf("status %d", st)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) < 10 {
		t.Fatalf("only %d lines", len(lines))
	}
	if !strings.HasPrefix(lines[0], "glyph glyph:0 ") {
		t.Errorf("first line %q", lines[0])
	}
	if got := lines[len(lines)-1] + "\n"; got != points {
		t.Errorf("trace result %q, points %q", got, points)
	}
	moved := false
	for _, l := range lines {
		if strings.Contains(l, " p") && strings.Contains(l, "=(") {
			moved = true
		}
	}
	if !moved {
		t.Error("no moved points in the trace")
	}
	js, st := runTTHint(t, "tt", "trace", font, "--glyph", "68", "--ppem", "16", "--mode", "v35", "--json")
	if st != 0 {
		t.Fatalf("json: status %d", st)
	}
	jl := strings.Split(strings.TrimSuffix(js, "\n"), "\n")
	if len(jl) != len(lines) {
		t.Errorf("json has %d lines, text %d", len(jl), len(lines))
	}
	var step map[string]any
	if err := json.Unmarshal([]byte(jl[0]), &step); err != nil {
		t.Fatal(err)
	}
	if step["program"] != "glyph" || step["instruction"] == nil {
		t.Errorf("json step %v", step)
	}
	if _, st := runTTHint(t, "tt", "trace", font, "--ppem", "16"); st != 2 {
		t.Errorf("no --glyph: status %d, want 2", st)
	}
}
