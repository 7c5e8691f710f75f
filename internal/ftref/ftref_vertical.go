//go:build reference

package ftref

// A VertGlyph is a glyph FreeType loaded with FT_LOAD_VERTICAL_LAYOUT:
// its outline and horizontal advance as Glyph holds them (Adv is
// metrics.horiAdvance: advance.x is 0 in vertical layout) and the
// vertical metrics compute_glyph_metrics and FT_Load_Glyph derive from
// the loader's phantom points pp3 and pp4.
type VertGlyph struct {
	Glyph
	AdvX, AdvY   int64 // slot->advance (x 0; y = metrics.vertAdvance), 26.6
	VertAdvance  int64 // metrics.vertAdvance, 26.6 (rounded when hinting)
	VertBearingY int64 // metrics.vertBearingY, 26.6 (floored when hinting)
	LinearVert   int64 // linearVertAdvance, 16.16 pixels
}

// VarVertical loads every glyph of font as VarOutlines does (16.16
// design coordinates design, nil for none; char size charSize in 26.6
// points at dpi × dpi; mode and target) with FT_LOAD_VERTICAL_LAYOUT
// added to the load flags, and returns the outlines with the vertical
// metrics.
func VarVertical(font []byte, design []int64, charSize int64, dpi int, mode Mode, target Target) ([]VertGlyph, error) {
	var gs []VertGlyph
	err := varLoad(font, design, charSize, dpi, dpi, mode, target, true, func(rec []int64, n int) {
		gs = make([]VertGlyph, n)
		pos := 0
		for g := range gs {
			vg := &gs[g]
			vg.GID = g
			if rec[pos] != 0 {
				vg.Err = ErrName(int(rec[pos]))
				pos++
				continue
			}
			vg.Adv, vg.AdvX, vg.AdvY = rec[pos+1], rec[pos+2], rec[pos+3]
			vg.VertAdvance, vg.VertBearingY, vg.LinearVert = rec[pos+4], rec[pos+5], rec[pos+6]
			// The points and ends as decodeGlyphs reads them: the
			// slots already read at pos+5, pos+6 made its err (0) and
			// adv, followed by npts, ncont, points, ends.
			rec[pos+5] = 0
			one, next := decodeGlyphs(rec, pos+5, 1)
			vg.XY, vg.Ends = one[0].XY, one[0].Ends
			pos = next
		}
	})
	return gs, err
}
