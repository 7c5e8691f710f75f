package cff_test

import (
	"os"
	"path/filepath"
	"testing"

	"fontvm/cff"
	"fontvm/internal/corpus"
	"fontvm/sfnt"
	"fontvm/size"
)

// FuzzPureCFF opens fuzzed font files (seeded with TestCFFThree.otf
// without head, and with a zero-length head) as sfnt.Parse and
// cff.NewFace do, pure CFF or not, and loads their glyphs hinted and
// unhinted at 12 ppem: errors, never panics.
func FuzzPureCFF(f *testing.F) {
	if data, err := os.ReadFile(filepath.Join(corpus.CFFDir(), "TestCFFThree.otf")); err == nil {
		for _, rename := range []bool{true, false} {
			if hl, err := corpus.Headless(data, rename); err == nil {
				f.Add(hl)
			}
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		sf, err := sfnt.Parse(data)
		if err != nil {
			return
		}
		fc, err := cff.NewFace(sf, nil, nil)
		if err != nil {
			return
		}
		sc, err := fc.Scale(size.Pixels(12 * 64))
		if err != nil {
			return
		}
		l := fc.NewLoader()
		var o cff.Outline
		for g := 0; g < fc.NumGlyphs() && g < 64; g++ {
			for _, hinted := range []bool{false, true} {
				_ = fc.Load(l, g, sc, hinted, &o)
			}
		}
		fc.PureCFFMetrics()
	})
}
