//go:build reference

package shape_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fontvm/graphite/shape"
	"fontvm/internal/corpus"
	"fontvm/internal/grref"
)

// TestSuiteTextsAgainstGraphite2 shapes every line of graphite2's cmptest
// texts with the live reference and with fontvm, exactly (design units).
func TestSuiteTextsAgainstGraphite2(t *testing.T) {
	dir := corpus.Graphite2Tests(t)
	for _, c := range []struct {
		font, text string
		rtl        bool
	}{
		{"Padauk.ttf", "my_HeadwordSyllables.txt", false},
		{"charis_r_gr.ttf", "udhr_eng.txt", false},
		{"charis_r_gr.ttf", "udhr_yor.txt", false},
		{"Annapurnarc2.ttf", "udhr_nep.txt", false},
		{"Scheherazadegr.ttf", "udhr_arb.txt", true},
		{"AwamiNastaliq-Regular.ttf", "awami_tests.txt", true},
		{"Awami_compressed_test.ttf", "awami_tests.txt", true},
	} {
		t.Run(c.font+"/"+c.text, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(dir, "fonts", c.font))
			if err != nil {
				t.Fatal(err)
			}
			ref, err := grref.Open(data)
			if err != nil {
				t.Fatal(err)
			}
			defer ref.Close()
			f, err := shape.Load(data)
			if err != nil {
				t.Fatal(err)
			}
			sh := shape.NewShaper(f)
			tb, err := os.ReadFile(filepath.Join(dir, "texts", c.text))
			if err != nil {
				t.Fatal(err)
			}
			n, bad := 0, 0
			for _, l := range strings.Split(string(tb), "\n") {
				text := []rune(strings.TrimSpace(l))
				if len(text) == 0 {
					continue
				}
				n++
				o := grref.Options{RTL: c.rtl}
				want := grcompareNoSegment
				if r, err := ref.Shape(text, o); err == nil {
					want = r.Line()
				}
				got := shapeLine(sh, text, o)
				if got != want {
					bad++
					if bad <= 3 {
						t.Errorf("%q:\n got %s\nwant %s", string(text), got, want)
					}
				}
			}
			t.Logf("%s %s: %d/%d lines exact against graphite2", c.font, c.text, n-bad, n)
		})
	}
}

const grcompareNoSegment = "error: no segment"

// TestSpeedRatio times fontvm against graphite2 on the same texts in the
// same run and logs the ratio (fontvm time / graphite2 time).
func TestSpeedRatio(t *testing.T) {
	dir := corpus.Graphite2Tests(t)
	for _, c := range []struct {
		font, text string
		rtl        bool
	}{
		{"Padauk.ttf", "my_HeadwordSyllables.txt", false},
		{"charis_r_gr.ttf", "udhr_eng.txt", false},
		{"Scheherazadegr.ttf", "udhr_arb.txt", true},
		{"Annapurnarc2.ttf", "udhr_nep.txt", false},
		{"AwamiNastaliq-Regular.ttf", "awami_tests.txt", true},
	} {
		data, err := os.ReadFile(filepath.Join(dir, "fonts", c.font))
		if err != nil {
			t.Fatal(err)
		}
		tb, err := os.ReadFile(filepath.Join(dir, "texts", c.text))
		if err != nil {
			t.Fatal(err)
		}
		var texts [][]rune
		for _, l := range strings.Split(string(tb), "\n") {
			if r := []rune(strings.TrimSpace(l)); len(r) > 0 {
				texts = append(texts, r)
			}
		}
		ref, err := grref.Open(data)
		if err != nil {
			t.Fatal(err)
		}
		f, err := shape.Load(data)
		if err != nil {
			t.Fatal(err)
		}
		sh := shape.NewShaper(f)
		opts := &shape.Options{RTL: c.rtl, Scale: 1}
		// The machine is shared: interleave the two engines and keep each
		// one's best of several trials.
		const rounds, trials = 2, 7
		refNS, ours := int64(1<<62), int64(1<<62)
		ref.Time(texts, grref.Options{RTL: c.rtl}, 1)
		for _, tx := range texts {
			sh.Shape(tx, opts)
		}
		for k := 0; k < trials; k++ {
			if ns, _ := ref.Time(texts, grref.Options{RTL: c.rtl}, rounds); ns < refNS {
				refNS = ns
			}
			start := time.Now()
			for r := 0; r < rounds; r++ {
				for _, tx := range texts {
					sh.Shape(tx, opts)
				}
			}
			if ns := time.Since(start).Nanoseconds(); ns < ours {
				ours = ns
			}
		}
		ref.Close()
		t.Logf("%s %s: fontvm %.1f µs/text, graphite2 %.1f µs/text, ratio %.2f", c.font, c.text,
			float64(ours)/1e3/float64(rounds*len(texts)), float64(refNS)/1e3/float64(rounds*len(texts)), float64(ours)/float64(refNS))
	}
}
