package cff

// Hint state: stem hints, hint masks and hint maps (FreeType's
// CF2_StemHint, CF2_HintMask and CF2_HintMap, src/psaux/pshints.c and
// psintrp.c). Unhinted loading still runs the mask bookkeeping, because
// FreeType's glyph path depends on it: a new hint mask keeps a zero-length
// line (cf2_glyphpath_lineTo), and more than MaxHints stems fail the
// glyph (cf2_hintmask_setCounts).

// MaxHints is CF2_MAX_HINTS: stems of one glyph a hint mask can select.
const MaxHints = 96

// stemHint is CF2_StemHintRec.
type stemHint struct {
	used         bool
	min, max     int32 // character space, 16.16
	minDS, maxDS int32
}

// hintMask is CF2_HintMaskRec.
type hintMask struct {
	valid, isNew bool
	bitCount     int
	mask         [(MaxHints + 7) / 8]byte
}

// setCounts is cf2_hintmask_setCounts.
func (h *hintMask) setCounts(m *machine, bits int) bool {
	if bits > MaxHints {
		m.fail("Invalid_Glyph_Format", "more than 96 stem hints")
		return false
	}
	h.bitCount = bits
	h.valid, h.isNew = true, true
	return true
}

// setAll is cf2_hintmask_setAll.
func (h *hintMask) setAll(m *machine, bits int) {
	if !h.setCounts(m, bits) {
		return
	}
	n := (bits + 7) / 8
	for i := 0; i < n; i++ {
		h.mask[i] = 0xFF
	}
	if n > 0 {
		h.mask[n-1] &^= byte((1 << uint(-bits&7)) - 1)
	}
}

// maxHintEdges is CF2_MAX_HINT_EDGES.
const maxHintEdges = MaxHints * 2

// hintMap is CF2_HintMapRec: the edges of the active horizontal stems in
// character and device space, sorted by character-space coordinate.
type hintMap struct {
	valid     bool
	hinted    bool
	count     int
	lastIndex int
	scale     int32
	edge      [maxHintEdges]hint
}

// reset is cf2_hintmap_init.
func (hm *hintMap) reset(scale int32, hinted bool) {
	hm.valid, hm.hinted, hm.count, hm.lastIndex, hm.scale = false, hinted, 0, 0, scale
}

// copyFrom is the structure copy firstHintMap = hintMap, limited to the
// edges in use.
func (hm *hintMap) copyFrom(o *hintMap) {
	hm.valid, hm.hinted, hm.count, hm.lastIndex, hm.scale = o.valid, o.hinted, o.count, o.lastIndex, o.scale
	copy(hm.edge[:o.count], o.edge[:o.count])
}

// hintMove is CF2_HintMoveRec: an edge adjustHints' second pass may still
// move up.
type hintMove struct {
	j      int
	moveUp int32
}

// mapCoord is cf2_hintmap_map.
func (hm *hintMap) mapCoord(m *machine, cs int32) int32 {
	if hm.count == 0 || !hm.hinted {
		return mulFix32(cs, hm.scale)
	}
	i := hm.lastIndex
	for i < hm.count-1 && cs >= hm.edge[i+1].csCoord {
		i++
	}
	for i > 0 && cs < hm.edge[i].csCoord {
		i--
	}
	hm.lastIndex = i
	if i == 0 && cs < hm.edge[0].csCoord {
		return add32(mulFix32(sub32(cs, hm.edge[0].csCoord), hm.scale), hm.edge[0].dsCoord)
	}
	return add32(mulFix32(sub32(cs, hm.edge[i].csCoord), hm.edge[i].scale), hm.edge[i].dsCoord)
}

// map3 is mapCoord of ys[0], ys[1] and ys[2] in that order (a curve's
// control points), in one call.
func (hm *hintMap) map3(ys *[3]int32) {
	if hm.count == 0 || !hm.hinted {
		for k, cs := range ys {
			ys[k] = mulFix32(cs, hm.scale)
		}
		return
	}
	i := hm.lastIndex
	for k, cs := range ys {
		for i < hm.count-1 && cs >= hm.edge[i+1].csCoord {
			i++
		}
		for i > 0 && cs < hm.edge[i].csCoord {
			i--
		}
		if i == 0 && cs < hm.edge[0].csCoord {
			ys[k] = add32(mulFix32(sub32(cs, hm.edge[0].csCoord), hm.scale), hm.edge[0].dsCoord)
		} else {
			ys[k] = add32(mulFix32(sub32(cs, hm.edge[i].csCoord), hm.edge[i].scale), hm.edge[i].dsCoord)
		}
	}
	hm.lastIndex = i
}

// initHint is cf2_hint_init: the bottom or top edge of horizontal stem i.
func (m *machine) initHint(h *hint, i int, origin, scale int32, bottom bool) {
	*h = hint{}
	st := &m.hstems[i]
	width := sub32(st.max, st.min)
	switch {
	case width == -21<<16:
		if bottom {
			h.csCoord, h.flags = st.max, hintGhostBottom
		}
	case width == -20<<16:
		if !bottom {
			h.csCoord, h.flags = st.min, hintGhostTop
		}
	case width < 0:
		if bottom {
			h.csCoord, h.flags = st.max, hintPairBottom
		} else {
			h.csCoord, h.flags = st.min, hintPairTop
		}
	default:
		if bottom {
			h.csCoord, h.flags = st.min, hintPairBottom
		} else {
			h.csCoord, h.flags = st.max, hintPairTop
		}
	}
	h.csCoord = add32(h.csCoord, origin)
	h.scale = scale
	h.index = i
	if h.flags != 0 && st.used {
		if h.isTop() {
			h.dsCoord = st.maxDS
		} else {
			h.dsCoord = st.minDS
		}
		h.flags |= hintLocked
	} else {
		h.dsCoord = mulFix32(h.csCoord, scale)
	}
}

// adjustHints is cf2_hintmap_adjustHints.
func (m *machine) adjustHints(hm *hintMap) {
	moves := m.moves[:0]
	for i := 0; i < hm.count; i++ {
		isPair := hm.edge[i].isPair()
		j := i
		if isPair {
			j = i + 1
		}
		if j >= hm.count { // FreeType asserts this cannot happen
			break
		}
		var move int32
		dsI, dsJ := hm.edge[i].dsCoord, hm.edge[j].dsCoord
		if !hm.edge[i].locked() {
			fracDown := fixedFraction(dsI)
			fracUp := fixedFraction(dsJ)
			downMoveDown := 0 - fracDown
			upMoveDown := 0 - fracUp
			var downMoveUp, upMoveUp int32
			if fracDown != 0 {
				downMoveUp = 1<<16 - fracDown
			}
			if fracUp != 0 {
				upMoveUp = 1<<16 - fracUp
			}
			moveUp := min32(downMoveUp, upMoveUp)
			moveDown := max32(downMoveDown, upMoveDown)
			saveEdge := false
			if j >= hm.count-1 || hm.edge[j+1].dsCoord >= add32(dsJ, moveUp+minCounter) {
				if i == 0 || hm.edge[i-1].dsCoord <= add32(dsI, moveDown-minCounter) {
					if -moveDown < moveUp {
						move = moveDown
					} else {
						move = moveUp
					}
				} else {
					move = moveUp
				}
			} else if i == 0 || hm.edge[i-1].dsCoord <= add32(dsI, moveDown-minCounter) {
				move = moveDown
				saveEdge = moveUp < -moveDown
			} else {
				move = 0
				saveEdge = true
			}
			if saveEdge && j < hm.count-1 && !hm.edge[j+1].locked() {
				moves = append(moves, hintMove{j, moveUp - move})
			}
			hm.edge[i].dsCoord = add32(dsI, move)
			if isPair {
				hm.edge[j].dsCoord = add32(dsJ, move)
			}
		}
		if i > 0 && hm.edge[i].csCoord != hm.edge[i-1].csCoord {
			hm.edge[i-1].scale = int32(divFix(int64(sub32(hm.edge[i].dsCoord, hm.edge[i-1].dsCoord)),
				int64(sub32(hm.edge[i].csCoord, hm.edge[i-1].csCoord))))
		}
		if isPair {
			if hm.edge[j].csCoord != hm.edge[j-1].csCoord {
				hm.edge[j-1].scale = int32(divFix(int64(sub32(hm.edge[j].dsCoord, hm.edge[j-1].dsCoord)),
					int64(sub32(hm.edge[j].csCoord, hm.edge[j-1].csCoord))))
			}
			i++
		}
	}
	for k := len(moves); k > 0; k-- {
		mv := moves[k-1]
		j := mv.j
		if j+1 >= hm.count {
			continue
		}
		if hm.edge[j+1].dsCoord >= add32(hm.edge[j].dsCoord, mv.moveUp+minCounter) {
			hm.edge[j].dsCoord = add32(hm.edge[j].dsCoord, mv.moveUp)
			if hm.edge[j].isPair() && j > 0 {
				hm.edge[j-1].dsCoord = add32(hm.edge[j-1].dsCoord, mv.moveUp)
			}
		}
	}
	m.moves = moves
}

// insertHint is cf2_hintmap_insertHint.
func (m *machine) insertHint(hm *hintMap, bottom, top *hint) {
	isPair := true
	first, second := bottom, top
	if !bottom.valid() {
		first = top
		isPair = false
	} else if !top.valid() {
		isPair = false
	}
	if isPair && top.csCoord < bottom.csCoord {
		return
	}
	k := 0
	for ; k < hm.count; k++ {
		if hm.edge[k].csCoord >= first.csCoord {
			break
		}
	}
	if k < hm.count {
		if hm.edge[k].csCoord == first.csCoord {
			return
		}
		if isPair && hm.edge[k].csCoord <= second.csCoord {
			return
		}
		if hm.edge[k].isPairTop() {
			return
		}
	}
	if m.initialHintMap.valid && !first.locked() {
		if isPair {
			mid := m.initialHintMap.mapCoord(m, add32(second.csCoord, first.csCoord)/2)
			half := mulFix32(sub32(second.csCoord, first.csCoord)/2, hm.scale)
			first.dsCoord = sub32(mid, half)
			second.dsCoord = add32(mid, half)
		} else {
			first.dsCoord = m.initialHintMap.mapCoord(m, first.csCoord)
		}
	}
	if k > 0 && first.dsCoord < hm.edge[k-1].dsCoord {
		return
	}
	if k < hm.count {
		if isPair {
			if second.dsCoord > hm.edge[k].dsCoord {
				return
			}
		} else if first.dsCoord > hm.edge[k].dsCoord {
			return
		}
	}
	dst := hm.count
	if isPair {
		dst++
	}
	if dst >= maxHintEdges {
		return
	}
	src := hm.count - 1
	for c := hm.count - k; c > 0; c-- {
		hm.edge[dst] = hm.edge[src]
		dst--
		src--
	}
	hm.edge[k] = *first
	hm.count++
	if isPair {
		hm.edge[k+1] = *second
		hm.count++
	}
}

// buildHintMap is cf2_hintmap_build for the glyph path's maps, with the
// glyph's current mask and hint origin.
func (m *machine) buildHintMap(hm *hintMap, initial bool) {
	m.buildHintMapMask(hm, &m.mask, m.hintOrigin, initial)
}

// buildHintMapMask is cf2_hintmap_build.
func (m *machine) buildHintMapMask(hm *hintMap, mask *hintMask, origin int32, initial bool) {
	if !initial && !m.initialHintMap.valid {
		var temp hintMask
		m.buildHintMapMask(&m.initialHintMap, &temp, origin, true)
	}
	if !mask.valid {
		mask.setAll(m, m.nh+m.nv)
		if !mask.valid {
			return
		}
	}
	hm.count = 0
	hm.lastIndex = 0
	temp := *mask
	bitCount := m.nh
	if bitCount > mask.bitCount {
		return
	}
	if !hm.hinted {
		// unhinted: cf2_hintmap_map ignores the edges, and the stem
		// positions the build records serve only later hinted maps; what
		// remains observable is the map's validity and the mask's use
		hm.valid = true
		mask.isNew = false
		return
	}
	bl := &m.l.blues
	if bl.doEmBoxHints {
		var dummy hint
		b, t := bl.emBoxBottomEdge, bl.emBoxTopEdge
		m.insertHint(hm, &b, &dummy)
		m.insertHint(hm, &dummy, &t)
	}
	var bottom, top hint
	for i := 0; i < bitCount; i++ {
		if temp.mask[i>>3]&(0x80>>uint(i&7)) != 0 {
			m.initHint(&bottom, i, origin, hm.scale, true)
			m.initHint(&top, i, origin, hm.scale, false)
			if bottom.locked() || top.locked() || bl.capture(&bottom, &top) {
				m.insertHint(hm, &bottom, &top)
				temp.mask[i>>3] &^= 0x80 >> uint(i&7)
			}
		}
	}
	if initial {
		if hm.count == 0 || hm.edge[0].csCoord > 0 || hm.edge[hm.count-1].csCoord < 0 {
			edge := hint{flags: hintGhostBottom | hintLocked | hintSynthetic, scale: hm.scale}
			var invalid hint
			m.insertHint(hm, &edge, &invalid)
		}
	} else {
		for i := 0; i < bitCount; i++ {
			if temp.mask[i>>3]&(0x80>>uint(i&7)) != 0 {
				m.initHint(&bottom, i, origin, hm.scale, true)
				m.initHint(&top, i, origin, hm.scale, false)
				m.insertHint(hm, &bottom, &top)
			}
		}
	}
	m.adjustHints(hm)
	if !initial {
		for i := 0; i < hm.count; i++ {
			e := &hm.edge[i]
			if !e.synthetic() {
				st := &m.hstems[e.index]
				if e.isTop() {
					st.maxDS = e.dsCoord
				} else {
					st.minDS = e.dsCoord
				}
				st.used = true
			}
		}
	}
	hm.valid = true
	mask.isNew = false
}

// min32 and max32 are FT_MIN and FT_MAX.
func min32(a, b int32) int32 {
	if a < b {
		return a
	}
	return b
}

// max32 is FreeType's FT_MAX on 32-bit values.
func max32(a, b int32) int32 {
	if a > b {
		return a
	}
	return b
}
