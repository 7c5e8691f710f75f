package shape

import (
	"fmt"
	"slices"
)

// Feature is one feature setting: its Feat id (a tag such as 'kdot' or a
// number) and value. As with gr_fref_set_feature_value, the value is taken
// as a uint16, and a value above the feature's largest setting is ignored.
type Feature struct {
	ID    uint32
	Value int32
}

// Options control one Shape call.
type Options struct {
	RTL bool // right to left (graphite2's dir bit gr_rtl)
	// NoBidi and NoMirror are graphite2's gr_nobidi and gr_nomirror dir bits.
	// graphite2 1.3.14 mirrors glyphs (the Silf mirror attribute) only when
	// RTL and NoBidi are both set, and then not those whose next attribute is
	// set when NoMirror is; it runs the font's bidi pass regardless.
	NoBidi   bool
	NoMirror bool
	Features []Feature // applied after the language's settings; unknown ids are ignored
	Lang     uint32    // Sill language tag, 0 for the font's defaults
	// Scale multiplies design units, as graphite2's font scale (ppm / unitsPerEm).
	// 0 means design units (no font): positions are then unscaled.
	Scale float32
	// Justify, when > 0, justifies the segment to this width (in output units), as
	// gr_seg_justify with gr_justCompleteLine does.
	Justify float32
	// SpecBitOps executes 0x3E as AND and 0x3F as OR, as the seed document
	// describes them; by default they run as graphite2 runs them (0x3E OR, 0x3F AND).
	SpecBitOps bool
	// KernChildSlices applies graphite2 1.3.15's kerning fix (commit 5c181c31):
	// the attached glyphs of a kerned base widen the slice range. Off by default,
	// as 1.3.14 does not do it; graphite2-tests' awamicmp1 standard is 1.3.15's.
	KernChildSlices bool
}

// Glyph is one output glyph.
type Glyph struct {
	ID       uint16  // glyph id
	X, Y     float32 // origin, in output units
	Advance  float32 // the slot's advance (advance.x scaled)
	Original int     // index of the character that originated the slot
	Before   int     // first character of the slot (graphite2's slot before)
	After    int     // last character of the slot (graphite2's slot after)
	Parent   int     // index of the glyph this one is attached to, or -1
	AttachX  int     // attach.x and attach.y slot attributes
	AttachY  int
	Insert   bool // insertion before this glyph is allowed
	// Cluster is the first character the glyph belongs to (Before, clamped
	// to the text), a cluster index in the go-text sense.
	Cluster int
}

// Char is one input character's association with the output glyphs.
type Char struct {
	Rune   rune
	Before int // first glyph of the character (gr_cinfo_before)
	After  int // last glyph of the character (gr_cinfo_after)
	Base   int // offset in the input text
	Break  int // break weight
}

// Output is a shaped segment. Its slices belong to the Shaper and are
// overwritten by the next Shape call.
type Output struct {
	Glyphs   []Glyph
	Chars    []Char
	AdvanceX float32
	AdvanceY float32
}

// Shaper shapes text with one Font. It reuses its buffers: after warm-up,
// shaping allocates nothing. A Shaper is not safe for concurrent use.
type Shaper struct {
	face       *Font
	opts       Options
	seg        segment
	smap       slotMap
	mach       machine
	rules      fsmRules
	blocks     [][]slot
	userBlocks [][]int16
	free       []*slot
	handed     []*slot // slots taken since the last resetPool
	used       int
	chars      []charInfo
	feats      []uint32
	collBuf    []slotCollision
	out        Output
	ruleBudget int
	failPass   int
	failRule   int
	coll       collider
	tr         *Trace // nil unless tracing (SetTrace)
	serial     uint32 // the last slot name given (slot.serial)
}

// NewShaper returns a Shaper for f.
func NewShaper(f *Font) *Shaper {
	return &Shaper{face: f}
}

const slotBlock = 64

// growPool is Segment::newSlot's block allocation: adds a block of slots
// to the free list, each with its user attributes and its trace name
// (slot.serial) after them.
func (sh *Shaper) growPool() {
	nu := sh.face.silf.aUser
	st := nu + 2
	blk := make([]slot, slotBlock)
	ub := make([]int16, slotBlock*st)
	for i := range blk {
		blk[i].user = ub[i*st : i*st+nu : i*st+st]
		sh.serial++
		blk[i].setSerial(sh.serial)
		sh.free = append(sh.free, &blk[i])
	}
	sh.blocks = append(sh.blocks, blk)
	sh.userBlocks = append(sh.userBlocks, ub)
}

// allocSlot takes a slot from the pool (growing it), reset and marked
// in use (graphite2's SlotBuffer).
func (sh *Shaper) allocSlot() *slot {
	if len(sh.free) == 0 {
		sh.growPool()
	}
	s := sh.free[len(sh.free)-1]
	sh.free = sh.free[:len(sh.free)-1]
	s.reset()
	s.inUse = true
	sh.handed = append(sh.handed, s)
	return s
}

// releaseSlot is Segment::freeSlot: returns s to the pool (once).
func (sh *Shaper) releaseSlot(s *slot) {
	if !s.inUse {
		return
	}
	s.reset()
	sh.free = append(sh.free, s)
}

// resetPool returns the slots the last segment took to the free list.
func (sh *Shaper) resetPool() {
	for _, s := range sh.handed {
		if s.inUse {
			s.inUse = false
			sh.free = append(sh.free, s)
		}
	}
	sh.handed = sh.handed[:0]
}

// featureValues returns the feature values for a language and settings.
func (f *Font) featureValues(dst []uint32, lang uint32, feats []Feature) []uint32 {
	dst = append(dst[:0], f.defFeats...)
	lang = zeropad(lang)
	if lang != 0 {
		for _, l := range f.langs {
			if l.lang == lang {
				dst = append(dst[:0], l.vals...)
				break
			}
		}
	}
	for _, ft := range feats {
		if k := f.findFeat(ft.ID); k >= 0 {
			// gr_fref_set_feature_value takes a uint16
			f.applyFeat(k, uint32(uint16(ft.Value)), dst)
		}
	}
	return dst
}

// zeropad is graphite2's zeropad (FeatureMap.cpp): a tag's trailing spaces
// become zero bytes, as language and feature tags are compared.
func zeropad(x uint32) uint32 {
	switch {
	case x == 0x20202020:
		return 0
	case x&0x00FFFFFF == 0x00202020:
		return x & 0xFF000000
	case x&0x0000FFFF == 0x00002020:
		return x & 0xFFFF0000
	case x&0x000000FF == 0x00000020:
		return x & 0xFFFFFF00
	}
	return x
}

// Shape shapes text. A segment that graphite2 would fail (a rule program's
// stack error, division by zero, slot offsets out of bounds, too many slots)
// returns ErrSegment.
func (sh *Shaper) Shape(text []rune, opts *Options) (*Output, error) {
	if opts == nil {
		opts = &Options{}
	}
	sh.opts = *opts
	f := sh.face
	sh.feats = f.featureValues(sh.feats, opts.Lang, opts.Features)
	seg, err := sh.makeSegment(text, sh.feats, opts.RTL)
	if err != nil {
		return nil, err
	}
	scale := opts.Scale
	hasFont := scale != 0
	if !hasFont {
		scale = 1
	}
	sh.finalise(seg, scale, hasFont)
	adv := seg.advance
	if opts.Justify > 0 {
		w := sh.justify(seg, scale, hasFont, opts.Justify)
		adv.x = w
	}
	sh.fillOutput(seg, scale, hasFont, adv)
	return &sh.out, nil
}

// makeSegment is Segment's constructor with Segment::read_text and
// Segment::prepare_pos: the slots for text with the feature values.
func (sh *Shaper) makeSegment(text []rune, feats []uint32, rtl bool) (*segment, error) {
	f := sh.face
	sh.resetPool()
	if cap(sh.chars) < len(text) {
		sh.chars = make([]charInfo, len(text))
	}
	seg := &sh.seg
	*seg = segment{face: f, silf: f.silf, sh: sh, chars: sh.chars[:len(text)], feats: feats}
	if rtl {
		seg.dir = 1
	}
	if sh.opts.NoBidi {
		seg.dir |= 2
	}
	if sh.opts.NoMirror {
		seg.dir |= 4
	}
	seg.numGlyphs = len(text)
	if f.silf.flags&0x20 != 0 {
		seg.flags = segHasCollisions
	}
	if f.silf.aPassBits != 0 {
		seg.passBits = 0xFF
	}
	sh.ruleBudget = 1000 + len(text)*maxSegGrowth*256
	for i, r := range text {
		c := &seg.chars[i]
		*c = charInfo{char: r, before: -1, after: -1, base: int32(i)}
		gid := f.lookup(r)
		if gid == 0 {
			gid = f.silf.findPseudo(uint32(r))
		}
		if int(gid) < len(f.ginfo) {
			c.brk = f.ginfo[gid].brk
		}
		s := sh.allocSlot()
		seg.setGlyph(s, gid)
		s.original, s.before, s.after = int32(i), int32(i), int32(i)
		if seg.last != nil {
			seg.last.next = s
		}
		s.prev = seg.last
		seg.last = s
		if seg.first == nil {
			seg.first = s
		}
	}
	s := f.silf
	if sh.tr != nil {
		sh.renameSlots(seg)
		sh.tr.segStart()
	}
	if seg.dir&3 == 3 && s.bPass == 0xFF {
		seg.doMirror(s.aMirror)
	}
	ok := sh.runPasses(seg, 0, s.pPass, true)
	if ok {
		seg.associateChars(0, len(seg.chars))
		if s.flags&0x20 != 0 {
			ok = seg.initCollisions()
		}
		if ok {
			ok = sh.runPasses(seg, s.pPass, s.numPasses, false)
		}
	}
	if sh.tr != nil {
		sh.tr.segEnd(seg)
	}
	if !ok {
		return nil, sh.segmentError()
	}
	return seg, nil
}

// finalise is Segment::finalise(font, true).
func (sh *Shaper) finalise(seg *segment, scale float32, hasFont bool) {
	if seg.first == nil || seg.last == nil {
		seg.advance = pt{}
		return
	}
	seg.advance = seg.positionSlots(scale, hasFont, seg.first, seg.last, seg.silf.dir != 0, true)
	if seg.currdir() != (seg.dir&1 != 0) {
		seg.reverseSlots()
	}
	seg.linkClusters(seg.first, seg.last)
}

// fillOutput copies the segment's slots and characters into sh.out
// (gr_seg_first_slot and the gr_slot_* accessors, gr_seg_cinfo).
func (sh *Shaper) fillOutput(seg *segment, scale float32, hasFont bool, adv pt) {
	o := &sh.out
	n := 0
	for s := seg.first; s != nil; s = s.next {
		s.index = int32(n)
		n++
	}
	o.Glyphs = slices.Grow(o.Glyphs[:0], n)[:n]
	last := len(seg.chars) - 1
	k := 0
	for s := seg.first; s != nil && k < n; s = s.next {
		parent := -1
		if s.parent != nil {
			parent = int(s.parent.index)
		}
		a := s.advance.x
		if hasFont {
			a = float32(a * scale)
		}
		o.Glyphs[k] = Glyph{ID: s.glyphID(), X: s.pos.x, Y: s.pos.y, Advance: a,
			Original: int(s.original), Before: int(s.before), After: int(s.after), Parent: parent,
			AttachX: int(s.attach.x), AttachY: int(s.attach.y), Insert: s.isInsertBefore(),
			Cluster: clampInt(int(s.before), 0, last)}
		k++
	}
	o.Chars = slices.Grow(o.Chars[:0], len(seg.chars))[:len(seg.chars)]
	for i := range seg.chars {
		c := &seg.chars[i]
		o.Chars[i] = Char{Rune: c.char, Before: int(c.before), After: int(c.after), Base: int(c.base), Break: int(c.brk)}
	}
	o.AdvanceX, o.AdvanceY = adv.x, adv.y
}

// clampInt is v limited to [lo, hi].
func clampInt(v, lo, hi int) int {
	if v > hi {
		v = hi
	}
	if v < lo {
		v = lo
	}
	return v
}

var statusNames = [...]string{"finished", "stack underflow", "stack not empty", "stack overflow", "slot offset out of bounds", "died early"}

// segmentError is the error for a segment graphite2 would not make,
// naming the pass, rule and machine status.
func (sh *Shaper) segmentError() error {
	st := "too many slots"
	if s := sh.mach.status; s != stFinished && s < len(statusNames) {
		st = statusNames[s]
	}
	if sh.failRule >= 0 {
		return fmt.Errorf("%w: pass %d rule %d: %s", ErrSegment, sh.failPass, sh.failRule, st)
	}
	return fmt.Errorf("%w: pass %d: %s", ErrSegment, sh.failPass, st)
}
