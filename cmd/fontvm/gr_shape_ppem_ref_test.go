//go:build reference

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fontvm/internal/corpus"
	"fontvm/internal/grref"
)

// grShapePPEMs are the sizes TestGRShapePPEMAgainstGraphite2 shapes at:
// small and large text sizes, a fractional one, and one whose scale is
// not a short binary fraction of any unitsPerEm (so float32 rounding of
// every product shows).
var grShapePPEMs = []float64{9, 12, 16.5, 23, 37}

// TestGRShapePPEMAgainstGraphite2 runs `fontvm gr shape FONT --ppem P -f
// TEXTS` on the real texts of the Graphite corpus fonts (the golden texts,
// graphite/shape/testdata/texts: Padauk, Awami Nastaliq and Scheherazade
// right to left, Abyssinica, Annapurna) at each of grShapePPEMs, plain and
// justified to 110 %, and requires every output line to equal graphite2's
// result for gr_make_font(P, face) (grref.OpenPPM) printed with the same
// six decimals: every glyph id, x, y, the advance and the clusters. Every
// text must give a line on both sides (count guard: lines, glyphs).
func TestGRShapePPEMAgainstGraphite2(t *testing.T) {
	root := corpus.Root()
	totalLines, totalGlyphs := 0, 0
	for _, cf := range corpus.GraphiteFonts {
		rtl := cf.Name == "AwamiNastaliq" || cf.Name == "Scheherazade"
		textsPath := filepath.Join(root, "graphite", "shape", "testdata", "texts", cf.Name+".txt")
		tb, err := os.ReadFile(textsPath)
		if err != nil {
			t.Fatal(err)
		}
		var texts [][]rune
		for _, l := range strings.Split(strings.TrimSuffix(string(tb), "\n"), "\n") {
			texts = append(texts, []rune(l))
		}
		if len(texts) < 300 {
			t.Fatalf("%s: %d texts, want at least 300", textsPath, len(texts))
		}
		data := corpus.Load(t, cf)
		for _, ppem := range grShapePPEMs {
			for _, justify := range []int{0, 110} {
				name := fmt.Sprintf("%s/%gppem/j%d", cf.Name, ppem, justify)
				t.Run(name, func(t *testing.T) {
					ref, err := grref.OpenPPM(data, float32(ppem))
					if err != nil {
						t.Fatal(err)
					}
					defer ref.Close()
					args := []string{"gr", "shape", cf.Path, "--ppem", fmt.Sprint(ppem), "-f", textsPath}
					if rtl {
						args = append(args, "--rtl")
					}
					if justify > 0 {
						args = append(args, "--justify", fmt.Sprint(justify))
					}
					out, status := grShapeCapture(t, args...)
					if status != 0 {
						t.Fatalf("fontvm %s: exit %d", strings.Join(args, " "), status)
					}
					got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
					if len(got) != len(texts) {
						t.Fatalf("%d lines for %d texts", len(got), len(texts))
					}
					bad, glyphs := 0, 0
					for i, text := range texts {
						r, err := ref.Shape(text, grref.Options{RTL: rtl, Justify: justify})
						if err != nil {
							t.Fatalf("text %d (%s): graphite2: %v", i+1, grref.Codes(text), err)
						}
						glyphs += len(r.Glyphs)
						if want := r.LinePrec(grShapePixelDecimals); got[i] != want {
							bad++
							if bad <= 3 {
								t.Errorf("text %d (%s):\n got  %s\n want %s", i+1, grref.Codes(text), got[i], want)
							}
						}
					}
					if bad > 0 {
						t.Errorf("%d of %d lines differ from graphite2 at 6 decimals", bad, len(texts))
					}
					if glyphs < len(texts) {
						t.Errorf("%d glyphs for %d texts", glyphs, len(texts))
					}
					totalLines += len(texts)
					totalGlyphs += glyphs
					t.Logf("%d/%d lines (%d glyphs) identical to graphite2 at 6 decimals", len(texts)-bad, len(texts), glyphs)
				})
			}
		}
	}
	t.Logf("gr shape --ppem: %d fonts x %d sizes x 2 (plain, justified): %d lines, %d glyphs compared with graphite2",
		len(corpus.GraphiteFonts), len(grShapePPEMs), totalLines, totalGlyphs)
}
