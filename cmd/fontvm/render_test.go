package main

import (
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"fontvm/face"
	"fontvm/internal/corpus"
	"fontvm/sfnt"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/math/fixed"
)

func TestRenderUsage(t *testing.T) {
	for _, args := range [][]string{
		{"render", "--sizes", "0-3"},
		{"render", "--sizes", "x"},
		{"render", "--mode", "v38"},
		{"render", "--text", ""},
		{"render", "extra"},
	} {
		if got := run(args); got != 2 {
			t.Errorf("%q: status %d, want 2", args, got)
		}
	}
	if got := run([]string{"render", "--font", "/nonexistent.ttf", "-o", filepath.Join(t.TempDir(), "x.png")}); got != 1 {
		t.Errorf("missing font: status %d, want 1", got)
	}
}

// TestRenderPicture renders a small waterfall through the command and
// checks that the PNG holds the image renderWaterfall draws, that it is
// inked, and that hinting changes the 9 px text.
func TestRenderPicture(t *testing.T) {
	out := filepath.Join(t.TempDir(), "w.png")
	if got := run([]string{"render", "--sizes", "9,12", "--text", "Hamburg", "-o", out}); got != 0 {
		t.Fatalf("status %d", got)
	}
	g := readGrayPNG(t, out)
	opts := renderOptions{fontData: goregular.TTF, text: "Hamburg", sizes: []float64{9, 12}, xdpi: 72, ydpi: 72, modes: renderModes}
	want, err := renderWaterfall(&opts)
	if err != nil {
		t.Fatal(err)
	}
	if !g.Rect.Eq(want.Rect) || string(g.Pix) != string(want.Pix) {
		t.Fatalf("PNG differs from renderWaterfall's image")
	}
	// Dark pixels exist in every column, and the hinted columns differ
	// from the unhinted one somewhere.
	sf, _ := sfnt.Parse(goregular.TTF)
	masks := hamburgMasks(t, sf)
	if string(masks[0].Pix) == string(masks[1].Pix) || string(masks[0].Pix) == string(masks[2].Pix) {
		t.Errorf("hinted text at 9 px equals unhinted text")
	}
	dark := 0
	for _, v := range g.Pix {
		if v < 0x80 {
			dark++
		}
	}
	if dark < 200 {
		t.Errorf("only %d dark pixels", dark)
	}
}

// A Graphite font is shaped by graphite/shape: the rendered line differs
// from the same text laid out glyph by glyph through the cmap (Myanmar
// needs reordering: the vowel sign E is drawn before its consonant).
func TestRenderGraphite(t *testing.T) {
	var pf corpus.Font
	for _, f := range corpus.GraphiteFonts {
		if f.Name == "Padauk" {
			pf = f
		}
	}
	data := corpus.Load(t, pf)
	sf, err := sfnt.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	sh, err := newShaper(sf, data)
	if err != nil || sh.gr == nil {
		t.Fatalf("no Graphite shaper: %v", err)
	}
	fc, err := face.NewFace(sf, &face.FaceOptions{Size: 24, Hinting: font.HintingFull})
	if err != nil {
		t.Fatal(err)
	}
	const text = "ကော" // KA, VOWEL SIGN E, VOWEL SIGN AA
	shaped := image.NewGray(image.Rect(0, 0, 120, 40))
	if err := sh.draw(shaped, fc, fixed.P(4, 28), text); err != nil {
		t.Fatal(err)
	}
	plain := image.NewGray(image.Rect(0, 0, 120, 40))
	(&shaper{}).draw(plain, fc, fixed.P(4, 28), text)
	if string(shaped.Pix) == string(plain.Pix) {
		t.Error("Graphite-shaped text equals unshaped text")
	}
	out := filepath.Join(t.TempDir(), "g.png")
	if got := run([]string{"render", "--font", pf.Path, "--text", text, "--sizes", "12,16", "-o", out}); got != 0 {
		t.Errorf("render with a Graphite font: status %d", got)
	}
}

// A CFF font has one hinted column, labelled as FreeType's CFF hinter:
// v40 and v35 both ask face for the CFF hinter (the same pixels), so
// render draws it once; the unhinted column stays.
func TestRenderCFF(t *testing.T) {
	var cf corpus.Font
	for _, f := range corpus.CFFFonts {
		if f.Name == "LinLibertineR" {
			cf = f
		}
	}
	data := corpus.Load(t, cf)
	if data == nil {
		return
	}
	opts := renderOptions{fontData: data, text: "Hamburg", sizes: []float64{9, 12}, xdpi: 72, ydpi: 72, modes: renderModes}
	img, err := renderWaterfall(&opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(opts.modes) != 2 || opts.modes[0].name != "none" || opts.modes[1] != cffHinted {
		t.Fatalf("columns %+v, want none and %q", opts.modes, cffHinted.label)
	}
	for _, modes := range [][]renderMode{{renderModes[1]}, {renderModes[2], renderModes[1]}} {
		o := renderOptions{fontData: data, text: "Hamburg", sizes: []float64{9, 12}, xdpi: 72, ydpi: 72, modes: modes}
		if _, err := renderWaterfall(&o); err != nil {
			t.Fatal(err)
		}
		if len(o.modes) != 1 || o.modes[0] != cffHinted {
			t.Errorf("--mode %s: columns %+v", modes[0].name, o.modes)
		}
	}
	// the two hinting levels render the same; both differ from unhinted
	sf, err := sfnt.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	masks := hamburgMasks(t, sf)
	if string(masks[1].Pix) != string(masks[2].Pix) {
		t.Errorf("HintingVertical and HintingFull render a CFF font differently: render's single hinted column would hide one")
	}
	if string(masks[0].Pix) == string(masks[1].Pix) {
		t.Errorf("hinted CFF text at 9 px equals unhinted text")
	}
	out := filepath.Join(t.TempDir(), "c.png")
	if got := run([]string{"render", "--font", cf.Path, "--text", "Hamburg", "--sizes", "9,12", "-o", out}); got != 0 {
		t.Fatalf("status %d", got)
	}
	if g := readGrayPNG(t, out); !g.Rect.Eq(img.Rect) || string(g.Pix) != string(img.Pix) {
		t.Errorf("PNG differs from renderWaterfall's image")
	}
}

// readGrayPNG decodes the PNG render wrote (a gray image).
func readGrayPNG(t *testing.T, path string) *image.Gray {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	g, ok := img.(*image.Gray)
	if !ok {
		t.Fatalf("PNG decodes as %T", img)
	}
	return g
}

// hamburgMasks draws "Hamburg" at 9 px with sf unhinted, HintingVertical
// and HintingFull, in that order.
func hamburgMasks(t *testing.T, sf *sfnt.Font) [3]*image.Alpha {
	t.Helper()
	var masks [3]*image.Alpha
	for i, h := range []font.Hinting{font.HintingNone, font.HintingVertical, font.HintingFull} {
		fc, err := face.NewFace(sf, &face.FaceOptions{Size: 9, Hinting: h})
		if err != nil {
			t.Fatal(err)
		}
		m := image.NewAlpha(image.Rect(0, 0, 60, 14))
		d := font.Drawer{Dst: m, Src: image.Opaque, Face: fc, Dot: fixed.P(1, 10)}
		d.DrawString("Hamburg")
		masks[i] = m
	}
	return masks
}
