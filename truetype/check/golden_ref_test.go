//go:build reference

package check

import (
	"flag"
	"fmt"
	"sort"
	"strings"
	"testing"

	"fontvm/internal/corpus"
	"fontvm/internal/ftref"
)

var update = flag.Bool("update", false, "rewrite testdata/pedantic.golden from FreeType")

// TestPedanticGolden: the golden file is FreeType's FT_LOAD_PEDANTIC
// findings (with -update, it is rewritten from FreeType).
func TestPedanticGolden(t *testing.T) {
	modes, err := ParseModes(goldenModes)
	if err != nil {
		t.Fatal(err)
	}
	data := map[string][]byte{}
	lines := map[string][]string{}
	fonts := goldenFonts()
	total := 0
	for _, cf := range fonts {
		b := corpus.Load(t, cf)
		data[cf.Name] = b
		f, err := NewFont(cf.Name, b)
		if err != nil {
			t.Fatal(err)
		}
		var ls []string
		for _, m := range modes {
			fm, tg := ftMode(t, m)
			errs, _, err := ftref.PedanticErrors(b, goldenPPEMs, fm, tg, f.Font.NumGlyphs())
			if err != nil {
				t.Fatal(err)
			}
			for k, row := range errs {
				for g, c := range row {
					if c != 0 {
						ls = append(ls, fmt.Sprintf("%s %d %d %d", m.Name, goldenPPEMs[k], g, c))
					}
				}
			}
		}
		sort.Strings(ls)
		lines[cf.Name] = ls
		total += len(ls)
	}
	ref := "FreeType " + ftref.Version()
	if *update {
		if err := writeGolden(ref, fonts, data, lines); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s: %d findings", goldenPath, total)
		return
	}
	g := readGolden(t)
	if g.reference != ref {
		t.Errorf("golden reference %q, linked %q", g.reference, ref)
	}
	for _, cf := range fonts {
		if g.sha[cf.Name] != fontSHA(data[cf.Name]) {
			t.Errorf("%s: golden font sha differs from the installed font (rerun with -update)", cf.Name)
		}
		if strings.Join(g.lines[cf.Name], "\n") != strings.Join(lines[cf.Name], "\n") {
			t.Errorf("%s: golden findings differ from FreeType's (%d golden, %d FreeType)", cf.Name, len(g.lines[cf.Name]), len(lines[cf.Name]))
		}
	}
	if total < 500 {
		t.Fatalf("only %d FreeType findings", total)
	}
}
