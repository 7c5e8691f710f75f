package hint_test

import (
	"os"
	"testing"

	"fontvm/sfnt"
	"fontvm/truetype/hint"
)

func TestZZDbg(t *testing.T) {
	data, _ := os.ReadFile("/tmp/hv/suite_moves_mirp.ttf")
	sf, _ := sfnt.Parse(data)
	hf, _ := hint.NewFont(sf)
	var g hint.Glyph
	for _, o := range []hint.Options{{Mode: hint.ModeV35}, {Mode: hint.ModeNone}, {Mode: hint.ModeV35}} {
		in, _ := hf.NewInstance(8, o)
		in.LoadGlyph(0, &g)
		in.LoadGlyph(1, &g)
		t.Logf("%v %v", o.Mode, g.Points)
	}
}
