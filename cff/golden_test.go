package cff_test

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestGoldenPoints holds every case of cases.tsv (hinted and unhinted
// outlines, integer and fractional sizes, variation instances) against
// testdata/points.golden: the number of glyphs and the SHA-256 of
// FreeType 2.12.1's ftpoints2 output, recorded by TestReferencePoints
// -update under -tags reference.
func TestGoldenPoints(t *testing.T) {
	want, _ := readGolden(t, "points.golden")
	cases := loadCases(t)
	checked := 0
	for _, c := range cases {
		w, ok := want[c.key()]
		if !ok {
			t.Errorf("%s: no golden entry", c.key())
			continue
		}
		lines := runCase(t, c)
		if lines == nil {
			continue
		}
		if len(lines) != w.count || digest(lines) != w.digest {
			t.Errorf("%s: %d glyphs, digest %s; golden %d, %s", c.key(), len(lines), digest(lines)[:12], w.count, w.digest[:12])
		}
		checked++
	}
	if checked == 0 || checked != len(want) {
		t.Fatalf("checked %d cases of %d golden entries", checked, len(want))
	}
}

// TestGoldenDisasm holds `cff disasm` of every glyph of the cases.tsv
// fonts against testdata/disasm.golden (fontTools 4.38 ttx's
// <CharString> text, recorded by TestReferenceDisasm -update).
func TestGoldenDisasm(t *testing.T) {
	want, _ := readGolden(t, "disasm.golden")
	checked := 0
	for _, c := range disasmFonts(t) {
		fc := openCase(t, c)
		if fc == nil {
			continue
		}
		key := filepath.Base(c.font)
		w, ok := want[key]
		if !ok {
			t.Errorf("%s: no golden entry", key)
			continue
		}
		var all []string
		for _, lines := range disasmLines(t, fc) {
			all = append(all, strings.Join(lines, "\n"))
		}
		if len(all) != w.count || digest(all) != w.digest {
			t.Errorf("%s: %d glyphs, digest %s; golden %d, %s", key, len(all), digest(all)[:12], w.count, w.digest[:12])
		}
		checked++
	}
	if checked == 0 || checked != len(want) {
		t.Fatalf("checked %d fonts of %d golden entries", checked, len(want))
	}
}
