//go:build reference

package face

import (
	"errors"
	"fmt"
	"image"
	"os"
	"strings"
	"testing"

	"fontvm/internal/corpus"
	"fontvm/internal/ftref"
	"fontvm/sfnt"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

func refPPEMs() []int {
	ppems := []int{9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24}
	if s := os.Getenv("FONTVM_RASTER_PPEMS"); s != "" {
		ppems = ppems[:0]
		for _, f := range strings.Split(s, ",") {
			var p int
			fmt.Sscan(f, &p)
			ppems = append(ppems, p)
		}
	}
	return ppems
}

// refFaceFonts returns the corpus fonts (Go fonts and hinted fonts)
// named in FONTVM_FACE_FONTS (comma-separated, e.g. CharisSIL,Andika), or
// by default in def.
func refFaceFonts(t *testing.T, def string) []corpus.Font {
	t.Helper()
	names := def
	if s := os.Getenv("FONTVM_FACE_FONTS"); s != "" {
		names = s
	}
	var fonts []corpus.Font
	for _, n := range strings.Split(names, ",") {
		found := false
		for _, f := range append(append([]corpus.Font{}, corpus.GoFonts...), corpus.HintedFonts...) {
			if f.Name == n {
				fonts = append(fonts, f)
				found = true
			}
		}
		if !found {
			t.Fatalf("FONTVM_FACE_FONTS: %q names no corpus font", n)
		}
	}
	return fonts
}

// refFaceModes are the hinting modes of the face reference tests, with
// FreeType's mode for each.
var refFaceModes = []refRenderMode{{font.HintingNone, ftref.ModeNone}, {font.HintingVertical, ftref.ModeV40}, {font.HintingFull, ftref.ModeV35}}

// TestReferenceFaceBitmaps renders every glyph of DejaVu Sans, Liberation
// Sans and Go Regular at 9-24 ppem through a Face (fontvm's outlines and
// rasterizers end to end) and compares each bitmap with FreeType's
// FT_Load_Glyph + FT_Render_Glyph (ftref.Render) in the same mode:
// unhinted, version 40 (font.HintingVertical) and version 35
// (font.HintingFull), anti-aliased and monochrome. Every bitmap must be
// identical (box and every pixel), mono and anti-aliased alike (the
// README's "identical to FreeType's bitmaps"); the mean absolute
// difference per pixel is logged as a measure. Every glyph of every ppem
// must have been compared (or have failed on both sides).
func TestReferenceFaceBitmaps(t *testing.T) {
	for _, cf := range refFaceFonts(t, "GoRegular,DejaVuSans,LiberationSans") {
		data := corpus.Load(t, cf)
		sf, err := sfnt.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		for _, md := range refFaceModes {
			for _, mono := range []bool{true, false} {
				name := fmt.Sprintf("%s/%s/%s", cf.Name, md.fm, map[bool]string{true: "mono", false: "gray"}[mono])
				t.Run(name, func(t *testing.T) {
					var glyphs, identical, boxDiff, errs int
					var pixels, absDiff int64
					first := ""
					for _, ppem := range refPPEMs() {
						fc, err := NewFace(sf, &FaceOptions{Size: float64(ppem), DPI: 72, Hinting: md.h, Mono: mono})
						if errors.Is(err, ErrHintingUnavailable) {
							t.Skipf("%s: %v", name, err)
						}
						if err != nil {
							t.Fatal(err)
						}
						gids := make([]int, sf.NumGlyphs())
						for i := range gids {
							gids[i] = i
						}
						target, render := ftref.TargetNormal, ftref.RenderNormal
						if mono {
							target, render = ftref.TargetMono, ftref.RenderMono
						}
						want, err := ftref.Render(data, ppem, md.fm, target, render, gids)
						if err != nil {
							t.Fatal(err)
						}
						for _, w := range want {
							dr, m, _, err := fc.glyphID(fixed.Point26_6{}, uint16(w.GID))
							if w.Err != "" || err != nil {
								if (w.Err != "") != (err != nil) {
									t.Errorf("ppem %d gid %d: FreeType error %q, fontvm error %v", ppem, w.GID, w.Err, err)
								}
								errs++
								continue
							}
							glyphs++
							box, same, diff := compareBitmap(dr, m, w, mono)
							switch {
							case !box:
								boxDiff++
								if first == "" {
									first = fmt.Sprintf("ppem %d gid %d: box %v, FreeType left %d top %d %dx%d", ppem, w.GID, dr, w.Left, w.Top, w.Width, w.Rows)
								}
								continue
							case same:
								identical++
							case first == "":
								first = fmt.Sprintf("ppem %d gid %d differs", ppem, w.GID)
							}
							absDiff += diff
							pixels += int64(w.Width * w.Rows)
						}
					}
					if want := sf.NumGlyphs() * len(refPPEMs()); glyphs+errs != want || glyphs == 0 {
						t.Errorf("%s: %d bitmaps compared and %d errors on both sides, want %d glyphs in all", name, glyphs, errs, want)
					}
					mean := float64(absDiff) / float64(max(pixels, 1))
					t.Logf("%s: %d bitmaps, %d identical (%.3f%%), %d boxes differ, %d errors on both sides, mean |diff| %.4f gray levels per pixel over %d pixels",
						name, glyphs, identical, 100*float64(identical)/float64(max(glyphs, 1)), boxDiff, errs, mean, pixels)
					if identical != glyphs || boxDiff > 0 {
						t.Errorf("%s: %d of %d bitmaps differ (%d boxes; mean |diff| %.4f); first: %s", name, glyphs-identical, glyphs, boxDiff, mean, first)
					}
				})
			}
		}
	}
}

// TestReferenceGolden computes the golden bitmap hashes from FreeType and
// checks the committed file against them (FONTVM_UPDATE_GOLDEN=1 rewrites
// it).
func TestReferenceGolden(t *testing.T) {
	data := corpus.GoFonts[0].Data
	sf := goRegular(t)
	gids := make([]int, sf.NumGlyphs())
	for i := range gids {
		gids[i] = i
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "# FreeType %s bitmaps of every glyph of Go Regular (golang.org/x/image/font/gofont/goregular)\n", ftref.Version())
	sb.WriteString("# FT_Set_Pixel_Sizes(0, ppem); FT_Load_Glyph(NO_BITMAP|NO_AUTOHINT|target[|NO_HINTING]); FT_Render_Glyph\n")
	sb.WriteString("# <mode> <render> <ppem> <sha256 over left,top,width,rows (int32 LE) and pixels per glyph>\n")
	modes := map[string]ftref.Mode{"none": ftref.ModeNone, "v40": ftref.ModeV40, "v35": ftref.ModeV35}
	for _, md := range goldenModes {
		for _, sz := range goldenSizes() {
			mono, ppem := sz.mono, sz.ppem
			{
				target, render := ftref.TargetNormal, ftref.RenderNormal
				if mono {
					target, render = ftref.TargetMono, ftref.RenderMono
				}
				bms, err := ftref.Render(data, ppem, modes[md.name], target, render, gids)
				if err != nil {
					t.Fatal(err)
				}
				bh := newBitmapHasher()
				for _, b := range bms {
					if b.Err != "" {
						t.Fatalf("gid %d: %s", b.GID, b.Err)
					}
					ap := max(b.Pitch, -b.Pitch)
					bh.add(b.Left, b.Top, b.Width, b.Rows, func(x, y int) byte {
						if mono {
							if b.Buffer[y*ap+x>>3]&(0x80>>(x&7)) != 0 {
								return 255
							}
							return 0
						}
						return b.Buffer[y*ap+x]
					})
				}
				fmt.Fprintf(&sb, "%s %s\n", goldenKey(md.name, mono, ppem), bh.hex())
			}
		}
	}
	if os.Getenv("FONTVM_UPDATE_GOLDEN") != "" {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(goldenFile, []byte(sb.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	have, err := os.ReadFile(goldenFile)
	if err != nil {
		t.Fatal(err)
	}
	if string(have) != sb.String() {
		t.Errorf("%s is stale: run FONTVM_UPDATE_GOLDEN=1 go test -tags reference -run TestReferenceGolden ./face", goldenFile)
	}
}

// compareBitmap compares a Face's glyph mask m, placed at dr (the glyph
// drawn at the origin), with FreeType's bitmap w: whether the boxes
// (left, top, width, rows) agree, and if so whether every pixel does
// and the sum of the absolute differences (mono pixels as 0 or 255).
func compareBitmap(dr image.Rectangle, m *image.Alpha, w ftref.Bitmap, mono bool) (box, same bool, absDiff int64) {
	if dr.Min.X != w.Left || dr.Min.Y != -w.Top || dr.Dx() != w.Width || dr.Dy() != w.Rows {
		return false, false, 0
	}
	ap := max(w.Pitch, -w.Pitch)
	for y := 0; y < w.Rows; y++ {
		for x := 0; x < w.Width; x++ {
			var fv int64
			if mono {
				if w.Buffer[y*ap+x>>3]&(0x80>>(x&7)) != 0 {
					fv = 255
				}
			} else {
				fv = int64(w.Buffer[y*ap+x])
			}
			if d := fv - int64(m.Pix[y*m.Stride+x]); d != 0 {
				absDiff += max(d, -d)
			}
		}
	}
	return true, absDiff == 0, absDiff
}
