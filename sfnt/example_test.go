package sfnt_test

import (
	"fmt"
	"log"

	"fontvm/sfnt"

	"golang.org/x/image/font/gofont/goregular"
)

// Parse opens a TrueType or OpenType font (the first font of a
// collection). The Font refers to the data without copying it; tables
// are read from it on demand. Here: Go Regular's glyph count and units
// per em, the glyph the default cmap gives 'g', and its advance and left
// side bearing in font units.
func ExampleParse() {
	f, err := sfnt.Parse(goregular.TTF)
	if err != nil {
		log.Fatal(err)
	}
	cm, err := f.Cmap()
	if err != nil {
		log.Fatal(err)
	}
	gid := cm.Lookup('g')
	adv, lsb, err := f.HMetric(gid)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("glyphs", f.NumGlyphs(), "units per em", f.Head().UnitsPerEm, "outlines", f.HasOutlines(), "CFF", f.IsCFF())
	fmt.Println("'g' is glyph", gid, "advance", adv, "lsb", lsb)
	// Output:
	// glyphs 712 units per em 2048 outlines true CFF false
	// 'g' is glyph 74 advance 1139 lsb 93
}

// ParseIndex opens one font of a collection (.ttc); NumFonts tells how
// many there are. A single font, as Go Regular, counts as a collection
// of one whose font 0 is the font itself.
func ExampleParseIndex() {
	n, err := sfnt.NumFonts(goregular.TTF)
	if err != nil {
		log.Fatal(err)
	}
	for i := 0; i < n; i++ {
		f, err := sfnt.ParseIndex(goregular.TTF, i)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println("font", i, "of", n, "has", f.NumGlyphs(), "glyphs")
	}
	_, err = sfnt.ParseIndex(goregular.TTF, 1)
	fmt.Println("font 1:", err)
	// Output:
	// font 0 of 1 has 712 glyphs
	// font 1: sfnt: font index out of range: 1 (the file holds 1)
}

// ParseGlyph decodes one raw glyf record, as GlyphData returns it, into
// contours and points in font units (Font.LoadGlyph does both steps).
// Here Go Regular's 'o': two contours, and the first point of each.
func ExampleParseGlyph() {
	f, err := sfnt.Parse(goregular.TTF)
	if err != nil {
		log.Fatal(err)
	}
	cm, err := f.Cmap()
	if err != nil {
		log.Fatal(err)
	}
	rec, err := f.GlyphData(cm.Lookup('o'))
	if err != nil {
		log.Fatal(err)
	}
	var g sfnt.Glyph
	if err := sfnt.ParseGlyph(rec, &g); err != nil {
		log.Fatal(err)
	}
	fmt.Println("record", len(rec), "bytes, contours", g.NumContours, "points", g.NumPoints(), "instructions", len(g.Instructions), "bytes")
	fmt.Println("bbox", g.XMin, g.YMin, g.XMax, g.YMax, "contour ends", g.EndPts)
	fmt.Println("first points", g.X[0], g.Y[0], g.Flags[0]&sfnt.FlagOnCurve, "and", g.X[g.EndPts[0]+1], g.Y[g.EndPts[0]+1])
	// Output:
	// record 128 bytes, contours 2 points 20 instructions 45 bytes
	// bbox 86 -25 1052 1110 contour ends [11 19]
	// first points 562 -25 1 and 565 123
}

// itemVarStore is a one-axis ItemVariationStore (an HVAR, VVAR, MVAR or
// CFF2 table holds one): two regions, "wght" from 0 to +1 and from -1 to
// 0, and one ItemVariationData of three delta sets (8-bit deltas) for
// both regions, followed by a DeltaSetIndexMap (format 0, 1-byte entries,
// 4 inner-index bits) that maps glyphs 0-3 to items 0, 1, 1 and 2.
var itemVarStore = []byte{
	0, 1, // format
	0, 0, 0, 12, // region list offset
	0, 1, // item variation data count
	0, 0, 0, 28, // its offset
	// region list at 12: axis count 1, region count 2
	0, 1, 0, 2,
	0, 0, 0x40, 0, 0x40, 0, // region 0: start 0, peak 1, end 1 (F2Dot14)
	0xC0, 0, 0xC0, 0, 0, 0, // region 1: start -1, peak -1, end 0
	// item variation data at 28: 3 items, no word deltas, 2 region indexes
	0, 3, 0, 0, 0, 2,
	0, 0, 0, 1, // region indexes 0 and 1
	10, 0xFB, // item 0: +10, -5
	40, 0xEC, // item 1: +40, -20
	0, 0, // item 2: no change
	// delta-set index map at 44: format 0, entry format 0x03, 4 entries
	0, 0x03, 0, 4,
	0x00, 0x01, 0x01, 0x02,
}

// ParseItemVariationStore parses the store of deltas that HVAR, VVAR,
// MVAR and CFF2 share; Delta interpolates one item at normalized
// coordinates (16.16, one per axis). In a font, data is the whole file
// and off the store's file offset; here the store is alone in data.
func ExampleParseItemVariationStore() {
	s, err := sfnt.ParseItemVariationStore(sfnt.TagHVAR, itemVarStore, 0, 1)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("axes", s.NumAxes(), "regions", s.NumRegions(), "subtables", s.NumData(), "items", s.ItemCount(0))
	for _, wght := range []int32{-0x10000, 0, 0x8000, 0x10000} {
		fmt.Printf("wght %+.2f: item 1 delta %d\n", float64(wght)/0x10000, s.Delta(0, 1, []int32{wght}))
	}
	// Output:
	// axes 1 regions 2 subtables 1 items 3
	// wght -1.00: item 1 delta -20
	// wght +0.00: item 1 delta 0
	// wght +0.50: item 1 delta 20
	// wght +1.00: item 1 delta 40
}

// ParseDeltaSetIndexMap parses the map from glyph indexes to the items
// of a store (HVAR's advance-width mapping, for instance), checking each
// entry against the store. A glyph past the end takes the last entry.
func ExampleParseDeltaSetIndexMap() {
	s, err := sfnt.ParseItemVariationStore(sfnt.TagHVAR, itemVarStore, 0, 1)
	if err != nil {
		log.Fatal(err)
	}
	m, err := sfnt.ParseDeltaSetIndexMap(sfnt.TagHVAR, itemVarStore, 44, len(itemVarStore), s)
	if err != nil {
		log.Fatal(err)
	}
	for gid := 0; gid <= m.Len(); gid++ {
		outer, inner, _ := m.Lookup(gid)
		fmt.Printf("glyph %d: item (%d, %d), delta at wght +1: %d\n", gid, outer, inner, s.Delta(outer, inner, []int32{0x10000}))
	}
	// Output:
	// glyph 0: item (0, 0), delta at wght +1: 10
	// glyph 1: item (0, 1), delta at wght +1: 40
	// glyph 2: item (0, 1), delta at wght +1: 40
	// glyph 3: item (0, 2), delta at wght +1: 0
	// glyph 4: item (0, 2), delta at wght +1: 0
}
