//go:build reference

package face

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"fontvm/internal/ftref"
)

// TestReferenceFaceCharSizes renders every glyph of Charis SIL, Andika,
// DejaVu Sans, Liberation Sans and Go Regular (FONTVM_FACE_FONTS
// overrides the list) at fractional and non-square char sizes through a
// Face (FaceOptions.Size, DPI, YDPI) and compares each mask, its box and
// the advance with FreeType's FT_Set_Char_Size + FT_Load_Glyph +
// FT_Render_Glyph in the same mode (unhinted, v40, v35; anti-aliased and
// monochrome). Every mask, box and advance must be identical.
func TestReferenceFaceCharSizes(t *testing.T) {
	compareFaceRenders(t, refFaceFonts(t, "CharisSIL,Andika,DejaVuSans,LiberationSans,GoRegular"), refFaceModes, charSizeSpecs, 100)
}

// TestReferenceCharSizeGolden computes charSizeGoldenFile's hashes from
// FreeType (FT_Set_Char_Size, FT_Load_Glyph, FT_Render_Glyph; the
// slot's advance) and checks the committed file against them
// (FONTVM_UPDATE_GOLDEN=1 rewrites it).
func TestReferenceCharSizeGolden(t *testing.T) {
	var sb strings.Builder
	fmt.Fprintf(&sb, "# FreeType %s bitmaps and advances of every glyph of Go Regular, and of Go Regular with head.flags bit 3 cleared\n", ftref.Version())
	sb.WriteString("# FT_Set_Char_Size(0, size*64, xdpi, ydpi); FT_Load_Glyph(NO_BITMAP|NO_AUTOHINT|target[|NO_HINTING]); FT_Render_Glyph\n")
	sb.WriteString("# <font> <size> <mode> <render> <sha256 over left,top,width,rows (int32 LE), pixels and advance.x (int32 LE) per glyph>\n")
	modes := map[string]ftref.Mode{"none": ftref.ModeNone, "v40": ftref.ModeV40, "v35": ftref.ModeV35}
	for _, cf := range charSizeGoldenFonts() {
		for _, spec := range charSizeSpecs {
			pt, x, y := parseSizeSpec(t, spec)
			for _, md := range goldenModes {
				for _, mono := range []bool{false, true} {
					target, render := ftref.TargetNormal, ftref.RenderNormal
					if mono {
						target, render = ftref.TargetMono, ftref.RenderMono
					}
					ff, err := ftref.OpenSize(cf.Data, modes[md.name], 0, int64(pt*64+0.5), x, y)
					if err != nil {
						t.Fatal(err)
					}
					bh := newBitmapHasher()
					for gid := 0; gid < ff.NumGlyphs(); gid++ {
						b := ff.Render(gid, target, render)
						if b.Err != "" {
							t.Fatalf("%s %s gid %d: %s", cf.Name, spec, gid, b.Err)
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
						bh.addAdvance(b.AdvanceX)
					}
					ff.Close()
					fmt.Fprintf(&sb, "%s %s\n", charSizeGoldenKey(cf.Name, spec, md.name, mono), bh.hex())
				}
			}
		}
	}
	if os.Getenv("FONTVM_UPDATE_GOLDEN") != "" {
		if err := os.WriteFile(charSizeGoldenFile, []byte(sb.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	have, err := os.ReadFile(charSizeGoldenFile)
	if err != nil {
		t.Fatal(err)
	}
	if string(have) != sb.String() {
		t.Errorf("%s is stale: run FONTVM_UPDATE_GOLDEN=1 go test -tags reference -run TestReferenceCharSizeGolden ./face", charSizeGoldenFile)
	}
}
