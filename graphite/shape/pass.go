package shape

// fsmRules is FiniteStateMachine::Rules: the rules of the states passed,
// merged in RuleEntry order without duplicates, at most maxRules. The first
// state's list is not copied: ext refers to it until a second one is merged.
type fsmRules struct {
	buf [2][maxRules]*rule
	ext []*rule // the list, when it is one state's (use is false)
	cur int
	n   int
	use bool // the list is buf[cur][:n], not ext
}

// clear empties the rule list.
func (r *fsmRules) clear() { r.n = 0 }

// list is the accumulated rules, in RuleEntry order.
func (r *fsmRules) list() []*rule {
	if !r.use {
		return r.ext[:r.n]
	}
	return r.buf[r.cur][:r.n]
}

// accumulate merges a state's rules (sorted as RuleEntry, at most maxRules)
// into the list.
func (r *fsmRules) accumulate(st []*rule) {
	if len(st) == 0 {
		return
	}
	if r.n == 0 {
		r.ext, r.n, r.use = st[:min(len(st), maxRules)], min(len(st), maxRules), false
		return
	}
	src := r.list()
	oi := 1 - r.cur
	out := r.buf[oi][:0]
	li, ri := 0, 0
	for li < len(src) && len(out) < maxRules {
		rr := st[ri]
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
			r.cur, r.n, r.use = oi, len(out), true
			return
		}
	}
	for ri < len(st) && len(out) < maxRules {
		out = append(out, st[ri])
		ri++
	}
	r.cur, r.n, r.use = oi, len(out), true
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
			if tr := sh.tr; tr != nil {
				tr.passStart(seg, -1, s.dir&1 != 0)
				tr.k("rules")
				tr.open('[')
				tr.close()
				tr.close()
			}
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
		if sh.tr != nil {
			sh.tr.passStart(seg, i+1, (s.dir&1 != 0) != p.reverseDir)
		}
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
		if sh.tr != nil {
			sh.tr.k("rules")
			sh.tr.open('[')
			ok := sh.runRules(p, s)
			sh.tr.close()
			if !ok {
				return false
			}
		} else if !sh.runRules(p, s) {
			return false
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
	ok := sh.collisionFinish(seg)
	if sh.tr != nil && p.numCollRuns != 0 {
		sh.tr.close() // the collisions array (Pass::collisionFinish)
	}
	return ok
}

// runRules is the rule loop of Pass::runGraphite: at each slot from s, the
// pass's state machine (Pass::runFSM) finds the rules that match there, the
// first whose constraint holds runs, and the cursor moves on as its action
// says (the loop counter and high-water mark as graphite2 keeps them). It
// returns false when the segment fails.
//
// The state machine does not run at slots where the pass's start filter
// (pass_filter.go) shows it would find no rule; where it runs, it does not
// fill the slot map: the map is filled (as runFSM would have filled it) only
// when some rule matched, since nothing reads it otherwise.
func (sh *Shaper) runRules(p *pass, s *slot) bool {
	sm := &sh.smap
	starts := p.startStates
	maxPre, minPre, maxLoop := p.maxPre, p.minPre, p.maxLoop
	filter, class := p.filter, p.startClass
	prev := filter && p.prevPairs != nil
	budget := sh.ruleBudget
	guard := 1
	if filter {
		// Leading slots where the state machine finds no rule: the loop
		// below would only move the cursor over them, each time setting the
		// high-water mark to the next slot (it starts there) and the loop
		// counter to maxLoop.
		for {
			if g := int(s.glyph); g < len(class) {
				if c := class[g]; c == filterRun || c == filterPair && !p.pairSkip(s, g) {
					break
				}
			}
			s = s.next
			if guard > budget {
				sh.mach.status = stDiedEarly
				return false
			}
			guard++
			if s == nil {
				sm.highwater, sm.highpassed = nil, false
				return true
			}
		}
	}
	// the high-water mark lives in locals here, in sm while rules run
	hw, hp := s.next, false
	lc := maxLoop
	for ; s != nil; guard++ {
		if filter {
			// slots where the state machine finds no rule (pass_filter.go):
			// the cursor moves on as below, without the machine
			for {
				// p.skipAt(s), the class test inlined
				if g := int(s.glyph); g < len(class) {
					if c := class[g]; c == filterRun || c == filterPair && !p.pairSkip(s, g) {
						break
					}
				}
				s = s.next
				if s == nil {
					break
				}
				if s == hw || hp {
					if lc == 0 {
						s = hw
					}
					lc = maxLoop
					if s != nil {
						hw, hp = s.next, false
					}
				} else if lc--; lc == 0 {
					s = hw
					lc = maxLoop
					if s != nil {
						hw, hp = s.next, false
					}
				}
				if guard > budget {
					sh.mach.status = stDiedEarly
					return false
				}
				guard++
				if s == nil {
					sm.highwater, sm.highpassed = hw, hp
					return true
				}
			}
			if s == nil {
				if guard > budget {
					sh.mach.status = stDiedEarly
					return false
				}
				break
			}
		}
		next := s.next
		if prev && p.prevSkip(s) {
			// the state machine finds no rule here (pass_filter.go)
		} else if first, ctxt := preContext(s, maxPre); ctxt >= minPre {
			// Pass::runFSM from s less its pre-context
			fr := &sh.rules
			fr.n = 0
			n, ok := fsmScan(p, fr, first, int(starts[maxPre-ctxt]))
			if ok && fr.n != 0 {
				// the slot map as runFSM fills it: the slot before the
				// pre-context, then n slots from it (only the last may be
				// none: the slot after the last the machine read)
				sm.precontext = ctxt
				sm.arr[0] = first.prev
				dst := sm.arr[1 : n+1]
				y := first
				for i := range dst[:n-1] {
					dst[i] = y
					y = y.next
				}
				dst[n-1] = y
				sm.size = n
				sm.highwater, sm.highpassed = hw, hp
				next = sh.doRules(p, s)
				if sh.mach.status != stFinished {
					return false
				}
				hw, hp = sm.highwater, sm.highpassed
			}
		}
		s = next
		if s != nil {
			cond := s == hw || hp
			if !cond {
				lc--
				cond = lc == 0
			}
			if cond {
				if lc == 0 {
					s = hw
				}
				lc = maxLoop
				if s != nil {
					hw, hp = s.next, false
				}
			}
		}
		if guard > budget {
			sh.mach.status = stDiedEarly
			return false
		}
	}
	sm.highwater, sm.highpassed = hw, hp
	return true
}

// fsmScan is the loop of Pass::runFSM: it runs p's state machine from state
// over the slots from x, accumulating in fr the rules of the success states
// it passes. It returns how many slots runFSM's slot map holds then (the last
// one possibly none), and false when the machine ran out of slots, in which
// case graphite2 tries none of the rules.
func fsmScan(p *pass, fr *fsmRules, x *slot, state int) (int, bool) {
	return fsmScanFrom(p, fr, x, state, 1)
}

// fsmScanFrom is fsmScan's loop from the n-th slot read. The merge of a
// further state's rules (fsmMerge) is its only call, made in tail position
// so that nothing of the loop is live across it (a call inside the loop
// made every entry spill the loop's seven values).
func fsmScanFrom(p *pass, fr *fsmRules, x *slot, state, n int) (int, bool) {
	cols, trans := p.cols, p.transitions
	ncol, ntrans, succ := p.numColumns, p.numTrans, p.successStart
	for ; ; n++ {
		// graphite2 counts the free slots down from maxSlots: it stops,
		// keeping the rules, at a glyph without a column or a state without
		// transitions, and drops them when the count runs out.
		g := int(x.glyph)
		if g >= len(cols) {
			return n, true
		}
		c := int(cols[g])
		if c == 0xFFFF {
			return n, true
		}
		if n == maxSlots {
			return n, false
		}
		if state >= ntrans {
			return n, true
		}
		state = int(trans[state*ncol+c])
		if state >= succ {
			// fr.accumulate, the first non-empty list taken in line
			if st := p.states[state]; len(st) != 0 {
				if fr.n != 0 {
					return fsmMerge(p, fr, x, state, n, st)
				}
				k := min(len(st), maxRules)
				fr.ext, fr.n, fr.use = st[:k], k, false
			}
		}
		if x = x.next; state == 0 || x == nil {
			return n + 1, true // with the slot after the last read, possibly none
		}
	}
}

// fsmMerge is fsmScanFrom's step at a success state whose rules st join a
// non-empty list: it merges them (fsmRules.accumulate) and goes on from
// the slot after x.
func fsmMerge(p *pass, fr *fsmRules, x *slot, state, n int, st []*rule) (int, bool) {
	fr.accumulate(st)
	if x = x.next; state == 0 || x == nil {
		return n + 1, true // as fsmScanFrom's loop ends
	}
	return fsmScanFrom(p, fr, x, state, n+1)
}

// preContext returns the slot up to max slots before s, and how many slots
// before s that is.
func preContext(s *slot, max int) (*slot, int) {
	k := max // slots still to go back (counting down keeps the loop in registers in runRules)
	for k != 0 {
		q := s.prev
		if q == nil {
			break
		}
		s = q
		k--
	}
	return s, max - k
}

// doRules is the rest of Pass::findNDoRule once the state machine matched
// rules at s (the slot map filled): the first rule whose constraint holds
// runs its action. It returns the new cursor.
func (sh *Shaper) doRules(p *pass, s *slot) *slot {
	m := &sh.mach
	sm := &sh.smap
	rl := sh.rules.list()
	k := 0
	for ; k < len(rl); k++ {
		// Pass::testConstraint, the slot checks inlined
		r := rl[k]
		sh.failRule = r.index
		ctx := sm.precontext - r.preContext
		if r.sort+ctx <= sm.size && ctx >= 0 && sm.arr[ctx+r.sort] != nil &&
			(r.constraint == nil || sh.testConstraint(r, 1+ctx)) {
			break
		}
		if m.status != stFinished {
			return s
		}
	}
	if m.status != stFinished {
		return s
	}
	if sh.tr != nil {
		return sh.doRulesTraced(s, rl, k)
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
	return s.next
}

// testPassConstraint is Pass::testPassConstraint: runs the pass
// constraint on the whole segment; true when there is none.
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
	if sh.tr != nil {
		sh.tr.k("constraint")
		sh.tr.bool(ret != 0 && sh.mach.status == stFinished)
	}
	return ret != 0 && sh.mach.status == stFinished
}

// testConstraint is Pass::testConstraint: runs rule r's constraint at each
// slot it matched, from the slot map's index base on; it holds when every
// run returns non-zero.
// Runs whose outcome is known (constraintRuns) are not made.
func (sh *Shaper) testConstraint(r *rule, base int) bool {
	sm := &sh.smap
	if r.knownAt != 0 {
		return sh.testConstraintKnown(r, base)
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

// testConstraintKnown is testConstraint for a rule with known runs.
func (sh *Shaper) testConstraintKnown(r *rule, base int) bool {
	sm := &sh.smap
	for n := 0; n < r.sort; n++ {
		idx := base + n
		if sm.arr[idx] == nil {
			continue
		}
		if r.knownAt>>uint(n)&1 != 0 {
			// the run's outcome is known (constraintRuns) once exec's
			// slot-offset check passes
			if sm.outOfBounds(r.constraint.maxRef) {
				sh.mach.status = stSlotOffsetOutOfBounds
				return false
			}
			if r.trueAt>>uint(n)&1 == 0 && (sh.mach.seg.getFeature(int(r.feat)) != 0) != (r.featAt>>uint(n)&1 != 0) {
				return false
			}
			continue
		}
		ret := sh.mach.runCode(r.constraint, &idx)
		if ret == 0 || sh.mach.status != stFinished {
			return false
		}
	}
	return true
}

// doAction is Pass::doAction: runs a rule's action from the map's first
// input slot and returns its value and the slot it ends on (nil when the
// machine failed).
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

// collectGarbage is SlotMap::collectGarbage: frees the map's deleted and
// copied slots, moving a off a freed slot.
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

// adjustSlot is Pass::adjustSlot: moves s by delta slots (the action's
// return value), keeping the map's high-water mark.
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
