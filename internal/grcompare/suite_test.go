package grcompare

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"fontvm/graphite/shape"
	"fontvm/internal/corpus"
	"fontvm/internal/grref"
)

// TestEngineMatchesSuiteStandards shapes every fonttest case of graphite2's
// suite with fontvm's engine at gr2fonttest's size (12 ppem) and compares
// glyphs, positions as gr2fonttest prints them (%6.1f), attachment (parent
// slot and attach.x/y), each slot's before/after, the advance and the
// character table with the suite's expected log. A case whose standard has
// no segment must fail to shape (or its font must be refused).
func TestEngineMatchesSuiteStandards(t *testing.T) {
	dir := corpus.Graphite2Tests(t)
	cases, err := grref.ReadCases(filepath.Join(dir, "cases.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	total, match := 0, 0
	for _, c := range cases {
		if c.Kind != "fonttest" {
			continue
		}
		total++
		diff := suiteCase(t, dir, c)
		if diff == "" {
			match++
		} else {
			t.Errorf("%s (%s %v): %s", c.Name, c.Font, c.Args, diff)
		}
	}
	if total == 0 {
		t.Fatal("no fonttest cases")
	}
	t.Logf("engine reproduces %d/%d fonttest standards", match, total)
}

// suiteCase returns "" when the engine reproduces the case, else the first
// difference.
func suiteCase(t *testing.T, dir string, c grref.SuiteCase) (diff string) {
	defer func() {
		if r := recover(); r != nil {
			diff = fmt.Sprintf("panic: %v", r)
		}
	}()
	std, err := os.ReadFile(filepath.Join(dir, "standards", c.Standard))
	if err != nil {
		t.Fatal(err)
	}
	want, err := grref.ParseLog(std)
	if err != nil {
		t.Fatal(err)
	}
	text, o, err := grref.ParseFontTestArgs(c.Args)
	if err != nil {
		t.Fatal(err)
	}
	font, err := os.ReadFile(filepath.Join(dir, "fonts", c.Font))
	if err != nil {
		t.Fatal(err)
	}
	face, err := shape.Load(font)
	if err != nil {
		if want.HasSegment {
			return fmt.Sprintf("shape.Load: %v, but the standard has a segment", err)
		}
		return ""
	}
	scale := float32(12) / float32(face.UnitsPerEm())
	r, out, err := engineShape(shape.NewShaper(face), text, o, scale)
	if err != nil {
		if want.HasSegment {
			return fmt.Sprintf("Shape: %v, but the standard has a segment", err)
		}
		return ""
	}
	if !want.HasSegment {
		return "engine made a segment; the standard has none"
	}
	if len(r.Glyphs) != len(want.Slots) {
		return fmt.Sprintf("%d slots, standard %d", len(r.Glyphs), len(want.Slots))
	}
	for i, g := range r.Glyphs {
		w := want.Slots[i]
		x, y := fmt.Sprintf("%.1f", g.X), fmt.Sprintf("%.1f", g.Y)
		if int(g.GID) != w.GID || x != w.X || y != w.Y {
			return fmt.Sprintf("slot %d: %d@%s,%s, standard %d@%s,%s", i, g.GID, x, y, w.GID, w.X, w.Y)
		}
		e := out.Glyphs[i]
		if e.Parent != w.AttachTo || e.AttachX != w.AttX || e.AttachY != w.AttY || e.Before != w.Before || e.After != w.After {
			return fmt.Sprintf("slot %d: attach %d@%d,%d chars %d-%d, standard attach %d@%d,%d chars %d-%d", i,
				e.Parent, e.AttachX, e.AttachY, e.Before, e.After, w.AttachTo, w.AttX, w.AttY, w.Before, w.After)
		}
	}
	if a := fmt.Sprintf("%.1f", r.Advance); a != want.Advance {
		return fmt.Sprintf("advance %s, standard %s", a, want.Advance)
	}
	if fmt.Sprint(r.Before, r.After) != fmt.Sprint(want.Before, want.After) {
		return fmt.Sprintf("chars before/after %v %v, standard %v %v", r.Before, r.After, want.Before, want.After)
	}
	return ""
}
