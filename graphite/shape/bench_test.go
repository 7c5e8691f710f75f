package shape

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fontvm/internal/corpus"
)

// suiteTexts returns the lines of a graphite2-tests text file.
func suiteTexts(t testing.TB, name string) [][]rune {
	dir := corpus.Graphite2Tests(t)
	b, err := os.ReadFile(filepath.Join(dir, "texts", name))
	if err != nil {
		t.Fatal(err)
	}
	var out [][]rune
	for _, l := range strings.Split(string(b), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, []rune(l))
		}
	}
	return out
}

func suiteFace(t testing.TB, font string) *Font {
	dir := corpus.Graphite2Tests(t)
	data, err := os.ReadFile(filepath.Join(dir, "fonts", font))
	if err != nil {
		t.Fatal(err)
	}
	f, err := Load(data)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

var benchCases = []struct {
	font, text string
	rtl        bool
}{
	{"Padauk.ttf", "my_HeadwordSyllables.txt", false},
	{"charis_r_gr.ttf", "udhr_eng.txt", false},
	{"Scheherazadegr.ttf", "udhr_arb.txt", true},
	{"Annapurnarc2.ttf", "udhr_nep.txt", false},
	{"AwamiNastaliq-Regular.ttf", "awami_tests.txt", true},
}

// TestZeroAllocs checks that shaping allocates nothing once a Shaper is warm.
func TestZeroAllocs(t *testing.T) {
	for _, c := range benchCases {
		f := suiteFace(t, c.font)
		texts := suiteTexts(t, c.text)
		sh := NewShaper(f)
		opts := &Options{RTL: c.rtl, Scale: 1}
		for _, tx := range texts {
			sh.Shape(tx, opts)
		}
		allocs := testing.AllocsPerRun(3, func() {
			for _, tx := range texts {
				sh.Shape(tx, opts)
			}
		})
		if allocs != 0 {
			t.Errorf("%s: %.1f allocations per pass over %d texts, want 0", c.font, allocs, len(texts))
		}
	}
}

func BenchmarkShape(b *testing.B) {
	for _, c := range benchCases {
		b.Run(strings.TrimSuffix(c.font, ".ttf"), func(b *testing.B) {
			f := suiteFace(b, c.font)
			texts := suiteTexts(b, c.text)
			sh := NewShaper(f)
			opts := &Options{RTL: c.rtl, Scale: 1}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				sh.Shape(texts[i%len(texts)], opts)
			}
		})
	}
}
