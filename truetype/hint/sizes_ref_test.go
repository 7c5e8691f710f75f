//go:build reference

package hint

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"fontvm/internal/conformance/golden"
	"fontvm/internal/corpus"
	"fontvm/internal/ftref"
	"fontvm/size"
)

// TestCharSizesVsFreeType loads every glyph of every hinted TrueType
// font of the corpus (the Go fonts, DejaVu, Liberation, Charis SIL,
// Andika, Annapurna SIL, Scheherazade, Chrome OS's core fonts) at each
// of charSizeCases in every mode and target, through NewInstanceRequest
// and through FreeType (FT_Set_Char_Size on a fresh face, glyphs in
// order: what ftpoints2 prints), and requires every glyph identical:
// error, advance, points, contour ends. It also writes the hashes of
// FreeType's lines (charSizeGoldenFile) with FONTVM_UPDATE_GOLDEN=1 and
// otherwise checks the committed file against them. FONTVM_SIZES_FONTS
// restricts the fonts (comma-separated names; the golden file is then
// neither written nor checked).
func TestCharSizesVsFreeType(t *testing.T) {
	fonts := charSizeFonts()
	restricted := os.Getenv("FONTVM_SIZES_FONTS") != ""
	if restricted {
		fonts = slices.DeleteFunc(fonts, func(f corpus.Font) bool {
			return !slices.Contains(strings.Split(os.Getenv("FONTVM_SIZES_FONTS"), ","), f.Name)
		})
	}
	var gold strings.Builder
	fmt.Fprintf(&gold, "# FreeType %s: FT_Set_Char_Size(face, 0, height, hres, vres) on a fresh face, every glyph in order with\n", ftref.Version())
	gold.WriteString("# FT_LOAD_NO_BITMAP | FT_LOAD_NO_AUTOHINT | target [| FT_LOAD_NO_HINTING]; golden.Hasher over the glyphs' lines\n")
	gold.WriteString("# font <name> <sha256 of the font, first 8 bytes>\n# <name> <height (26.6 pt)> <hres>x<vres> <mode>/<target> <hash>\n")
	var total, same int
	for _, cf := range fonts {
		data := corpus.Load(t, cf)
		f := mustFont(t, data)
		sum := sha256.Sum256(data)
		fmt.Fprintf(&gold, "font %s %s\n", cf.Name, hex.EncodeToString(sum[:8]))
		t.Run(cf.Name, func(t *testing.T) {
			var n, ok int
			for _, sc := range charSizeCases {
				for _, o := range loaderOptions {
					c, k, first, h := compareCharSize(t, data, f, sc.height, sc.hres, sc.vres, o)
					n += c
					ok += k
					if k != c {
						t.Errorf("%s %v/%v: %d of %d glyphs differ; first:\n%s", sc.name, o.Mode, o.Target, c-k, c, first)
					}
					fmt.Fprintf(&gold, "%s %016x\n", charSizeKey(cf.Name, sc.height, sc.hres, sc.vres, o), h)
				}
			}
			t.Logf("%s: %d of %d glyphs identical over %d sizes x %d modes", cf.Name, ok, n, len(charSizeCases), len(loaderOptions))
			total += n
			same += ok
		})
	}
	t.Logf("all: %d of %d glyphs identical (%.4f%%), %d fonts", same, total, 100*float64(same)/float64(max(total, 1)), len(fonts))
	if total == 0 || corpus.Required() && len(fonts) < 30 && !restricted {
		t.Fatalf("compared %d glyphs of %d fonts", total, len(fonts))
	}
	switch {
	case restricted:
	case os.Getenv("FONTVM_UPDATE_GOLDEN") != "":
		if err := os.WriteFile(charSizeGoldenFile, []byte(gold.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	default:
		have, err := os.ReadFile(charSizeGoldenFile)
		if err != nil {
			t.Fatal(err)
		}
		if string(have) != gold.String() {
			t.Errorf("%s is stale (FONTVM_UPDATE_GOLDEN=1 rewrites it)", charSizeGoldenFile)
		}
	}
}

// compareCharSize loads every glyph of a font at one char size with
// options o through f and through FreeType and returns the number of
// glyphs, the number identical, the first difference and the hash of
// FreeType's lines.
func compareCharSize(t *testing.T, data []byte, f *Font, height int64, hres, vres uint32, o Options) (n, same int, first string, hash uint64) {
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
	h := golden.NewHasher()
	var line []byte
	for gid := 0; gid < ff.NumGlyphs(); gid++ {
		want := ff.Outline(gid, ftref.Target(o.Target))
		line = want.AppendLine(line[:0])
		h.Add(line)
		err := in.LoadGlyph(gid, &g)
		n++
		if sameOutline(&want, &g, err) {
			same++
		} else if first == "" {
			first = fmt.Sprintf("  ft: %s\n  us: %s", want.Line(), lineOf(gid, &g, err))
		}
	}
	return n, same, first, h.Sum()
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
