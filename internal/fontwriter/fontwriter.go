// Package fontwriter builds small TrueType fonts for tests: glyph
// outlines (simple contours or composites), per-glyph instructions,
// fpgm/prep/cvt, maxp limits, head, hhea/hmtx, a cmap (formats 4 and 12),
// and any extra raw tables (Silf, Glat, Gloc, Feat, ...).
//
// The output is a well-formed sfnt (sorted, 4-byte aligned tables,
// correct checksums and checkSumAdjustment) that FreeType and fontTools
// load. A Glyph's Raw field lets a test put a deliberately malformed glyf
// record into an otherwise valid font.
package fontwriter

import (
	"encoding/binary"
	"errors"
	"fmt"
	"sort"
)

// A Point is one outline point in font units.
type Point struct {
	X, Y int16
	On   bool // on-curve point
}

// Component flags the writer sets itself from Component fields; other
// flags (ROUND_XY_TO_GRID 0x0004, USE_MY_METRICS 0x0200, OVERLAP_COMPOUND
// 0x0400, SCALED_COMPONENT_OFFSET 0x0800, UNSCALED_COMPONENT_OFFSET
// 0x1000) go in Component.Flags.
const (
	flagArgsWords     = 0x0001
	flagArgsXY        = 0x0002
	flagScale         = 0x0008
	flagMore          = 0x0020
	flagXYScale       = 0x0040
	flagTwoByTwo      = 0x0080
	flagInstructions  = 0x0100
	writerOwnedCFlags = flagArgsWords | flagArgsXY | flagScale | flagMore | flagXYScale | flagTwoByTwo | flagInstructions
)

// A Component is one component of a composite glyph.
type Component struct {
	GlyphIndex uint16
	// Arg1, Arg2 are x/y offsets, or, with PointNumbers, the parent and
	// component point numbers to match. Words are used when a value does
	// not fit in a byte (int8 for offsets, uint8 for point numbers).
	Arg1, Arg2   int32
	PointNumbers bool
	// Flags are extra flags OR-ed into the record (see above); the
	// writer's own flags in it are ignored.
	Flags uint16
	// Scale is nil (no transform), {s} (WE_HAVE_A_SCALE), {sx, sy}
	// (WE_HAVE_AN_X_AND_Y_SCALE), or {xx, scale01, scale10, yy}
	// (WE_HAVE_A_TWO_BY_TWO, file order), F2Dot14.
	Scale []int16
}

// A Glyph is one glyph. Exactly one of Contours and Components may be
// non-empty; neither means an empty glyph (no glyf data).
type Glyph struct {
	Contours   [][]Point
	Components []Component
	// Instructions is the glyph program (for composites, written after
	// the components with WE_HAVE_INSTRUCTIONS on the last one when
	// non-empty).
	Instructions []byte
	Advance      uint16
	// LSB overrides the left side bearing (default: xMin).
	LSB *int16
	// BBox overrides the computed {xMin, yMin, xMax, yMax}.
	BBox *[4]int16
	// Raw, if non-nil, is written verbatim as the glyf record (padded to
	// an even length only if PadRaw is set); the other fields except
	// Advance and LSB are then ignored.
	Raw    []byte
	PadRaw bool
}

// Maxp holds the maxp version 1.0 limits.
type Maxp struct {
	NumGlyphs             uint16
	MaxPoints             uint16
	MaxContours           uint16
	MaxCompositePoints    uint16
	MaxCompositeContours  uint16
	MaxZones              uint16
	MaxTwilightPoints     uint16
	MaxStorage            uint16
	MaxFunctionDefs       uint16
	MaxInstructionDefs    uint16
	MaxStackElements      uint16
	MaxSizeOfInstructions uint16
	MaxComponentElements  uint16
	MaxComponentDepth     uint16
}

// A GaspRange is one gasp range.
type GaspRange struct{ MaxPPEM, Behavior uint16 }

// Font describes the font to write.
type Font struct {
	UnitsPerEm uint16 // 0 means 1000
	HeadFlags  uint16 // written as is (bit 3: integer ppem)
	MacStyle   uint16
	// LowestRecPPEM is written as is (0 means 8).
	LowestRecPPEM uint16
	// LongLoca forces indexToLocFormat 1; otherwise short offsets are
	// used when they fit.
	LongLoca bool

	Ascender, Descender, LineGap int16

	Glyphs []Glyph
	Fpgm   []byte
	Prep   []byte
	CVT    []int16
	Gasp   []GaspRange

	// Maxp, if non-nil, is written as is (NumGlyphs included); use
	// DerivedMaxp to start from the derived values.
	Maxp *Maxp

	// Cmap maps runes to glyphs. It is written as a (3,1) format-4
	// subtable for the BMP and a (3,10) format-12 subtable for all runes.
	// With CmapRangeOffsets the format-4 subtable maps through its glyph
	// ID array (idRangeOffset != 0) instead of idDelta.
	Cmap             map[rune]uint16
	CmapRangeOffsets bool

	// Tables are extra tables written verbatim, keyed by 4-byte tag
	// (shorter tags are padded with spaces). They override generated
	// tables with the same tag.
	Tables map[string][]byte
	// Omit lists generated tables to leave out (e.g. "hhea", "cmap").
	Omit []string
	// SFNTVersion is the directory's version tag (0 means 0x00010000;
	// 0x4F54544F, "OTTO", for a CFF-flavoured font).
	SFNTVersion uint32
}

// DerivedMaxp returns the maxp limits the writer derives from the glyphs
// and programs: exact point, contour, composite and instruction sizes;
// MaxZones 2, MaxTwilightPoints 16, MaxStorage 64, MaxFunctionDefs 64,
// MaxInstructionDefs 0, MaxStackElements 256.
func (f *Font) DerivedMaxp() Maxp {
	m := Maxp{NumGlyphs: uint16(len(f.Glyphs)), MaxZones: 2, MaxTwilightPoints: 16, MaxStorage: 64,
		MaxFunctionDefs: 64, MaxStackElements: 256}
	for i := range f.Glyphs {
		g := &f.Glyphs[i]
		if len(g.Instructions) > int(m.MaxSizeOfInstructions) {
			m.MaxSizeOfInstructions = uint16(len(g.Instructions))
		}
		if len(g.Components) > 0 {
			if len(g.Components) > int(m.MaxComponentElements) {
				m.MaxComponentElements = uint16(len(g.Components))
			}
			p, c, d := f.compositeSize(i, 0)
			m.MaxCompositePoints = max(m.MaxCompositePoints, uint16(min(p, 0xFFFF)))
			m.MaxCompositeContours = max(m.MaxCompositeContours, uint16(min(c, 0xFFFF)))
			m.MaxComponentDepth = max(m.MaxComponentDepth, uint16(min(d, 0xFFFF)))
			continue
		}
		n := 0
		for _, c := range g.Contours {
			n += len(c)
		}
		m.MaxPoints = max(m.MaxPoints, uint16(min(n, 0xFFFF)))
		m.MaxContours = max(m.MaxContours, uint16(min(len(g.Contours), 0xFFFF)))
	}
	return m
}

// compositeSize returns the points, contours and nesting depth of glyph i.
func (f *Font) compositeSize(i, depth int) (points, contours, d int) {
	if i >= len(f.Glyphs) || depth > 16 {
		return 0, 0, depth
	}
	g := &f.Glyphs[i]
	if len(g.Components) == 0 {
		for _, c := range g.Contours {
			points += len(c)
		}
		return points, len(g.Contours), depth
	}
	d = depth + 1
	for _, c := range g.Components {
		p, k, dd := f.compositeSize(int(c.GlyphIndex), depth+1)
		points += p
		contours += k
		d = max(d, dd)
	}
	return points, contours, d
}

// tag packs the first four bytes of s into a big-endian table tag,
// padding a shorter name with spaces.
func tag(s string) uint32 {
	var t uint32
	for i := 0; i < 4; i++ {
		c := byte(' ')
		if i < len(s) {
			c = s[i]
		}
		t = t<<8 | uint32(c)
	}
	return t
}

type buf []byte

// u8 appends v.
func (b *buf) u8(v uint8) { *b = append(*b, v) }

// u16 appends v big-endian.
func (b *buf) u16(v uint16) { *b = binary.BigEndian.AppendUint16(*b, v) }

// i16 appends v big-endian, two's complement.
func (b *buf) i16(v int16) { b.u16(uint16(v)) }

// u32 appends v big-endian.
func (b *buf) u32(v uint32) { *b = binary.BigEndian.AppendUint32(*b, v) }

// Bytes encodes the font.
func (f *Font) Bytes() ([]byte, error) {
	if len(f.Glyphs) == 0 {
		return nil, errors.New("fontwriter: a font needs at least one glyph (.notdef)")
	}
	if len(f.Glyphs) > 0xFFFF {
		return nil, errors.New("fontwriter: too many glyphs")
	}
	upem := f.UnitsPerEm
	if upem == 0 {
		upem = 1000
	}
	// glyf and loca
	var glyf buf
	offsets := make([]int, len(f.Glyphs)+1)
	bboxes := make([][4]int16, len(f.Glyphs))
	var fontBox [4]int16
	haveBox := false
	for i := range f.Glyphs {
		offsets[i] = len(glyf)
		rec, box, err := f.encodeGlyph(i)
		if err != nil {
			return nil, err
		}
		glyf = append(glyf, rec...)
		if len(glyf)%2 == 1 && (f.Glyphs[i].Raw == nil || f.Glyphs[i].PadRaw) {
			glyf = append(glyf, 0)
		}
		bboxes[i] = box
		if len(rec) > 0 {
			if !haveBox {
				fontBox, haveBox = box, true
			} else {
				fontBox[0], fontBox[1] = min(fontBox[0], box[0]), min(fontBox[1], box[1])
				fontBox[2], fontBox[3] = max(fontBox[2], box[2]), max(fontBox[3], box[3])
			}
		}
	}
	offsets[len(f.Glyphs)] = len(glyf)
	long := f.LongLoca || len(glyf) > 0x1FFFE
	if !long {
		for _, o := range offsets {
			if o%2 != 0 {
				long = true
			}
		}
	}
	var loca buf
	for _, o := range offsets {
		if long {
			loca.u32(uint32(o))
		} else {
			loca.u16(uint16(o / 2))
		}
	}

	tables := map[uint32][]byte{}
	// head (checkSumAdjustment patched at the end)
	var head buf
	head.u32(0x00010000)
	head.u32(0x00010000)
	head.u32(0)
	head.u32(0x5F0F3CF5)
	head.u16(f.HeadFlags)
	head.u16(upem)
	head.u32(0)
	head.u32(0)
	head.u32(0)
	head.u32(0)
	for _, v := range fontBox {
		head.i16(v)
	}
	head.u16(f.MacStyle)
	lr := f.LowestRecPPEM
	if lr == 0 {
		lr = 8
	}
	head.u16(lr)
	head.i16(2)
	if long {
		head.i16(1)
	} else {
		head.i16(0)
	}
	head.i16(0)
	tables[tag("head")] = head

	m := f.DerivedMaxp()
	if f.Maxp != nil {
		m = *f.Maxp
	}
	var maxp buf
	maxp.u32(0x00010000)
	for _, v := range []uint16{m.NumGlyphs, m.MaxPoints, m.MaxContours, m.MaxCompositePoints, m.MaxCompositeContours,
		m.MaxZones, m.MaxTwilightPoints, m.MaxStorage, m.MaxFunctionDefs, m.MaxInstructionDefs, m.MaxStackElements,
		m.MaxSizeOfInstructions, m.MaxComponentElements, m.MaxComponentDepth} {
		maxp.u16(v)
	}
	tables[tag("maxp")] = maxp

	// hhea / hmtx: one long metric per glyph.
	var hmtx buf
	var advMax uint16
	minLSB, minRSB, maxExt := int16(0x7FFF), int16(0x7FFF), int16(-0x8000)
	for i := range f.Glyphs {
		g := &f.Glyphs[i]
		lsb := bboxes[i][0]
		if g.LSB != nil {
			lsb = *g.LSB
		}
		hmtx.u16(g.Advance)
		hmtx.i16(lsb)
		advMax = max(advMax, g.Advance)
		w := bboxes[i][2] - bboxes[i][0]
		minLSB = min(minLSB, lsb)
		minRSB = min(minRSB, int16(int(g.Advance)-int(lsb)-int(w)))
		maxExt = max(maxExt, int16(int(lsb)+int(w)))
	}
	asc, desc := f.Ascender, f.Descender
	if asc == 0 && desc == 0 {
		asc, desc = int16(upem*4/5), -int16(upem/5)
	}
	var hhea buf
	hhea.u32(0x00010000)
	hhea.i16(asc)
	hhea.i16(desc)
	hhea.i16(f.LineGap)
	hhea.u16(advMax)
	hhea.i16(minLSB)
	hhea.i16(minRSB)
	hhea.i16(maxExt)
	hhea.i16(1)
	hhea.i16(0)
	hhea.i16(0)
	for i := 0; i < 5; i++ {
		hhea.i16(0)
	}
	hhea.u16(uint16(len(f.Glyphs)))
	tables[tag("hhea")] = hhea
	tables[tag("hmtx")] = hmtx
	tables[tag("glyf")] = glyf
	tables[tag("loca")] = loca
	tables[tag("cmap")] = f.encodeCmap()

	// post 3.0, and an empty name table.
	var post buf
	post.u32(0x00030000)
	for i := 0; i < 7; i++ {
		post.u32(0)
	}
	tables[tag("post")] = post
	tables[tag("name")] = []byte{0, 0, 0, 0, 0, 6}

	if f.Fpgm != nil {
		tables[tag("fpgm")] = f.Fpgm
	}
	if f.Prep != nil {
		tables[tag("prep")] = f.Prep
	}
	if f.CVT != nil {
		var cvt buf
		for _, v := range f.CVT {
			cvt.i16(v)
		}
		tables[tag("cvt ")] = cvt
	}
	if f.Gasp != nil {
		var g buf
		g.u16(1)
		g.u16(uint16(len(f.Gasp)))
		for _, r := range f.Gasp {
			g.u16(r.MaxPPEM)
			g.u16(r.Behavior)
		}
		tables[tag("gasp")] = g
	}
	for _, o := range f.Omit {
		delete(tables, tag(o))
	}
	for k, v := range f.Tables {
		if len(k) > 4 {
			return nil, fmt.Errorf("fontwriter: table tag %q longer than 4 bytes", k)
		}
		tables[tag(k)] = v
	}
	version := f.SFNTVersion
	if version == 0 {
		version = 0x00010000
	}
	return assemble(version, tables), nil
}

// assemble writes the directory (with the given sfnt version) and the
// tables, sorted by tag, and sets head.checkSumAdjustment.
func assemble(version uint32, tables map[uint32][]byte) []byte {
	tags := make([]uint32, 0, len(tables))
	for t := range tables {
		tags = append(tags, t)
	}
	sort.Slice(tags, func(i, j int) bool { return tags[i] < tags[j] })
	n := len(tags)
	es, sr := 0, 1
	for sr*2 <= n {
		sr *= 2
		es++
	}
	var out buf
	out.u32(version)
	out.u16(uint16(n))
	out.u16(uint16(sr * 16))
	out.u16(uint16(es))
	out.u16(uint16(n*16 - sr*16))
	off := 12 + 16*n
	headOff := -1
	for _, t := range tags {
		d := tables[t]
		out.u32(t)
		out.u32(checksum(d))
		out.u32(uint32(off))
		out.u32(uint32(len(d)))
		if t == tag("head") {
			headOff = off
		}
		off += (len(d) + 3) &^ 3
	}
	for _, t := range tags {
		out = append(out, tables[t]...)
		for len(out)%4 != 0 {
			out = append(out, 0)
		}
	}
	if headOff >= 0 && len(tables[tag("head")]) >= 12 {
		binary.BigEndian.PutUint32(out[headOff+8:], 0xB1B0AFBA-checksum(out))
	}
	return out
}

// checksum returns the OpenType table checksum of b: the sum modulo 2^32
// of its big-endian uint32 words, the last one padded with zeros.
func checksum(b []byte) uint32 {
	var s uint32
	for i := 0; i < len(b); i += 4 {
		var w [4]byte
		copy(w[:], b[i:])
		s += binary.BigEndian.Uint32(w[:])
	}
	return s
}

// encodeGlyph returns glyph i's record and bounding box.
func (f *Font) encodeGlyph(i int) ([]byte, [4]int16, error) {
	g := &f.Glyphs[i]
	if g.Raw != nil {
		var box [4]int16
		if g.BBox != nil {
			box = *g.BBox
		}
		return g.Raw, box, nil
	}
	if len(g.Contours) > 0 && len(g.Components) > 0 {
		return nil, [4]int16{}, fmt.Errorf("fontwriter: glyph %d has both contours and components", i)
	}
	box, ok := f.bbox(i, 0)
	if g.BBox != nil {
		box, ok = *g.BBox, true
	}
	if !ok && len(g.Components) == 0 {
		return nil, box, nil
	}
	var b buf
	if len(g.Components) > 0 {
		b.i16(-1)
		for _, v := range box {
			b.i16(v)
		}
		for k, c := range g.Components {
			fl := c.Flags &^ writerOwnedCFlags
			if k < len(g.Components)-1 {
				fl |= flagMore
			} else if len(g.Instructions) > 0 {
				fl |= flagInstructions
			}
			words := false
			if c.PointNumbers {
				words = c.Arg1 < 0 || c.Arg1 > 255 || c.Arg2 < 0 || c.Arg2 > 255
			} else {
				fl |= flagArgsXY
				words = c.Arg1 < -128 || c.Arg1 > 127 || c.Arg2 < -128 || c.Arg2 > 127
			}
			if words {
				fl |= flagArgsWords
			}
			switch len(c.Scale) {
			case 0:
			case 1:
				fl |= flagScale
			case 2:
				fl |= flagXYScale
			case 4:
				fl |= flagTwoByTwo
			default:
				return nil, box, fmt.Errorf("fontwriter: glyph %d component %d: Scale must have 0, 1, 2 or 4 values", i, k)
			}
			b.u16(fl)
			b.u16(c.GlyphIndex)
			if words {
				b.u16(uint16(c.Arg1))
				b.u16(uint16(c.Arg2))
			} else {
				b.u8(uint8(c.Arg1))
				b.u8(uint8(c.Arg2))
			}
			for _, s := range c.Scale {
				b.i16(s)
			}
		}
		if len(g.Instructions) > 0 {
			b.u16(uint16(len(g.Instructions)))
			b = append(b, g.Instructions...)
		}
		return b, box, nil
	}
	if len(g.Contours) > 0x7FFF {
		return nil, box, fmt.Errorf("fontwriter: glyph %d: too many contours", i)
	}
	b.i16(int16(len(g.Contours)))
	for _, v := range box {
		b.i16(v)
	}
	n := 0
	for k, c := range g.Contours {
		if len(c) == 0 {
			return nil, box, fmt.Errorf("fontwriter: glyph %d contour %d is empty", i, k)
		}
		n += len(c)
		b.u16(uint16(n - 1))
	}
	if len(g.Instructions) > 0xFFFF {
		return nil, box, fmt.Errorf("fontwriter: glyph %d: instructions too long", i)
	}
	b.u16(uint16(len(g.Instructions)))
	b = append(b, g.Instructions...)
	// flags with repeat compression, then x and y deltas.
	var flags []uint8
	var xs, ys buf
	var px, py int16
	for _, c := range g.Contours {
		for _, p := range c {
			var fl uint8
			if p.On {
				fl |= 0x01
			}
			dx, dy := int(p.X)-int(px), int(p.Y)-int(py)
			px, py = p.X, p.Y
			fl |= coord(&xs, dx, 0x02, 0x10)
			fl |= coord(&ys, dy, 0x04, 0x20)
			flags = append(flags, fl)
		}
	}
	for k := 0; k < len(flags); {
		r := k + 1
		for r < len(flags) && flags[r] == flags[k] && r-k-1 < 255 {
			r++
		}
		if r-k > 2 {
			b.u8(flags[k] | 0x08)
			b.u8(uint8(r - k - 1))
			k = r
		} else {
			b.u8(flags[k])
			k++
		}
	}
	b = append(b, xs...)
	b = append(b, ys...)
	return b, box, nil
}

// coord appends one delta (int16 arithmetic, as the format wraps) and
// returns its flag bits.
func coord(b *buf, d int, short, same uint8) uint8 {
	d16 := int16(d)
	switch {
	case d16 == 0:
		return same
	case d16 > 0 && d16 <= 255:
		b.u8(uint8(d16))
		return short | same
	case d16 < 0 && d16 >= -255:
		b.u8(uint8(-d16))
		return short
	}
	b.i16(d16)
	return 0
}

// bbox computes glyph i's box (composites: component boxes moved by
// their x/y offsets, transforms ignored); ok is false for empty glyphs.
func (f *Font) bbox(i, depth int) (box [4]int16, ok bool) {
	if i >= len(f.Glyphs) || depth > 16 {
		return box, false
	}
	g := &f.Glyphs[i]
	if g.BBox != nil && depth > 0 {
		return *g.BBox, true
	}
	add := func(x0, y0, x1, y1 int16) {
		if !ok {
			box, ok = [4]int16{x0, y0, x1, y1}, true
			return
		}
		box[0], box[1] = min(box[0], x0), min(box[1], y0)
		box[2], box[3] = max(box[2], x1), max(box[3], y1)
	}
	for _, c := range g.Contours {
		for _, p := range c {
			add(p.X, p.Y, p.X, p.Y)
		}
	}
	for _, c := range g.Components {
		cb, cok := f.bbox(int(c.GlyphIndex), depth+1)
		if !cok {
			continue
		}
		var dx, dy int16
		if !c.PointNumbers {
			dx, dy = int16(c.Arg1), int16(c.Arg2)
		}
		add(cb[0]+dx, cb[1]+dy, cb[2]+dx, cb[3]+dy)
	}
	return box, ok
}

// encodeCmap encodes f.Cmap (code points outside Unicode are dropped) as
// a cmap table with two subtables: 3/1 format 4 over the BMP below
// 0xFFFF, in segments of consecutive code points with a common delta (or,
// with CmapRangeOffsets, runs of consecutive code points whose glyph ids
// go through glyphIdArray), ended by the 0xFFFF sentinel segment; and
// 3/10 format 12 over every code point, in groups of consecutive code
// points with consecutive glyph ids.
func (f *Font) encodeCmap() []byte {
	runes := make([]rune, 0, len(f.Cmap))
	for r := range f.Cmap {
		if r >= 0 && r <= 0x10FFFF {
			runes = append(runes, r)
		}
	}
	sort.Slice(runes, func(i, j int) bool { return runes[i] < runes[j] })

	// format 4 over the BMP (0xFFFF itself is left to the sentinel).
	type seg struct {
		start, end uint16
		delta      int16
		ids        []uint16 // with CmapRangeOffsets
	}
	var segs []seg
	for _, r := range runes {
		if r >= 0xFFFF {
			break
		}
		g := f.Cmap[r]
		d := int16(int(g) - int(r))
		if n := len(segs); n > 0 && int(segs[n-1].end)+1 == int(r) {
			s := &segs[n-1]
			if f.CmapRangeOffsets {
				s.end = uint16(r)
				s.ids = append(s.ids, g)
				continue
			}
			if s.delta == d {
				s.end = uint16(r)
				continue
			}
		}
		s := seg{start: uint16(r), end: uint16(r), delta: d}
		if f.CmapRangeOffsets {
			s.delta = 0
			s.ids = []uint16{g}
		}
		segs = append(segs, s)
	}
	segs = append(segs, seg{start: 0xFFFF, end: 0xFFFF, delta: 1})
	n := len(segs)
	es, sr := 0, 1
	for sr*2 <= n {
		sr *= 2
		es++
	}
	var f4 buf
	f4.u16(4)
	f4.u16(0) // length, patched
	f4.u16(0)
	f4.u16(uint16(2 * n))
	f4.u16(uint16(2 * sr))
	f4.u16(uint16(es))
	f4.u16(uint16(2*n - 2*sr))
	for _, s := range segs {
		f4.u16(s.end)
	}
	f4.u16(0)
	for _, s := range segs {
		f4.u16(s.start)
	}
	for _, s := range segs {
		f4.i16(s.delta)
	}
	idPos := 0
	for k, s := range segs {
		if s.ids == nil {
			f4.u16(0)
			continue
		}
		// offset from this idRangeOffset entry to its glyph IDs
		f4.u16(uint16(2*(n-k) + 2*idPos))
		idPos += len(s.ids)
	}
	for _, s := range segs {
		for _, id := range s.ids {
			f4.u16(id)
		}
	}
	binary.BigEndian.PutUint16(f4[2:], uint16(len(f4)))

	// format 12 over everything.
	var f12 buf
	f12.u16(12)
	f12.u16(0)
	f12.u32(0) // length, patched
	f12.u32(0)
	f12.u32(0) // count, patched
	groups := 0
	for k := 0; k < len(runes); {
		r0 := runes[k]
		g0 := uint32(f.Cmap[r0])
		e := k + 1
		for e < len(runes) && runes[e] == runes[e-1]+1 && uint32(f.Cmap[runes[e]]) == g0+uint32(runes[e]-r0) {
			e++
		}
		f12.u32(uint32(r0))
		f12.u32(uint32(runes[e-1]))
		f12.u32(g0)
		groups++
		k = e
	}
	binary.BigEndian.PutUint32(f12[4:], uint32(len(f12)))
	binary.BigEndian.PutUint32(f12[12:], uint32(groups))

	var c buf
	c.u16(0)
	c.u16(2)
	c.u16(3)
	c.u16(1)
	c.u32(20)
	c.u16(3)
	c.u16(10)
	c.u32(uint32(20 + len(f4)))
	c = append(c, f4...)
	c = append(c, f12...)
	return c
}

// TableToEnd returns a copy of font (a file this package wrote, or any
// single-font sfnt file) in which the table tag is appended at the end
// of the file, followed by extra zero bytes, and its directory entry
// points there (the old copy stays in place, unused; the checksums are
// not updated). Tests use it to put a table's last bytes exactly at, or
// a few bytes before, the end of the file.
func TableToEnd(font []byte, tag string, extra int) ([]byte, error) {
	if len(font) < 12 {
		return nil, fmt.Errorf("fontwriter: %d bytes is no sfnt file", len(font))
	}
	n := int(binary.BigEndian.Uint16(font[4:]))
	for i := 0; i < n && 12+16*(i+1) <= len(font); i++ {
		r := font[12+16*i:]
		if string(r[:4]) != tag {
			continue
		}
		off, length := uint64(binary.BigEndian.Uint32(r[8:])), uint64(binary.BigEndian.Uint32(r[12:]))
		if off+length > uint64(len(font)) {
			return nil, fmt.Errorf("fontwriter: table %q runs past the end of the file", tag)
		}
		out := append([]byte(nil), font...)
		binary.BigEndian.PutUint32(out[12+16*i+8:], uint32(len(out)))
		out = append(out, font[off:off+length]...)
		return append(out, make([]byte, extra)...), nil
	}
	return nil, fmt.Errorf("fontwriter: no %q table", tag)
}
