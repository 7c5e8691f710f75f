package robust

import (
	"encoding/binary"
	"testing"

	"golang.org/x/image/font"

	"fontvm/face"
	"fontvm/internal/fontwriter"
	"fontvm/sfnt"
)

// kernBytes builds a version-0 kern table with one subtable per entry of
// subs: {length, coverage, nPairs} headers followed by pairs.
func kernBytes(nTables uint16, subs [][3]uint16, pairs [][3]uint16) []byte {
	b := binary.BigEndian.AppendUint16(nil, 0)
	b = binary.BigEndian.AppendUint16(b, nTables)
	for _, s := range subs {
		b = binary.BigEndian.AppendUint16(b, 0) // version
		b = binary.BigEndian.AppendUint16(b, s[0])
		b = binary.BigEndian.AppendUint16(b, s[1])
		b = binary.BigEndian.AppendUint16(b, s[2])
		b = append(b, 0, 0, 0, 0, 0, 0) // searchRange, entrySelector, rangeShift
		for _, p := range pairs {
			b = binary.BigEndian.AppendUint16(b, p[0])
			b = binary.BigEndian.AppendUint16(b, p[1])
			b = binary.BigEndian.AppendUint16(b, p[2])
		}
	}
	return b
}

// TestHostileKern: golang/freetype panics on a bad kern table. face.Kern
// must not, whatever the counts and lengths claim.
func TestHostileKern(t *testing.T) {
	pairs := [][3]uint16{{1, 2, 0xFFC0}, {2, 1, 40}, {1, 1, 0x8000}, {0xFFFF, 0xFFFF, 7}}
	unsorted := [][3]uint16{{2, 1, 40}, {1, 2, 0xFFC0}}
	for _, tc := range []struct {
		name string
		kern []byte
	}{
		{"empty", nil},
		{"header only, 65535 subtables", kernBytes(0xFFFF, nil, nil)},
		{"65535 pairs claimed, 4 present", kernBytes(1, [][3]uint16{{0xFFFF, 1, 0xFFFF}}, pairs)},
		{"length 0", kernBytes(1, [][3]uint16{{0, 1, 4}}, pairs)},
		{"length 15", kernBytes(1, [][3]uint16{{15, 1, 4}}, pairs)},
		{"override, cross-stream, vertical", kernBytes(3, [][3]uint16{{38, 9, 4}, {38, 5, 4}, {38, 0, 4}}, pairs)},
		{"unsorted", kernBytes(2, [][3]uint16{{26, 1, 2}, {26, 1, 2}}, unsorted)},
		{"format 2", kernBytes(1, [][3]uint16{{38, 0x201, 4}}, pairs)},
		{"40 subtables", kernBytes(40, make([][3]uint16, 40), pairs)},
		{"truncated pair", kernBytes(1, [][3]uint16{{38, 1, 4}}, pairs)[:30]},
	} {
		f := &fontwriter.Font{
			UnitsPerEm: 1000, HeadFlags: 1<<3 | 1,
			Glyphs: []fontwriter.Glyph{{Advance: 500}, {Advance: 600}, {Advance: 700}},
			Cmap:   map[rune]uint16{'a': 1, 'b': 2},
			Tables: map[string][]byte{"kern": tc.kern},
		}
		data, err := f.Bytes()
		if err != nil {
			t.Fatal(err)
		}
		sf, err := sfnt.Parse(data)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		for _, h := range []font.Hinting{font.HintingNone, font.HintingFull} {
			for _, size := range []float64{3, 12, 100} {
				fc, err := face.NewFace(sf, &face.FaceOptions{Size: size, Hinting: h})
				if err != nil {
					t.Fatalf("%s: %v", tc.name, err)
				}
				guard(t, "face.Kern "+tc.name, func() {
					for _, l := range []uint16{0, 1, 2, 3, 0xFFFF} {
						for _, r := range []uint16{0, 1, 2, 3, 0xFFFF} {
							fc.KernIndex(l, r)
						}
					}
					fc.Kern('a', 'b')
					fc.Kern('b', 'a')
				})
			}
		}
	}
}
