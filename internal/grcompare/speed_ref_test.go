//go:build reference

package grcompare

import (
	"testing"
	"time"

	"fontvm/graphite/shape"
	"fontvm/internal/corpus"
	"fontvm/internal/grref"
)

// BenchmarkShapeVsGraphite2 shapes each golden font's text list with
// fontvm's engine and, in the same run, with graphite2 (grref.Time),
// alternating rounds (b.N each); it reports ns per text for both and their
// ratio (engine / graphite2; below 1 means faster). B/op and allocs/op
// count the engine's rounds only.
//
//	go test -tags reference ./internal/grcompare -run XXX -bench ShapeVsGraphite2
func BenchmarkShapeVsGraphite2(b *testing.B) {
	for _, gf := range GoldenFonts {
		b.Run(gf.Font.Name, func(b *testing.B) {
			font := corpus.Load(b, gf.Font)
			texts, err := ReadTexts(TextsPath(gf.Font.Name))
			if err != nil {
				b.Fatal(err)
			}
			face, err := shape.Load(font)
			if err != nil {
				b.Fatal(err)
			}
			sh := shape.NewShaper(face)
			opts := &shape.Options{RTL: gf.RTL, Scale: 1}
			for _, t := range texts { // warm the buffers
				sh.Shape(t, opts)
			}
			ref, err := grref.Open(font)
			if err != nil {
				b.Fatal(err)
			}
			defer ref.Close()
			ropts := grref.Options{RTL: gf.RTL}
			ref.Time(texts, ropts, 1) // warm graphite2 too
			// Rounds alternate between the engines so that both see the
			// same load on a shared machine.
			var ours time.Duration
			var theirs int64
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				start := time.Now()
				for _, t := range texts {
					sh.Shape(t, opts)
				}
				ours += time.Since(start)
				b.StopTimer()
				ns, _ := ref.Time(texts, ropts, 1)
				theirs += ns
				b.StartTimer()
			}
			b.StopTimer()
			per := float64(b.N * len(texts))
			b.ReportMetric(float64(ours.Nanoseconds())/per, "ns/text")
			b.ReportMetric(float64(theirs)/per, "graphite2-ns/text")
			b.ReportMetric(float64(ours.Nanoseconds())/float64(theirs), "ratio")
		})
	}
}
