//go:build reference

package face

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"fontvm/internal/corpus"
	"fontvm/internal/ftref"
	"fontvm/sfnt"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// charSizeSpecs are the fractional and non-square sizes of the char-size
// tests, in ptsdiff's notation: "P" is P pixels per em (P points at 72
// DPI), "PT@X" and "PT@XxY" PT points at X (by Y) DPI.
var charSizeSpecs = []string{"11@96", "13.5", "12@96x72", "10@72x96", "7.5@96", "20.75", "10.5@120"}

// parseSizeSpec reads a charSizeSpecs entry: points and resolutions.
func parseSizeSpec(t *testing.T, s string) (pt float64, xdpi, ydpi uint32) {
	xdpi, ydpi = 72, 72
	ps, dpi, found := strings.Cut(s, "@")
	pt, err := strconv.ParseFloat(ps, 64)
	if err != nil {
		t.Fatalf("bad size %q", s)
	}
	if found {
		xs, ys, two := strings.Cut(dpi, "x")
		x, err1 := strconv.ParseUint(xs, 10, 32)
		y := x
		var err2 error
		if two {
			y, err2 = strconv.ParseUint(ys, 10, 32)
		}
		if err1 != nil || err2 != nil {
			t.Fatalf("bad size %q", s)
		}
		xdpi, ydpi = uint32(x), uint32(y)
	}
	return pt, xdpi, ydpi
}

// TestReferenceFaceCharSizes renders every glyph of Charis SIL, Andika,
// DejaVu Sans, Liberation Sans and Go Regular (FONTVM_FACE_FONTS
// overrides the list) at fractional and non-square char sizes through a
// Face (FaceOptions.Size, DPI, YDPI) and compares each mask, its box and
// the advance with FreeType's FT_Set_Char_Size + FT_Load_Glyph +
// FT_Render_Glyph in the same mode (unhinted, v40, v35; anti-aliased and
// monochrome). Every mask, box and advance must be identical.
func TestReferenceFaceCharSizes(t *testing.T) {
	names := "CharisSIL,Andika,DejaVuSans,LiberationSans,GoRegular"
	if s := os.Getenv("FONTVM_FACE_FONTS"); s != "" {
		names = s
	}
	var fonts []corpus.Font
	for _, n := range strings.Split(names, ",") {
		for _, f := range append(append([]corpus.Font{}, corpus.GoFonts...), corpus.HintedFonts...) {
			if f.Name == n {
				fonts = append(fonts, f)
			}
		}
	}
	modes := []struct {
		h  font.Hinting
		fm ftref.Mode
	}{{font.HintingNone, ftref.ModeNone}, {font.HintingVertical, ftref.ModeV40}, {font.HintingFull, ftref.ModeV35}}
	var total, totalSame int
	for _, cf := range fonts {
		data := corpus.Load(t, cf)
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
					for _, spec := range charSizeSpecs {
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
					t.Logf("%s: %d of %d glyph masks, boxes and advances identical (%.3f%%) over %d sizes; %d errors on both sides",
						name, identical, glyphs, 100*float64(identical)/float64(max(glyphs, 1)), len(charSizeSpecs), errs)
					total += glyphs
					totalSame += identical
					if glyphs < 100*len(charSizeSpecs) {
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
}
