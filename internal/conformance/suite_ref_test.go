//go:build reference

package conformance

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"fontvm/internal/conformance/golden"
	"fontvm/internal/corpus"
	"fontvm/internal/ftref"
)

var update = flag.Bool("update", false, "rewrite the suites' golden lines from the linked FreeType")

// freetypeLines returns FreeType's lines for every glyph of font in every
// configuration of cs.
func freetypeLines(t testing.TB, font []byte, cs []golden.Config) map[golden.Config][]string {
	t.Helper()
	type mt struct{ m, t string }
	ppems := map[mt][]int{}
	for _, c := range cs {
		ppems[mt{c.Mode, c.Target}] = append(ppems[mt{c.Mode, c.Target}], c.PPEM)
	}
	out := map[golden.Config][]string{}
	for k, ps := range ppems {
		m, err := ftref.ParseMode(k.m)
		if err != nil {
			t.Fatal(err)
		}
		tg, err := ftref.ParseTarget(k.t)
		if err != nil {
			t.Fatal(err)
		}
		gss, err := ftref.Outlines(font, ps, m, tg)
		if err != nil {
			t.Fatalf("FreeType %s/%s: %v", k.m, k.t, err)
		}
		for i, p := range ps {
			ls := make([]string, len(gss[i]))
			for g := range gss[i] {
				ls[g] = gss[i][g].Line()
			}
			out[golden.Config{Mode: k.m, Target: k.t, PPEM: p}] = ls
		}
	}
	return out
}

// TestSuiteGoldenCurrent checks that the committed golden lines of every
// suite are what the linked FreeType produces for the suite's font now;
// with -update it rewrites them.
func TestSuiteGoldenCurrent(t *testing.T) {
	root := corpus.Root()
	suites, err := LoadSuites(SuiteDir(root))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range suites {
		t.Run(s.Name, func(t *testing.T) {
			got := &SuiteGolden{Reference: golden.Reference, FontSHA: s.FontSHA(), Lines: freetypeLines(t, s.Font, s.Configs())}
			path := SuiteGoldenPath(root, s.Name)
			if *update {
				var b bytes.Buffer
				if err := WriteSuiteGolden(&b, s, got); err != nil {
					t.Fatal(err)
				}
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := ReadSuiteGolden(path)
			if err != nil {
				t.Fatalf("%v (regenerate with -update)", err)
			}
			if want.FontSHA != got.FontSHA {
				t.Errorf("font sha256 %s, golden recorded %s (suite or fontwriter changed; regenerate with -update)", got.FontSHA, want.FontSHA)
			}
			bad := 0
			for _, c := range s.Configs() {
				for gid, l := range got.Lines[c] {
					if gid >= len(want.Lines[c]) || want.Lines[c][gid] != l {
						if bad++; bad <= 5 {
							t.Errorf("%v %s: FreeType now:\n  %s\ngolden:\n  %s", c, s.CaseName(gid), l, at(want.Lines[c], gid))
						}
					}
				}
			}
			if bad > 0 {
				t.Errorf("%d lines differ from the golden file", bad)
			}
		})
	}
}

func at(ls []string, i int) string {
	if i < len(ls) {
		return ls[i]
	}
	return "(missing)"
}
