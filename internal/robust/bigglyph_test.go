package robust

import (
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"

	"fontvm/face"
	"fontvm/internal/fontwriter"
	"fontvm/sfnt"
)

// TestHugeGlyphMemory: a font with 16 units per em and a glyph 32,000
// units wide is 24,000 pixels wide at 12 pixels per em. Rendering it at
// an ordinary size must not allocate in proportion to that area (a 24,000
// × 24,000 mask is 550 MiB).
func TestHugeGlyphMemory(t *testing.T) {
	// Before face.MaxMaskPixels (2026-11-22) one face.Glyph call allocated
	// 5,493 MiB here (24000×24000 mask, anti-aliased, unhinted) in 15 s.
	f := &fontwriter.Font{
		UnitsPerEm: 16,
		HeadFlags:  1<<3 | 1,
		Ascender:   14, Descender: -2,
		Glyphs: []fontwriter.Glyph{
			{Advance: 16},
			{Contours: [][]fontwriter.Point{{{X: -16000, Y: -16000, On: true}, {X: -16000, Y: 16000, On: true}, {X: 16000, Y: 16000, On: true}, {X: 16000, Y: -16000, On: true}}}, Advance: 16},
		},
		Cmap: map[rune]uint16{'a': 1},
	}
	data, err := f.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	sf, err := sfnt.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	for _, mono := range []bool{false, true} {
		for _, h := range []font.Hinting{font.HintingNone, font.HintingFull} {
			fc, err := face.NewFace(sf, &face.FaceOptions{Size: 12, DPI: 72, Hinting: h, Mono: mono})
			if err != nil {
				t.Fatal(err)
			}
			var dr, mb string
			var ok bool
			n := allocated(func() {
				r, m, _, _, k := fc.Glyph(fixed.P(0, 0), 'a')
				dr, ok = r.String(), k
				if m != nil {
					mb = m.Bounds().String()
				}
			})
			t.Logf("mono %v hinting %v: dr %s mask %s ok %v: %d MiB allocated", mono, h, dr, mb, ok, n>>20)
			if n > 64<<20 {
				t.Errorf("mono %v hinting %v: %d MiB allocated for one glyph", mono, h, n>>20)
			}
		}
	}
}
