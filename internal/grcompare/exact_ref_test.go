//go:build reference

package grcompare

import (
	"fmt"
	"testing"

	"fontvm/graphite/shape"
	"fontvm/internal/corpus"
	"fontvm/internal/grref"
)

// exactScales are the font sizes TestEngineExactFloat32 shapes at, in
// pixels per em: 0 stands for the golden files' scale 1 (ppm =
// unitsPerEm, design units); the others are text sizes, one fractional.
var exactScales = []float32{0, 11, 16.5, 40}

// TestEngineExactFloat32 shapes every golden case (each text with its
// options: features, language, direction, justification) with fontvm's
// engine and with the linked graphite2 at each of exactScales, and
// compares every position and advance as float32 values, printed in the
// shortest form that reads back to the same float32 (LinePrec(-1)), so a
// difference in the last bit of any value fails: the golden files' three
// decimals in design units, and the CLI's six in pixels, are roundings of
// these values. Every case must give the same segment or none on both
// sides, and every case is counted.
func TestEngineExactFloat32(t *testing.T) {
	total := 0
	for _, gf := range GoldenFonts {
		t.Run(gf.Font.Name, func(t *testing.T) {
			g, err := ReadGolden(GoldenPath(gf.Font.Name))
			if err != nil {
				t.Fatal(err)
			}
			font := corpus.Load(t, gf.Font)
			face, err := shape.Load(font)
			if err != nil {
				t.Fatal(err)
			}
			sh := shape.NewShaper(face)
			for _, ppm := range exactScales {
				var ref *grref.Face
				scale := float32(1)
				if ppm == 0 {
					ref, err = grref.Open(font)
				} else {
					ref, err = grref.OpenPPM(font, ppm)
					scale = face.Scale(ppm)
				}
				if err != nil {
					t.Fatal(err)
				}
				n, bad := 0, 0
				for _, c := range g.Cases {
					want := NoSegment
					if r, err := ref.Shape(c.Text, c.Options); err == nil {
						want = r.LinePrec(-1)
					}
					got := NoSegment
					if r, err := EngineShape(sh, c.Text, c.Options, scale); err == nil {
						got = r.LinePrec(-1)
					}
					n++
					if got != want {
						bad++
						if bad <= 3 {
							t.Errorf("ppm %v line %d [%s] %s:\n got  %s\n want %s", ppm, c.Line, c.Opts, grref.Codes(c.Text), got, want)
						}
					}
				}
				ref.Close()
				if n != len(g.Cases) || n == 0 || bad > 0 {
					t.Errorf("ppm %v: %d of %d cases differ in some float32 value (%d golden cases)", ppm, bad, n, len(g.Cases))
				}
				total += n
				t.Logf("ppm %s: %d/%d cases identical to graphite2 in every float32 bit", ppmName(ppm), n-bad, n)
			}
		})
	}
	t.Logf("%d shapings (golden cases x %d sizes) compared bit for bit", total, len(exactScales))
}

// ppmName names a size of exactScales.
func ppmName(ppm float32) string {
	if ppm == 0 {
		return "unitsPerEm (design units)"
	}
	return fmt.Sprint(ppm)
}
