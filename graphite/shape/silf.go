package shape

import (
	"fmt"

	"fontvm/graphite"
)

type justInfo struct {
	stretch, shrink, step, weight uint8
}

type rule struct {
	constraint *code
	action     *code
	sort       int
	preContext int
	index      int
	// the slots at which the constraint's run is known (constraintRuns)
	knownAt, trueAt, featAt, notAt uint64
	feat                           uint8
}

type pass struct {
	numCollRuns  int
	kernColls    int
	reverseDir   bool
	maxLoop      int
	numRules     int
	numGlyphs    int
	numStates    int
	numTrans     int
	numSuccess   int
	successStart int
	numColumns   int
	minPre       int
	maxPre       int
	colThreshold int
	cols         []uint16
	startStates  []uint16
	transitions  []uint16
	states       [][]*rule // rules per state, sorted as RuleEntry (nil for non-success states)
	rules        []rule
	pconstraint  *code
	filter       bool     // the pass has a start filter (pass_filter.go): startClass, pairs
	startClass   []uint8  // per glyph: filterSkip, filterPair or filterRun
	pairs        []uint64 // bit c1*numColumns+c2: a pair of columns the machine may find rules at
	prevPairs    []uint64 // the same for the slot before and the slot itself (nil: none)
}

type silf struct {
	numPasses    int
	sPass        int
	pPass        int
	jPass        int
	bPass        int
	flags        int
	aPseudo      int
	aBreak       int
	aBidi        int
	aMirror      int
	aPassBits    int
	justs        []justInfo
	aLig         int
	aUser        int
	iMaxComp     int
	dir          int
	aCollision   int
	endLineGlyph uint16
	classes      *graphite.Silf // pseudo-glyphs and classes, read in place
	passes       []pass
}

// buildSilf builds the engine's form of the face's first Silf subtable,
// the one graphite2 shapes with when no script is given. The engine needs
// passes there: a font whose first subtable has none is refused (graphite2
// loads it when another subtable has passes, but such a face does not shape
// as this engine does).
func (f *Font) buildSilf(gf *graphite.Tables) (*silf, error) {
	if len(gf.Silfs) == 0 || gf.Silfs[0].NumPasses == 0 {
		return nil, fmt.Errorf("%w: Silf: the first subtable has no passes", ErrFont)
	}
	gs := gf.Silfs[0]
	s := &silf{
		numPasses: gs.NumPasses, sPass: gs.SubstPass, pPass: gs.PosPass, jPass: gs.JustPass, bPass: gs.BidiPass,
		flags: gs.Flags, aPseudo: gs.AttrPseudo, aBreak: gs.AttrBreak, aBidi: gs.AttrBidi, aMirror: gs.AttrMirror,
		aPassBits: gs.AttrPassBits, aLig: gs.AttrLig, aUser: gs.NumUser, iMaxComp: gs.MaxComp, dir: gs.Dir,
		aCollision: gs.AttrCollision, endLineGlyph: uint16(gs.LineBreakGlyph), classes: gs,
	}
	for _, j := range gs.Justs {
		s.justs = append(s.justs, justInfo{uint8(j.AttrStretch), uint8(j.AttrShrink), uint8(j.AttrStep), uint8(j.AttrWeight)})
	}
	s.passes = make([]pass, len(gs.Passes))
	ra := runAnalysis{budget: runBudget}
	for i, gp := range gs.Passes {
		p := &s.passes[i]
		*p = pass{
			numCollRuns: gp.CollisionRuns, kernColls: gp.KernCollisions, reverseDir: gp.Reverse, maxLoop: gp.MaxLoop,
			numRules: gp.NumRules, numGlyphs: len(gp.Columns), numStates: gp.NumStates, numTrans: gp.NumTransition,
			numSuccess: gp.NumSuccess, successStart: gp.SuccessStart, numColumns: gp.NumColumns,
			minPre: gp.MinPreCtx, maxPre: gp.MaxPreCtx, colThreshold: gp.ColThreshold,
			cols: gp.Columns, startStates: gp.StartStates, transitions: gp.Transitions,
			pconstraint: newCode(gp.Constraint),
		}
		if gp.NumRules == 0 {
			continue
		}
		p.rules = make([]rule, len(gp.Rules))
		for k := range gp.Rules {
			gr := &gp.Rules[k]
			r := &p.rules[k]
			*r = rule{constraint: newCode(gr.Constraint), action: newCode(gr.Action), sort: gr.Sort, preContext: gr.PreContext, index: gr.Index}
			r.trueAt, r.featAt, r.notAt, r.feat = constraintRuns(&ra, gr.Constraint, gr.Sort, gr.PreContext)
			r.knownAt = r.trueAt | r.featAt | r.notAt
		}
		p.states = make([][]*rule, gp.NumStates)
		for st := gp.SuccessStart; st < gp.NumStates; st++ {
			for _, k := range gp.StateRules(st) {
				p.states[st] = append(p.states[st], &p.rules[k])
			}
		}
	}
	budget := filterBudget
	for i := range s.passes {
		budget = s.passes[i].buildStartFilter(budget)
	}
	return s, nil
}

// findPseudo is Silf::findPseudo.
func (s *silf) findPseudo(uid uint32) uint16 { return s.classes.FindPseudo(uid) }

// findClassIndex is Silf::findClassIndex; it returns 0xFFFF for "not found".
func (s *silf) findClassIndex(cid, gid int) int {
	return int(s.classes.FindClassIndex(uint16(cid), uint16(gid)))
}

// getClassGlyph is Silf::getClassGlyph.
func (s *silf) getClassGlyph(cid, index int) uint16 { return s.classes.ClassGlyph(uint16(cid), index) }

// ruleLess is RuleEntry::operator<: longer rules first, then by rule index.
func ruleLess(a, b *rule) bool {
	return a.sort > b.sort || (a.sort == b.sort && a.index < b.index)
}
