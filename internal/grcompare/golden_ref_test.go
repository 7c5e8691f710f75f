//go:build reference

package grcompare

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fontvm/internal/corpus"
	"fontvm/internal/grref"
)

var update = flag.Bool("update", false, "regenerate graphite/shape/testdata/{texts,golden} from CLDR and graphite2")

// variants picks the option sets of a font's golden file from its own
// Feat and Sill tables: the plain direction for every text; three features
// spread over the Feat table's list, each set to its first non-default
// value, and the three together, each on every 4th text; the first Sill
// language on every 8th; justification to 110% on every 10th.
func variants(f *grref.Face, rtl bool) []struct {
	o     grref.Options
	every int
	phase int
} {
	type v = struct {
		o     grref.Options
		every int
		phase int
	}
	out := []v{{o: grref.Options{RTL: rtl}, every: 1}}
	var eligible []grref.Feature
	for _, fi := range f.Features() {
		for _, val := range fi.Values {
			if val != fi.Default {
				eligible = append(eligible, grref.Feature{ID: fi.ID, Value: val})
				break
			}
		}
	}
	var all []grref.Feature
	for k := 0; k < 3 && k < len(eligible); k++ {
		ft := eligible[k*len(eligible)/3]
		all = append(all, ft)
		out = append(out, v{o: grref.Options{RTL: rtl, Features: []grref.Feature{ft}}, every: 4, phase: k})
	}
	if len(all) > 1 {
		out = append(out, v{o: grref.Options{RTL: rtl, Features: all}, every: 4, phase: 3})
	}
	if langs := f.Languages(); len(langs) > 0 {
		out = append(out, v{o: grref.Options{RTL: rtl, Lang: langs[0]}, every: 8, phase: 1})
	}
	out = append(out, v{o: grref.Options{RTL: rtl, Justify: 110}, every: 10, phase: 2})
	return out
}

// expectedCases is the number of golden lines variants gives for ntexts
// texts: for each variant, the texts whose index i has i%every == phase.
// The golden file's "cases" header records it, and TestGoldenMatchesGraphite2
// derives it again from graphite2's Feat and Sill tables and the text list.
func expectedCases(f *grref.Face, rtl bool, ntexts int) int {
	n := 0
	for _, vr := range variants(f, rtl) {
		for i := 0; i < ntexts; i++ {
			if i%vr.every == vr.phase {
				n++
			}
		}
	}
	return n
}

func result(f *grref.Face, text []rune, o grref.Options) string {
	r, err := f.Shape(text, o)
	if err != nil {
		return NoSegment
	}
	return r.Line()
}

func regenerate(t *testing.T, gf GoldenFont, font []byte) {
	texts, err := ExtractTexts(gf, CLDRDir, filepath.Join(corpus.Graphite2Tests(t), "texts"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(TextsPath(gf.Font.Name)), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(TextsPath(gf.Font.Name), []byte(strings.Join(texts, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := grref.Open(font)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var sb strings.Builder
	fmt.Fprintf(&sb, "# fontvm golden shaping data; regenerate with: go test -tags reference ./internal/grcompare -run TestGolden -update\n")
	fmt.Fprintf(&sb, "# reference: %s\n", grref.Version)
	fmt.Fprintf(&sb, "# font: %s\n", filepath.Base(gf.Font.Path))
	fmt.Fprintf(&sb, "# font-sha256: %s\n", SHA256(font))
	fmt.Fprintf(&sb, "# units: design units (gr_make_font ppm = unitsPerEm = %d)\n", f.UnitsPerEm())
	fmt.Fprintf(&sb, "# texts: graphite/shape/testdata/texts/%s.txt (CLDR %s; graphite2-tests/texts %s)\n",
		gf.Font.Name, strings.Join(gf.CLDR, ","), strings.Join(gf.Suite, ","))
	fmt.Fprintf(&sb, "# columns: options TAB code points TAB gid@x,y ... | adv A | clusters before:after ...\n")
	fmt.Fprintf(&sb, "# cases: %d\n", expectedCases(f, gf.RTL, len(texts)))
	n := 0
	for _, vr := range variants(f, gf.RTL) {
		for i, text := range texts {
			if i%vr.every != vr.phase {
				continue
			}
			rs := []rune(text)
			fmt.Fprintf(&sb, "%s\t%s\t%s\n", FormatOpts(vr.o), grref.Codes(rs), result(f, rs, vr.o))
			n++
		}
	}
	if err := os.MkdirAll(filepath.Dir(GoldenPath(gf.Font.Name)), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(GoldenPath(gf.Font.Name), []byte(sb.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("%s: %d texts, %d golden lines written", gf.Font.Name, len(texts), n)
}

// TestGoldenMatchesGraphite2 checks that the committed golden files are
// what the linked graphite2 produces today for the installed fonts (with
// -update, it first regenerates texts and golden files).
func TestGoldenMatchesGraphite2(t *testing.T) {
	for _, gf := range GoldenFonts {
		t.Run(gf.Font.Name, func(t *testing.T) {
			font := corpus.Load(t, gf.Font)
			if *update {
				regenerate(t, gf, font)
			}
			g, err := ReadGolden(GoldenPath(gf.Font.Name))
			if err != nil {
				t.Fatal(err)
			}
			if g.Header["reference"] != grref.Version || grref.EngineVersion() != "1.3.14" {
				t.Fatalf("golden from %q; linked graphite2 %s", g.Header["reference"], grref.EngineVersion())
			}
			if g.Header["font-sha256"] != SHA256(font) {
				t.Fatalf("installed %s differs from the font the golden was made from", gf.Font.Path)
			}
			texts, err := ReadTexts(TextsPath(gf.Font.Name))
			if err != nil {
				t.Fatal(err)
			}
			if len(texts) < 300 {
				t.Errorf("%d texts, want at least 300", len(texts))
			}
			f, err := grref.Open(font)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			if want := expectedCases(f, gf.RTL, len(texts)); len(g.Cases) != want {
				t.Errorf("%d golden lines; %d texts and the option variants of graphite2's Feat and Sill give %d", len(g.Cases), len(texts), want)
			}
			bad, noseg := 0, 0
			for _, c := range g.Cases {
				got := result(f, c.Text, c.Options)
				if got == NoSegment {
					noseg++
				}
				if got != c.Want {
					bad++
					if bad <= 3 {
						t.Errorf("line %d [%s] %s:\n got  %s\n want %s", c.Line, c.Opts, grref.Codes(c.Text), got, c.Want)
					}
				}
			}
			if bad > 0 {
				t.Errorf("%d of %d golden lines differ from graphite2", bad, len(g.Cases))
			}
			t.Logf("%d golden lines (%d without segment) equal graphite2's output", len(g.Cases), noseg)
		})
	}
}
