package raster

import (
	"fmt"
	"image"
	"math/rand"
	"testing"

	"fontvm/internal/corpus"
	"fontvm/sfnt"

	"golang.org/x/image/math/fixed"
)

// clipOutlines returns test outlines: Go Regular's simple glyphs scaled to
// 26.6 pixels at a few sizes and offsets (quadratic arcs), plus cubic
// contours, with every fill flag. Every coordinate is even, so that the
// midpoints FT_Outline_Decompose makes between two off points are exact
// whatever the translation (it divides by two towards zero, which
// rounds negative and positive sums differently).
func clipOutlines(t *testing.T) []*Outline {
	f, err := sfnt.Parse(corpus.GoFonts[0].Data)
	if err != nil {
		t.Fatal(err)
	}
	upem := int64(f.Head().UnitsPerEm)
	rng := rand.New(rand.NewSource(1))
	var os []*Outline
	var g sfnt.Glyph
	for gid := 0; gid < f.NumGlyphs() && len(os) < 400; gid++ {
		if f.LoadGlyph(uint16(gid), &g) != nil || g.NumContours <= 0 {
			continue
		}
		ppem := int64(9 + rng.Intn(40))
		dx, dy := int64(rng.Intn(64)), int64(rng.Intn(64))
		o := &Outline{Flags: []Flags{0, FlagOverlap, FlagEvenOddFill}[len(os)%3]}
		for i := range g.X {
			o.Points = append(o.Points, fixed.Point26_6{
				X: fixed.Int26_6(int64(g.X[i])*ppem*64/upem+dx) &^ 1,
				Y: fixed.Int26_6(int64(g.Y[i])*ppem*64/upem+dy) &^ 1,
			})
			o.Tags = append(o.Tags, g.Flags[i]&1)
		}
		for _, e := range g.EndPts {
			o.Contours = append(o.Contours, int(e))
		}
		os = append(os, o)
	}
	for k := 0; k < 30; k++ {
		// a closed cubic contour: on, two controls, on, two controls
		var pts []fixed.Point26_6
		for i := 0; i < 6; i++ {
			pts = append(pts, fixed.Point26_6{X: fixed.Int26_6(rng.Intn(750) * 2), Y: fixed.Int26_6(rng.Intn(750) * 2)})
		}
		os = append(os, &Outline{
			Points:   pts,
			Tags:     []uint8{TagOn, TagCubic, TagCubic, TagOn, TagCubic, TagCubic},
			Contours: []int{5},
			Flags:    []Flags{0, FlagOverlap}[k%2],
		})
	}
	return os
}

// Gray clips as FreeType does: cells left of the bitmap add their cover to
// its first column, cells right of, above and below it are dropped. So an
// outline drawn into any rectangle (the clipping renderLineClip path when
// the outline leaves it) gives exactly the pixels of the full bitmap
// (drawn inside the grid, renderLine's stepping path) that the rectangle
// holds, and zero outside the outline's box.
func TestGrayClipMatchesCrop(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	var g Gray
	n := 0
	for oi, o := range clipOutlines(t) {
		full := image.NewAlpha(GrayBounds(o, 0, 0))
		if err := g.Render(full, o, fixed.Point26_6{}); err != nil {
			t.Fatalf("outline %d: %v", oi, err)
		}
		fb := full.Rect
		for k := 0; k < 8; k++ {
			// rectangles overlapping the box, inside it, around it and
			// off it, in every direction
			x0 := fb.Min.X - 3 + rng.Intn(fb.Dx()+6)
			y0 := fb.Min.Y - 3 + rng.Intn(fb.Dy()+6)
			r := image.Rect(x0, y0, x0+1+rng.Intn(fb.Dx()+4), y0+1+rng.Intn(fb.Dy()+4))
			if k == 0 {
				r = fb.Inset(-2)
			}
			dst := image.NewAlpha(r)
			for i := range dst.Pix {
				dst.Pix[i] = 0x5a // Render must write every pixel
			}
			if err := g.Render(dst, o, fixed.Point26_6{}); err != nil {
				t.Fatalf("outline %d, %v: %v", oi, r, err)
			}
			for y := r.Min.Y; y < r.Max.Y; y++ {
				for x := r.Min.X; x < r.Max.X; x++ {
					want := full.AlphaAt(x, y).A // 0 outside full's box
					if got := dst.AlphaAt(x, y).A; got != want {
						t.Fatalf("outline %d (flags %#x) in %v: pixel %v = %d, full bitmap %v has %d",
							oi, o.Flags, r, image.Pt(x, y), got, fb, want)
					}
				}
			}
			n++
		}
	}
	if n < 3000 {
		t.Fatalf("only %d renders", n)
	}
	t.Log(fmt.Sprintf("%d clipped renders identical to the crops", n))
}
