package hint

import (
	"testing"

	"fontvm/internal/corpus"
	"fontvm/sfnt"
)

// benchInstance returns an instance of corpus font f at ppem with options o
// and the font's glyph count.
func benchInstance(b *testing.B, f corpus.Font, ppem int, o Options) (*Instance, int) {
	data := corpus.Load(b, f)
	sf, err := sfnt.Parse(data)
	if err != nil {
		b.Fatal(err)
	}
	hf, err := NewFont(sf)
	if err != nil {
		b.Fatal(err)
	}
	in, err := hf.NewInstance(ppem, o)
	if err != nil {
		b.Fatal(err)
	}
	return in, hf.NumGlyphs()
}

// BenchmarkLoadGlyph hints every glyph of a font in turn; after the
// first pass it must not allocate.
func BenchmarkLoadGlyph(b *testing.B) {
	for _, c := range []struct {
		name string
		font corpus.Font
		o    Options
	}{
		{"GoRegular/v40", corpus.GoFonts[0], Options{Mode: ModeV40}},
		{"GoRegular/v35", corpus.GoFonts[0], Options{Mode: ModeV35}},
		{"DejaVuSans/v40", corpus.HintedFonts[0], Options{Mode: ModeV40}},
		{"DejaVuSans/v35mono", corpus.HintedFonts[0], Options{Mode: ModeV35, Target: TargetMono}},
	} {
		b.Run(c.name, func(b *testing.B) {
			in, n := benchInstance(b, c.font, 16, c.o)
			var g Glyph
			for gid := 0; gid < n; gid++ { // warm up buffers
				in.LoadGlyph(gid, &g)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				in.LoadGlyph(i%n, &g)
			}
		})
	}
}

// TestLoadGlyphAllocs checks the zero-allocation contract of LoadGlyph.
func TestLoadGlyphAllocs(t *testing.T) {
	for _, f := range []corpus.Font{corpus.GoFonts[0], corpus.HintedFonts[0]} {
		for _, o := range []Options{{Mode: ModeV40}, {Mode: ModeV35, Target: TargetMono}, {Mode: ModeNone}} {
			data := corpus.Load(t, f)
			sf, err := sfnt.Parse(data)
			if err != nil {
				t.Fatal(err)
			}
			hf, err := NewFont(sf)
			if err != nil {
				t.Fatal(err)
			}
			in, err := hf.NewInstance(13, o)
			if err != nil {
				t.Fatal(err)
			}
			var g Glyph
			n := hf.NumGlyphs()
			for gid := 0; gid < n; gid++ {
				in.LoadGlyph(gid, &g)
			}
			gid := 0
			allocs := testing.AllocsPerRun(2000, func() {
				in.LoadGlyph(gid%n, &g)
				gid += 7
			})
			if allocs != 0 {
				t.Errorf("%s %v: %.2f allocations per LoadGlyph, want 0", f.Name, o.Mode, allocs)
			}
		}
	}
}
