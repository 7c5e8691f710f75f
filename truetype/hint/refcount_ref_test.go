//go:build reference

package hint

import "testing"

// refCount fails t when FreeType's side of a comparison does not hold a
// line for every glyph of the font (a comparison that loops over the
// reference's lines would otherwise pass on a short or empty side). It
// returns n, the number of glyph lines the comparison will cover.
func refCount(t testing.TB, f *Font, ref []string) int {
	t.Helper()
	if len(ref) != f.NumGlyphs() || len(ref) == 0 {
		t.Fatalf("FreeType gave %d glyph lines, the font has %d glyphs", len(ref), f.NumGlyphs())
	}
	return len(ref)
}
