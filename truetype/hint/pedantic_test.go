package hint

import (
	"testing"

	"fontvm/internal/fontwriter"
)

// pedanticCases are glyph programs that fail only under FT_LOAD_PEDANTIC,
// with FreeType 2.12.1's error code for each (checked against FreeType by
// TestPedanticCasesReference), one per kind of pedantic check.
var pedanticCases = []struct {
	name string
	prog []byte
	code int
}{
	{"RCVT past the CVT", []byte{0xB0, 9, 0x45, 0x21}, 0x86},
	{"WS past the storage", []byte{0xB1, 70, 1, 0x42}, 0x86},
	{"RS past the storage", []byte{0xB0, 70, 0x43, 0x21}, 0x86},
	{"WCVTF past the CVT", []byte{0xB1, 9, 1, 0x70}, 0x86},
	{"MINDEX beyond the stack", []byte{0xB0, 5, 0x26}, 0x86},
	{"CINDEX beyond the stack", []byte{0xB0, 5, 0x25, 0x21}, 0x86},
	{"SZP0 zone 2", []byte{0xB0, 2, 0x13}, 0x86},
	{"MDAP past the glyph", []byte{0xB0, 40, 0x2F}, 0x86},
	{"GC past the glyph", []byte{0xB0, 40, 0x46, 0x21}, 0x86},
	{"MD past the glyph", []byte{0xB1, 40, 1, 0x49, 0x21}, 0x86},
	{"SHP point past the glyph", []byte{0xB0, 40, 0x32}, 0x86},
	{"IP with too few points", []byte{0xB0, 3, 0x17, 0x39}, 0x86},
	{"FLIPPT with too few points", []byte{0xB0, 3, 0x17, 0x80}, 0x81},
	{"DELTAP1 bad point at another ppem", []byte{0xB2, 0xF0, 40, 1, 0x5D}, 0x86},
	{"DELTAP1 missing pairs", []byte{0xB0, 3, 0x5D}, 0x81},
	{"DELTAC1 past the CVT", []byte{0xB2, 0xF0, 9, 1, 0x73}, 0x86},
	{"INSTCTRL selector 1 in a glyph", []byte{0xB1, 0, 1, 0x8E}, 0x86},
	{"POP of an empty stack", []byte{0x21}, 0x81},
	{"MIRP CVT past the end", []byte{0xB1, 2, 20, 0xE0}, 0x86},
}

// pedanticFont is a font whose glyphs 1.. run pedanticCases' programs
// (glyph 0 empty), with a CVT of 2 entries and 64 storage locations.
func pedanticFont() *fontwriter.Font {
	sq := [][]fontwriter.Point{{{X: 0, Y: 0, On: true}, {X: 0, Y: 500, On: true}, {X: 500, Y: 500, On: true}, {X: 500, Y: 0, On: true}}}
	fw := &fontwriter.Font{CVT: []int16{10, 20}, Glyphs: []fontwriter.Glyph{{Advance: 500}}}
	for _, c := range pedanticCases {
		fw.Glyphs = append(fw.Glyphs, fontwriter.Glyph{Contours: sq, Advance: 600, Instructions: c.prog})
	}
	return fw
}

// TestPedanticCases: each program fails a pedantic load with its error
// code, and loads without error otherwise.
func TestPedanticCases(t *testing.T) {
	f := buildFont(t, pedanticFont())
	for _, m := range []Mode{ModeV35, ModeV40} {
		ped, err := f.NewInstance(12, Options{Mode: m, Pedantic: true})
		if err != nil {
			t.Fatal(err)
		}
		plain, err := f.NewInstance(12, Options{Mode: m})
		if err != nil {
			t.Fatal(err)
		}
		var g Glyph
		for i, c := range pedanticCases {
			err := ped.LoadGlyph(i+1, &g)
			if code, _ := ErrorCode(err); code != c.code {
				t.Errorf("%v %s: pedantic error %v (code %#x), want code %#x", m, c.name, err, code, c.code)
			}
			if err := plain.LoadGlyph(i+1, &g); err != nil {
				t.Errorf("%v %s: non-pedantic error %v", m, c.name, err)
			}
		}
	}
}
