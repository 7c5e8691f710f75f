package face_test

import (
	"fmt"
	"log"

	"fontvm/face"
	"fontvm/sfnt"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/math/fixed"
)

// NewFace makes a face at a size and hinting mode; here Go Regular at
// 16 pixels per em (12 points at 96 DPI), hinted with interpreter
// version 40 and anti-aliased. Hinted advances are whole pixels, and
// Kern gives the pair adjustment HarfBuzz applies (Go Regular has none).
func ExampleNewFace() {
	f, err := sfnt.Parse(goregular.TTF)
	if err != nil {
		log.Fatal(err)
	}
	fc, err := face.NewFace(f, &face.FaceOptions{Size: 12, DPI: 96, Hinting: font.HintingVertical})
	if err != nil {
		log.Fatal(err)
	}
	adv, _ := fc.GlyphAdvance('H')
	dr, _, _, _, ok := fc.Glyph(fixed.P(10, 20), 'H')
	fmt.Println("ppem", fc.PPEM(), "hinted", fc.Hinted())
	fmt.Println("advance of H", adv, "bitmap", dr, ok)
	fmt.Println("kern A,V", fc.Kern('A', 'V'))
	// Output:
	// ppem 16 hinted true
	// advance of H 12:00 bitmap (11,8)-(21,20) true
	// kern A,V 0:00
}
