//go:build ximage

// The comparison with golang.org/x/image/font/sfnt needs
// golang.org/x/text (imported by x/image/font/sfnt) in go.mod/go.sum,
// which the module does not list yet: run with -tags ximage after
// `go get golang.org/x/image/font/sfnt@v0.47.0`.

package sfnt_test

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"fontvm/internal/corpus"
	"fontvm/sfnt"

	xsfnt "golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// TestGoFontsOutlinesVsXImage compares every glyph outline of every Go
// font with golang.org/x/image/font/xsfnt.
func TestGoFontsOutlinesVsXImage(t *testing.T) {
	var buf xsfnt.Buffer
	compared, points, composites := 0, 0, 0
	fonts := append([]corpus.Font{}, corpus.GoFonts...)
	fonts = append(fonts, corpus.HintedFonts...)
	for _, cf := range fonts {
		data := corpus.Load(t, cf)
		f, err := sfnt.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		xf, err := xsfnt.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		if xf.NumGlyphs() != f.NumGlyphs() {
			t.Fatalf("%s: NumGlyphs %d, x/image %d", cf.Name, f.NumGlyphs(), xf.NumGlyphs())
		}
		upem := fixed.Int26_6(f.Head().UnitsPerEm)
		if int(xf.UnitsPerEm()) != int(upem) {
			t.Fatalf("%s: unitsPerEm %d, x/image %d", cf.Name, upem, xf.UnitsPerEm())
		}
		var g sfnt.Glyph
		for gid := 0; gid < f.NumGlyphs(); gid++ {
			want, xerr := xf.LoadGlyph(&buf, xsfnt.GlyphIndex(gid), upem, nil)
			got, ok := outline(t, f, uint16(gid), 0)
			if !ok {
				if xerr == nil {
					t.Errorf("%s: glyph %d: x/image loads a glyph this test cannot convert", cf.Name, gid)
				}
				continue
			}
			if xerr != nil {
				t.Errorf("%s: glyph %d: x/image error %v", cf.Name, gid, xerr)
				continue
			}
			if len(got) != len(want) {
				t.Errorf("%s: glyph %d: %d segments, x/image %d", cf.Name, gid, len(got), len(want))
				continue
			}
			for i := range got {
				w := want[i]
				for j := range w.Args {
					w.Args[j].Y = -w.Args[j].Y
				}
				if got[i].op != segOp(w.Op) || got[i].args != w.Args {
					t.Errorf("%s: glyph %d segment %d: %v %v, x/image %v %v", cf.Name, gid, i, got[i].op, got[i].args, w.Op, w.Args)
					break
				}
			}
			compared++
			if err := f.LoadGlyph(uint16(gid), &g); err == nil {
				points += len(g.X)
				if g.NumContours < 0 {
					composites++
				}
			}
		}
		// advance widths
		for gid := 0; gid < f.NumGlyphs(); gid++ {
			adv, _, err := f.HMetric(uint16(gid))
			if err != nil {
				t.Fatal(err)
			}
			xadv, err := xf.GlyphAdvance(&buf, xsfnt.GlyphIndex(gid), upem, 0)
			if err != nil {
				t.Fatal(err)
			}
			if fixed.Int26_6(adv) != xadv {
				t.Errorf("%s: glyph %d: advance %d, x/image %d", cf.Name, gid, adv, xadv)
			}
		}
	}
	if compared < 12*600 || (composites == 0 && corpus.Required()) {
		t.Fatalf("compared only %d glyphs (%d composites)", compared, composites)
	}
	t.Logf("compared %d glyphs (%d simple-glyph points, %d composites) with x/image/font/sfnt", compared, points, composites)
}

func TestCmapVsXImage(t *testing.T) {
	var buf xsfnt.Buffer
	fonts := append([]corpus.Font{}, corpus.GoFonts...)
	fonts = append(fonts, corpus.HintedFonts...)
	mapped, compared := 0, 0
	for _, cf := range fonts {
		data := corpus.Load(t, cf)
		f, err := sfnt.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		cm, err := f.Cmap()
		if err != nil {
			t.Fatalf("%s: %v", cf.Name, err)
		}
		xf, err := xsfnt.Parse(data)
		if err != nil {
			t.Fatalf("%s: x/image: %v", cf.Name, err)
		}
		for _, rg := range cmapRanges {
			for r := rg[0]; r <= rg[1]; r++ {
				want, err := xf.GlyphIndex(&buf, r)
				if err != nil {
					t.Fatalf("%s: x/image GlyphIndex(%U): %v", cf.Name, r, err)
				}
				got := cm.Lookup(r)
				if got != uint16(want) {
					t.Errorf("%s: %U -> %d, x/image %d", cf.Name, r, got, want)
					if t.Failed() && compared > 100 {
						return
					}
				}
				compared++
				if got != 0 {
					mapped++
				}
			}
		}
	}
	if mapped < 12*500 {
		t.Fatalf("only %d mapped code points", mapped)
	}
	t.Logf("compared %d lookups (%d mapped) with x/image/font/sfnt", compared, mapped)
}

var update = flag.Bool("update", false, "rewrite "+goldenFile+" from golang.org/x/image/font/sfnt")

// TestWriteXImageGolden (with -update) writes the golden file from
// x/image's decoding; without -update it checks that the file matches.
func TestWriteXImageGolden(t *testing.T) {
	var buf xsfnt.Buffer
	var out strings.Builder
	out.WriteString("# golang.org/x/image/font/sfnt v0.47.0 decoding of the corpus fonts; see golden_test.go.\n")
	out.WriteString("# Regenerate: go test -tags ximage -run TestWriteXImageGolden ./sfnt -update\n")
	for _, cf := range goldenFonts() {
		data := corpus.Load(t, cf)
		xf, err := xsfnt.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		upem := fixed.Int26_6(xf.UnitsPerEm())
		lines := goldenLines(xf.NumGlyphs(), func(gid int) ([]seg, bool) {
			segs, err := xf.LoadGlyph(&buf, xsfnt.GlyphIndex(gid), upem, nil)
			if err != nil {
				return nil, false
			}
			out := make([]seg, len(segs))
			for i, s := range segs {
				out[i].op = segOp(s.Op)
				for j, p := range s.Args {
					out[i].args[j] = fixed.Point26_6{X: p.X, Y: -p.Y}
				}
			}
			return out, true
		}, func(r rune) uint16 {
			g, err := xf.GlyphIndex(&buf, r)
			if err != nil {
				t.Fatal(err)
			}
			return uint16(g)
		})
		fmt.Fprintf(&out, "font %s sha256 %s\n", cf.Name, fontSHA(data))
		for _, l := range lines {
			out.WriteString(l + "\n")
		}
	}
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(goldenFile, []byte(out.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	old, err := os.ReadFile(goldenFile)
	if err != nil {
		t.Fatal(err)
	}
	if string(old) != out.String() {
		t.Errorf("%s is stale; rerun with -update", goldenFile)
	}
}
