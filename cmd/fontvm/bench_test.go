package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"fontvm/internal/corpus"
	"fontvm/internal/grcompare"
	"fontvm/sfnt"
)

func runBench(t *testing.T, args ...string) (string, int) {
	t.Helper()
	var b bytes.Buffer
	old := benchStdout
	benchStdout = &b
	defer func() { benchStdout = old }()
	st := run(args)
	return b.String(), st
}

var (
	ttLine = regexp.MustCompile(`^(\d+) glyph loads: (\d+\.\d) ns/glyph\n\d+ allocations \(\d+ bytes\): \d+\.\d{3} allocs/glyph, per-size setup included \((\d+) sizes\)\n$`)
	grLine = regexp.MustCompile(`^(\d+) segments: (\d+\.\d) ns/segment\n\d+ allocations \(\d+ bytes\): (\d+\.\d{3}) allocs/segment\n$`)
)

func TestBenchTT(t *testing.T) {
	font := goRegularFile(t)
	out, st := runBench(t, "bench", "tt", font, "--mode", "v35", "--rounds", "2", "--ppems", "9,12,16")
	if st != 0 {
		t.Fatalf("status %d, output %q", st, out)
	}
	m := ttLine.FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("output %q does not have the bench tt form", out)
	}
	sf, err := sfnt.Parse(mustRead(t, font))
	if err != nil {
		t.Fatal(err)
	}
	// 2 rounds x 3 sizes x every glyph.
	if n, _ := strconv.Atoi(m[1]); n != 2*3*sf.NumGlyphs() {
		t.Errorf("%d glyph loads, want %d", n, 2*3*sf.NumGlyphs())
	}
	if m[3] != "6" {
		t.Errorf("%s sizes, want 6", m[3])
	}
	for _, bad := range [][]string{
		{"bench", "tt"},
		{"bench", "tt", font, "--mode", "v36"},
		{"bench", "tt", font, "--target", "grey"},
		{"bench", "tt", font, "--ppems", "0"},
		{"bench", "tt", font, "--rounds", "0"},
	} {
		if _, st := runBench(t, bad...); st != 2 {
			t.Errorf("%q: status %d, want 2", bad, st)
		}
	}
	if _, st := runBench(t, "bench", "tt", filepath.Join(t.TempDir(), "missing.ttf")); st != 1 {
		t.Errorf("missing font: status %d, want 1", st)
	}
}

func TestBenchGR(t *testing.T) {
	f := corpus.GraphiteFonts[0] // Padauk
	if _, err := os.Stat(f.Path); err != nil {
		corpus.Missing(t, f.Path)
	}
	// A few lines of the corpus text list, with a blank line to skip.
	texts, err := os.ReadFile(grcompare.TextsPath(f.Name))
	if err != nil {
		t.Fatal(err)
	}
	lines := bytes.SplitN(texts, []byte("\n"), 6)[:5]
	file := filepath.Join(t.TempDir(), "texts.txt")
	body := append(bytes.Join(lines, []byte("\n")), "\n\n"...)
	if err := os.WriteFile(file, body, 0o644); err != nil {
		t.Fatal(err)
	}
	out, st := runBench(t, "bench", "gr", f.Path, "-f", file, "--rounds", "3")
	if st != 0 {
		t.Fatalf("status %d, output %q", st, out)
	}
	m := grLine.FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("output %q does not have the bench gr form", out)
	}
	if m[1] != "15" {
		t.Errorf("%s segments, want 15 (3 rounds x 5 lines)", m[1])
	}
	// The allocation figure is process-wide (runtime.MemStats) and a garbage
	// collection during the window can add to it, so it is not asserted here;
	// zero allocations per segment are asserted with testing.AllocsPerRun in
	// graphite/shape and internal/perf (TestSteadyStateAllocs).
	_ = m[3]
	for _, bad := range [][]string{
		{"bench", "gr", f.Path},
		{"bench", "gr", "-f", file},
		{"bench", "gr", f.Path, "-f", file, "--rounds", "-1"},
	} {
		if _, st := runBench(t, bad...); st != 2 {
			t.Errorf("%q: status %d, want 2", bad, st)
		}
	}
	if _, st := runBench(t, "bench", "gr", f.Path, "-f", filepath.Join(t.TempDir(), "none.txt")); st != 1 {
		t.Errorf("missing text file: status %d, want 1", st)
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
