package sfnt

import (
	"encoding/binary"
	"fmt"
)

// Simple-glyph point flags, as stored in Glyph.Flags.
const (
	FlagOnCurve       = 0x01 // ON_CURVE_POINT
	FlagXShort        = 0x02 // X_SHORT_VECTOR
	FlagYShort        = 0x04 // Y_SHORT_VECTOR
	FlagRepeat        = 0x08 // REPEAT_FLAG
	FlagXSame         = 0x10 // X_IS_SAME_OR_POSITIVE_X_SHORT_VECTOR
	FlagYSame         = 0x20 // Y_IS_SAME_OR_POSITIVE_Y_SHORT_VECTOR
	FlagOverlapSimple = 0x40 // OVERLAP_SIMPLE
	FlagCubic         = 0x80 // reserved (cubic curves in newer specs)
)

// Composite glyph component flags (Component.Flags), with the names of
// the TrueType specification.
const (
	ARG_1_AND_2_ARE_WORDS     = 0x0001
	ARGS_ARE_XY_VALUES        = 0x0002
	ROUND_XY_TO_GRID          = 0x0004
	WE_HAVE_A_SCALE           = 0x0008
	MORE_COMPONENTS           = 0x0020
	WE_HAVE_AN_X_AND_Y_SCALE  = 0x0040
	WE_HAVE_A_TWO_BY_TWO      = 0x0080
	WE_HAVE_INSTRUCTIONS      = 0x0100
	USE_MY_METRICS            = 0x0200
	OVERLAP_COMPOUND          = 0x0400
	SCALED_COMPONENT_OFFSET   = 0x0800
	UNSCALED_COMPONENT_OFFSET = 0x1000
)

// A Component is one component record of a composite glyph, decoded as
// FreeType's TT_Load_Composite_Glyph decodes it.
type Component struct {
	GlyphIndex uint16
	Flags      uint16
	// Arg1 and Arg2 are the x and y offsets (signed; int8 or int16
	// sign-extended) when ARGS_ARE_XY_VALUES is set, otherwise the
	// point numbers to match (uint8 or uint16, zero-extended): parent
	// point Arg1, component point Arg2.
	Arg1, Arg2 int32
	// Scale is the transform as F2Dot14 values in FT_Matrix order
	// {xx, xy, yx, yy}; {0x4000, 0, 0, 0x4000} without a scale flag.
	// WE_HAVE_A_SCALE sets xx = yy; WE_HAVE_AN_X_AND_Y_SCALE sets xx, yy;
	// WE_HAVE_A_TWO_BY_TWO reads, in file order, xx, yx, xy, yy
	// (i.e. the spec's xscale, scale01, scale10, yscale). The flags are
	// tested in that order and only the first one set counts, as in
	// FreeType. FreeType's 16.16 FT_Fixed transform is Scale[i]*4.
	Scale [4]int32
}

// A Glyph is one decoded glyf record. The caller owns it; LoadGlyph and
// ParseGlyph reuse its slices' capacity, so decoding into the same Glyph
// allocates nothing in steady state.
type Glyph struct {
	// NumContours is > 0 for a simple glyph, -1 for a composite (any
	// negative count in the font is normalised to -1, as FreeType does),
	// 0 for an empty glyph (no record, or a record with zero contours).
	NumContours int
	// The bounding box from the glyph header; all zero for empty glyphs
	// (as FreeType zeroes it).
	XMin, YMin, XMax, YMax int16
	// EndPts holds the last point index of each contour (simple glyphs).
	EndPts []uint16
	// Flags holds one flag byte per point, repeats expanded, the bits as
	// stored in the font (FlagOnCurve, ...). FreeType keeps only bit 0
	// in its outline tags, and bit 6 of the first point as the outline's
	// overlap flag.
	Flags []uint8
	// X and Y are the absolute point coordinates in font units. They are
	// int32 because FreeType accumulates the deltas in an FT_Pos without
	// wrapping; in well-formed fonts they fit in int16.
	X, Y []int32
	// Instructions are the glyph's bytecode, a slice into the font data
	// (nil if none). For composites see InstructionsErr.
	Instructions []byte
	// InstructionsErr is set for a composite glyph whose instructions
	// cannot be read as FreeType reads them (TT_Process_Composite_Glyph:
	// the length word or the bytes lie past the end of the file, or the
	// length exceeds both maxp.maxSizeOfInstructions and the record
	// length). FreeType fails such a glyph only when it hints it, so
	// LoadGlyph reports the problem here instead of failing.
	InstructionsErr error
	// Components holds the component records of a composite glyph.
	Components []Component
}

func (g *Glyph) reset() {
	g.NumContours = 0
	g.XMin, g.YMin, g.XMax, g.YMax = 0, 0, 0, 0
	g.EndPts = g.EndPts[:0]
	g.Flags = g.Flags[:0]
	g.X = g.X[:0]
	g.Y = g.Y[:0]
	g.Instructions = nil
	g.InstructionsErr = nil
	g.Components = g.Components[:0]
}

// NumPoints returns the number of points of a simple glyph.
func (g *Glyph) NumPoints() int { return len(g.X) }

var errCFF = fmt.Errorf("%w: CFF outlines (OTTO font)", ErrUnsupported)

// HasOutlines reports whether the font has a glyf table. Without one
// every glyph loads as an empty glyph, as in FreeType.
func (f *Font) HasOutlines() bool { return f.glyf != nil }

// LocaErr reports whether FreeType's TrueType driver could set up the
// font's glyph locations: it returns nil, or an error matching
// ErrMissingTable (naming loca) when the font has no usable loca table
// and no embedded bitmap tables. FreeType's tt_face_init then fails with
// Locations_Missing (even without a glyf table), so FT_New_Face refuses
// the font; a loca entry running past the end of the file is no loca
// (check_table_dir drops it). Such a font is still parsed here, for its
// other tables, but its glyphs cannot be loaded (see GlyphData).
func (f *Font) LocaErr() error { return f.locaErr }

// parseLoca sets up glyph locations the way FreeType's tt_face_load_loca
// does. Without a glyf table there are no outlines and loca is ignored;
// with one, loca is required.
func (f *Font) parseLoca() error {
	if f.version == 0x4f54544f {
		return nil // CFF outlines: no loca
	}
	if gr, ok := f.lookup(TagGlyf); ok {
		f.glyf = f.Table(TagGlyf)
		f.glyfOff = int(gr.Offset)
	}
	lr, ok := f.lookup(TagLoca)
	if !ok {
		// FreeType's TrueType driver loads loca for every font without
		// embedded bitmaps (one with neither outlines nor bitmaps counts
		// as scalable) and fails with Locations_Missing without it. The
		// font's other tables stay usable here (Graphite test fonts
		// without glyf/loca exist), but glyphs cannot be loaded.
		for _, t := range []string{"EBLC", "CBLC", "bloc", "sbix"} {
			if f.HasTable(MakeTag(t)) {
				return nil
			}
		}
		f.locaErr = missing(TagLoca)
		return nil
	}
	shift := uint(1)
	if f.head.IndexToLocFormat != 0 {
		shift = 2
	}
	tableLen := uint64(lr.Length)
	if tableLen > 0x10000<<shift {
		tableLen = 0x10000 << shift
	}
	numLoc := tableLen >> shift
	if numLoc < uint64(f.numGlyphs)+1 {
		// FreeType extends loca into the bytes up to the next table (or
		// the end of the file) when they can hold numGlyphs+1 entries,
		// and otherwise reduces the number of glyphs.
		newLen := (uint64(f.numGlyphs) + 1) << shift
		pos := int64(lr.Offset)
		dist := int64(0x7FFFFFFF)
		found := false
		for _, r := range f.records {
			if d := int64(r.Offset) - pos; d > 0 && d < dist {
				dist, found = d, true
			}
		}
		if !found {
			dist = int64(len(f.data)) - pos
		}
		if newLen <= uint64(dist) {
			numLoc = uint64(f.numGlyphs) + 1
			tableLen = newLen
		} else if numLoc > 0 {
			f.numGlyphs = int(numLoc) - 1
		} else {
			f.numGlyphs = 0
		}
	}
	f.loca = f.data[lr.Offset : uint64(lr.Offset)+tableLen]
	f.numLoca = int(numLoc)
	return nil
}

// location mirrors FreeType's tt_face_get_location: it returns the glyph
// record's offset in glyf and its length (0 for empty glyphs).
func (f *Font) location(gid int) (off, n int) {
	var pos1, pos2 uint64
	if gid < f.numLoca {
		if f.head.IndexToLocFormat != 0 {
			p := 4 * gid
			pos1 = uint64(u32(f.loca, p))
			pos2 = pos1
			if p+8 <= len(f.loca) {
				pos2 = uint64(u32(f.loca, p+4))
			}
		} else {
			p := 2 * gid
			pos1 = uint64(u16(f.loca, p))
			pos2 = pos1
			if p+4 <= len(f.loca) {
				pos2 = uint64(u16(f.loca, p+2))
			}
			pos1 <<= 1
			pos2 <<= 1
		}
	}
	glen := uint64(len(f.glyf))
	if pos1 > glen {
		return 0, 0
	}
	if pos2 > glen {
		if gid == f.numLoca-2 {
			pos2 = glen
		} else {
			return 0, 0
		}
	}
	if pos2 >= pos1 {
		return int(pos1), int(pos2 - pos1)
	}
	return int(pos1), int(glen - pos1)
}

// GlyphData returns the raw glyf record of glyph gid, a slice into the font
// data; it is empty for empty glyphs. The record is located exactly as
// FreeType's tt_face_get_location locates it, with its tolerances:
//   - an entry past the end of glyf makes the glyph empty;
//   - the last glyph's record is truncated at the end of glyf;
//   - an unordered pair (next offset < this offset) gives a record
//     running to the end of glyf;
//   - a short loca table is extended into the following bytes or the
//     glyph count reduced (see NumGlyphs).
//
// In a font without glyf (see HasOutlines) every glyph is empty, as in
// FreeType. The error is ErrGlyphIndex for gid >= NumGlyphs; it matches
// ErrUnsupported for CFF-flavoured ("OTTO") fonts, and ErrMissingTable
// (naming loca) for fonts without loca and without embedded bitmaps,
// which FreeType refuses to open (Locations_Missing).
func (f *Font) GlyphData(gid uint16) ([]byte, error) {
	if f.version == 0x4f54544f {
		return nil, errCFF
	}
	if f.locaErr != nil {
		return nil, f.locaErr
	}
	if int(gid) >= f.numGlyphs {
		return nil, ErrGlyphIndex
	}
	off, n := f.location(int(gid))
	return f.glyf[off : off+n : off+n], nil
}

// LoadGlyph decodes glyph gid into g, reusing g's buffers. It validates
// exactly as FreeType's TT_Load_Glyph_Header, TT_Load_Simple_Glyph and
// TT_Load_Composite_Glyph do: a record shorter than its 10-byte header,
// 4095 or more contours, negative or non-increasing contour end points,
// instructions or flags or coordinates running past the record, a flag
// repeat count running past the last point, a component record running
// past the record, and a component glyph index >= NumGlyphs are all
// errors (naming glyf and the offset in it). Bytes after the data the
// record needs are ignored. Composite instructions follow FreeType's
// rules: see Glyph.InstructionsErr.
//
// LoadGlyph loads one record; it does not follow components. Errors are
// those of GlyphData and the decoding errors above.
func (f *Font) LoadGlyph(gid uint16, g *Glyph) error {
	if f.version == 0x4f54544f {
		g.reset()
		return errCFF
	}
	if f.locaErr != nil {
		g.reset()
		return f.locaErr
	}
	if int(gid) >= f.numGlyphs {
		g.reset()
		return ErrGlyphIndex
	}
	off, n := f.location(int(gid))
	base := f.glyfOff
	return parseGlyph(f.data, base, base+off, base+off+n, f.maxp.MaxSizeOfInstructions, f.numGlyphs, gid, g)
}

// ParseGlyph decodes one raw glyf record (as returned by GlyphData) into
// g, with LoadGlyph's rules, except that component glyph indexes are not
// checked, composite instructions must lie inside data, and error offsets
// are relative to data.
func ParseGlyph(data []byte, g *Glyph) error {
	return parseGlyph(data, 0, 0, len(data), 0, 1<<16, 0xFFFF, g)
}

// parseGlyph decodes file[start:end]; offsets in errors are relative to
// base (the start of glyf).
func parseGlyph(file []byte, base, start, end int, maxIns uint16, numGlyphs int, gid uint16, g *Glyph) error {
	g.reset()
	if end == start {
		return nil
	}
	bad := func(p int, format string, args ...any) *FormatError {
		return &FormatError{Table: "glyf", Offset: p - base, Msg: fmt.Sprintf("glyph %d: ", gid) + fmt.Sprintf(format, args...), FreeType: "Invalid_Outline"}
	}
	if end-start < 10 {
		return bad(start, "record of %d bytes is shorter than the 10-byte glyph header", end-start)
	}
	rec := file[start:end]
	nc := int(i16(rec, 0))
	if nc == 0 {
		return nil
	}
	g.XMin, g.YMin, g.XMax, g.YMax = i16(rec, 2), i16(rec, 4), i16(rec, 6), i16(rec, 8)
	if nc < 0 {
		g.NumContours = -1
		return parseComposite(file, base, start, end, maxIns, numGlyphs, g, bad)
	}
	g.NumContours = nc
	p := 10
	if nc >= 0xFFF || p+(nc+1)*2 > len(rec) {
		if nc >= 0xFFF {
			return bad(start, "%d contours (FreeType accepts at most 4094)", nc)
		}
		return bad(start+p, "%d contour end points run past the end of the record", nc)
	}
	g.EndPts = grow16(g.EndPts, nc)
	prev := int(i16(rec, p))
	if prev < 0 {
		return bad(start+p, "negative contour end point %d", prev)
	}
	g.EndPts[0] = uint16(prev)
	for i := 1; i < nc; i++ {
		e := int(i16(rec, p+2*i))
		if e <= prev {
			return bad(start+p+2*i, "contour end point %d does not follow %d", e, prev)
		}
		g.EndPts[i] = uint16(e)
		prev = e
	}
	p += 2 * nc
	nPts := prev + 1
	nIns := int(u16(rec, p))
	p += 2
	if nIns > len(rec)-p {
		e := bad(start+p-2, "%d instruction bytes run past the end of the record", nIns)
		e.FreeType = "Too_Many_Hints"
		return e
	}
	if nIns > 0 {
		g.Instructions = rec[p : p+nIns : p+nIns]
	}
	p += nIns

	// The flags: scanFlags validates them and measures the coordinate
	// arrays, expanding the flags into g.Flags as it goes. When g.Flags
	// lacks room, a measuring scan runs first, so that no buffer is
	// sized from the point count before the data proves it.
	if cap(g.Flags) < nPts {
		if _, _, err := scanFlags(rec, p, nPts, nil, start, bad); err != nil {
			return err
		}
	}
	g.Flags = grow8(g.Flags, nPts)
	q, sizes, err := scanFlags(rec, p, nPts, g.Flags, start, bad)
	if err != nil {
		g.Flags = g.Flags[:0]
		return err
	}
	xs, ys := int(sizes&coordMask), int(sizes>>coordShift)
	if xs > len(rec)-q {
		g.Flags = g.Flags[:0]
		return bad(start+q, "x coordinates (%d bytes) run past the end of the record", xs)
	}
	if ys > len(rec)-q-xs {
		g.Flags = g.Flags[:0]
		return bad(start+q+xs, "y coordinates (%d bytes) run past the end of the record", ys)
	}
	g.X = grow32(g.X, nPts)
	g.Y = grow32(g.Y, nPts)
	decodeCoords(file, start+q, start+q+xs, start+q+xs+ys, g.Flags, g.X, g.Y)
	return nil
}

// coordSizes[c] holds the sizes in bytes of the x coordinate (bits
// 0-19) and the y coordinate (bits 20 on) of a point with flag byte c:
// 1 for a short vector, 0 for "same", 2 otherwise. Summing them for all
// points measures both coordinate arrays at once (each is at most
// 2*32768 bytes, so the fields cannot carry into each other).
const (
	coordShift = 20
	coordMask  = 1<<coordShift - 1
)

var coordSizes = func() (t [256]uint32) {
	for c := range t {
		t[c] = uint32(coordSize(uint8(c), FlagXShort, FlagXSame)) |
			uint32(coordSize(uint8(c), FlagYShort, FlagYSame))<<coordShift
	}
	return t
}()

// A coordOp says how to decode one coordinate delta of a point from its
// flag byte without branching: with w the big-endian int16 at the read
// position (sign-extended), the delta is
// ((w & long) | (w>>8 & short)) * mul (mul is 1, -1 for a negative
// short vector, 0 for "same"), and the position advances by size.
// size comes first: the loop reads it through the entry's address,
// which then needs no offset.
type coordOp struct {
	size, long, short, mul int32
}

// coordOps holds the x ops (index c) and the y ops (index 256 + c) of
// flag byte c.
var coordOps = func() (t [512]coordOp) {
	op := func(c, short, same uint8) coordOp {
		switch {
		case c&short != 0 && c&same != 0:
			return coordOp{short: 0xFF, mul: 1, size: 1}
		case c&short != 0:
			return coordOp{short: 0xFF, mul: -1, size: 1}
		case c&same != 0:
			return coordOp{}
		}
		return coordOp{long: -1, mul: 1, size: 2}
	}
	for c := 0; c < 256; c++ {
		t[c] = op(uint8(c), FlagXShort, FlagXSame)
		t[256+c] = op(uint8(c), FlagYShort, FlagYSame)
	}
	return t
}()

// scanFlags checks that the flags of nPts points, starting at rec[p],
// fit in rec, and measures the coordinate arrays (packed as in
// coordSizes). With dst != nil (len(dst) == nPts) it also expands the
// flags into dst. It returns the position after the flags.
func scanFlags(rec []byte, p, nPts int, dst []uint8, start int, bad func(int, string, ...any) *FormatError) (int, uint64, error) {
	if dst == nil {
		return measureFlags(rec, p, nPts, start, bad)
	}
	var sizes uint64
	dst = dst[:nPts]
	for i := 0; i < len(dst); {
		// Eight flags at a time while none repeats: copied as one word,
		// measured in their byte lanes (flagWordSizes).
		if len(dst)-i >= 8 && len(rec)-p >= 8 {
			w := binary.LittleEndian.Uint64(rec[p:])
			if w&(FlagRepeat*lanes) == 0 {
				binary.LittleEndian.PutUint64(dst[i:], w)
				sizes += flagWordSizes(w, lanes)
				i += 8
				p += 8
				continue
			}
		}
		if p >= len(rec) {
			return 0, 0, bad(start+p, "flags run past the end of the record (point %d of %d)", i, nPts)
		}
		c := rec[p]
		p++
		if c&FlagRepeat == 0 {
			sizes += uint64(coordSizes[c])
			dst[i] = c
			i++
			continue
		}
		if p >= len(rec) {
			return 0, 0, bad(start+p, "flag repeat count runs past the end of the record")
		}
		cnt := 1 + int(rec[p])
		p++
		if cnt > len(dst)-i {
			return 0, 0, bad(start+p-1, "flag repeat count %d runs past the last point", cnt-1)
		}
		sizes += uint64(cnt) * uint64(coordSizes[c])
		fill := dst[i : i+cnt]
		for j := range fill {
			fill[j] = c
		}
		i += cnt
	}
	return p, sizes, nil
}

// lanes has the low bit of each byte of a uint64 set.
const lanes = 0x0101010101010101

// flagWordSizes is the sum of coordSizes over the flag bytes of w in
// the lanes of mask (lanes, or its low bytes), computed in the bytes'
// lanes: a coordinate takes 2 bytes, less 1 if its short bit is set,
// less 2 if its "same" bit is set without the short bit; multiplying by
// lanes adds the lanes (at most 16) into the top byte.
func flagWordSizes(w, mask uint64) uint64 {
	xShort := w >> 1 & mask // FlagXShort = 1<<1
	xSame := w >> 4 & mask &^ xShort
	yShort := w >> 2 & mask // FlagYShort = 1<<2
	ySame := w >> 5 & mask &^ yShort
	xs := (2*mask - xShort - 2*xSame) * lanes >> 56
	ys := (2*mask - yShort - 2*ySame) * lanes >> 56
	return xs | ys<<coordShift
}

// measureFlags is scanFlags without a destination.
func measureFlags(rec []byte, p, nPts, start int, bad func(int, string, ...any) *FormatError) (int, uint64, error) {
	var sizes uint64
	for i := 0; i < nPts; {
		if p >= len(rec) {
			return 0, 0, bad(start+p, "flags run past the end of the record (point %d of %d)", i, nPts)
		}
		c := rec[p]
		p++
		cnt := 1
		if c&FlagRepeat != 0 {
			if p >= len(rec) {
				return 0, 0, bad(start+p, "flag repeat count runs past the end of the record")
			}
			cnt += int(rec[p])
			p++
			if i+cnt > nPts {
				return 0, 0, bad(start+p-1, "flag repeat count %d runs past the last point", cnt-1)
			}
		}
		sizes += uint64(cnt) * uint64(coordSizes[c])
		i += cnt
	}
	return p, sizes, nil
}

// decodeCoords decodes the x deltas at file[px:py] and the y deltas at
// file[py:end] (their sizes already checked against the flags) into
// absolute coordinates. When the file has two bytes after end, every
// position can be read as a 2-byte word, and x then y are decoded
// without branching on the flags (coordOps); otherwise one branching
// pass decodes both.
func decodeCoords(file []byte, px, py, end int, flags []uint8, xs, ys []int32) {
	xs = xs[:len(flags)]
	ys = ys[:len(flags)]
	var x, y int32
	if end+2 <= len(file) {
		xops, yops := coordOps[:256], coordOps[256:512]
		for i, c := range flags {
			o := &xops[c]
			w := int32(int16(uint16(file[px])<<8 | uint16(file[px+1])))
			x += ((w & o.long) | (w >> 8 & o.short)) * o.mul
			px += int(o.size)
			xs[i] = x
		}
		for i, c := range flags {
			o := &yops[c]
			w := int32(int16(uint16(file[py])<<8 | uint16(file[py+1])))
			y += ((w & o.long) | (w >> 8 & o.short)) * o.mul
			py += int(o.size)
			ys[i] = y
		}
		return
	}
	for i, c := range flags {
		if c&FlagXShort != 0 {
			d := int32(file[px])
			px++
			if c&FlagXSame == 0 {
				d = -d
			}
			x += d
		} else if c&FlagXSame == 0 {
			x += int32(i16(file, px))
			px += 2
		}
		xs[i] = x
		if c&FlagYShort != 0 {
			d := int32(file[py])
			py++
			if c&FlagYSame == 0 {
				d = -d
			}
			y += d
		} else if c&FlagYSame == 0 {
			y += int32(i16(file, py))
			py += 2
		}
		ys[i] = y
	}
}

func coordSize(c, short, same uint8) int {
	if c&short != 0 {
		return 1
	}
	if c&same != 0 {
		return 0
	}
	return 2
}

func parseComposite(file []byte, base, start, end int, maxIns uint16, numGlyphs int, g *Glyph, badOutline func(int, string, ...any) *FormatError) error {
	bad := func(p int, format string, args ...any) *FormatError {
		e := badOutline(p, format, args...)
		e.FreeType = "Invalid_Composite"
		return e
	}
	p := start + 10
	var flags uint16
	for {
		if p+4 > end {
			return bad(p, "component record runs past the end of the record")
		}
		if len(g.Components) >= MaxCompositeComponents {
			return bad(p, "more than MaxCompositeComponents components")
		}
		var c Component
		c.Flags = u16(file, p)
		c.GlyphIndex = u16(file, p+2)
		flags = c.Flags
		if int(c.GlyphIndex) >= numGlyphs {
			return bad(p+2, "component glyph index %d >= number of glyphs %d", c.GlyphIndex, numGlyphs)
		}
		p += 4
		need := 2
		if flags&ARG_1_AND_2_ARE_WORDS != 0 {
			need += 2
		}
		switch {
		case flags&WE_HAVE_A_SCALE != 0:
			need += 2
		case flags&WE_HAVE_AN_X_AND_Y_SCALE != 0:
			need += 4
		case flags&WE_HAVE_A_TWO_BY_TWO != 0:
			need += 8
		}
		if p+need > end {
			return bad(p, "component arguments (%d bytes) run past the end of the record", need)
		}
		switch flags & (ARGS_ARE_XY_VALUES | ARG_1_AND_2_ARE_WORDS) {
		case ARGS_ARE_XY_VALUES | ARG_1_AND_2_ARE_WORDS:
			c.Arg1, c.Arg2 = int32(i16(file, p)), int32(i16(file, p+2))
			p += 4
		case ARGS_ARE_XY_VALUES:
			c.Arg1, c.Arg2 = int32(int8(file[p])), int32(int8(file[p+1]))
			p += 2
		case ARG_1_AND_2_ARE_WORDS:
			c.Arg1, c.Arg2 = int32(u16(file, p)), int32(u16(file, p+2))
			p += 4
		default:
			c.Arg1, c.Arg2 = int32(file[p]), int32(file[p+1])
			p += 2
		}
		c.Scale = [4]int32{0x4000, 0, 0, 0x4000}
		switch {
		case flags&WE_HAVE_A_SCALE != 0:
			s := int32(i16(file, p))
			c.Scale[0], c.Scale[3] = s, s
			p += 2
		case flags&WE_HAVE_AN_X_AND_Y_SCALE != 0:
			c.Scale[0], c.Scale[3] = int32(i16(file, p)), int32(i16(file, p+2))
			p += 4
		case flags&WE_HAVE_A_TWO_BY_TWO != 0:
			c.Scale[0] = int32(i16(file, p))   // xx
			c.Scale[2] = int32(i16(file, p+2)) // yx
			c.Scale[1] = int32(i16(file, p+4)) // xy
			c.Scale[3] = int32(i16(file, p+6)) // yy
			p += 8
		}
		g.Components = append(g.Components, c)
		if flags&MORE_COMPONENTS == 0 {
			break
		}
	}
	if flags&WE_HAVE_INSTRUCTIONS == 0 {
		return nil
	}
	// TT_Process_Composite_Glyph reads the length and the bytes from the
	// stream at the position after the last component, not bounded by
	// the record.
	if p+2 > len(file) {
		e := bad(p, "composite instruction length runs past the end of the file")
		e.FreeType = "Invalid_Stream_Operation"
		g.InstructionsErr = e
		return nil
	}
	n := int(u16(file, p))
	p += 2
	if n > int(maxIns) && n > end-start {
		e := bad(p-2, "composite instruction length %d exceeds maxSizeOfInstructions %d and the record length %d", n, maxIns, end-start)
		e.FreeType = "Too_Many_Hints"
		g.InstructionsErr = e
		return nil
	}
	if n > len(file)-p {
		e := bad(p, "%d composite instruction bytes run past the end of the file", n)
		e.FreeType = "Invalid_Stream_Operation"
		g.InstructionsErr = e
		return nil
	}
	if n > 0 {
		g.Instructions = file[p : p+n : p+n]
	}
	return nil
}

func grow8(b []uint8, n int) []uint8 {
	if cap(b) < n {
		return make([]uint8, n)
	}
	return b[:n]
}

func grow16(b []uint16, n int) []uint16 {
	if cap(b) < n {
		return make([]uint16, n)
	}
	return b[:n]
}

func grow32(b []int32, n int) []int32 {
	if cap(b) < n {
		return make([]int32, n)
	}
	return b[:n]
}
