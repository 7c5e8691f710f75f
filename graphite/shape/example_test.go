package shape_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"os"
	"strings"

	"fontvm/graphite"
	"fontvm/graphite/shape"
	"fontvm/sfnt"
)

// fontsDir holds the graphite2 test fonts the repository keeps
// (OFL-licensed, see its OFL.txt).
const fontsDir = "../../testdata/graphite2-tests/fonts/"

// letters maps glyph ids back to the lower-case letters and space that
// the font's cmap gives them, to print shaped text legibly.
func letters(data []byte) map[uint16]rune {
	f, err := sfnt.Parse(data)
	if err != nil {
		log.Fatal(err)
	}
	cm, err := f.Cmap()
	if err != nil {
		log.Fatal(err)
	}
	m := map[uint16]rune{}
	for _, r := range " abcdefghijklmnopqrstuvwxyz" {
		m[cm.Lookup(r)] = r
	}
	return m
}

// NewShaper makes a Shaper, which shapes text with a loaded Font and
// reuses its buffers. The font is graphite2's Pig Latin test font, whose
// rules move each word's first consonants to its end and add "ay":
// "hello world" comes out as "ellohay orldway". Positions are in pixels
// at 12 pixels per em; each glyph keeps the index of the character it
// came from.
func ExampleNewShaper() {
	data, err := os.ReadFile(fontsDir + "PigLatinBenchmark_v3.ttf")
	if err != nil {
		log.Fatal(err)
	}
	f, err := shape.Load(data)
	if err != nil {
		log.Fatal(err)
	}
	sh := shape.NewShaper(f)
	out, err := sh.Shape([]rune("hello world"), &shape.Options{Scale: f.Scale(12)})
	if err != nil {
		log.Fatal(err)
	}
	names := letters(data)
	var text strings.Builder
	for _, g := range out.Glyphs {
		text.WriteRune(names[g.ID])
	}
	fmt.Printf("%q, advance %.2f\n", text.String(), out.AdvanceX)
	for _, g := range out.Glyphs[:7] {
		fmt.Printf("%c glyph %d at %.2f from char %d\n", names[g.ID], g.ID, g.X, g.Original)
	}
	// Output:
	// "ellohay orldway", advance 81.36
	// e glyph 71 at 0.00 from char 1
	// l glyph 78 at 5.54 from char 2
	// l glyph 78 at 9.01 from char 3
	// o glyph 81 at 12.48 from char 4
	// h glyph 74 at 18.72 from char 0
	// a glyph 67 at 24.96 from char 5
	// y glyph 91 at 30.50 from char 5
}

// Load reads a font's Graphite tables as graphite2 does (refusing what
// graphite2 refuses, with graphite.ErrRefused) and builds the shaping
// engine's form of them once; a Font may be shared by many Shapers.
func ExampleLoad() {
	data, err := os.ReadFile(fontsDir + "Padauk.ttf")
	if err != nil {
		log.Fatal(err)
	}
	f, err := shape.Load(data)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("Padauk:", f.NumGlyphs(), "glyphs,", f.UnitsPerEm(), "units per em, scale at 16 px", f.Scale(16))

	data, err = os.ReadFile(fontsDir + "tiny.ttf")
	if err != nil {
		log.Fatal(err)
	}
	_, err = shape.Load(data)
	fmt.Println(errors.Is(err, graphite.ErrRefused), err)
	// Output:
	// Padauk: 456 glyphs, 1024 units per em, scale at 16 px 0.015625
	// true graphite/shape: bad font: graphite: Silf: E_NOSILF: no usable Silf table
}

// ParseFeatureString reads feature settings as gr2fonttest's -feat
// option does ("id=value,..." with a feature's tag or number; lang=xxx
// picks a language) into Options.Features; settings naming no feature
// of the font are ignored. Here small caps (feature 1058 of this Charis
// SIL): the glyphs and advance, in font units, of "Small" without and
// with them.
func ExampleParseFeatureString() {
	data, err := os.ReadFile(fontsDir + "charis_r_gr.ttf")
	if err != nil {
		log.Fatal(err)
	}
	f, err := shape.Load(data)
	if err != nil {
		log.Fatal(err)
	}
	lang, feats, applied := shape.ParseFeatureString(f, "1058=1,smcp=1")
	fmt.Println("lang", lang, "features", feats, "applied", applied)
	sh := shape.NewShaper(f)
	for _, o := range []*shape.Options{{}, {Lang: lang, Features: feats}} {
		out, err := sh.Shape([]rune("Small"), o)
		if err != nil {
			log.Fatal(err)
		}
		var ids []uint16
		for _, g := range out.Glyphs {
			ids = append(ids, g.ID)
		}
		fmt.Println("glyphs", ids, "advance", out.AdvanceX)
	}
	// Output:
	// lang 0 features [{1058 1}] applied 1
	// glyphs [54 80 68 79 79] advance 5066
	// glyphs [54 3781 3323 3758 3758] advance 5987
}

// NewTrace records graphite2's JSON trace of each segment a Shaper
// shapes while it holds the trace: every pass with the slots before it,
// the rules tried at each position, and the output. Here the rules that
// fired, by rule number, in each pass the Pig Latin font ran for one
// word.
func ExampleNewTrace() {
	data, err := os.ReadFile(fontsDir + "PigLatinBenchmark_v3.ttf")
	if err != nil {
		log.Fatal(err)
	}
	f, err := shape.Load(data)
	if err != nil {
		log.Fatal(err)
	}
	sh := shape.NewShaper(f)
	tr := shape.NewTrace()
	sh.SetTrace(tr)
	out, err := sh.Shape([]rune("string"), &shape.Options{})
	if err != nil {
		log.Fatal(err)
	}
	sh.SetTrace(nil)
	names := letters(data)
	for _, g := range out.Glyphs {
		fmt.Printf("%c", names[g.ID])
	}
	fmt.Println()
	var segs []struct {
		Passes []struct {
			ID    int
			Rules []struct {
				Considered []struct {
					ID     int
					Failed bool
				}
			}
		}
	}
	if err := json.Unmarshal(tr.JSON(), &segs); err != nil {
		log.Fatal(err)
	}
	for _, seg := range segs {
		fmt.Println(len(seg.Passes), "passes")
		for _, p := range seg.Passes {
			var fired []int
			for _, r := range p.Rules {
				for _, c := range r.Considered {
					if !c.Failed {
						fired = append(fired, c.ID)
					}
				}
			}
			fmt.Println("pass", p.ID, "rules fired", fired)
		}
	}
	// Output:
	// ingstray
	// 1 passes
	// pass 1 rules fired [3 3 3 6]
}
