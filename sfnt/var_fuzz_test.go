package sfnt_test

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"fontvm/internal/corpus"
	"fontvm/sfnt"
)

// smallVarFonts are the unicode-org test fonts (a few KiB each), the
// seeds of the variation fuzz targets.
var smallVarFonts = []string{"TestAVAR.ttf", "TestCVARGVAROne.ttf", "TestCVARGVARTwo.ttf", "TestGVAR-Composite-0.ttf", "TestHVARTwo.ttf"}

// addVarSeeds adds the small variable fonts to f's corpus, or fails or
// skips as corpus.Missing does when they are absent.
func addVarSeeds(f *testing.F) {
	for _, n := range smallVarFonts {
		b, err := os.ReadFile(filepath.Join(corpus.VariableDir(), n))
		if err != nil {
			corpus.Missing(f, n)
		}
		f.Add(b)
	}
}

// fuzzVariations exercises fvar, avar, normalization and HVAR/VVAR/MVAR
// on one parsed font.
func fuzzVariations(t *testing.T, f *sfnt.Font) {
	v, err := f.Variations()
	if err != nil {
		if !errors.Is(err, sfnt.ErrNotVariable) {
			t.Fatalf("Variations: %v does not match ErrNotVariable", err)
		}
		return
	}
	if v.NumAxes() == 0 || v.NumAxes() > sfnt.MaxVarAxes {
		t.Fatalf("%d axes", v.NumAxes())
	}
	var norm []int32
	for _, d := range [][]int64{nil, {-1 << 20, 1 << 30}, {0x7fffffff, -0x80000000}} {
		norm, err = v.Normalize(norm, d)
		if err != nil {
			continue
		}
		for _, c := range norm {
			if c < -0x10000 || c > 0x10000 {
				t.Fatalf("normalized %d outside -1..1", c)
			}
		}
		for _, tag := range []sfnt.Tag{sfnt.TagHVAR, sfnt.TagVVAR} {
			m, err := f.MetricsVar(tag, v.NumAxes())
			if err != nil {
				if !errors.Is(err, sfnt.ErrMalformed) {
					t.Fatalf("MetricsVar: %v", err)
				}
				continue
			}
			for g := 0; g < f.NumGlyphs() && g < 64; g++ {
				m.AdvanceDelta(g, norm)
			}
		}
	}
}

// FuzzVariations parses fonts and runs the variation table readers on
// them. Seeds: the small unicode-org variable fonts.
func FuzzVariations(f *testing.F) {
	addVarSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		font, err := sfnt.Parse(data)
		if err != nil {
			return
		}
		fuzzVariations(t, font)
	})
}

// FuzzItemVariationStore parses an ItemVariationStore and a delta-set
// index map from arbitrary bytes and computes deltas.
func FuzzItemVariationStore(f *testing.F) {
	// A two-axis store: one region (peak 1 on axis 0), one subtable of
	// two items with one word delta each; then a map of two 1-byte entries.
	f.Add([]byte{0, 1, 0, 0, 0, 12, 0, 1, 0, 0, 0, 26,
		0, 2, 0, 1, 0, 0, 0x40, 0, 0x40, 0, 0, 0, 0, 0, 0, 0,
		0, 2, 0, 1, 0, 1, 0, 0, 0, 100, 0xff, 0x9c,
		0, 0x00, 0, 2, 0, 1}, uint8(2), uint16(40))
	f.Fuzz(func(t *testing.T, data []byte, axes uint8, mapOff uint16) {
		s, err := sfnt.ParseItemVariationStore(sfnt.TagHVAR, data, 0, int(axes))
		if err != nil {
			if !errors.Is(err, sfnt.ErrMalformed) {
				t.Fatalf("%v does not match ErrMalformed", err)
			}
			return
		}
		coords := make([]int32, int(axes))
		for i := range coords {
			coords[i] = int32(i*0x3000) - 0x8000
		}
		var ds []int32
		for o := 0; o < s.NumData() && o < 8; o++ {
			for i := 0; i < s.ItemCount(o) && i < 16; i++ {
				s.Delta(o, i, coords)
				ds = s.DeltaSet(ds[:0], o, i)
				if len(ds) != len(s.RegionIndexes(o)) {
					t.Fatalf("delta set of %d, %d regions", len(ds), len(s.RegionIndexes(o)))
				}
			}
		}
		m, err := sfnt.ParseDeltaSetIndexMap(sfnt.TagHVAR, data, int(mapOff), len(data), s)
		if err != nil {
			return
		}
		for i := 0; i < m.Len()+2 && i < 64; i++ {
			if o, in, ok := m.Lookup(i); ok && (o >= s.NumData() || in >= s.ItemCount(o)) {
				t.Fatalf("map entry %d -> (%d, %d) out of range", i, o, in)
			}
		}
	})
}
