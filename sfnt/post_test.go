package sfnt

import (
	"testing"

	"golang.org/x/image/font/gofont/goregular"
)

// TestGlyphNamesGoRegular reads the Go font's post table (format 2.0):
// glyph 0 is .notdef and the names include ASCII letters from the
// standard order.
func TestGlyphNamesGoRegular(t *testing.T) {
	f, err := Parse(goregular.TTF)
	if err != nil {
		t.Fatal(err)
	}
	names := GlyphNames(f)
	if len(names) != f.NumGlyphs() {
		t.Fatalf("%d names for %d glyphs", len(names), f.NumGlyphs())
	}
	if names[0] != ".notdef" {
		t.Errorf("glyph 0 is %q", names[0])
	}
	seen := map[string]bool{}
	for _, n := range names {
		seen[n] = true
	}
	for _, want := range []string{"A", "z", "zero"} {
		if !seen[want] {
			t.Errorf("no glyph named %q", want)
		}
	}
	if len(macGlyphOrder) != 258 {
		t.Errorf("standard order has %d names", len(macGlyphOrder))
	}
}

// FuzzGlyphNames: any post table, never a panic, at most one name per
// glyph.
func FuzzGlyphNames(f *testing.F) {
	font, err := Parse(goregular.TTF)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(font.Table(MakeTag("post")), uint16(font.NumGlyphs()))
	f.Add([]byte{0, 2, 0, 0}, uint16(3))
	f.Fuzz(func(t *testing.T, post []byte, n uint16) {
		if names := PostGlyphNames(post, int(n)); len(names) > int(n) {
			t.Fatalf("%d names for %d glyphs", len(names), n)
		}
	})
}
