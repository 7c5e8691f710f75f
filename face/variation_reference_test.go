//go:build reference

package face

import (
	"fmt"
	"fontvm/internal/hinttest"
	"os"
	"path/filepath"
	"testing"

	"fontvm/internal/corpus"
	"fontvm/internal/ftref"
	"fontvm/truetype/hint"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// TestReferenceFaceVariation renders every glyph of hinted variable fonts
// at an off-grid instance (FaceOptions.Variation) with a Face and with
// FreeType (FT_Set_Char_Size, then FT_Set_Var_Design_Coordinates, then
// FT_Load_Glyph + FT_Render_Glyph), at a fractional char size and a whole
// one, unhinted and hinted (v40, v35), gray and mono: mono bitmaps must
// be identical, gray ones within the tolerance TestReferenceFaceBitmaps
// allows, boxes and advances equal.
func TestReferenceFaceVariation(t *testing.T) {
	cases := []struct{ font, spec string }{
		{"Selawik-variable.ttf", "wght=651.5,opsz=37"},
		{"Roboto-Variable.ttf", "wght=733,wdth=81"},
	}
	modes := []struct {
		h  font.Hinting
		fm ftref.Mode
	}{{font.HintingNone, ftref.ModeNone}, {font.HintingVertical, ftref.ModeV40}, {font.HintingFull, ftref.ModeV35}}
	sizes := []struct{ pt, dpi float64 }{{11, 96}, {13, 72}}
	total := 0
	for _, c := range cases {
		path := filepath.Join(corpus.VariableDir(), c.font)
		data, err := os.ReadFile(path)
		if err != nil {
			corpus.Missing(t, path)
		}
		sf, hf := hinttest.Font(t, data)
		design, err := hint.ParseVariation(hf.Variations(), c.spec)
		if err != nil {
			t.Fatal(err)
		}
		for _, md := range modes {
			for _, mono := range []bool{true, false} {
				for _, sz := range sizes {
					name := fmt.Sprintf("%s %s %v %gpt@%g mono=%v", c.font, c.spec, md.fm, sz.pt, sz.dpi, mono)
					fc, err := NewFace(sf, &FaceOptions{Size: sz.pt, DPI: sz.dpi, Hinting: md.h, Mono: mono, Variation: c.spec})
					if err != nil {
						t.Fatal(err)
					}
					ref, err := ftref.OpenSize(data, md.fm, 0, int64(sz.pt*64+0.5), uint32(sz.dpi), uint32(sz.dpi))
					if err != nil {
						t.Fatal(err)
					}
					if err := ref.SetVarDesign(design); err != nil {
						t.Fatal(err)
					}
					target, render := ftref.TargetNormal, ftref.RenderNormal
					if mono {
						target, render = ftref.TargetMono, ftref.RenderMono
					}
					var glyphs, identical, boxDiff int
					var pixels, absDiff int64
					for gid := 0; gid < sf.NumGlyphs(); gid++ {
						w := ref.Render(gid, target, render)
						dr, m, adv, err := fc.glyphID(fixed.Point26_6{}, uint16(gid))
						if w.Err != "" || err != nil {
							if (w.Err != "") != (err != nil) {
								t.Errorf("%s gid %d: FreeType error %q, fontvm error %v", name, gid, w.Err, err)
							}
							continue
						}
						if int64(adv) != w.AdvanceX {
							t.Errorf("%s gid %d: advance %d, FreeType %d", name, gid, adv, w.AdvanceX)
						}
						glyphs++
						box, same, diff := compareBitmap(dr, m, w.Bitmap, mono)
						switch {
						case !box:
							boxDiff++
						case same:
							identical++
						}
						absDiff += diff
						pixels += int64(w.Width * w.Rows)
					}
					ref.Close()
					mean := float64(absDiff) / float64(max(pixels, 1))
					if mono && identical != glyphs || !mono && (mean > 1 || boxDiff > 0) || glyphs < 300 {
						t.Errorf("%s: %d bitmaps, %d identical, %d boxes differ, mean |diff| %.4f", name, glyphs, identical, boxDiff, mean)
					}
					total += glyphs
				}
			}
		}
	}
	t.Logf("%d bitmaps compared", total)
}
