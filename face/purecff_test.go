package face

import (
	"testing"

	"fontvm/internal/corpus"
	"fontvm/sfnt"

	"golang.org/x/image/math/fixed"
)

// zeroHead is corpus.Headless with a zero-length head entry (nil for a
// font without head).
func zeroHead(data []byte) []byte {
	out, _ := corpus.Headless(data, false)
	return out
}

// TestPureCFFFace opens a corpus CFF font without head through NewFace
// and checks that glyphs load with advances (the charstrings' widths)
// and that the metrics are the FontBBox's; runes map to glyph 0 (no
// synthesized Unicode charmap).
func TestPureCFFFace(t *testing.T) {
	data := corpus.Load(t, corpus.CFFFonts[len(corpus.CFFFonts)-1])
	if data == nil {
		return
	}
	sf, err := sfnt.Parse(zeroHead(data))
	if err != nil {
		t.Fatal(err)
	}
	fc, err := NewFace(sf, &FaceOptions{Size: 12, DPI: 72})
	if err != nil {
		t.Fatal(err)
	}
	if g := fc.GlyphIndex('H'); g != 0 {
		t.Errorf("GlyphIndex('H') = %d, want 0", g)
	}
	loaded := 0
	for gid := uint16(1); gid < 40; gid++ {
		_, _, _, adv, ok := fc.GlyphByIndex(fixed.Point26_6{}, gid)
		if ok && adv > 0 {
			loaded++
		}
	}
	if loaded < 30 {
		t.Errorf("%d of 39 glyphs loaded with an advance", loaded)
	}
	if m := fc.Metrics(); m.Ascent <= 0 || m.Height <= 0 {
		t.Errorf("metrics %+v", m)
	}
}
