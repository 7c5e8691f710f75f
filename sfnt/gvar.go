package sfnt

import (
	"slices"

	"fontvm/internal/ftmath"
)

// Tuple flags of gvar and cvar headers (FreeType's GX_TC_* and GX_TI_*).
const (
	tupleSharePoints  = 0x8000
	tupleCountMask    = 0x0FFF
	tupleEmbedded     = 0x8000
	tupleIntermediate = 0x4000
	tuplePrivatePts   = 0x2000
	tupleIndexMask    = 0x0FFF
)

// A Gvar is the glyph variations table as FreeType 2.12.1's
// ft_var_load_gvar loads it: the shared tuples (16.16) and the glyph
// data offsets, made monotonic and clipped to the table as FreeType
// makes them.
type Gvar struct {
	data     []byte // the whole file: FreeType reads the glyph data from the stream
	tableLen int    // gvar's directory length (FreeType's gvar_size)
	numAxes  int
	shared   []int32  // sharedTupleCount × numAxes
	offsets  []uint32 // glyphCount+1 absolute file offsets
}

// gvarErr is a gvar error FreeType reports as Invalid_Table.
func gvarErr(t Tag, off int, msg string) error {
	return &FormatError{Table: t.String(), Offset: off, Msg: msg, FreeType: "Invalid_Table"}
}

// Gvar loads gvar for a font with numAxes axes, failing as
// ft_var_load_gvar fails (FreeType then fails to set the coordinates):
// a missing table, a version other than 1.0, an axis count other than
// fvar's, more shared tuples or glyph offsets than the table's length
// can hold, or headers, offsets or shared tuples past the end of the file.
func (f *Font) Gvar(numAxes int) (*Gvar, error) {
	r, ok := f.lookup(TagGvar)
	if !ok {
		return nil, missing(TagGvar)
	}
	d, start := f.data, int(r.Offset)
	if start+20 > len(d) {
		return nil, errf(TagGvar, 0, "header runs past the end of the file")
	}
	if u32(d, start) != 0x00010000 {
		return nil, gvarErr(TagGvar, 0, "version is not 1.0")
	}
	if int(u16(d, start+4)) != numAxes&0xFFFF {
		return nil, gvarErr(TagGvar, 4, "axisCount differs from fvar's")
	}
	nShared, coordOff := int(u16(d, start+6)), int64(u32(d, start+8))
	glyphCount, flags, dataOff := int(u16(d, start+12)), u16(d, start+14), int64(u32(d, start+16))
	tl := int64(r.Length)
	if int64(nShared)*int64(numAxes) > tl/2 {
		return nil, gvarErr(TagGvar, 6, "too many shared tuples for the table's length")
	}
	osz := int64(2)
	if flags&1 != 0 {
		osz = 4
	}
	if int64(glyphCount+1)*osz > tl {
		return nil, gvarErr(TagGvar, 12, "too many glyph offsets for the table's length")
	}
	if int64(start+20)+int64(glyphCount+1)*osz > int64(len(d)) {
		return nil, errf(TagGvar, 20, "glyph offsets run past the end of the file")
	}
	g := &Gvar{data: d, tableLen: int(r.Length), numAxes: numAxes, offsets: make([]uint32, glyphCount+1)}
	limit := int64(start) + tl
	base := int64(start) + dataOff
	var maxOff int64
	for i := range g.offsets {
		var o int64
		if osz == 4 {
			o = base + int64(u32(d, start+20+4*i))
		} else {
			o = base + 2*int64(u16(d, start+20+2*i))
		}
		if maxOff <= o {
			maxOff = o
		} else {
			o = maxOff
		}
		if limit < o {
			o = limit
		}
		g.offsets[i] = uint32(o)
	}
	if nShared != 0 {
		p := int64(start) + coordOff
		if p >= int64(len(d)) || p+int64(2*nShared*numAxes) > int64(len(d)) {
			return nil, errf(TagGvar, 8, "shared tuples run past the end of the file")
		}
		g.shared = make([]int32, nShared*numAxes)
		for i := range g.shared {
			g.shared[i] = int32(i16(d, int(p)+2*i)) * 4
		}
	}
	return g, nil
}

// NumGlyphs returns gvar's glyph count (glyphs past it have no deltas).
func (g *Gvar) NumGlyphs() int { return len(g.offsets) - 1 }

// NumSharedTuples returns the number of shared tuples.
func (g *Gvar) NumSharedTuples() int {
	if g.numAxes == 0 {
		return 0
	}
	return len(g.shared) / g.numAxes
}

// HasDeltas reports whether glyph gid has variation data.
func (g *Gvar) HasDeltas(gid int) bool {
	return gid >= 0 && gid < len(g.offsets)-1 && g.offsets[gid] != g.offsets[gid+1]
}

// TupleScalar is ft_var_apply_tuple: the factor (16.16) by which a
// tuple's deltas apply at the normalized coordinates coords. peak, start
// and end are the tuple's coordinates (start and end read only for an
// intermediate tuple).
func TupleScalar(coords []int32, intermediate bool, peak, start, end []int32) int64 {
	apply := int64(0x10000)
	for i, t := range peak {
		c := coords[i]
		switch {
		case t == 0:
			continue
		case c == 0:
			return 0
		case c == t:
			continue
		}
		if !intermediate {
			if c < min(0, t) || c > max(0, t) {
				return 0
			}
			apply = ftmath.MulDiv(apply, int64(c), int64(t))
			continue
		}
		if c <= start[i] || c >= end[i] {
			return 0
		}
		if c < t {
			apply = ftmath.MulDiv(apply, int64(c)-int64(start[i]), int64(t)-int64(start[i]))
		} else {
			apply = ftmath.MulDiv(apply, int64(end[i])-int64(c), int64(end[i])-int64(t))
		}
	}
	return apply
}

// A stream is FreeType's view of a frame of the font file (positions
// are file offsets; the frame ends at limit). Reads are FT_GET_*
// (FT_Stream_GetByte, FT_Stream_GetUShort): a read that does not fit
// before the frame's end gives 0 and leaves the cursor where it is.
// seek is FT_Stream_SeekSet: a position at or past the frame's end puts
// the cursor at that end.
type stream struct {
	d     []byte
	pos   int
	limit int
}

// byte is FT_GET_BYTE.
func (s *stream) byte() int {
	if s.pos < s.limit {
		s.pos++
		return int(s.d[s.pos-1])
	}
	return 0
}

// u16 is FT_GET_USHORT.
func (s *stream) u16() int {
	if s.pos+1 < s.limit {
		s.pos += 2
		return int(s.d[s.pos-2])<<8 | int(s.d[s.pos-1])
	}
	return 0
}

// u32 is FT_GET_ULONG.
func (s *stream) u32() uint32 {
	if s.pos+3 < s.limit {
		s.pos += 4
		return u32(s.d, s.pos-4)
	}
	return 0
}

// i16 is FT_GET_SHORT.
func (s *stream) i16() int32 { return int32(int16(s.u16())) }

// seek is FT_Stream_SeekSet.
func (s *stream) seek(p int) {
	if p < s.limit {
		s.pos = p
	} else {
		s.pos = s.limit
	}
}

// readTuple reads the rest of a tuple variation header whose tupleIndex
// is index (the embedded peak, or the shared tuple it names, then the
// intermediate region) into peak, start and end (numAxes each), and
// returns its scalar at coords (TupleScalar). ok is false for a shared
// tuple index out of range (FreeType's Invalid_Table). shared holds the
// shared tuples (16.16).
func readTuple(s *stream, index int, shared []int32, coords, peak, start, end []int32) (apply int64, ok bool) {
	na := len(peak)
	if index&tupleEmbedded != 0 {
		for j := range peak {
			peak[j] = s.i16() * 4
		}
	} else if k := index & tupleIndexMask; na == 0 || k >= len(shared)/na {
		return 0, false
	} else {
		copy(peak, shared[k*na:(k+1)*na])
	}
	inter := index&tupleIntermediate != 0
	if inter {
		for j := range start {
			start[j] = s.i16() * 4
		}
		for j := range end {
			end[j] = s.i16() * 4
		}
	}
	return TupleScalar(coords, inter, peak, start, end), true
}

// Points-list states of readPackedPoints.
const (
	pointsList = iota // an explicit list (possibly empty)
	pointsAll         // ALL_POINTS
	pointsFail        // NULL: the count exceeds the table
)

// readPackedPoints is ft_var_readpackedpoints: it reads a packed point
// number list into *buf (reused) and returns its state.
func readPackedPoints(s *stream, size int, buf *[]uint16) int {
	n := s.byte()
	if n == 0 {
		return pointsAll
	}
	if n&0x80 != 0 {
		n = (n&0x7F)<<8 | s.byte()
	}
	if n > size {
		return pointsFail
	}
	if cap(*buf) < n {
		*buf = make([]uint16, n, n+n/2)
	}
	pts := (*buf)[:n]
	var first uint16
	i := 0
	for i < n {
		run := s.byte()
		words := run&0x80 != 0
		run &= 0x7F
		for j := 0; j <= run && i < n; j++ {
			if words {
				first += uint16(s.u16())
			} else {
				first += uint16(s.byte())
			}
			pts[i] = first
			i++
		}
	}
	*buf = pts
	return pointsList
}

// readPackedDeltas is ft_var_readpackeddeltas: count deltas into *buf
// (reused), as integers (FreeType keeps them in 16.16; see Apply for why
// the integers serve); false where FreeType returns NULL. A run whose bytes
// lie before the frame's end is read straight from the data; one that
// does not is read value by value (FreeType's checked reads).
func readPackedDeltas(s *stream, size, count int, buf *[]int64) bool {
	if cap(*buf) < count {
		*buf = make([]int64, count, count+count/2)
	}
	ds := (*buf)[:count]
	*buf = ds
	// The frame's bytes and the cursor as locals (s.limit <= len(s.d));
	// reads past the frame's end give 0 without advancing, as s.byte
	// and s.u16 do.
	d := s.d[:s.limit]
	p := s.pos
	i, used := 0, 0
	for i < count && used < size {
		run := 0
		if p < len(d) {
			run = int(d[p])
			p++
		}
		cnt := run & 0x3F
		used++
		take := min(cnt+1, count-i) // values stored; a run longer than count fails below
		out := ds[i : i+take]
		switch {
		case run&0x80 != 0:
			for k := range out {
				out[k] = 0
			}
		case run&0x40 != 0:
			used += 2 * (cnt + 1)
			if used > size {
				s.pos = p
				return false
			}
			if p+2*take <= len(d) {
				b := d[p : p+2*take]
				for k := range out {
					out[k] = int64(int16(uint16(b[2*k])<<8 | uint16(b[2*k+1])))
				}
				p += 2 * take
			} else {
				for k := range out {
					out[k] = 0
					if p+1 < len(d) {
						out[k] = int64(int16(uint16(d[p])<<8 | uint16(d[p+1])))
						p += 2
					}
				}
			}
		default:
			used += cnt + 1
			if used > size {
				s.pos = p
				return false
			}
			if p+take <= len(d) {
				b := d[p : p+take]
				for k := range out {
					out[k] = int64(int8(b[k]))
				}
				p += take
			} else {
				for k := range out {
					out[k] = 0
					if p < len(d) {
						out[k] = int64(int8(d[p]))
						p++
					}
				}
			}
		}
		i += take
		if take <= cnt {
			s.pos = p
			return false
		}
	}
	s.pos = p
	return i >= count
}

// VarGlyph is the caller-owned working set of Gvar.Apply (reused from
// glyph to glyph: Apply allocates nothing once its slices have grown).
type VarGlyph struct {
	// X, Y: the points in font units, the glyph's outline points (or
	// one per component) followed by the four phantom points; Apply
	// adds the rounded deltas (FT_fixedToInt) in place.
	X, Y []int64
	// UX, UY: set by Apply to the unrounded coordinates in 26.6 (the
	// points times 64 plus the deltas rounded to 26.6).
	UX, UY []int64

	dx, dy        []int64 // accumulated deltas, 16.16
	ox, oy        []int64 // points_out (16.16)
	has           []bool
	shared, local []uint16
	deltaX        []int64
	deltaY        []int64
	tuple         []int32 // peak, start, end

	// The scalars of the shared tuples used as plain (not intermediate)
	// tuples, for gvar scalarsOf at the coordinates scalarsFor (-1: not
	// computed yet).
	scalars    []int64
	scalarsFor []int32
	scalarsOf  *Gvar
}

// sharedScalar returns TupleScalar of shared tuple k (< the shared tuple
// count) as a plain tuple at coords, computed once per Gvar and
// coordinates (the coordinates compared by value at each call).
func (v *VarGlyph) sharedScalar(g *Gvar, coords []int32, k int) int64 {
	if v.scalarsOf != g || !slices.Equal(v.scalarsFor, coords) {
		nt := g.NumSharedTuples()
		if cap(v.scalars) < nt {
			v.scalars = make([]int64, nt)
		}
		v.scalars = v.scalars[:nt]
		for i := range v.scalars {
			v.scalars[i] = -1
		}
		v.scalarsOf, v.scalarsFor = g, append(v.scalarsFor[:0], coords...)
	}
	a := v.scalars[k]
	if a < 0 {
		a = TupleScalar(coords, false, g.shared[k*g.numAxes:(k+1)*g.numAxes], nil, nil)
		v.scalars[k] = a
	}
	return a
}

// Reserve gives the working slices room for glyphs of n points (phantom
// points included), so that Apply does not grow them step by step.
func (v *VarGlyph) Reserve(n int) {
	if cap(v.dx) < n {
		v.dx, v.dy = make([]int64, 0, n), make([]int64, 0, n)
		v.ox, v.oy = make([]int64, 0, n), make([]int64, 0, n)
		v.has = make([]bool, 0, n)
	}
	if cap(v.UX) < n {
		v.UX, v.UY = make([]int64, 0, n), make([]int64, 0, n)
	}
	if cap(v.X) < n {
		v.X, v.Y = make([]int64, 0, n), make([]int64, 0, n)
	}
	if cap(v.deltaX) < n {
		v.deltaX, v.deltaY = make([]int64, 0, n), make([]int64, 0, n)
	}
	if cap(v.shared) < n {
		v.shared, v.local = make([]uint16, 0, n), make([]uint16, 0, n)
	}
}

// grow makes the working slices n long.
func (v *VarGlyph) grow(n int) {
	if cap(v.dx) < n {
		c := n + n/2
		v.dx, v.dy = make([]int64, n, c), make([]int64, n, c)
		v.ox, v.oy = make([]int64, n, c), make([]int64, n, c)
		v.has = make([]bool, n, c)
	}
	if cap(v.UX) < n {
		v.UX, v.UY = make([]int64, n, n+n/2), make([]int64, n, n+n/2)
	}
	v.dx, v.dy, v.ox, v.oy, v.has = v.dx[:n], v.dy[:n], v.ox[:n], v.oy[:n], v.has[:n]
	v.UX, v.UY = v.UX[:n], v.UY[:n]
}

// Apply is TT_Vary_Apply_Glyph_Deltas for glyph gid at the normalized
// coordinates coords: the deltas of every applicable tuple, scaled by
// TupleScalar with FT_MulFix and accumulated in 16.16; points without
// an explicit delta in a tuple with a point list are interpolated as
// tt_interpolate_deltas does over the contours ends (nil: every point is
// a contour of its own, as for composite glyphs' component offsets and
// empty glyphs); the phantom points (the last four) take only their x
// (pp1, pp2) or y (pp3, pp4) delta, and none for pp2 when skipHAdvance
// (an HVAR is in use) or pp4 when skipVAdvance (VVAR). len(v.X) ==
// len(v.Y) is the point count, phantom points included (at least 4).
// The deltas are scaled by a plain product: FreeType's FT_MulFix(delta<<16,
// apply) (x86-64: 32-bit operands, result truncated to 32 bits) equals
// delta*apply for every int16 delta and every apply TupleScalar returns
// (0 < apply <= 0x10000): the 64-bit product is a multiple of 2^16, so
// the rounding term (0x8000, or 0x7FFF for a negative product) vanishes
// in the shift, and |delta*apply| <= 2^31 survives the truncation
// (TestScaleDelta checks every delta).
// Errors are FreeType's Invalid_Table (a glyph variation header
// claiming more than its data, a shared tuple index out of range);
// every other malformation drops the tuple it is in, as in FreeType.
func (g *Gvar) Apply(gid int, coords []int32, v *VarGlyph, ends []uint16, skipHAdvance, skipVAdvance bool) error {
	n := len(v.X)
	v.grow(n)
	if !g.HasDeltas(gid) {
		xs, ys, ux, uy := v.X[:n], v.Y[:n], v.UX[:n], v.UY[:n]
		for i := range xs {
			ux[i], uy[i] = xs[i]<<6, ys[i]<<6
		}
		return nil
	}
	start, end := int(g.offsets[gid]), int(g.offsets[gid+1])
	dataSize := end - start
	s := &stream{d: g.data, pos: start, limit: end}
	tupleCount, offData := s.u16(), s.u16()
	if offData > dataSize || (tupleCount&tupleCountMask)*4 > dataSize {
		return gvarErr(TagGvar, start-int(g.offsets[0]), "glyph variation header claims more than its data")
	}
	offData += start
	sharedState := pointsFail // no shared points: FreeType's NULL
	if tupleCount&tupleSharePoints != 0 {
		here := s.pos
		s.seek(offData)
		sharedState = readPackedPoints(s, g.tableLen, &v.shared)
		offData = s.pos
		s.pos = here
	}
	clear(v.dx)
	clear(v.dy)
	na := g.numAxes
	if cap(v.tuple) < 3*na {
		v.tuple = make([]int32, 3*na)
	}
	peak, imStart, imEnd := v.tuple[:na], v.tuple[na:2*na], v.tuple[2*na:3*na]
	for t := 0; t < tupleCount&tupleCountMask; t++ {
		size, index := s.u16(), s.u16()
		var apply int64
		if k := index & tupleIndexMask; index&(tupleEmbedded|tupleIntermediate) == 0 && k < g.NumSharedTuples() {
			apply = v.sharedScalar(g, coords, k) // the common case, memoised
		} else {
			var ok bool
			if apply, ok = readTuple(s, index, g.shared, coords, peak, imStart, imEnd); !ok {
				return gvarErr(TagGvar, s.pos-2-int(g.offsets[0]), "shared tuple index out of range")
			}
		}
		if apply == 0 {
			offData += size
			continue
		}
		here := s.pos
		s.seek(offData)
		state, pts := sharedState, v.shared
		if index&tuplePrivatePts != 0 {
			state = readPackedPoints(s, g.tableLen, &v.local)
			pts = v.local
		}
		cnt := n
		if state == pointsList && len(pts) > 0 {
			cnt = len(pts)
		}
		okX := readPackedDeltas(s, g.tableLen, cnt, &v.deltaX)
		okY := readPackedDeltas(s, g.tableLen, cnt, &v.deltaY)
		if state != pointsFail && okX && okY {
			if state == pointsAll {
				m := n - 4
				dx, dy := v.dx[:m], v.dy[:m]
				sx, sy := v.deltaX[:m], v.deltaY[:m]
				for j := range dx {
					dx[j] += sx[j] * apply
					dy[j] += sy[j] * apply
				}
				for j := m; j < n; j++ {
					v.addDelta(j, n, v.deltaX[j]*apply, v.deltaY[j]*apply, skipHAdvance, skipVAdvance)
				}
			} else {
				v.interpolated(pts, n, apply, ends, skipHAdvance, skipVAdvance)
			}
		}
		offData += size
		s.pos = here
	}
	xs, ys, ux, uy, dx, dy := v.X[:n], v.Y[:n], v.UX[:n], v.UY[:n], v.dx[:n], v.dy[:n]
	for i := range xs {
		x, y, ddx, ddy := xs[i], ys[i], dx[i], dy[i]
		ux[i] = x<<6 + (ddx+0x200)>>10
		uy[i] = y<<6 + (ddy+0x200)>>10
		xs[i] = x + int64(int16((ddx+0x8000)>>16))
		ys[i] = y + int64(int16((ddy+0x8000)>>16))
	}
	return nil
}

// addDelta accumulates the delta (dx, dy) of point j of n, the phantom
// points (the last four) taking only the deltas FreeType lets them.
func (v *VarGlyph) addDelta(j, n int, dx, dy int64, skipH, skipV bool) {
	switch {
	case j < n-4:
		v.dx[j] += dx
		v.dy[j] += dy
	case j == n-4:
		v.dx[j] += dx
	case j == n-3:
		if !skipH {
			v.dx[j] += dx
		}
	case j == n-2:
		v.dy[j] += dy
	default:
		if !skipV {
			v.dy[j] += dy
		}
	}
}

// interpolated applies one tuple with a point list: the listed points
// moved by their scaled deltas, the others interpolated
// (tt_interpolate_deltas), all in 16.16.
func (v *VarGlyph) interpolated(pts []uint16, n int, apply int64, ends []uint16, skipH, skipV bool) {
	clear(v.has[:n])
	ox, oy, xs, ys := v.ox[:n], v.oy[:n], v.X[:n], v.Y[:n]
	for j := range ox {
		ox[j], oy[j] = xs[j]<<16, ys[j]<<16
	}
	for j, idx := range pts {
		if int(idx) >= n {
			continue
		}
		v.has[idx] = true
		v.ox[idx] += v.deltaX[j] * apply
		v.oy[idx] += v.deltaY[j] * apply
	}
	if ends != nil {
		v.interpolate(ends)
	}
	m := n - 4
	dx, dy, ox, oy, xs, ys := v.dx[:m], v.dy[:m], v.ox[:m], v.oy[:m], v.X[:m], v.Y[:m]
	for j := range dx {
		dx[j] += ox[j] - xs[j]<<16
		dy[j] += oy[j] - ys[j]<<16
	}
	for j := m; j < n; j++ {
		v.addDelta(j, n, v.ox[j]-v.X[j]<<16, v.oy[j]-v.Y[j]<<16, skipH, skipV)
	}
}

// interpolate is tt_interpolate_deltas over the contours ending at ends.
func (v *VarGlyph) interpolate(ends []uint16) {
	point := 0
	for _, e := range ends {
		endPt := int(e)
		first := point
		for point <= endPt && !v.has[point] {
			point++
		}
		if point > endPt {
			continue
		}
		firstDelta, cur := point, point
		point++
		for point <= endPt {
			if v.has[point] {
				v.deltaInterpolate(cur+1, point-1, cur, point)
				cur = point
			}
			point++
		}
		if cur == firstDelta {
			v.deltaShift(first, endPt, cur)
		} else {
			v.deltaInterpolate(cur+1, endPt, cur, firstDelta)
			if firstDelta > 0 {
				v.deltaInterpolate(first, firstDelta-1, cur, firstDelta)
			}
		}
	}
}

// deltaShift is tt_delta_shift: points p1..p2 but ref move as ref did.
func (v *VarGlyph) deltaShift(p1, p2, ref int) {
	dx, dy := v.ox[ref]-v.X[ref]<<16, v.oy[ref]-v.Y[ref]<<16
	if dx == 0 && dy == 0 {
		return
	}
	for p := p1; p <= p2; p++ {
		if p != ref {
			v.ox[p] += dx
			v.oy[p] += dy
		}
	}
}

// deltaInterpolate is tt_delta_interpolate: points p1..p2 interpolated
// between ref1 and ref2, x then y.
func (v *VarGlyph) deltaInterpolate(p1, p2, ref1, ref2 int) {
	if p1 > p2 {
		return
	}
	interpAxis(v.X, v.ox, p1, p2, ref1, ref2)
	interpAxis(v.Y, v.oy, p1, p2, ref1, ref2)
}

// interpAxis is one axis of tt_delta_interpolate; in holds font units
// (FreeType's points_org, in 16.16, is in<<16). The references are
// ordered by their coordinate on the axis (FreeType's swap carries over
// to its next axis, which changes nothing: with equal coordinates the
// two orders give the same result).
func interpAxis(in, out []int64, p1, p2 int, ref1, ref2 int) {
	if in[ref1] > in[ref2] {
		ref1, ref2 = ref2, ref1
	}
	in1, in2 := in[ref1]<<16, in[ref2]<<16
	out1, out2 := out[ref1], out[ref2]
	d1, d2 := out1-in1, out2-in2
	if in1 == in2 && out1 != out2 {
		return
	}
	var scale int64
	if in1 != in2 {
		scale = ftmath.DivFix(out2-out1, in2-in1)
	}
	for p := p1; p <= p2; p++ {
		o := in[p] << 16
		switch {
		case o <= in1:
			o += d1
		case o >= in2:
			o += d2
		default:
			o = out1 + ftmath.MulFix(o-in1, scale)
		}
		out[p] = o
	}
}
