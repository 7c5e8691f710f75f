package graphite

import "math/bits"

// A Glyph is one glyph's data as graphite2's GlyphCache holds it.
type Glyph struct {
	// Advance is the horizontal advance from hmtx (0 when hmtx has none).
	Advance int
	// BBox is the glyf bounding box (xMin, yMin, xMax, yMax); zero for
	// empty glyphs, glyphs past the metrics tables, and fonts without glyf.
	BBox [4]int
	// Attrs are the glyph's non-zero attributes, by increasing id
	// (graphite2's sparse array: a missing id reads as 0).
	Attrs []Attr
	// Box is the Glat version 3 octabox data, nil when absent.
	Box *OctaBox

	glatS, glatE int32 // the glyph's attribute block in Glat
	glatW        int8  // run header width: 1 (Glat 1) or 2
	lazy         bool  // Attrs not kept (see maxStoredAttrs): use Tables.GlyphAttr
}

// An Attr is one glyph attribute.
type Attr struct {
	ID    uint16
	Value uint16 // graphite2 reads it as int16 (Segment::glyphAttr)
}

// Attr returns the value of attribute id (0 when absent).
func (g *Glyph) Attr(id int) uint16 {
	lo, hi := 0, len(g.Attrs)
	for lo < hi {
		m := (lo + hi) / 2
		if int(g.Attrs[m].ID) < id {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(g.Attrs) && int(g.Attrs[lo].ID) == id {
		return g.Attrs[lo].Value
	}
	return 0
}

// OctaBox is a glyph's collision data from Glat version 3: the sub-box
// bitmap, the diagonal bounds, and per sub-box an axis-aligned and a
// diagonal box, each as 4 bytes (xmin, xmax, ymin, ymax scaled 0-255 over
// the glyph's bounding box, as graphite2's read_box takes them).
type OctaBox struct {
	Bitmap   uint16
	Diagonal [4]uint8
	Subs     [][2][4]uint8
	Valid    bool // graphite2's read_box accepted the entry (else boxes are ignored)
}

// readGlyphs is Face::readGlyphs with graphite2's GlyphCache and Loader.
func (f *Tables) readGlyphs() error {
	head, okHead := f.table("head", 0xffffffff)
	hhea, okHhea := f.table("hhea", 0xffffffff)
	hmtx, okHmtx := f.table("hmtx", 0xffffffff)
	glyf, okGlyf := f.table("glyf", 0xffffffff)
	loca, okLoca := f.table("loca", 0xffffffff)
	noGlyphs := func(table string, off int, format string, a ...any) error {
		return newErr(ENoGlyphs, table, off, format, a...)
	}
	if !okHead || !okHhea || !okHmtx || okGlyf != okLoca {
		return noGlyphs("head", -1, "head, hhea or hmtx missing or bad, or only one of glyf and loca")
	}
	maxp, ok := f.table("maxp", 0xffffffff)
	if !ok {
		return noGlyphs("maxp", -1, "maxp missing or bad")
	}
	longLoca := be16(head, 50) == 1
	numGraphics := be16(maxp, 4)
	if okGlyf && locaLookup(uint16(numGraphics-1), loca, longLoca) == locaBad {
		return noGlyphs("loca", 0, "loca too short for %d glyphs", numGraphics)
	}
	glat, okGlat := f.table("Glat", 0x00030000)
	gloc, okGloc := f.table("Gloc", 0xffffffff)
	if !okGlat || !okGloc || len(gloc) < 8 {
		return noGlyphs("Gloc", -1, "Glat or Gloc missing, undecompressable or too short")
	}
	glocVersion := be32(gloc, 0)
	flags := be16(gloc, 4)
	numAttrs := be16(gloc, 6)
	long := flags&1 != 0
	w := 2
	if long {
		w = 4
	}
	rem := len(gloc) - 8
	if flags&2 != 0 {
		rem -= 2 * numAttrs
	}
	numAttrGlyphs := -1
	if rem >= 0 {
		numAttrGlyphs = rem/w - 1
	}
	if int32(glocVersion) >= 0x00020000 || numAttrGlyphs < 0 || numAttrGlyphs > 65535 || numAttrs == 0 ||
		numAttrs > MaxGlyphAttrs || numGraphics > numAttrGlyphs || len(glat) < 4 {
		return noGlyphs("Gloc", 0, "bad Gloc header (version 0x%08X, %d attributes, %d glyphs with attributes, %d glyphs)",
			glocVersion, numAttrs, numAttrGlyphs, numGraphics)
	}
	glatVersion := be32(glat, 0)
	// graphite2 holds both versions in an int here (so versions from
	// 0x80000000 pass), but reads each glyph with the version as uint32.
	if int32(glatVersion) >= 0x00040000 || (int32(glatVersion) >= 0x00030000 && len(glat) < 8) {
		return noGlyphs("Glat", 0, "Glat version 0x%08X not supported", glatVersion)
	}
	f.NumGraphics, f.NumAttrGlyphs, f.NumAttrs = numGraphics, numAttrGlyphs, numAttrs
	f.NumGlyphs = max(numGraphics, numAttrGlyphs)
	f.GlatVersion, f.HasBoxes, f.LongGloc, f.GlocHasAttrIDs = glatVersion, int32(glatVersion) >= 0x00030000, long, flags&2 != 0
	if f.NumGlyphs == 0 {
		return noGlyphs("maxp", 4, "no glyphs")
	}
	gl := glyphLoader{head: head, hhea: hhea, hmtx: hmtx, glyf: glyf, loca: loca, glat: glat, gloc: gloc,
		hasGlyf: okGlyf, longLoca: longLoca, long: long, numGraphics: numGraphics, numAttrGlyphs: numAttrGlyphs,
		numAttrs: numAttrs, glatVersion: glatVersion}
	// The glyph array is bounded by the Gloc table's size (numAttrGlyphs)
	// and maxp, both at most 65535.
	n := f.NumGlyphs
	if f.Options&PreloadGlyphs == 0 {
		n = 1 // graphite2 checks glyph 0 at load; others load lazily
	}
	f.Glyphs = make([]Glyph, n)
	for g := 0; g < n; g++ {
		if err := gl.readGlyph(g, &f.Glyphs[g]); err != nil {
			return err
		}
	}
	if f.Options&PreloadGlyphs == 0 && f.NumGlyphs > 1 {
		// Read the rest for the engine's use; failures make those glyphs
		// empty, as graphite2's lazy loader returns glyph 0 for them.
		rest := make([]Glyph, f.NumGlyphs)
		rest[0] = f.Glyphs[0]
		for g := 1; g < f.NumGlyphs; g++ {
			if gl.readGlyph(g, &rest[g]) != nil {
				rest[g] = rest[0]
			}
		}
		f.Glyphs = rest
	}
	f.UnitsPerEm = be16(head, 18)
	if f.UnitsPerEm == 0 {
		return newErr(EBadUpem, "head", 18, "unitsPerEm is 0")
	}
	// Face::readGlyphs: the cmap.
	cmap, ok := f.table("cmap", 0xffffffff)
	if ok {
		f.cmapBMP, f.cmapSMP = bmpSubtable(cmap), smpSubtable(cmap)
	}
	if f.Options&CacheCmap != 0 {
		if !ok {
			return newErr(EBadCmap, "cmap", -1, "cmap missing or bad header")
		}
	} else if !ok || f.cmapBMP == nil {
		return newErr(EBadCmap, "cmap", -1, "no usable format 4 cmap subtable")
	}
	return nil
}

type glyphLoader struct {
	head, hhea, hmtx, glyf, loca, glat, gloc []byte
	hasGlyf, longLoca, long                  bool
	numGraphics, numAttrGlyphs, numAttrs     int
	glatVersion                              uint32
	memo                                     map[[2]int][]Attr
	stored                                   int
}

const (
	locaEmpty = -1 // LocaLookup's size_t(-1): empty glyph
	locaBad   = -2 // LocaLookup's size_t(-2): glyph id out of range
)

// locaLookup is TtfUtil::LocaLookup.
func locaLookup(gid uint16, loca []byte, long bool) int {
	n := len(loca)
	if !long {
		if n > 1 && int(gid)+1 < n>>1 {
			r := be16(loca, 2*int(gid)) << 1
			if r == be16(loca, 2*int(gid)+2)<<1 {
				return locaEmpty
			}
			return r
		}
		return locaBad
	}
	if n > 3 && int(gid)+1 < n>>2 {
		r := int(be32(loca, 4*int(gid)))
		if r == int(be32(loca, 4*int(gid)+4)) {
			return locaEmpty
		}
		return r
	}
	return locaBad
}

// readGlyph is GlyphCache::Loader::read_glyph (and read_box for octaboxes).
func (l *glyphLoader) readGlyph(gid int, g *Glyph) error {
	bad := func(table string, off int, format string, a ...any) error {
		e := newErr(ENoGlyphs, table, off, format, a...)
		e.Glyph = gid
		return e
	}
	if gid < l.numGraphics {
		if l.hasGlyf {
			loc := locaLookup(uint16(gid), l.loca, l.longLoca)
			if loc >= 0 && loc < len(l.glyf)-10 {
				x0, y0 := int(int16(be16(l.glyf, loc+2))), int(int16(be16(l.glyf, loc+4)))
				x1, y1 := int(int16(be16(l.glyf, loc+6))), int(int16(be16(l.glyf, loc+8)))
				if x0 > x1 || y0 > y1 {
					return bad("glyf", loc, "inverted bounding box (%d,%d)-(%d,%d)", x0, y0, x1, y1)
				}
				g.BBox = [4]int{x0, y0, x1, y1}
			}
		}
		// TtfUtil::HorMetrics: failures leave the advance 0.
		nLong := be16(l.hhea, 34)
		if gid < nLong {
			if (gid+1)*4 <= len(l.hmtx) {
				g.Advance = be16(l.hmtx, 4*gid)
			}
		} else {
			lsbOff := 4*nLong + 2*(gid-nLong)
			if !(lsbOff >= len(l.hmtx)-2 || nLong == 0) {
				g.Advance = be16(l.hmtx, 4*(nLong-1))
			}
		}
	}
	if gid >= l.numAttrGlyphs {
		return nil
	}
	var s, e int
	if l.long {
		if 8+gid*4 > len(l.gloc) {
			return bad("Gloc", 8+gid*4, "offset past end")
		}
		s, e = int(be32(l.gloc, 8+4*gid)), int(be32(l.gloc, 12+4*gid))
	} else {
		if 8+gid*2 > len(l.gloc) {
			return bad("Gloc", 8+gid*2, "offset past end")
		}
		s, e = be16(l.gloc, 8+2*gid), be16(l.gloc, 10+2*gid)
	}
	glat := l.glat
	if s >= len(glat)-1 || e > len(glat) {
		return bad("Glat", s, "attributes [%d,%d) outside Glat (%d bytes)", s, e, len(glat))
	}
	if l.glatVersion >= 0x00030000 {
		if s >= e {
			return bad("Glat", s, "empty octabox entry")
		}
		bmap := uint16(be16(glat, s))
		num := bits.OnesCount16(bmap)
		box := &OctaBox{Bitmap: bmap}
		// read_box: failures only drop the boxes.
		if e <= len(glat) && s+6 < e {
			copy(box.Diagonal[:], glat[s+2:s+6])
			if s+6+num*8 < e {
				box.Subs = make([][2][4]uint8, num)
				for i := 0; i < num; i++ {
					o := s + 6 + 8*i
					copy(box.Subs[i][0][:], glat[o:o+4])
					copy(box.Subs[i][1][:], glat[o+4:o+8])
				}
				box.Valid = true
			}
		}
		g.Box = box
		s += 6 + 8*num
		if s > e {
			return bad("Glat", s, "octabox runs past the glyph's attributes")
		}
	}
	var w int
	if l.glatVersion < 0x00020000 {
		w = 1
		if e-s < 4 || e-s > l.numAttrs*4 {
			return bad("Glat", s, "attribute block of %d bytes (at most %d)", e-s, l.numAttrs*4)
		}
	} else {
		w = 2
		if e-s < 6 || e-s > l.numAttrs*6 || s > len(glat)-4 {
			return bad("Glat", s, "attribute block of %d bytes (at most %d)", e-s, l.numAttrs*6)
		}
	}
	key := [2]int{s, e}
	if prev, ok := l.memo[key]; ok {
		// Glyphs sharing a Glat block share its attributes.
		g.Attrs = prev
		return nil
	}
	var attrs []Attr
	n, ok := 0, true
	if l.stored+(e-s)/2 <= maxStoredAttrs {
		attrs, ok = parseAttrs(glat, s, e, w)
		n = len(attrs)
	} else {
		// Overlapping Glat blocks can describe far more attributes than
		// the table holds; past maxStoredAttrs they are checked but not
		// kept (Tables.GlyphAttr reads them from the table).
		n, ok = countAttrs(glat, s, e, w)
		g.lazy = true
	}
	if !ok {
		return bad("Glat", s, "attribute ids not increasing")
	}
	if n > l.numAttrs {
		return bad("Glat", s, "%d attributes, more than the %d declared", n, l.numAttrs)
	}
	g.glatS, g.glatE, g.glatW = int32(s), int32(e), int8(w)
	if !g.lazy {
		if l.memo == nil {
			l.memo = map[[2]int][]Attr{}
		}
		l.memo[key] = attrs
		l.stored += len(attrs)
		g.Attrs = attrs
	}
	return nil
}

// maxStoredAttrs bounds the glyph attributes kept in memory per face.
const maxStoredAttrs = 1 << 24

// countAttrs is parseAttrs without keeping the attributes.
func countAttrs(glat []byte, s, e, w int) (int, bool) {
	n := 0
	ok := walkAttrs(glat, s, e, w, func(Attr) { n++ })
	return n, ok
}

// GlyphAttr returns glyph gid's attribute id as graphite2's glyph cache
// holds it (0 when absent or gid out of range).
func (f *Tables) GlyphAttr(gid, id int) uint16 {
	if gid < 0 || gid >= len(f.Glyphs) {
		return 0
	}
	g := &f.Glyphs[gid]
	if !g.lazy {
		return g.Attr(id)
	}
	var v uint16
	glat, _ := f.table("Glat", 0x00030000)
	walkAttrs(glat, int(g.glatS), int(g.glatE), int(g.glatW), func(a Attr) {
		if int(a.ID) == id {
			v = a.Value
		}
	})
	return v
}

// AppendGlyphAttrs appends glyph gid's non-zero attributes, by increasing
// id, to dst and returns it (dst unchanged when gid is out of range). It is
// Glyph.Attrs, also for glyphs whose attributes are not kept in memory.
func (f *Tables) AppendGlyphAttrs(dst []Attr, gid int) []Attr {
	if gid < 0 || gid >= len(f.Glyphs) {
		return dst
	}
	g := &f.Glyphs[gid]
	if !g.lazy {
		return append(dst, g.Attrs...)
	}
	glat, _ := f.table("Glat", 0x00030000)
	walkAttrs(glat, int(g.glatS), int(g.glatE), int(g.glatW), func(a Attr) { dst = append(dst, a) })
	return dst
}

// parseAttrs walks Glat runs as graphite2's _glat_iterator and sparse
// constructor do: runs of (first id, count, values); zero values are
// skipped; the non-zero ids must strictly increase. A run with count 0
// never ends (graphite2 reads on to the end of the glyph's block).
func parseAttrs(glat []byte, s, e, w int) ([]Attr, bool) {
	var out []Attr
	ok := walkAttrs(glat, s, e, w, func(a Attr) { out = append(out, a) })
	if !ok {
		return nil, false
	}
	return out, true
}

// walkAttrs calls fn for each non-zero attribute; false when ids do not
// increase.
func walkAttrs(glat []byte, s, e, w int, fn func(Attr)) bool {
	rd := func(o int) int {
		if w == 1 {
			return u8(glat, o)
		}
		return be16(glat, o)
	}
	eo, v, n := s, s+2*w, 0
	last := -1
	for v < e-1 {
		key := uint16(rd(eo) + n)
		run := rd(eo + w)
		val := uint16(be16(glat, v))
		if val != 0 {
			if int(key) <= last {
				return false
			}
			last = int(key)
			fn(Attr{key, val})
		}
		n++
		v += 2
		if n == run {
			eo = v
			v += 2 * w
			n = 0
		}
	}
	return true
}

// Lookup maps a character to a glyph through graphite2's cached cmap: the
// Unicode BMP subtable (format 4: 3/1, 0/3, 0/2, 0/1, 0/0) for code points
// below U+FFFF it covers, then the UCS-4 subtable (format 12: 3/10, 0/4)
// below U+10FFFF. 0 when unmapped.
func (f *Tables) Lookup(r rune) uint16 {
	if r < 0 {
		return 0
	}
	if f.cmapBMP != nil && r < 0xFFFF {
		if g, ok := cmap4Find(f.cmapBMP, uint32(r), 0); ok {
			return g
		}
	}
	if f.cmapSMP != nil && r < 0x10FFFF {
		return cmap12LookupKey(f.cmapSMP, uint32(r), 0)
	}
	return 0
}

// CmapEach calls fn for the code points graphite2's CachedCmap fills, in
// the order it fills them, with the glyph it stores (0 included): first
// the UCS-4 subtable (format 12) below U+10FFFF, then the BMP subtable
// (format 4) below U+FFFF, each walked as graphite2's cache_subtable walks
// it (CmapSubtableNNextCodepoint from 0 with its range key, each code
// point stored as CmapSubtableNLookup gives it for that key). A later call
// for a code point overrides an earlier one; code points never passed map
// to 0. On a damaged subtable (ranges out of order, overlapping) the walk
// visits what graphite2's visits; cache_subtable's guard (a code point not
// above the previous one continues from the previous one plus one) bounds
// it by 0x10FFFF + 0xFFFF calls, whatever the tables claim. Engines build
// their lookup cache from it.
func (f *Tables) CmapEach(fn func(cp uint32, gid uint16)) {
	if t := f.cmapSMP; t != nil {
		cacheSubtable(newCmapRanges(t, true), cmap12LookupKey, fn)
	}
	if t := f.cmapBMP; t != nil {
		cacheSubtable(newCmapRanges(t, false), cmap4LookupKey, fn)
	}
}

// cacheSubtable is graphite2's cache_subtable (CmapCache.cpp): walk the
// subtable's ranges from code point 0, storing lookup(cp, key) for every
// code point below the walk's end (0xFFFF, 0x10FFFF) it returns. The
// store happens before the guard, so a code point at or below the
// previous one is stored (again) and the walk goes on from the previous
// one plus one.
func cacheSubtable(r cmapRanges, lookup func(t []byte, cp uint32, key int) uint16, fn func(cp uint32, gid uint16)) {
	key := 0
	cp := r.next(0, &key)
	prev := uint32(0)
	for cp < r.last {
		fn(cp, lookup(r.t, cp, key))
		if cp <= prev {
			cp = prev + 1
		}
		prev = cp
		cp = r.next(cp, &key)
	}
}

// A cmapRanges reads the ranges of a format 4 subtable (segments:
// endCode, startCode) or a format 12 one (groups) for the walk graphite2's
// CmapSubtable4NextCodepoint and CmapSubtable12NextCodepoint make, which
// are the same function over the two layouts.
type cmapRanges struct {
	t     []byte
	fmt12 bool
	n     int    // segments (segCountX2/2) or groups (numGroups)
	last  uint32 // the code point that ends the walk: 0xFFFF or 0x10FFFF
}

// newCmapRanges returns the range walker over cmap subtable t (format 12 if
// fmt12, else format 4), as graphite2's TtfUtil NextCodepoint functions
// walk it.
func newCmapRanges(t []byte, fmt12 bool) cmapRanges {
	if fmt12 {
		return cmapRanges{t: t, fmt12: true, n: int(be32(t, 12)), last: 0x10FFFF}
	}
	return cmapRanges{t: t, n: be16(t, 6) >> 1, last: 0xFFFF}
}

// start and end are range i's first and last code points.
func (c *cmapRanges) start(i int) uint32 {
	if c.fmt12 {
		return be32(c.t, 16+12*i)
	}
	return uint32(be16(c.t, 16+2*c.n+2*i))
}

// end returns range i's last code point, as the subtable stores it.
func (c *cmapRanges) end(i int) uint32 {
	if c.fmt12 {
		return be32(c.t, 20+12*i)
	}
	return uint32(be16(c.t, 14+2*i))
}

// next is TtfUtil::CmapSubtable4NextCodepoint / CmapSubtable12NextCodepoint:
// the code point after cp (0: the first range's start; c.last ends the
// walk), with *key the range it lies in. The key is first corrected ("just
// in case we have a bad key"): moved down while its range starts above
// cp, then up while it ends below cp; on a damaged table that is where
// the walk departs from a plain scan, as graphite2's does. At the end,
// the key is the last segment (format 4) or one past the last group
// (format 12), as graphite2 leaves it.
func (c *cmapRanges) next(cp uint32, key *int) uint32 {
	if cp == 0 {
		*key = 0
		return c.start(0)
	}
	if cp >= c.last {
		*key = c.n - 1
		if c.fmt12 {
			*key = c.n
		}
		return c.last
	}
	i := *key
	for i > 0 && c.start(i) > cp {
		i--
	}
	for i < c.n-1 && c.end(i) < cp {
		i++
	}
	if s := c.start(i); s > cp {
		cp = s - 1
	}
	if c.end(i) > cp {
		*key = i
		return cp + 1
	}
	*key = i + 1
	if i+1 >= c.n {
		return c.last
	}
	return c.start(i + 1)
}

// cmap4LookupKey is TtfUtil::CmapSubtable4Lookup: with key 0 the segment
// is found by graphite2's binary search over endCode (which, on an
// unsorted array, may find none, or another segment than a linear scan
// would); with a key, the key's segment is taken. 0 when the segment does
// not hold cp or its glyph index lies past the subtable's length.
func cmap4LookupKey(t []byte, cp uint32, key int) uint16 {
	g, _ := cmap4Find(t, cp, key)
	return g
}

// cmap4Find is CmapSubtable4Lookup also saying whether a segment holding
// cp was found (ok), for the direct lookup.
func cmap4Find(t []byte, cp uint32, key int) (gid uint16, ok bool) {
	nSeg := be16(t, 6) >> 1
	seg := key
	if key == 0 {
		left, n := 0, nSeg
		for n > 0 {
			half := n >> 1
			mid := left + half
			if cp <= uint32(be16(t, 14+2*mid)) {
				if half == 0 || cp > uint32(be16(t, 14+2*(mid-1))) {
					seg = mid
					break
				}
				n = half
			} else {
				left = mid + 1
				n -= half + 1
			}
		}
		if n == 0 {
			return 0, false
		}
	}
	end := uint32(be16(t, 14+2*seg))
	startOff := 16 + 2*nSeg + 2*seg
	start := uint32(be16(t, startOff))
	if cp > end || cp < start {
		return 0, false
	}
	delta := uint16(be16(t, startOff+2*nSeg))
	roOff := startOff + 4*nSeg
	ro := be16(t, roOff)
	if ro == 0 {
		return delta + uint16(cp), true
	}
	idx := int(cp-start) + ro>>1 + roOff/2
	if idx*2+1 >= be16(t, 2) {
		return 0, true
	}
	g := uint16(be16(t, 2*idx))
	if g == 0 {
		return 0, true
	}
	return g + delta, true
}

// cmap12LookupKey is TtfUtil::CmapSubtable12Lookup: the first group from
// key on that holds cp gives its glyph; 0 when none does.
func cmap12LookupKey(t []byte, cp uint32, key int) uint16 {
	ng := int(be32(t, 12))
	for i := key; i < ng && 16+12*i+12 <= len(t); i++ {
		o := 16 + 12*i
		s, e := be32(t, o), be32(t, o+4)
		if cp >= s && cp <= e {
			return uint16(be32(t, o+8) + cp - s)
		}
	}
	return 0
}

// findCmapSubtable is TtfUtil::FindCmapSubtable with a length.
func findCmapSubtable(cmap []byte, pid, eid int) int {
	n := be16(cmap, 2)
	length := len(cmap)
	if 12+8*(n-1) > length {
		return -1
	}
	for i := 0; i < n; i++ {
		e := 4 + 8*i
		if be16(cmap, e) != pid || be16(cmap, e+2) != eid {
			continue
		}
		off := int(be32(cmap, e+4))
		if off > length-2 {
			return -1
		}
		format := be16(cmap, off)
		if format == 4 {
			if off > length-4 {
				return -1
			}
			sl := be16(cmap, off+2)
			if i+1 == n {
				if sl > length-off {
					return -1
				}
			} else if sl > int(be32(cmap, e+8+4)) {
				return -1
			}
		}
		if format == 12 {
			if off > length-6 {
				return -1
			}
			sl := int64(be32(cmap, off+2))
			if i+1 == n {
				if sl > int64(length-off) {
					return -1
				}
			} else if sl > int64(be32(cmap, e+8+4)) {
				return -1
			}
		}
		return off
	}
	return -1
}

// checkCmap4 is TtfUtil::CheckCmapSubtable4.
func checkCmap4(cmap []byte, off int) bool {
	if off < 0 {
		return false
	}
	n := len(cmap) - off
	if n < 16 || be16(cmap, off) != 4 {
		return false
	}
	l := be16(cmap, off+2)
	if l > n || l < 16 {
		return false
	}
	nr := be16(cmap, off+6) >> 1
	if nr == 0 || l < 16+8*nr {
		return false
	}
	return be16(cmap, off+14+2*(nr-1)) == 0xFFFF
}

// checkCmap12 is TtfUtil::CheckCmapSubtable12.
func checkCmap12(cmap []byte, off int) bool {
	if off < 0 {
		return false
	}
	n := int64(len(cmap) - off)
	if n < 28 || be16(cmap, off) != 12 {
		return false
	}
	l := int64(be32(cmap, off+4))
	if l > n || l < 28 {
		return false
	}
	ng := int64(be32(cmap, off+12))
	return ng <= 0x10000000 && l == 28+(ng-1)*12
}

// bmpSubtable returns the cmap subtable graphite2 uses for BMP code
// points (bmp_subtable in CmapCache.cpp): the first of 3/1, 0/3, 0/2,
// 0/1 and 0/0 that is a valid format-4 subtable, or nil.
func bmpSubtable(cmap []byte) []byte {
	for _, pe := range [][2]int{{3, 1}, {0, 3}, {0, 2}, {0, 1}, {0, 0}} {
		if off := findCmapSubtable(cmap, pe[0], pe[1]); checkCmap4(cmap, off) {
			return cmap[off:]
		}
	}
	return nil
}

// smpSubtable returns the cmap subtable graphite2 uses beyond the BMP
// (smp_subtable in CmapCache.cpp): 3/10 or else 0/4 when it is a valid
// format-12 subtable, or nil.
func smpSubtable(cmap []byte) []byte {
	for _, pe := range [][2]int{{3, 10}, {0, 4}} {
		if off := findCmapSubtable(cmap, pe[0], pe[1]); checkCmap12(cmap, off) {
			return cmap[off:]
		}
	}
	return nil
}
