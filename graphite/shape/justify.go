package shape

// isWhitespace reports the Unicode white space characters that
// Segment::justify (Justifier.cpp) treats as white space.
func isWhitespace(c rune) bool {
	return (c >= 0x09 && c <= 0x0D) || c == 0x20 || c == 0x85 || c == 0xA0 || c == 0x1680 || c == 0x180E ||
		(c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000
}

type justTotal struct{ n, stretch, shrink, step, weight int }

// justify is Segment::justify as gr_seg_justify(seg, first, font, width,
// gr_justCompleteLine, NULL, NULL) calls it; it returns the new advance.
func (sh *Shaper) justify(seg *segment, scale float32, hasFont bool, width float32) float32 {
	if !hasFont {
		scale = 1
	}
	s := seg.silf
	pSlot := seg.first
	if pSlot == nil {
		return 0
	}
	end := seg.last
	var currWidth float32
	if width < 0 && s.flags == 0 {
		return width
	}
	var pFirst, pLast *slot
	swapped := false
	if int(seg.dir&1) != s.dir && s.bPass != s.numPasses {
		seg.reverseSlots()
		swapped = true
	}
	if pFirst == nil {
		pFirst = pSlot
	}
	for n := 0; !pFirst.isBase() && n < 1000; n++ {
		pFirst = pFirst.parent
	}
	if pLast == nil {
		pLast = seg.last
	}
	for n := 0; !pLast.isBase() && n < 1000; n++ {
		pLast = pLast.parent
	}
	base := pFirst.pos.x / scale
	width = width / scale
	for pLast != pFirst && pLast != nil {
		bb := seg.face.glyphBBox(int(pLast.glyphID()))
		if bb.blx != 0 || bb.bly != 0 || bb.trx != 0 || bb.try == 0 {
			break
		}
		pLast = pLast.prev
	}
	if pLast != nil {
		end = pLast.sibling
	}
	if pFirst != nil {
		pFirst = pFirst.sibling
	}
	icount := 0
	numLevels := len(s.justs)
	if numLevels == 0 {
		for x := pSlot; x != nil && x != end; x = x.sibling {
			c := seg.charinfo(x.before)
			if c != nil && isWhitespace(c.char) {
				seg.setJustify(x, 0, 3, 1)
				seg.setJustify(x, 0, 2, 1)
				seg.setJustify(x, 0, 0, -1)
				icount++
			}
		}
		if icount == 0 {
			for x := pSlot; x != nil && x != end; x = x.sibling {
				seg.setJustify(x, 0, 3, 1)
				seg.setJustify(x, 0, 2, 1)
				seg.setJustify(x, 0, 0, -1)
			}
		}
		numLevels++
	}
	var statsBuf [8]justTotal
	stats := statsBuf[:0]
	if numLevels <= len(statsBuf) {
		stats = statsBuf[:numLevels]
	} else {
		stats = make([]justTotal, numLevels)
	}
	for x := pFirst; x != nil && x != end; x = x.sibling {
		w := x.pos.x/scale + x.advance.x - base
		if w > currWidth {
			currWidth = w
		}
		for j := 0; j < numLevels; j++ {
			t := &stats[j]
			t.n++
			t.stretch += seg.getJustify(x, j, 0)
			t.shrink += seg.getJustify(x, j, 1)
			t.step += seg.getJustify(x, j, 2)
			t.weight += seg.getJustify(x, j, 3)
		}
		x.just = 0
	}
	start := numLevels - 1
	if width < 0 {
		start = -1
	}
	for i := start; i >= 0; i-- {
		tWeight := stats[i].weight
		if tWeight == 0 {
			continue
		}
		var errv float32
		for {
			errv = 0
			diff := width - currWidth
			diffpw := diff / float32(tWeight)
			tWeight = 0
			for x := pFirst; x != nil && x != end; x = x.sibling {
				w := seg.getJustify(x, i, 3)
				pref := float32(diffpw*float32(w)) + errv
				step := seg.getJustify(x, i, 2)
				if step == 0 {
					step = 1
				}
				if pref > 0 {
					mx := float32(uint16(seg.getJustify(x, i, 0)))
					if i == 0 {
						mx -= x.just
					}
					if pref > mx {
						pref = mx
					} else {
						tWeight += w
					}
				} else {
					mx := float32(uint16(seg.getJustify(x, i, 1)))
					if i == 0 {
						mx += x.just
					}
					if -pref > mx {
						pref = -mx
					} else {
						tWeight += w
					}
				}
				actual := int(int32(pref/float32(step))) * step
				if actual != 0 {
					errv += float32(diffpw*float32(w)) - float32(actual)
					if i == 0 {
						x.just = x.just + float32(actual)
					} else {
						seg.setJustify(x, i, 4, int16(actual))
					}
				}
			}
			currWidth += diff - errv
			ae := errv
			if ae < 0 {
				ae = -ae
			}
			if !(i == 0 && int(int32(ae)) > 0 && tWeight != 0) {
				break
			}
		}
	}
	oldFirst, oldLast := seg.first, seg.last
	if s.flags&1 != 0 {
		pSlot = seg.addLineEnd(pSlot)
		seg.first = pSlot
		pLast = seg.addLineEnd(end)
		seg.last = pLast
		if seg.first == nil || seg.last == nil {
			return -1
		}
	} else {
		seg.first = pSlot
		seg.last = pLast
	}
	if sh.tr != nil {
		sh.tr.justStart()
	}
	if s.jPass != s.pPass && (width >= 0 || s.flags&1 != 0) {
		sh.runPasses(seg, s.jPass, s.pPass, false)
	}
	if sh.tr != nil {
		sh.tr.justEnd(seg, pSlot, pLast)
	}
	res := seg.positionSlots(scale, hasFont, pSlot, pLast, seg.dir != 0, true)
	if s.flags&1 != 0 {
		if seg.first != nil {
			seg.delLineEnd(seg.first)
		}
		if seg.last != nil {
			seg.delLineEnd(seg.last)
		}
	}
	seg.first, seg.last = oldFirst, oldLast
	if swapped {
		seg.reverseSlots()
	}
	return res.x
}

// addLineEnd is Segment::addLineEnd: inserts an end-of-line slot before n
// (after the last slot when n is nil); nil when the segment is full.
func (g *segment) addLineEnd(n *slot) *slot {
	e := g.newSlot()
	if e == nil {
		return nil
	}
	g.setGlyph(e, g.silf.endLineGlyph)
	if n != nil {
		e.next = n
		e.prev = n.prev
		n.prev = e
		e.before = n.before
		if e.prev != nil {
			e.after = e.prev.after
		} else {
			e.after = n.before
		}
	} else {
		n = g.last
		e.prev = n
		n.next = e
		e.after = e.prev.after
		e.before = n.after
	}
	return e
}

// delLineEnd is Segment::delLineEnd: unlinks and frees the end-of-line
// slot s.
func (g *segment) delLineEnd(s *slot) {
	n := s.next
	if n != nil {
		n.prev = s.prev
		if s.prev != nil {
			s.prev.next = n
		}
	} else if s.prev != nil {
		s.prev.next = nil
	}
	g.freeSlot(s)
}
