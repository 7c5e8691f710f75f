//go:build reference

package conformance

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"fontvm/internal/conformance/golden"
	"fontvm/internal/corpus"
	"fontvm/internal/ftref"
)

// compareLive compares fontvm's lines with FreeType's for every
// configuration of cs and reports like TestSuites.
func compareLive(t *testing.T, what string, font []byte, cs []golden.Config, name func(gid int) string) {
	t.Helper()
	ft := freetypeLines(t, font, cs)
	h, err := NewHinter(font)
	if err != nil {
		t.Fatal(err)
	}
	n, ok := 0, 0
	var bad []string
	perCfg := map[golden.Config]int{}
	for _, c := range cs {
		want := ft[c]
		if len(want) != h.NumGlyphs() {
			t.Fatalf("%v: FreeType has %d glyphs, fontvm %d", c, len(want), h.NumGlyphs())
		}
		if err := h.Lines(c, func(gid int, line []byte) {
			n++
			if string(line) == want[gid] {
				ok++
				return
			}
			perCfg[c]++
			if len(bad) < 8 {
				bad = append(bad, fmt.Sprintf("%v %s: %s\n    FreeType: %s\n    fontvm:   %s", c, name(gid), FirstDiff(want[gid], string(line)), want[gid], line))
			}
		}); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("%-24s %7d/%-7d lines exact (%.3f%%)", what, ok, n, 100*float64(ok)/float64(n))
	if ok != n {
		var cfgs []string
		for _, c := range cs {
			if perCfg[c] > 0 {
				cfgs = append(cfgs, fmt.Sprintf("%v:%d", c, perCfg[c]))
			}
		}
		t.Errorf("%s: %d/%d lines exact; differing per configuration: %s\n  %s", what, ok, n, strings.Join(cfgs, " "), strings.Join(bad, "\n  "))
	}
}

// TestSuitesLive compares fontvm with the linked FreeType, full lines, on
// every suite.
func TestSuitesLive(t *testing.T) {
	suites, err := LoadSuites(SuiteDir(corpus.Root()))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range suites {
		t.Run(s.Name, func(t *testing.T) {
			compareLive(t, s.Name, s.Font, s.Configs(), s.CaseName)
		})
	}
}

// livePPEMs are the corpus sizes TestCorpusLive compares (the golden
// files cover all of golden.PPEMs); FONTVM_LIVE_PPEMS overrides them
// ("all" for golden.PPEMs).
func livePPEMs(t *testing.T) []int {
	v := os.Getenv("FONTVM_LIVE_PPEMS")
	switch v {
	case "":
		return []int{7, 13, 24}
	case "all":
		return golden.PPEMs
	}
	var ps []int
	for _, s := range strings.Split(v, ",") {
		p, err := strconv.Atoi(s)
		if err != nil || p < 1 {
			t.Fatalf("FONTVM_LIVE_PPEMS: bad ppem %q", s)
		}
		ps = append(ps, p)
	}
	return ps
}

// TestCorpusLive compares fontvm with the linked FreeType, full lines, on
// every corpus font in every mode and target at livePPEMs.
func TestCorpusLive(t *testing.T) {
	ppems := livePPEMs(t)
	var cs []golden.Config
	for _, p := range ppems {
		for _, m := range golden.Modes {
			cs = append(cs, golden.Config{Mode: m[0], Target: m[1], PPEM: p})
		}
	}
	for _, f := range CorpusFonts() {
		t.Run(f.Name, func(t *testing.T) {
			t.Parallel()
			data := corpus.Load(t, f)
			compareLive(t, f.Name, data, cs, func(gid int) string { return "gid " + strconv.Itoa(gid) })
		})
	}
}

// BenchmarkSpeedRatio hints every glyph of a few corpus fonts at ppems 12
// and 16 (a fresh instance/FT_Size per ppem, so prep runs each time) with
// fontvm and with the linked FreeType in the same run, and reports both
// in ns per glyph and their ratio (fontvm/FreeType).
func BenchmarkSpeedRatio(b *testing.B) {
	ppems := []int{12, 16}
	for _, f := range CorpusFonts() {
		if f.Name != "GoRegular" && f.Name != "DejaVuSans" && f.Name != "LiberationSerif" {
			continue
		}
		for _, m := range [][2]string{{"v35", "normal"}, {"v40", "normal"}, {"v40", "mono"}} {
			b.Run(f.Name+"/"+m[0]+"/"+m[1], func(b *testing.B) {
				data := corpus.Load(b, f)
				h, err := NewHinter(data)
				if err != nil {
					b.Fatal(err)
				}
				fm, _ := ftref.ParseMode(m[0])
				ft, _ := ftref.ParseTarget(m[1])
				b.ReportAllocs()
				b.ResetTimer()
				start := time.Now()
				for i := 0; i < b.N; i++ {
					for _, p := range ppems {
						c := golden.Config{Mode: m[0], Target: m[1], PPEM: p}
						if err := h.LoadAll(c); err != nil {
							b.Fatal(err)
						}
					}
				}
				ours := time.Since(start)
				b.StopTimer()
				ftns, loads, err := ftref.Time(data, ppems, fm, ft, b.N)
				if err != nil {
					b.Fatal(err)
				}
				n := float64(b.N * len(ppems) * h.NumGlyphs())
				b.ReportMetric(float64(ours.Nanoseconds())/n, "fontvm-ns/glyph")
				b.ReportMetric(float64(ftns)/float64(loads), "freetype-ns/glyph")
				b.ReportMetric((float64(ours.Nanoseconds())/n)/(float64(ftns)/float64(loads)), "ratio")
			})
		}
	}
}
