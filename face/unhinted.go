package face

import (
	"errors"

	"fontvm/raster"
	"fontvm/sfnt"

	"golang.org/x/image/math/fixed"
)

// maxComponentDepth bounds composite glyph nesting in the unhinted loader.
const maxComponentDepth = 32

// unhintedLoader loads outlines scaled as FreeType's FT_LOAD_NO_HINTING
// does: every point in font units times the 16.16 scale with FT_MulFix,
// component transforms applied to the scaled points, component offsets
// scaled (and not rounded), the outline moved so that the glyph origin is
// at x = 0 (pp1), and the advance as the difference of the scaled phantom
// points. It needs only the sfnt reader; the hint package's ModeNone gives
// the same outlines once it is available.
type unhintedLoader struct {
	f     *sfnt.Font
	ppem  int
	scale int64
	gl    [maxComponentDepth + 1]sfnt.Glyph
	xs    []int64
	ys    []int64
	tags  []uint8
	ends  []int
	flags raster.Flags
}

var errComposite = errors.New("face: invalid composite glyph")

func (u *unhintedLoader) hinted() bool { return false }

func (u *unhintedLoader) load(gid uint16, o *raster.Outline) (fixed.Int26_6, error) {
	u.xs, u.ys, u.tags, u.ends = u.xs[:0], u.ys[:0], u.tags[:0], u.ends[:0]
	u.flags = raster.ScanFlags(u.ppem, false, false, 0)
	if err := u.loadGlyph(gid, 0); err != nil {
		return 0, err
	}
	g := &u.gl[0]
	aw, lsb, err := u.f.HMetric(gid)
	if err != nil {
		return 0, err
	}
	pp1 := mulFix(int64(g.XMin)-int64(lsb), u.scale)
	pp2 := mulFix(int64(g.XMin)-int64(lsb)+int64(aw), u.scale)
	o.Points = o.Points[:0]
	for i := range u.xs {
		o.Points = append(o.Points, fixed.Point26_6{X: fixed.Int26_6(u.xs[i] - pp1), Y: fixed.Int26_6(u.ys[i])})
	}
	o.Tags = append(o.Tags[:0], u.tags...)
	o.Contours = append(o.Contours[:0], u.ends...)
	o.Flags = u.flags
	return fixed.Int26_6(pp2 - pp1), nil
}

// loadGlyph appends glyph gid's scaled points.
func (u *unhintedLoader) loadGlyph(gid uint16, depth int) error {
	if depth > maxComponentDepth {
		return errComposite
	}
	g := &u.gl[depth]
	if err := u.f.LoadGlyph(gid, g); err != nil {
		return err
	}
	base := len(u.xs)
	if g.NumContours > 0 {
		if len(g.Flags) > 0 && g.Flags[0]&sfnt.FlagOverlapSimple != 0 {
			u.flags |= raster.FlagOverlap
		}
		for i := range g.X {
			u.xs = append(u.xs, mulFix(int64(g.X[i]), u.scale))
			u.ys = append(u.ys, mulFix(int64(g.Y[i]), u.scale))
			u.tags = append(u.tags, g.Flags[i]&raster.TagOn)
		}
		for _, e := range g.EndPts {
			u.ends = append(u.ends, base+int(e))
		}
		return nil
	}
	if g.NumContours == 0 {
		return nil
	}
	if len(g.Components) > 0 && g.Components[0].Flags&sfnt.OVERLAP_COMPOUND != 0 {
		u.flags |= raster.FlagOverlap
	}
	// g is overwritten by deeper loads: walk its components by index.
	for ci := 0; ci < len(u.gl[depth].Components); ci++ {
		c := u.gl[depth].Components[ci]
		start := len(u.xs)
		if err := u.loadGlyph(c.GlyphIndex, depth+1); err != nil {
			return err
		}
		haveScale := c.Flags&(sfnt.WE_HAVE_A_SCALE|sfnt.WE_HAVE_AN_X_AND_Y_SCALE|sfnt.WE_HAVE_A_TWO_BY_TWO) != 0
		if haveScale {
			xx, xy, yx, yy := int64(c.Scale[0])*4, int64(c.Scale[1])*4, int64(c.Scale[2])*4, int64(c.Scale[3])*4
			for i := start; i < len(u.xs); i++ {
				x, y := u.xs[i], u.ys[i]
				u.xs[i] = mulFix(x, xx) + mulFix(y, xy)
				u.ys[i] = mulFix(x, yx) + mulFix(y, yy)
			}
		}
		var dx, dy int64
		if c.Flags&sfnt.ARGS_ARE_XY_VALUES == 0 {
			k := base + int(uint32(c.Arg1))
			l := start + int(uint32(c.Arg2))
			if k >= start || l >= len(u.xs) {
				return errComposite
			}
			dx, dy = u.xs[k]-u.xs[l], u.ys[k]-u.ys[l]
		} else {
			dx, dy = mulFix(int64(c.Arg1), u.scale), mulFix(int64(c.Arg2), u.scale)
		}
		if dx != 0 || dy != 0 {
			for i := start; i < len(u.xs); i++ {
				u.xs[i] += dx
				u.ys[i] += dy
			}
		}
	}
	return nil
}
