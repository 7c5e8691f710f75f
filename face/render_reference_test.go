//go:build reference

package face

import (
	"fmt"
	"testing"

	"fontvm/cff"
	"fontvm/internal/corpus"
	"fontvm/internal/ftref"
	"fontvm/sfnt"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// refRenderMode pairs a Face hinting with the FreeType mode it must match.
type refRenderMode struct {
	h  font.Hinting
	fm ftref.Mode
}

// compareFaceRenders is the loop the face reference tests share: for
// every font, mode and rendering (monochrome, anti-aliased) a subtest
// renders every glyph at each size spec (parseSizeSpec's notation)
// through a Face and through FreeType's FT_Set_Char_Size + FT_Load_Glyph
// + FT_Render_Glyph, and requires the size metrics, every mask, its box
// and the advance to be identical, errors on the same glyphs, and at
// least minPerSize compared glyphs per size in each subtest (count
// guard). It returns the glyphs compared and identical over all subtests.
func compareFaceRenders(t *testing.T, fonts []corpus.Font, modes []refRenderMode, specs []string, minPerSize int) (total, totalSame int) {
	return compareFaceRendersOf(t, fonts, nil, modes, specs, minPerSize)
}

// compareFaceRendersOf is compareFaceRenders on the fonts' data as prep
// returns it (nil: as they are). The glyphs compared are maxp's, or a
// pure CFF font's charstrings.
func compareFaceRendersOf(t *testing.T, fonts []corpus.Font, prep func([]byte) []byte, modes []refRenderMode, specs []string, minPerSize int) (total, totalSame int) {
	for _, cf := range fonts {
		data := corpus.Load(t, cf)
		if data == nil {
			continue
		}
		if prep != nil {
			data = prep(data)
		}
		sf, err := sfnt.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		numGlyphs := sf.NumGlyphs()
		if sf.PureCFF() {
			fc, err := cff.NewFace(sf, nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			numGlyphs = fc.NumGlyphs()
		}
		for _, md := range modes {
			for _, mono := range []bool{true, false} {
				name := fmt.Sprintf("%s/%s/%s", cf.Name, md.fm, map[bool]string{true: "mono", false: "gray"}[mono])
				t.Run(name, func(t *testing.T) {
					var glyphs, identical, errs int
					first := ""
					for _, spec := range specs {
						pt, xdpi, ydpi := parseSizeSpec(t, spec)
						fc, err := NewFace(sf, &FaceOptions{Size: pt, DPI: float64(xdpi), YDPI: float64(ydpi), Hinting: md.h, Mono: mono})
						if err != nil {
							t.Fatal(err)
						}
						ff, err := ftref.OpenSize(data, md.fm, 0, int64(pt*64+0.5), xdpi, ydpi)
						if err != nil {
							t.Fatal(err)
						}
						if got, want := fc.SizeMetrics(), ff.Metrics(); got.XPPEM != want.XPPEM || got.YPPEM != want.YPPEM ||
							got.XScale != want.XScale || got.YScale != want.YScale || got.Ascender != want.Ascender ||
							got.Descender != want.Descender || got.Height != want.Height || got.MaxAdvance != want.MaxAdvance {
							t.Errorf("%s: size metrics %+v, FreeType %+v", spec, got, want)
						}
						target, render := ftref.TargetNormal, ftref.RenderNormal
						if mono {
							target, render = ftref.TargetMono, ftref.RenderMono
						}
						for gid := 0; gid < numGlyphs; gid++ {
							w := ff.Render(gid, target, render)
							dr, m, adv, err := fc.glyphID(fixed.Point26_6{}, uint16(gid))
							if w.Err != "" || err != nil {
								if (w.Err != "") != (err != nil) {
									t.Errorf("%s gid %d: FreeType error %q, fontvm error %v", spec, gid, w.Err, err)
								}
								errs++
								continue
							}
							glyphs++
							box, same, _ := compareBitmap(dr, m, w.Bitmap, mono)
							if box && same && int64(adv) == w.AdvanceX {
								identical++
							} else if first == "" {
								first = fmt.Sprintf("%s gid %d: box %v advance %d, FreeType left %d top %d %dx%d advance %d; pixels identical %v",
									spec, gid, dr, adv, w.Left, w.Top, w.Width, w.Rows, w.AdvanceX, same)
							}
						}
						ff.Close()
					}
					t.Logf("%s: %d of %d glyph masks, boxes and advances identical (%.3f%%) over %d sizes; %d errors on both sides",
						name, identical, glyphs, 100*float64(identical)/float64(max(glyphs, 1)), len(specs), errs)
					total += glyphs
					totalSame += identical
					if glyphs < max(1, minPerSize*len(specs)) {
						t.Errorf("%s: only %d glyphs compared", name, glyphs)
					}
					if identical != glyphs {
						t.Errorf("%s: %d of %d glyphs differ; first: %s", name, glyphs-identical, glyphs, first)
					}
				})
			}
		}
	}
	t.Logf("all: %d of %d glyph masks identical (%.3f%%)", totalSame, total, 100*float64(totalSame)/float64(max(total, 1)))
	if total == 0 {
		t.Fatal("no glyphs compared")
	}
	return total, totalSame
}
