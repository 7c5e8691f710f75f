package size_test

import (
	"fmt"
	"log"

	"fontvm/size"
)

// A size request as FT_Set_Char_Size makes it: 12 points at 96 dpi on a
// font of 2048 units per em (Go Regular's) gives 16 pixels per em and
// the 16.16 scale from font units to 26.6 pixels. ScaleFaceMetrics then
// grid-fits the face's ascender, descender, line height and maximum
// advance (here Go Regular's hhea values; FreeType's height is ascender
// - descender + line gap) as FreeType does.
func Example() {
	req := size.Points(12*64, 96, 96)
	m, err := req.Metrics(2048)
	if err != nil {
		log.Fatal(err)
	}
	m.ScaleFaceMetrics(1935, -432, 1935+432, 2240)
	fmt.Println(req)
	fmt.Println("ppem", m.XPPEM, m.YPPEM, "scale", m.XScale, m.YScale)
	fmt.Println("ascender", m.Ascender, "descender", m.Descender, "height", m.Height, "max advance", m.MaxAdvance)
	// Output:
	// 12x12pt@96x96dpi
	// ppem 16 16 scale 32768 32768
	// ascender 1024 descender -256 height 1216 max advance 1152
}

// Pixels asks for a size in pixels per em (26.6), as FT_Set_Pixel_Sizes
// does for whole pixels; 13.5 px here.
func ExamplePixels() {
	m, err := size.Pixels(13*64 + 32).Metrics(1000)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("ppem", m.XPPEM, "scale", m.XScale)
	// Output:
	// ppem 14 scale 56623
}

// CharSize is FT_Set_Char_Size with its defaults: a width of 0 means the
// height, and a vertical resolution of 0 the horizontal one. Here 10×12
// points at 72 dpi gives different scales on the two axes.
func ExampleCharSize() {
	req := size.CharSize(10*64, 12*64, 72, 0)
	w, h := req.Scaled()
	m, err := req.Metrics(1000)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(req, "square", req.Square())
	fmt.Println("scaled", w, h, "ppem", m.XPPEM, m.YPPEM)
	// Output:
	// 10x12pt@72x72dpi square false
	// scaled 640 768 ppem 10 12
}
