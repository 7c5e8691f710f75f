//go:build reference

package sfnt_test

import (
	"errors"
	"testing"

	"fontvm/internal/fontwriter"
	"fontvm/internal/ftref"
	"fontvm/sfnt"
)

// TestLoaderErrorNamesVsFreeType checks the FreeType error names
// (FormatError.FreeType) of the glyph records FreeType refuses before
// reading their data, against FreeType without hinting: a 10-byte
// record ending at the end of the file (Invalid_Stream_Operation; with
// a byte after it, the record's own error), and contour counts over
// sfnt.MaxGlyphLoaderContours (Array_Too_Large).
func TestLoaderErrorNamesVsFreeType(t *testing.T) {
	hdr := func(nc int16) []byte {
		return []byte{byte(uint16(nc) >> 8), byte(nc), 0, 0, 0, 0, 0, 100, 0, 100}
	}
	raw := func(b []byte) fontwriter.Glyph { return fontwriter.Glyph{Raw: b, Advance: 500} }
	ends := func(nc int16) fontwriter.Glyph { return raw(append(hdr(nc), 0, 5)) }
	square := fontwriter.Glyph{Advance: 500, Contours: [][]fontwriter.Point{{{X: 0, Y: 0, On: true}, {X: 0, Y: 100, On: true}, {X: 100, Y: 100, On: true}}}}
	cases := []struct {
		name   string
		glyphs []fontwriter.Glyph
		atEnd  bool
		extra  int
		want   []string // sfnt's FreeType names for glyphs 1, ...
	}{
		{"simple-at-eof", []fontwriter.Glyph{raw(hdr(1))}, true, 0, []string{"Invalid_Stream_Operation"}},
		{"composite-at-eof", []fontwriter.Glyph{raw(hdr(-1))}, true, 0, []string{"Invalid_Stream_Operation"}},
		{"contours-32767-at-eof", []fontwriter.Glyph{raw(hdr(32767))}, true, 0, []string{"Invalid_Stream_Operation"}},
		{"simple-before-eof", []fontwriter.Glyph{raw(hdr(1))}, true, 1, []string{"Invalid_Outline"}},
		{"composite-before-eof", []fontwriter.Glyph{raw(hdr(-1))}, true, 1, []string{"Invalid_Composite"}},
		{"contours", []fontwriter.Glyph{ends(4095), ends(32764), ends(32765), ends(32766), ends(32767)}, false, 0,
			[]string{"Invalid_Outline", "Invalid_Outline", "Array_Too_Large", "Array_Too_Large", "Array_Too_Large"}},
	}
	for _, c := range cases {
		fw := &fontwriter.Font{LongLoca: true, Glyphs: append([]fontwriter.Glyph{square}, c.glyphs...)}
		data, err := fw.Bytes()
		if err != nil {
			t.Fatal(err)
		}
		if c.atEnd {
			data = moveGlyfToEnd(t, data, c.extra)
		}
		gss, err := ftref.Outlines(data, []int{1000}, ftref.ModeNone, ftref.TargetNormal)
		if err != nil {
			t.Fatalf("%s: FreeType: %v", c.name, err)
		}
		f, err := sfnt.Parse(data)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		var g sfnt.Glyph
		for i, w := range c.want {
			gid := i + 1
			if ft := gss[0][gid].Err; ft != w {
				t.Errorf("%s: glyph %d: FreeType %q, the case expects %q", c.name, gid, ft, w)
			}
			var fe *sfnt.FormatError
			if err := f.LoadGlyph(uint16(gid), &g); !errors.As(err, &fe) {
				t.Errorf("%s: glyph %d: LoadGlyph: %v, want a FormatError", c.name, gid, err)
			} else if fe.FreeType != gss[0][gid].Err {
				t.Errorf("%s: glyph %d: %v (FreeType %q), FreeType reports %q", c.name, gid, err, fe.FreeType, gss[0][gid].Err)
			}
		}
	}
}

// moveGlyfToEnd moves font's glyf table to the end of the file, followed by
// extra zero bytes (fontwriter.TableToEnd).
func moveGlyfToEnd(t *testing.T, font []byte, extra int) []byte {
	t.Helper()
	out, err := fontwriter.TableToEnd(font, "glyf", extra)
	if err != nil {
		t.Fatal(err)
	}
	return out
}
