package sfnt_test

import (
	"math/rand"
	"os"
	"path/filepath"
	"testing"

	"fontvm/internal/corpus"
	"fontvm/sfnt"
)

// TestAdvanceDeltaScalars checks that HVAR advance deltas from region
// scalars precomputed once (RegionScalars, AdvanceDeltaScalars) equal
// the ones computed per glyph (AdvanceDelta), for every glyph of the
// variable fonts with HVAR at random normalized coordinates.
func TestAdvanceDeltaScalars(t *testing.T) {
	rng := rand.New(rand.NewSource(15))
	compared, nonzero := 0, 0
	for _, name := range []string{"Roboto-Variable.ttf", "Selawik-variable.ttf", "Comfortaa-Regular-new.ttf"} {
		path := filepath.Join(corpus.VariableDir(), name)
		data, err := os.ReadFile(path)
		if err != nil {
			corpus.Missing(t, path)
		}
		f, err := sfnt.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		v, err := f.Variations()
		if err != nil {
			t.Fatal(err)
		}
		m, err := f.MetricsVar(sfnt.TagHVAR, v.NumAxes())
		if err != nil {
			continue
		}
		var sc []int64
		for trial := 0; trial < 8; trial++ {
			coords := make([]int32, v.NumAxes())
			for i := range coords {
				coords[i] = int32(rng.Intn(0x20001) - 0x10000)
			}
			sc = m.Store().RegionScalars(sc, coords)
			for gid := 0; gid < f.NumGlyphs(); gid++ {
				d1, ok1 := m.AdvanceDelta(gid, coords)
				d2, ok2 := m.AdvanceDeltaScalars(gid, sc)
				if d1 != d2 || ok1 != ok2 {
					t.Fatalf("%s gid %d at %v: AdvanceDelta %d %v, AdvanceDeltaScalars %d %v", name, gid, coords, d1, ok1, d2, ok2)
				}
				compared++
				if d1 != 0 {
					nonzero++
				}
			}
		}
	}
	if compared == 0 || nonzero == 0 {
		t.Fatalf("compared %d advance deltas, %d non-zero", compared, nonzero)
	}
	t.Logf("%d advance deltas equal (%d non-zero)", compared, nonzero)
}
