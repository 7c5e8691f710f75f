//go:build reference

package hint

import (
	"testing"
	"time"

	"fontvm/internal/corpus"
	"fontvm/internal/ftref"
	"fontvm/sfnt"
)

// TestSpeedVsFreeType measures hinting every glyph (new instance per
// ppem, as ftref.Time does) against FreeType in the same run and logs
// the ratio. It fails only if fontvm is more than 20 times slower.
func TestSpeedVsFreeType(t *testing.T) {
	ppems := []int{9, 12, 16, 24}
	for _, f := range []corpus.Font{corpus.GoFonts[0], corpus.HintedFonts[0], corpus.HintedFonts[3]} {
		data := corpus.Load(t, f)
		sf, err := sfnt.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		hf, err := NewFont(sf)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range []Mode{ModeV40, ModeV35} {
			const rounds = 2
			ftns, loads, err := ftref.Time(data, ppems, ftref.Mode(m), ftref.TargetNormal, rounds)
			if err != nil {
				t.Fatal(err)
			}
			var g Glyph
			start := time.Now()
			n := 0
			for r := 0; r < rounds; r++ {
				for _, p := range ppems {
					in, err := hf.NewInstance(p, Options{Mode: m})
					if err != nil {
						t.Fatal(err)
					}
					for gid := 0; gid < hf.NumGlyphs(); gid++ {
						in.LoadGlyph(gid, &g)
						n++
					}
				}
			}
			ours := time.Since(start).Nanoseconds()
			ratio := float64(ours) / float64(ftns)
			t.Logf("%s %v: fontvm %.1f µs/glyph, FreeType %.1f µs/glyph (%d loads): ratio %.2f",
				f.Name, m, float64(ours)/float64(n)/1e3, float64(ftns)/float64(loads)/1e3, loads, ratio)
			if ratio > 20 {
				t.Errorf("fontvm is %.1f times slower than FreeType", ratio)
			}
		}
	}
}
