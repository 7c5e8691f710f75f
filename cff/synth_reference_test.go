//go:build reference

package cff_test

import (
	"encoding/xml"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"fontvm/cff"
	"fontvm/internal/corpus"
	"fontvm/internal/ftref"
	"fontvm/sfnt"
)

// TestReferenceSynth loads every glyph of the synthetic fonts
// (synthCases: Expert and ExpertSubset charsets with seac accents and
// their glyph-count limits, FontMatrix at FT_Matrix_Check's limits,
// custom and invalid encodings) through FreeType 2.12.1 in process
// (internal/ftref: FT_New_Memory_Face, FT_Set_Pixel_Sizes, FT_Load_Glyph
// unhinted and hinted) and through fontvm, and requires the same verdict
// on opening the font and identical lines for every glyph. With -update
// it rewrites testdata/synth.golden.
func TestReferenceSynth(t *testing.T) {
	var gold strings.Builder
	fmt.Fprintf(&gold, "# synthetic CFF fonts (cff/synth_test.go) through FreeType %s (internal/ftref): case ppem mode<TAB>lines<TAB>sha256 of the lines (%q when FreeType refuses the font)\n", ftref.Version(), synthRefused)
	var compared, glyphs, refused int
	for _, c := range synthCases() {
		data := c.otf(t)
		for _, hinted := range []bool{false, true} {
			mode := ftref.ModeNone
			if hinted {
				mode = ftref.ModeV40
			}
			ref, err := ftref.Outlines(data, synthPPEMs, mode, ftref.TargetNormal)
			if err != nil && !errors.Is(err, ftref.ErrSetup) {
				t.Fatalf("%s: %v", c.name, err)
			}
			for k, ppem := range synthPPEMs {
				key := synthKey(c.name, ppem, hinted)
				var want []string
				if err != nil {
					want = []string{synthRefused}
				} else {
					for _, g := range ref[k] {
						want = append(want, g.Line())
					}
				}
				got := synthLines(t, data, ppem, hinted)
				if len(got) != len(want) {
					t.Errorf("%s: %d lines, FreeType %d (first: %.100s / %.100s; FreeType error %v)", key, len(got), len(want), got[0], want[0], err)
				} else {
					bad := 0
					for i := range want {
						if got[i] != want[i] {
							if bad < 2 {
								t.Errorf("%s:\n got %.200s\nwant %.200s", key, got[i], want[i])
							}
							bad++
						}
					}
					if bad > 0 {
						t.Errorf("%s: %d/%d lines differ", key, bad, len(want))
					}
				}
				compared++
				if err != nil {
					refused++
				} else {
					glyphs += len(want)
				}
				fmt.Fprintf(&gold, "%s\t%d\t%s\n", key, len(want), digest(want))
			}
		}
	}
	t.Logf("%d font/size/mode cases compared with FreeType %s: %d glyph lines, %d cases refused by FreeType",
		compared, ftref.Version(), glyphs, refused)
	if compared != len(synthCases())*len(synthPPEMs)*2 || glyphs == 0 || refused == 0 {
		t.Fatalf("compared %d cases, %d glyphs, %d refused", compared, glyphs, refused)
	}
	if *update {
		if err := os.WriteFile(filepath.Join("testdata", "synth.golden"), []byte(gold.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestReferenceSynthNames requires the glyph names of the synthetic fonts
// with predefined charsets (ISOAdobe, Expert, ExpertSubset) to equal
// fontTools' (ttx 4.38 GlyphOrder from the CFF charset; the fonts have no
// post names).
func TestReferenceSynthNames(t *testing.T) {
	compared := 0
	for _, c := range synthCases() {
		if !strings.HasSuffix(c.name, "-seac") && !strings.HasSuffix(c.name, "-166") && !strings.HasSuffix(c.name, "-87") {
			continue
		}
		data := c.otf(t)
		path := filepath.Join(t.TempDir(), "f.otf")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command("/usr/bin/python3", "-m", "fontTools.ttx", "-q", "-t", "GlyphOrder", "-o", "-", path).Output()
		if err != nil {
			corpus.Missing(t, "fontTools (/usr/bin/python3 -m fontTools.ttx)")
			return
		}
		var doc struct {
			Order []struct {
				ID   int    `xml:"id,attr"`
				Name string `xml:"name,attr"`
			} `xml:"GlyphOrder>GlyphID"`
		}
		if err := xml.Unmarshal(out, &doc); err != nil {
			t.Fatal(err)
		}
		sf, err := sfnt.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		fc, err := cff.NewFace(sf, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(doc.Order) != fc.NumGlyphs() {
			t.Fatalf("%s: ttx has %d glyphs, fontvm %d", c.name, len(doc.Order), fc.NumGlyphs())
		}
		for _, g := range doc.Order {
			if got := fc.Font().GlyphName(g.ID); got != g.Name {
				t.Errorf("%s glyph %d: name %q, ttx %q", c.name, g.ID, got, g.Name)
			}
			compared++
		}
	}
	t.Logf("%d glyph names compared with ttx", compared)
	if compared == 0 {
		t.Fatal("no names compared")
	}
}
