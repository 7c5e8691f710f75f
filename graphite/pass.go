package graphite

import "sort"

// Pass is one pass of a Silf subtable: a finite-state machine over glyph
// columns and the rules its success states select.
type Pass struct {
	Index  int
	Offset int // byte offset of the pass in its Silf subtable
	Type   PassType

	Flags          int  // the pass's flags byte
	CollisionRuns  int  // flags & 7: collision-fixing loops (positioning passes)
	KernCollisions int  // (flags >> 3) & 3: 0 none, 1 cross space, 2 in word
	Reverse        bool // flags & 0x20: the pass runs against the script direction
	MaxLoop        int  // maxRuleLoop, at least 1
	ColThreshold   int  // collision threshold, 10 when the font says 0

	NumRules      int
	NumStates     int
	NumTransition int // states with transitions (rows of Transitions)
	NumSuccess    int // final states: the last NumSuccess states
	NumColumns    int
	SuccessStart  int // NumStates - NumSuccess
	MinPreCtx     int
	MaxPreCtx     int

	// Columns maps a glyph id to its FSM column (0xFFFF: none). It has
	// graphite2's m_numGlyphs entries (last range's last glyph + 1);
	// glyphs beyond have no column.
	Columns []uint16
	// StartStates[k] is the start state when k = MaxPreCtx - (pre-context
	// available), as graphite2 indexes m_startStates.
	StartStates []uint16
	// Transitions is NumTransition rows of NumColumns next states.
	Transitions []uint16
	// RuleMap lists, for each success state s (index s - SuccessStart),
	// the rules it tries in order: by decreasing sort key then increasing
	// rule index, at most MaxRules (graphite2 sorts the shared map in place,
	// state by state; overlapping ranges are reproduced).
	RuleMap [][]uint16

	Constraint *Code // the pass constraint (nil when none)
	Rules      []Rule
}

// A Rule is one rule of a pass.
type Rule struct {
	Index      int
	Sort       int // sort key: the rule's length in slots, pre-context included
	PreContext int
	Constraint *Code // nil when the rule has no constraint
	Action     *Code // nil when empty
}

// Column returns the FSM column of glyph gid, or -1.
func (p *Pass) Column(gid uint16) int {
	if int(gid) >= len(p.Columns) || p.Columns[gid] == 0xFFFF {
		return -1
	}
	return int(p.Columns[gid])
}

// readPass is Pass::readPass (with readRanges, readRules and readStates).
// b is the pass (from its start to the next pass), base its offset in the
// Silf subtable. Errors carry offsets relative to the Silf subtable.
func (f *Tables) readPass(s *Silf, b []byte, base int, pt PassType, lim codeLimits) (*Pass, *Error) {
	l := int64(len(b))
	bad := func(code ErrCode, off int64, format string, a ...any) *Error {
		e := newErr(code, "Silf", base+int(off), format, a...)
		if off < 0 {
			e.Offset = base
		}
		return e
	}
	if l < 40 {
		return nil, bad(EBadPassLength, 0, "pass of %d bytes is shorter than its 40-byte header", l)
	}
	ps := &Pass{Offset: base, Type: pt}
	flags := u8(b, 0)
	ps.Flags = flags
	if flags&0x1f != 0 && (pt < PassPositioning || s.AttrCollision == 0 || !f.HasBoxes || s.Flags&0x20 == 0) {
		return nil, bad(EBadCollisionPass, 0, "collision flags 0x%02X on a %s pass (collision attribute %d, octaboxes %v, Silf flags 0x%02X)",
			flags, pt, s.AttrCollision, f.HasBoxes, s.Flags)
	}
	ps.CollisionRuns = flags & 7
	ps.KernCollisions = (flags >> 3) & 3
	ps.Reverse = (flags>>5)&1 != 0
	ps.MaxLoop = max(u8(b, 1), 1)
	ps.NumRules = be16(b, 4)
	if ps.NumRules == 0 && ps.CollisionRuns == 0 {
		return nil, bad(EBadEmptyPass, 4, "pass without rules")
	}
	pcCode := int64(be32(b, 8)) - int64(base)
	rcCode := int64(be32(b, 12)) - int64(base)
	aCode := int64(be32(b, 16)) - int64(base)
	ps.NumStates = be16(b, 24)
	ps.NumTransition = be16(b, 26)
	ps.NumSuccess = be16(b, 28)
	ps.NumColumns = be16(b, 30)
	numRanges := int64(be16(b, 32))
	switch {
	case ps.NumTransition > ps.NumStates:
		return nil, bad(EBadNumTrans, 26, "%d transition states of %d states", ps.NumTransition, ps.NumStates)
	case ps.NumSuccess > ps.NumStates:
		return nil, bad(EBadNumSuccess, 28, "%d success states of %d states", ps.NumSuccess, ps.NumStates)
	case ps.NumSuccess+ps.NumTransition < ps.NumStates:
		return nil, bad(EBadNumStates, 24, "%d states but %d transition and %d success states", ps.NumStates, ps.NumTransition, ps.NumSuccess)
	case ps.NumRules != 0 && numRanges == 0:
		return nil, bad(ENoRanges, 32, "rules but no glyph ranges")
	case ps.NumColumns > MaxColumns:
		return nil, bad(EBadNumColumns, 30, "%d columns (at most %d)", ps.NumColumns, MaxColumns)
	}
	ps.SuccessStart = ps.NumStates - ps.NumSuccess
	var p int64 = 40
	if p+numRanges*6-2 > l {
		return nil, bad(EBadPassLength, 32, "%d glyph ranges run past the pass", numRanges)
	}
	numGlyphs := uint16(be16(b, int(p+numRanges*6-4)) + 1)
	ranges := p
	p += numRanges * 6
	oRuleMap := p
	p += 2 * int64(ps.NumSuccess+1)
	if oRuleMap+int64(ps.NumSuccess)*2 > l || p > l {
		return nil, bad(EBadRuleMapLen, oRuleMap, "rule map offsets run past the pass")
	}
	numEntries := int64(be16(b, int(oRuleMap)+2*ps.NumSuccess))
	ruleMap := p
	p += 2 * numEntries
	if p+2 > l {
		return nil, bad(EBadPassLength, ruleMap, "%d rule map entries run past the pass", numEntries)
	}
	ps.MinPreCtx = u8(b, int(p))
	ps.MaxPreCtx = u8(b, int(p+1))
	p += 2
	if ps.MinPreCtx > ps.MaxPreCtx {
		return nil, bad(EBadCtxtLenBounds, p-2, "minimum pre-context %d above maximum %d", ps.MinPreCtx, ps.MaxPreCtx)
	}
	startStates := p
	p += 2 * int64(ps.MaxPreCtx-ps.MinPreCtx+1)
	sortKeys := p
	p += 2 * int64(ps.NumRules)
	preContext := p
	p += int64(ps.NumRules)
	if p+3 > l {
		return nil, bad(EBadCtxtLens, startStates, "start states, sort keys and pre-contexts run past the pass")
	}
	ps.ColThreshold = u8(b, int(p))
	if ps.ColThreshold == 0 {
		ps.ColThreshold = 10
	}
	passConstraintLen := int64(be16(b, int(p+1)))
	p += 3
	oConstraint := p
	p += 2 * int64(ps.NumRules+1)
	oActions := p
	p += 2 * int64(ps.NumRules+1)
	states := p
	if uint64(2*ps.NumTransition*ps.NumColumns) >= uint64(uint32(l-p)) || p >= l {
		return nil, bad(EBadPassLength, states, "%dx%d transitions run past the pass", ps.NumTransition, ps.NumColumns)
	}
	p += 2*int64(ps.NumTransition*ps.NumColumns) + 1
	if p != pcCode {
		return nil, bad(EBadPassCCodePtr, 8, "pass constraint at %d, expected %d", pcCode+int64(base), p+int64(base))
	}
	p += passConstraintLen
	if p != rcCode {
		return nil, bad(EBadRuleCCodePtr, 12, "rule constraints at %d, expected %d", rcCode+int64(base), p+int64(base))
	}
	rcTotal := int64(be16(b, int(oConstraint)+2*ps.NumRules))
	p += rcTotal
	if p != aCode {
		return nil, bad(EBadActionCodePtr, 16, "actions at %d, expected %d", aCode+int64(base), p+int64(base))
	}
	acTotal := int64(be16(b, int(oActions)+2*ps.NumRules))
	p += acTotal
	if p > l {
		return nil, bad(EBadPassLength, aCode, "action code runs past the pass")
	}
	if passConstraintLen != 0 {
		// graphite2 passes the first rule's pre-context and sort key (or,
		// without rules, whatever bytes lie there).
		c, ce := loadCode(true, b[pcCode:pcCode+passConstraintLen], u8(b, int(preContext)), be16(b, int(sortKeys)), lim, PassUnknown)
		if ce != nil {
			return nil, codeErr(ce, base, pcCode, "pass constraint", -1)
		}
		if c == nil {
			return nil, bad(EOutOfMem, pcCode, "empty pass constraint")
		}
		c.Offset = base + int(pcCode)
		ps.Constraint = c
	}
	if ps.NumRules == 0 {
		return ps, nil
	}
	// readRanges
	ps.Columns = make([]uint16, numGlyphs)
	for i := range ps.Columns {
		ps.Columns[i] = 0xFFFF
	}
	for n := int64(0); n < numRanges; n++ {
		o := int(ranges + 6*n)
		first, last, col := be16(b, o), be16(b, o+2), be16(b, o+4)
		if first >= last+1 || last+1 > int(numGlyphs) || col >= ps.NumColumns {
			return nil, bad(EBadRange, int64(o), "range %d: glyphs %d-%d to column %d (%d glyphs, %d columns)", n, first, last, col, numGlyphs, ps.NumColumns)
		}
		ci := first
		for ci != last+1 && ps.Columns[ci] == 0xFFFF {
			ps.Columns[ci] = uint16(col)
			ci++
		}
		if ci != last+1 {
			return nil, bad(EBadRange, int64(o), "range %d: glyph %d already has a column", n, ci)
		}
	}
	if err := f.readRules(ps, s, b, base, pt, lim, preContext, sortKeys, oConstraint, rcCode, oActions, aCode, rcTotal, acTotal); err != nil {
		return nil, err
	}
	if err := ps.readStates(b, base, startStates, states, oRuleMap, ruleMap, numEntries); err != nil {
		return nil, err
	}
	return ps, nil
}

// codeErr turns a code loader failure into a refusal (graphite2's
// E_CODEFAILURE plus the status): the offset is the failing instruction's
// position in the Silf table (base plus the block's offset plus pc), with
// the block's kind and rule index.
func codeErr(ce *codeError, base int, codeOff int64, kind string, rule int) *Error {
	e := newErr(ECodeFailure+ErrCode(ce.status), "Silf", base+int(codeOff)+ce.pc, "%s", ce.reason)
	e.Kind, e.PC, e.Opcode, e.Status, e.Rule = kind, ce.pc, ce.op, ce.status, rule
	return e
}

// readRules is Pass::readRules: rules are loaded from last to first, each
// action before its constraint, from graphite2's program pool.
func (f *Tables) readRules(ps *Pass, s *Silf, b []byte, base int, pt PassType, lim codeLimits,
	preContext, sortKeys, oConstraint, rcData, oAction, acData, rcTotal, acTotal int64) *Error {
	n := ps.NumRules
	totalSlots := 0
	for i := 0; i < n; i++ {
		totalSlots += be16(b, int(sortKeys)+2*i)
	}
	pool := (acTotal+rcTotal+int64(2*n)+int64(totalSlots))*instrSize + (acTotal + rcTotal)
	acEnd, rcEnd := acData+acTotal, rcData+rcTotal
	acDataEnd, rcDataEnd := acEnd, rcEnd
	rules := make([]Rule, n)
	used := int64(0)
	for i := n - 1; i >= 0; i-- {
		r := &rules[i]
		r.Index = i
		r.PreContext = u8(b, int(preContext)+i)
		r.Sort = be16(b, int(sortKeys)+2*i)
		ruleErr := func(format string, a ...any) *Error {
			e := newErr(EBadRule, "Silf", base+int(sortKeys)+2*i, format, a...)
			e.Rule = i
			return e
		}
		if r.Sort > MaxSortKey || r.PreContext >= r.Sort || r.PreContext > ps.MaxPreCtx || r.PreContext < ps.MinPreCtx {
			return ruleErr("sort key %d and pre-context %d (pass pre-context %d-%d)", r.Sort, r.PreContext, ps.MinPreCtx, ps.MaxPreCtx)
		}
		acBegin := acData + int64(be16(b, int(oAction)+2*i))
		rcOff := int64(be16(b, int(oConstraint)+2*i))
		rcBegin := rcEnd
		if rcOff != 0 {
			rcBegin = rcData + rcOff
		}
		need := (acEnd-acBegin+rcEnd-rcBegin+2+int64(r.Sort))*instrSize + (acEnd - acBegin + rcEnd - rcBegin)
		if acBegin > acEnd || acBegin > acDataEnd || acEnd > acDataEnd ||
			rcBegin > rcEnd || rcBegin > rcDataEnd || rcEnd > rcDataEnd || need > pool-used {
			return ruleErr("code offsets out of order: action [%d,%d), constraint [%d,%d)", acBegin, acEnd, rcBegin, rcEnd)
		}
		act, ce := loadCode(false, b[acBegin:acEnd], r.PreContext, r.Sort, lim, pt)
		if ce != nil {
			return codeErr(ce, base, acBegin, "action", i)
		}
		used += int64(act.poolBytes())
		con, ce := loadCode(true, b[rcBegin:rcEnd], r.PreContext, r.Sort, lim, pt)
		if ce != nil {
			return codeErr(ce, base, rcBegin, "constraint", i)
		}
		used += int64(con.poolBytes())
		if con != nil && (con.Modifies || con.Deletes) {
			e := newErr(EMutableCCode, "Silf", base+int(rcBegin), "constraint code modifies slots")
			e.Rule, e.Kind = i, "constraint"
			return e
		}
		if act != nil {
			act.Offset = base + int(acBegin)
		}
		if con != nil {
			con.Offset = base + int(rcBegin)
		}
		r.Action, r.Constraint = act, con
		acEnd, rcEnd = acBegin, rcBegin
	}
	if used == 0 {
		// graphite2 shrinks the program pool with realloc(pool, 0) and takes
		// the NULL it gets for an out-of-memory failure.
		return newErr(EOutOfMem, "Silf", base+int(acData), "no rule has any code")
	}
	ps.Rules = rules
	return nil
}

// maxRuleMapWork bounds the in-place sorting of a pass's rule map (total
// entries over all success states) that reproduces graphite2 exactly.
const maxRuleMapWork = 1 << 22

// readStates is Pass::readStates, after the rule map entries are checked.
func (ps *Pass) readStates(b []byte, base int, starts, states, oRuleMap, ruleMap, numEntries int64) *Error {
	bad := func(code ErrCode, off int64, format string, a ...any) *Error {
		return newErr(code, "Silf", base+int(off), format, a...)
	}
	entries := make([]uint16, numEntries)
	for k := range entries {
		rn := be16(b, int(ruleMap)+2*k)
		if rn >= ps.NumRules {
			return bad(EBadRuleNum, ruleMap+int64(2*k), "rule map entry %d names rule %d of %d", k, rn, ps.NumRules)
		}
		entries[k] = uint16(rn)
	}
	nStarts := ps.MaxPreCtx - ps.MinPreCtx + 1
	ps.StartStates = make([]uint16, nStarts)
	for k := range ps.StartStates {
		v := be16(b, int(starts)+2*k)
		if v >= ps.NumStates {
			return bad(EBadState, starts+int64(2*k), "start state %d is %d, not below %d states", k, v, ps.NumStates)
		}
		ps.StartStates[k] = uint16(v)
	}
	ps.Transitions = make([]uint16, ps.NumTransition*ps.NumColumns)
	for k := range ps.Transitions {
		v := be16(b, int(states)+2*k)
		if v >= ps.NumStates {
			return bad(EBadState, states+int64(2*k), "transition of state %d, column %d goes to %d, not below %d states",
				k/max(ps.NumColumns, 1), k%max(ps.NumColumns, 1), v, ps.NumStates)
		}
		ps.Transitions[k] = uint16(v)
	}
	ps.RuleMap = make([][]uint16, ps.NumSuccess)
	less := func(seg []uint16) func(x, y int) bool {
		return func(x, y int) bool {
			a, c := ps.Rules[seg[x]].Sort, ps.Rules[seg[y]].Sort
			return a > c || (a == c && seg[x] < seg[y])
		}
	}
	work := 0
	for j := 0; j < ps.NumSuccess; j++ {
		o := int(oRuleMap) + 2*j
		begin, end := int64(be16(b, o)), int64(be16(b, o+2))
		if begin >= numEntries || end > numEntries || begin > end {
			return bad(EBadRuleMapping, int64(o), "success state %d: rules [%d,%d) outside %d entries", ps.SuccessStart+j, begin, end, numEntries)
		}
		seg := entries[begin:end]
		work += len(seg)
		if work <= maxRuleMapWork {
			// graphite2 sorts each state's range in place (qsort), so
			// overlapping ranges see each other's sorts.
			if !sort.SliceIsSorted(seg, less(seg)) {
				sort.Slice(seg, less(seg))
			}
		} else {
			// Pathological rule maps (overlapping ranges totalling more
			// than maxRuleMapWork entries): each state's first MaxRules
			// entries are sorted on their own, in bounded time. This can
			// only differ from graphite2 for such fonts, and never changes
			// whether a font loads.
			seg = append([]uint16(nil), seg[:min(len(seg), MaxRules)]...)
			sort.Slice(seg, less(seg))
		}
		if len(seg) > MaxRules {
			seg = seg[:MaxRules]
		}
		ps.RuleMap[j] = seg
	}
	// The per-state slices share the sorted array as graphite2's do; later
	// sorts of overlapping ranges are visible through earlier states, as in
	// graphite2. Copy them so that callers own independent slices.
	for j, seg := range ps.RuleMap {
		ps.RuleMap[j] = append([]uint16(nil), seg...)
	}
	return nil
}

// Next returns the FSM transition from state on glyph column col, as
// graphite2's runFSM takes it: ok is false when the state has no
// transitions (state >= NumTransition) or col is out of range.
func (p *Pass) Next(state, col int) (next int, ok bool) {
	if state < 0 || state >= p.NumTransition || col < 0 || col >= p.NumColumns {
		return 0, false
	}
	return int(p.Transitions[state*p.NumColumns+col]), true
}

// StateRules returns the rules a state accepts, in the order graphite2
// tries them (nil for non-success states).
func (p *Pass) StateRules(state int) []uint16 {
	if state < p.SuccessStart || state-p.SuccessStart >= len(p.RuleMap) {
		return nil
	}
	return p.RuleMap[state-p.SuccessStart]
}

// StartState returns the start state for a slot with ctx slots of
// pre-context available (graphite2: m_startStates[m_maxPreCtxt - ctx]);
// ok is false when ctx < MinPreCtx (the pass does not run there). ctx
// above MaxPreCtx is clamped, as graphite2's SlotMap reset does.
func (p *Pass) StartState(ctx int) (int, bool) {
	if ctx > p.MaxPreCtx {
		ctx = p.MaxPreCtx
	}
	if ctx < p.MinPreCtx || p.MaxPreCtx-ctx >= len(p.StartStates) {
		return 0, false
	}
	return int(p.StartStates[p.MaxPreCtx-ctx]), true
}
