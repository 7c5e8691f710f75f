package face

import (
	"bytes"
	"image"
	"image/draw"
	"testing"
	"unicode"

	"fontvm/internal/corpus"
	"fontvm/raster"
	"fontvm/sfnt"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

func goRegular(t testing.TB) *sfnt.Font {
	t.Helper()
	f, err := sfnt.Parse(corpus.GoFonts[0].Data)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// faceModes are the modes this build can run.
func faceModes(t testing.TB, f *sfnt.Font, px float64) []*Face {
	var out []*Face
	for _, h := range []font.Hinting{font.HintingNone, font.HintingVertical, font.HintingFull} {
		for _, mono := range []bool{false, true} {
			fc, err := NewFace(f, &FaceOptions{Size: px, DPI: 72, Hinting: h, Mono: mono})
			if err == ErrHintingUnavailable {
				t.Logf("hinting %v: %v", h, err)
				continue
			}
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, fc)
		}
	}
	return out
}

// TestDrawerMatchesRasterizer draws a line of text through font.Drawer
// and checks it pixel for pixel against the same text composed by hand
// from the rasterizer's glyph bitmaps: each glyph's outline rendered by
// raster.Mono or raster.Gray into its FreeType box, placed at the pen
// position (rounded to whole pixels when hinted), the pen advanced by the
// glyph advance.
func TestDrawerMatchesRasterizer(t *testing.T) {
	const text = "Hamburgefonstiv, 0123: QUARTZ & jumpy {fox}!"
	sf := goRegular(t)
	for _, px := range []float64{9, 13, 17.5, 24} {
		for _, fc := range faceModes(t, sf, px) {
			got := image.NewAlpha(image.Rect(0, 0, 800, 60))
			start := fixed.Point26_6{X: 5*64 + 21, Y: 40*64 + 13} // a sub-pixel start
			d := font.Drawer{Dst: got, Src: image.Opaque, Face: fc, Dot: start}
			d.DrawString(text)

			want := image.NewAlpha(got.Rect)
			var o raster.Outline
			var mr raster.Mono
			var gr raster.Gray
			dot := start
			inked := 0
			for _, r := range text {
				cm, _ := sf.Cmap()
				g := cm.Lookup(r)
				if g == 0 {
					t.Fatalf("rune %q unmapped", r)
				}
				adv, box, err := fc.src.load(g, &o)
				if err != nil {
					t.Fatal(err)
				}
				if ob := o.Box(); box != ob {
					t.Fatalf("rune %q: loader's box %v, the outline's %v", r, box, ob)
				}
				p := dot
				if fc.Hinted() {
					p = fixed.Point26_6{X: fixed.I(p.X.Round()), Y: fixed.I(p.Y.Round())}
				}
				// Render the outline with its origin at p in want's
				// coordinates, into a box computed independently from
				// the translated outline.
				fx, fy := p.X&63, p.Y&63
				var b image.Rectangle
				if fc.mono {
					b = raster.MonoBounds(&o, fx, -fy)
				} else {
					b = raster.GrayBounds(&o, fx, -fy)
				}
				b = b.Add(image.Pt(int(p.X>>6), int(p.Y>>6)))
				m := image.NewAlpha(b)
				if fc.mono {
					err = mr.Render(m, &o, p)
				} else {
					err = gr.Render(m, &o, p)
				}
				if err != nil {
					t.Fatal(err)
				}
				for _, v := range m.Pix {
					if v != 0 {
						inked++
					}
				}
				draw.DrawMask(want, b, image.Opaque, image.Point{}, m, b.Min, draw.Over)
				dot.X += adv
			}
			if inked < 100 {
				t.Fatalf("%v px: only %d inked pixels", px, inked)
			}
			if !bytes.Equal(got.Pix, want.Pix) {
				t.Errorf("%v px hinted=%v mono=%v: Drawer output differs from the rasterizer's glyphs", px, fc.Hinted(), fc.mono)
			}
			if d.Dot.X != dot.X {
				t.Errorf("%v px: Drawer dot %v, want %v", px, d.Dot.X, dot.X)
			}
		}
	}
}

// Hinted advances are whole pixels.
func TestHintedAdvances(t *testing.T) {
	sf := goRegular(t)
	for _, fc := range faceModes(t, sf, 13) {
		if !fc.Hinted() {
			continue
		}
		for _, r := range "abcdefghijklmnopqrstuvwxyzABC0123" {
			a, ok := fc.GlyphAdvance(r)
			if !ok || a&63 != 0 {
				t.Errorf("%q: advance %v ok=%v", r, a, ok)
			}
		}
	}
}

func TestDefaults(t *testing.T) {
	sf := goRegular(t)
	fc, err := NewFace(sf, nil)
	if err != nil {
		t.Fatal(err)
	}
	if fc.PPEM() != 12 || fc.Hinted() || fc.mono {
		t.Errorf("defaults: ppem %d hinted %v mono %v", fc.PPEM(), fc.Hinted(), fc.mono)
	}
	if _, err := NewFace(sf, &FaceOptions{Size: -3}); err == nil {
		t.Error("negative size accepted")
	}
	if _, err := NewFace(nil, nil); err == nil {
		t.Error("nil font accepted")
	}
	m := fc.Metrics()
	if m.Ascent <= 0 || m.Descent <= 0 || m.Height < m.Ascent || m.Ascent&63 != 0 || m.Descent&63 != 0 {
		t.Errorf("metrics %+v", m)
	}
	if _, _, _, _, ok := fc.Glyph(fixed.Point26_6{}, 0x10FFFF); ok {
		t.Error("unmapped rune reported ok")
	}
}

// Glyph allocates nothing once the mask has grown.
func TestGlyphAllocs(t *testing.T) {
	sf := goRegular(t)
	for _, fc := range faceModes(t, sf, 16) {
		for _, r := range "WMgj@" {
			fc.Glyph(fixed.Point26_6{}, r)
		}
		n := testing.AllocsPerRun(50, func() {
			for _, r := range "The quick brown fox" {
				fc.Glyph(fixed.Point26_6{X: 17, Y: 900}, r)
			}
		})
		if n != 0 {
			t.Errorf("hinted=%v mono=%v: %v allocations per run", fc.Hinted(), fc.mono, n)
		}
	}
}

func BenchmarkGlyph(b *testing.B) {
	sf := goRegular(b)
	for _, fc := range faceModes(b, sf, 16) {
		name := map[bool]string{false: "unhinted", true: "hinted"}[fc.Hinted()] + map[bool]string{false: "-gray", true: "-mono"}[fc.mono]
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				fc.Glyph(fixed.Point26_6{}, rune('a'+i%26))
			}
		})
	}
}

// DejaVu Sans kerns "AV" (in GPOS and in its kern table), Go Regular
// has no kerning.
func TestKern(t *testing.T) {
	var dv corpus.Font
	for _, f := range corpus.HintedFonts {
		if f.Name == "DejaVuSans" {
			dv = f
		}
	}
	sf, err := sfnt.Parse(corpus.Load(t, dv))
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range []font.Hinting{font.HintingNone, font.HintingFull} {
		fc, err := NewFace(sf, &FaceOptions{Size: 40, Hinting: h})
		if err != nil {
			t.Fatal(err)
		}
		k := fc.Kern('A', 'V')
		if k >= 0 {
			t.Errorf("hinting %v: Kern(A, V) = %v, want < 0", h, k)
		}
		if h != font.HintingNone && k&63 != 0 {
			t.Errorf("hinted kerning %v is not whole pixels", k)
		}
		if fc.Kern('H', 'H') != 0 {
			t.Errorf("Kern(H, H) = %v", fc.Kern('H', 'H'))
		}
	}
	gf, _ := NewFace(goRegular(t), nil)
	if k := gf.Kern('A', 'V'); k != 0 {
		t.Errorf("Go Regular Kern(A, V) = %v, want 0 (no kern table)", k)
	}
}

// The rune cache answers as the cmap does: every rune, and runes that
// share a cache slot, looked up in turns (misses, hits and evictions),
// and runes outside Unicode.
func TestGlyphIndexCache(t *testing.T) {
	sf := goRegular(t)
	fc, err := NewFace(sf, nil)
	if err != nil {
		t.Fatal(err)
	}
	cm, _ := sf.Cmap()
	mapped := 0
	check := func(r rune) {
		if got, want := fc.GlyphIndex(r), cm.Lookup(r); got != want {
			t.Fatalf("rune %#x: glyph %d, cmap %d", r, got, want)
		}
	}
	for pass := 0; pass < 2; pass++ {
		for r := rune(0); r <= unicode.MaxRune; r += 1 + rune(pass)*3 {
			check(r)
			check(r ^ 1<<runeCacheBits) // the same slot
			if pass == 0 && cm.Lookup(r) != 0 {
				mapped++
			}
		}
	}
	for _, r := range []rune{-1, -1 << 20, unicode.MaxRune + 1, 1 << 30, 'A' + 1<<21} {
		check(r)
		check(r)
	}
	if mapped < 500 {
		t.Fatalf("only %d mapped runes", mapped)
	}
}
