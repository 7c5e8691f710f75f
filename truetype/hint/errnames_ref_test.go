//go:build reference

package hint

import (
	"os"
	"strings"
	"testing"

	"fontvm/internal/fontwriter"
	"fontvm/internal/ftref"
	"fontvm/sfnt"
)

// Fonts built to reach FreeType's error paths that depend on where a
// glyph record lies in the file and on the glyph loader's limits; every
// glyph's line (outline or FreeType error name) must match FreeType in
// every mode.

// glyfAtEnd moves font's glyf table to the end of the file, followed by
// extra zero bytes (fontwriter.TableToEnd).
func glyfAtEnd(t *testing.T, font []byte, extra int) []byte {
	t.Helper()
	out, err := fontwriter.TableToEnd(font, "glyf", extra)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// rawHeader is a glyph header with nc contours.
func rawHeader(nc int16) []byte {
	return []byte{byte(uint16(nc) >> 8), byte(nc), 0, 0, 0, 0, 0, 100, 0, 100}
}

var enSquare = [][]fontwriter.Point{{{X: 0, Y: 0, On: true}, {X: 0, Y: 100, On: true}, {X: 100, Y: 100, On: true}, {X: 100, Y: 0, On: true}}}

// dots is a glyph of n one-point contours.
func dots(n int) fontwriter.Glyph {
	cs := make([][]fontwriter.Point, n)
	for i := range cs {
		cs[i] = []fontwriter.Point{{X: int16(i % 100), Y: int16(i / 100), On: true}}
	}
	return fontwriter.Glyph{Contours: cs, Advance: 500}
}

// line is a glyph of one contour of n points.
func line(n int) fontwriter.Glyph {
	pts := make([]fontwriter.Point, n)
	for i := range pts {
		pts[i] = fontwriter.Point{X: int16(i % 7), Y: int16(i % 5), On: i%3 != 0}
	}
	return fontwriter.Glyph{Contours: [][]fontwriter.Point{pts}, Advance: 500}
}

// comps returns composite components, one per glyph index, at offset 0.
func comps(gids ...uint16) []fontwriter.Component {
	cs := make([]fontwriter.Component, len(gids))
	for i, g := range gids {
		cs[i] = fontwriter.Component{GlyphIndex: g}
	}
	return cs
}

// repeat returns n copies of glyph index g.
func repeat(g uint16, n int) []uint16 {
	s := make([]uint16, n)
	for i := range s {
		s[i] = g
	}
	return s
}

type errNameCase struct {
	name   string
	glyphs []fontwriter.Glyph // glyph 0 (a enSquare) is added in front
	atEnd  bool               // glyf moved to the end of the file
	extra  int                // bytes after glyf when atEnd
	want   []string           // FreeType's error names expected (v40), "" for a load; checked against FreeType too
	data   []byte             // a font file instead of glyphs
}

// errNameCases returns the glyphs whose FreeType error names
// TestErrNamesVsFreeType compares.
func errNameCases() []errNameCase {
	// A composite of glyph 0 whose last component says it has
	// instructions, with rest after the component.
	compIns := func(rest ...byte) fontwriter.Glyph {
		return fontwriter.Glyph{Raw: cat(rawHeader(-1), []byte{0x01, 0x02, 0, 0, 0, 0}, rest), Advance: 500}
	}
	raw := func(b []byte) fontwriter.Glyph { return fontwriter.Glyph{Raw: b, Advance: 500} }
	bigEnds := func(nc int16) fontwriter.Glyph { return raw(cat(rawHeader(nc), []byte{0, 5})) }
	// a simple glyph of 13 contours whose end points are all 0
	badEnds := raw(cat(rawHeader(13), make([]byte, 2*13+2+4)))
	return []errNameCase{
		// A: composite instructions past the end of the file.
		{name: "A/ins-bytes-past-eof", glyphs: []fontwriter.Glyph{compIns(0, 16)}, atEnd: true, want: []string{"Invalid_Stream_Operation"}},
		{name: "A/ins-length-past-eof", glyphs: []fontwriter.Glyph{compIns()}, atEnd: true, want: []string{"Invalid_Stream_Operation"}},
		{name: "A/ins-length-half-past-eof", glyphs: []fontwriter.Glyph{compIns(0)}, atEnd: true, want: []string{"Invalid_Stream_Operation"}},
		{name: "A/ins-too-long", glyphs: []fontwriter.Glyph{compIns(1, 0)}, atEnd: true, want: []string{"Too_Many_Hints"}},
		{name: "A/ins-in-file", glyphs: []fontwriter.Glyph{compIns(0, 1, 0)}, atEnd: true, want: []string{""}},
		// D: a 10-byte record ending at the end of the file.
		{name: "D/simple-at-eof", glyphs: []fontwriter.Glyph{raw(rawHeader(1))}, atEnd: true, want: []string{"Invalid_Stream_Operation"}},
		{name: "D/composite-at-eof", glyphs: []fontwriter.Glyph{raw(rawHeader(-1))}, atEnd: true, want: []string{"Invalid_Stream_Operation"}},
		{name: "D/contours-32767-at-eof", glyphs: []fontwriter.Glyph{raw(rawHeader(32767))}, atEnd: true, want: []string{"Invalid_Stream_Operation"}},
		{name: "D/empty-at-eof", glyphs: []fontwriter.Glyph{raw(rawHeader(0))}, atEnd: true, want: []string{""}},
		{name: "D/simple-before-eof", glyphs: []fontwriter.Glyph{raw(rawHeader(1))}, atEnd: true, extra: 1, want: []string{"Invalid_Outline"}},
		{name: "D/composite-before-eof", glyphs: []fontwriter.Glyph{raw(rawHeader(-1))}, atEnd: true, extra: 1, want: []string{"Invalid_Composite"}},
		{name: "D/component-at-eof", glyphs: []fontwriter.Glyph{{Components: comps(2), Advance: 500}, raw(rawHeader(1))}, atEnd: true, want: []string{"Invalid_Stream_Operation", "Invalid_Stream_Operation"}},
		// B: contour counts the glyph loader refuses.
		{name: "B/contours", glyphs: []fontwriter.Glyph{bigEnds(4094), bigEnds(4095), bigEnds(32764), bigEnds(32765), bigEnds(32766), bigEnds(32767)},
			want: []string{"Invalid_Outline", "Invalid_Outline", "Invalid_Outline", "Array_Too_Large", "Array_Too_Large", "Array_Too_Large"}},
		// B in a composite: 32752 contours loaded, then a glyph of 13
		// contours with bad end points, or 12.
		{name: "B/composite-contours", glyphs: []fontwriter.Glyph{dots(4094), badEnds,
			{Components: comps(append(repeat(1, 8), 2)...), Advance: 500},
			{Components: comps(append(repeat(1, 7), 2)...), Advance: 500}},
			want: []string{"", "Invalid_Outline", "Array_Too_Large", "Invalid_Outline"}},
		// C: points, with the four phantom points, rounded up to 8.
		{name: "C/simple-points", glyphs: []fontwriter.Glyph{line(32756), line(32757), line(32763)},
			want: []string{"", "Array_Too_Large", "Array_Too_Large"}},
		{name: "C/composite-points", glyphs: []fontwriter.Glyph{dots(4094), line(4), line(5),
			{Components: comps(append(repeat(1, 8), 2)...), Advance: 500},
			{Components: comps(append(repeat(1, 8), 3)...), Advance: 500}},
			want: []string{"", "", "", "", "Array_Too_Large"}},
		// C: a composite program needs room for n+4 points on top of
		// the n loaded (when hinting).
		{name: "C/composite-program", glyphs: []fontwriter.Glyph{dots(4094), line(2), line(3),
			{Components: comps(append(repeat(1, 4), 2)...), Instructions: []byte{0x00}, Advance: 500},
			{Components: comps(append(repeat(1, 4), 3)...), Instructions: []byte{0x00}, Advance: 500},
			{Components: comps(append(repeat(1, 4), 3)...), Advance: 500}},
			want: []string{"", "", "", "", "Array_Too_Large", ""}},
	}
}

// TestErrNamesVsFreeType runs the cases above, and the fonts listed
// (comma-separated paths) in ERRNAMES_FONTS.
func TestErrNamesVsFreeType(t *testing.T) {
	cases := errNameCases()
	for _, path := range strings.Split(os.Getenv("ERRNAMES_FONTS"), ",") {
		if path == "" {
			continue
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		cases = append(cases, errNameCase{name: path, data: data})
	}
	for _, c := range cases {
		data := c.data
		if data == nil {
			fw := &fontwriter.Font{LongLoca: true, Glyphs: append([]fontwriter.Glyph{{Contours: enSquare, Advance: 500}}, c.glyphs...)}
			var err error
			data, err = fw.Bytes()
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			if c.atEnd {
				data = glyfAtEnd(t, data, c.extra)
			}
		}
		for _, m := range []Mode{ModeV40, ModeV35, ModeNone} {
			want, err := ftref.Lines(data, 12, ftref.Mode(m), ftref.TargetNormal)
			if err != nil {
				t.Fatalf("%s %v: FreeType: %v", c.name, m, err)
			}
			if m == ModeV40 {
				for i, w := range c.want {
					if got := errOf(want[i+1]); got != w {
						t.Errorf("%s: FreeType glyph %d: %q, the case expects %q", c.name, i+1, got, w)
					}
				}
			}
			sf, err := sfnt.Parse(data)
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			f, err := NewFont(sf)
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			in, err := f.NewInstance(12, Options{Mode: m})
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			refCount(t, f, want)
			var g Glyph
			for gid := range want {
				if got := ourLine(in, gid, &g); got != want[gid] {
					t.Errorf("%s %v glyph %d:\n  ft: %.200s\n  us: %.200s", c.name, m, gid, want[gid], got)
				}
			}
		}
	}
}

// errOf is the error name of a line, "" for an outline.
func errOf(line string) string {
	f := strings.Fields(line)
	if len(f) == 4 && f[0] == "gid" && f[2] == "err" {
		return f[3]
	}
	return ""
}
