package cff_test

import (
	"fmt"
	"log"
	"os"

	"fontvm/cff"
	"fontvm/sfnt"
	"fontvm/size"
)

// NewFace opens the CFF outlines of an OpenType font; Load then gives a
// glyph's outline in 26.6 pixels at a size, hinted by the Adobe engine
// as FreeType's CFF driver does. The font is testdata/CFFTest.otf (from
// golang.org/x/image); its "zero" drawn at 16 pixels per em, where
// hinting moves the top of the glyph from 12.8 to 13 pixels and rounds
// the advance.
func ExampleNewFace() {
	data, err := os.ReadFile("testdata/CFFTest.otf")
	if err != nil {
		log.Fatal(err)
	}
	sf, err := sfnt.Parse(data)
	if err != nil {
		log.Fatal(err)
	}
	fc, err := cff.NewFace(sf, nil, nil)
	if err != nil {
		log.Fatal(err)
	}
	cm, err := sf.Cmap()
	if err != nil {
		log.Fatal(err)
	}
	gid := int(cm.Lookup('0'))
	sc, err := fc.Scale(size.Pixels(16 * 64))
	if err != nil {
		log.Fatal(err)
	}
	l := fc.NewLoader()
	var out cff.Outline
	fmt.Println("glyphs", fc.NumGlyphs(), "units per em", fc.UnitsPerEm(), "'0' is glyph", gid, fc.Font().GlyphName(gid))
	for _, hinted := range []bool{false, true} {
		if err := fc.Load(l, gid, sc, hinted, &out); err != nil {
			log.Fatal(err)
		}
		fmt.Println("hinted", hinted, "advance", out.Advance, "points", len(out.Points), "contour ends", out.Ends, "top", out.Points[12])
	}
	// Output:
	// glyphs 5 units per em 1000 '0' is glyph 1 zero
	// hinted false advance 614 points 24 contour ends [11 23] top {307 819}
	// hinted true advance 640 points 24 contour ends [11 23] top {307 832}
}

// Parse reads a bare "CFF " (or "CFF2") table; Disasm shows a glyph's
// charstring as ttx writes it.
func ExampleParse() {
	data, err := os.ReadFile("testdata/CFFTest.otf")
	if err != nil {
		log.Fatal(err)
	}
	sf, err := sfnt.Parse(data)
	if err != nil {
		log.Fatal(err)
	}
	table, cff2 := sf.CFFTable()
	f, err := cff.Parse(table, cff2, nil)
	if err != nil {
		log.Fatal(err)
	}
	lines, _, err := f.Disasm(2)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("CFF2", f.IsCFF2(), "CID", f.IsCID(), "glyphs", f.NumGlyphs(), "glyph 2", f.GlyphName(2))
	for _, l := range lines {
		fmt.Println(l)
	}
	// Output:
	// CFF2 false CID false glyphs 5 glyph 2 one
	// 107 21 -21 hstem
	// 100 200 vstem
	// 100 hmoveto
	// 200 800 -200 hlineto
	// endchar
}

// NewLoader runs the charstrings of a Font parsed on its own (without a
// Face): the caller gives the units per em, the scale (16.16, font units
// to 26.6 pixels) and the glyph's advance in font units. Here glyph 2 of
// CFFTest.otf unhinted at 1000 units per em and 20 pixels per em.
func ExampleNewLoader() {
	data, err := os.ReadFile("testdata/CFFTest.otf")
	if err != nil {
		log.Fatal(err)
	}
	sf, err := sfnt.Parse(data)
	if err != nil {
		log.Fatal(err)
	}
	table, cff2 := sf.CFFTable()
	f, err := cff.Parse(table, cff2, nil)
	if err != nil {
		log.Fatal(err)
	}
	m, err := size.Pixels(20 * 64).Metrics(int(sf.Head().UnitsPerEm))
	if err != nil {
		log.Fatal(err)
	}
	adv, _, err := sf.HMetric(2)
	if err != nil {
		log.Fatal(err)
	}
	l := cff.NewLoader(f, int(sf.Head().UnitsPerEm))
	var out cff.Outline
	if err := l.Load(2, cff.Scale{X: m.XScale, Y: m.YScale}, false, int(adv), &out); err != nil {
		log.Fatal(err)
	}
	fmt.Print(string(out.AppendFTPoints(nil, 2)))
	// Output:
	// gid 2 adv 512 n 4 c 1 pts 128,0 384,0 384,1024 128,1024 ends 3
}
