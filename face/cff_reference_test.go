//go:build reference

package face

import (
	"fmt"
	"testing"

	"fontvm/internal/corpus"
	"fontvm/internal/ftref"
	"fontvm/sfnt"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// cffSizeSpecs are the sizes of TestReferenceFaceCFF (see charSizeSpecs).
var cffSizeSpecs = []string{"9", "13.5", "11@96", "12@96x72", "16"}

// TestReferenceFaceCFF renders every glyph of the CFF and CFF2 corpus
// fonts (corpus.CFFFonts, default instances) through a Face, unhinted and
// hinted (any hinting but HintingNone runs the CFF hinter, as FreeType's
// default load flags do), anti-aliased and monochrome, and requires every
// mask, its box and the advance to be identical to FreeType's
// FT_Set_Char_Size + FT_Load_Glyph + FT_Render_Glyph.
func TestReferenceFaceCFF(t *testing.T) {
	modes := []struct {
		h  font.Hinting
		fm ftref.Mode
	}{{font.HintingNone, ftref.ModeNone}, {font.HintingVertical, ftref.ModeV40}}
	var total, totalSame int
	for _, cf := range corpus.CFFFonts {
		data := corpus.Load(t, cf)
		if data == nil {
			continue
		}
		sf, err := sfnt.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		for _, md := range modes {
			for _, mono := range []bool{true, false} {
				name := fmt.Sprintf("%s/%s/%s", cf.Name, md.fm, map[bool]string{true: "mono", false: "gray"}[mono])
				t.Run(name, func(t *testing.T) {
					var glyphs, identical, errs int
					first := ""
					for _, spec := range cffSizeSpecs {
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
						for gid := 0; gid < sf.NumGlyphs(); gid++ {
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
					t.Logf("%s: %d of %d glyph masks, boxes and advances identical over %d sizes; %d errors on both sides",
						name, identical, glyphs, len(cffSizeSpecs), errs)
					total += glyphs
					totalSame += identical
					if glyphs == 0 {
						t.Errorf("%s: no glyph compared", name)
					}
					if identical != glyphs {
						t.Errorf("%s: %d of %d glyphs differ; first: %s", name, glyphs-identical, glyphs, first)
					}
				})
			}
		}
	}
	t.Logf("all: %d of %d CFF glyph masks identical", totalSame, total)
	if total == 0 {
		t.Fatal("no glyphs compared")
	}
}
