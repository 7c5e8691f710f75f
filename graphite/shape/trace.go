package shape

import (
	"strconv"
)

// A Trace records, while a Shaper holds it (SetTrace), graphite2's own JSON
// segment trace: what gr_start_logging writes in a graphite2 built with
// tracing (GRAPHITE2_NTRACING off), in the form of graphite2's
// doc/Segment JSON Schema.json. Each Shape call appends one segment object
// (its passes with the slots before each pass, the pass constraint, the
// rules considered at each position with their failed flag, input and output
// ranges and the cursor after them, the output slots, the advance and the
// characters) and, when the segment is justified, a justification object
// ("justifies", its passes and output), as gr2fonttest -trace writes them.
//
// graphite2 names slots by their address and a generation count
// ("XXXX-XX-XXXX", "0000-00-0000" for none); a Trace names each slot
// "0000-00-NNNN" by a serial number that is new for every slot the segment
// takes, so two traces compare equal after renumbering ids in order of first
// appearance. Collision avoidance is recorded as graphite2 records it: each
// pass's "collisions" phases (Pass::collisionShift, collisionKern) with
// their moves (ShiftCollider::resolve's four vectors with the zones'
// insertions and removals, ranges and costs, or the "missed" glyphs;
// KernCollider::resolve's slices with their nearest neighbours). A pass
// with kerning collisions but no shifting ones makes graphite2 write
// invalid JSON; there the kerning phase is left out.
//
// Tracing changes no shaping result: like graphite2, a traced segment
// positions its slots before each pass and after each rule to report them,
// which is what graphite2 does with tracing on.
type Trace struct {
	b     []byte
	st    []byte // open containers: '{' or '['
	count []int  // members written in each open container
	key   bool   // a key was just written
	seg   uint32 // serial of the current segment's id
	sup   int    // level of the container being left out, -1 for none
	trunc bool   // MaxTraceBytes was reached
	limit int    // MaxTraceBytes (tests lower it)
}

// MaxTraceBytes bounds a Trace: once it holds this many bytes, list
// elements (slots, rule events, passes) are left out, the JSON stays
// complete, Truncated reports it, and the traced segments stop positioning
// their slots for the trace (which graphite2 does while tracing), so the
// time a hostile font can make tracing take stays bounded.
const MaxTraceBytes = 64 << 20

// NewTrace returns an empty trace: a JSON array, to which each traced
// segment adds its objects.
func NewTrace() *Trace {
	t := &Trace{sup: -1, limit: MaxTraceBytes}
	t.open('[')
	return t
}

// Truncated reports whether the trace reached MaxTraceBytes and left out
// what followed.
func (t *Trace) Truncated() bool { return t.trunc }

// quiet reports whether writes are being left out.
func (t *Trace) quiet() bool { return t.sup >= 0 }

// SetTrace makes sh record every segment it shapes into t (nil stops).
func (sh *Shaper) SetTrace(t *Trace) { sh.tr = t }

// JSON returns the trace so far as a complete JSON array (open objects of a
// segment that is still being shaped are closed in the copy).
func (t *Trace) JSON() []byte {
	c := Trace{b: append([]byte(nil), t.b...), st: append([]byte(nil), t.st...), count: append([]int(nil), t.count...), sup: t.sup}
	for len(c.st) > 0 {
		c.close()
	}
	return c.b
}

// sep writes the separator before a value or key, as json::context does.
func (t *Trace) sep() {
	if t.sup >= 0 {
		return
	}
	if t.key {
		t.key = false
		return
	}
	if n := len(t.count); n > 0 {
		if t.count[n-1] > 0 {
			t.b = append(t.b, ',')
		}
		t.count[n-1]++
	}
}

// open starts an object ('{') or array ('[') (json::object, json::array).
func (t *Trace) open(c byte) {
	if t.sup < 0 && len(t.st) > 0 && t.st[len(t.st)-1] == '[' && len(t.b) >= t.limit {
		// a list element past the bound: left out with all it holds
		t.sup, t.trunc = len(t.st), true
	}
	if t.sup < 0 {
		t.sep()
		t.b = append(t.b, c)
	}
	t.st = append(t.st, c)
	t.count = append(t.count, 0)
}

// close ends the innermost container (json::close).
func (t *Trace) close() {
	n := len(t.st) - 1
	if t.sup < 0 {
		if t.st[n] == '{' {
			t.b = append(t.b, '}')
		} else {
			t.b = append(t.b, ']')
		}
	}
	t.st, t.count = t.st[:n], t.count[:n]
	if t.sup == n {
		t.sup = -1
	}
	t.key = false
}

// item closes containers until the innermost is an array (json::item).
func (t *Trace) item() {
	for len(t.st) > 1 && t.st[len(t.st)-1] != '[' {
		t.close()
	}
}

// k writes an object key.
func (t *Trace) k(name string) {
	if t.sup >= 0 {
		return
	}
	t.sep()
	t.b = strconv.AppendQuote(t.b, name)
	t.b = append(t.b, ':')
	t.key = true
}

// str writes a JSON string value.
func (t *Trace) str(s string) {
	if t.sup >= 0 {
		return
	}
	t.sep()
	t.b = strconv.AppendQuote(t.b, s)
}

// int writes a JSON integer value.
func (t *Trace) int(v int) {
	if t.sup >= 0 {
		return
	}
	t.sep()
	t.b = strconv.AppendInt(t.b, int64(v), 10)
}

// num writes a float as graphite2's json does (printf "%g").
func (t *Trace) num(v float32) {
	if t.sup >= 0 {
		return
	}
	t.sep()
	t.b = strconv.AppendFloat(t.b, float64(v), 'g', 6, 64)
}

// bool writes a JSON true or false.
func (t *Trace) bool(v bool) {
	if t.sup >= 0 {
		return
	}
	t.sep()
	t.b = strconv.AppendBool(t.b, v)
}

// null writes a JSON null.
func (t *Trace) null() {
	if t.sup >= 0 {
		return
	}
	t.sep()
	t.b = append(t.b, "null"...)
}

// kInt writes a member with an integer value.
func (t *Trace) kInt(k string, v int) { t.k(k); t.int(v) }

// kNum writes a member with a float value.
func (t *Trace) kNum(k string, v float32) { t.k(k); t.num(v) }

// kPos writes a member with a Position value.
func (t *Trace) kPos(k string, p pt) { t.k(k); t.pos(p) }

// kStr writes a member with a string value.
func (t *Trace) kStr(k, v string) { t.k(k); t.str(v) }

// kBool writes a member with a boolean value.
func (t *Trace) kBool(k string, v bool) { t.k(k); t.bool(v) }

// kID writes a member naming a slot.
func (t *Trace) kID(k string, s *slot) { t.k(k); t.id(s) }

// kRect writes a member with a Rect value.
func (t *Trace) kRect(k string, r rect) { t.k(k); t.rect(r) }

// pos writes a Position as a flat array.
func (t *Trace) pos(p pt) {
	t.open('[')
	t.num(p.x)
	t.num(p.y)
	t.close()
}

// id writes a slot's name (objectid of a dslot).
func (t *Trace) id(s *slot) {
	if s == nil {
		t.str("0000-00-0000")
		return
	}
	t.str(serialName(s.serial()))
}

// renameSlots gives the segment's slots and the free ones new names, as a
// new graphite2 segment has new slots: names stay distinct across the
// segments of one trace.
func (sh *Shaper) renameSlots(seg *segment) {
	for s, n := seg.first, 0; s != nil && n <= len(seg.chars); s, n = s.next, n+1 {
		sh.serial++
		s.setSerial(sh.serial)
	}
	for _, s := range sh.free {
		sh.serial++
		s.setSerial(sh.serial)
	}
}

// renameFreed gives a slot just freed a new name: graphite2's freeSlot
// counts a generation, so that a freed slot is named as its next use will
// be (untraced, renameSlots names the slots when a traced segment starts).
func (sh *Shaper) renameFreed(s *slot) {
	sh.serial++
	s.setSerial(sh.serial)
}

// serialName formats a serial as graphite2 formats an address.
func serialName(n uint32) string {
	const hex = "0123456789abcdef"
	b := []byte("0000-00-0000")
	for i, p := range [...]int{11, 10, 9, 8, 3, 2, 1, 0} {
		b[p] = hex[(n>>(4*uint(i)))&15]
	}
	return string(b)
}

// slot writes a slot as graphite2's operator<<(json&, dslot) does.
func (t *Trace) slot(g *segment, s *slot) {
	t.open('{')
	t.kID("id", s)
	t.kInt("gid", int(s.glyph))
	t.k("charinfo")
	t.open('{')
	t.kInt("original", int(s.original))
	t.kInt("before", int(s.before))
	t.kInt("after", int(s.after))
	t.close()
	t.kPos("origin", s.pos)
	t.kPos("shift", pt{float32(int(s.shift.x)), float32(int(s.shift.y))})
	t.kPos("advance", s.advance)
	t.kBool("insert", s.isInsertBefore())
	t.k("break")
	brk := 0
	if c := g.charinfo(s.original); c != nil {
		brk = int(c.brk)
	}
	t.int(brk)
	if s.just > 0 {
		t.kNum("justification", s.just)
	}
	if s.bidiLevel > 0 {
		t.kInt("bidi", int(s.bidiLevel))
	}
	if s.parent != nil {
		t.k("parent")
		t.open('{')
		t.kID("id", s.parent)
		t.kInt("level", int(s.attLevel))
		t.kPos("offset", s.attach.sub(s.with))
		t.close()
	}
	t.k("user")
	t.open('[')
	for n := 0; n < g.silf.aUser && n < len(s.user); n++ {
		t.int(int(s.user[n]))
	}
	t.close()
	if s.child != nil {
		t.k("children")
		t.open('[')
		for c, n := s.child, 0; c != nil && n < maxChainWalk; c, n = c.sibling, n+1 {
			t.id(c)
		}
		t.close()
	}
	if c := g.collisionInfo(s); c != nil {
		t.k("collision")
		t.open('{')
		t.kPos("offset", c.offset)
		t.kRect("limit", c.limit)
		t.kInt("flags", int(c.flags))
		t.kPos("margin", pt{float32(c.margin), float32(c.marginWt)})
		t.kInt("exclude", int(c.exclGlyph))
		t.kPos("excludeoffset", c.exclOffset)
		if c.seqOrder != 0 {
			t.kPos("seqclass", pt{float32(c.seqClass), float32(c.seqProxClass)})
			t.kInt("seqorder", int(c.seqOrder))
			t.kPos("seqabove", pt{float32(c.seqAboveXoff), float32(c.seqAboveWt)})
			t.kPos("seqbelow", pt{float32(c.seqBelowXlim), float32(c.seqBelowWt)})
			t.kPos("seqvalign", pt{float32(c.seqValignHt), float32(c.seqValignWt)})
		}
		t.close()
	}
	t.close()
}

// maxChainWalk bounds the walks along sibling chains the trace makes.
const maxChainWalk = 1000

// slots writes the segment's slot stream from first to the end.
func (t *Trace) slots(g *segment) {
	t.open('[')
	for s, n := g.first, 0; s != nil && n <= maxSegGrowth*len(g.chars)+2 && !t.trunc; s, n = s.next, n+1 {
		t.slot(g, s)
	}
	t.close()
}

// dirName is graphite2's json name of a direction.
func dirName(rtl bool) string {
	if rtl {
		return "rtl"
	}
	return "ltr"
}

// segStart opens a segment object (Face::runGraphite).
func (t *Trace) segStart() {
	t.seg++
	t.item()
	t.open('{')
	t.kStr("id", "ffff-ff-"+serialName(t.seg)[8:])
	t.k("passes")
	t.open('[')
}

// segEnd closes the passes and writes the output slots, the advance and
// the characters (Face::runGraphite).
func (t *Trace) segEnd(g *segment) {
	if !t.trunc {
		g.positionSlots(0, false, nil, nil, g.currdir(), true)
	}
	t.item()
	t.close()
	t.kStr("outputdir", dirName(g.currdir()))
	t.k("output")
	t.slots(g)
	t.kPos("advance", g.advance)
	t.k("chars")
	t.open('[')
	for i := range g.chars {
		c := &g.chars[i]
		t.open('{')
		t.kInt("offset", int(c.base))
		t.kInt("unicode", int(c.char))
		t.kInt("break", int(c.brk))
		t.kInt("flags", int(c.flags))
		t.k("slot")
		t.open('{')
		t.kInt("before", int(c.before))
		t.kInt("after", int(c.after))
		t.close()
		t.close()
	}
	t.close()
	t.close()
}

// passStart opens a pass object with the slots before it (Silf::runGraphite);
// id is the pass number from 1, or -1 for the bidi reordering.
func (t *Trace) passStart(g *segment, id int, passRTL bool) {
	t.item()
	t.open('{')
	t.kInt("id", id)
	t.kStr("slotsdir", dirName(g.currdir()))
	t.kStr("passdir", dirName(passRTL))
	t.k("slots")
	if !t.trunc {
		g.positionSlots(0, false, nil, nil, g.currdir(), true)
	}
	t.slots(g)
}

// justStart opens a justification object (Segment::justify).
func (t *Trace) justStart() {
	t.item()
	t.open('{')
	t.kStr("justifies", "ffff-ff-"+serialName(t.seg)[8:])
	t.k("passes")
	t.open('[')
}

// justEnd closes it with the slots from first to last's next sibling.
func (t *Trace) justEnd(g *segment, first, last *slot) {
	t.item()
	t.close()
	if !t.trunc {
		g.positionSlots(0, false, first, last, g.dir != 0, true)
	}
	var end *slot
	if last != nil {
		end = last.sibling
	}
	t.k("output")
	t.open('[')
	for s, n := first, 0; s != nil && s != end && n <= maxSegGrowth*len(g.chars)+2; s, n = s.next, n+1 {
		t.slot(g, s)
	}
	t.close()
	t.close()
}

// inputSlot is graphite2's input_slot(slots, n) (Pass.cpp): the slot at
// n from the rule's position, or for a temporary copy the slot now in its
// place in the stream.
func (sh *Shaper) inputSlot(n int) *slot {
	sm := &sh.smap
	i := sm.precontext + n + 1
	if i < 0 || i >= len(sm.arr) {
		return nil
	}
	s := sm.arr[i]
	if s == nil || !s.isCopied() {
		return s
	}
	switch {
	case s.prev != nil:
		return s.prev.next
	case s.next != nil:
		return s.next.prev
	}
	return sh.mach.seg.last
}

// doRulesTraced is the end of doRules as graphite2's Pass::findNDoRule
// runs it with a logger, once the rule to run (rl[k], none when k is
// len(rl)) is known: the rules tried before it are reported as failed
// (those whose pre-context the position lacks are left out), then the rule
// that ran with the slots it output, or none, and the cursor.
func (sh *Shaper) doRulesTraced(s *slot, rl []*rule, k int) *slot {
	t := sh.tr
	sm := &sh.smap
	seg := sh.mach.seg
	t.item()
	t.open('{')
	t.k("considered")
	t.open('[')
	for _, r := range rl[:k] {
		if r.preContext > sm.precontext {
			continue
		}
		t.open('{')
		t.kInt("id", r.index)
		t.kBool("failed", true)
		t.k("input")
		t.open('{')
		t.kID("start", sh.inputSlot(-r.preContext))
		t.kInt("length", r.sort)
		t.close()
		t.close()
	}
	if k == len(rl) {
		t.close()
		t.k("output")
		t.null()
		t.kID("cursor", s.next)
		t.close()
		return s.next
	}
	r := rl[k]
	sh.failRule = r.index
	adv, out := sh.doAction(r.action, s)
	// Pass::dumpRuleEventOutput
	t.item()
	t.open('{')
	t.kInt("id", r.index)
	t.kBool("failed", false)
	t.k("input")
	t.open('{')
	t.kID("start", sh.inputSlot(0))
	t.kInt("length", r.sort-r.preContext)
	t.close()
	t.close()
	t.close()
	t.k("output")
	t.open('{')
	t.k("range")
	t.open('{')
	t.kID("start", sh.inputSlot(0))
	t.kID("end", out)
	t.close()
	t.k("slots")
	t.open('[')
	pre := seg.advance
	if out != nil {
		pre = out.pos
	}
	if !t.trunc {
		seg.positionSlots(0, false, nil, nil, seg.currdir(), true)
	}
	first := seg.first
	if i := sm.precontext; i >= 0 && i < len(sm.arr) && sm.arr[i] != nil {
		first = sm.arr[i].next
	}
	for x, n := first, 0; x != out && x != nil && n <= maxSegGrowth*len(seg.chars)+2 && !t.trunc; x, n = x.next, n+1 {
		t.slot(seg, x)
	}
	t.close()
	t.k("postshift")
	post := seg.advance
	if out != nil {
		post = out.pos
	}
	t.pos(post.sub(pre))
	t.close()
	if r.action != nil && r.action.deletes {
		out = sh.collectGarbage(out)
	}
	out = sh.adjustSlot(adv, out)
	t.kID("cursor", out)
	t.close()
	return out
}
