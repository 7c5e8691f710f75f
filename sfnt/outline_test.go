package sfnt_test

import (
	"testing"

	"fontvm/sfnt"

	"golang.org/x/image/math/fixed"
)

// seg is a path segment in font units, y up.
type seg struct {
	op   segOp
	args [3]fixed.Point26_6
}

// segOp numbers as golang.org/x/image/font/sfnt.SegmentOp.
type segOp int

const (
	opMoveTo segOp = iota
	opLineTo
	opQuadTo
)

// outline converts glyph gid to the segments x/image/font/sfnt produces
// at ppem == unitsPerEm (font units, y up), following its conventions
// for implied on-curve points and component transforms, so that the two
// decoders can be compared point for point.
func outline(t *testing.T, f *sfnt.Font, gid uint16, depth int) ([]seg, bool) {
	var g sfnt.Glyph
	if err := f.LoadGlyph(gid, &g); err != nil {
		t.Fatalf("glyph %d: %v", gid, err)
	}
	if g.NumContours == -1 {
		if depth > 8 {
			return nil, false
		}
		var out []seg
		for _, c := range g.Components {
			if c.Flags&sfnt.ARGS_ARE_XY_VALUES == 0 {
				return nil, false // x/image does not support point matching
			}
			sub, ok := outline(t, f, c.GlyphIndex, depth+1)
			if !ok {
				return nil, false
			}
			// x/image reads the offsets as int16 and the transform in
			// file order xx, scale01, scale10, yy.
			dx, dy := fixed.Int26_6(int16(c.Arg1)), fixed.Int26_6(int16(c.Arg2))
			xx, s01, s10, yy := int64(c.Scale[0]), int64(c.Scale[2]), int64(c.Scale[1]), int64(c.Scale[3])
			hasT := c.Flags&(sfnt.WE_HAVE_A_SCALE|sfnt.WE_HAVE_AN_X_AND_Y_SCALE|sfnt.WE_HAVE_A_TWO_BY_TWO) != 0
			for _, s := range sub {
				for j := range s.args {
					p := s.args[j]
					if hasT {
						const half = 1 << 13
						s.args[j] = fixed.Point26_6{
							X: dx + fixed.Int26_6((int64(p.X)*xx+half)>>14) + fixed.Int26_6((int64(p.Y)*s10+half)>>14),
							Y: dy + fixed.Int26_6((int64(p.X)*s01+half)>>14) + fixed.Int26_6((int64(p.Y)*yy+half)>>14),
						}
					} else {
						s.args[j] = fixed.Point26_6{X: p.X + dx, Y: p.Y + dy}
					}
				}
				out = append(out, s)
			}
		}
		return out, true
	}
	var out []seg
	start := 0
	for _, e := range g.EndPts {
		end := int(e)
		out = contour(out, &g, start, end)
		start = end + 1
	}
	return out, true
}

func mid(p, q fixed.Point26_6) fixed.Point26_6 {
	return fixed.Point26_6{X: (p.X + q.X) / 2, Y: (p.Y + q.Y) / 2}
}

// contour emits one contour: start at the first on-curve point, or at the
// midpoint of two leading off-curve points, insert implied midpoints
// between consecutive off-curve points, and close back to the start.
func contour(out []seg, g *sfnt.Glyph, a, b int) []seg {
	var first, firstOff, lastOff fixed.Point26_6
	haveFirst, haveFirstOff, haveLastOff := false, false, false
	for i := a; i <= b; i++ {
		p := fixed.Point26_6{X: fixed.Int26_6(int16(g.X[i])), Y: fixed.Int26_6(int16(g.Y[i]))}
		on := g.Flags[i]&sfnt.FlagOnCurve != 0
		switch {
		case !haveFirst && on:
			first, haveFirst = p, true
			out = append(out, seg{op: opMoveTo, args: [3]fixed.Point26_6{p}})
		case !haveFirst && !haveFirstOff:
			firstOff, haveFirstOff = p, true
		case !haveFirst:
			first, haveFirst = mid(firstOff, p), true
			lastOff, haveLastOff = p, true
			out = append(out, seg{op: opMoveTo, args: [3]fixed.Point26_6{first}})
		case !haveLastOff && on:
			out = append(out, seg{op: opLineTo, args: [3]fixed.Point26_6{p}})
		case !haveLastOff:
			lastOff, haveLastOff = p, true
		case !on:
			out = append(out, seg{op: opQuadTo, args: [3]fixed.Point26_6{lastOff, mid(lastOff, p)}})
			lastOff = p
		default:
			out = append(out, seg{op: opQuadTo, args: [3]fixed.Point26_6{lastOff, p}})
			haveLastOff = false
		}
	}
	// close
	for {
		switch {
		case !haveFirstOff && !haveLastOff:
			return append(out, seg{op: opLineTo, args: [3]fixed.Point26_6{first}})
		case !haveFirstOff && haveLastOff:
			return append(out, seg{op: opQuadTo, args: [3]fixed.Point26_6{lastOff, first}})
		case haveFirstOff && !haveLastOff:
			return append(out, seg{op: opQuadTo, args: [3]fixed.Point26_6{firstOff, first}})
		default:
			out = append(out, seg{op: opQuadTo, args: [3]fixed.Point26_6{lastOff, mid(lastOff, firstOff)}})
			haveLastOff = false
		}
	}
}

// cmapRanges are the code points compared: the BMP and some astral ranges.
var cmapRanges = [][2]rune{{0, 0xFFFF}, {0x10000, 0x10FFF}, {0x1D400, 0x1D7FF}, {0x1F000, 0x1FAFF}, {0x20000, 0x200FF}, {0xE0000, 0xE01EF}, {0x10FF00, 0x10FFFF}}
