package hint_test

import (
	"fmt"
	"log"

	"fontvm/sfnt"
	"fontvm/size"
	"fontvm/truetype/hint"

	"golang.org/x/image/font/gofont/goregular"
)

// NewFont prepares a TrueType font for hinting; NewInstance sets a size
// and a mode (running fpgm and prep), and LoadGlyph runs the glyph's
// program. Here Go Regular's 'H' at 11 pixels per em, unhinted and
// hinted by interpreter versions 35 and 40: the top of the stem (point
// 2) and of the crossbar (point 3) in 26.6 pixels, which the font's
// program moves vertically (to the pixel grid for the stem), and the
// advance, rounded to whole pixels when hinted.
func ExampleNewFont() {
	sf, err := sfnt.Parse(goregular.TTF)
	if err != nil {
		log.Fatal(err)
	}
	f, err := hint.NewFont(sf)
	if err != nil {
		log.Fatal(err)
	}
	cm, err := sf.Cmap()
	if err != nil {
		log.Fatal(err)
	}
	gid := int(cm.Lookup('H'))
	var g hint.Glyph
	for _, mode := range []hint.Mode{hint.ModeNone, hint.ModeV35, hint.ModeV40} {
		in, err := f.NewInstance(11, hint.Options{Mode: mode})
		if err != nil {
			log.Fatal(err)
		}
		if err := in.LoadGlyph(gid, &g); err != nil {
			log.Fatal(err)
		}
		p2, p3 := g.Points[2], g.Points[3]
		fmt.Printf("%-4s points 2 (%d, %d) 3 (%d, %d) advance %d, %d points, contour ends %v\n", mode, p2.X, p2.Y, p3.X, p3.Y, g.Advance, len(g.Points), g.Ends)
	}
	// Output:
	// none points 2 (129, 509) 3 (129, 294) advance 508, 12 points, contour ends [11]
	// v35  points 2 (129, 512) 3 (129, 314) advance 512, 12 points, contour ends [11]
	// v40  points 2 (129, 512) 3 (129, 314) advance 512, 12 points, contour ends [11]
}

// NewInstanceRequest sets a size as FT_Set_Char_Size does, here 9 points
// at 96 dpi for monochrome rendering. SizeMetrics gives the ppem and
// the scale the glyphs use; ScanControl and ScanType tell a rasterizer
// the glyph's dropout control.
func ExampleFont_NewInstanceRequest() {
	sf, err := sfnt.Parse(goregular.TTF)
	if err != nil {
		log.Fatal(err)
	}
	f, err := hint.NewFont(sf)
	if err != nil {
		log.Fatal(err)
	}
	in, err := f.NewInstanceRequest(size.Points(9*64, 96, 96), hint.Options{Mode: hint.ModeV35, Target: hint.TargetMono})
	if err != nil {
		log.Fatal(err)
	}
	m := in.SizeMetrics()
	fmt.Println(in.Request(), "ppem", in.PPEM(), "x scale", m.XScale)
	var g hint.Glyph
	if err := in.LoadGlyph(f.NumGlyphs()-1, &g); err != nil {
		log.Fatal(err)
	}
	fmt.Println("last glyph advance", g.Advance, "scan control", g.ScanControl, "scan type", g.ScanType)
	// Output:
	// 9x9pt@96x96dpi ppem 12 x scale 24576
	// last glyph advance 448 scan control true scan type 4
}

// LoadGlyph reuses the caller's Glyph, so a loop over a text allocates
// nothing once warm. Here the hinted advances of "fontvm" at 16 pixels
// per em, in 26.6 pixels; a glyph index past the font is FreeType's
// Invalid_Argument.
func ExampleInstance_LoadGlyph() {
	sf, err := sfnt.Parse(goregular.TTF)
	if err != nil {
		log.Fatal(err)
	}
	f, err := hint.NewFont(sf)
	if err != nil {
		log.Fatal(err)
	}
	cm, err := sf.Cmap()
	if err != nil {
		log.Fatal(err)
	}
	in, err := f.NewInstance(16, hint.Options{Mode: hint.ModeV40})
	if err != nil {
		log.Fatal(err)
	}
	var g hint.Glyph
	var total int64
	for _, r := range "fontvm" {
		if err := in.LoadGlyph(int(cm.Lookup(r)), &g); err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%c %d, ", r, g.Advance)
		total += g.Advance
	}
	fmt.Println("total", total, "=", total/64, "px")
	err = in.LoadGlyph(f.NumGlyphs(), &g)
	fmt.Println(hint.Name(err))
	// Output:
	// f 256, o 576, n 576, t 320, v 512, m 832, total 3072 = 48 px
	// Invalid_Argument
}

// ParseVariation turns a variation spec into design coordinates for
// Options.Design. The axes come from the font's fvar (sfnt.Font's
// Variations); here a weight axis from 100 to 900 is written out, and
// the non-variable Go Regular is refused.
func ExampleParseVariation() {
	v := &sfnt.Variations{Axes: []sfnt.VarAxis{{Tag: sfnt.MakeTag("wght"), Min: 100 << 16, Default: 400 << 16, Max: 900 << 16}}}
	design, err := hint.ParseVariation(v, "wght=650.5")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("design", design, "=", float64(design[0])/65536)
	_, err = hint.ParseVariation(v, "wdth=75")
	fmt.Println(err)

	sf, err := sfnt.Parse(goregular.TTF)
	if err != nil {
		log.Fatal(err)
	}
	f, err := hint.NewFont(sf)
	if err != nil {
		log.Fatal(err)
	}
	_, err = hint.ParseVariation(f.Variations(), "wght=700")
	fmt.Println(err)
	// Output:
	// design [42631168] = 650.5
	// sfnt: no axis wdth
	// hint: not a variable font
}
