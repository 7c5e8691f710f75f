package sfnt

import (
	"encoding/binary"
	"fmt"
	"math/bits"

	"fontvm/internal/glyfcode"
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

// MaxGlyphLoaderContours is the most contours FreeType 2.12.1's glyph
// loader holds for one glyph, its components included:
// FT_GlyphLoader_CheckPoints rounds the count up to a multiple of 4 and
// refuses more than FT_OUTLINE_CONTOURS_MAX (32767) with
// Array_Too_Large. MaxGlyphLoaderPoints is the same for points (rounded
// up to a multiple of 8 against FT_OUTLINE_POINTS_MAX, 32767); a glyph's
// four phantom points count.
const (
	MaxGlyphLoaderContours = 32764
	MaxGlyphLoaderPoints   = 32760
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
// ParseGlyph reuse its slices' capacity (and may write anywhere in it,
// past the new lengths too), so decoding into the same Glyph allocates
// nothing in steady state.
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

	// Where the coordinates of a simple glyph are, once its flags are
	// read (see loadGlyphFlags).
	coords glyfcode.Coords
}

// reset empties g for the next LoadGlyph: zero counts and bounding box,
// no instructions, and its slices cut to length 0 so that their storage
// is reused (glyph loading allocates nothing once warm).
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

// NumPoints returns the number of points of a simple glyph (the
// length of Flags).
func (g *Glyph) NumPoints() int { return len(g.Flags) }

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
	if loca := f.loca; gid < f.numLoca {
		if f.head.IndexToLocFormat != 0 {
			if p := 4 * gid; p < len(loca)-7 {
				v := binary.BigEndian.Uint64(loca[p:])
				pos1, pos2 = v>>32, v&0xFFFFFFFF
			} else {
				pos1 = uint64(u32(loca, p))
				pos2 = pos1
			}
		} else {
			if p := 2 * gid; p < len(loca)-3 {
				v := binary.BigEndian.Uint32(loca[p:])
				pos1, pos2 = uint64(v>>16)<<1, uint64(v&0xFFFF)<<1
			} else {
				pos1 = uint64(u16(loca, p)) << 1
				pos2 = pos1
			}
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
	if err := f.glyphErr(gid); err != nil {
		g.reset()
		return err
	}
	off, n := f.location(int(gid))
	base := f.glyfOff
	err := parseGlyph(f.data, base, base+off, base+off+n, f.maxp.MaxSizeOfInstructions, f.numGlyphs, gid, g)
	if err != nil {
		err = f.loaderError(gid, g, err)
	}
	return err
}

// glyphErr is LoadGlyph's and loadGlyphFlags's first check: the error
// for a CFF font, a broken loca or a glyph index out of range, or nil
// (the caller resets its Glyph; small enough to be inlined).
func (f *Font) glyphErr(gid uint16) error {
	switch {
	case f.version == 0x4f54544f:
		return errCFF
	case f.locaErr != nil:
		return f.locaErr
	case int(gid) >= f.numGlyphs:
		return ErrGlyphIndex
	}
	return nil
}

// loadGlyphFlags is LoadGlyph for truetype/hint's loader, except that
// a simple glyph without instructions is left with its coordinates
// undecoded, for a caller that decodes them itself (straight into its
// own arrays); it is glyfcode.LoadFlags, which documents it. For such a
// glyph it returns &g.coords (g.X and g.Y are left empty); for any
// other glyph, or with an error, nil. (LoadGlyph's loaderError leaves a
// coordinate error as it is: it replaces only the errors of a record
// that ends with its header, and of contour counts the parser refuses
// before the flags; so the coordinates' error, reported by
// glyfcode.Coords after this, is LoadGlyph's.)
func loadGlyphFlags(f *Font, gid uint16, g *Glyph) (*glyfcode.Coords, error) {
	if err := f.glyphErr(gid); err != nil {
		g.reset()
		return nil, err
	}
	off, n := f.location(int(gid))
	base := f.glyfOff
	c, err := parseGlyphLazy(f.data, base, base+off, base+off+n, f.maxp.MaxSizeOfInstructions, f.numGlyphs, gid, g)
	if err != nil {
		err = f.loaderError(gid, g, err) // c is nil
	}
	return c, err
}

// init gives truetype/hint, through glyfcode's hooks, the loader that
// leaves coordinates undecoded and the error of coordinates that run
// past their record, without exporting them.
func init() {
	glyfcode.LoadFlags = loadGlyphFlags
	glyfcode.CoordsError = func(c *glyfcode.Coords, xs, ys int) error {
		return coordsError(c.Base, c.GID, c.At, c.N, xs, ys)
	}
}

// setCoords records in g.coords that the coordinates of g start at
// file[at], n bytes before the end of its record (base is the start of
// glyf, gid the glyph), and returns g.coords. It stores field by field:
// a composite literal is built on the stack, then copied with the write
// barrier's check (wbMove), which cost about 8 instructions more per
// glyph (callgrind).
func (g *Glyph) setCoords(file []byte, base, at, n int, gid uint16) *glyfcode.Coords {
	c := &g.coords
	c.File, c.Base, c.At, c.N, c.GID = file, base, at, n, gid
	return c
}

// decodeCoords decodes the coordinates of a simple glyph whose flags
// parseGlyphLazy read (g.coords says where they are) into g.X and g.Y,
// as LoadGlyph decodes them (glyfcode.Coords.Decode), with LoadGlyph's
// error if they run past the record (then g.X, g.Y and g.Flags are left
// empty).
func (g *Glyph) decodeCoords() error {
	var err error
	g.X, g.Y, err = g.coords.Decode(g.Flags, g.X, g.Y)
	if err != nil {
		g.Flags = g.Flags[:0]
	}
	return err
}

// loaderError applies the package-level loaderError to glyph gid of f,
// locating its record again (so nothing stays live across parseGlyph
// for this error path).
func (f *Font) loaderError(gid uint16, g *Glyph, err error) error {
	off, _ := f.location(int(gid))
	return loaderError(f.data, f.glyfOff, f.glyfOff+off, gid, g, err)
}

// loaderError is the error of glyph gid, whose record at file[start:]
// parseGlyph refused with err (g as it left it), with the errors that
// FreeType's load_truetype_glyph and glyph loader report before
// TT_Load_Simple_Glyph and TT_Load_Composite_Glyph read the data. Both
// cases are records parseGlyph always refuses, so they are checked on
// this error path only.
//
// First, a record of a glyph with contours (or a composite) whose
// 10-byte header ends exactly at the end of the file (start+10 ==
// len(file); file nil skips this check): load_truetype_glyph opens a
// second stream frame right after the header (FT_Stream_Seek to
// start+10, FT_Stream_EnterFrame of the record's length less 10), and a
// memory stream refuses any frame, even an empty one, that starts at
// the end of the file: Invalid_Stream_Operation. With a byte after the
// record the frame opens, and the record's own errors follow. Such a
// record is 10 bytes long, too short for any contour end point or
// component.
//
// Then a simple glyph of more than MaxGlyphLoaderContours contours:
// TT_Load_Simple_Glyph first makes room for them in the glyph loader,
// which refuses them with Array_Too_Large (rather than the
// Invalid_Outline of 4095 contours or more).
func loaderError(file []byte, base, start int, gid uint16, g *Glyph, err error) error {
	if g.NumContours != 0 && file != nil && start+10 >= len(file) {
		e := glyfError(base, gid, start+10, "the glyph header ends at the end of the file (FreeType cannot open the frame after it)")
		e.FreeType = "Invalid_Stream_Operation"
		return e
	}
	if g.NumContours > MaxGlyphLoaderContours {
		e := glyfError(base, gid, start, "%d contours (FreeType's glyph loader holds at most %d)", g.NumContours, MaxGlyphLoaderContours)
		e.FreeType = "Array_Too_Large"
		return e
	}
	return err
}

// ParseGlyph decodes one raw glyf record (as returned by GlyphData) into
// g, with LoadGlyph's rules, except that component glyph indexes are not
// checked, composite instructions must lie inside data, and error offsets
// are relative to data.
func ParseGlyph(data []byte, g *Glyph) error {
	if err := parseGlyph(data, 0, 0, len(data), 0, 1<<16, 0xFFFF, g); err != nil {
		return loaderError(nil, 0, 0, 0xFFFF, g, err)
	}
	return nil
}

// glyfError builds the error of a malformed glyph record: offsets are
// relative to base (the start of glyf). It is called only on error
// paths, so that the decoding paths build no closures or argument
// lists.
func glyfError(base int, gid uint16, p int, format string, args ...any) *FormatError {
	return &FormatError{Table: "glyf", Offset: p - base, Msg: fmt.Sprintf("glyph %d: ", gid) + fmt.Sprintf(format, args...), FreeType: "Invalid_Outline"}
}

// parseGlyph decodes file[start:end] as FreeType's TT_Load_Glyph_Header,
// TT_Load_Simple_Glyph and TT_Load_Composite_Glyph read it; offsets in
// errors are relative to base (the start of glyf): parseGlyphLazy, then
// the coordinates it left (decodeCoords).
func parseGlyph(file []byte, base, start, end int, maxIns uint16, numGlyphs int, gid uint16, g *Glyph) error {
	c, err := parseGlyphLazy(file, base, start, end, maxIns, numGlyphs, gid, g)
	if c != nil {
		err = g.decodeCoords()
	}
	return err
}

// parseGlyphLazy is parseGlyph, except that it stops after the flags of
// a simple glyph without instructions, recording in g.coords where its
// coordinates are and returning &g.coords (see loadGlyphFlags); the
// Coords is nil for any other glyph and with an error. Simple glyphs are decoded here
// (composites by parseComposite): the work is done by leaf functions
// (readEndPts, expandFlags, glyfcode's decoders) and the errors are built out
// of line, so that this function keeps few values live across calls.
func parseGlyphLazy(file []byte, base, start, end int, maxIns uint16, numGlyphs int, gid uint16, g *Glyph) (*glyfcode.Coords, error) {
	g.reset()
	if end == start {
		return nil, nil
	}
	if end-start < 10 {
		return nil, glyfError(base, gid, start, "record of %d bytes is shorter than the 10-byte glyph header", end-start)
	}
	rec := file[start:end]
	hdr := rec[:10]
	nc := int(int16(uint16(hdr[0])<<8 | uint16(hdr[1])))
	if nc == 0 {
		return nil, nil
	}
	g.XMin = int16(uint16(hdr[2])<<8 | uint16(hdr[3]))
	g.YMin = int16(uint16(hdr[4])<<8 | uint16(hdr[5]))
	g.XMax = int16(uint16(hdr[6])<<8 | uint16(hdr[7]))
	g.YMax = int16(uint16(hdr[8])<<8 | uint16(hdr[9]))
	if nc < 0 {
		g.NumContours = -1
		return nil, parseComposite(file, base, start, end, maxIns, numGlyphs, gid, g)
	}
	g.NumContours = nc

	const p0 = 10 // contour end points
	if nc >= 0xFFF || p0+(nc+1)*2 > len(rec) {
		return nil, contoursError(base, gid, start, nc)
	}
	if cap(g.EndPts) < nc {
		g.EndPts = make([]uint16, nc)
	}
	g.EndPts = g.EndPts[:nc]
	nPts := readEndPts(rec[p0:p0+2*nc], g.EndPts)
	if nPts <= 0 {
		g.EndPts = g.EndPts[:0]
		return nil, endPointError(base, gid, start, rec, nc)
	}
	p := p0 + 2*nc
	nIns := int(uint16(rec[p])<<8 | uint16(rec[p+1]))
	p += 2
	if nIns > len(rec)-p {
		e := glyfError(base, gid, start+p-2, "%d instruction bytes run past the end of the record", nIns)
		e.FreeType = "Too_Many_Hints"
		return nil, e
	}
	if nIns > 0 {
		g.Instructions = rec[p : p+nIns : p+nIns]
	}
	p += nIns

	// The flags: expandFlags validates and expands them into g.Flags.
	// When g.Flags lacks room, measureFlags checks them first, so that
	// no buffer is sized from the point count before the data proves it.
	if cap(g.Flags) < nPts {
		if _, _, err := measureFlags(rec, p, nPts, base, start, gid); err != nil {
			return nil, err
		}
		g.Flags = make([]uint8, 0, nPts+7) // room for expandFlags' last word
	}
	q := expandFlags(rec, p, g.Flags[:nPts])
	if q < 0 {
		_, _, err := measureFlags(rec, p, nPts, base, start, gid)
		return nil, err
	}
	g.Flags = g.Flags[:nPts]
	if nIns == 0 {
		return g.setCoords(file, base, start+q, len(rec)-q, gid), nil
	}

	// The coordinates: decodeCoords' window path written out (as a
	// call it cost about 15 instructions more per glyph with
	// instructions).
	px := start + q
	if nPts > winPoints || len(file)-px <= win || cap(g.X) < nPts || cap(g.Y) < nPts {
		g.setCoords(file, base, px, len(rec)-q, gid)
		return nil, g.decodeCoords()
	}
	xs, ys := glyfcode.DecodeWindow((*[win + 1]byte)(file[px:px+win+1]), g.Flags, g.X, g.Y)
	if xs > len(rec)-q || ys > len(rec)-q-xs {
		g.Flags = g.Flags[:0]
		return nil, coordsError(base, gid, px, len(rec)-q, xs, ys)
	}
	g.X = g.X[:nPts]
	g.Y = g.Y[:nPts]
	return nil, nil
}

// readEndPts reads the contour end points (big-endian int16s) from src
// into ends (len(src) == 2*len(ends) > 0) and returns the number of
// points, or 0 if an end point is negative or does not exceed the
// previous one (endPointError then finds it).
//
//go:noinline
func readEndPts(src []byte, ends []uint16) int {
	prev := -1
	for i := range ends {
		j := uint(2 * i)
		if j+1 >= uint(len(src)) {
			return 0
		}
		e := int(int16(uint16(src[j])<<8 | uint16(src[j+1])))
		if e <= prev {
			return 0
		}
		ends[i] = uint16(e)
		prev = e
	}
	return prev + 1
}

// contoursError is the error of a contour count FreeType refuses or
// of contour end points that run past the record.
func contoursError(base int, gid uint16, start, nc int) error {
	if nc >= 0xFFF {
		return glyfError(base, gid, start, "%d contours (FreeType accepts at most 4094)", nc)
	}
	return glyfError(base, gid, start+10, "%d contour end points run past the end of the record", nc)
}

// endPointError is the error of the first contour end point of rec that
// is negative or does not exceed the previous one (readEndPts failed).
func endPointError(base int, gid uint16, start int, rec []byte, nc int) error {
	prev := -1
	for i := 0; i < nc; i++ {
		e := int(i16(rec, 10+2*i))
		if i == 0 && e < 0 {
			return glyfError(base, gid, start+10, "negative contour end point %d", e)
		}
		if e <= prev {
			return glyfError(base, gid, start+10+2*i, "contour end point %d does not follow %d", e, prev)
		}
		prev = e
	}
	// Not reached: readEndPts fails only on such an end point (or, if
	// src were short, on end points past the record).
	return contoursError(base, gid, start, nc)
}

// coordsError is the error of x coordinates (xs bytes) or, if they fit,
// y coordinates (ys bytes) that run past the n bytes of the record
// after the flags, which start at px.
func coordsError(base int, gid uint16, px, n, xs, ys int) error {
	if xs > n {
		return glyfError(base, gid, px, "x coordinates (%d bytes) run past the end of the record", xs)
	}
	return glyfError(base, gid, px+xs, "y coordinates (%d bytes) run past the end of the record", ys)
}

// lanes has the low bit of each byte of a uint64 set.
const lanes = 0x0101010101010101

// expandFlags expands the flags of len(dst) points, starting at rec[p],
// into dst and returns the position after them, or -1 if they do not
// fit in rec (measureFlags then finds the error). Eight flags are
// copied as one word up to the first one that repeats; the word may
// also be stored past len(dst), into dst's capacity.
func expandFlags(rec []byte, p int, dst []uint8) int {
	n := len(dst)
	i := 0
	for {
		// Whole words of flags without a repeat.
		for i < n-7 && p < len(rec)-7 {
			w := binary.LittleEndian.Uint64(rec[p:])
			if w&(FlagRepeat*lanes) != 0 {
				break
			}
			binary.LittleEndian.PutUint64(dst[i:], w)
			i += 8
			p += 8
		}
		if i >= n {
			return p
		}
		// A word with a repeating flag, or the last flags.
		var c uint8
		if room := dst[:cap(dst)]; i < len(room)-7 && p < len(rec)-7 {
			w := binary.LittleEndian.Uint64(rec[p:])
			binary.LittleEndian.PutUint64(room[i:], w)
			m := w & (FlagRepeat * lanes)
			if r := n - i; r < 8 {
				// The last flags: only the first r lanes count.
				m &= 1<<(8*uint(r)) - 1
				if m == 0 {
					return p + r
				}
			}
			// The flags up to the first repeating one, and that one,
			// are in place.
			k := bits.TrailingZeros64(m) >> 3
			c = uint8(w >> (uint(k) * 8 & 63))
			i += k + 1
			p += k + 1
		} else {
			if p >= len(rec) {
				return -1
			}
			c = rec[p]
			p++
			dst[i] = c
			i++
			if c&FlagRepeat == 0 {
				continue
			}
		}
		if p >= len(rec) {
			return -1
		}
		cnt := int(rec[p])
		p++
		if cnt > n-i {
			return -1
		}
		if room := dst[:cap(dst)]; cnt <= 8 && i < len(room)-7 {
			binary.LittleEndian.PutUint64(room[i:], uint64(c)*lanes)
		} else {
			fill := dst[i : i+cnt]
			for j := range fill {
				fill[j] = c
			}
		}
		i += cnt
	}
}

// measureFlags checks that the flags of nPts points, starting at rec[p],
// fit in rec, and measures the coordinate arrays (packed as in
// glyfcode.Sizes). It returns the position after the flags, or the error
// FreeType's TT_Load_Simple_Glyph reports first.
func measureFlags(rec []byte, p, nPts, base, start int, gid uint16) (int, uint64, error) {
	var sizes uint64
	for i := 0; i < nPts; {
		if p >= len(rec) {
			return 0, 0, glyfError(base, gid, start+p, "flags run past the end of the record (point %d of %d)", i, nPts)
		}
		c := rec[p]
		p++
		cnt := 1
		if c&FlagRepeat != 0 {
			if p >= len(rec) {
				return 0, 0, glyfError(base, gid, start+p, "flag repeat count runs past the end of the record")
			}
			cnt += int(rec[p])
			p++
			if i+cnt > nPts {
				return 0, 0, glyfError(base, gid, start+p-1, "flag repeat count %d runs past the last point", cnt-1)
			}
		}
		sizes += uint64(cnt) * uint64(glyfcode.Sizes[c])
		i += cnt
	}
	return p, sizes, nil
}

// The coordinate decoder reads the coordinates through glyfcode's window
// (see glyfcode.WindowSize).
const (
	win       = glyfcode.WindowSize
	winPoints = glyfcode.WindowPoints
)

// compositeError is glyfError for composite glyphs.
func compositeError(base int, gid uint16, p int, format string, args ...any) *FormatError {
	e := glyfError(base, gid, p, format, args...)
	e.FreeType = "Invalid_Composite"
	return e
}

// parseComposite reads the component records of composite glyph gid,
// whose record is file[start:end] (base is the glyf table's offset, for
// error positions), into g.Components, as TT_Load_Composite_Glyph does:
// each record's flags, glyph index, arguments (bytes or words, signed
// offsets or unsigned point numbers) and optional scale, x/y scale or
// 2x2 matrix (2.14 values; identity when absent). A record running past
// end, more than MaxCompositeComponents components, or a component glyph
// index not below numGlyphs fails the glyph (Invalid_Composite). When
// the last component has WE_HAVE_INSTRUCTIONS, the instructions are read
// after it as TT_Process_Composite_Glyph does, bounded by the file rather
// than the record; a length or byte run that does not fit is not an
// error of the glyph but is left in g.InstructionsErr with FreeType's
// error name (Invalid_Stream_Operation, Too_Many_Hints).
func parseComposite(file []byte, base, start, end int, maxIns uint16, numGlyphs int, gid uint16, g *Glyph) error {
	p := start + 10
	var flags uint16
	for {
		if p+4 > end {
			return compositeError(base, gid, p, "component record runs past the end of the record")
		}
		if len(g.Components) >= MaxCompositeComponents {
			return compositeError(base, gid, p, "more than MaxCompositeComponents components")
		}
		var c Component
		c.Flags = u16(file, p)
		c.GlyphIndex = u16(file, p+2)
		flags = c.Flags
		if int(c.GlyphIndex) >= numGlyphs {
			return compositeError(base, gid, p+2, "component glyph index %d >= number of glyphs %d", c.GlyphIndex, numGlyphs)
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
			return compositeError(base, gid, p, "component arguments (%d bytes) run past the end of the record", need)
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
		e := compositeError(base, gid, p, "composite instruction length runs past the end of the file")
		e.FreeType = "Invalid_Stream_Operation"
		g.InstructionsErr = e
		return nil
	}
	n := int(u16(file, p))
	p += 2
	if n > int(maxIns) && n > end-start {
		e := compositeError(base, gid, p-2, "composite instruction length %d exceeds maxSizeOfInstructions %d and the record length %d", n, maxIns, end-start)
		e.FreeType = "Too_Many_Hints"
		g.InstructionsErr = e
		return nil
	}
	if n > len(file)-p {
		e := compositeError(base, gid, p, "%d composite instruction bytes run past the end of the file", n)
		e.FreeType = "Invalid_Stream_Operation"
		g.InstructionsErr = e
		return nil
	}
	if n > 0 {
		g.Instructions = file[p : p+n : p+n]
	}
	return nil
}

// grow8 returns b resliced to length n, or a fresh zeroed slice when b's
// capacity is smaller; the old contents are not carried over.
func grow8(b []uint8, n int) []uint8 {
	if cap(b) < n {
		return make([]uint8, n)
	}
	return b[:n]
}

// grow16 is grow8 for uint16 slices: b resliced to length n, or a fresh
// zeroed slice when b's capacity is smaller, without copying.
func grow16(b []uint16, n int) []uint16 {
	if cap(b) < n {
		return make([]uint16, n)
	}
	return b[:n]
}
