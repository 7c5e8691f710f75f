//go:build reference

package hint

import (
	"os"
	"strconv"
	"testing"

	"fontvm/internal/corpus"
	"fontvm/internal/corrupt"
	"fontvm/internal/ftref"
	"fontvm/sfnt"
)

// TestCorruptVsFreeType compares fontvm with FreeType on deterministic
// corrupted copies of corpus fonts (HINT_CORRUPT copies, default 60):
// where FreeType opens the face, every glyph's line (outline or error
// name) must match, in v40 and v35.
func TestCorruptVsFreeType(t *testing.T) {
	n := 60
	if s := os.Getenv("HINT_CORRUPT"); s != "" {
		n, _ = strconv.Atoi(s)
	}
	compared, skipped := 0, 0
	for _, font := range []corpus.Font{corpus.GoFonts[0], corpus.HintedFonts[0], corpus.HintedFonts[3]} {
		data := corpus.Load(t, font)
		for i := 0; i < n; i++ {
			c, err := corrupt.Make(data, 3, i, corrupt.TrueTypeTables)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range []Mode{ModeV40, ModeV35} {
				want, err := ftref.Lines(c.Data, 12, ftref.Mode(m), ftref.TargetNormal)
				if err != nil {
					skipped++ // FreeType refuses the face
					continue
				}
				sf, err := sfnt.Parse(c.Data)
				if err != nil {
					t.Errorf("%s %s: FreeType opens it, sfnt.Parse: %v", font.Name, c, err)
					continue
				}
				f, err := NewFont(sf)
				if err != nil {
					t.Errorf("%s %s: FreeType opens it, NewFont: %v", font.Name, c, err)
					continue
				}
				if f.NumGlyphs() != len(want) {
					t.Errorf("%s %s: %d glyphs, FreeType %d", font.Name, c, f.NumGlyphs(), len(want))
					continue
				}
				in, err := f.NewInstance(12, Options{Mode: m})
				if err != nil {
					t.Fatal(err)
				}
				var g Glyph
				bad := 0
				for gid := range want {
					if got := ourLine(in, gid, &g); got != want[gid] {
						if bad < 2 {
							t.Errorf("%s %s %v:\n  ft: %.300s\n  us: %.300s", font.Name, c, m, want[gid], got)
						}
						bad++
					}
				}
				if bad > 2 {
					t.Errorf("%s %s %v: %d glyphs differ", font.Name, c, m, bad)
				}
				compared++
			}
		}
	}
	t.Logf("compared %d corrupted fonts×modes; FreeType refused %d", compared, skipped)
}
