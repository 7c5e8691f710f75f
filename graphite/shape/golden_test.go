package shape_test

import (
	"testing"

	"fontvm/graphite/shape"
	"fontvm/internal/corpus"
	"fontvm/internal/grcompare"
	"fontvm/internal/grref"
)

// ShapeLine shapes text with o as the golden files were made (ppm =
// unitsPerEm, so design units) and returns the result's line.
func shapeLine(sh *shape.Shaper, text []rune, o grref.Options) string {
	opts := shape.Options{RTL: o.RTL, Scale: 1}
	if o.Lang != "" {
		opts.Lang = grref.Tag(o.Lang)
	}
	for _, f := range o.Features {
		opts.Features = append(opts.Features, shape.Feature{ID: f.ID, Value: int32(f.Value)})
	}
	if o.Justify > 0 {
		out, err := sh.Shape(text, &opts)
		if err != nil {
			return grcompare.NoSegment
		}
		opts.Justify = float32(float64(out.AdvanceX) * float64(o.Justify) / 100.)
	}
	out, err := sh.Shape(text, &opts)
	if err != nil {
		return grcompare.NoSegment
	}
	return toResult(out).Line()
}

func toResult(out *shape.Output) *grref.Result {
	r := &grref.Result{Advance: out.AdvanceX}
	for _, g := range out.Glyphs {
		r.Glyphs = append(r.Glyphs, grref.Glyph{GID: g.ID, X: g.X, Y: g.Y})
	}
	for _, c := range out.Chars {
		r.Before = append(r.Before, c.Before)
		r.After = append(r.After, c.After)
	}
	return r
}

// TestGolden compares every golden case (recorded from graphite2 1.3.14)
// with fontvm's shaping, exactly.
func TestGolden(t *testing.T) {
	for _, gf := range grcompare.GoldenFonts {
		t.Run(gf.Font.Name, func(t *testing.T) {
			g, err := grcompare.ReadGolden(grcompare.GoldenPath(gf.Font.Name))
			if err != nil {
				t.Fatal(err)
			}
			data := corpus.Load(t, gf.Font)
			if sum := grcompare.SHA256(data); g.Header["font-sha256"] != sum {
				t.Fatalf("golden data is for font %s, have %s", g.Header["font-sha256"], sum)
			}
			f, err := shape.Load(data)
			if err != nil {
				t.Fatal(err)
			}
			sh := shape.NewShaper(f)
			fails := 0
			for _, c := range g.Cases {
				got := shapeLine(sh, c.Text, c.Options)
				if got != c.Want {
					fails++
					if fails <= 3 {
						t.Errorf("line %d (%s %s):\n got %s\nwant %s", c.Line, c.Opts, grref.Codes(c.Text), got, c.Want)
					}
				}
			}
			t.Logf("%s: %d/%d golden cases exact", gf.Font.Name, len(g.Cases)-fails, len(g.Cases))
			if fails > 0 {
				t.Errorf("%d of %d cases differ", fails, len(g.Cases))
			}
		})
	}
}
