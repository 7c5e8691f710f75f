package face

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"fontvm/internal/corpus"
	"fontvm/sfnt"
)

// charSizeGoldenFile records FreeType's bitmaps and advances of every
// glyph of Go Regular, and of Go Regular with head.flags bit 3 cleared
// (hinted at fractional scales), at the char sizes of charSizeSpecs, per
// hinting mode and render mode (TestReferenceCharSizeGolden writes it).
const charSizeGoldenFile = "testdata/charsizes-bitmaps.golden"

// charSizeSpecs are the fractional and non-square sizes of the char-size
// tests, in ptsdiff's notation: "P" is P pixels per em (P points at 72
// DPI), "PT@X" and "PT@XxY" PT points at X (by Y) DPI.
var charSizeSpecs = []string{"11@96", "13.5", "12@96x72", "10@72x96", "7.5@96", "20.75", "10.5@120"}

// parseSizeSpec reads a charSizeSpecs entry: points and resolutions.
func parseSizeSpec(t *testing.T, s string) (pt float64, xdpi, ydpi uint32) {
	xdpi, ydpi = 72, 72
	ps, dpi, found := strings.Cut(s, "@")
	pt, err := strconv.ParseFloat(ps, 64)
	if err != nil {
		t.Fatalf("bad size %q", s)
	}
	if found {
		xs, ys, two := strings.Cut(dpi, "x")
		x, err1 := strconv.ParseUint(xs, 10, 32)
		y := x
		var err2 error
		if two {
			y, err2 = strconv.ParseUint(ys, 10, 32)
		}
		if err1 != nil || err2 != nil {
			t.Fatalf("bad size %q", s)
		}
		xdpi, ydpi = uint32(x), uint32(y)
	}
	return pt, xdpi, ydpi
}

// charSizeGoldenFonts are the fonts of charSizeGoldenFile.
func charSizeGoldenFonts() []corpus.Font {
	return []corpus.Font{corpus.GoFonts[0], corpus.GoRegularFractional()}
}

// charSizeGoldenKey names one entry of charSizeGoldenFile.
func charSizeGoldenKey(font, spec, mode string, mono bool) string {
	return fmt.Sprintf("%s %s %s %s", font, spec, mode, map[bool]string{false: "gray", true: "mono"}[mono])
}

// TestCharSizeGoldenBitmaps checks a Face's bitmaps and advances of
// every glyph of both fonts at every char size, mode and render mode
// against FreeType's hashes (with -short, 11 pt at 96 DPI and 12 pt at
// 96×72 DPI only).
func TestCharSizeGoldenBitmaps(t *testing.T) {
	golden, version := readGoldenFile(t, charSizeGoldenFile)
	if version == "" || len(golden) != 2*len(charSizeSpecs)*len(goldenModes)*2 {
		t.Fatalf("%s: %d entries, FreeType version %q", filepath.Base(charSizeGoldenFile), len(golden), version)
	}
	n := 0
	for _, cf := range charSizeGoldenFonts() {
		sf, err := sfnt.Parse(cf.Data)
		if err != nil {
			t.Fatal(err)
		}
		for _, spec := range charSizeSpecs {
			if testing.Short() && spec != "11@96" && spec != "12@96x72" {
				continue
			}
			pt, x, y := parseSizeSpec(t, spec)
			for _, md := range goldenModes {
				for _, mono := range []bool{false, true} {
					k := charSizeGoldenKey(cf.Name, spec, md.name, mono)
					opts := &FaceOptions{Size: pt, DPI: float64(x), YDPI: float64(y), Hinting: md.h, Mono: mono}
					if got := faceHash(t, sf, opts, true); got != golden[k] {
						t.Errorf("%s: bitmaps or advances differ from FreeType %s's", k, version)
					}
					n++
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("nothing compared")
	}
	t.Logf("%d configurations agree with FreeType %s", n, version)
}
