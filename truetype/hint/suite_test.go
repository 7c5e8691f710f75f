package hint_test

import (
	"os"
	"testing"

	"fontvm/internal/conformance"
	"fontvm/internal/conformance/golden"
	"fontvm/internal/corpus"
	"fontvm/sfnt"
	"fontvm/truetype/hint"
)

// suiteLine formats a loaded glyph (or its error) as the golden line.
func suiteLine(dst []byte, gid int, g *hint.Glyph, err error) []byte {
	if err != nil {
		return golden.AppendErrLine(dst, gid, hint.Name(err))
	}
	xy := make([]int64, 0, 2*len(g.Points))
	for _, p := range g.Points {
		xy = append(xy, p.X, p.Y)
	}
	ends := make([]int32, 0, len(g.Ends))
	for _, e := range g.Ends {
		ends = append(ends, int32(e))
	}
	return golden.AppendLine(dst, gid, g.Advance, xy, ends)
}

// TestConformanceSuites runs the synthetic-font conformance suites
// (internal/conformance/testdata/*.ttasm) and compares every line with
// the FreeType 2.12.1 lines recorded in testdata/golden.
func TestConformanceSuites(t *testing.T) {
	root := corpus.Root()
	suites, err := conformance.LoadSuites(conformance.SuiteDir(root))
	if err != nil {
		t.Fatal(err)
	}
	if len(suites) == 0 {
		t.Fatal("no conformance suites")
	}
	for _, s := range suites {
		s := s
		t.Run(s.Name, func(t *testing.T) {
			path := conformance.SuiteGoldenPath(root, s.Name)
			gold, err := conformance.ReadSuiteGolden(path)
			if err != nil {
				if os.IsNotExist(err) {
					t.Fatalf("no golden lines for suite %s (%s)", s.Name, path)
				}
				t.Fatal(err)
			}
			if gold.FontSHA != s.FontSHA() {
				t.Fatalf("suite font changed since its golden lines were recorded")
			}
			sf, err := sfnt.Parse(s.Font)
			if err != nil {
				t.Fatal(err)
			}
			hf, err := hint.NewFont(sf)
			if err != nil {
				t.Fatal(err)
			}
			var g hint.Glyph
			var line []byte
			for _, c := range s.Configs() {
				want := gold.Lines[c]
				if len(want) != s.NumGlyphs() {
					t.Fatalf("%v: golden has %d lines, want %d", c, len(want), s.NumGlyphs())
				}
				opts, err := conformance.ParseConfig(c)
				if err != nil {
					t.Fatal(err)
				}
				in, err := hf.NewInstance(c.PPEM, opts)
				if err != nil {
					t.Fatal(err)
				}
				for gid := 0; gid < s.NumGlyphs(); gid++ {
					err := in.LoadGlyph(gid, &g)
					line = suiteLine(line[:0], gid, &g, err)
					if string(line) != want[gid] {
						t.Errorf("%s %v %s:\n  freetype: %s\n  fontvm:   %s", s.Name, c, s.CaseName(gid), want[gid], line)
					}
				}
			}
		})
	}
}
