//go:build reference

package grcompare

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fontvm/graphite/shape"
	"fontvm/internal/corpus"
	"fontvm/internal/grref"
)

// liveCases pairs graphite2's suite fonts with the suite's texts in their
// script (lines of at most 64 characters, at most 300 a text, evenly
// sampled).
var liveCases = []struct {
	font, text string
	rtl        bool
}{
	{"Padauk.ttf", "my_HeadwordSyllables.txt", false},
	{"Annapurnarc2.ttf", "udhr_nep.txt", false},
	{"Annapurnarc2.ttf", "udhr_hin.txt", false},
	{"charis_r_gr.ttf", "udhr_eng.txt", false},
	{"charis_r_gr.ttf", "udhr_yor.txt", false},
	{"Scheherazadegr.ttf", "udhr_arb.txt", true},
	{"AwamiNastaliq-Regular.ttf", "awami_tests.txt", true},
}

// TestEngineMatchesLiveGraphite2 shapes graphite2's suite texts with its
// suite fonts through fontvm's engine and through the linked graphite2, in
// design units: every text must match exactly; the log gives the rate per
// font and text, errors the first differing lines.
func TestEngineMatchesLiveGraphite2(t *testing.T) {
	dir := corpus.Graphite2Tests(t)
	for _, lc := range liveCases {
		name := strings.TrimSuffix(lc.font, ".ttf") + "/" + strings.TrimSuffix(lc.text, ".txt")
		t.Run(name, func(t *testing.T) {
			font, err := os.ReadFile(filepath.Join(dir, "fonts", lc.font))
			if err != nil {
				t.Fatal(err)
			}
			texts := suiteLines(t, filepath.Join(dir, "texts", lc.text), 300)
			ref, err := grref.Open(font)
			if err != nil {
				t.Fatal(err)
			}
			defer ref.Close()
			face, err := shape.Load(font)
			if err != nil {
				t.Fatalf("shape.Load: %v", err)
			}
			sh := shape.NewShaper(face)
			o := grref.Options{RTL: lc.rtl}
			match, shown := 0, 0
			for _, text := range texts {
				want := NoSegment
				if r, err := ref.Shape(text, o); err == nil {
					want = r.Line()
				}
				got := safeLine(sh, text, o)
				if got == want {
					match++
				} else if shown < 2 {
					shown++
					t.Errorf("differs: %q (%s):\n got  %s\n want %s", string(text), grref.Codes(text), got, want)
				}
			}
			t.Logf("%s: %d/%d exact (%.2f%%)", name, match, len(texts), 100*float64(match)/float64(len(texts)))
			if match != len(texts) {
				t.Errorf("%d of %d texts differ from graphite2's", len(texts)-match, len(texts))
			}
		})
	}
}

// suiteLines reads up to max non-empty lines of a suite text (evenly
// sampled), each cut to 64 characters.
func suiteLines(t *testing.T, path string, max int) [][]rune {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var all [][]rune
	for _, l := range strings.Split(strings.TrimPrefix(string(b), "\uFEFF"), "\n") {
		l = strings.TrimSpace(l)
		if l == "" {
			continue
		}
		r := []rune(l)
		if len(r) > 64 {
			r = r[:64]
		}
		all = append(all, r)
	}
	if len(all) <= max {
		return all
	}
	out := make([][]rune, 0, max)
	for i := 0; i < max; i++ {
		out = append(out, all[i*len(all)/max])
	}
	return out
}
