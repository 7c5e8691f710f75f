package shape

// fsmRules is FiniteStateMachine::Rules: the rules of the states passed,
// merged in RuleEntry order without duplicates, at most maxRules.
type fsmRules struct {
	buf   [2][maxRules]*rule
	cur   int
	n     int
	begin bool
}

func (r *fsmRules) clear() { r.n = 0 }

func (r *fsmRules) list() []*rule { return r.buf[r.cur][:r.n] }

func (r *fsmRules) accumulate(p *pass, st []uint16) {
	if len(st) == 0 {
		return
	}
	src := r.buf[r.cur][:r.n]
	oi := 1 - r.cur
	out := r.buf[oi][:0]
	li, ri := 0, 0
	for li < len(src) && len(out) < maxRules {
		rr := &p.rules[st[ri]]
		l := src[li]
		switch {
		case ruleLess(l, rr):
			out = append(out, l)
			li++
		case ruleLess(rr, l):
			out = append(out, rr)
			ri++
		default:
			out = append(out, l)
			li++
			ri++
		}
		if ri == len(st) {
			for li < len(src) && len(out) < maxRules {
				out = append(out, src[li])
				li++
			}
			r.cur, r.n = oi, len(out)
			return
		}
	}
	for ri < len(st) && len(out) < maxRules {
		out = append(out, &p.rules[st[ri]])
		ri++
	}
	r.cur, r.n = oi, len(out)
}

// runPasses is Silf::runGraphite.
func (sh *Shaper) runPasses(seg *segment, firstPass, lastPass int, dobidi bool) bool {
	s := seg.silf
	maxSize := seg.numGlyphs * maxSegGrowth
	sm := &sh.smap
	*sm = slotMap{maxSize: maxSize, dir: uint8(s.dir)}
	m := &sh.mach
	m.seg = seg
	m.smap = sm
	m.status = stFinished
	m.specOps = sh.opts.SpecBitOps
	lbidi := s.bPass
	if lastPass == 0 {
		if firstPass == lastPass && lbidi == 0xFF {
			return true
		}
		lastPass = s.numPasses
	}
	if (firstPass < lbidi || (dobidi && firstPass == lbidi)) && (lastPass >= lbidi || (dobidi && lastPass+1 == lbidi)) {
		lastPass++
	} else {
		lbidi = 0xFF
	}
	for i := firstPass; i < lastPass; i++ {
		if i == lbidi {
			if seg.currdir() != (s.dir&1 != 0) {
				seg.reverseSlots()
			}
			if s.aMirror != 0 && seg.dir&3 == 3 {
				seg.doMirror(s.aMirror)
			}
			i--
			lbidi = lastPass
			lastPass--
			continue
		}
		p := &s.passes[i]
		sh.failPass, sh.failRule = i, -1
		reverse := lbidi == 0xFF && seg.currdir() != ((s.dir&1 != 0) != p.reverseDir)
		if i >= 32 || seg.passBits&(1<<uint(i)) == 0 || p.numCollRuns != 0 {
			if !sh.runPass(p, reverse) {
				return false
			}
		}
		if m.status != stFinished || (seg.numGlyphs != 0 && seg.numGlyphs > maxSize) {
			return false
		}
	}
	return true
}

// runPass is Pass::runGraphite.
func (sh *Shaper) runPass(p *pass, reverse bool) bool {
	seg := sh.mach.seg
	m := &sh.mach
	sm := &sh.smap
	s := seg.first
	if s == nil || !sh.testPassConstraint(p) {
		return true
	}
	if reverse {
		seg.reverseSlots()
		s = seg.first
	}
	if p.numRules != 0 {
		sm.setHighwater(s.next)
		lc := p.maxLoop
		guard := 0
		for s != nil {
			s = sh.findNDoRule(p, s)
			if m.status != stFinished {
				return false
			}
			if s != nil {
				cond := s == sm.highwater || sm.highpassed
				if !cond {
					lc--
					cond = lc == 0
				}
				if cond {
					if lc == 0 {
						s = sm.highwater
					}
					lc = p.maxLoop
					if s != nil {
						sm.setHighwater(s.next)
					}
				}
			}
			guard++
			if guard > sh.ruleBudget {
				m.status = stDiedEarly
				return false
			}
		}
	}
	collisions := p.numCollRuns != 0 || p.kernColls != 0
	if !collisions || !(seg.flags&segHasCollisions != 0 && seg.collisions != nil) {
		return true
	}
	if p.numCollRuns != 0 {
		if seg.flags&segInitCollisions == 0 {
			seg.positionSlots(0, false, nil, nil, sm.dir != 0, true)
		}
		if !sh.collisionShift(p, seg, int(sm.dir)) {
			return false
		}
	}
	if p.kernColls != 0 && !sh.collisionKern(p, seg, int(sm.dir)) {
		return false
	}
	return sh.collisionFinish(seg)
}

func (sh *Shaper) testPassConstraint(p *pass) bool {
	if p.pconstraint == nil {
		return true
	}
	sm := &sh.smap
	seg := sh.mach.seg
	sm.reset(seg.first, 0)
	sm.push(seg.first)
	idx := 1
	ret := sh.mach.runCode(p.pconstraint, &idx)
	return ret != 0 && sh.mach.status == stFinished
}

func (sh *Shaper) testConstraint(r *rule) bool {
	sm := &sh.smap
	ctx := sm.precontext
	if r.sort+ctx-r.preContext > sm.size || ctx-r.preContext < 0 {
		return false
	}
	base := 1 + ctx - r.preContext
	if sm.arr[base+r.sort-1] == nil {
		return false
	}
	if r.constraint == nil {
		return true
	}
	for n := 0; n < r.sort; n++ {
		idx := base + n
		if sm.arr[idx] == nil {
			continue
		}
		ret := sh.mach.runCode(r.constraint, &idx)
		if ret == 0 || sh.mach.status != stFinished {
			return false
		}
	}
	return true
}

// runFSM is Pass::runFSM.
func (sh *Shaper) runFSM(p *pass, s *slot) bool {
	sm := &sh.smap
	fr := &sh.rules
	fr.clear()
	ctxt := 0
	for ; ctxt != p.maxPre && s.prev != nil; ctxt++ {
		s = s.prev
	}
	sm.reset(s, ctxt)
	if ctxt < p.minPre {
		return false
	}
	state := int(p.startStates[p.maxPre-ctxt])
	free := maxSlots
	for {
		sm.push(s)
		if int(s.glyph) >= p.numGlyphs || p.cols[s.glyph] == 0xFFFF {
			return free != 0
		}
		free--
		if free == 0 || state >= p.numTrans {
			return free != 0
		}
		state = int(p.transitions[state*p.numColumns+int(p.cols[s.glyph])])
		if state >= p.successStart {
			fr.accumulate(p, p.states[state])
		}
		s = s.next
		if state == 0 || s == nil {
			break
		}
	}
	sm.push(s)
	return true
}

// findNDoRule is Pass::findNDoRule; it returns the new cursor.
func (sh *Shaper) findNDoRule(p *pass, s *slot) *slot {
	m := &sh.mach
	if sh.runFSM(p, s) {
		rl := sh.rules.list()
		k := 0
		for k < len(rl) && !sh.testConstraintAt(rl[k]) {
			k++
			if m.status != stFinished {
				return s
			}
		}
		if m.status != stFinished {
			return s
		}
		if k < len(rl) {
			r := rl[k]
			sh.failRule = r.index
			adv, out := sh.doAction(r.action, s)
			if m.status != stFinished {
				return out
			}
			if r.action != nil && r.action.deletes {
				out = sh.collectGarbage(out)
			}
			return sh.adjustSlot(adv, out)
		}
	}
	return s.next
}

func (sh *Shaper) doAction(c *code, s *slot) (int, *slot) {
	if c == nil {
		return 0, s
	}
	sm := &sh.smap
	idx := 1 + sm.precontext
	sm.highpassed = false
	ret := sh.mach.runCode(c, &idx)
	if sh.mach.status != stFinished {
		sm.highwater = nil
		return 0, nil
	}
	return int(ret), sm.arr[idx]
}

func (sh *Shaper) collectGarbage(a *slot) *slot {
	sm := &sh.smap
	seg := sh.mach.seg
	for i := 1; i < sm.size; i++ { // begin() .. end()-1, exclusive
		s := sm.arr[i]
		if s != nil && (s.isDeleted() || s.isCopied()) {
			if s == a {
				if s.prev != nil {
					a = s.prev
				} else {
					a = s.next
				}
			}
			seg.freeSlot(s)
		}
	}
	return a
}

func (sh *Shaper) adjustSlot(delta int, s *slot) *slot {
	sm := &sh.smap
	seg := sh.mach.seg
	if s == nil {
		if sm.highpassed || s == sm.highwater {
			s = seg.last
			delta++
			if sm.highwater == nil || sm.highwater == s {
				sm.highpassed = false
			}
		} else {
			s = seg.first
			delta--
		}
	}
	if delta < 0 {
		for delta++; delta <= 0 && s != nil; delta++ {
			s = s.prev
			if sm.highpassed && sm.highwater == s {
				sm.highpassed = false
			}
		}
	} else if delta > 0 {
		for delta--; delta >= 0 && s != nil; delta-- {
			if s == sm.highwater && s != nil {
				sm.highpassed = true
			}
			s = s.next
		}
	}
	return s
}

func (sh *Shaper) testConstraintAt(r *rule) bool {
	sh.failRule = r.index
	return sh.testConstraint(r)
}
