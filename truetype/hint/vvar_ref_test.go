//go:build reference

package hint

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"

	"fontvm/internal/ftref"
)

// ftVertLine is FreeType's line for a glyph in vvarLines' format, with a
// check that FT_LOAD_VERTICAL_LAYOUT's advance is (0, vertAdvance).
func ftVertLine(t *testing.T, c vvarCase, g *ftref.VertGlyph) string {
	l := g.AppendLine(nil)
	if g.Err == "" {
		if g.AdvX != 0 || g.AdvY != g.VertAdvance {
			t.Errorf("%v gid %d: advance (%d, %d), vertAdvance %d", c, g.GID, g.AdvX, g.AdvY, g.VertAdvance)
		}
		l = appendVertSuffix(l, g.VertAdvance, g.VertBearingY, g.LinearVert)
	}
	return string(l)
}

// withoutVVAR returns a copy of font whose VVAR directory entry is
// renamed (tag "vvaR"), so that neither FreeType nor sfnt sees the
// table.
func withoutVVAR(t *testing.T, font []byte) []byte {
	out := append([]byte(nil), font...)
	n := int(out[4])<<8 | int(out[5])
	for i := 0; i < n; i++ {
		if rec := out[12+16*i:]; string(rec[:4]) == "VVAR" {
			rec[3] = 'R'
			rec[0] = 'v'
			return out
		}
	}
	t.Fatal("no VVAR table")
	return nil
}

// TestVVARReference loads every glyph of every VVAR case (fonts with
// vhea, vmtx and VVAR: mapped, direct, large deltas, a version FreeType
// refuses, composites; gvar deltas on pp3 and pp4; glyph programs that
// read pp3 and pp4) with FreeType's FT_LOAD_VERTICAL_LAYOUT and compares
// the outline, the horizontal advance and the vertical metrics FreeType
// derives from pp3 and pp4 (metrics.vertAdvance = advance.y,
// vertBearingY, linearVertAdvance) with this package's (vvarLines: from
// the loader's phantom points, as there is no public vertical advance
// API). Guards: the same cases with VVAR hidden give FreeType other
// vertical advances and, through the programs reading pp4, other
// hinted outlines. With FONTVM_UPDATE_GOLDEN=1 it rewrites
// vvarGoldenFile.
func TestVVARReference(t *testing.T) {
	cache := map[string]*Font{}
	var golden strings.Builder
	fmt.Fprintf(&golden, "# VVAR case\tSHA-256/128 of FreeType %s's lines (vvarLines)\tglyphs\n", ftref.Version())
	cases, glyphs, bad, vMoved, outMoved := 0, 0, 0, 0, 0
	for _, c := range vvarCases() {
		f, data := loadVVARFont(t, cache, c.font)
		o, err := c.options(f)
		if err != nil {
			t.Fatalf("%v: %v", c, err)
		}
		ft, err := ftref.VarVertical(data, o.Design, c.charSize, 72, ftref.Mode(o.Mode), ftref.Target(o.Target))
		if err != nil {
			t.Fatalf("%v: FreeType: %v", c, err)
		}
		hidden, err := ftref.VarVertical(withoutVVAR(t, data), o.Design, c.charSize, 72, ftref.Mode(o.Mode), ftref.Target(o.Target))
		if err != nil {
			t.Fatalf("%v: FreeType without VVAR: %v", c, err)
		}
		lines := vvarLines(t, f, c)
		if len(lines) != len(ft) || len(hidden) != len(ft) {
			t.Fatalf("%v: %d glyphs, FreeType %d (%d without VVAR)", c, len(lines), len(ft), len(hidden))
		}
		want := make([]string, len(ft))
		for i := range ft {
			want[i] = ftVertLine(t, c, &ft[i])
			h := &hidden[i]
			if ft[i].Err == "" && h.Err == "" {
				if h.VertAdvance != ft[i].VertAdvance || h.LinearVert != ft[i].LinearVert {
					vMoved++
				}
				if !bytes.Equal(h.Glyph.AppendLine(nil), ft[i].Glyph.AppendLine(nil)) {
					outMoved++
				}
			}
		}
		bad += compareCaseLines(t, c, lines, want)
		fmt.Fprintf(&golden, "%s\t%s\t%d\n", c, hashLines(want), len(want))
		cases++
		glyphs += len(ft)
	}
	if cases < 250 || glyphs < 1500 {
		t.Fatalf("compared only %d cases, %d glyphs", cases, glyphs)
	}
	// VVAR must matter: vertical advances and (programs reading pp4)
	// hinted outlines that change when FreeType does not see it.
	if vMoved < 200 || outMoved < 20 {
		t.Fatalf("VVAR changed only %d vertical advances and %d outlines in FreeType", vMoved, outMoved)
	}
	t.Logf("%d cases: %d/%d glyphs identical to FreeType %s; without VVAR %d vertical advances and %d outlines differ",
		cases, glyphs-bad, glyphs, ftref.Version(), vMoved, outMoved)
	if os.Getenv("FONTVM_UPDATE_GOLDEN") != "" && !t.Failed() {
		if err := os.WriteFile(vvarGoldenFile, []byte(golden.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
