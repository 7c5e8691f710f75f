package face

import (
	"encoding/binary"
	"testing"

	"fontvm/internal/corpus"
	"fontvm/sfnt"

	"golang.org/x/image/math/fixed"
)

// zeroHead returns a copy of a font whose head directory entry has
// length 0 (FreeType counts it as missing: an OTTO font then opens as
// pure CFF), or nil when it has no head entry.
func zeroHead(data []byte) []byte {
	out := append([]byte(nil), data...)
	if len(out) < 12 {
		return nil
	}
	n := int(binary.BigEndian.Uint16(out[4:]))
	for k := 0; k < n && 12+16*k+16 <= len(out); k++ {
		p := 12 + 16*k
		if string(out[p:p+4]) == "head" {
			binary.BigEndian.PutUint32(out[p+12:], 0)
			return out
		}
	}
	return nil
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
