package face

import (
	"testing"

	"fontvm/internal/fontwriter"
	"fontvm/internal/kernfont"

	"golang.org/x/image/math/fixed"
)

// kernMarkWant is Face.Kern in font units for the pairs of kernfont's
// fonts that HarfBuzz kerns (every other pair: 0), as HarfBuzz positions
// them (TestKernMarksHarfBuzz checks it with hb-shape): on the GPOS font
// the left glyph's XAdvance plus the right one's XPlacement, except after
// a mark, whose advance HarfBuzz zeroes after positioning (M1,b: only
// b's XPlacement 3 remains of -7 and 3); on the 'kern' table font, no
// kerning before a mark (a,M1) and after a mark only the part HarfBuzz
// puts on the right glyph (M1,a: -41 - (-41>>1) = -20).
var kernMarkWant = map[string]map[[2]rune]int{
	"GPOS": {
		{'a', 'b'}: -17 + 8, {'a', 'c'}: -50, {'b', 'a'}: -60, {'b', 'b'}: -7 + 3, {'b', 'c'}: -30,
		{0x301, 'b'}: 3, {'a', 0x327}: -90,
	},
	"kern": {{'a', 'b'}: -15, {0x301, 'a'}: -20},
}

// kernMarkFonts returns kernfont's two fonts by name.
func kernMarkFonts() map[string]*fontwriter.Font {
	return map[string]*fontwriter.Font{"GPOS": kernfont.GPOS(), "kern": kernfont.KernTable()}
}

// TestKernMarks checks Face.Kern on every pair of kernfont's characters
// against kernMarkWant: GDEF marks on the left (their advance does not
// count) and on the right (the 'kern' table does not kern them), on the
// GPOS path and on the 'kern' table path.
func TestKernMarks(t *testing.T) {
	for name, w := range kernMarkFonts() {
		f, _ := kernfont.Parse(t, w)
		fc := unitFace(t, f)
		if (fc.kern.gpos != nil) != (name == "GPOS") {
			t.Fatalf("%s: GPOS path %v", name, fc.kern.gpos != nil)
		}
		n, kerned := 0, 0
		for _, a := range kernfont.Runes {
			for _, b := range kernfont.Runes {
				got := fc.Kern(a, b)
				want := kernMarkWant[name][[2]rune{a, b}]
				if got != fixedUnits(want) {
					t.Errorf("%s %U %U: Kern %v, want %d units", name, a, b, got, want)
				}
				n++
				if got != 0 {
					kerned++
				}
			}
		}
		if n != 36 || kerned != len(kernMarkWant[name]) {
			t.Fatalf("%s: %d pairs, %d kerned, want 36 and %d", name, n, kerned, len(kernMarkWant[name]))
		}
	}
}

// fixedUnits is v font units at unitFace's one pixel per unit, in 26.6.
func fixedUnits(v int) fixed.Int26_6 { return fixed.Int26_6(v * 64) }
