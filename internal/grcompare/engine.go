package grcompare

import (
	"fontvm/graphite/shape"
	"fontvm/internal/grref"
)

// EngineOptions converts reference options to the engine's, at the given
// scale (1 for design units, as the golden files use; ppm/upem otherwise).
func EngineOptions(o grref.Options, scale float32) shape.Options {
	so := shape.Options{RTL: o.RTL, Scale: scale}
	if o.Lang != "" {
		so.Lang = grref.Tag(o.Lang)
	}
	for _, f := range o.Features {
		so.Features = append(so.Features, shape.Feature{ID: f.ID, Value: int32(f.Value)})
	}
	return so
}

// EngineShape shapes text with fontvm's engine as grref shapes it with
// graphite2 and returns the result in the same form. Justification follows
// gr2fonttest: shape once, then justify to advance*pct/100 computed as
// gr2fonttest computes it (float product, then a double division).
func EngineShape(sh *shape.Shaper, text []rune, o grref.Options, scale float32) (*grref.Result, error) {
	r, _, err := engineShape(sh, text, o, scale)
	return r, err
}

// engineShape is EngineShape also returning the engine's own output (owned
// by sh, valid until its next Shape call).
func engineShape(sh *shape.Shaper, text []rune, o grref.Options, scale float32) (*grref.Result, *shape.Output, error) {
	so := EngineOptions(o, scale)
	if o.Justify > 0 {
		out, err := sh.Shape(text, &so)
		if err != nil {
			return nil, nil, err
		}
		so.Justify = float32(float64(float32(out.AdvanceX*float32(o.Justify))) / 100)
	}
	out, err := sh.Shape(text, &so)
	if err != nil {
		return nil, nil, err
	}
	r := &grref.Result{Advance: out.AdvanceX}
	r.Glyphs = make([]grref.Glyph, len(out.Glyphs))
	for i, g := range out.Glyphs {
		r.Glyphs[i] = grref.Glyph{GID: g.ID, X: g.X, Y: g.Y}
	}
	r.Before = make([]int, len(out.Chars))
	r.After = make([]int, len(out.Chars))
	for i, c := range out.Chars {
		r.Before[i], r.After[i] = c.Before, c.After
	}
	return r, out, nil
}

// EngineLine is EngineShape's result as a golden-file result column.
func EngineLine(sh *shape.Shaper, text []rune, o grref.Options, scale float32) string {
	r, err := EngineShape(sh, text, o, scale)
	if err != nil {
		return NoSegment
	}
	return r.Line()
}
