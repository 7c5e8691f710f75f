package raster

import (
	"bytes"
	"fmt"
	"fontvm/internal/hinttest"
	"image"
	"math/rand"
	"testing"

	"fontvm/internal/corpus"
	"fontvm/internal/fuzzoutline"
	"fontvm/truetype/hint"

	"golang.org/x/image/math/fixed"
)

// quietStats counts what quietOracle saw.
type quietStats struct {
	outlines int // outlines rendered both ways
	skipped  int // horizontal passes quietSweep skipped
	changing int // outlines whose horizontal pass changes the bitmap
}

// quietOracle renders o with quietSweep (fast) and with the
// horizontal pass always run (full), and fails t unless the bitmaps and
// errors are identical. It also renders o with one pass, to count the
// outlines whose horizontal pass matters.
func quietOracle(t *testing.T, name string, o *Outline, fast, full, one *Mono, st *quietStats) {
	t.Helper()
	r := MonoBounds(o, 0, 0)
	if r.Dx() > 300 || r.Dy() > 300 {
		return
	}
	a, b, c := image.NewAlpha(r), image.NewAlpha(r), image.NewAlpha(r)
	before := fast.quietSkips
	errA := fast.Render(a, o, fixed.Point26_6{})
	errB := full.Render(b, o, fixed.Point26_6{})
	st.outlines++
	skipped := fast.quietSkips != before
	if skipped {
		st.skipped++
	}
	if fmt.Sprint(errA) != fmt.Sprint(errB) || !bytes.Equal(a.Pix, b.Pix) {
		t.Fatalf("%s: with quietSweep (skipped %v): %v, full passes: %v\n%s", name, skipped, errA, errB, sideBySide(a.Pix, b.Pix, r.Dx(), r.Dy()))
	}
	saved := o.Flags
	o.Flags |= FlagSinglePass
	_ = one.Render(c, o, fixed.Point26_6{})
	o.Flags = saved
	if !bytes.Equal(b.Pix, c.Pix) {
		st.changing++
	}
}

// fontOutline loads glyph gid with in into o as the face package does
// (on-curve tags, contour ends, FreeType's scan flags, the SCANTYPE mode
// on the first point of a hinted glyph).
func fontOutline(in *hint.Instance, g *hint.Glyph, gid, ppem int, hinted bool, o *Outline) error {
	if err := in.LoadGlyph(gid, g); err != nil {
		return err
	}
	o.Points, o.Tags = o.Points[:0], o.Tags[:0]
	for _, p := range g.Points {
		o.Points = append(o.Points, fixed.Point26_6{X: fixed.Int26_6(p.X), Y: fixed.Int26_6(p.Y)})
		var tag uint8
		if p.On {
			tag = TagOn
		}
		o.Tags = append(o.Tags, tag)
	}
	o.Contours = append(o.Contours[:0], g.Ends...)
	o.Flags = ScanFlags(ppem, hinted, g.ScanControl, g.ScanType)
	if hinted && len(o.Tags) > 0 {
		o.Tags[0] |= TagHasScanMode | uint8(g.ScanType&7)<<5
	}
	return nil
}

// TestQuietSweepOracle is the oracle of quietSweep, Render's proof that
// the horizontal pass's sweep would change nothing: every glyph of Go
// Regular, Go Mono and Go Bold Italic (and, from the corpus, DejaVu Sans
// and Liberation Sans) at 7-30 ppem, unhinted and hinted for the mono
// target with versions 35 and 40, and 30,000 random outlines (lines,
// conics and cubics, both precisions, every drop-out mode, some large
// enough to split the render pool into bands) are rendered with the proof
// and with the sweep always run: the bitmaps and errors must be
// identical. Each part also requires that the proof skips sweeps and that
// some horizontal passes do change bitmaps (the comparison is not
// vacuous).
func TestQuietSweepOracle(t *testing.T) {
	fonts := []corpus.Font{corpus.GoFonts[0], corpus.GoFonts[6], corpus.GoFonts[3]}
	for _, f := range corpus.HintedFonts {
		if f.Name == "DejaVuSans" || f.Name == "LiberationSans" {
			fonts = append(fonts, f)
		}
	}
	ppems := []int{7, 9, 11, 12, 13, 16, 19, 24, 30}
	for _, cf := range fonts {
		t.Run(cf.Name, func(t *testing.T) {
			if cf.Data == nil && testing.Short() {
				t.Skip("corpus fonts: not in -short mode")
			}
			fast, full, one := new(Mono), &Mono{fullPasses: true}, new(Mono)
			var o Outline
			var g hint.Glyph
			data := corpus.Load(t, cf)
			sf, hf := hinttest.Font(t, data)
			var st quietStats
			for _, mode := range []hint.Mode{hint.ModeNone, hint.ModeV35, hint.ModeV40} {
				for _, ppem := range ppems {
					in, err := hf.NewInstance(ppem, hint.Options{Mode: mode, Target: hint.TargetMono})
					if err != nil {
						t.Fatal(err)
					}
					for gid := 0; gid < sf.NumGlyphs(); gid++ {
						if fontOutline(in, &g, gid, ppem, mode != hint.ModeNone, &o) != nil {
							continue
						}
						quietOracle(t, fmt.Sprintf("%s %v %d ppem gid %d", cf.Name, mode, ppem, gid), &o, fast, full, one, &st)
					}
				}
			}
			st.check(t, cf.Name)
		})
	}
	t.Run("random", func(t *testing.T) {
		fast, full, one := new(Mono), &Mono{fullPasses: true}, new(Mono)
		var o Outline
		var st quietStats
		rng := rand.New(rand.NewSource(1))
		for n := 0; n < 30000; n++ {
			randomOutline(rng, &o)
			quietOracle(t, fmt.Sprintf("random outline %d: %+v", n, o), &o, fast, full, one, &st)
		}
		st.check(t, "random")
		if full.bands == 0 {
			t.Errorf("random: no outline split the render pool into bands")
		}
	})
}

// check logs the counts and fails t when the oracle was not exercised:
// no sweep skipped, or no horizontal pass that changes a bitmap.
func (st *quietStats) check(t *testing.T, name string) {
	t.Helper()
	t.Logf("%s: %d outlines, horizontal sweep skipped for %d (%.1f%%), the horizontal pass changes the bitmap of %d", name, st.outlines, st.skipped, 100*float64(st.skipped)/float64(max(st.outlines, 1)), st.changing)
	if st.skipped == 0 || st.changing == 0 || st.skipped+st.changing > st.outlines {
		t.Errorf("%s: skipped %d, changing %d of %d: the oracle is not exercised", name, st.skipped, st.changing, st.outlines)
	}
}

// FuzzQuietSweep renders arbitrary outlines (fuzzoutline.Decode, as
// FuzzRaster in internal/robust) with quietSweep and with the horizontal
// sweep always run: bitmaps and errors must be identical.
func FuzzQuietSweep(f *testing.F) {
	f.Add([]byte{0, 0, 0, 0, 1, 0, 0, 10, 0, 1, 10, 0, 10, 0, 1, 10, 0, 0, 0, 1}, uint8(0), uint16(0x100))
	f.Add([]byte{0, 0, 0, 0, 1, 0, 40, 1, 0, 0, 0, 80, 0, 2, 1, 0, 0, 0, 3, 1}, uint8(1), uint16(0x120))
	fast, full, one := new(Mono), &Mono{fullPasses: true}, new(Mono)
	var st quietStats
	f.Fuzz(func(t *testing.T, pts []byte, contours uint8, flags uint16) {
		var o Outline
		o.Points, o.Tags, o.Contours = fuzzoutline.Decode(pts, contours, 256, false)
		if len(o.Points) == 0 {
			return
		}
		o.Flags = Flags(flags) &^ FlagSinglePass
		quietOracle(t, fmt.Sprintf("%+v", o), &o, fast, full, one, &st)
	})
}

// randomOutline fills o with one to three random closed contours of on,
// conic and cubic points within a few pixels (sometimes on the pixel
// grid, at half pixels or at pixel centres, where crossings meet pixel
// centres and scanlines), with random flags.
func randomOutline(rng *rand.Rand, o *Outline) {
	o.Points, o.Tags, o.Contours = o.Points[:0], o.Tags[:0], o.Contours[:0]
	span := int32(64 * (2 + rng.Intn(12)))
	if rng.Intn(50) == 0 {
		span = int32(64 * (60 + rng.Intn(200))) // large: the pool may split into bands
	}
	coord := func() fixed.Int26_6 {
		v := rng.Int31n(span)
		switch rng.Intn(4) {
		case 0:
			v &^= 63 // on the grid
		case 1:
			v = v&^63 | 32 // a pixel centre
		}
		return fixed.Int26_6(v)
	}
	contours, points := 1+rng.Intn(3), 8
	if span > 64*50 {
		contours, points = 4+rng.Intn(8), 30
	}
	for c := contours; c > 0; c-- {
		n := 3 + rng.Intn(points)
		cubics := rng.Intn(3) == 0
		for i := 0; i < n; i++ {
			o.Points = append(o.Points, fixed.Point26_6{X: coord(), Y: coord()})
			tag := uint8(TagOn)
			if i > 0 && rng.Intn(2) == 0 {
				tag = 0
				if cubics && i+1 < n {
					// a pair of cubic controls and an on point
					o.Tags = append(o.Tags, TagCubic)
					o.Points = append(o.Points, fixed.Point26_6{X: coord(), Y: coord()})
					tag = TagCubic
					i++
				}
			}
			o.Tags = append(o.Tags, tag)
		}
		if o.Tags[len(o.Tags)-1] == TagCubic {
			o.Tags[len(o.Tags)-1] = TagOn
		}
		o.Contours = append(o.Contours, len(o.Points)-1)
	}
	o.Flags = 0
	if rng.Intn(2) == 0 {
		o.Flags |= FlagHighPrecision
	}
	switch rng.Intn(5) {
	case 0:
		o.Flags |= FlagIncludeStubs
	case 1:
		o.Flags |= FlagSmartDropouts
	case 2:
		o.Flags |= FlagSmartDropouts | FlagIncludeStubs
	case 3:
		o.Flags |= FlagIgnoreDropouts
	}
}
