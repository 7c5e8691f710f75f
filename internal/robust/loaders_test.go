package robust

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fontvm/graphite"
	"fontvm/graphite/shape"
	"fontvm/internal/corpus"
	"fontvm/internal/corrupt"
)

// TestLoadersAgree replays corrupted copies of graphite2 suite fonts on
// which the shaping engine's loader (graphite/shape.Load) refuses a font
// that graphite.Load accepts, as graphite2 1.3.14 does (the campaign,
// go run -tags reference ./tools/campaign --target graphite --seed 1
// --n 5000, found 35 such copies of 5000, all agreeing with graphite2 on
// graphite.Load's side). An accepted font must shape.
func TestLoadersAgree(t *testing.T) {
	dir := corpus.Graphite2Tests(t)
	for _, tc := range []struct {
		font  string
		index int
		what  string // the damage, as corrupt.Case.String says
	}{
		{"grtest1gr.ttf", 106, "Feat length 28->1"},
		{"general.ttf", 2129, "Sill length 20->1"},
		{"MagyarLinLibertineG.ttf", 76, "cmap length 2062->847"},
		{"general.ttf", 919, "cmap+0x108=0xff"},
	} {
		font, err := os.ReadFile(filepath.Join(dir, "fonts", tc.font))
		if err != nil {
			t.Fatal(err)
		}
		c, err := corrupt.Make(font, 1, tc.index, corrupt.GraphiteTables)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(c.String(), tc.what) {
			t.Fatalf("%s #%d is %s, want %s", tc.font, tc.index, c, tc.what)
		}
		_, gerr := graphite.Load(c.Data)
		_, serr := shape.Load(c.Data)
		if (gerr == nil) != (serr == nil) {
			t.Errorf("%s %s: graphite.Load: %v; shape.Load: %v", tc.font, c, gerr, serr)
		}
	}
}
