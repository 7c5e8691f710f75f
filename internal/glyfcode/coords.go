package glyfcode

import (
	"encoding/binary"
)

// Coords says where the still undecoded coordinates of a simple glyph
// are: its x coordinates start at File[At] and the y coordinates follow
// them; N bytes of the glyph's record are left from At. Base is the
// start of glyf in File (error offsets are relative to it) and GID the
// glyph. sfnt's loader fills it after a glyph's flags (its parser
// stops there for a glyph without instructions, see LoadFlags); the
// decoders here and hint's fused decoders read the coordinates through
// it, and Check gives sfnt's error if they run past the record.
type Coords struct {
	File        []byte
	Base, At, N int
	GID         uint16
}

// CoordsError builds the error of coordinates that run past the record
// (x coordinates of xs bytes, checked first, then y coordinates of ys
// bytes): sfnt sets it (in its init) to the error its LoadGlyph reports
// for them, a *sfnt.FormatError, which this package cannot name.
var CoordsError func(c *Coords, xs, ys int) error

// LoadFlags is sfnt's LoadGlyph for truetype/hint's loader, with the
// coordinates of a simple glyph without instructions left undecoded (so
// that hint decodes them straight into its own arrays). sfnt sets it in
// its init to a
//
//	func(f *sfnt.Font, gid uint16, g *sfnt.Glyph) (*Coords, error)
//
// (this package cannot name sfnt's types; hint asserts that type once,
// in its own initialisation). For such a glyph it reads and checks
// everything up to the end of the flags, in LoadGlyph's order and with
// LoadGlyph's errors, leaves g.X and g.Y empty and returns where the
// coordinates are; it returns nil Coords for any other glyph (composite,
// empty, or simple with instructions), which it loads completely, as
// LoadGlyph loads it, with its errors. The coordinates are checked last
// by LoadGlyph too, after the flags, so Decode, or a decoder followed by
// Check, reports exactly what LoadGlyph reports for the glyph.
var LoadFlags any

// Window returns a view of the file starting at the x coordinates of
// the nPts points, WindowSize+1 bytes long, or nil if c is nil, nPts >
// WindowPoints or the file ends within those bytes (then use Decode).
// Both coordinate arrays of at most WindowPoints points take at most
// 4*WindowPoints <= WindowSize-2 bytes, so a decoder may read two bytes
// at any position it reaches and mask positions to WindowSize-1 without
// changing them. The bytes past the record are the file's: the caller
// decodes, then checks the sizes it read with Check before it uses
// anything.
func (c *Coords) Window(nPts int) *[WindowSize + 1]byte {
	if c == nil || nPts > WindowPoints || len(c.File)-c.At <= WindowSize {
		return nil
	}
	return (*[WindowSize + 1]byte)(c.File[c.At : c.At+WindowSize+1])
}

// Check is nil if x coordinates of xs bytes and y coordinates of ys
// bytes after them fit in the record, and otherwise the error sfnt's
// LoadGlyph reports for them (CoordsError). xs and ys must be the sizes
// the glyph's flags give.
func (c *Coords) Check(xs, ys int) error {
	if xs > c.N || ys > c.N-xs {
		return c.err(xs, ys)
	}
	return nil
}

// err is Check's error (out of line, so that Check is inlined).
//
//go:noinline
func (c *Coords) err(xs, ys int) error {
	return CoordsError(c, xs, ys)
}

// Decode decodes the coordinates of the points of flags (the glyph's
// expanded flags) into x and y, reusing their capacity, as
// TT_Load_Simple_Glyph decodes them, and returns them, or empty slices
// and Check's error if they run past the record. With a window of the
// file (Window) and enough capacity, both arrays are decoded, then
// their sizes checked; otherwise the sizes are measured and checked
// first (before any buffer grows), then the arrays decoded, through a
// window when the file has one and with the branching decoder
// otherwise.
func (c *Coords) Decode(flags []uint8, x, y []int32) ([]int32, []int32, error) {
	n := len(flags)
	if a := c.Window(n); a != nil && cap(x) >= n && cap(y) >= n {
		xs, ys := DecodeWindow(a, flags, x, y)
		if err := c.Check(xs, ys); err != nil {
			return x[:0], y[:0], err
		}
		return x[:n], y[:n], nil
	}
	xs, ys := Measure(flags)
	if err := c.Check(xs, ys); err != nil {
		return x[:0], y[:0], err
	}
	x, y = grow32(x, n), grow32(y, n)
	if a := c.Window(n); a != nil {
		DecodeWindow(a, flags, x, y)
	} else {
		decodeBranching(c.File, c.At, c.At+xs, flags, x, y)
	}
	return x, y, nil
}

// grow32 returns b with length n, reusing its capacity when it is
// large enough.
func grow32(b []int32, n int) []int32 {
	if cap(b) < n {
		return make([]int32, n)
	}
	return b[:n]
}

// DecodeWindow decodes the x coordinates at a[0:] and the y coordinates
// after them, of the points of flags (at most WindowPoints), into the
// capacity of x and y (at least len(flags) each), and returns the sizes
// of both arrays. The caller checks the sizes against the record
// (Check): bytes past it are read but never matter then.
//
// Each coordinate is decoded without branching on its flag (Ops). Every
// position stays below 4*WindowPoints+2 <= WindowSize, so masking it to
// WindowSize-1 changes nothing but lets the compiler drop the bounds
// checks.
func DecodeWindow(a *[WindowSize + 1]byte, flags []uint8, x, y []int32) (int, int) {
	xs := x[:len(flags)]
	ys := y[:len(flags)]
	_ = a[0]
	t := X
	_ = t.Mask[0]
	p := 0
	var v int32
	for i, c := range flags {
		k := p & (WindowSize - 1)
		w := uint32(a[k]) | uint32(a[k+1])<<8
		v += int32((w&t.Mask[c])*t.Mul[c]) >> 16
		p = k + t.Size[c]
		xs[i] = v
	}
	px := p
	t = Y
	_ = t.Mask[0]
	v = 0
	for i, c := range flags {
		k := p & (WindowSize - 1)
		w := uint32(a[k]) | uint32(a[k+1])<<8
		v += int32((w&t.Mask[c])*t.Mul[c]) >> 16
		p = k + t.Size[c]
		ys[i] = v
	}
	return px, p - px
}

// decodeBranching decodes the x deltas at file[px:] and the y deltas at
// file[py:] (their sizes already checked against the flags) into
// absolute coordinates, branching on each flag: the decoder for glyphs
// the window cannot hold.
func decodeBranching(file []byte, px, py int, flags []uint8, xs, ys []int32) {
	xs = xs[:len(flags)]
	ys = ys[:len(flags)]
	var x, y int32
	for i, c := range flags {
		var d int32
		d, px = branchDelta(file, px, c, xShort, xSame)
		x += d
		xs[i] = x
		d, py = branchDelta(file, py, c, yShort, ySame)
		y += d
		ys[i] = y
	}
}

// branchDelta decodes the delta at file[p] of a point with flag byte c
// for the axis whose short and "same" bits are given, and returns it
// with the position after it.
func branchDelta(file []byte, p int, c, short, same uint8) (int32, int) {
	switch {
	case c&short != 0:
		d := int32(file[p])
		if c&same == 0 {
			d = -d
		}
		return d, p + 1
	case c&same == 0:
		return int32(int16(binary.BigEndian.Uint16(file[p:]))), p + 2
	}
	return 0, p
}

// Sizes[c] holds the sizes in bytes of the x coordinate (bits 0 to
// SizeShift-1) and the y coordinate (bits SizeShift on) of a point with
// flag byte c: 1 for a short vector, 0 for "same", 2 otherwise (Ops'
// Size of each axis). Summing them for all points measures both
// coordinate arrays at once (each is at most 2*32768 bytes, so the
// fields cannot carry into each other). The table is read-only.
var Sizes = func() (t [256]uint32) {
	for c := range t {
		t[c] = uint32(X.Size[c]) | uint32(Y.Size[c])<<SizeShift
	}
	return t
}()

// SizeShift and SizeMask unpack a sum of Sizes entries.
const (
	SizeShift = 20
	SizeMask  = 1<<SizeShift - 1
)

// lanes has the low bit of each byte of a uint64 set.
const lanes = 0x0101010101010101

// flagWordSizes is the sum of Sizes over the flag bytes of w in the
// lanes of mask (lanes, or its low bytes), computed in the bytes'
// lanes: a coordinate takes 2 bytes, less 1 if its short bit is set,
// less 2 if its "same" bit is set without the short bit; multiplying by
// lanes adds the lanes (at most 16) into the top byte.
func flagWordSizes(w, mask uint64) uint64 {
	xShort := w >> 1 & mask // X_SHORT_VECTOR = 1<<1
	xSame := w >> 4 & mask &^ xShort
	yShort := w >> 2 & mask // Y_SHORT_VECTOR = 1<<2
	ySame := w >> 5 & mask &^ yShort
	xs := (2*mask - xShort - 2*xSame) * lanes >> 56
	ys := (2*mask - yShort - 2*ySame) * lanes >> 56
	return xs | ys<<SizeShift
}

// Measure returns the sizes in bytes of the x and the y coordinate
// arrays of the points of flags (expanded), eight flags at a time.
func Measure(flags []uint8) (xs, ys int) {
	var sizes uint64
	for len(flags) >= 8 {
		sizes += flagWordSizes(binary.LittleEndian.Uint64(flags), lanes)
		flags = flags[8:]
	}
	for _, c := range flags {
		sizes += uint64(Sizes[c])
	}
	return int(sizes & SizeMask), int(sizes >> SizeShift)
}
