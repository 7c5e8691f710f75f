//go:build reference

package raster_test

import (
	"fmt"
	"testing"

	"fontvm/face"
	"fontvm/internal/corpus"
	"fontvm/raster"
	"fontvm/raster/internal/rref"
	"fontvm/sfnt"

	"golang.org/x/image/font"
)

// knownFlags are the outline flags fontvm models.
const knownFlags = raster.FlagEvenOddFill | raster.FlagIgnoreDropouts | raster.FlagSmartDropouts |
	raster.FlagIncludeStubs | raster.FlagOverlap | raster.FlagHighPrecision | raster.FlagSinglePass

// TestReferenceOutlines compares, glyph by glyph at 9, 12, 16 and 24 ppem, the outline a Face hands
// to the rasterizers (points, contour ends, tags including the scan-mode
// marks, and the outline flags that select drop-out control, precision
// and overlap handling) with the FT_Outline FreeType hands to its own
// rasterizers after FT_Load_Glyph.
func TestReferenceOutlines(t *testing.T) {
	fonts := []corpus.Font{corpus.GoFonts[0]}
	for _, f := range corpus.HintedFonts {
		if f.Name == "DejaVuSans" || f.Name == "LiberationSans" {
			fonts = append(fonts, f)
		}
	}
	modes := []struct {
		h font.Hinting
		m rref.Mode
	}{{font.HintingNone, 0}, {font.HintingVertical, 40}, {font.HintingFull, 35}}
	for _, cf := range fonts {
		data := corpus.Load(t, cf)
		sf, err := sfnt.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		for _, md := range modes {
			for _, mono := range []bool{false, true} {
				name := fmt.Sprintf("%s/mode%d/mono=%v", cf.Name, md.m, mono)
				t.Run(name, func(t *testing.T) {
					var glyphs, same, scanTags, errs int
					first := ""
					ppems := []int{9, 12, 16, 24}
					for _, ppem := range ppems {
						gs, err := rref.Load(data, ppem, md.m, mono)
						if err != nil {
							t.Fatal(err)
						}
						fc, err := face.NewFace(sf, &face.FaceOptions{Size: float64(ppem), Hinting: md.h, Mono: mono})
						if err != nil {
							t.Fatal(err)
						}
						var o raster.Outline
						for i := range gs {
							g := &gs[i]
							if g.Err != 0 {
								errs++
								continue
							}
							glyphs++
							if _, err := fc.LoadOutline(uint16(g.GID), &o); err != nil {
								t.Fatalf("gid %d: %v", g.GID, err)
							}
							diff := ""
							switch {
							case len(o.Points) != len(g.XY)/2:
								diff = "point count"
							case fmt.Sprint(o.Contours) != fmt.Sprint(g.Contours):
								diff = "contours"
							case !sameTags(o.Tags, g.Tags):
								diff = fmt.Sprintf("tags %x vs FreeType %x", o.Tags, g.Tags)
							case o.Flags&knownFlags != raster.Flags(g.Flags)&knownFlags:
								diff = fmt.Sprintf("flags %#x vs FreeType %#x", o.Flags, g.Flags)
							}
							for k := 0; diff == "" && k < len(o.Points); k++ {
								if int32(o.Points[k].X) != g.XY[2*k] || int32(o.Points[k].Y) != g.XY[2*k+1] {
									diff = fmt.Sprintf("point %d", k)
								}
							}
							for _, tg := range g.Tags {
								if tg&raster.TagHasScanMode != 0 {
									scanTags++
								}
							}
							if diff == "" {
								same++
							} else if first == "" {
								first = fmt.Sprintf("ppem %d gid %d: %s", ppem, g.GID, diff)
							}
						}
					}
					t.Logf("%s: %d outlines, %d identical; %d scan-mode tags in FreeType's", name, glyphs, same, scanTags)
					// Count guard: FreeType's side held every glyph of every ppem.
					if want := sf.NumGlyphs() * len(ppems); glyphs+errs != want || glyphs == 0 {
						t.Errorf("%s: %d outlines and %d FreeType errors, want %d glyphs in all", name, glyphs, errs, want)
					}
					if same != glyphs {
						t.Errorf("%s: %d outlines differ; first: %s", name, glyphs-same, first)
					}
				})
			}
		}
	}
}

// sameTags compares tags in the bits the rasterizers read: on/cubic (0-1),
// has-scan-mode (2) and the scan mode (5-7). FreeType's hinted outlines
// also keep the interpreter's touch flags in bits 3 and 4.
func sameTags(a, b []uint8) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i]&0xe7 != b[i]&0xe7 {
			return false
		}
	}
	return true
}

// TestReferenceKerning compares Face.KernIndex on the legacy 'kern'
// table with FreeType's FT_Get_Kerning(FT_KERNING_UNFITTED) (the value
// scaled by x_scale, which both read the same way in these fonts' tables
// of fewer than 64 KiB), rounded to whole pixels for hinted faces, for
// every pair listed in the kern tables of DejaVu Sans and Liberation
// Sans, plus pairs that are not listed, at 9-24 ppem. The fonts kern in
// GPOS too, which Face prefers as HarfBuzz does; the test hides their
// GPOS (renames it in the table directory) so that Face reads 'kern'.
// Pairs with a GDEF mark are left out: HarfBuzz, which Face follows,
// treats marks differently from FreeType (face's TestKernGolden checks
// them against HarfBuzz).
func TestReferenceKerning(t *testing.T) {
	for _, cf := range corpus.HintedFonts {
		if cf.Name != "DejaVuSans" && cf.Name != "LiberationSans" {
			continue
		}
		data := hideTable(t, corpus.Load(t, cf), "GPOS")
		sf, err := sfnt.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		if sf.HasTable(sfnt.TagGPOS) {
			t.Fatal("GPOS still visible")
		}
		kt := sf.Table(sfnt.MakeTag("kern"))
		var pairs []uint32
		// first subtable's pairs (format 0): header 4, subtable header 6, nPairs etc 8
		if len(kt) > 18 {
			n := int(kt[10])<<8 | int(kt[11])
			for i := 0; i < n && 18+6*i+6 <= len(kt); i++ {
				q := 18 + 6*i
				pairs = append(pairs, uint32(kt[q])<<24|uint32(kt[q+1])<<16|uint32(kt[q+2])<<8|uint32(kt[q+3]))
			}
		}
		for i := 0; i < 50; i++ {
			pairs = append(pairs, uint32(i*37%300)<<16|uint32(i*91%300))
		}
		marks := 0
		for i := 0; i < len(pairs); i++ {
			if sf.GlyphClass(uint16(pairs[i]>>16)) == 3 || sf.GlyphClass(uint16(pairs[i])) == 3 {
				pairs = append(pairs[:i], pairs[i+1:]...)
				i--
				marks++
			}
		}
		if len(pairs) < 100 {
			t.Fatalf("%s: only %d kern pairs", cf.Name, len(pairs))
		}
		nonzero := 0
		for ppem := 9; ppem <= 24; ppem++ {
			want, err := rref.Kerning(data, ppem, pairs, false)
			if err != nil {
				t.Fatal(err)
			}
			for _, h := range []font.Hinting{font.HintingNone, font.HintingFull} {
				fc, err := face.NewFace(sf, &face.FaceOptions{Size: float64(ppem), Hinting: h})
				if err != nil {
					t.Fatal(err)
				}
				for i, p := range pairs {
					got := int(fc.KernIndex(uint16(p>>16), uint16(p)))
					w := want[i]
					if h != font.HintingNone {
						w = (w + 32) &^ 63
					}
					if got != w {
						t.Fatalf("%s ppem %d hinting %v pair %d,%d: %d, FreeType (unfitted, rounded if hinted) %d", cf.Name, ppem, h, p>>16, p&0xffff, got, w)
					}
					if got != 0 {
						nonzero++
					}
				}
			}
		}
		t.Logf("%s: %d pairs × 16 sizes × 2 modes match FreeType (%d non-zero values; %d pairs with a mark left out)", cf.Name, len(pairs), nonzero, marks)
	}
}

// hideTable returns a copy of font with table tag renamed in the table
// directory (its first letter replaced by 'X'), so that readers do not
// find it.
func hideTable(t *testing.T, font []byte, tag string) []byte {
	t.Helper()
	b := append([]byte(nil), font...)
	n := int(b[4])<<8 | int(b[5])
	for i := 0; i < n && 12+16*i+16 <= len(b); i++ {
		r := b[12+16*i:]
		if string(r[:4]) == tag {
			r[0] = 'X'
			return b
		}
	}
	t.Fatalf("no %s table to hide", tag)
	return nil
}

// TestReferenceMetrics compares Face.Metrics' ascent, descent and height
// with FreeType's size metrics for every corpus font at 9-24 ppem.
func TestReferenceMetrics(t *testing.T) {
	fonts := append(append([]corpus.Font{}, corpus.GoFonts...), corpus.HintedFonts...)
	for _, cf := range fonts {
		data := corpus.Load(t, cf)
		sf, err := sfnt.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		for ppem := 9; ppem <= 24; ppem++ {
			want, err := rref.SizeMetrics(data, ppem)
			if err != nil {
				t.Fatal(err)
			}
			fc, err := face.NewFace(sf, &face.FaceOptions{Size: float64(ppem)})
			if err != nil {
				t.Fatal(err)
			}
			m := fc.Metrics()
			if int(m.Ascent) != want[0] || int(m.Descent) != -want[1] || int(m.Height) != want[2] {
				t.Errorf("%s ppem %d: ascent %d descent %d height %d; FreeType %d %d %d",
					cf.Name, ppem, m.Ascent, m.Descent, m.Height, want[0], -want[1], want[2])
			}
		}
	}
}
