package shape

import (
	"encoding/binary"
	"errors"
	"fmt"
	"sort"

	"fontvm/graphite"
)

// Sentinel errors.
var (
	ErrFont        = errors.New("graphite/shape: bad font")       // a table is missing or malformed
	ErrNoGraphite  = errors.New("graphite/shape: no Silf table")  // not a Graphite font
	ErrSegment     = errors.New("graphite/shape: segment failed") // graphite2 returns no segment
	ErrCompression = errors.New("graphite/shape: unsupported table compression")
)

// Limits.
const (
	maxSegGrowth = 64   // MAX_SEG_GROWTH_FACTOR: slots per character at most
	stackMax     = 1024 // Machine::STACK_MAX
	maxSlots     = 64   // SlotMap::MAX_SLOTS
	maxRules     = 128  // FiniteStateMachine::MAX_RULES
	maxAttrs     = 0x3000
)

func tableErr(tag string, off int, msg string) error {
	return fmt.Errorf("%w: %s+%d: %s", ErrFont, tag, off, msg)
}

type rd struct {
	b []byte
}

func (r rd) u8(o int) int {
	if o < 0 || o >= len(r.b) {
		return 0
	}
	return int(r.b[o])
}
func (r rd) u16(o int) int {
	if o < 0 || o+2 > len(r.b) {
		return 0
	}
	return int(binary.BigEndian.Uint16(r.b[o:]))
}
func (r rd) i16(o int) int { return int(int16(r.u16(o))) }
func (r rd) u32(o int) uint32 {
	if o < 0 || o+4 > len(r.b) {
		return 0
	}
	return binary.BigEndian.Uint32(r.b[o:])
}
func (r rd) ok(o, n int) bool { return o >= 0 && n >= 0 && o+n <= len(r.b) }

type rect struct{ blx, bly, trx, try float32 }

// octabox is a glyph's collision box set from Glat version 3.
type octabox struct {
	bmap uint16
	dia  rect   // diagonal bounds
	subs []rect // 2 per sub-box: (axis-aligned, diagonal)
}

type featSetting struct {
	value int16
	label uint16
}

type featRef struct {
	id       uint32
	maxVal   uint32
	mask     uint32
	nameID   uint16
	flags    uint16
	settings []featSetting
	def      uint32
}

type langFeats struct {
	lang uint32
	vals []uint32
}

// Face is a loaded Graphite font. It is read-only after Load and may be
// shared by many Shapers.
type Face struct {
	upem         int
	numGlyphs    int // max(graphics, attribute) glyphs
	numGraphics  int
	numAttrGlyph int
	numAttrs     int
	attrs        []int16 // numGlyphs*numAttrs, dense, when the data is dense enough
	akeys        []uint16
	avals        []int16
	aoff         []int32 // per glyph start in akeys/avals (sparse form), numGlyphs+1
	adv          []float32
	bbox         []rect
	hasBoxes     bool
	boxesLoaded  bool // graphite2 keeps octaboxes only when some glyph has sub-boxes and all read
	totalSubs    int
	boxFail      bool
	boxes        []octabox
	cmapBMP      []byte
	cmapSMP      []byte
	cmapBlocks   [0x1100][]uint16 // graphite2's CachedCmap: 256 code points a block
	feats        []featRef
	defFeats     []uint32
	langs        []langFeats
	names        []byte
	silf         *silf
}

// tables is the sfnt table directory.
type tables map[string][]byte

func readTables(data []byte) (tables, error) {
	r := rd{data}
	if len(data) < 12 {
		return nil, tableErr("sfnt", 0, "too short")
	}
	off := 0
	if string(data[:4]) == "ttcf" {
		off = int(r.u32(12))
	}
	n := r.u16(off + 4)
	if !r.ok(off+12, n*16) {
		return nil, tableErr("sfnt", off, "directory past end")
	}
	t := tables{}
	for i := 0; i < n; i++ {
		e := off + 12 + i*16
		tag := string(data[e : e+4])
		o, l := int(r.u32(e+8)), int(r.u32(e+12))
		if o < 0 || l < 0 || o > len(data) || l > len(data)-o {
			continue
		}
		t[tag] = data[o : o+l : o+l]
	}
	return t, nil
}

// Load parses a Graphite font.
//
// Whether a font loads at all is decided by graphite.Verify, the project's
// model of graphite2's face loading (gr_make_file_face with
// gr_face_preloadAll); the error then wraps graphite.ErrRefused. The tables
// the engine needs are then read here.
func Load(data []byte) (*Face, error) {
	if err := graphite.Verify(data); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrFont, err)
	}
	t, err := readTables(data)
	if err != nil {
		return nil, err
	}
	f := &Face{}
	silfT, ok := t["Silf"]
	if !ok {
		return nil, ErrNoGraphite
	}
	if silfT, err = decompress("Silf", silfT, 0x00050000); err != nil {
		return nil, err
	}
	if err := f.readGlyphs(t); err != nil {
		return nil, err
	}
	if err := f.readCmap(t["cmap"]); err != nil {
		return nil, err
	}
	if err := f.readFeats(t["Feat"]); err != nil {
		return nil, err
	}
	if err := f.readSill(t["Sill"]); err != nil {
		return nil, err
	}
	f.names = t["name"]
	if err := f.readSilfTable(silfT); err != nil {
		return nil, err
	}
	return f, nil
}

// Scale returns graphite2's font scale for a size of ppm pixels per em
// (gr_make_font: ppm / unitsPerEm, in float32), for Options.Scale.
func (f *Face) Scale(ppm float32) float32 { return ppm / float32(f.upem) }

// UnitsPerEm returns the font's design units per em.
func (f *Face) UnitsPerEm() int { return f.upem }

// NumGlyphs returns the number of glyphs graphite2 knows.
func (f *Face) NumGlyphs() int { return f.numGlyphs }

func (f *Face) readGlyphs(t tables) error {
	head, hhea, hmtx, maxp := t["head"], t["hhea"], t["hmtx"], t["maxp"]
	glyf, loca := t["glyf"], t["loca"]
	if len(head) < 54 || len(hhea) < 36 || hmtx == nil || len(maxp) < 6 || (glyf == nil) != (loca == nil) {
		return tableErr("head", 0, "missing head, hhea, hmtx, maxp or glyf/loca")
	}
	hr := rd{head}
	f.upem = hr.u16(18)
	if f.upem == 0 {
		return tableErr("head", 18, "unitsPerEm is 0")
	}
	longLoca := hr.i16(50) == 1
	f.numGraphics = rd{maxp}.u16(4)
	glat, gloc := t["Glat"], t["Gloc"]
	var err error
	if glat, err = decompress("Glat", glat, 0x00030000); err != nil {
		return err
	}
	if len(glat) < 4 || len(gloc) < 8 {
		return tableErr("Gloc", 0, "missing Glat or Gloc")
	}
	gr := rd{gloc}
	gver := gr.u32(0)
	gflags := gr.u16(4)
	f.numAttrs = gr.u16(6)
	long := gflags&1 != 0
	w := 2
	if long {
		w = 4
	}
	extra := 0
	if gflags&2 != 0 {
		extra = 2 * f.numAttrs
	}
	ng := (len(gloc)-8-extra)/w - 1
	if gver >= 0x00020000 || ng < 0 || ng > 65535 || f.numAttrs == 0 || f.numAttrs > maxAttrs || f.numGraphics > ng {
		return tableErr("Gloc", 0, "bad header")
	}
	f.numAttrGlyph = ng
	lr := rd{glat}
	glatVer := lr.u32(0)
	if glatVer >= 0x00040000 || (glatVer >= 0x00030000 && len(glat) < 8) {
		return tableErr("Glat", 0, "unsupported version")
	}
	f.hasBoxes = glatVer >= 0x00030000
	f.numGlyphs = f.numGraphics
	if f.numAttrGlyph > f.numGlyphs {
		f.numGlyphs = f.numAttrGlyph
	}
	if f.numGlyphs == 0 {
		return tableErr("maxp", 4, "no glyphs")
	}
	f.adv = make([]float32, f.numGlyphs)
	f.bbox = make([]rect, f.numGlyphs)
	f.aoff = make([]int32, f.numGlyphs+1)
	if f.hasBoxes {
		f.boxes = make([]octabox, f.numGlyphs)
	}
	hh := rd{hhea}
	nLong := hh.u16(34)
	mr := rd{hmtx}
	locr := rd{loca}
	if glyf != nil {
		// graphite2 rejects the face when the last glyph's loca entry is out of range
		last := f.numGraphics - 1
		if long {
			_ = long
		}
		if !(longLoca && last+1 < len(loca)>>2) && !(!longLoca && len(loca) > 1 && last+1 < len(loca)>>1) {
			return tableErr("loca", 0, "too short")
		}
	}
	glr := rd{glyf}
	for g := 0; g < f.numGlyphs; g++ {
		if g < f.numGraphics {
			if glyf != nil {
				var o, next int
				okLoc := false
				if longLoca {
					if g+1 < len(loca)>>2 {
						o, next = int(locr.u32(g*4)), int(locr.u32(g*4+4))
						okLoc = true
					}
				} else if len(loca) > 1 && g+1 < len(loca)>>1 {
					o, next = locr.u16(g*2)*2, locr.u16(g*2+2)*2
					okLoc = true
				}
				if okLoc && o != next && o+10 <= len(glyf) {
					xmin, ymin, xmax, ymax := glr.i16(o+2), glr.i16(o+4), glr.i16(o+6), glr.i16(o+8)
					if xmin > xmax || ymin > ymax {
						return tableErr("glyf", o, fmt.Sprintf("glyph %d: inverted bbox", g))
					}
					f.bbox[g] = rect{float32(xmin), float32(ymin), float32(xmax), float32(ymax)}
				}
			}
			if g < nLong {
				if (g+1)*4 <= len(hmtx) {
					f.adv[g] = float32(mr.u16(g * 4))
				}
			} else {
				lsbOff := 4*nLong + 2*(g-nLong)
				if !(lsbOff >= len(hmtx)-2 || nLong == 0) {
					f.adv[g] = float32(mr.u16((nLong - 1) * 4))
				}
			}
		}
		if g < f.numAttrGlyph {
			if err := f.readGlyphAttrs(g, gr, long, lr, glatVer); err != nil {
				return err
			}
		} else if f.hasBoxes {
			f.boxFail = true
		}
		f.aoff[g+1] = int32(len(f.akeys))
	}
	f.packAttrs()
	f.boxesLoaded = f.hasBoxes && f.totalSubs > 0 && !f.boxFail
	return nil
}

func (f *Face) readGlyphAttrs(g int, gr rd, long bool, lr rd, glatVer uint32) error {
	var s, e int
	if long {
		if 8+g*4 > len(gr.b) {
			return tableErr("Gloc", 8+g*4, "past end")
		}
		s, e = int(gr.u32(8+g*4)), int(gr.u32(12+g*4))
	} else {
		if 8+g*2 > len(gr.b) {
			return tableErr("Gloc", 8+g*2, "past end")
		}
		s, e = gr.u16(8+g*2), gr.u16(10+g*2)
	}
	glat := lr.b
	if s >= len(glat)-1 || e > len(glat) {
		return tableErr("Glat", s, fmt.Sprintf("glyph %d: attributes past end", g))
	}
	if glatVer >= 0x00030000 {
		if s >= e {
			return tableErr("Glat", s, fmt.Sprintf("glyph %d: empty", g))
		}
		bmap := uint16(lr.u16(s))
		num := popcount16(bmap)
		box := &f.boxes[g]
		box.bmap = bmap
		bb := f.bbox[g]
		diamax := rect{bb.blx + bb.bly, bb.blx - bb.try, bb.trx + bb.try, bb.trx - bb.bly}
		f.totalSubs += num
		p := s + 2
		if e > len(glat) || s+6 >= e || s+6+num*8 >= e {
			f.boxFail = true
		}
		if s+6 < e {
			box.dia = readBox(diamax, lr.u8(p), lr.u8(p+2), lr.u8(p+1), lr.u8(p+3))
			p += 4
			if s+6+num*8 < e {
				box.subs = make([]rect, 2*num)
				for i := 0; i < 2*num; i++ {
					src := bb
					if i&1 != 0 {
						src = diamax
					}
					box.subs[i] = readBox(src, lr.u8(p), lr.u8(p+2), lr.u8(p+1), lr.u8(p+3))
					p += 4
				}
			}
		}
		s += 6 + 8*num
		if s > e {
			return tableErr("Glat", s, fmt.Sprintf("glyph %d: boxes past end", g))
		}
	}
	count := 0
	first := len(f.akeys)
	put := func(k int, v int16) {
		if k < f.numAttrs {
			f.akeys = append(f.akeys, uint16(k))
			f.avals = append(f.avals, v)
		}
	}
	if glatVer < 0x00020000 {
		if e-s < 4 || e-s > f.numAttrs*4 {
			return tableErr("Glat", s, fmt.Sprintf("glyph %d: bad attribute run", g))
		}
		for p := s; p+2 <= e; {
			k, n := lr.u8(p), lr.u8(p+1)
			p += 2
			for i := 0; i < n && p+2 <= e; i++ {
				put(k+i, int16(lr.u16(p)))
				count++
				p += 2
			}
		}
	} else {
		if e-s < 6 || e-s > f.numAttrs*6 || s > len(glat)-4 {
			return tableErr("Glat", s, fmt.Sprintf("glyph %d: bad attribute run", g))
		}
		for p := s; p+4 <= e; {
			k, n := lr.u16(p), lr.u16(p+2)
			p += 4
			for i := 0; i < n && p+2 <= e; i++ {
				put(k+i, int16(lr.u16(p)))
				count++
				p += 2
			}
		}
	}
	if count > f.numAttrs {
		return tableErr("Glat", s, fmt.Sprintf("glyph %d: too many attributes", g))
	}
	// sort this glyph's keys; a repeated key keeps its last value
	ks, vs := f.akeys[first:], f.avals[first:]
	sort.Stable(attrRun{ks, vs})
	n := 0
	for i := range ks {
		if n > 0 && ks[n-1] == ks[i] {
			vs[n-1] = vs[i]
			continue
		}
		ks[n], vs[n] = ks[i], vs[i]
		n++
	}
	f.akeys, f.avals = f.akeys[:first+n], f.avals[:first+n]
	return nil
}

type attrRun struct {
	k []uint16
	v []int16
}

func (a attrRun) Len() int           { return len(a.k) }
func (a attrRun) Less(i, j int) bool { return a.k[i] < a.k[j] }
func (a attrRun) Swap(i, j int) {
	a.k[i], a.k[j] = a.k[j], a.k[i]
	a.v[i], a.v[j] = a.v[j], a.v[i]
}

// denseBudget is the size (in attributes) up to which a dense attribute
// table is always allowed.
var denseBudget, denseFactor = 1 << 20, 16

// packAttrs keeps glyph attributes as a dense table when that costs at most
// a fixed budget or a small multiple of the attributes the font holds (so a
// hostile numAttrs cannot make it allocate what its data does not prove), and
// sparse (sorted keys per glyph) otherwise.
func (f *Face) packAttrs() {
	dense := f.numGlyphs * f.numAttrs
	if dense > denseBudget && dense > denseFactor*len(f.akeys) {
		return
	}
	f.attrs = make([]int16, dense)
	for g := 0; g < f.numGlyphs; g++ {
		for i := f.aoff[g]; i < f.aoff[g+1]; i++ {
			f.attrs[g*f.numAttrs+int(f.akeys[i])] = f.avals[i]
		}
	}
	f.akeys, f.avals, f.aoff = nil, nil, nil
}

func popcount16(v uint16) int {
	n := 0
	for ; v != 0; v &= v - 1 {
		n++
	}
	return n
}

func scaleTo(t int, zmin, zmax float32) float32 {
	return zmin + float32(float32(t)*(zmax-zmin))/255
}

func readBox(b rect, zxmin, zymin, zxmax, zymax int) rect {
	return rect{scaleTo(zxmin, b.blx, b.trx), scaleTo(zymin, b.bly, b.try), scaleTo(zxmax, b.blx, b.trx), scaleTo(zymax, b.bly, b.try)}
}

// glyphAttr is graphite2's Segment::glyphAttr: 0 for glyphs out of range.
func (f *Face) glyphAttr(gid, attr int) int16 {
	if gid >= f.numGlyphs || attr < 0 || attr >= f.numAttrs {
		return 0
	}
	if f.attrs != nil {
		return f.attrs[gid*f.numAttrs+attr]
	}
	ks := f.akeys[f.aoff[gid]:f.aoff[gid+1]]
	lo, hi := 0, len(ks)
	for lo < hi {
		m := (lo + hi) / 2
		if int(ks[m]) < attr {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(ks) && int(ks[lo]) == attr {
		return f.avals[int(f.aoff[gid])+lo]
	}
	return 0
}

// glyphBBox is graphite2's theGlyphBBoxTemporary: glyph 0's box for glyphs out of range.
func (f *Face) glyphBBox(gid int) rect {
	if gid >= f.numGlyphs {
		gid = 0
	}
	return f.bbox[gid]
}

func (f *Face) glyphAdv(gid int) float32 {
	if gid >= f.numGlyphs {
		gid = 0
	}
	return f.adv[gid]
}

// glyphMetric is Face::getGlyphMetric.
func (f *Face) glyphMetric(gid, metric int) int32 {
	if metric == metAscent || metric == metDescent {
		return 0
	}
	if gid >= f.numGlyphs {
		return 0
	}
	bb, adv := f.bbox[gid], f.adv[gid]
	switch metric {
	case metLsb, metBbLeft:
		return int32(bb.blx)
	case metRsb:
		return int32(adv - bb.trx)
	case metBbTop:
		return int32(bb.try)
	case metBbBottom:
		return int32(bb.bly)
	case metBbRight:
		return int32(bb.trx)
	case metBbHeight:
		return int32(bb.try - bb.bly)
	case metBbWidth:
		return int32(bb.trx - bb.blx)
	case metAdvWidth:
		return int32(adv)
	}
	return 0
}

const (
	metLsb = iota
	metRsb
	metBbTop
	metBbBottom
	metBbLeft
	metBbRight
	metBbHeight
	metBbWidth
	metAdvWidth
	metAdvHeight
	metAscent
	metDescent
)

// ---- cmap ----

func (f *Face) readCmap(c []byte) error {
	r := rd{c}
	if len(c) < 4 {
		return tableErr("cmap", 0, "missing")
	}
	n := r.u16(2)
	find := func(pid, eid, format int) []byte {
		for i := 0; i < n; i++ {
			e := 4 + i*8
			if !r.ok(e, 8) {
				return nil
			}
			if r.u16(e) == pid && r.u16(e+2) == eid {
				o := int(r.u32(e + 4))
				if o+4 > len(c) || r.u16(o) != format {
					return nil
				}
				var l int
				if format == 4 {
					l = r.u16(o + 2)
				} else {
					l = int(r.u32(o + 4))
				}
				if l <= 0 || o+l > len(c) {
					return nil
				}
				return c[o : o+l]
			}
		}
		return nil
	}
	for _, pe := range [][2]int{{3, 1}, {0, 3}, {0, 2}, {0, 1}, {0, 0}} {
		if t := find(pe[0], pe[1], 4); t != nil && len(t) >= 16 {
			f.cmapBMP = t
			break
		}
	}
	for _, pe := range [][2]int{{3, 10}, {0, 4}} {
		if t := find(pe[0], pe[1], 12); t != nil && len(t) >= 16 {
			f.cmapSMP = t
			break
		}
	}
	if f.cmapBMP == nil && f.cmapSMP == nil {
		return tableErr("cmap", 0, "no usable subtable")
	}
	f.cacheCmap()
	return nil
}

func (f *Face) cacheSet(cp int, g uint16) {
	b := f.cmapBlocks[cp>>8]
	if b == nil {
		b = make([]uint16, 256)
		f.cmapBlocks[cp>>8] = b
	}
	b[cp&0xFF] = g
}

// cacheCmap fills the cache as graphite2's CachedCmap does: the full
// (format 12) subtable's code points below 0x10FFFF, then the BMP (format 4)
// subtable's below 0xFFFF over them. Code points are visited once each, in
// increasing order, so the work is bounded whatever the ranges claim.
func (f *Face) cacheCmap() {
	if t := f.cmapSMP; t != nil {
		r := rd{t}
		n := int(r.u32(12))
		if n < 0 || 16+n*12 > len(t) {
			n = (len(t) - 16) / 12
		}
		next := 0
		for i := 0; i < n; i++ {
			e := 16 + i*12
			start, end := int(r.u32(e)), int(r.u32(e+4))
			if start < next {
				start = next
			}
			if end > 0x10FFFE {
				end = 0x10FFFE
			}
			for cp := start; cp <= end; cp++ {
				f.cacheSet(cp, cmap12(t, uint32(cp)))
			}
			if end+1 > next {
				next = end + 1
			}
		}
	}
	if t := f.cmapBMP; t != nil {
		r := rd{t}
		segX2 := r.u16(6)
		if 14+segX2*4+2 > len(t) {
			return
		}
		next := 0
		for i := 0; i < segX2/2; i++ {
			end := r.u16(14 + i*2)
			start := r.u16(16 + segX2 + i*2)
			if start < next {
				start = next
			}
			if end > 0xFFFE {
				end = 0xFFFE
			}
			for cp := start; cp <= end; cp++ {
				if g, ok := cmap4(t, cp); ok {
					f.cacheSet(cp, g)
				}
			}
			if end+1 > next {
				next = end + 1
			}
		}
	}
}

// lookup maps a code point to a glyph (0 when unmapped).
func (f *Face) lookup(cp rune) uint16 {
	// graphite2's cached cmap holds code points below 0x10FFFF, those of the
	// BMP subtable (below 0xFFFF) over those of the full one
	if cp < 0 || cp >= 0x10FFFF {
		return 0
	}
	if b := f.cmapBlocks[cp>>8]; b != nil {
		return b[cp&0xFF]
	}
	return 0
}

func cmap4(t []byte, cp int) (uint16, bool) {
	r := rd{t}
	segX2 := r.u16(6)
	if 14+segX2*4+2 > len(t) {
		return 0, false
	}
	lo, hi := 0, segX2/2
	for lo < hi {
		m := (lo + hi) / 2
		if r.u16(14+m*2) < cp {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo >= segX2/2 {
		return 0, false
	}
	end := r.u16(14 + lo*2)
	start := r.u16(16 + segX2 + lo*2)
	if cp < start || cp > end {
		return 0, false
	}
	delta := r.u16(16 + 2*segX2 + lo*2)
	roOff := 16 + 3*segX2 + lo*2
	ro := r.u16(roOff)
	if ro == 0 {
		return uint16(cp + delta), true
	}
	g := r.u16(roOff + ro + 2*(cp-start))
	if g == 0 {
		return 0, true
	}
	return uint16(g + delta), true
}

func cmap12(t []byte, cp uint32) uint16 {
	r := rd{t}
	n := int(r.u32(12))
	if n < 0 || 16+n*12 > len(t) {
		n = (len(t) - 16) / 12
	}
	lo, hi := 0, n
	for lo < hi {
		m := (lo + hi) / 2
		e := 16 + m*12
		if r.u32(e+4) < cp {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo >= n {
		return 0
	}
	e := 16 + lo*12
	s := r.u32(e)
	if cp < s {
		return 0
	}
	return uint16(r.u32(e+8) + cp - s)
}

// ---- Feat, Sill ----

func maskOver(v uint32) uint32 {
	v |= v >> 1
	v |= v >> 2
	v |= v >> 4
	v |= v >> 8
	v |= v >> 16
	return v
}

func (f *Face) readFeats(t []byte) error {
	if t == nil {
		return nil
	}
	r := rd{t}
	if len(t) < 12 {
		return tableErr("Feat", 0, "too short")
	}
	ver := r.u32(0)
	n := r.u16(4)
	if n == 0 {
		return nil
	}
	size := 12
	if ver >= 0x00020000 {
		size = 16
	}
	if ver < 0x00010000 || 12+n*size > len(t) {
		return tableErr("Feat", 0, "bad header")
	}
	f.feats = make([]featRef, n)
	p := 12
	for i := 0; i < n; i++ {
		fr := &f.feats[i]
		if ver < 0x00020000 {
			fr.id = uint32(r.u16(p))
			p += 2
		} else {
			fr.id = r.u32(p)
			p += 4
		}
		ns := r.u16(p)
		p += 2
		if ver >= 0x00020000 {
			p += 2
		}
		so := int(r.u32(p))
		p += 4
		fr.flags = uint16(r.u16(p))
		fr.nameID = uint16(r.u16(p + 2))
		p += 4
		if so > len(t) || so+ns*4 > len(t) {
			return tableErr("Feat", so, "settings past end")
		}
		if ns != 0 {
			fr.settings = make([]featSetting, ns)
			var mx uint32
			for j := 0; j < ns; j++ {
				v := int16(r.u16(so + j*4))
				fr.settings[j] = featSetting{v, uint16(r.u16(so + j*4 + 2))}
				if uint32(uint16(v)) > mx {
					mx = uint32(uint16(v))
				}
			}
			fr.maxVal = mx
			fr.def = uint32(uint16(fr.settings[0].value))
		} else {
			fr.maxVal = 0xffffffff
		}
		fr.mask = maskOver(fr.maxVal)
	}
	f.defFeats = make([]uint32, n)
	for i := range f.feats {
		f.applyFeat(i, f.feats[i].def, f.defFeats)
	}
	return nil
}

// applyFeat is FeatureRef::applyValToFeature: values above the maximum are ignored.
func (f *Face) applyFeat(i int, v uint32, dst []uint32) bool {
	if i < 0 || i >= len(f.feats) || v > f.feats[i].maxVal {
		return false
	}
	dst[i] = v & f.feats[i].mask
	return true
}

func (f *Face) findFeat(id uint32) int {
	for i := range f.feats {
		if f.feats[i].id == id {
			return i
		}
	}
	return -1
}

func (f *Face) readSill(t []byte) error {
	if t == nil {
		return nil
	}
	r := rd{t}
	if len(t) < 12 || r.u32(0) != 0x00010000 {
		return tableErr("Sill", 0, "bad header")
	}
	n := r.u16(4)
	if len(f.feats) == 0 {
		return nil
	}
	if len(t) < n*8+12 {
		return tableErr("Sill", 12, "too short")
	}
	for i := 0; i < n; i++ {
		e := 12 + i*8
		lang := r.u32(e)
		ns, off := r.u16(e+4), r.u16(e+6)
		if off+8*ns > len(t) && ns > 0 {
			return tableErr("Sill", off, "settings past end")
		}
		vals := append([]uint32(nil), f.defFeats...)
		for j := 0; j < ns; j++ {
			p := off + j*8
			if k := f.findFeat(r.u32(p)); k >= 0 {
				f.applyFeat(k, uint32(r.u16(p+4)), vals)
			}
		}
		if k := f.findFeat(1); k >= 0 {
			f.applyFeat(k, lang, vals)
		}
		f.langs = append(f.langs, langFeats{lang, vals})
	}
	return nil
}

// ---- table compression (lz4) ----

func decompress(tag string, t []byte, version uint32) ([]byte, error) {
	r := rd{t}
	if len(t) < 4 || r.u32(0) < version {
		return t, nil
	}
	if len(t) < 20 {
		return nil, tableErr(tag, 0, "too short")
	}
	hdr := r.u32(4)
	switch hdr >> 27 {
	case 0:
		return t, nil
	case 1:
		size := int(hdr & 0x07ffffff)
		if size < 4 || size > 64<<20 {
			return nil, tableErr(tag, 4, "bad uncompressed size")
		}
		out, err := lz4Block(t[8:], size)
		if err != nil || len(out) != size || (rd{out}).u32(0) != r.u32(0) {
			return nil, tableErr(tag, 8, "lz4 decompression failed")
		}
		return out, nil
	}
	return nil, fmt.Errorf("%w: %s scheme %d", ErrCompression, tag, hdr>>27)
}

func lz4Block(src []byte, size int) ([]byte, error) {
	dst := make([]byte, 0, size)
	i := 0
	for i < len(src) {
		tok := int(src[i])
		i++
		lit := tok >> 4
		if lit == 15 {
			for i < len(src) {
				b := int(src[i])
				i++
				lit += b
				if b != 255 {
					break
				}
			}
		}
		if i+lit > len(src) || len(dst)+lit > size {
			return nil, errors.New("lz4: literal past end")
		}
		dst = append(dst, src[i:i+lit]...)
		i += lit
		if i >= len(src) {
			break
		}
		if i+2 > len(src) {
			return nil, errors.New("lz4: truncated offset")
		}
		off := int(src[i]) | int(src[i+1])<<8
		i += 2
		ml := tok & 15
		if ml == 15 {
			for i < len(src) {
				b := int(src[i])
				i++
				ml += b
				if b != 255 {
					break
				}
			}
		}
		ml += 4
		if off == 0 || off > len(dst) || len(dst)+ml > size {
			return nil, errors.New("lz4: bad match")
		}
		for k := 0; k < ml; k++ {
			dst = append(dst, dst[len(dst)-off])
		}
	}
	return dst, nil
}
