//go:build reference

package perf

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"fontvm/internal/corpus"
	"fontvm/internal/ftref"
	"fontvm/truetype/hint"
)

// TestRenderVsFreeType compares rendering every mapped code point of
// DejaVu Sans and Liberation Sans at 9, 12, 16 and 24 ppem, v40,
// anti-aliased and mono, through face.Face.Glyph (RenderJob) with
// FreeType's FT_Load_Glyph(FT_LOAD_RENDER) (ftref.TimeRender), both on
// warm per-size objects, as interleaved trials; it logs the median
// per-trial ratios against RenderTarget. It fails only when the two do
// different work (glyph counts, failed loads); the bitmaps themselves
// are compared with FreeType's by face's TestReferenceFaceBitmaps and
// raster's reference tests.
//
//	go test -tags reference ./internal/perf -run RenderVsFreeType -v
func TestRenderVsFreeType(t *testing.T) {
	trials := envInt(t, "PERF_TRIALS", defaultTrials())
	rounds := envInt(t, "PERF_ROUNDS", 0)
	t.Logf("ratio = fontvm time / FreeType %s time, median of per-trial ratios of %d interleaved trials; "+
		"CPU = CPU time of the measuring thread, wall = wall clock; target <= %.2f (reported, not asserted)",
		ftref.Version(), trials, RenderTarget)
	var summary []string
	for _, f := range HintFonts[:2] {
		for _, mono := range []bool{false, true} {
			target, tname := ftref.TargetNormal, "normal"
			if mono {
				target, tname = ftref.TargetMono, "mono"
			}
			name := fmt.Sprintf("%s/v40/%s", f.Name, tname)
			t.Run(name, func(t *testing.T) {
				data := corpus.Load(t, f)
				j, err := NewRenderJob(data, hint.ModeV40, mono, DefaultPPEMs)
				if err != nil {
					t.Fatal(err)
				}
				ref := func(r int) (ns, glyphs, failed int64) {
					ns, glyphs, failed, err := ftref.TimeRender(data, DefaultPPEMs, ftref.ModeV40, target, j.Runes, r)
					if err != nil {
						t.Fatal(err)
					}
					return ns, glyphs, failed
				}
				glyphs, failed := j.Run(1)
				_, rg, rf := ref(1)
				if int64(glyphs) != rg || int64(failed) != rf {
					t.Fatalf("work differs: fontvm %d glyphs (%d not ok), FreeType %d (%d failed)", glyphs, failed, rg, rf)
				}
				if glyphs < 4*1000 {
					t.Fatalf("only %d glyphs", glyphs)
				}
				rounds := rounds
				if rounds == 0 {
					rounds = Rounds(MinTrialNS, func() int64 { ns, _, _ := ref(1); return ns })
				}
				allocs := Measure(func() { j.Run(1) }).Allocs
				runtime.LockOSThread()
				defer runtime.UnlockOSThread()
				overhead := MedianSample(3, func() { ref(0) })
				cmp := Interleave(trials, func() { j.Run(rounds) }, func() { ref(rounds) }, overhead)
				line := name + " " + report(cmp, trials, rounds, float64(glyphs*rounds), "glyph", "FreeType", RenderTarget) +
					fmt.Sprintf("; %d glyphs a round (%d code points x %d sizes); %.3f allocs/glyph", glyphs, len(j.Runes), len(DefaultPPEMs), float64(allocs)/float64(glyphs))
				t.Log(line)
				summary = append(summary, line)
			})
		}
	}
	t.Logf("summary (v40, ppem %v, every mapped code point):\n%s", DefaultPPEMs, strings.Join(summary, "\n"))
}
