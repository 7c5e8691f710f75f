//go:build reference

package face

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"fontvm/internal/corpus"
	"fontvm/internal/ftref"

	"golang.org/x/image/font"
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
	modes := []refRenderMode{{font.HintingNone, ftref.ModeNone}, {font.HintingVertical, ftref.ModeV40}, {font.HintingFull, ftref.ModeV35}}
	compareFaceRenders(t, fonts, modes, charSizeSpecs, 100)
}
