//go:build reference

package raster

import (
	"fmt"
	"image"
	"os"
	"strings"
	"testing"
	"time"

	"fontvm/internal/corpus"
	"fontvm/raster/internal/rref"
	"fontvm/sfnt"

	"golang.org/x/image/math/fixed"
)

// refFonts are the fonts of the rasterizer comparison.
func refFonts(t *testing.T) []corpus.Font {
	var fs []corpus.Font
	for _, f := range corpus.HintedFonts {
		if f.Name == "DejaVuSans" || f.Name == "LiberationSans" {
			fs = append(fs, f)
		}
	}
	return append(fs, corpus.GoFonts[0])
}

func outlineOf(g *rref.Glyph) *Outline {
	o := &Outline{
		Points:   make([]fixed.Point26_6, len(g.XY)/2),
		Tags:     g.Tags,
		Contours: g.Contours,
		Flags:    Flags(g.Flags),
	}
	for i := range o.Points {
		o.Points[i] = fixed.Point26_6{X: fixed.Int26_6(g.XY[2*i]), Y: fixed.Int26_6(g.XY[2*i+1])}
	}
	return o
}

type cmpStats struct {
	glyphs, identical, boxDiff, errs int
	pixels, absDiff, inked           int64
	worst                            string
}

// compareRaster renders FreeType's own outline of every glyph with Mono or
// Gray and compares the bitmap with FreeType's.
func compareRaster(t *testing.T, font []byte, ppem int, mode rref.Mode, mono bool, st *cmpStats) {
	gs, err := rref.Load(font, ppem, mode, mono)
	if err != nil {
		t.Fatal(err)
	}
	var m Mono
	var gr Gray
	var img image.Alpha
	for i := range gs {
		g := &gs[i]
		if g.Err != 0 {
			st.errs++
			continue
		}
		st.glyphs++
		o := outlineOf(g)
		var r image.Rectangle
		if mono {
			r = MonoBounds(o, 0, 0)
		} else {
			r = GrayBounds(o, 0, 0)
		}
		want := image.Rect(g.Left, -g.Top, g.Left+g.Width, -g.Top+g.Rows)
		if g.Width == 0 || g.Rows == 0 {
			want = image.Rectangle{}
		}
		if r != want {
			st.boxDiff++
			if st.worst == "" {
				st.worst = fmt.Sprintf("gid %d: box %v, FreeType %v", g.GID, r, want)
			}
			continue
		}
		img.Rect = r
		img.Stride = r.Dx()
		if cap(img.Pix) < r.Dx()*r.Dy() {
			img.Pix = make([]byte, r.Dx()*r.Dy())
		}
		img.Pix = img.Pix[:r.Dx()*r.Dy()]
		if mono {
			err = m.Render(&img, o, fixed.Point26_6{})
		} else {
			err = gr.Render(&img, o, fixed.Point26_6{})
		}
		if err != nil {
			t.Errorf("ppem %d gid %d: %v", ppem, g.GID, err)
			continue
		}
		same := true
		for k, v := range g.Pix {
			if v != 0 {
				st.inked++
			}
			d := int64(v) - int64(img.Pix[k])
			if d != 0 {
				same = false
				if d < 0 {
					d = -d
				}
				st.absDiff += d
			}
		}
		st.pixels += int64(len(g.Pix))
		if same {
			st.identical++
		} else if st.worst == "" {
			st.worst = fmt.Sprintf("ppem %d gid %d differs:\n%s", ppem, g.GID, sideBySide(g.Pix, img.Pix, g.Width, g.Rows))
		}
	}
}

// TestReferenceRasterizers compares Mono and Gray with FreeType's ftraster
// and ftgrays on FreeType's own outlines (unhinted, and hinted with
// interpreter versions 35 and 40), for every glyph of DejaVu Sans,
// Liberation Sans and Go Regular at 9-24 ppem. This isolates the
// rasterizers from the interpreter. Mono must be bit-identical; Gray must
// stay within one gray level on average and is reported.
func TestReferenceRasterizers(t *testing.T) {
	t.Logf("FreeType %s", rref.Version())
	ppems := []int{9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24}
	if s := os.Getenv("FONTVM_RASTER_PPEMS"); s != "" {
		ppems = ppems[:0]
		for _, f := range strings.Split(s, ",") {
			var p int
			fmt.Sscan(f, &p)
			ppems = append(ppems, p)
		}
	}
	for _, f := range refFonts(t) {
		data := corpus.Load(t, f)
		sf, err := sfnt.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		for _, mode := range []rref.Mode{0, 35, 40} {
			for _, mono := range []bool{true, false} {
				name := fmt.Sprintf("%s/mode%d/%s", f.Name, mode, map[bool]string{true: "mono", false: "gray"}[mono])
				t.Run(name, func(t *testing.T) {
					var st cmpStats
					for _, ppem := range ppems {
						compareRaster(t, data, ppem, mode, mono, &st)
					}
					mean := 0.0
					if st.pixels > 0 {
						mean = float64(st.absDiff) / float64(st.pixels)
					}
					t.Logf("%s: %d glyph bitmaps, %d identical (%.4f%%), %d boxes differ, %d load errors (both sides skip), mean |diff| %.5f per pixel over %d pixels (%d inked)",
						name, st.glyphs, st.identical, 100*float64(st.identical)/float64(max(st.glyphs, 1)), st.boxDiff, st.errs, mean, st.pixels, st.inked)
					if st.identical != st.glyphs {
						t.Errorf("%s: %d of %d bitmaps differ; first: %s", name, st.glyphs-st.identical, st.glyphs, st.worst)
					}
					// Count guard: FreeType's side held every glyph of
					// every ppem (a bitmap or a load error).
					if want := sf.NumGlyphs() * len(ppems); st.glyphs+st.errs != want || st.glyphs == 0 {
						t.Errorf("%s: %d bitmaps and %d load errors, want %d glyphs in all", name, st.glyphs, st.errs, want)
					}
				})
			}
		}
	}
}

// BenchmarkReferenceSpeed renders every glyph of Go Regular and DejaVu
// Sans at 16 ppem (FreeType's hinted v40 outlines) with Mono and Gray and
// with FreeType's FT_Outline_Get_Bitmap on the same outlines and boxes,
// both clearing the bitmap first, and reports fontvm's time as a multiple
// of FreeType's measured in the same run ("x-freetype").
func BenchmarkReferenceSpeed(b *testing.B) {
	for _, mono := range []bool{true, false} {
		b.Run(map[bool]string{true: "mono", false: "gray"}[mono], func(b *testing.B) {
			var placed []rref.Placed
			var outs []*Outline
			var boxes []image.Rectangle
			for _, cf := range []corpus.Font{corpus.GoFonts[0], corpus.HintedFonts[0]} {
				gs, err := rref.Load(corpus.Load(b, cf), 16, 40, mono)
				if err != nil {
					b.Fatal(err)
				}
				for i := range gs {
					g := &gs[i]
					if g.Err != 0 || len(g.Contours) == 0 {
						continue
					}
					o := outlineOf(g)
					r := GrayBounds(o, 0, 0)
					if mono {
						r = MonoBounds(o, 0, 0)
					}
					p := rref.Placed{Tags: g.Tags, Contours: g.Contours, Flags: g.Flags, W: r.Dx(), H: r.Dy()}
					dx, dy := int32(-r.Min.X*64), int32(r.Max.Y*64)
					for k := 0; k < len(g.XY); k += 2 {
						p.XY = append(p.XY, g.XY[k]+dx, g.XY[k+1]+dy)
					}
					placed = append(placed, p)
					outs = append(outs, o)
					boxes = append(boxes, r)
				}
			}
			var m Mono
			var gr Gray
			img := &image.Alpha{}
			b.ResetTimer()
			var goNs, ftNs int64
			for i := 0; i < b.N; i++ {
				t0 := time.Now()
				for k, o := range outs {
					r := boxes[k]
					img.Rect, img.Stride = r, r.Dx()
					if cap(img.Pix) < r.Dx()*r.Dy() {
						img.Pix = make([]byte, r.Dx()*r.Dy())
					}
					img.Pix = img.Pix[:r.Dx()*r.Dy()]
					if mono {
						_ = m.Render(img, o, fixed.Point26_6{})
					} else {
						_ = gr.Render(img, o, fixed.Point26_6{})
					}
				}
				goNs += time.Since(t0).Nanoseconds()
				ns, err := rref.TimeRender(placed, mono, 1)
				if err != nil {
					b.Fatal(err)
				}
				ftNs += ns
			}
			b.ReportMetric(float64(goNs)/float64(max(ftNs, 1)), "x-freetype")
			b.ReportMetric(float64(goNs)/float64(b.N*len(outs)), "ns/glyph")
		})
	}
}
