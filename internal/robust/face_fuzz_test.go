package robust

import (
	"image"
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"

	"fontvm/face"
	"fontvm/internal/corpus"
	"fontvm/internal/fontwriter"
	"fontvm/internal/fuzzoutline"
	"fontvm/raster"
	"fontvm/sfnt"
)

var faceHinting = []font.Hinting{font.HintingNone, font.HintingVertical, font.HintingFull}

// renderText draws up to 8 runes of text with every font.Face method.
func renderText(t *testing.T, sf *sfnt.Font, size uint8, hinting uint8, mono bool, text string) {
	fc, err := face.NewFace(sf, &face.FaceOptions{
		Size:    1 + float64(size%96),
		DPI:     72,
		Hinting: faceHinting[int(hinting)%len(faceHinting)],
		Mono:    mono,
	})
	if err != nil {
		return
	}
	_ = fc.Metrics()
	dot := fixed.P(10, 20)
	prev := rune(-1)
	for _, r := range clip(text, 8) {
		if prev >= 0 {
			dot.X += fc.Kern(prev, r)
		}
		fc.GlyphBounds(r)
		dr, mask, mp, adv, _ := fc.Glyph(dot, r)
		// font.Face's contract: the mask covers dr from maskp.
		if mask != nil && !dr.Empty() && !image.Rect(mp.X, mp.Y, mp.X+dr.Dx(), mp.Y+dr.Dy()).In(mask.Bounds()) {
			t.Fatalf("rune %q: mask %v does not hold dr %v from %v", r, mask.Bounds(), dr, mp)
		}
		dot.X += adv
		prev = r
	}
	var o raster.Outline
	for gid := 0; gid < min(sf.NumGlyphs(), 4); gid++ {
		fc.LoadOutline(uint16(gid), &o)
		o.CBox()
		fc.GlyphByIndex(dot, uint16(gid))
	}
}

// FuzzFace parses arbitrary bytes as a font and renders text with a
// face.Face at a fuzzer-chosen size, hinting and target.
func FuzzFace(f *testing.F) {
	// Small fonts, so that the fuzzer explores them quickly: the
	// synthetic font with the Go fonts' programs, and with hostile ones.
	// (Corrupted copies of whole corpus fonts are FuzzCorruptTrueType's.)
	for i, fo := range corpus.GoFonts[:3] {
		sf, err := sfnt.Parse(fo.Data)
		if err != nil {
			f.Fatal(err)
		}
		var gl sfnt.Glyph
		var prog []byte
		if err := sf.LoadGlyph(uint16(36+i), &gl); err == nil {
			prog = gl.Instructions
		}
		if d, err := hintFont(sf.Fpgm(), sf.Prep(), prog, 16, 64, 64, 0, 256); err == nil {
			f.Add(d, uint8(12+i), uint8(i), i == 1, "abba")
		}
	}
	kf := &fontwriter.Font{
		UnitsPerEm: 1000, HeadFlags: 1<<3 | 1,
		Glyphs: []fontwriter.Glyph{{Advance: 500}, {Contours: [][]fontwriter.Point{{{X: 0, Y: 0, On: true}, {X: 0, Y: 500, On: true}, {X: 400, Y: 0, On: true}}}, Advance: 600}, {Advance: 700}},
		Cmap:   map[rune]uint16{'a': 1, 'b': 2},
		Tables: map[string][]byte{"kern": kernBytes(2, [][3]uint16{{38, 1, 4}, {26, 9, 2}}, [][3]uint16{{1, 2, 0xFFC0}, {2, 1, 40}, {1, 1, 0x8000}, {2, 2, 7}})},
	}
	if d, err := kf.Bytes(); err == nil {
		f.Add(d, uint8(11), uint8(0), false, "abba")
	}
	if d, err := hintFont(fpgmLoopcall, progLoopcall1, progInfiniteLoop, 16, 64, 64, 0, 256); err == nil {
		f.Add(d, uint8(20), uint8(2), true, "ab")
	}
	if d, err := hintFont(nil, nil, progSloop, 65535, 65535, 65535, 65535, 65535); err == nil {
		f.Add(d, uint8(95), uint8(1), false, "ba")
	}
	f.Fuzz(func(t *testing.T, data []byte, size, hinting uint8, mono bool, text string) {
		sf, err := sfnt.Parse(data)
		if err != nil {
			return
		}
		guard(t, "face", func() { renderText(t, sf, size, hinting, mono, text) })
	})
}

// FuzzRaster renders arbitrary outlines (points from the input, 26.6
// coordinates up to ±2^23) with both rasterizers into a small image.
func FuzzRaster(f *testing.F) {
	f.Add([]byte{0, 0, 0, 0, 1, 0, 0, 10, 0, 1, 10, 0, 10, 0, 1, 10, 0, 0, 0, 1}, uint8(0), uint16(0x40), false)
	f.Add([]byte{0x80, 0, 0, 0, 1, 0x7f, 0xff, 0, 10, 0, 0x10, 0, 0x80, 0, 2, 0, 0, 0, 0, 1}, uint8(1), uint16(0x110), true)
	f.Fuzz(func(t *testing.T, pts []byte, contours uint8, flags uint16, mono bool) {
		var o raster.Outline
		o.Points, o.Tags, o.Contours = fuzzoutline.Decode(pts, contours, 512, true)
		if len(o.Points) == 0 {
			return
		}
		o.Flags = raster.Flags(flags)
		dst := image.NewAlpha(image.Rect(-3, -5, 61, 37))
		guard(t, "raster", func() {
			if mono {
				var m raster.Mono
				m.Render(dst, &o, fixed.P(5, 30))
				_ = raster.MonoBounds(&o, 0, 0)
			} else {
				var g raster.Gray
				g.Render(dst, &o, fixed.P(5, 30))
				_ = raster.GrayBounds(&o, 0, 0)
			}
		})
	})
}
