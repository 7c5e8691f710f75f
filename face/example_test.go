package face_test

import (
	"fmt"
	"image"
	"log"
	"strings"

	"fontvm/face"
	"fontvm/sfnt"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/math/fixed"
)

// Draw a line of text with font.Drawer through a Face that runs the
// font's hinting bytecode (interpreter version 35, monochrome), and print
// the bitmap.
func Example() {
	f, err := sfnt.Parse(goregular.TTF)
	if err != nil {
		log.Fatal(err)
	}
	fc, err := face.NewFace(f, &face.FaceOptions{Size: 12, DPI: 72, Hinting: font.HintingFull, Mono: true})
	if err != nil {
		log.Fatal(err)
	}
	dst := image.NewAlpha(image.Rect(0, 0, 40, 12))
	d := font.Drawer{Dst: dst, Src: image.Opaque, Face: fc, Dot: fixed.P(1, 10)}
	d.DrawString("Hinted")
	for y := 0; y < dst.Rect.Dy(); y++ {
		var sb strings.Builder
		for x := 0; x < dst.Rect.Dx(); x++ {
			sb.WriteByte(".#"[dst.AlphaAt(x, y).A>>7])
		}
		fmt.Println(strings.TrimRight(sb.String(), "."))
	}
	// Output:
	// ...................................#
	// ..#....##..#.........#.............#
	// ..#....##............#.............#
	// ..#....##..#..#.##..###..###....####
	// ..#....##..#..##..#..#..#..##..#...#
	// ..#######..#..#...#..#..#...#..#...#
	// ..#....##..#..#...#..#.######.##...#
	// ..#....##..#..#...#..#..#......#...#
	// ..#....##..#..#...#..#..#......#..##
	// ..#....##..#..#...#..##..####..###.#
}
