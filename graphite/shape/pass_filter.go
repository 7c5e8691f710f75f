package shape

// The start filter: at most slots of a pass no rule matches, and the rule
// loop can tell that from the glyphs of the slot and of its neighbours,
// without running the state machine over the pre-context. The filter is
// derived from the state machine itself (not from the rules' patterns), so
// that it holds for any font:
//
// With k slots of pre-context, the machine starts in startStates[maxPre-k]
// and reads the k pre-context slots, then the slot s itself, then the slot
// after it. If no success state can be entered while the pre-context is
// read, the rules it finds are those of success states entered at s or
// after. Let U be the states some pre-context (some k in [minPre, maxPre],
// any columns) can lead to, leaving out those without transitions (the
// machine stops there). Then the machine finds no rule at s when:
//
//   - s's glyph has no column, or every state of U goes to state 0 (not a
//     success state) on its column c1 (class filterSkip); or else
//   - no state of U enters a success state on c1 (class filterPair), and
//     either s is the last slot, or the next slot's glyph has no column, or
//     every state t1 that U leads to on c1 (a state with transitions, not
//     0) goes to state 0 (not a success state) on the next slot's column c2
//     (pair bit c1*numColumns+c2 clear); or else
//   - s has a slot before it (so the pre-context is at least that slot,
//     when maxPre > 0) and, with W the states some pre-context can be in
//     before its last slot, that slot's glyph has no column, or every state
//     W leads to on its column c0 (not 0, with transitions) goes to state 0
//     on c1 (bit c0*numColumns+c1 of prevPairs clear; that table is kept only
//     when at most 90% of its bits that matter are set).
//
// Otherwise the machine runs. When a success state can be entered within
// some pre-context (graphite2's compiler never builds such a machine, a
// hostile font may), or the analysis would take more than its share of
// filterBudget, the pass has no filter and the machine always runs; when
// only a pair table would be too big or too costly, that test is left out.

// filterBudget bounds the work and memory of building the filters of one
// face: transitions looked at, plus pair-table bits, summed over passes.
const filterBudget = 1 << 24

// maxPairBits bounds a pass's pair table (numColumns squared bits).
const maxPairBits = 1 << 20

// Filter classes of a glyph (pass.startClass).
const (
	filterSkip = 0 // the machine finds no rule at a slot holding the glyph
	filterPair = 1 // it finds none unless the pair bit with the next slot's column is set
	filterRun  = 2 // run the machine
)

// buildStartFilter sets p.filter, p.startClass, p.pairs and p.prevPairs
// (see above).
// budget is the work the face has left for filters; it returns what is left
// after p.
func (p *pass) buildStartFilter(budget int) int {
	p.filter, p.startClass, p.pairs, p.prevPairs = false, nil, nil, nil
	ncol, ntrans, succ := p.numColumns, p.numTrans, p.successStart
	if p.numRules == 0 || ncol <= 0 || p.maxPre >= maxSlots-2 || len(p.cols) == 0 ||
		len(p.startStates) != p.maxPre-p.minPre+1 || len(p.transitions) != ntrans*ncol {
		return budget
	}
	// U: the states some pre-context leads to
	mark := make([]int32, p.numStates) // epoch a state was last added at
	inU := make([]bool, p.numStates)
	inW := make([]bool, p.numStates)
	var u, w, set, next []int
	epoch := int32(0)
	for k := p.minPre; k <= p.maxPre; k++ {
		set = append(set[:0], int(p.startStates[p.maxPre-k]))
		for step := 0; step < k && len(set) != 0; step++ {
			if step == k-1 {
				// W: the states before the last pre-context slot
				for _, q := range set {
					if q < ntrans && !inW[q] {
						inW[q] = true
						w = append(w, q)
					}
				}
			}
			epoch++
			next = next[:0]
			for _, q := range set {
				if q >= ntrans {
					continue // the machine stops there, having found nothing
				}
				budget -= ncol
				if budget < 0 {
					return budget
				}
				for _, t := range p.transitions[q*ncol : (q+1)*ncol] {
					if int(t) >= succ {
						return budget // a success state within the pre-context: no filter
					}
					if t != 0 && mark[t] != epoch {
						mark[t] = epoch
						next = append(next, int(t))
					}
				}
			}
			set, next = next, set
		}
		for _, q := range set {
			if q < ntrans && !inU[q] {
				inU[q] = true
				u = append(u, q)
			}
		}
	}
	// the class of each column
	class := make([]uint8, ncol)
	for _, q := range u {
		budget -= ncol
		if budget < 0 {
			return budget
		}
		for c, t := range p.transitions[q*ncol : (q+1)*ncol] {
			switch {
			case int(t) >= succ:
				class[c] = filterRun
			case t != 0 && class[c] == filterSkip:
				class[c] = filterPair
			}
		}
	}
	// the pair tables, when small enough
	pairs := p.pairBits(u, func(c1 int) bool { return class[c1] == filterPair }, mark, &epoch, &budget)
	if p.maxPre > 0 {
		p.prevPairs = p.pairBits(w, func(c1 int) bool { return true }, mark, &epoch, &budget)
	}
	if p.prevPairs != nil {
		budget -= ncol * ncol // sparseEnough's work
		if budget < 0 || !sparseEnough(p.prevPairs, class, ncol) {
			p.prevPairs = nil // it would rule out too few slots to pay for its test
		}
	}
	p.startClass = make([]uint8, len(p.cols))
	for g, c := range p.cols {
		if c == 0xFFFF || int(c) >= ncol {
			continue
		}
		p.startClass[g] = class[c]
		if pairs == nil && class[c] == filterPair {
			p.startClass[g] = filterRun
		}
	}
	p.pairs = pairs
	p.filter = true
	return budget
}

// pairBits returns the pair table of the states from: bit c1*numColumns+c2
// is set when some state of from goes on column c1 to a state t1 (not 0,
// with transitions) that does not go to state 0 (not a success state) on
// c2. Only columns c1 with want(c1) get bits. It returns nil when the table
// would be too big or its work would exceed the budget.
func (p *pass) pairBits(from []int, want func(int) bool, mark []int32, epoch *int32, budget *int) []uint64 {
	ncol, ntrans, succ := p.numColumns, p.numTrans, p.successStart
	if ncol*ncol > maxPairBits || *budget < ncol*ncol {
		return nil
	}
	*budget -= ncol * ncol // the table's bits, counted against the face's budget
	pairs := make([]uint64, (ncol*ncol+63)/64)
	for c1 := 0; c1 < ncol; c1++ {
		if !want(c1) {
			continue
		}
		*epoch++
		for _, q := range from {
			t1 := int(p.transitions[q*ncol+c1])
			if t1 == 0 || t1 >= ntrans || mark[t1] == *epoch {
				continue
			}
			mark[t1] = *epoch
			if *budget -= ncol; *budget < 0 {
				*budget += ncol
				return nil
			}
			for c2, t2 := range p.transitions[t1*ncol : (t1+1)*ncol] {
				if t2 != 0 || succ == 0 {
					i := c1*ncol + c2
					pairs[i>>6] |= 1 << (i & 63)
				}
			}
		}
	}
	return pairs
}

// sparseEnough reports whether at most 90% of the pair bits (c1, c2) with
// c2 not of class filterSkip are set.
func sparseEnough(pairs []uint64, class []uint8, ncol int) bool {
	set, all := 0, 0
	for c1 := 0; c1 < ncol; c1++ {
		for c2 := 0; c2 < ncol; c2++ {
			if class[c2] == filterSkip {
				continue
			}
			all++
			i := c1*ncol + c2
			set += int(pairs[i>>6] >> (i & 63) & 1)
		}
	}
	return set*10 <= all*9
}

// prevSkip reports whether the start filter's pair table of the previous
// slot and s rules out every rule at s, a slot skipAt does not rule out.
func (p *pass) prevSkip(s *slot) bool {
	q := s.prev
	if q == nil || p.prevPairs == nil || p.maxPre == 0 {
		return false
	}
	g1 := int(q.glyph)
	if g1 >= len(p.cols) || p.cols[g1] == 0xFFFF {
		return true // the machine stops in the pre-context, having found nothing
	}
	i := int(p.cols[g1])*p.numColumns + int(p.cols[s.glyph])
	return p.prevPairs[i>>6]>>(i&63)&1 == 0
}

// skipAt reports whether the start filter rules out every rule at s
// (p.filter must be set).
func (p *pass) skipAt(s *slot) bool {
	g := int(s.glyph)
	if g >= len(p.startClass) {
		return true
	}
	switch p.startClass[g] {
	case filterSkip:
		return true
	case filterPair:
		return p.pairSkip(s, g)
	}
	return false
}

// pairSkip is skipAt for a slot s whose glyph g is of class filterPair.
func (p *pass) pairSkip(s *slot, g int) bool {
	x := s.next
	if x == nil {
		return true
	}
	g2 := int(x.glyph)
	if g2 >= len(p.cols) {
		return true
	}
	c2 := p.cols[g2]
	if c2 == 0xFFFF {
		return true
	}
	i := int(p.cols[g])*p.numColumns + int(c2)
	return p.pairs[i>>6]>>(i&63)&1 == 0
}
