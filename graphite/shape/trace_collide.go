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
	t.k("phase")
	t.str(phase)
	if loop >= 0 {
		t.k("loop")
		t.int(loop)
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
	t.k("num-loops")
	t.int(loops)
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

// shiftMissed writes the object Pass::resolveCollisions writes for a glyph
// that collides with nothing.
func (t *Trace) shiftMissed(seg *segment, sc *shiftCollider) {
	f := seg.face
	gid := sc.target.glyph
	t.open('{')
	t.k("missed")
	t.id(sc.target)
	t.k("gid")
	t.int(int(gid))
	t.k("limit")
	t.rect(sc.limit)
	t.k("target")
	t.open('{')
	t.k("origin")
	t.pos(sc.target.pos)
	t.k("margin")
	t.num(sc.margin)
	t.k("bbox")
	t.rect(f.glyphBBox(int(gid)))
	t.k("slantbox")
	t.rect(f.slant(gid))
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
	t.open('{')
	t.k("slot")
	t.id(sc.target)
	t.k("gid")
	t.int(int(gid))
	t.k("limit")
	t.rect(sc.limit)
	t.k("target")
	t.open('{')
	t.k("origin")
	t.pos(sc.origin)
	t.k("currShift")
	t.pos(sc.currShift)
	t.k("currOffset")
	var off pt
	if c := seg.collisionInfo(sc.target); c != nil {
		off = c.offset
	}
	t.pos(off)
	t.k("bbox")
	t.rect(f.glyphBBox(int(gid)))
	t.k("slantBox")
	t.rect(f.slant(gid))
	t.k("fix")
	t.str("shift")
	t.close()
	t.k("vectors")
	t.open('[')
	totalCost := float32(3.4028234663852886e38 / 2)
	bestAxis := -1
	for i := 0; i < 4; i++ {
		var tbase float32
		switch i {
		case 0:
			tbase = sc.currOffset.x
		case 1:
			tbase = sc.currOffset.y
		case 2:
			tbase = sc.currOffset.x + sc.currOffset.y
		case 3:
			tbase = sc.currOffset.x - sc.currOffset.y
		}
		z := &sc.ranges[i]
		bestCost := float32(-1)
		bestPos := z.closest(0, &bestCost) - tbase
		if bestCost >= 0 && bestCost < totalCost-0.01 {
			totalCost, bestAxis = bestCost, i
		}
		t.open('{')
		t.k("direction")
		t.str(vectorNames[i])
		t.k("targetMin")
		t.num(tbase)
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
		t.k("bestCost")
		t.num(bestCost)
		t.k("bestVal")
		t.num(bestPos + tbase)
		t.close()
	}
	t.close()
	t.k("result")
	t.pos(result)
	t.k("bestAxis")
	t.int(bestAxis)
	t.k("stillBad")
	t.bool(isCol)
	t.close()
}

// kernMove writes what KernCollider::resolve writes: the target, each
// slice's edge with its nearest neighbour, and the kerning found.
func (t *Trace) kernMove(seg *segment, k *kernCollider, dir int) {
	f := seg.face
	gid := k.target.glyph
	needed := fm(float32(1-2*(dir&1)), k.mingap)
	result := min32(k.limit.trx-k.offsetPrev.x, max32(needed, k.limit.blx-k.offsetPrev.x))
	t.open('{')
	t.k("slot")
	t.id(k.target)
	t.k("gid")
	t.int(int(gid))
	t.k("limit")
	t.rect(k.limit)
	t.k("miny")
	t.num(k.miny)
	t.k("maxy")
	t.num(k.maxy)
	t.k("slicewidth")
	t.num(k.sliceWidth)
	t.k("target")
	t.open('{')
	t.k("origin")
	t.pos(k.target.pos)
	t.k("offsetPrev")
	t.pos(k.offsetPrev)
	t.k("bbox")
	t.rect(f.glyphBBox(int(gid)))
	t.k("slantBox")
	t.rect(f.slant(gid))
	t.k("fix")
	t.str("kern")
	t.close()
	t.k("slices")
	t.open('[')
	for i, e := range k.edges {
		t.open('{')
		t.k("i")
		t.int(i)
		t.k("targetEdge")
		t.num(e)
		t.k("neighbor")
		var n *slot
		ne := float32(0)
		if i < len(k.near) {
			n, ne = k.near[i], k.nearEdges[i]
		}
		t.id(n)
		t.k("nearEdge")
		t.num(ne)
		t.close()
	}
	t.close()
	t.k("xbound")
	t.num(k.xbound)
	t.k("minGap")
	t.num(k.mingap)
	t.k("needed")
	t.num(needed)
	t.k("result")
	t.num(result)
	t.k("stillBad")
	t.bool(result != needed)
	t.close()
}
