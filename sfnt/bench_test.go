package sfnt_test

import (
	"testing"

	"fontvm/internal/corpus"
	"fontvm/sfnt"
)

func goRegular(tb testing.TB) *sfnt.Font {
	f, err := sfnt.Parse(corpus.GoFonts[0].Data)
	if err != nil {
		tb.Fatal(err)
	}
	return f
}

// TestNoAllocs checks the steady-state zero-allocation contract of
// LoadGlyph (with a warmed-up Glyph) and Cmap.Lookup.
func TestNoAllocs(t *testing.T) {
	f := goRegular(t)
	var g sfnt.Glyph
	n := f.NumGlyphs()
	for gid := 0; gid < n; gid++ { // warm up the buffers
		if err := f.LoadGlyph(uint16(gid), &g); err != nil {
			t.Fatal(err)
		}
	}
	gid := 0
	if a := testing.AllocsPerRun(1000, func() {
		if err := f.LoadGlyph(uint16(gid), &g); err != nil {
			t.Fatal(err)
		}
		gid = (gid + 1) % n
	}); a != 0 {
		t.Errorf("LoadGlyph: %v allocs per run", a)
	}
	cm, err := f.Cmap()
	if err != nil {
		t.Fatal(err)
	}
	r := rune(0)
	if a := testing.AllocsPerRun(1000, func() {
		_ = cm.Lookup(r)
		r = (r + 37) % 0x10000
	}); a != 0 {
		t.Errorf("Lookup: %v allocs per run", a)
	}
	if a := testing.AllocsPerRun(100, func() { _, _, _ = f.HMetric(uint16(gid)) }); a != 0 {
		t.Errorf("HMetric: %v allocs per run", a)
	}
}

func BenchmarkLoadGlyph(b *testing.B) {
	f := goRegular(b)
	var g sfnt.Glyph
	n := f.NumGlyphs()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := f.LoadGlyph(uint16(i%n), &g); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCmapLookup(b *testing.B) {
	f := goRegular(b)
	cm, err := f.Cmap()
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_ = cm.Lookup(rune(i & 0xFFFF))
	}
}

func BenchmarkParse(b *testing.B) {
	data := corpus.GoFonts[0].Data
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := sfnt.Parse(data); err != nil {
			b.Fatal(err)
		}
	}
}
