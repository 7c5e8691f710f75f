package sfnt_test

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"fontvm/internal/corpus"
	"fontvm/internal/fontwriter"
	"fontvm/sfnt"
)

// FuzzParse parses arbitrary data, loads every glyph, runs cmap lookups
// and reads every table. Seeds: the Go fonts, two small graphite2 test
// fonts and a writer font.
func FuzzParse(f *testing.F) {
	for _, cf := range corpus.GoFonts {
		f.Add(cf.Data)
	}
	dir := filepath.Join(corpus.Graphite2Tests(f), "fonts")
	for _, name := range []string{"tiny.ttf", "small.ttf"} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	w, err := writerFont().Bytes()
	if err != nil {
		f.Fatal(err)
	}
	f.Add(w)
	f.Add(ttc(w, w))
	f.Fuzz(func(t *testing.T, data []byte) {
		n, err := sfnt.NumFonts(data)
		if err != nil {
			checkErr(t, "NumFonts", err)
			return
		}
		for i := 0; i < n && i < 4; i++ {
			font, err := sfnt.ParseIndex(data, i)
			if err != nil {
				checkErr(t, "ParseIndex", err)
				continue
			}
			fuzzFont(t, font, data)
		}
		if _, err := sfnt.ParseIndex(data, n); !errors.Is(err, sfnt.ErrFontIndex) {
			t.Errorf("ParseIndex(%d of %d): %v", n, n, err)
		}
	})
}

func fuzzFont(t *testing.T, f *sfnt.Font, data []byte) {
	exercise(f)
	var g sfnt.Glyph
	for gid := 0; gid < f.NumGlyphs(); gid++ {
		err := f.LoadGlyph(uint16(gid), &g)
		if err != nil {
			checkErr(t, "LoadGlyph", err)
			continue
		}
		switch {
		case g.NumContours > 0:
			np := int(g.EndPts[len(g.EndPts)-1]) + 1
			if len(g.EndPts) != g.NumContours || len(g.X) != np || len(g.Y) != np || len(g.Flags) != np {
				t.Fatalf("glyph %d: inconsistent simple glyph", gid)
			}
		case g.NumContours == -1:
			if len(g.Components) == 0 {
				t.Fatalf("glyph %d: composite without components", gid)
			}
			for _, c := range g.Components {
				if int(c.GlyphIndex) >= f.NumGlyphs() {
					t.Fatalf("glyph %d: component index %d", gid, c.GlyphIndex)
				}
			}
			if g.InstructionsErr != nil {
				checkErr(t, "InstructionsErr", g.InstructionsErr)
			}
		case g.NumContours == 0:
			if len(g.X) != 0 || len(g.Components) != 0 || len(g.Instructions) != 0 {
				t.Fatalf("glyph %d: empty glyph with data", gid)
			}
		default:
			t.Fatalf("glyph %d: NumContours %d", gid, g.NumContours)
		}
		rec, err := f.GlyphData(uint16(gid))
		if err != nil {
			t.Fatalf("glyph %d: GlyphData fails after LoadGlyph succeeded: %v", gid, err)
		}
		if g.NumContours > 0 {
			// A simple glyph decodes the same from its record alone.
			var h sfnt.Glyph
			if err := sfnt.ParseGlyph(rec, &h); err != nil || len(h.X) != len(g.X) {
				t.Fatalf("glyph %d: ParseGlyph disagrees: %v", gid, err)
			}
		}
	}
	if cm, err := f.Cmap(); err == nil {
		for r := rune(0); r < 0x300; r++ {
			if gid := cm.Lookup(r); int(gid) >= f.NumGlyphs() && gid != 0 {
				t.Fatalf("cmap %U -> %d >= NumGlyphs %d", r, gid, f.NumGlyphs())
			}
		}
	} else {
		checkErr(t, "Cmap", err)
	}
	if _, err := f.Gasp(); err != nil {
		checkErr(t, "Gasp", err)
	}
	for _, r := range f.Tables() {
		b := f.Table(r.Tag)
		if len(b) > len(data) {
			t.Fatalf("table %v longer than the file", r.Tag)
		}
	}
}

// FuzzParseGlyph decodes arbitrary glyf records. Seeds: records of the
// Go Regular font (a simple glyph with instructions and the first
// composite-like shapes) and hand-made composites.
func FuzzParseGlyph(f *testing.F) {
	font, err := sfnt.Parse(corpus.GoFonts[0].Data)
	if err != nil {
		f.Fatal(err)
	}
	for _, gid := range []uint16{0, 3, 36, 68, 100} {
		rec, err := font.GlyphData(gid)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(rec)
	}
	f.Add([]byte{0xFF, 0xFF, 0, 0, 0, 0, 0, 0, 0, 0, 0x01, 0x23, 0, 1, 0, 5, 1, 0, 0x40, 0, 0, 0, 0, 0x40, 0, 0})
	f.Add([]byte{0xFF, 0xFF, 0, 0, 0, 0, 0, 0, 0, 0, 0x01, 0x80, 0, 1, 1, 2, 0x40, 0, 0, 1, 0, 2, 0x40, 0, 0, 2, 0xB0, 1})
	f.Fuzz(func(t *testing.T, data []byte) {
		var g sfnt.Glyph
		if err := sfnt.ParseGlyph(data, &g); err != nil {
			checkErr(t, "ParseGlyph", err)
			return
		}
		switch {
		case g.NumContours > 0:
			np := int(g.EndPts[len(g.EndPts)-1]) + 1
			if len(g.EndPts) != g.NumContours || len(g.X) != np || len(g.Y) != np || len(g.Flags) != np || np > 32768 {
				t.Fatal("inconsistent simple glyph")
			}
			for i := 1; i < len(g.EndPts); i++ {
				if g.EndPts[i] <= g.EndPts[i-1] {
					t.Fatal("end points not increasing")
				}
			}
		case g.NumContours == -1:
			if len(g.Components) == 0 || len(g.Components) > len(data)/6 {
				t.Fatalf("%d components from %d bytes", len(g.Components), len(data))
			}
		case g.NumContours == 0:
		default:
			t.Fatalf("NumContours %d", g.NumContours)
		}
		if len(g.Instructions) > len(data) {
			t.Fatal("instructions longer than the record")
		}
		// Decoding again into the used Glyph gives the same result.
		h := g
		h.X = append([]int32(nil), g.X...)
		if err := sfnt.ParseGlyph(data, &g); err != nil || len(g.X) != len(h.X) {
			t.Fatalf("second decode differs: %v", err)
		}
		for i := range h.X {
			if g.X[i] != h.X[i] {
				t.Fatal("second decode differs")
			}
		}
	})
}

// FuzzCmap puts arbitrary data in the cmap table of a font with 100
// glyphs and looks characters up through every accepted subtable.
func FuzzCmap(f *testing.F) {
	sentinel := seg4{start: 0xFFFF, end: 0xFFFF, delta: 1}
	f.Add(cmapTable(rec{3, 1, format4([]seg4{{start: 0x41, end: 0x50, delta: 1}, {start: 0x48, end: 0x60, delta: 2}, sentinel})}))
	f.Add(cmapTable(rec{3, 1, format4([]seg4{{start: 0x30, end: 0x32, delta: 10, ids: []uint16{5, 0, 200}}, {start: 0xFFFF, end: 0xFFFF, rangeOffset: 0x7FFF}})}))
	f.Add(cmapTable(rec{0, 3, format6(0x100, 3, 4, 5)}, rec{1, 0, format0(map[byte]byte{'A': 7})}, rec{0, 5, format14()}))
	f.Add(cmapTable(rec{3, 10, format1213(12, [3]uint32{'A', 'Z', 1}, [3]uint32{0x1F600, 0x1F610, 80})}, rec{0, 6, format1213(13, [3]uint32{0x100, 0x1FF, 9})}))
	font, err := sfnt.Parse(corpus.GoFonts[0].Data)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(font.Table(sfnt.TagCmap))
	f.Add(cmapTable(rec{0, 3, format2()}, rec{3, 2, format2()}))
	fw := &fontwriter.Font{Glyphs: make([]fontwriter.Glyph, 100), Tables: map[string][]byte{"cmap": nil}}
	f.Fuzz(func(t *testing.T, data []byte) {
		fw.Tables["cmap"] = data
		b, err := fw.Bytes()
		if err != nil {
			t.Fatal(err)
		}
		font, err := sfnt.Parse(b)
		if err != nil {
			t.Fatal(err)
		}
		encs, err := font.CmapEncodings()
		if err != nil {
			checkErr(t, "CmapEncodings", err)
			return
		}
		var cms []sfnt.Cmap
		if cm, err := font.Cmap(); err == nil {
			cms = append(cms, cm)
		} else {
			checkErr(t, "Cmap", err)
		}
		for _, e := range encs {
			if e.Err != nil {
				checkErr(t, "encoding", e.Err)
				continue
			}
			cm, err := font.CmapFor(e.PlatformID, e.EncodingID)
			if err != nil {
				t.Fatalf("accepted encoding (%d,%d) not found: %v", e.PlatformID, e.EncodingID, err)
			}
			cms = append(cms, cm)
		}
		for _, cm := range cms {
			for _, base := range []rune{0, 0xFF00, 0x1F600} {
				for r := base; r < base+0x100; r++ {
					if g := cm.Lookup(r); g >= 100 {
						t.Fatalf("%U -> %d >= 100", r, g)
					}
				}
			}
			_ = cm.Lookup(-1)
			_ = cm.Lookup(0x7FFFFFFF)
		}
	})
}
