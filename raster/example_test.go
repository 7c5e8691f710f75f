package raster_test

import (
	"fmt"
	"image"
	"log"
	"strings"

	"fontvm/raster"
	"fontvm/sfnt"
	"fontvm/truetype/hint"

	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/math/fixed"
)

// Rasterize a hinted glyph as FreeType's FT_RENDER_MODE_MONO does: load
// Go Regular's 'e' at 12 pixels per em (interpreter version 35, mono
// target), copy the outline into a raster.Outline with the flags and
// tags FreeType's TrueType loader sets, and render it into an image of the bounds
// MonoBounds gives (Min.X is FreeType's bitmap_left, -Min.Y its
// bitmap_top).
func Example() {
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
	const ppem = 12
	in, err := f.NewInstance(ppem, hint.Options{Mode: hint.ModeV35, Target: hint.TargetMono})
	if err != nil {
		log.Fatal(err)
	}
	var g hint.Glyph
	if err := in.LoadGlyph(int(cm.Lookup('e')), &g); err != nil {
		log.Fatal(err)
	}
	o := raster.Outline{Contours: g.Ends, Flags: raster.ScanFlags(ppem, true, g.ScanControl, g.ScanType)}
	for _, p := range g.Points {
		o.Points = append(o.Points, fixed.Point26_6{X: fixed.Int26_6(p.X), Y: fixed.Int26_6(p.Y)})
		tag := uint8(0)
		if p.On {
			tag = raster.TagOn
		}
		o.Tags = append(o.Tags, tag)
	}
	// 'e' is a simple glyph whose instructions ran: FreeType marks its
	// first point with the final SCANTYPE mode.
	o.Tags[0] |= raster.TagHasScanMode | uint8(g.ScanType&7)<<5
	bounds := raster.MonoBounds(&o, 0, 0)
	dst := image.NewAlpha(bounds)
	var m raster.Mono
	if err := m.Render(dst, &o, fixed.Point26_6{}); err != nil {
		log.Fatal(err)
	}
	fmt.Println("bounds", bounds)
	for y := bounds.Min.Y; y < bounds.Max.Y; y++ {
		var sb strings.Builder
		for x := bounds.Min.X; x < bounds.Max.X; x++ {
			sb.WriteByte(".#"[dst.AlphaAt(x, y).A>>7])
		}
		fmt.Println(sb.String())
	}
	// Output:
	// bounds (0,-7)-(6,0)
	// ..###.
	// .#..##
	// .#...#
	// ######
	// .#....
	// .#....
	// ..####
}

// Gray gives each pixel its exact coverage, as FreeType's smooth
// rasterizer does. Here a triangle drawn by hand (26.6 coordinates, y
// up) over a 4×3 pixel box: full pixels are ff, edge pixels partial.
func ExampleGray_Render() {
	o := raster.Outline{
		Points:   []fixed.Point26_6{fixed.P(0, 0), fixed.P(4, 0), fixed.P(0, 3)},
		Tags:     []uint8{raster.TagOn, raster.TagOn, raster.TagOn},
		Contours: []int{2},
	}
	bounds := raster.GrayBounds(&o, 0, 0)
	dst := image.NewAlpha(bounds)
	var g raster.Gray
	if err := g.Render(dst, &o, fixed.Point26_6{}); err != nil {
		log.Fatal(err)
	}
	fmt.Println("bounds", bounds)
	for y := bounds.Min.Y; y < bounds.Max.Y; y++ {
		fmt.Printf("% x\n", dst.Pix[dst.PixOffset(bounds.Min.X, y):dst.PixOffset(bounds.Max.X, y)])
	}
	// Output:
	// bounds (0,-3)-(4,0)
	// 9f 0a 00 00
	// ff d4 2a 00
	// ff ff f5 5f
}
