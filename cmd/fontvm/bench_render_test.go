package main

import (
	"regexp"
	"strconv"
	"testing"

	"fontvm/internal/perf"
	"fontvm/sfnt"
)

var renderLine = regexp.MustCompile(`^(\d+) glyphs: (\d+\.\d) ns/glyph\n\d+ allocations \(\d+ bytes\): (\d+\.\d{3}) allocs/glyph\n$`)

// TestBenchRender runs bench render on Go Regular and checks the amount
// of work (rounds x sizes x mapped code points), that drawing allocates
// nothing once warm, and the usage errors.
func TestBenchRender(t *testing.T) {
	font := goRegularFile(t)
	for _, target := range []string{"normal", "mono"} {
		out, st := runBench(t, "bench", "render", font, "--target", target, "--rounds", "2", "--ppems", "9,16")
		if st != 0 {
			t.Fatalf("status %d, output %q", st, out)
		}
		m := renderLine.FindStringSubmatch(out)
		if m == nil {
			t.Fatalf("output %q does not have the bench render form", out)
		}
		sf, err := sfnt.Parse(mustRead(t, font))
		if err != nil {
			t.Fatal(err)
		}
		runes := len(perf.MappedRunes(sf))
		if n, _ := strconv.Atoi(m[1]); n != 2*2*runes || runes < 500 {
			t.Errorf("%d glyphs, want 2 x 2 x %d code points", n, runes)
		}
		if m[3] != "0.000" {
			t.Errorf("%s: %s allocs/glyph, want 0", target, m[3])
		}
	}
	for _, bad := range [][]string{
		{"bench", "render"},
		{"bench", "render", font, "--mode", "v36"},
		{"bench", "render", font, "--target", "grey"},
		{"bench", "render", font, "--ppems", "0"},
		{"bench", "render", font, "--rounds", "0"},
	} {
		if _, st := runBench(t, bad...); st != 2 {
			t.Errorf("%q: status %d, want 2", bad, st)
		}
	}
}
