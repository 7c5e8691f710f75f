//go:build reference

package face

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"fontvm/internal/corpus"
	"fontvm/internal/hbref"
	"fontvm/internal/kernfont"
	"fontvm/sfnt"
)

var updateKern = flag.Bool("update", false, "rewrite "+kernGoldenFile+" from the installed hb-shape")

// TestKernHarfBuzz compares Face.Kern (and sfnt's full pair adjustment)
// with HarfBuzz for every mapped pair of kernChars in every
// corpus.KernFonts font, live; with -update it rewrites the golden file
// TestKernGolden reads.
func TestKernHarfBuzz(t *testing.T) {
	version := hbref.Version(t)
	res := map[string][]kernPair{}
	var names []string
	total, totalEqual := 0, 0
	for _, cf := range corpus.KernFonts {
		data := corpus.Load(t, cf)
		path := cf.Path
		if path == "" {
			path = filepath.Join(t.TempDir(), cf.Name+".ttf")
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		f, err := sfnt.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		pairs := mappedPairs(f)
		lines := make([]string, len(pairs))
		for i, p := range pairs {
			lines[i] = string(p[:])
		}
		on := hbref.ShapeLines(t, path, lines, hbref.Disabled)
		off := hbref.ShapeLines(t, path, lines, hbref.Disabled+",-kern")
		cm, _ := f.Cmap()
		var ps []kernPair
		want := map[[2]rune]kernPair{}
		differ := 0
		for i, p := range pairs {
			kp := kernPair{r0: p[0], r1: p[1]}
			if d, ok := hbref.Delta(on[i], off[i], int(cm.Lookup(p[0])), int(cm.Lookup(p[1]))); ok {
				kp.kern, kp.dx1, kp.ax2 = d.Kern, d.Dx1, d.Ax2
			} else {
				kp.hbGlyphsDiffer = true
				differ++
			}
			ps = append(ps, kp)
			want[p] = kp
		}
		compared, equal := compareKern(t, cf.Name, f, want)
		if compared == 0 || compared != len(pairs)-differ {
			t.Fatalf("%s: compared %d pairs, want %d", cf.Name, compared, len(pairs)-differ)
		}
		kerned := 0
		for _, kp := range ps {
			if !kp.hbGlyphsDiffer && kp.kern != 0 {
				kerned++
			}
		}
		src := "GPOS"
		if unitFace(t, f).kern.gpos == nil {
			src = "kern table"
		}
		t.Logf("%s (%s): %d/%d pairs equal to HarfBuzz %s (%.2f%%; %d kerned by HarfBuzz; %d shaped with other glyphs, not compared)",
			cf.Name, src, equal, compared, version, 100*float64(equal)/float64(compared), kerned, differ)
		total += compared
		totalEqual += equal
		res[cf.Name] = ps
		names = append(names, cf.Name)
	}
	t.Logf("all fonts: %d/%d pairs equal to HarfBuzz %s", totalEqual, total, version)
	if *updateKern {
		writeKernGolden(t, version, names, res)
		t.Logf("wrote %s", kernGoldenFile)
	}
}

// TestKernMarksHarfBuzz shapes every pair of kernfont's characters with
// hb-shape, with 'kern' and without, on its GPOS and 'kern' table fonts,
// and checks that Face.Kern is HarfBuzz's change of (first x_advance +
// second x_offset): it confirms kernMarkWant, which TestKernMarks checks
// without HarfBuzz.
func TestKernMarksHarfBuzz(t *testing.T) {
	version := hbref.Version(t)
	for name, w := range kernMarkFonts() {
		f, data := kernfont.Parse(t, w)
		path := filepath.Join(t.TempDir(), name+".ttf")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		var lines []string
		for _, a := range kernfont.Runes {
			for _, b := range kernfont.Runes {
				lines = append(lines, string([]rune{a, b}))
			}
		}
		on := hbref.ShapeLines(t, path, lines, hbref.Disabled)
		off := hbref.ShapeLines(t, path, lines, hbref.Disabled+",-kern")
		fc := unitFace(t, f)
		compared, kerned := 0, 0
		for i, l := range lines {
			r := []rune(l)
			d, ok := hbref.Delta(on[i], off[i], int(fc.GlyphIndex(r[0])), int(fc.GlyphIndex(r[1])))
			if !ok {
				// HarfBuzz's normalizer reorders U+0301 U+0327 (combining
				// classes 230, 202).
				if l == "\u0301\u0327" {
					continue
				}
				t.Fatalf("%s %q: HarfBuzz shaped other glyphs: %v / %v", name, l, on[i], off[i])
			}
			if got := fc.Kern(r[0], r[1]); got != fixedUnits(d.Kern) {
				t.Errorf("%s %U %U: Kern %v, HarfBuzz %s %d units", name, r[0], r[1], got, version, d.Kern)
			}
			compared++
			if d.Kern != 0 {
				kerned++
			}
		}
		if compared != 35 || kerned != len(kernMarkWant[name]) {
			t.Fatalf("%s: compared %d pairs (%d kerned by HarfBuzz), want 35 (%d)", name, compared, kerned, len(kernMarkWant[name]))
		}
		t.Logf("%s: %d pairs equal to HarfBuzz %s (%d kerned)", name, compared, version, kerned)
	}
}
