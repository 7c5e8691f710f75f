// Package hbref runs HarfBuzz's hb-shape (Debian's libharfbuzz-bin) as
// the reference for fontvm's kerning: test-only code, used by tests
// under the build tag "reference".
package hbref

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"fontvm/internal/corpus"
)

// Disabled are the features the kerning comparisons turn off so that a
// run with 'kern' and one without differ only by it: every feature
// HarfBuzz applies by default to horizontal Latin text
// (hb-ot-shape.cc's common and horizontal features) except 'kern' and
// 'mark' (turning 'mark' off would switch on HarfBuzz's fallback mark
// positioning, which moves marks after kerning).
const Disabled = "-rvrn,-ccmp,-locl,-rlig,-mkmk,-calt,-clig,-curs,-dist,-liga,-rclt,-abvm,-blwm,-frac,-numr,-dnom"

// A Glyph is one glyph of hb-shape's JSON output: glyph index, x offset
// and x advance (font units at the default size).
type Glyph struct {
	G  int `json:"g"`
	Dx int `json:"dx"`
	Ax int `json:"ax"`
}

// Version returns hb-shape's version, e.g. "6.0.0"; without hb-shape it
// skips t, or fails it under FONTVM_REQUIRE_CORPUS.
func Version(t testing.TB) string {
	t.Helper()
	out, err := exec.Command("hb-shape", "--version").Output()
	if err != nil {
		corpus.Missing(t, "hb-shape (libharfbuzz-bin)")
	}
	f := strings.Fields(string(out))
	if len(f) < 3 {
		t.Fatalf("hb-shape --version: %q", out)
	}
	return f[2]
}

// ShapeLines shapes each of lines separately with hb-shape at the font's
// units per em (positions in font units), script Latin, left to right,
// the default language, with features, and returns the glyphs per line.
func ShapeLines(t testing.TB, fontPath string, lines []string, features string) [][]Glyph {
	t.Helper()
	txt := filepath.Join(t.TempDir(), "lines.txt")
	if err := os.WriteFile(txt, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("hb-shape", "--script=latn", "--direction=ltr", "--no-glyph-names", "--output-format=json",
		"--features="+features, "--text-file="+txt, fontPath)
	cmd.Env = append(os.Environ(), "LC_ALL=C", "LANG=C")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("hb-shape %s: %v", fontPath, err)
	}
	var res [][]Glyph
	for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		var gs []Glyph
		if err := json.Unmarshal([]byte(l), &gs); err != nil {
			t.Fatalf("hb-shape output %q: %v", l, err)
		}
		res = append(res, gs)
	}
	if len(res) != len(lines) {
		t.Fatalf("hb-shape gave %d lines for %d", len(res), len(lines))
	}
	return res
}

// PairDelta is what 'kern' changes in a two-glyph run: the differences
// of the glyphs' x offsets and x advances between the runs with and
// without it, and Kern = the change of first x_advance + second
// x_offset. ok is false when either run did not give exactly the glyphs
// g0, g1.
type PairDelta struct {
	Dx1, Ax1, Dx2, Ax2, Kern int
}

// Delta returns the PairDelta of one line of a run with 'kern' (on) and
// one without (off), given the glyphs the cmap maps the pair to.
func Delta(on, off []Glyph, g0, g1 int) (PairDelta, bool) {
	if len(on) != 2 || len(off) != 2 || on[0].G != g0 || on[1].G != g1 || off[0].G != g0 || off[1].G != g1 {
		return PairDelta{}, false
	}
	d := PairDelta{Dx1: on[0].Dx - off[0].Dx, Ax1: on[0].Ax - off[0].Ax, Dx2: on[1].Dx - off[1].Dx, Ax2: on[1].Ax - off[1].Ax}
	d.Kern = d.Ax1 + d.Dx2
	return d, true
}
