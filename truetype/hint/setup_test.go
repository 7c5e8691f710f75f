package hint

import (
	"encoding/binary"
	"errors"
	"testing"

	"fontvm/internal/fontwriter"
	"fontvm/sfnt"
)

// TestLocationsMissing: FreeType's tt_face_init fails with
// Locations_Missing when loca is absent, and a loca directory entry
// running past the end of the file is absent (check_table_dir drops it),
// which is what a file truncated inside loca, or inside any table before
// it, looks like. Observed with FreeType 2.12.1 on this two-glyph font
// (tables cmap glyf head hhea hmtx loca maxp name post, loca at 344):
// intact, glyph 1 loads at 12 ppem (v35); cut at byte 346 (inside loca),
// or with loca's length set to the file size, FT_New_Face returns
// Locations_Missing (0x90). NewFont must refuse where FT_New_Face does.
func TestLocationsMissing(t *testing.T) {
	fw := &fontwriter.Font{Glyphs: []fontwriter.Glyph{{}, {Contours: square, Advance: 600}}}
	intact, err := fw.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	loca := -1
	for i := 0; i < int(binary.BigEndian.Uint16(intact[4:])); i++ {
		if p := 12 + 16*i; sfnt.Tag(binary.BigEndian.Uint32(intact[p:])) == sfnt.TagLoca {
			loca = p
		}
	}
	if loca < 0 {
		t.Fatal("no loca")
	}
	locaOff := int(binary.BigEndian.Uint32(intact[loca+8:]))
	long := append([]byte(nil), intact...)
	binary.BigEndian.PutUint32(long[loca+12:], uint32(len(long)))
	for _, c := range []struct {
		name string
		data []byte
		ok   bool
	}{
		{"intact", intact, true},
		{"cut inside loca", intact[:locaOff+2], false},
		{"loca past the end", long, false},
	} {
		sf, err := sfnt.Parse(c.data)
		if err != nil {
			t.Fatalf("%s: sfnt.Parse: %v", c.name, err)
		}
		f, err := NewFont(sf)
		if c.ok {
			if err != nil {
				t.Fatalf("%s: NewFont: %v", c.name, err)
			}
			in, err := f.NewInstance(12, Options{Mode: ModeV35})
			if err != nil {
				t.Fatal(err)
			}
			var g Glyph
			if err := in.LoadGlyph(1, &g); err != nil || len(g.Points) != 4 {
				t.Errorf("%s: LoadGlyph(1) = %v, %d points", c.name, err, len(g.Points))
			}
			continue
		}
		if f != nil || Name(err) != "Locations_Missing" || !errors.Is(err, ErrArgument) {
			t.Errorf("%s: NewFont = %v, %v; want Locations_Missing", c.name, f != nil, err)
		}
	}
}
