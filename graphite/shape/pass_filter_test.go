package shape

import (
	"math/rand"
	"testing"
)

// randomPass builds a pass with a random state machine: nGlyphs glyphs
// (some without a column), random start states and transitions (mostly to
// state 0), success states with one rule each.
func randomPass(r *rand.Rand, nGlyphs int) *pass {
	p := &pass{}
	p.numColumns = 1 + r.Intn(6)
	p.numStates = 2 + r.Intn(12)
	p.numTrans = 1 + r.Intn(p.numStates)
	p.numSuccess = r.Intn(p.numStates + 1)
	p.successStart = p.numStates - p.numSuccess
	p.minPre = r.Intn(3)
	p.maxPre = p.minPre + r.Intn(3)
	p.maxLoop = 5
	p.cols = make([]uint16, nGlyphs)
	for g := range p.cols {
		if r.Intn(5) == 0 {
			p.cols[g] = 0xFFFF
		} else {
			p.cols[g] = uint16(r.Intn(p.numColumns))
		}
	}
	p.numGlyphs = nGlyphs
	p.startStates = make([]uint16, p.maxPre-p.minPre+1)
	for i := range p.startStates {
		p.startStates[i] = uint16(r.Intn(p.numStates))
	}
	p.transitions = make([]uint16, p.numTrans*p.numColumns)
	for i := range p.transitions {
		if r.Intn(3) != 0 {
			p.transitions[i] = uint16(r.Intn(p.numStates))
		}
	}
	p.states = make([][]*rule, p.numStates)
	p.rules = make([]rule, p.numSuccess)
	for st := p.successStart; st < p.numStates; st++ {
		k := st - p.successStart
		p.rules[k] = rule{sort: 1 + r.Intn(3), index: k}
		p.states[st] = []*rule{&p.rules[k]}
	}
	p.numRules = len(p.rules)
	return p
}

// TestStartFilterSound checks the start filter against the state machine
// on random machines and glyph strings: wherever the machine finds rules
// (graphite2 would try them), the filter lets the slot through. It also
// checks that the filter is built for machines graphite2's compiler could
// make (no success state within a pre-context) and skips slots there.
func TestStartFilterSound(t *testing.T) {
	r := rand.New(rand.NewSource(8))
	sh := &Shaper{}
	built, skipped, pairSkipped, prevSkipped, matched := 0, 0, 0, 0, 0
	for iter := 0; iter < 20000; iter++ {
		nGlyphs := 1 + r.Intn(8)
		p := randomPass(r, nGlyphs)
		if r.Intn(2) == 0 {
			// no success state within a pre-context: success states only
			// after the first transition from a start state
			for i := range p.transitions {
				if int(p.transitions[i]) >= p.successStart && r.Intn(4) != 0 {
					p.transitions[i] = 0
				}
			}
		}
		if p.buildStartFilter(filterBudget) < 0 {
			t.Fatal("budget exhausted on a tiny machine")
		}
		if p.filter {
			built++
			if len(p.startClass) != len(p.cols) {
				t.Fatalf("startClass has %d entries for %d glyphs", len(p.startClass), len(p.cols))
			}
		}
		// a random slot chain, glyphs possibly beyond the pass's glyphs
		n := 1 + r.Intn(10)
		slots := make([]slot, n)
		for i := range slots {
			slots[i].glyph = uint16(r.Intn(nGlyphs + 2))
			if i > 0 {
				slots[i].prev = &slots[i-1]
				slots[i-1].next = &slots[i]
			}
		}
		for i := range slots {
			s := &slots[i]
			first, ctxt := preContext(s, p.maxPre)
			if ctxt < p.minPre {
				continue
			}
			sh.rules.n = 0
			_, ok := fsmScan(p, &sh.rules, first, int(p.startStates[p.maxPre-ctxt]))
			found := ok && sh.rules.n != 0
			pass := !p.filter || !(p.skipAt(s) || p.prevSkip(s))
			if found {
				matched++
				if !pass {
					t.Fatalf("iteration %d: the filter skips slot %d (glyph %d, pre-context %d) where the machine finds %d rules",
						iter, i, s.glyph, ctxt, sh.rules.n)
				}
			} else if !pass {
				skipped++
				if int(s.glyph) < len(p.startClass) && p.startClass[s.glyph] == filterPair && p.skipAt(s) {
					pairSkipped++
				} else if !p.skipAt(s) {
					prevSkipped++
				}
			}
		}
	}
	if built < 2000 || skipped < 2000 || pairSkipped < 1000 || prevSkipped < 500 || matched < 2000 {
		t.Fatalf("vacuous: filters built %d, slots skipped %d (%d by the pair table, %d by the previous-slot table), slots with rules %d",
			built, skipped, pairSkipped, prevSkipped, matched)
	}
	t.Logf("filters built %d of 20000; slots skipped %d (%d by the pair table, %d by the previous-slot table); slots with rules %d",
		built, skipped, pairSkipped, prevSkipped, matched)
}

// TestStartFilterHostile checks that a machine entering a success state
// within a pre-context gets no filter, and that the face-wide budget turns
// filters off rather than running long.
func TestStartFilterHostile(t *testing.T) {
	p := &pass{numColumns: 2, numStates: 3, numTrans: 2, numSuccess: 1, successStart: 2, minPre: 1, maxPre: 1, numRules: 1}
	p.cols = []uint16{0, 1}
	p.startStates = []uint16{1}
	p.transitions = []uint16{0, 0, 2, 0} // state 1 on column 0 -> success state 2, within the pre-context
	p.rules = []rule{{sort: 2}}
	p.states = [][]*rule{nil, nil, {&p.rules[0]}}
	p.buildStartFilter(filterBudget)
	if p.filter {
		t.Fatal("filter built for a machine with a success state within the pre-context")
	}
	p.transitions = []uint16{0, 0, 0, 1}
	if left := p.buildStartFilter(filterBudget); !p.filter || left >= filterBudget {
		t.Fatalf("filter %v, budget left %d", p.filter, left)
	}
	if p.buildStartFilter(1); p.filter {
		t.Fatal("filter built beyond the budget")
	}
	// a machine too big for a pair table still gets the one-slot filter
	q := &pass{numColumns: 1100, numStates: 2, numTrans: 2, numSuccess: 1, successStart: 1, numRules: 1}
	q.cols = []uint16{0, 1, 0xFFFF}
	q.startStates = []uint16{0}
	q.transitions = make([]uint16, 2*1100)
	q.transitions[1] = 1 // state 0 on column 1 -> success state 1
	q.rules = []rule{{sort: 1}}
	q.states = [][]*rule{nil, {&q.rules[0]}}
	q.buildStartFilter(filterBudget)
	if !q.filter || q.pairs != nil || q.startClass[0] != filterSkip || q.startClass[1] != filterRun || q.startClass[2] != filterSkip {
		t.Fatalf("filter %v, pairs %d words, classes %v", q.filter, len(q.pairs), q.startClass)
	}
	// a pair table beyond the budget is left out: pair glyphs run the machine
	r := &pass{numColumns: 100, numStates: 3, numTrans: 2, numSuccess: 1, successStart: 2, numRules: 1}
	r.cols = []uint16{0, 1}
	r.startStates = []uint16{0}
	r.transitions = make([]uint16, 2*100)
	r.transitions[0] = 1     // state 0 on column 0 -> state 1 (class filterPair)
	r.transitions[1] = 2     // state 0 on column 1 -> success state 2 (class filterRun)
	r.transitions[100+5] = 2 // state 1 on column 5 -> success state 2
	r.rules = []rule{{sort: 1}}
	r.states = [][]*rule{nil, nil, {&r.rules[0]}}
	r.buildStartFilter(filterBudget)
	if !r.filter || r.pairs == nil || r.startClass[0] != filterPair || r.startClass[1] != filterRun {
		t.Fatalf("full budget: filter %v, pairs %d words, classes %v", r.filter, len(r.pairs), r.startClass)
	}
	r.buildStartFilter(1000)
	if !r.filter || r.pairs != nil || r.startClass[0] != filterRun || r.startClass[1] != filterRun {
		t.Fatalf("small budget: filter %v, pairs %d words, classes %v", r.filter, len(r.pairs), r.startClass)
	}
}
