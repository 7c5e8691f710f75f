package hint

import (
	"errors"
	"testing"
	"time"

	"fontvm/internal/corpus"
	"fontvm/internal/corrupt"
	"fontvm/sfnt"
)

// loadAll loads glyphs [0, n) of data in every mode; it must not panic
// and must return only package errors.
func loadAll(t *testing.T, what string, data []byte, n int) {
	sf, err := sfnt.Parse(data)
	if err != nil {
		return
	}
	f, err := NewFont(sf)
	if err != nil {
		return
	}
	if n > f.NumGlyphs() {
		n = f.NumGlyphs()
	}
	var g Glyph
	for _, o := range []Options{{Mode: ModeV40}, {Mode: ModeV35, Target: TargetMono}, {Mode: ModeNone}} {
		in, err := f.NewInstance(11, o)
		if err != nil {
			t.Fatalf("%s: NewInstance: %v", what, err)
		}
		for gid := 0; gid < n; gid++ {
			if err := in.LoadGlyph(gid, &g); err != nil {
				var e *Error
				if !errors.As(err, &e) {
					t.Fatalf("%s glyph %d: foreign error %v", what, gid, err)
				}
			}
		}
	}
}

// TestCorruptFonts loads deterministic corrupted copies of corpus fonts
// (damaged glyf, loca, fpgm, prep, cvt, maxp, hmtx, hhea).
func TestCorruptFonts(t *testing.T) {
	copies := 120
	if testing.Short() {
		copies = 25
	}
	for _, font := range []corpus.Font{corpus.GoFonts[0], corpus.HintedFonts[0]} {
		data := corpus.Load(t, font)
		for i := 0; i < copies; i++ {
			c, err := corrupt.Make(data, 1, i, corrupt.TrueTypeTables)
			if err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			loadAll(t, c.String(), c.Data, 30)
			if d := time.Since(start); d > 2*time.Minute {
				t.Errorf("%s %s: %v", font.Name, c, d)
			}
		}
	}
}

// FuzzLoadGlyph feeds arbitrary bytes as a font: LoadGlyph must never
// panic.
func FuzzLoadGlyph(f *testing.F) {
	f.Add(corpus.GoFonts[0].Data)
	for i := 0; i < 8; i++ {
		if c, err := corrupt.Make(corpus.GoFonts[0].Data, 7, i, corrupt.TrueTypeTables); err == nil {
			f.Add(c.Data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		loadAll(t, "fuzz", data, 8)
	})
}
