package cff_test

import (
	"testing"

	"fontvm/cff"
	"fontvm/internal/corpus"
	"fontvm/size"
)

// BenchmarkLoad loads every glyph of EB Garamond 12 at 12 ppem, hinted and
// unhinted (ns per glyph).
func BenchmarkLoad(b *testing.B) {
	fc := openCorpusFace(b, corpus.CFFFonts[4])
	if fc == nil {
		return
	}
	sc, err := fc.Scale(size.Pixels(12 * 64))
	if err != nil {
		b.Fatal(err)
	}
	for _, hinted := range []bool{false, true} {
		name := map[bool]string{false: "none", true: "hinted"}[hinted]
		b.Run(name, func(b *testing.B) {
			l := fc.NewLoader()
			var o cff.Outline
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				fc.Load(l, i%fc.NumGlyphs(), sc, hinted, &o)
			}
		})
	}
}
