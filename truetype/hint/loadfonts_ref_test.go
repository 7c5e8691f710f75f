//go:build reference

package hint

import (
	"sort"
	"testing"

	"fontvm/internal/ftref"
)

// TestLoaderFontsVsFreeType compares every glyph of loaderTestFonts
// (the loader oracle's synthetic fonts, loadfast_test.go) with FreeType
// in every mode and target: this checks the oracle itself where it and
// LoadGlyph could share a mistake, e.g. the phantom points a component's
// program leaves for a composite program (USE_MY_METRICS).
func TestLoaderFontsVsFreeType(t *testing.T) {
	fonts := loaderTestFonts(t)
	names := make([]string, 0, len(fonts))
	for name := range fonts {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		data := fonts[name]
		f := mustFont(t, data)
		for _, o := range loaderOptions {
			for _, ppem := range []int{9, 13, 20, 100} {
				want, err := ftref.Lines(data, ppem, ftref.Mode(o.Mode), ftref.Target(o.Target))
				if err != nil {
					t.Fatal(err)
				}
				in, err := f.NewInstance(ppem, o)
				if err != nil {
					t.Fatal(err)
				}
				refCount(t, f, want)
				var g Glyph
				for gid := range want {
					if got := ourLine(in, gid, &g); got != want[gid] {
						t.Errorf("%s %v/%v ppem %d:\n  ft: %s\n  us: %s", name, o.Mode, o.Target, ppem, want[gid], got)
					}
				}
			}
		}
	}
}
