package sfnt_test

import (
	"fmt"
	"log"

	"fontvm/sfnt"
)

// GPOS reads a font's pair kerning as HarfBuzz applies the 'kern'
// feature to Latin text: pick the script, collect the feature's lookups
// once, then query pairs. The font is this package's small test font
// (gposFont), whose glyphs 1 and 2 are 'a' and 'b'.
func ExampleFont_GPOS() {
	data, err := gposFont().Bytes()
	if err != nil {
		log.Fatal(err)
	}
	f, err := sfnt.Parse(data)
	if err != nil {
		log.Fatal(err)
	}
	g, err := f.GPOS()
	if err != nil {
		log.Fatal(err)
	}
	script, ok, err := g.SelectScript(sfnt.MakeTag("latn"))
	if err != nil || !ok {
		log.Fatal("no script for Latin text", err)
	}
	lookups, found, err := g.FeatureLookups(nil, script, 0, sfnt.MakeTag("kern"))
	if err != nil || !found {
		log.Fatal("no kern feature", err)
	}
	pv, err := g.PairAdjustment(lookups, 1, 2)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("script", script, "lookups", lookups)
	fmt.Printf("first %+v\nsecond %+v\nkern %d\n", pv.First, pv.Second, pv.Kern())
	// Output:
	// script latn lookups [0 1 2 3]
	// first {XPlacement:1 YPlacement:0 XAdvance:-17 YAdvance:0}
	// second {XPlacement:8 YPlacement:0 XAdvance:2 YAdvance:0}
	// kern -9
}
