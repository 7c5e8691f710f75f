package sfnt_test

import (
	"bufio"
	"fmt"
	"math/rand"
	"os"
	"strconv"
	"strings"
	"testing"

	"fontvm/internal/corpus"
	"fontvm/sfnt"
)

// varGoldenFile records, per variable corpus font and sampled design
// coordinates, FreeType's normalized coordinates and a hash of the HVAR
// (or phantom-point) linear advances in font units. It is written by
// TestVariationsReference (-tags reference, FONTVM_UPDATE_GOLDEN=1).
const varGoldenFile = "testdata/variations.golden"

// varSamples returns design coordinate vectors (16.16) to test a font
// at: each named instance, each axis at its minimum, maximum and a
// quarter of the way to each, and seeded random points (off-grid values,
// some outside the axis range).
func varSamples(v *sfnt.Variations, seed int64) [][]int64 {
	var out [][]int64
	for _, ni := range v.Instances {
		out = append(out, append([]int64(nil), ni.Coords...))
	}
	for i, a := range v.Axes {
		for _, x := range []int64{a.RawMin, a.RawMax, a.Default + (a.RawMin-a.Default)/4, a.Default + (a.RawMax-a.Default)/4} {
			c := v.DefaultDesign()
			c[i] = x
			out = append(out, c)
		}
	}
	r := rand.New(rand.NewSource(seed))
	for k := 0; k < 20; k++ {
		c := v.DefaultDesign()
		for i, a := range v.Axes {
			span := a.RawMax - a.RawMin + 1
			c[i] = a.RawMin - span/8 + r.Int63n(span+span/4)
		}
		out = append(out, c)
	}
	return out
}

// fmtCoords formats coordinates as a golden field.
func fmtCoords[T int32 | int64](c []T) string {
	s := make([]string, len(c))
	for i, x := range c {
		s[i] = strconv.FormatInt(int64(x), 10)
	}
	return strings.Join(s, ",")
}

// linearAdvances returns the linear advances (font units) this package
// computes at coords for the HVAR fonts: hmtx plus the HVAR delta,
// truncated to 16 bits as tt_face_get_metrics stores it. ok is false
// without a usable HVAR.
func linearAdvances(t *testing.T, f *sfnt.Font, v *sfnt.Variations, coords []int32) ([]int64, bool) {
	hv, err := f.MetricsVar(sfnt.TagHVAR, v.NumAxes())
	if err != nil {
		return nil, false
	}
	adv := make([]int64, f.NumGlyphs())
	for g := range adv {
		a, _, err := f.HMetric(uint16(g))
		if err != nil {
			t.Fatal(err)
		}
		d, ok := hv.AdvanceDelta(g, coords)
		if ok {
			a = uint16(int(a) + d)
		}
		adv[g] = int64(a)
	}
	return adv, true
}

// hashAdvances is a short FNV-style hash of advances for the golden file.
func hashAdvances(a []int64) string {
	h := uint64(14695981039346656037)
	for _, x := range a {
		h ^= uint64(x)
		h *= 1099511628211
	}
	return fmt.Sprintf("%016x", h)
}

// TestVariationsGolden checks normalization and HVAR advances against
// FreeType's, recorded in varGoldenFile.
func TestVariationsGolden(t *testing.T) {
	fh, err := os.Open(varGoldenFile)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	fonts := map[string]*sfnt.Font{}
	vars := map[string]*sfnt.Variations{}
	for _, cf := range corpus.VariableFonts {
		f, err := sfnt.Parse(corpus.Load(t, cf))
		if err != nil {
			t.Fatal(err)
		}
		v, err := f.Variations()
		if err != nil {
			t.Fatal(cf.Name, err)
		}
		fonts[cf.Name], vars[cf.Name] = f, v
	}
	sc := bufio.NewScanner(fh)
	nNorm, nAdv := 0, 0
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			continue
		}
		fl := strings.Split(line, "\t")
		if len(fl) != 4 {
			t.Fatalf("bad golden line %q", line)
		}
		f, v := fonts[fl[0]], vars[fl[0]]
		if f == nil {
			t.Fatalf("golden font %s not in corpus.VariableFonts", fl[0])
		}
		var design []int64
		for _, s := range strings.Split(fl[1], ",") {
			x, err := strconv.ParseInt(s, 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			design = append(design, x)
		}
		norm, err := v.Normalize(nil, design)
		if err != nil {
			t.Fatalf("%s %s: %v", fl[0], fl[1], err)
		}
		if got := fmtCoords(norm); got != fl[2] {
			t.Errorf("%s design %s: normalized %s, FreeType %s", fl[0], fl[1], got, fl[2])
		}
		nNorm++
		if fl[3] != "-" {
			adv, ok := linearAdvances(t, f, v, norm)
			if !ok {
				t.Fatalf("%s: no HVAR", fl[0])
			}
			if got := hashAdvances(adv); got != fl[3] {
				t.Errorf("%s design %s: advance hash %s, FreeType %s", fl[0], fl[1], got, fl[3])
			}
			nAdv++
		}
	}
	if nNorm < 200 || nAdv < 100 {
		t.Fatalf("compared only %d normalizations and %d advance sets", nNorm, nAdv)
	}
	t.Logf("%d normalizations, %d HVAR advance sets equal FreeType's", nNorm, nAdv)
}
