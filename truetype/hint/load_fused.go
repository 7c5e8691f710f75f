package hint

import (
	"fontvm/internal/glyfcode"
)

// The fused coordinate decoders: the coordinates of a simple glyph
// without a program to run go from the font's deltas straight to their
// final place, scaled (the caller's Glyph.Points for loadSimpleDirect
// and loadCompositeDirect's components, the loader's cur for other
// components), each written once. The general
// path, which decodeCoords followed by loadPoints*/storeScaled*
// is, decodes them into sfnt.Glyph's X and Y first and scales them in a
// second pass; it stays for the glyphs these do not take (no window of
// the file, see glyfcode.Coords.Window, or a scale that is not
// Instance.smallScale). The font stores all x deltas, then all y
// deltas, so each decoder makes an x pass and a y pass. (Glyphs with a
// program keep the general path: their points go to three arrays, orus,
// cur and org, and a fused loop for those, or one decoding into orus
// and scaling from there, cost more than sfnt's decoder into int32s
// followed by loadPointsOrgSmall.)
//
// Each delta is decoded without branching on its flag (glyfcode.Ops), as
// glyfcode.DecodeWindow decodes it, and scaled as scaleSmall scales (its proof
// holds: the sums are int32s, the scale is smallScale, the offsets are
// storeScaledMoved's): the values are those of the general path, which
// decodes the same deltas into the same int32 sums and scales them with
// the same formula (TestFusedDecoders compares the two, and
// TestLoaderMatchesRef* the loaders with the oracle). The decoders return the sizes of
// the two coordinate arrays as their flags give them; the caller checks
// them against the record (glyfcode.Coords.Check) before anything
// uses the points: bytes past the record may have been read and stored
// then, but an error makes the outline unspecified.

// coordWin is sfnt's window size: positions masked to coordWin-1 stay
// what they are (glyfcode.Coords.Window) and need no bounds checks.
const coordWin = glyfcode.WindowSize

// xDeltas and yDeltas say how each axis codes its deltas (sfnt's
// tables, glyfcode.Ops).
var xDeltas, yDeltas = glyfcode.X, glyfcode.Y

// The loops below are written for Go's register allocator: each pass is
// a function of its own, a sum is built in separate statements
// (x += x>>63 as a statement of its own), and the on-curve bit is
// stored before the delta is decoded; otherwise the loops spill values
// to the stack at every point (checked with go build -gcflags=-S).

// decodeStoreSmall decodes the coordinates at a[0:] (x, then y) of the
// points of flags (len(out) == len(flags) <= glyfcode.WindowPoints)
// and stores them scaled by s32 (0 < s32 < 1<<16), moved by cx and cy
// as storeScaledMoved moves them, with the on-curve bits of flags, in
// out; it returns the sizes of the x and y arrays.
func decodeStoreSmall(out []Point, a *[coordWin + 1]byte, flags []uint8, s32, cx, cy int64) (int, int) {
	px := decodeStoreX(out, a, flags, s32, cx)
	return px, decodeStoreY(out, a, flags, s32, cy, px) - px
}

// decodeStoreX is decodeStoreSmall's x pass (with the on-curve bits);
// it returns the position after the x coordinates.
func decodeStoreX(out []Point, a *[coordWin + 1]byte, flags []uint8, s32, cx int64) int {
	out = out[:len(flags)]
	_ = a[0]
	t := xDeltas
	_ = t.Mask[0]
	p := 0
	var v int32
	for i, c := range flags {
		o := &out[i]
		o.On = c&tagOn != 0
		k := p & (coordWin - 1)
		d := int32(((uint32(a[k])|uint32(a[k+1])<<8)&t.Mask[c])*t.Mul[c]) >> 16
		p = k + t.Size[c]
		v += d
		x := int64(v) * s32
		x += x >> 63
		x += cx
		o.X = x >> 16
	}
	return p
}

// decodeStoreY is decodeStoreSmall's y pass from position p; it returns
// the position after the y coordinates.
func decodeStoreY(out []Point, a *[coordWin + 1]byte, flags []uint8, s32, cy int64, p int) int {
	out = out[:len(flags)]
	_ = a[0]
	t := yDeltas
	_ = t.Mask[0]
	var v int32
	for i, c := range flags {
		k := p & (coordWin - 1)
		d := int32(((uint32(a[k])|uint32(a[k+1])<<8)&t.Mask[c])*t.Mul[c]) >> 16
		p = k + t.Size[c]
		v += d
		y := int64(v) * s32
		y += y >> 63
		y += cy
		out[i].Y = y >> 16
	}
	return p
}

// decodeCurSmall decodes the coordinates at a[0:] (x, then y) of the
// points of flags (len(cur) == len(flags) <= glyfcode.WindowPoints)
// and stores them scaled by s32 (0 < s32 < 1<<16) in cur, as
// loadPointsSmall; it returns the sizes of the x and y arrays.
func decodeCurSmall(cur []vec, a *[coordWin + 1]byte, flags []uint8, s32 int64) (int, int) {
	cur = cur[:len(flags)]
	_ = a[0]
	t := xDeltas
	_ = t.Mask[0]
	p := 0
	var v int32
	for i, c := range flags {
		k := p & (coordWin - 1)
		d := int32(((uint32(a[k])|uint32(a[k+1])<<8)&t.Mask[c])*t.Mul[c]) >> 16
		p = k + t.Size[c]
		v += d
		x := int64(v) * s32
		x += x >> 63
		x += 0x8000
		cur[i].x = x >> 16
	}
	px := p
	t = yDeltas
	_ = t.Mask[0]
	v = 0
	for i, c := range flags {
		k := p & (coordWin - 1)
		d := int32(((uint32(a[k])|uint32(a[k+1])<<8)&t.Mask[c])*t.Mul[c]) >> 16
		p = k + t.Size[c]
		v += d
		y := int64(v) * s32
		y += y >> 63
		y += 0x8000
		cur[i].y = y >> 16
	}
	return px, p - px
}
