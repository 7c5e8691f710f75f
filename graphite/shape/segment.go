package shape

// pt is graphite2's Position: two float32s. Arithmetic on it rounds every
// product to float32 before it is used (no fused multiply-add).
type pt struct{ x, y float32 }

// add is a + b.
func (a pt) add(b pt) pt { return pt{a.x + b.x, a.y + b.y} }

// sub is a - b.
func (a pt) sub(b pt) pt { return pt{a.x - b.x, a.y - b.y} }

// scale is a * s, each coordinate rounded to float32.
func (a pt) scale(s float32) pt {
	return pt{float32(a.x * s), float32(a.y * s)}
}

// Slot flags.
const (
	slotDeleted    = 1
	slotInserted   = 2
	slotCopied     = 4
	slotPositioned = 8
)

// Slot attribute numbers (gr_attrCode).
const (
	slatAdvX       = 0
	slatAdvY       = 1
	slatAttTo      = 2
	slatAttX       = 3
	slatAttY       = 4
	slatAttXOff    = 6
	slatAttYOff    = 7
	slatAttWithX   = 8
	slatAttWithY   = 9
	slatWithXOff   = 11
	slatWithYOff   = 12
	slatAttLevel   = 13
	slatBreak      = 14
	slatCompRef    = 15
	slatDir        = 16
	slatInsert     = 17
	slatPosX       = 18
	slatPosY       = 19
	slatShiftX     = 20
	slatShiftY     = 21
	slatUserDefnV1 = 22
	slatMeasureSol = 23
	slatMeasureEol = 24
	slatJStretch   = 25
	slatJWidth     = 29
	slatSegSplit   = 54
	slatUserDefn   = 55
	slatBidiLevel  = 56
	slatColFlags   = 57
	slatColLimBlx  = 58
	slatColLimBly  = 59
	slatColLimTrx  = 60
	slatColLimTry  = 61
	slatColShiftX  = 62
	slatColShiftY  = 63
	slatColMargin  = 64
	slatColMargWt  = 65
	slatColExclG   = 66
	slatColExclOx  = 67
	slatColExclOy  = 68
	slatSeqClass   = 69
	slatSeqProx    = 70
	slatSeqOrder   = 71
	slatSeqAboveXo = 72
	slatSeqAboveWt = 73
	slatSeqBelowXl = 74
	slatSeqBelowWt = 75
	slatSeqValHt   = 76
	slatSeqValWt   = 77
)

type slot struct {
	next, prev       *slot
	glyph, realGlyph uint16
	original         int32
	before, after    int32
	index            int32
	parent           *slot
	child            *slot
	sibling          *slot
	pos              pt
	shift            pt
	advance          pt
	attach           pt
	with             pt
	just             float32
	flags            uint8
	attLevel         uint8
	bidiCls          int8
	bidiLevel        uint8
	user             []int16
	justs            []int16 // nil until a justification attribute is set
	justBuf          []int16 // storage for justs, kept across segments
	inUse            bool    // handed out by the Shaper's pool
}

// reset clears the slot for reuse, keeping its user and justification
// buffers (Slot's constructor).
func (s *slot) reset() {
	u, jb := s.user, s.justBuf
	*s = slot{} // (cheaper than a composite literal, which goes through a temporary)
	s.bidiCls = -1
	s.user, s.justBuf = u, jb
	// inUse is cleared too: allocSlot sets it after reset
	clear(u)
}

// serial is the slot's name in a trace. Like graphite2's generation count,
// which graphite2 keeps in the slot's user attributes after the Silf's
// own, it lives in two int16s after the user attributes (s.user's capacity
// beyond its length), where reset, copies and attribute stores leave it.
func (s *slot) serial() uint32 {
	u := s.user[len(s.user):cap(s.user)]
	if len(u) < 2 {
		return 0
	}
	return uint32(uint16(u[0]))<<16 | uint32(uint16(u[1]))
}

// setSerial names the slot n.
func (s *slot) setSerial(n uint32) {
	u := s.user[len(s.user):cap(s.user)]
	if len(u) >= 2 {
		u[0], u[1] = int16(n>>16), int16(n)
	}
}

// glyphID is Slot::glyph(): the real glyph of a pseudo glyph.
func (s *slot) glyphID() uint16 {
	if s.realGlyph != 0 {
		return s.realGlyph
	}
	return s.glyph
}

// isBase is Slot::isBase: the slot is attached to no parent.
func (s *slot) isBase() bool { return s.parent == nil }

// isDeleted is Slot::isDeleted.
func (s *slot) isDeleted() bool { return s.flags&slotDeleted != 0 }

// isCopied is Slot::isCopied.
func (s *slot) isCopied() bool { return s.flags&slotCopied != 0 }

// isInsertBefore is Slot::isInsertBefore.
func (s *slot) isInsertBefore() bool { return s.flags&slotInserted == 0 }

// markDeleted is Slot::markDeleted.
func (s *slot) markDeleted(v bool) { s.setFlag(slotDeleted, v) }

// markCopied is Slot::markCopied.
func (s *slot) markCopied(v bool) { s.setFlag(slotCopied, v) }

// markInsertBefore is Slot::markInsertBefore.
func (s *slot) markInsertBefore(v bool) { s.setFlag(slotInserted, !v) }

// setFlag sets (v) or clears flag f.
func (s *slot) setFlag(f uint8, v bool) {
	if v {
		s.flags |= f
	} else {
		s.flags &^= f
	}
}

// addChild is Slot::child: attaches ap as s's last child; false when it
// would make a loop.
func (s *slot) addChild(ap *slot) bool {
	if s == ap {
		return false
	} else if ap == s.child {
		return true
	} else if s.child == nil {
		s.child = ap
	} else {
		return s.child.addSibling(ap)
	}
	return true
}

// addSibling is Slot::sibling: attaches ap as s's last sibling; false
// when it would make a loop.
func (s *slot) addSibling(ap *slot) bool {
	for depth := 0; ; depth++ {
		if s == ap || depth > 1000 {
			return false
		} else if ap == s.sibling {
			return true
		} else if s.sibling == nil || ap == nil {
			s.sibling = ap
			return true
		}
		s = s.sibling
	}
}

// removeChild is Slot::removeChild: detaches ap from s's children;
// false when it is not one.
func (s *slot) removeChild(ap *slot) bool {
	if s == ap || s.child == nil || ap == nil {
		return false
	}
	if ap == s.child {
		ns := s.child.sibling
		s.child.sibling = nil
		s.child = ns
		return true
	}
	for p, n := s.child, 0; p != nil && n < 1000; p, n = p.sibling, n+1 {
		if p.sibling != nil && p.sibling == ap {
			p.sibling = p.sibling.sibling
			ap.sibling = nil
			return true
		}
	}
	return false
}

// isChildOf is Slot::isChildOf: base is an ancestor of s.
func (s *slot) isChildOf(base *slot) bool {
	for p, n := s.parent, 0; p != nil && n < 1000; p, n = p.parent, n+1 {
		if p == base {
			return true
		}
	}
	return false
}

// floodShift is Slot::floodShift: moves s, its siblings and their
// children by adj (depth bounds the recursion).
func (s *slot) floodShift(adj pt, depth int) {
	for ; s != nil; s = s.sibling {
		if depth > 100 {
			return
		}
		s.pos = s.pos.add(adj)
		if s.child != nil {
			s.child.floodShift(adj, depth+1)
		}
		depth++
	}
}

type charInfo struct {
	char   rune
	before int32
	after  int32
	base   int32
	fid    uint8
	brk    int8
	flags  uint8
}

type slotCollision struct {
	limit                                rect
	shift, offset, exclOffset            pt
	margin, marginWt, flags, exclGlyph   uint16
	seqClass, seqProxClass, seqOrder     uint16
	seqAboveXoff                         int16
	seqAboveWt                           uint16
	seqBelowXlim                         int16
	seqBelowWt, seqValignHt, seqValignWt uint16
}

// Collision flags.
const (
	collFix      = 1
	collIgnore   = 2
	collStart    = 4
	collEnd      = 8
	collKern     = 16
	collIsCol    = 32
	collKnown    = 64
	collIsSpace  = 128
	collTempLock = 256
)

// ignore is SlotCollision's ignore(): the slot takes no part in
// collision avoidance (COLL_IGNORE or COLL_ISSPACE).
func (c *slotCollision) ignore() bool { return c.flags&collIgnore != 0 || c.flags&collIsSpace != 0 }

// segment is graphite2's Segment.
type segment struct {
	face       *Font
	silf       *silf
	sh         *Shaper
	first      *slot
	last       *slot
	numGlyphs  int
	chars      []charInfo
	feats      []uint32
	dir        int8
	flags      uint8
	passBits   uint8
	advance    pt
	collisions []slotCollision
	hasJusts   bool
	failed     bool
}

const (
	segInitCollisions = 1
	segHasCollisions  = 2
)

// currdir is Segment::currdir: the current pass's direction is right to
// left.
func (g *segment) currdir() bool { return ((g.dir>>6)^g.dir)&1 != 0 }

// newSlot is Segment::newSlot: a fresh slot from the Shaper's pool; nil
// when the segment has grown past graphite2's limit.
func (g *segment) newSlot() *slot {
	if g.numGlyphs > len(g.chars)*maxSegGrowth {
		return nil
	}
	return g.sh.allocSlot()
}

// freeSlot is Segment::freeSlot: unlinks s from the segment ends and its
// attachment tree and returns it to the pool.
func (g *segment) freeSlot(s *slot) {
	if s == nil {
		return
	}
	if g.last == s {
		g.last = s.prev
	}
	if g.first == s {
		g.first = s.next
	}
	if s.parent != nil {
		s.parent.removeChild(s)
	}
	for n := 0; s.child != nil && n < 1000; n++ {
		if s.child.parent == s {
			c := s.child
			c.parent = nil
			s.removeChild(c)
		} else {
			s.child = nil
		}
	}
	g.sh.releaseSlot(s)
	if g.sh.tr != nil {
		g.sh.renameFreed(s)
	}
}

// glyphAttr is Segment::glyphAttr: glyph attribute a of gid.
func (g *segment) glyphAttr(gid uint16, a int) int16 { return g.face.glyphAttr(int(gid), a) }

// charinfo is Segment::charinfo: character i's info, nil out of range.
func (g *segment) charinfo(i int32) *charInfo {
	if i < 0 || int(i) >= len(g.chars) {
		return nil
	}
	return &g.chars[i]
}

// collisionInfo is Segment::collisionInfo: s's collision data, nil when
// the segment has none.
func (g *segment) collisionInfo(s *slot) *slotCollision {
	if g.collisions == nil || s.index < 0 || int(s.index) >= len(g.collisions) {
		return nil
	}
	return &g.collisions[s.index]
}

// setGlyph is Slot::setGlyph.
func (g *segment) setGlyph(s *slot, gid uint16) {
	s.glyph = gid
	s.bidiCls = -1
	gi := g.face.ginfo
	if int(gid) >= len(gi) {
		s.realGlyph = 0
		s.advance = pt{}
		return
	}
	in := &gi[gid]
	s.realGlyph = in.real
	s.advance = pt{in.adv, 0}
	if g.silf.aPassBits != 0 {
		g.passBits &= in.passBits
		if g.silf.numPasses > 16 {
			// graphite2 merges the second word shifted by 16 into its 8-bit
			// pass mask, which clears it: every pass runs
			g.passBits = 0
		}
	}
}

// bidiClass is Segment::getSlotBidiClass: s's bidi class, read from its
// glyph's attribute once and cached.
func (g *segment) bidiClass(s *slot) int8 {
	if s.bidiCls != -1 {
		return s.bidiCls
	}
	var c int8
	if gi := g.face.ginfo; int(s.glyph) < len(gi) {
		c = gi[s.glyph].bidi
	}
	s.bidiCls = c
	return c
}

// reverseSlots is Segment::reverseSlots: diacritics (bidi class 16) stay after their base.
func (g *segment) reverseSlots() {
	g.dir ^= 64
	if g.first == g.last {
		return
	}
	var t, out *slot
	curr := g.first
	for curr != nil && g.bidiClass(curr) == 16 {
		curr = curr.next
	}
	if curr == nil {
		return
	}
	tfirst := curr.prev
	tlast := curr
	for curr != nil {
		if g.bidiClass(curr) == 16 {
			d := curr.next
			for d != nil && g.bidiClass(d) == 16 {
				d = d.next
			}
			if d != nil {
				d = d.prev
			} else {
				d = g.last
			}
			p := out.next
			if p != nil {
				p.prev = d
			} else {
				tlast = d
			}
			t = d.next
			d.next = p
			curr.prev = out
			out.next = curr
		} else {
			if out != nil {
				out.prev = curr
			}
			t = curr.next
			curr.next = out
			out = curr
		}
		curr = t
	}
	out.prev = tfirst
	if tfirst != nil {
		tfirst.next = out
	} else {
		g.first = out
	}
	g.last = tlast
}

// doMirror is Segment::doMirror: replaces each glyph by its mirror glyph
// (glyph attribute aMirror), unless direction bit 4 is set and attribute
// aMirror+1 is non-zero; called for right-to-left segments.
func (g *segment) doMirror(aMirror int) {
	for s := g.first; s != nil; s = s.next {
		m := uint16(g.glyphAttr(s.glyph, aMirror))
		if m != 0 && (g.dir&4 == 0 || g.glyphAttr(s.glyph, aMirror+1) == 0) {
			g.setGlyph(s, m)
		}
	}
}

// finalise is Slot::finalise, with the font scale given (0 for design units).
// bbox, when not nil, is widened by the glyphs' boxes (nobody reads
// Segment::positionSlots' box: it passes nil).
func (g *segment) finaliseSlot(s *slot, scale float32, hasFont bool, base pt, bbox *rect, attrLevel uint8,
	clusterMin *float32, rtl, isFinal bool, depth int) pt {
	if depth > 100 || (attrLevel != 0 && s.attLevel > attrLevel) {
		return pt{}
	}
	if !hasFont {
		scale = 1
	}
	sgn := float32(1)
	if rtl {
		sgn = -1
	}
	shift := pt{float32(s.shift.x*sgn) + s.just, s.shift.y}
	tAdvance := s.advance.x + s.just
	if isFinal {
		if c := g.collisionInfo(s); c != nil {
			if c.flags&collKern == 0 || rtl {
				shift = shift.add(c.offset)
			}
		}
	}
	gl := s.glyphID()
	inRange := int(gl) < g.face.numGlyphs
	if hasFont {
		shift = shift.scale(scale)
		tAdvance = float32(tAdvance * scale)
	}
	var res pt
	s.pos = base.add(shift)
	if s.parent == nil {
		res = base.add(pt{tAdvance, float32(s.advance.y * scale)})
		*clusterMin = s.pos.x
	} else {
		s.pos = s.pos.add(s.attach.sub(s.with).scale(scale))
		var tAdv float32
		if s.advance.x >= 0.5 {
			tAdv = s.pos.x + tAdvance - shift.x
		}
		res = pt{tAdv, 0}
		if (s.advance.x >= 0.5 || s.pos.x < 0) && s.pos.x < *clusterMin {
			*clusterMin = s.pos.x
		}
	}
	if inRange && bbox != nil {
		bb := g.face.bbox[gl]
		ob := rect{float32(bb.blx*scale) + s.pos.x, float32(bb.bly*scale) + s.pos.y,
			float32(bb.trx*scale) + s.pos.x, float32(bb.try*scale) + s.pos.y}
		*bbox = widen(*bbox, ob)
	}
	if s.child != nil && s.child != s && s.child.parent == s {
		tRes := g.finaliseSlot(s.child, scale, hasFont, s.pos, bbox, attrLevel, clusterMin, rtl, isFinal, depth+1)
		if (s.parent == nil || s.advance.x >= 0.5) && tRes.x > res.x {
			res = tRes
		}
	}
	if s.parent != nil && s.sibling != nil && s.sibling != s && s.sibling.parent == s.parent {
		tRes := g.finaliseSlot(s.sibling, scale, hasFont, base, bbox, attrLevel, clusterMin, rtl, isFinal, depth+1)
		if tRes.x > res.x {
			res = tRes
		}
	}
	if s.parent == nil && *clusterMin < base.x {
		adj := pt{s.pos.x - *clusterMin, 0}
		res = res.add(adj)
		s.pos = s.pos.add(adj)
		if s.child != nil {
			s.child.floodShift(adj, 0)
		}
	}
	return res
}

// widen is Rect::widen: the smallest rectangle holding a and b.
func widen(a, b rect) rect {
	return rect{min32(a.blx, b.blx), min32(a.bly, b.bly), max32(a.trx, b.trx), max32(a.try, b.try)}
}

// min32 is the smaller of a and b (std::min on floats).
func min32(a, b float32) float32 {
	if a < b {
		return a
	}
	return b
}

// max32 is the larger of a and b (std::max on floats).
func max32(a, b float32) float32 {
	if a > b {
		return a
	}
	return b
}

// positionSlots is Segment::positionSlots.
func (g *segment) positionSlots(scale float32, hasFont bool, iStart, iEnd *slot, isRtl, isFinal bool) pt {
	var currpos pt
	var clusterMin float32
	reorder := g.currdir() != isRtl
	if reorder {
		g.reverseSlots()
		iStart, iEnd = iEnd, iStart
	}
	if iStart == nil {
		iStart = g.first
	}
	if iEnd == nil {
		iEnd = g.last
	}
	if iStart == nil || iEnd == nil {
		return currpos
	}
	if isRtl {
		end := iStart.prev
		for s := iEnd; s != nil && s != end; s = s.prev {
			if s.isBase() {
				clusterMin = currpos.x
				currpos = g.finaliseSlot(s, scale, hasFont, currpos, nil, 0, &clusterMin, isRtl, isFinal, 0)
			}
		}
	} else {
		end := iEnd.next
		for s := iStart; s != nil && s != end; s = s.next {
			if s.isBase() {
				clusterMin = currpos.x
				currpos = g.finaliseSlot(s, scale, hasFont, currpos, nil, 0, &clusterMin, isRtl, isFinal, 0)
			}
		}
	}
	if reorder {
		g.reverseSlots()
	}
	return currpos
}

// clusterMetric is Slot::clusterMetric.
func (g *segment) clusterMetric(s *slot, metric int, attrLevel uint8, rtl bool) int32 {
	if int(s.glyphID()) >= g.face.numGlyphs {
		return 0
	}
	bbox := g.face.glyphBBox(int(s.glyphID()))
	var clusterMin float32
	res := g.finaliseSlot(s, 1, false, pt{}, &bbox, attrLevel, &clusterMin, rtl, false, 0)
	switch metric {
	case metLsb, metBbLeft:
		return int32(bbox.blx)
	case metRsb:
		return int32(res.x - bbox.trx)
	case metBbTop:
		return int32(bbox.try)
	case metBbBottom:
		return int32(bbox.bly)
	case metBbRight:
		return int32(bbox.trx)
	case metBbWidth:
		return int32(bbox.trx - bbox.blx)
	case metBbHeight:
		return int32(bbox.try - bbox.bly)
	case metAdvWidth:
		return int32(res.x)
	case metAdvHeight:
		return int32(res.y)
	}
	return 0
}

// glyphMetric is Segment::getGlyphMetric: metric of s's glyph, or of its
// cluster at attachment level attrLevel.
func (g *segment) glyphMetric(s *slot, metric int, attrLevel uint8, rtl bool) int32 {
	if attrLevel > 0 {
		r := s
		for n := 0; r.parent != nil && n < 1000; n++ {
			r = r.parent
		}
		return g.clusterMetric(r, metric, attrLevel, rtl)
	}
	return g.face.glyphMetric(int(s.glyph), metric)
}

// linkClusters is Segment::linkClusters: chains the cluster bases from s
// to end as siblings (in reverse order when right to left).
func (g *segment) linkClusters(s, end *slot) {
	end = end.next
	for s != end && !s.isBase() {
		s = s.next
	}
	ls := s
	if g.dir&1 != 0 {
		for ; s != end; s = s.next {
			if !s.isBase() {
				continue
			}
			s.addSibling(ls)
			ls = s
		}
	} else {
		for ; s != end; s = s.next {
			if !s.isBase() {
				continue
			}
			ls.addSibling(s)
			ls = s
		}
	}
}

// associateChars is Segment::associateChars.
func (g *segment) associateChars(offset, numChars int) {
	for i := offset; i < offset+numChars; i++ {
		g.chars[i].before = -1
		g.chars[i].after = -1
	}
	i := int32(0)
	for s := g.first; s != nil; s = s.next {
		j := s.before
		if j >= 0 {
			for ; j <= s.after; j++ {
				c := g.charinfo(j)
				if c == nil {
					break
				}
				if c.before == -1 || i < c.before {
					c.before = i
				}
				if c.after < i {
					c.after = i
				}
			}
		}
		s.index = i
		i++
	}
	for s := g.first; s != nil; s = s.next {
		var a int32
		for a = s.after + 1; a < int32(offset+numChars) && g.chars[a].after < 0; a++ {
			g.chars[a].after = s.index
		}
		a--
		s.after = a
		for a = s.before - 1; a >= int32(offset) && a < int32(len(g.chars)) && g.chars[a].before < 0; a-- {
			g.chars[a].before = s.index
		}
		a++
		s.before = a
	}
}

// initCollisions is Segment::initCollisions: fresh collision data for
// every slot from its glyph; false when a slot's index is outside the
// segment's glyph count.
func (g *segment) initCollisions() bool {
	n := g.numGlyphs
	if cap(g.sh.collBuf) < n {
		g.sh.collBuf = make([]slotCollision, n)
	}
	g.collisions = g.sh.collBuf[:n]
	clear(g.collisions)
	for p := g.first; p != nil; p = p.next {
		if p.index < 0 || int(p.index) >= n {
			return false
		}
		g.collisionFromGlyph(&g.collisions[p.index], p.glyph)
	}
	return true
}
