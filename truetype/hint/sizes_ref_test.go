//go:build reference

package hint

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"fontvm/internal/corpus"
	"fontvm/internal/ftref"
	"fontvm/size"
)

// charSizeCases are the char sizes of TestCharSizesVsFreeType, as
// FT_Set_Char_Size(face, 0, height, hres, vres) takes them: fractional
// pixel sizes at 72 dpi (7.5, 13.333 and 20.75 px), common screen sizes
// (10.5 and 11 pt at 96 dpi) and non-square pixels (12 pt at 96×72, 10
// pt at 72×120 dpi).
var charSizeCases = []struct {
	name       string
	height     int64
	hres, vres uint32
}{
	{"7.5", 480, 72, 72}, {"10.5@96", 672, 96, 96}, {"11@96", 704, 96, 96}, {"12@96x72", 768, 96, 72},
	{"10@72x120", 640, 72, 120}, {"13.333", 853, 72, 72}, {"20.75", 1328, 72, 72},
}

// TestCharSizesVsFreeType loads every glyph of every hinted TrueType
// font of the corpus (the Go fonts, DejaVu, Liberation, Charis SIL,
// Andika, Annapurna SIL, Scheherazade, Chrome OS's core fonts) at each
// of charSizeCases in every mode and target, through NewInstanceRequest
// and through FreeType (FT_Set_Char_Size on a fresh face, glyphs in
// order: what ftpoints2 prints), and requires every glyph identical:
// error, advance, points, contour ends. FONTVM_SIZES_FONTS restricts the
// fonts (comma-separated names).
func TestCharSizesVsFreeType(t *testing.T) {
	fonts := slices.Concat(corpus.GoFonts, corpus.HintedFonts, corpus.CrosCoreFonts)
	if s := os.Getenv("FONTVM_SIZES_FONTS"); s != "" {
		fonts = slices.DeleteFunc(fonts, func(f corpus.Font) bool { return !slices.Contains(strings.Split(s, ","), f.Name) })
	}
	var total, same int
	for _, cf := range fonts {
		data := corpus.Load(t, cf)
		f := mustFont(t, data)
		t.Run(cf.Name, func(t *testing.T) {
			var n, ok int
			for _, sc := range charSizeCases {
				for _, o := range loaderOptions {
					c, k, first := compareCharSize(t, data, f, sc.height, sc.hres, sc.vres, o)
					n += c
					ok += k
					if k != c {
						t.Errorf("%s %v/%v: %d of %d glyphs differ; first:\n%s", sc.name, o.Mode, o.Target, c-k, c, first)
					}
				}
			}
			t.Logf("%s: %d of %d glyphs identical over %d sizes x %d modes", cf.Name, ok, n, len(charSizeCases), len(loaderOptions))
			total += n
			same += ok
		})
	}
	t.Logf("all: %d of %d glyphs identical (%.4f%%), %d fonts", same, total, 100*float64(same)/float64(max(total, 1)), len(fonts))
	if total == 0 || corpus.Required() && len(fonts) < 30 {
		t.Fatalf("compared %d glyphs of %d fonts", total, len(fonts))
	}
}

// compareCharSize loads every glyph of a font at one char size with
// options o through f and through FreeType and returns the number of
// glyphs, the number identical and the first difference.
func compareCharSize(t *testing.T, data []byte, f *Font, height int64, hres, vres uint32, o Options) (n, same int, first string) {
	t.Helper()
	ff, err := ftref.OpenSize(data, ftref.Mode(o.Mode), 0, height, hres, vres)
	if err != nil {
		t.Fatal(err)
	}
	defer ff.Close()
	in, err := f.NewInstanceRequest(size.CharSize(0, height, hres, vres), o)
	if err != nil {
		t.Fatal(err)
	}
	var g Glyph
	for gid := 0; gid < ff.NumGlyphs(); gid++ {
		want := ff.Outline(gid, ftref.Target(o.Target))
		err := in.LoadGlyph(gid, &g)
		n++
		if sameOutline(&want, &g, err) {
			same++
		} else if first == "" {
			first = fmt.Sprintf("  ft: %s\n  us: %s", want.Line(), lineOf(gid, &g, err))
		}
	}
	return n, same, first
}

// sameOutline says whether g (loaded with error err) is FreeType's w:
// both failed with the same error, or the same advance, points and
// contour ends.
func sameOutline(w *ftref.Glyph, g *Glyph, err error) bool {
	if w.Err != "" || err != nil {
		return err != nil && w.Err == Name(err)
	}
	if w.Adv != g.Advance || len(w.XY) != 2*len(g.Points) || len(w.Ends) != len(g.Ends) {
		return false
	}
	for i, p := range g.Points {
		if w.XY[2*i] != p.X || w.XY[2*i+1] != p.Y {
			return false
		}
	}
	for i, e := range g.Ends {
		if int(w.Ends[i]) != e {
			return false
		}
	}
	return true
}

// lineOf is g's golden line (for messages).
func lineOf(gid int, g *Glyph, err error) string {
	if err != nil {
		return fmt.Sprintf("gid %d err %v", gid, err)
	}
	w := ftref.Glyph{GID: gid, Adv: g.Advance}
	for _, p := range g.Points {
		w.XY = append(w.XY, p.X, p.Y)
	}
	for _, e := range g.Ends {
		w.Ends = append(w.Ends, int32(e))
	}
	return w.Line()
}
