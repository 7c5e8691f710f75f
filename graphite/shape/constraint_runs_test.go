package shape

import (
	"fmt"
	"fontvm/graphite/isa"
	"math/rand"
	"strings"
	"testing"

	"fontvm/graphite"
)

// TestConstraintRuns checks constraintRuns, which lets testConstraint skip
// constraint runs whose outcome it knows: random constraints (decoded with
// graphite's loader for a rule of 4 slots with pre-context 0 or 1) run at
// each slot of a fresh segment with random feature values; wherever a run
// is said to be known, the run must end with the predicted truth, status
// finished, and the segment, slot map, features and stack guard words as
// they were. Each outcome kind must occur often, so the test cannot pass
// vacuously (and a wrong analysis, e.g. one accepting a slot-relative
// read or a matching cntxt_item, is caught).
func TestConstraintRuns(t *testing.T) {
	x := newFixture(t)
	rng := rand.New(rand.NewSource(11))
	iters := 20000
	if testing.Short() {
		iters = 3000
	}
	var kinds [4]int
	rules := 0
	for iter := 0; iter < iters; iter++ {
		bc := randConstraint(rng)
		k, r, msg := x.checkConstraintRuns(bc, rng.Intn(2), rng.Int63())
		if msg != "" {
			t.Fatalf("iteration %d: %s", iter, msg)
		}
		for i := range kinds {
			kinds[i] += k[i]
		}
		rules += r
	}
	for k, v := range kinds {
		if v < iters/50 {
			t.Fatalf("vacuous: outcome kinds %v (kind %d rare)", kinds, k)
		}
	}
	if rules < iters/50 {
		t.Fatalf("vacuous: %d rules compared", rules)
	}
	t.Logf("outcome kinds (exec, true, feat, not feat): %v; %d rules compared", kinds, rules)
}

// checkConstraintRuns decodes bc as the constraint of a 4-slot rule with
// pre-context pre and checks constraintRuns' masks against exec (each known
// run, in surroundings from seed) and testConstraint with the masks against
// testConstraint without. It returns how many slots had each outcome kind,
// whether a whole rule was compared (1) and what went wrong ("" for
// nothing).
func (x *machineFixture) checkConstraintRuns(bc []byte, pre int, seed int64) (kinds [4]int, rules int, msg string) {
	gc, err := x.f.src.DecodeCode(x.f.silf.classes, true, bc, pre, 4, graphite.PassSubstitute)
	if err != nil || gc == nil {
		return kinds, 0, ""
	}
	c := newCode(gc)
	if c == nil {
		return kinds, 0, ""
	}
	rng := rand.New(rand.NewSource(seed))
	trueAt, featAt, notAt, feat := constraintRuns(&runAnalysis{budget: runBudget}, gc, 4, pre)
	if trueAt&featAt != 0 || trueAt&notAt != 0 || featAt&notAt != 0 {
		return kinds, 0, fmt.Sprintf("program % x: overlapping masks %b %b %b", bc, trueAt, featAt, notAt)
	}
	nop := &code{instrs: []instr{{op: mRetTrue, base: mRetTrue}}}
	for n := 0; n < 4; n++ {
		kind := runExec
		switch {
		case trueAt>>n&1 != 0:
			kind = runTrue
		case featAt>>n&1 != 0:
			kind = runFeat
		case notAt>>n&1 != 0:
			kind = runNotFeat
		}
		kinds[kind]++
		if kind == runExec {
			continue
		}
		for i := range x.stackInit {
			x.stackInit[i] = int32(rng.Intn(3))
		}
		x.runCode(nop, false, 4, 1) // a fresh segment, all 4 slots mapped
		sh := x.sh
		for i := range sh.seg.feats {
			sh.seg.feats[i] = uint32(rng.Intn(3))
		}
		sh.smap.precontext = pre
		before := x.segState(0, stFinished)
		fv := sh.seg.getFeature(int(feat)) != 0
		want := kind == runTrue || (kind == runFeat) == fv
		idx := 1 + n
		ret := sh.mach.runCode(c, &idx)
		after := x.segState(0, sh.mach.status)
		if (ret != 0) != want || after != before {
			return kinds, 0, fmt.Sprintf("program % x (pre %d) at slot %d, kind %d feature %d (%v): ret %d, want non-zero %v\nbefore %s\nafter %s",
				bc, pre, n, kind, feat, fv, ret, want, firstLine(before), firstLine(after))
		}
	}
	if trueAt|featAt|notAt == 0 {
		return kinds, 0, ""
	}
	// the whole rule, fast and slow, in the same random surroundings (a
	// short slot map exercises exec's slot-offset check)
	fast := &rule{constraint: c, sort: 4, preContext: pre, trueAt: trueAt, featAt: featAt, notAt: notAt, feat: feat,
		knownAt: trueAt | featAt | notAt}
	slow := &rule{constraint: c, sort: 4, preContext: pre}
	seed2 := rng.Int63()
	if got, want := x.testRule(fast, seed2), x.testRule(slow, seed2); got != want {
		return kinds, 0, fmt.Sprintf("program % x (pre %d): testConstraint with known runs differs\nslow %s\nfast %s", bc, pre, want, got)
	}
	return kinds, 1, ""
}

// FuzzConstraintRuns is TestConstraintRuns on arbitrary bytecode.
//
//	go test ./graphite/shape -run XXX -fuzz FuzzConstraintRuns
func FuzzConstraintRuns(f *testing.F) {
	x := newFixture(f)
	f.Add(uint8(1), int64(1), []byte{isa.PushFeat, 0, 0, isa.ContextItem, 0, 4, isa.PushByte, 1, isa.PushByte, 2, isa.Less, isa.And, isa.PopRet})
	f.Add(uint8(0), int64(2), []byte{isa.PushFeat, 1, 0, isa.Not, isa.PopRet})
	f.Add(uint8(0), int64(3), []byte{isa.ContextItem, 1, 3, isa.PushISlotAttr, slatUserDefn, 0, 0, isa.PopRet})
	f.Fuzz(func(t *testing.T, pre uint8, seed int64, bc []byte) {
		if _, _, msg := x.checkConstraintRuns(bc, int(pre%4), seed); msg != "" {
			t.Fatal(msg)
		}
	})
}

// testRule runs testConstraint for r on a fresh segment whose surroundings
// (stack guard words, features, mapped slots, map size, pre-context) come
// from seed, and renders the outcome.
func (x *machineFixture) testRule(r *rule, seed int64) string {
	rng := rand.New(rand.NewSource(seed))
	for i := range x.stackInit {
		x.stackInit[i] = int32(rng.Intn(3))
	}
	nop := &code{instrs: []instr{{op: mRetTrue, base: mRetTrue}}}
	x.runCode(nop, false, 1+rng.Intn(4), 1)
	sh := x.sh
	for i := range sh.seg.feats {
		sh.seg.feats[i] = uint32(rng.Intn(3))
	}
	sm := &sh.smap
	sm.precontext = r.preContext
	if rng.Intn(3) == 0 {
		sm.size = rng.Intn(sm.size + 1)
	}
	if rng.Intn(4) == 0 {
		sm.arr[1+rng.Intn(4)] = nil
	}
	ok := sh.testConstraint(r, 1)
	return fmt.Sprintf("holds %v %s", ok, x.segState(0, sh.mach.status))
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// randConstraint builds a random constraint from the operations
// constraintRuns accepts and some it must refuse.
func randConstraint(rng *rand.Rand) []byte {
	var b []byte
	k := 1 + rng.Intn(7)
	for i := 0; i < k; i++ {
		switch rng.Intn(16) {
		case 0, 1, 2:
			b = append(b, isa.PushByte, byte(rng.Intn(5)-2))
		case 3, 4:
			off := 0
			if rng.Intn(4) == 0 {
				off = rng.Intn(3) - 1
			}
			b = append(b, isa.PushFeat, byte(rng.Intn(3)), byte(int8(off)))
		case 5:
			b = append(b, []byte{isa.And, isa.Or, isa.Not, isa.Equal, isa.NotEq, isa.Less, isa.Add, isa.Sub, isa.Mul, isa.Neg, isa.Max, isa.Min}[rng.Intn(12)])
		case 6:
			b = append(b, []byte{isa.BitOr, isa.BitAnd, isa.BitNot, isa.Trunc8, isa.Trunc16, isa.Cond}[rng.Intn(6)])
		case 7:
			b = append(b, isa.PushISlotAttr, slatUserDefn, byte(rng.Intn(3)-1), byte(rng.Intn(2)))
		case 8:
			b = append(b, isa.PushGlyphAttr8, byte(rng.Intn(3)), byte(rng.Intn(3)-1))
		case 9:
			b = append(b, isa.ContextItem, byte(rng.Intn(3)), byte(rng.Intn(4)))
		case 10:
			b = append(b, isa.Div)
		case 11:
			b = append(b, isa.PushSlotAttr, slatAdvX, byte(rng.Intn(3)-1))
		case 12, 13:
			b = append(b, isa.PushFeat, byte(rng.Intn(3)), 0, isa.Not)
		default:
			b = append(b, isa.PushByte, byte(rng.Intn(3)))
		}
	}
	switch rng.Intn(5) {
	case 0:
		b = append(b, isa.RetTrue)
	case 1:
		b = append(b, isa.RetZero)
	case 2:
	default:
		b = append(b, isa.PopRet)
	}
	return b
}

// TestConstraintRunsBudget checks that constraintRuns stops knowing runs
// once the face's budget is spent, and charges what it uses.
func TestConstraintRunsBudget(t *testing.T) {
	x := newFixture(t)
	gc, err := x.f.src.DecodeCode(x.f.silf.classes, true, []byte{isa.PushFeat, 1, 0, isa.Not, isa.PopRet}, 0, 4, graphite.PassSubstitute)
	if err != nil {
		t.Fatal(err)
	}
	a := &runAnalysis{budget: runBudget}
	if _, _, notAt, _ := constraintRuns(a, gc, 4, 0); notAt != 0xF {
		t.Fatalf("notAt %b, want 1111", notAt)
	}
	if used := runBudget - a.budget; used <= 0 {
		t.Fatalf("budget used %d", used)
	}
	a.budget = 3
	if trueAt, featAt, notAt, _ := constraintRuns(a, gc, 4, 0); trueAt|featAt|notAt != 0 || a.budget != 3 {
		t.Fatalf("out of budget: masks %b %b %b, budget %d", trueAt, featAt, notAt, a.budget)
	}
}
