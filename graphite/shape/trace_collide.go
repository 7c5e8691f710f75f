package shape

// collEnv is what graphite2's json logger keeps as its environment while a
// ShiftCollider merges a slot (json::setenv): the neighbouring slot and a
// tag (-1 for the main box, the sub-box index, or -11.. -34 for the regions
// of the sequence-order rules).
type collEnv struct {
	s   *slot
	tag int
}

// zoneRec is one of graphite2's Zones::Debug records: an exclusion inserted
// into a zone (or a range removed from it), with the environment then.
type zoneRec struct {
	s   *slot
	tag int
	del bool
	e   exclusion
}

// setCollisionTrace points the shift collider's zones at its environment
// while tracing (Zones::setdebug), and tells the kern collider.
func (sh *Shaper) setCollisionTrace(on bool) {
	sc := &sh.coll.shift
	for i := range sc.ranges {
		if on {
			sc.ranges[i].env = &sc.env
		} else {
			sc.ranges[i].env = nil
		}
	}
	sh.coll.kern.tracing = on
}

// rect writes a Rect as graphite2's json does: [bl.x, bl.y, tr.x, tr.y].
func (t *Trace) rect(r rect) {
	t.open('[')
	t.num(r.blx)
	t.num(r.bly)
	t.num(r.trx)
	t.num(r.try)
	t.close()
}

// phaseStart opens a collision phase object with its moves array.
func (t *Trace) phaseStart(phase string, loop int) {
	t.open('{')
	t.kStr("phase", phase)
	if loop >= 0 {
		t.kInt("loop", loop)
	}
	t.k("moves")
	t.open('[')
}

// phaseEnd closes it.
func (t *Trace) phaseEnd() {
	t.close()
	t.close()
}

// collisionsStart opens a pass's collisions array (Pass::collisionShift).
func (t *Trace) collisionsStart(loops int) {
	t.k("collisions")
	t.open('[')
	t.open('{')
	t.kInt("num-loops", loops)
	t.close()
}

// zoneRanges writes one zone as ShiftCollider::outputJsonDbg does: its
// position, then each exclusion as [[x, xm], sm, smx, c].
func (t *Trace) zoneRanges(z *zones) {
	t.open('[')
	t.pos(pt{z.pos, z.posm})
	for i := range z.ex {
		e := &z.ex[i]
		t.open('[')
		t.pos(pt{e.x, e.xm})
		t.num(e.sm)
		t.num(e.smx)
		t.num(e.c)
		t.close()
	}
	t.close()
}

// moveHead opens a collision move object with the slot (under key), its
// glyph and its movement limit.
func (t *Trace) moveHead(key string, s *slot, limit rect) {
	t.open('{')
	t.kID(key, s)
	t.kInt("gid", int(s.glyph))
	t.kRect("limit", limit)
}

// shiftMissed writes the object Pass::resolveCollisions writes for a glyph
// that collides with nothing.
func (t *Trace) shiftMissed(seg *segment, sc *shiftCollider) {
	f := seg.face
	gid := sc.target.glyph
	t.moveHead("missed", sc.target, sc.limit)
	t.k("target")
	t.open('{')
	t.kPos("origin", sc.target.pos)
	t.kNum("margin", sc.margin)
	t.kRect("bbox", f.glyphBBox(int(gid)))
	t.kRect("slantbox", f.slant(gid))
	t.close()
	t.k("ranges")
	t.open('[')
	for i := range sc.ranges {
		t.zoneRanges(&sc.ranges[i])
	}
	t.close()
	t.close()
}

var vectorNames = [4]string{"x", "y", "sum (NE-SW)", "diff (NW-SE)"}

// shiftMove writes what ShiftCollider::resolve writes: the target, each of
// the four vectors with the zone's removals and ranges and the best cost
// and position found on it, the result, the best axis and whether a
// collision remains. It recomputes resolve's per-axis choice (closest only
// reads the zones).
func (t *Trace) shiftMove(seg *segment, sc *shiftCollider, result pt, isCol bool) {
	f := seg.face
	gid := sc.target.glyph
	t.moveHead("slot", sc.target, sc.limit)
	t.k("target")
	t.open('{')
	t.kPos("origin", sc.origin)
	t.kPos("currShift", sc.currShift)
	t.k("currOffset")
	var off pt
	if c := seg.collisionInfo(sc.target); c != nil {
		off = c.offset
	}
	t.pos(off)
	t.kRect("bbox", f.glyphBBox(int(gid)))
	t.kRect("slantBox", f.slant(gid))
	t.kStr("fix", "shift")
	t.close()
	t.k("vectors")
	t.open('[')
	totalCost := float32(3.4028234663852886e38 / 2)
	bestAxis := -1
	for i := 0; i < 4; i++ {
		tbase := sc.tbase(i)
		z := &sc.ranges[i]
		bestCost := float32(-1)
		bestPos := z.closest(0, &bestCost) - tbase
		if bestCost >= 0 && bestCost < totalCost-0.01 {
			totalCost, bestAxis = bestCost, i
		}
		t.open('{')
		t.kStr("direction", vectorNames[i])
		t.kNum("targetMin", tbase)
		t.k("removals")
		t.open('[')
		for _, r := range z.recs {
			t.open('[')
			t.id(r.s)
			t.int(r.tag)
			if r.del {
				t.str("remove")
				t.pos(pt{r.e.x, r.e.xm})
			} else {
				t.str("exclude")
				t.open('[')
				t.num(r.e.x)
				t.num(r.e.xm)
				t.num(r.e.sm)
				t.num(r.e.smx)
				t.num(r.e.c)
				t.close()
			}
			t.close()
		}
		t.close()
		t.k("ranges")
		t.zoneRanges(z)
		t.kNum("bestCost", bestCost)
		t.kNum("bestVal", bestPos+tbase)
		t.close()
	}
	t.close()
	t.kPos("result", result)
	t.kInt("bestAxis", bestAxis)
	t.kBool("stillBad", isCol)
	t.close()
}

// kernMove writes what KernCollider::resolve writes: the target, each
// slice's edge with its nearest neighbour, and the kerning found.
func (t *Trace) kernMove(seg *segment, k *kernCollider, dir int) {
	f := seg.face
	gid := k.target.glyph
	needed := fm(float32(1-2*(dir&1)), k.mingap)
	result := min32(k.limit.trx-k.offsetPrev.x, max32(needed, k.limit.blx-k.offsetPrev.x))
	t.moveHead("slot", k.target, k.limit)
	t.kNum("miny", k.miny)
	t.kNum("maxy", k.maxy)
	t.kNum("slicewidth", k.sliceWidth)
	t.k("target")
	t.open('{')
	t.kPos("origin", k.target.pos)
	t.kPos("offsetPrev", k.offsetPrev)
	t.kRect("bbox", f.glyphBBox(int(gid)))
	t.kRect("slantBox", f.slant(gid))
	t.kStr("fix", "kern")
	t.close()
	t.k("slices")
	t.open('[')
	for i, e := range k.edges {
		t.open('{')
		t.kInt("i", i)
		t.kNum("targetEdge", e)
		t.k("neighbor")
		var n *slot
		ne := float32(0)
		if i < len(k.near) {
			n, ne = k.near[i], k.nearEdges[i]
		}
		t.id(n)
		t.kNum("nearEdge", ne)
		t.close()
	}
	t.close()
	t.kNum("xbound", k.xbound)
	t.kNum("minGap", k.mingap)
	t.kNum("needed", needed)
	t.kNum("result", result)
	t.kBool("stillBad", result != needed)
	t.close()
}
