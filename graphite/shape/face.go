package shape

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"

	"fontvm/graphite"
)

// Sentinel errors. Load's errors wrap ErrFont and the graphite.Load
// refusal (graphite.ErrRefused, with an *graphite.Error saying where and
// why): a font without a Silf table, or with a table compression graphite2
// does not know, is refused there. ErrNoGraphite and ErrCompression are
// kept for compatibility; Load does not return them.
var (
	ErrFont        = errors.New("graphite/shape: bad font")       // graphite2 would refuse the font
	ErrNoGraphite  = errors.New("graphite/shape: no Silf table")  // not returned (see above)
	ErrSegment     = errors.New("graphite/shape: segment failed") // graphite2 returns no segment
	ErrCompression = errors.New("graphite/shape: unsupported table compression")
)

// Limits.
const (
	maxSegGrowth = 64                // MAX_SEG_GROWTH_FACTOR: slots per character at most
	stackMax     = 1024              // Machine::STACK_MAX
	maxSlots     = 64                // SlotMap::MAX_SLOTS
	maxRules     = graphite.MaxRules // FiniteStateMachine::MAX_RULES
)

// rd reads big-endian values with bounds checks (0 past the end); the name
// table reader (feature labels, gr2log.go) uses it.
type rd struct {
	b []byte
}

// u8 is the byte at o, 0 outside the data.
func (r rd) u8(o int) int {
	if o < 0 || o >= len(r.b) {
		return 0
	}
	return int(r.b[o])
}

// u16 is the big-endian 16-bit value at o, 0 outside the data.
func (r rd) u16(o int) int {
	if o < 0 || o+2 > len(r.b) {
		return 0
	}
	return int(binary.BigEndian.Uint16(r.b[o:]))
}

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

// Font is a loaded Graphite font. It is read-only after Load and may be
// shared by many Shapers.
type Font struct {
	upem        int
	numGlyphs   int // max(graphics, attribute) glyphs
	numAttrs    int
	attrs       []int16 // numGlyphs*numAttrs, dense, when the data is dense enough
	akeys       []uint16
	avals       []int16
	aoff        []int32 // per glyph start in akeys/avals (sparse form), numGlyphs+1
	adv         []float32
	bbox        []rect
	hasBoxes    bool
	boxesLoaded bool // graphite2 keeps octaboxes only when some glyph has sub-boxes and all read
	totalSubs   int
	boxFail     bool
	boxes       []octabox
	cmapBlocks  [0x1100][]uint16 // graphite2's CachedCmap: 256 code points a block
	feats       []featRef
	defFeats    []uint32
	langs       []langFeats
	names       []byte
	silf        *silf
	ginfo       []glyphInfo      // per glyph, what setting a slot's glyph reads (numGlyphs entries)
	src         *graphite.Tables // the loaded tables this runtime form is built from
}

// glyphInfo is what Slot::setGlyph and the segment's set-up read of a glyph,
// taken from its attributes and metrics once at load.
type glyphInfo struct {
	adv      float32 // advance of the glyph, or of its real glyph when it is a pseudo glyph
	real     uint16  // the real glyph of a pseudo glyph (Slot's realGlyph), else 0
	passBits uint8   // the pass-bits attribute, as graphite2's 8-bit pass mask takes it
	brk      int8    // the break weight attribute (charInfo's break)
	bidi     int8    // the bidi class attribute
}

// buildGlyphInfo fills f.ginfo from the glyph attributes and advances, as
// setGlyph computed them per slot.
func (f *Font) buildGlyphInfo() {
	s := f.silf
	f.ginfo = make([]glyphInfo, f.numGlyphs)
	for g := range f.ginfo {
		rg := uint16(f.glyphAttr(g, s.aPseudo))
		if int(rg) > f.numGlyphs {
			rg = 0
		}
		ag := g
		if rg != 0 && int(rg) < f.numGlyphs {
			ag = int(rg)
		}
		f.ginfo[g] = glyphInfo{adv: f.adv[ag], real: rg, passBits: uint8(f.glyphAttr(g, s.aPassBits)),
			brk: int8(f.glyphAttr(g, s.aBreak)), bidi: int8(f.glyphAttr(g, s.aBidi))}
	}
}

// Load loads a Graphite font.
//
// The font is loaded by graphite.Load, the project's model of graphite2's
// face loading (gr_make_file_face with gr_face_preloadAll): whether it loads
// at all, and every table value the engine uses, come from the graphite.Tables
// (a refusal wraps graphite.ErrRefused). Load then builds the engine's
// runtime form of that face: dense glyph attributes, float32 metrics and
// octaboxes, the cmap cache, feature values per language, and the first
// Silf subtable's classes, passes and decoded rule code.
func Load(data []byte) (*Font, error) {
	gf, err := graphite.Load(data)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrFont, err)
	}
	f := &Font{src: gf}
	f.buildGlyphs(gf)
	gf.CmapEach(f.cacheSet)
	f.buildFeats(gf)
	f.names = gf.Table("name")
	if f.silf, err = f.buildSilf(gf); err != nil {
		return nil, err
	}
	f.buildGlyphInfo()
	return f, nil
}

// Scale returns graphite2's font scale for a size of ppm pixels per em
// (gr_make_font: ppm / unitsPerEm, in float32), for Options.Scale.
func (f *Font) Scale(ppm float32) float32 { return ppm / float32(f.upem) }

// UnitsPerEm returns the font's design units per em.
func (f *Font) UnitsPerEm() int { return f.upem }

// NumGlyphs returns the number of glyphs graphite2 knows.
func (f *Font) NumGlyphs() int { return f.numGlyphs }

// buildGlyphs takes the glyph metrics, attributes and octaboxes of the
// loaded face.
func (f *Font) buildGlyphs(gf *graphite.Tables) {
	f.upem = gf.UnitsPerEm
	f.numGlyphs = gf.NumGlyphs
	f.numAttrs = gf.NumAttrs
	f.hasBoxes = gf.HasBoxes
	f.adv = make([]float32, f.numGlyphs)
	f.bbox = make([]rect, f.numGlyphs)
	f.aoff = make([]int32, f.numGlyphs+1)
	if f.hasBoxes {
		f.boxes = make([]octabox, f.numGlyphs)
	}
	var buf []graphite.Attr
	for g := 0; g < f.numGlyphs; g++ {
		if g < len(gf.Glyphs) {
			gl := &gf.Glyphs[g]
			f.adv[g] = float32(gl.Advance)
			f.bbox[g] = rect{float32(gl.BBox[0]), float32(gl.BBox[1]), float32(gl.BBox[2]), float32(gl.BBox[3])}
			if f.hasBoxes {
				f.buildBox(g, gl.Box)
			}
		} else if f.hasBoxes {
			f.boxFail = true
		}
		buf = gf.AppendGlyphAttrs(buf[:0], g)
		for _, a := range buf {
			if int(a.ID) < f.numAttrs {
				f.akeys = append(f.akeys, a.ID)
				f.avals = append(f.avals, int16(a.Value))
			}
		}
		f.aoff[g+1] = int32(len(f.akeys))
	}
	f.packAttrs()
	// graphite2 keeps the octaboxes only when some glyph has sub-boxes and
	// every glyph's boxes were read.
	f.boxesLoaded = f.hasBoxes && f.totalSubs > 0 && !f.boxFail
}

// buildBox scales glyph g's octabox (bytes over its bounding box) to design
// units, as graphite2's read_box does. A glyph without an octabox entry (no
// attributes) or with one graphite2's read_box refused makes the face keep
// no boxes at all.
func (f *Font) buildBox(g int, ob *graphite.OctaBox) {
	if ob == nil {
		f.boxFail = true
		return
	}
	box := &f.boxes[g]
	box.bmap = ob.Bitmap
	f.totalSubs += bits.OnesCount16(ob.Bitmap)
	if !ob.Valid {
		f.boxFail = true // the boxes are never read then
		return
	}
	bb := f.bbox[g]
	diamax := rect{bb.blx + bb.bly, bb.blx - bb.try, bb.trx + bb.try, bb.trx - bb.bly}
	d := ob.Diagonal
	box.dia = readBox(diamax, int(d[0]), int(d[2]), int(d[1]), int(d[3]))
	box.subs = make([]rect, 2*len(ob.Subs))
	for i, sb := range ob.Subs {
		for k, src := range [2]rect{bb, diamax} {
			z := sb[k]
			box.subs[2*i+k] = readBox(src, int(z[0]), int(z[2]), int(z[1]), int(z[3]))
		}
	}
}

// denseBudget is the size (in attributes) up to which a dense attribute
// table is always allowed.
var denseBudget, denseFactor = 1 << 20, 16

// packAttrs keeps glyph attributes as a dense table when that costs at most
// a fixed budget or a small multiple of the attributes the font holds (so a
// hostile numAttrs cannot make it allocate what its data does not prove), and
// sparse (sorted keys per glyph) otherwise.
func (f *Font) packAttrs() {
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

// scaleTo maps an octabox byte t (0..255) into [zmin, zmax], as
// graphite2's GlyphCache Loader does (float32 steps).
func scaleTo(t int, zmin, zmax float32) float32 {
	return zmin + float32(float32(t)*(zmax-zmin))/255
}

// readBox is one octabox sub-box: the byte coordinates scaled into the
// glyph's bounding box b (GlyphCache::Loader::read_box).
func readBox(b rect, zxmin, zymin, zxmax, zymax int) rect {
	return rect{scaleTo(zxmin, b.blx, b.trx), scaleTo(zymin, b.bly, b.try), scaleTo(zxmax, b.blx, b.trx), scaleTo(zymax, b.bly, b.try)}
}

// glyphAttr is graphite2's Segment::glyphAttr: 0 for glyphs out of range.
func (f *Font) glyphAttr(gid, attr int) int16 {
	if gid == int(uint16(gid)) && attr == int(int32(attr)) {
		if v, ok := f.denseAttr(uint16(gid), int32(attr)); ok {
			return v
		}
	}
	return f.glyphAttrSparse(gid, attr)
}

// denseAttr is glyphAttr when the face stores its attributes densely, as
// a function small enough to be inlined (exec reads glyph attributes
// through it without a call); ok is false when they are stored sparsely.
func (f *Font) denseAttr(gid uint16, attr int32) (v int16, ok bool) {
	if f.attrs == nil {
		return 0, false
	}
	if int(gid) >= f.numGlyphs || attr < 0 || int(attr) >= f.numAttrs {
		return 0, true
	}
	return f.attrs[int(gid)*f.numAttrs+int(attr)], true
}

// glyphAttrSparse is glyphAttr when the attributes are stored sparsely (or
// the glyph or attribute is out of range), graphite2's sparse::operator[]
// (sparse.h).
func (f *Font) glyphAttrSparse(gid, attr int) int16 {
	if gid < 0 || gid >= f.numGlyphs || attr < 0 || attr >= f.numAttrs || f.attrs != nil {
		return 0
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
func (f *Font) glyphBBox(gid int) rect {
	if gid >= f.numGlyphs {
		gid = 0
	}
	return f.bbox[gid]
}

// glyphAdv is glyph gid's advance; out-of-range glyphs read glyph 0's.
func (f *Font) glyphAdv(gid int) float32 {
	if gid >= f.numGlyphs {
		gid = 0
	}
	return f.adv[gid]
}

// glyphMetric is Face::getGlyphMetric.
func (f *Font) glyphMetric(gid, metric int) int32 {
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

// cacheSet stores one code point of graphite2's cached cmap
// (graphite.Tables.CmapEach), 256 code points a block.
func (f *Font) cacheSet(cp uint32, g uint16) {
	b := f.cmapBlocks[cp>>8]
	if b == nil {
		b = make([]uint16, 256)
		f.cmapBlocks[cp>>8] = b
	}
	b[cp&0xFF] = g
}

// lookup maps a code point to a glyph (0 when unmapped).
func (f *Font) lookup(cp rune) uint16 {
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

// ---- Feat, Sill ----

// maskOver is the smallest all-ones mask covering v (graphite2's
// FeatureMap::readFeats bit allocation).
func maskOver(v uint32) uint32 {
	v |= v >> 1
	v |= v >> 2
	v |= v >> 4
	v |= v >> 8
	v |= v >> 16
	return v
}

// buildFeats takes the features and their defaults (Feat), and each
// language's feature values (Sill) as graphite2's SillMap builds them.
func (f *Font) buildFeats(gf *graphite.Tables) {
	n := len(gf.Features)
	if n == 0 {
		return
	}
	f.feats = make([]featRef, n)
	for i := range gf.Features {
		gfr := &gf.Features[i]
		fr := &f.feats[i]
		*fr = featRef{id: gfr.ID, maxVal: gfr.Max, mask: maskOver(gfr.Max), nameID: gfr.NameID, flags: gfr.Flags, def: gfr.Default}
		fr.settings = make([]featSetting, len(gfr.Settings))
		for j, st := range gfr.Settings {
			fr.settings[j] = featSetting{st.Value, st.NameID}
		}
	}
	f.defFeats = make([]uint32, n)
	for i := range f.feats {
		f.applyFeat(i, f.feats[i].def, f.defFeats)
	}
	for _, l := range gf.Languages {
		vals := append([]uint32(nil), f.defFeats...)
		for _, st := range l.Settings {
			if k := f.findFeat(st.ID); k >= 0 {
				f.applyFeat(k, uint32(st.Value), vals)
			}
		}
		if k := f.findFeat(1); k >= 0 {
			f.applyFeat(k, l.Tag, vals)
		}
		f.langs = append(f.langs, langFeats{l.Tag, vals})
	}
}

// applyFeat is FeatureRef::applyValToFeature: values above the maximum are ignored.
func (f *Font) applyFeat(i int, v uint32, dst []uint32) bool {
	if i < 0 || i >= len(f.feats) || v > f.feats[i].maxVal {
		return false
	}
	dst[i] = v & f.feats[i].mask
	return true
}

// findFeat is the index of feature id, or -1 (FeatureMap::findFeatureRef).
func (f *Font) findFeat(id uint32) int {
	for i := range f.feats {
		if f.feats[i].id == id {
			return i
		}
	}
	return -1
}
