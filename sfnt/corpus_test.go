package sfnt_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fontvm/internal/corpus"
	"fontvm/sfnt"
)

// loadAll parses data and loads every glyph, checking the invariants of
// the Glyph contract. It returns the number of glyphs loaded.
func loadAll(t *testing.T, name string, data []byte) int {
	t.Helper()
	f, err := sfnt.Parse(data)
	if err != nil {
		t.Fatalf("%s: Parse: %v", name, err)
	}
	var g sfnt.Glyph
	n := f.NumGlyphs()
	if n == 0 {
		t.Fatalf("%s: no glyphs", name)
	}
	for gid := 0; gid < n; gid++ {
		if err := f.LoadGlyph(uint16(gid), &g); err != nil {
			t.Errorf("%s: glyph %d: %v", name, gid, err)
			continue
		}
		checkGlyph(t, name, f, gid, &g)
		if _, _, err := f.HMetric(uint16(gid)); err != nil {
			t.Errorf("%s: HMetric(%d): %v", name, gid, err)
		}
	}
	if err := f.LoadGlyph(uint16(n), &g); n < 0x10000 && !errors.Is(err, sfnt.ErrGlyphIndex) {
		t.Errorf("%s: LoadGlyph(NumGlyphs) = %v, want ErrGlyphIndex", name, err)
	}
	return n
}

func checkGlyph(t *testing.T, name string, f *sfnt.Font, gid int, g *sfnt.Glyph) {
	t.Helper()
	switch {
	case g.NumContours > 0:
		if len(g.EndPts) != g.NumContours {
			t.Errorf("%s: glyph %d: %d end points for %d contours", name, gid, len(g.EndPts), g.NumContours)
			return
		}
		np := int(g.EndPts[len(g.EndPts)-1]) + 1
		if len(g.X) != np || len(g.Y) != np || len(g.Flags) != np {
			t.Errorf("%s: glyph %d: %d/%d/%d x/y/flags for %d points", name, gid, len(g.X), len(g.Y), len(g.Flags), np)
		}
		if len(g.Components) != 0 {
			t.Errorf("%s: glyph %d: simple glyph with components", name, gid)
		}
	case g.NumContours == -1:
		if len(g.Components) == 0 {
			t.Errorf("%s: glyph %d: composite without components", name, gid)
		}
		for _, c := range g.Components {
			if int(c.GlyphIndex) >= f.NumGlyphs() {
				t.Errorf("%s: glyph %d: component %d out of range", name, gid, c.GlyphIndex)
			}
		}
		if g.InstructionsErr != nil {
			t.Errorf("%s: glyph %d: %v", name, gid, g.InstructionsErr)
		}
	case g.NumContours == 0:
		if len(g.X) != 0 || len(g.Components) != 0 {
			t.Errorf("%s: glyph %d: empty glyph with data", name, gid)
		}
	default:
		t.Errorf("%s: glyph %d: NumContours %d", name, gid, g.NumContours)
	}
}

func TestGoFontsLoad(t *testing.T) {
	total := 0
	for _, cf := range corpus.GoFonts {
		total += loadAll(t, cf.Name, corpus.Load(t, cf))
	}
	if total < 12*600 {
		t.Fatalf("only %d glyphs in the Go fonts", total)
	}
	t.Logf("loaded %d glyphs from %d Go fonts", total, len(corpus.GoFonts))
}

func TestSystemFontsLoad(t *testing.T) {
	seen := map[string]bool{}
	for _, cf := range append(append([]corpus.Font{}, corpus.HintedFonts...), corpus.GraphiteFonts...) {
		if seen[cf.Path] {
			continue
		}
		seen[cf.Path] = true
		t.Run(cf.Name, func(t *testing.T) {
			n := loadAll(t, cf.Name, corpus.Load(t, cf))
			t.Logf("%s: %d glyphs", cf.Name, n)
		})
	}
}

func TestGraphite2TestFontsLoad(t *testing.T) {
	dir := filepath.Join(corpus.Graphite2Tests(t), "fonts")
	files, err := filepath.Glob(filepath.Join(dir, "*.ttf"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no fonts in %s (%v)", dir, err)
	}
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(p)
		if strings.Contains(name, "noglyfs") {
			f, err := sfnt.Parse(data)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			// FreeType refuses the font (no loca); its tables are usable.
			var g sfnt.Glyph
			if err := f.LoadGlyph(1, &g); !errors.Is(err, sfnt.ErrMissingTable) || f.HasOutlines() {
				t.Errorf("%s: LoadGlyph without glyf/loca = %v, want ErrMissingTable", name, err)
			}
			for _, tag := range []string{"Silf", "Glat", "Gloc", "Feat", "Sill"} {
				if len(f.Table(sfnt.MakeTag(tag))) == 0 {
					t.Errorf("%s: no %s table", name, tag)
				}
			}
			continue
		}
		loadAll(t, name, data)
	}
}
