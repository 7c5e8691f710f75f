// Package glyfcode decodes the coordinates of a TrueType simple glyph
// (the coding TT_Load_Simple_Glyph reads): the per-flag tables that
// decode a delta without branching on its flag (Ops), the window through
// which the decoders read, the measure of both coordinate arrays
// (Measure), and the decoders (DecodeWindow, Coords.Decode). sfnt's
// glyph loader and the fused decoders of truetype/hint share all of it;
// Coords, with the hooks sfnt sets (LoadFlags, CoordsError), is how hint
// reaches sfnt's loader without sfnt exporting its internals.
package glyfcode

// The flag bits of one axis (sfnt.FlagXShort, FlagXSame, FlagYShort,
// FlagYSame).
const (
	xShort = 0x02 // X_SHORT_VECTOR
	yShort = 0x04 // Y_SHORT_VECTOR
	xSame  = 0x10 // X_IS_SAME_OR_POSITIVE_X_SHORT_VECTOR
	ySame  = 0x20 // Y_IS_SAME_OR_POSITIVE_Y_SHORT_VECTOR
)

// Ops says, per flag byte, how the delta of one axis is coded: it is
// int32((w & Mask) * Mul) >> 16 of the little-endian 16-bit word w at
// the read position (Mask 0xFFFF and Mul 0x01000100 give the big-endian
// int16 of the two bytes in the top half; Mask 0xFF and Mul ±1<<16 give
// ± the first byte; Mask 0 gives 0), and the position advances by Size
// bytes (2, 1 or 0): short (one unsigned byte, positive if "same"),
// long (int16), or "same" without short (no delta). The tables are
// read-only.
type Ops struct {
	Mask [256]uint32
	Mul  [256]uint32
	Size [256]int
}

// The decoders read a simple glyph's coordinates through a window: a
// (*[WindowSize+1]byte) view of the file starting at the x coordinates,
// indexed with positions masked to WindowSize-1, so that their loops need
// no bounds checks. Both arrays of a glyph with at most WindowPoints
// points (at most 4*WindowPoints bytes, every read inside
// 4*WindowPoints+2 <= WindowSize bytes) lie in the window, so the mask
// never changes a position. sfnt's decoder and hint's fused decoders use
// the same window.
const (
	WindowSize   = 1 << 12
	WindowPoints = (WindowSize - 2) / 4
)

// X and Y are the tables of the x and the y axis.
var X, Y = table(xShort, xSame), table(yShort, ySame)

// table builds the Ops of the axis whose short and "same" flag bits
// are given.
func table(short, same uint8) *Ops {
	t := new(Ops)
	for c := range 256 {
		switch f := uint8(c); {
		case f&short != 0 && f&same != 0:
			t.Mask[c], t.Mul[c], t.Size[c] = 0xFF, 1<<16, 1
		case f&short != 0:
			t.Mask[c], t.Mul[c], t.Size[c] = 0xFF, -1<<16&0xFFFFFFFF, 1
		case f&same != 0:
		default:
			t.Mask[c], t.Mul[c], t.Size[c] = 0xFFFF, 0x01000100, 2
		}
	}
	return t
}
