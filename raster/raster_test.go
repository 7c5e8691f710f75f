package raster

import (
	"image"
	"strings"
	"testing"

	"golang.org/x/image/math/fixed"
)

// rect returns a closed rectangle contour (counter-clockwise in y-up
// space, as TrueType outer contours are clockwise... both fill with the
// non-zero rule) in 26.6 units.
func rect(x0, y0, x1, y1 fixed.Int26_6) ([]fixed.Point26_6, []uint8) {
	return []fixed.Point26_6{{X: x0, Y: y0}, {X: x0, Y: y1}, {X: x1, Y: y1}, {X: x1, Y: y0}},
		[]uint8{TagOn, TagOn, TagOn, TagOn}
}

func render(t *testing.T, o *Outline, mono bool) (*image.Alpha, string) {
	t.Helper()
	var r image.Rectangle
	if mono {
		r = MonoBounds(o, 0, 0)
	} else {
		r = GrayBounds(o, 0, 0)
	}
	img := image.NewAlpha(r)
	var err error
	if mono {
		var m Mono
		err = m.Render(img, o, fixed.Point26_6{})
	} else {
		var g Gray
		err = g.Render(img, o, fixed.Point26_6{})
	}
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			sb.WriteByte(".#"[min(int(img.AlphaAt(x, y).A), 1)])
		}
		sb.WriteByte('\n')
	}
	return img, sb.String()
}

// A pixel-aligned square covers exactly its pixels in both rasterizers.
func TestSquare(t *testing.T) {
	pts, tags := rect(64, 64, 3*64, 2*64) // x 1..3, y 1..2 (y up)
	o := &Outline{Points: pts, Tags: tags, Contours: []int{3}}
	img, s := render(t, o, true)
	if want := "##\n"; s != want || img.Rect != image.Rect(1, -2, 3, -1) {
		t.Errorf("mono: got %v\n%s want %s", img.Rect, s, want)
	}
	img, _ = render(t, o, false)
	for _, v := range img.Pix {
		if v != 0xff {
			t.Errorf("gray: pixel %d, want 255", v)
		}
	}
	if img.Rect != image.Rect(1, -2, 3, -1) {
		t.Errorf("gray box %v", img.Rect)
	}
}

// Gray coverage is the exact area: a square covering the left half of a
// pixel gives 128 (FreeType: area 2*128*256 >> 9 = 128).
func TestGrayHalfPixel(t *testing.T) {
	pts, tags := rect(0, 0, 32, 64)
	o := &Outline{Points: pts, Tags: tags, Contours: []int{3}}
	img, _ := render(t, o, false)
	if len(img.Pix) != 1 || img.Pix[0] != 128 {
		t.Errorf("got %v, want [128]", img.Pix)
	}
}

// A vertical stem 0.25 px wide lying between two pixel centres (x from
// 1.547 to 1.797 px, centres at 1.5 and 2.5; y from 0 to 4 px). The box is
// one pixel wide (column 1). Without drop-out control (mode 2) nothing is
// drawn. Simple (mode 0) and smart (mode 4) drop-out control set the pixel
// on every scanline (simple takes the pixel left of the span; smart the
// one nearest the span's middle, also column 1). Excluding stubs (modes 1
// and 5), the top and bottom scanlines are stubs of the contour (thinner
// than half a pixel, no overshoot) and stay empty.
func TestDropout(t *testing.T) {
	pts, tags := rect(99, 0, 115, 4*64)
	cases := []struct {
		flags Flags
		want  string
	}{
		{FlagIgnoreDropouts, ".\n.\n.\n.\n"},
		{FlagIncludeStubs, "#\n#\n#\n#\n"},
		{FlagSmartDropouts | FlagIncludeStubs, "#\n#\n#\n#\n"},
		{0, ".\n#\n#\n.\n"},
		{FlagSmartDropouts, ".\n#\n#\n.\n"},
		{FlagHighPrecision, ".\n#\n#\n.\n"},
	}
	for _, c := range cases {
		o := &Outline{Points: pts, Tags: tags, Contours: []int{3}, Flags: c.flags}
		img, s := render(t, o, true)
		if s != c.want || img.Rect != image.Rect(1, -4, 2, 0) {
			t.Errorf("flags %#x: box %v\n%s want\n%s", c.flags, img.Rect, s, c.want)
		}
	}
}

// The scan mode tag on a contour's first point overrides the flags.
func TestScanModeTag(t *testing.T) {
	pts, tags := rect(99, 0, 115, 4*64)
	tags[0] |= TagHasScanMode | 2<<5 // mode 2: no drop-out control
	o := &Outline{Points: pts, Tags: tags, Contours: []int{3}, Flags: FlagIncludeStubs}
	_, s := render(t, o, true)
	if strings.Contains(s, "#") {
		t.Errorf("mode 2 from the tag should drop the stem:\n%s", s)
	}
}

// Invalid outlines are errors, not panics.
func TestInvalid(t *testing.T) {
	pts, tags := rect(0, 0, 64, 64)
	bad := []*Outline{
		{Points: pts, Tags: tags, Contours: []int{2}},                // last contour end mismatch
		{Points: pts, Tags: tags[:3], Contours: []int{3}},            // tags short
		{Points: pts, Tags: []uint8{2, 1, 1, 1}, Contours: []int{3}}, // starts with a cubic control
		{Points: pts, Tags: []uint8{1, 2, 1, 1}, Contours: []int{3}}, // lone cubic control
		{Points: pts, Tags: tags, Contours: []int{3, 1}},             // decreasing
		{Points: pts, Tags: tags, Contours: []int{-1, 3}},            // empty first contour
		{Points: pts, Tags: tags, Contours: []int{-1, -1, 3}},        // two of them
		{Points: pts, Tags: tags, Contours: []int{3, 3}},             // empty last contour
		{Points: pts, Tags: tags, Contours: []int{1, 3, 3, 3}},       // two of them
	}
	img := image.NewAlpha(image.Rect(0, 0, 4, 4))
	var m Mono
	var g Gray
	for i, o := range bad {
		if err := m.Render(img, o, fixed.Point26_6{}); err == nil {
			t.Errorf("%d: mono: no error", i)
		}
		if err := g.Render(img, o, fixed.Point26_6{}); err == nil {
			t.Errorf("%d: gray: no error", i)
		}
	}
	if err := m.Render(image.NewAlpha(image.Rect(0, 0, MaxSize+1, 1)), bad[0], fixed.Point26_6{}); err != ErrTooLarge {
		t.Errorf("too large: %v", err)
	}
}

// Hostile coordinates: beyond the reach limit they are refused; just
// inside it they render in bounded time without panicking.
func TestHugeCoordinates(t *testing.T) {
	for _, lim := range []fixed.Int26_6{1 << 30, maxReach - 32*64} {
		pts := []fixed.Point26_6{{X: -lim, Y: -lim}, {X: lim, Y: lim - 1}, {X: 5, Y: lim}, {X: lim, Y: -lim}}
		for _, tg := range [][]uint8{{TagOn, 0, TagOn, TagCubic}, {1, 0, 0, 1}, {1, 2, 2, 1}, {1, 1, 1, 1}} {
			o := &Outline{Points: pts, Tags: tg, Contours: []int{3}}
			img := image.NewAlpha(image.Rect(0, 0, 64, 64))
			var m Mono
			var g Gray
			em := m.Render(img, o, fixed.Point26_6{X: 32 * 64, Y: 32 * 64})
			eg := g.Render(img, o, fixed.Point26_6{X: 32 * 64, Y: 32 * 64})
			if lim == 1<<30 && (em != ErrOverflow || eg != ErrOverflow) {
				t.Errorf("tags %v: errors %v, %v; want ErrOverflow", tg, em, eg)
			}
		}
	}
}

func BenchmarkMono(b *testing.B) { benchRaster(b, true) }
func BenchmarkGray(b *testing.B) { benchRaster(b, false) }

func benchRaster(b *testing.B, mono bool) {
	// an "O": two quadratic contours
	pts := []fixed.Point26_6{
		{X: 640, Y: 0}, {X: 0, Y: 0}, {X: 0, Y: 640}, {X: 0, Y: 1280}, {X: 640, Y: 1280}, {X: 1280, Y: 1280}, {X: 1280, Y: 640}, {X: 1280, Y: 0},
		{X: 640, Y: 128}, {X: 1152, Y: 128}, {X: 1152, Y: 640}, {X: 1152, Y: 1152}, {X: 640, Y: 1152}, {X: 128, Y: 1152}, {X: 128, Y: 640}, {X: 128, Y: 128},
	}
	tags := []uint8{1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0}
	o := &Outline{Points: pts, Tags: tags, Contours: []int{7, 15}, Flags: FlagHighPrecision}
	img := image.NewAlpha(GrayBounds(o, 0, 0))
	var m Mono
	var g Gray
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if mono {
			_ = m.Render(img, o, fixed.Point26_6{})
		} else {
			_ = g.Render(img, o, fixed.Point26_6{})
		}
	}
}

// sideBySide draws two w×h bitmaps next to each other, '#' for a set
// pixel.
func sideBySide(a, b []byte, w, h int) string {
	var sb strings.Builder
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			sb.WriteByte(".#"[min(int(a[y*w+x]), 1)])
		}
		sb.WriteString("   ")
		for x := 0; x < w; x++ {
			sb.WriteByte(".#"[min(int(b[y*w+x]), 1)])
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}
