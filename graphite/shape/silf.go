package shape

import (
	"fmt"
	"sort"
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
	states       [][]int32 // rule indices per state, sorted as RuleEntry
	rules        []rule
	pconstraint  *code
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
	pseudos      []pseudo
	nClass       int
	nLinear      int
	classOffs    []uint32
	classData    []uint16
	passes       []pass
}

type pseudo struct {
	uid uint32
	gid uint16
}

func (f *Face) readSilfTable(t []byte) error {
	r := rd{t}
	if len(t) < 20 {
		return tableErr("Silf", 0, "too short")
	}
	ver := r.u32(0)
	if ver < 0x00020000 {
		return tableErr("Silf", 0, "version too old")
	}
	p := 4
	if ver >= 0x00030000 {
		p += 4
	}
	n := r.u16(p)
	p += 4
	if n == 0 || !r.ok(p, 4*n) {
		return tableErr("Silf", p, "no subtables")
	}
	// graphite2 reads every subtable but uses the first.
	for i := 0; i < n; i++ {
		off := int(r.u32(p + 4*i))
		next := len(t)
		if i != n-1 {
			next = int(r.u32(p + 4*i + 4))
		}
		if next > len(t) || off >= next {
			return tableErr("Silf", p+4*i, "bad subtable offset")
		}
		s, err := f.readSilf(t[off:next], off, ver)
		if err != nil {
			return err
		}
		if i == 0 {
			f.silf = s
		}
	}
	if f.silf.numPasses == 0 {
		return tableErr("Silf", 0, "no passes")
	}
	return nil
}

func (f *Face) readSilf(t []byte, base int, ver uint32) (*silf, error) {
	r := rd{t}
	e := func(off int, msg string) error { return tableErr("Silf", base+off, msg) }
	if ver >= 0x00060000 {
		return nil, e(0, "version too new")
	}
	p := 0
	if ver >= 0x00030000 {
		if len(t) < 28 {
			return nil, e(0, "too short")
		}
		p += 8
	} else if len(t) < 20 {
		return nil, e(0, "too short")
	}
	s := &silf{}
	maxGlyph := r.u16(p)
	p += 6
	s.numPasses = r.u8(p)
	s.sPass = r.u8(p + 1)
	s.pPass = r.u8(p + 2)
	s.jPass = r.u8(p + 3)
	s.bPass = r.u8(p + 4)
	s.flags = r.u8(p + 5)
	p += 8
	s.aPseudo = r.u8(p)
	s.aBreak = r.u8(p + 1)
	s.aBidi = r.u8(p + 2)
	s.aMirror = r.u8(p + 3)
	s.aPassBits = r.u8(p + 4)
	nj := r.u8(p + 5)
	p += 6
	if maxGlyph >= f.numGlyphs || p+nj*8 >= len(t) {
		return nil, e(p, "bad maxGlyph or justification levels")
	}
	for i := 0; i < nj; i++ {
		s.justs = append(s.justs, justInfo{t[p], t[p+1], t[p+2], t[p+3]})
		p += 8
	}
	if p+2+8 >= len(t) {
		return nil, e(p, "truncated")
	}
	s.aLig = r.u16(p)
	s.aUser = r.u8(p + 2)
	s.iMaxComp = r.u8(p + 3)
	s.dir = (r.u8(p+4) - 1) & 0xFF
	s.aCollision = r.u8(p + 5)
	p += 9
	p += 1 + 2*r.u8(p) // critical features
	p++                // reserved
	if p >= len(t) {
		return nil, e(p, "bad critical features")
	}
	p += 1 + 4*r.u8(p) // script tags
	if p+2+4 >= len(t) {
		return nil, e(p, "bad script tags")
	}
	s.endLineGlyph = uint16(r.u16(p))
	p += 2 // lbGID
	oPasses := p
	passesStart := int(r.u32(p))
	p += 4
	na := f.numAttrs
	if s.aPseudo >= na || s.aBreak >= na || s.aBidi >= na || s.aMirror >= na ||
		(s.aCollision != 0 && s.aCollision >= na-5) || s.numPasses > 128 || passesStart >= len(t) ||
		s.pPass < s.sPass || s.pPass > s.numPasses || s.sPass > s.numPasses ||
		s.jPass < s.pPass || s.jPass > s.numPasses ||
		(s.bPass != 0xFF && (s.bPass < s.jPass || s.bPass > s.numPasses)) || s.aLig > 127 {
		return nil, e(oPasses, "bad attribute numbers or pass bounds")
	}
	p += 4 * s.numPasses
	if p+2 >= passesStart {
		return nil, e(p, "bad passes start")
	}
	np := r.u16(p)
	p += 8
	if p+np*6 >= passesStart {
		return nil, e(p, "bad pseudo count")
	}
	for i := 0; i < np; i++ {
		s.pseudos = append(s.pseudos, pseudo{r.u32(p), uint16(r.u16(p + 4))})
		p += 6
	}
	clen, err := s.readClassMap(t[p:passesStart], ver)
	if err != nil {
		return nil, fmt.Errorf("%w (Silf+%d)", err, base+p)
	}
	_ = clen
	s.passes = make([]pass, s.numPasses)
	for i := 0; i < s.numPasses; i++ {
		ps := int(r.u32(oPasses + 4*i))
		pe := int(r.u32(oPasses + 4*i + 4))
		if ps > pe || ps < passesStart || pe > len(t) {
			return nil, e(oPasses+4*i, fmt.Sprintf("pass %d: bad offsets", i))
		}
		pt := ptLinebreak
		switch {
		case i >= s.jPass:
			pt = ptJustification
		case i >= s.pPass:
			pt = ptPositioning
		case i >= s.sPass:
			pt = ptSubstitute
		}
		if err := f.readPass(s, &s.passes[i], t[ps:pe], ps, pt); err != nil {
			return nil, fmt.Errorf("%w (Silf+%d pass %d)", err, base+ps, i)
		}
	}
	return s, nil
}

const (
	ptUnknown = iota
	ptLinebreak
	ptSubstitute
	ptPositioning
	ptJustification
)

func (s *silf) readClassMap(t []byte, ver uint32) (int, error) {
	r := rd{t}
	if len(t) < 4 {
		return 0, tableErr("Silf", 0, "class map too short")
	}
	s.nClass = r.u16(0)
	s.nLinear = r.u16(2)
	w := 2
	if ver >= 0x00040000 {
		w = 4
	}
	if s.nLinear > s.nClass || (s.nClass+1)*w > len(t)-4 {
		return 0, tableErr("Silf", 0, "bad class counts")
	}
	get := func(i int) int {
		if w == 4 {
			return int(r.u32(4 + i*4))
		}
		return r.u16(4 + i*2)
	}
	clsOff := 4 + w*(s.nClass+1)
	if get(0) != clsOff {
		return 0, tableErr("Silf", 4, "misaligned classes")
	}
	maxOff := (get(s.nClass) - clsOff) / 2
	if get(s.nClass) < clsOff || maxOff > (len(t)-clsOff)/2 {
		return 0, tableErr("Silf", 4, "class offset too high")
	}
	s.classOffs = make([]uint32, s.nClass+1)
	for i := range s.classOffs {
		o := get(i)
		if o < clsOff || (o-clsOff)/2 > maxOff {
			return 0, tableErr("Silf", 4, "class offset too high")
		}
		s.classOffs[i] = uint32((o - clsOff) / 2)
	}
	if maxOff < s.nLinear+(s.nClass-s.nLinear)*6 {
		return 0, tableErr("Silf", 4, "classes too big")
	}
	for i := 0; i < s.nLinear; i++ {
		if s.classOffs[i] > s.classOffs[i+1] {
			return 0, tableErr("Silf", 4, "bad class offset")
		}
	}
	s.classData = make([]uint16, maxOff)
	for i := range s.classData {
		s.classData[i] = uint16(r.u16(clsOff + 2*i))
	}
	for c := s.nLinear; c < s.nClass; c++ {
		o := int(s.classOffs[c])
		if o+4 > maxOff {
			return 0, tableErr("Silf", 4, "lookup class past end")
		}
		l := s.classData[o:]
		if l[0] == 0 || int(l[0])*2+o+4 > maxOff || l[3]+l[1] != l[0] || (s.classOffs[c+1]-s.classOffs[c])&1 != 0 {
			return 0, tableErr("Silf", 4, "bad lookup class")
		}
	}
	return maxOff, nil
}

func (s *silf) findPseudo(uid uint32) uint16 {
	for _, p := range s.pseudos {
		if p.uid == uid {
			return p.gid
		}
	}
	return 0
}

// findClassIndex is Silf::findClassIndex; it returns 0xFFFF for "not found".
func (s *silf) findClassIndex(cid, gid int) int {
	if cid > s.nClass || cid >= len(s.classOffs)-0 {
		if cid > s.nClass {
			return 0xFFFF
		}
	}
	if cid >= s.nClass {
		// graphite2 reads past the offsets here; treat as absent
		return 0xFFFF
	}
	off := int(s.classOffs[cid])
	if cid < s.nLinear {
		n := int(s.classOffs[cid+1]) - off
		for i := 0; i < n; i++ {
			if int(s.classData[off+i]) == gid {
				return i
			}
		}
		return 0xFFFF
	}
	cls := s.classData[off:]
	lo := 4
	hi := 4 + int(cls[0])*2
	if hi > len(cls) {
		return 0xFFFF
	}
	for {
		m := lo + (-2 & ((hi - lo) / 2))
		if int(cls[m]) > gid {
			hi = m
		} else {
			lo = m
		}
		if hi-lo <= 2 {
			break
		}
	}
	if int(cls[lo]) == gid {
		return int(cls[lo+1])
	}
	return 0xFFFF
}

// getClassGlyph is Silf::getClassGlyph.
func (s *silf) getClassGlyph(cid, index int) uint16 {
	if cid > s.nClass || cid >= s.nClass {
		return 0
	}
	loc := int(s.classOffs[cid])
	if cid < s.nLinear {
		if index >= 0 && index < int(s.classOffs[cid+1])-loc {
			return s.classData[index+loc]
		}
		return 0
	}
	for i := loc + 4; i+1 < int(s.classOffs[cid+1]); i += 2 {
		if int(s.classData[i+1]) == index {
			return s.classData[i]
		}
	}
	return 0
}

func (f *Face) readPass(s *silf, ps *pass, t []byte, base int, pt int) error {
	r := rd{t}
	e := func(off int, msg string) error { return tableErr("Silf", base+off, msg) }
	if len(t) < 40 {
		return e(0, "pass too short")
	}
	flags := r.u8(0)
	if flags&0x1f != 0 && (pt < ptPositioning || s.aCollision == 0 || !f.hasBoxes || s.flags&0x20 == 0) {
		return e(0, "bad collision pass")
	}
	ps.numCollRuns = flags & 7
	ps.kernColls = (flags >> 3) & 3
	ps.reverseDir = (flags>>5)&1 != 0
	ps.maxLoop = r.u8(1)
	if ps.maxLoop < 1 {
		ps.maxLoop = 1
	}
	ps.numRules = r.u16(4)
	if ps.numRules == 0 && ps.numCollRuns == 0 {
		return e(4, "empty pass")
	}
	pcCode := int(r.u32(8)) - base
	rcCode := int(r.u32(12)) - base
	aCode := int(r.u32(16)) - base
	ps.numStates = r.u16(24)
	ps.numTrans = r.u16(26)
	ps.numSuccess = r.u16(28)
	ps.numColumns = r.u16(30)
	numRanges := r.u16(32)
	p := 40
	if ps.numTrans > ps.numStates || ps.numSuccess > ps.numStates || ps.numSuccess+ps.numTrans < ps.numStates ||
		(ps.numRules != 0 && numRanges == 0) || ps.numColumns > 0x7FFF {
		return e(24, "bad state counts")
	}
	ps.successStart = ps.numStates - ps.numSuccess
	if p+numRanges*6-2 > len(t) {
		return e(p, "ranges past end")
	}
	ps.numGlyphs = r.u16(p+numRanges*6-4) + 1
	ranges := p
	p += numRanges * 6
	oRuleMap := p
	p += 2 * (ps.numSuccess + 1)
	if oRuleMap+ps.numSuccess*2 > len(t) || p > len(t) {
		return e(oRuleMap, "rule map past end")
	}
	numEntries := r.u16(oRuleMap + ps.numSuccess*2)
	ruleMap := p
	p += 2 * numEntries
	if p+2 > len(t) {
		return e(p, "truncated")
	}
	ps.minPre = r.u8(p)
	ps.maxPre = r.u8(p + 1)
	p += 2
	if ps.minPre > ps.maxPre {
		return e(p-2, "bad context bounds")
	}
	startStates := p
	p += 2 * (ps.maxPre - ps.minPre + 1)
	sortKeys := p
	p += 2 * ps.numRules
	precontext := p
	p += ps.numRules
	if p+3 > len(t) {
		return e(p, "truncated context lengths")
	}
	ps.colThreshold = r.u8(p)
	if ps.colThreshold == 0 {
		ps.colThreshold = 10
	}
	pcLen := r.u16(p + 1)
	p += 3
	oConstraint := p
	p += 2 * (ps.numRules + 1)
	oActions := p
	p += 2 * (ps.numRules + 1)
	states := p
	if 2*ps.numTrans*ps.numColumns >= len(t)-p || p >= len(t) {
		return e(p, "state table past end")
	}
	p += 2 * ps.numTrans * ps.numColumns
	p++
	if p != pcCode {
		return e(p, "bad pass constraint offset")
	}
	p += pcLen
	if p != rcCode || rcCode-pcCode != pcLen {
		return e(p, "bad rule constraint offset")
	}
	p += r.u16(oConstraint + 2*ps.numRules)
	if p != aCode {
		return e(p, "bad action offset")
	}
	p += r.u16(oActions + 2*ps.numRules)
	if p > len(t) {
		return e(p, "code past end")
	}
	if pcLen != 0 {
		pre := 0
		srt := 0
		if ps.numRules > 0 {
			pre = r.u8(precontext)
			srt = r.u16(sortKeys)
		}
		c, err := f.decode(s, true, t[pcCode:pcCode+pcLen], pre, srt, ptUnknown)
		if err != nil {
			return e(pcCode, "pass constraint: "+err.Error())
		}
		ps.pconstraint = c
	}
	if ps.numRules == 0 {
		return nil
	}
	// ranges
	ps.cols = make([]uint16, ps.numGlyphs)
	for i := range ps.cols {
		ps.cols[i] = 0xFFFF
	}
	for i := 0; i < numRanges; i++ {
		first, last, col := r.u16(ranges+6*i), r.u16(ranges+6*i+2), r.u16(ranges+6*i+4)
		if first >= last+1 || last+1 > ps.numGlyphs || col >= ps.numColumns {
			return e(ranges+6*i, "bad range")
		}
		for g := first; g <= last; g++ {
			if ps.cols[g] != 0xFFFF {
				return e(ranges+6*i, "overlapping range")
			}
			ps.cols[g] = uint16(col)
		}
	}
	// rules
	acEnd := r.u16(oActions + 2*ps.numRules)
	rcEnd := r.u16(oConstraint + 2*ps.numRules)
	ps.rules = make([]rule, ps.numRules)
	acHi, rcHi := acEnd, rcEnd
	for n := ps.numRules - 1; n >= 0; n-- {
		ru := &ps.rules[n]
		ru.index = n
		ru.preContext = r.u8(precontext + n)
		ru.sort = r.u16(sortKeys + 2*n)
		if ru.sort > 63 || ru.preContext >= ru.sort || ru.preContext > ps.maxPre || ru.preContext < ps.minPre {
			return e(sortKeys+2*n, fmt.Sprintf("rule %d: bad sort or precontext", n))
		}
		acLo := r.u16(oActions + 2*n)
		rcLo := rcHi
		if v := r.u16(oConstraint + 2*n); v != 0 {
			rcLo = v
		}
		if acLo > acHi || acLo > acEnd || acHi > acEnd || rcLo > rcHi || rcLo > rcEnd || rcHi > rcEnd {
			return e(oActions+2*n, fmt.Sprintf("rule %d: bad code offsets", n))
		}
		var err error
		ru.action, err = f.decode(s, false, t[aCode+acLo:aCode+acHi], ru.preContext, ru.sort, pt)
		if err != nil {
			return e(aCode+acLo, fmt.Sprintf("rule %d action: %v", n, err))
		}
		ru.constraint, err = f.decode(s, true, t[rcCode+rcLo:rcCode+rcHi], ru.preContext, ru.sort, pt)
		if err != nil {
			return e(rcCode+rcLo, fmt.Sprintf("rule %d constraint: %v", n, err))
		}
		if ru.constraint != nil && (ru.constraint.modify || ru.constraint.deletes) {
			return e(rcCode+rcLo, fmt.Sprintf("rule %d: mutable constraint", n))
		}
		acHi, rcHi = acLo, rcLo
	}
	entries := make([]int32, numEntries)
	for i := range entries {
		rn := r.u16(ruleMap + 2*i)
		if rn >= ps.numRules {
			return e(ruleMap+2*i, "bad rule number")
		}
		entries[i] = int32(rn)
	}
	// states
	ps.startStates = make([]uint16, ps.maxPre-ps.minPre+1)
	for i := range ps.startStates {
		v := r.u16(startStates + 2*i)
		if v >= ps.numStates {
			return e(startStates+2*i, "bad start state")
		}
		ps.startStates[i] = uint16(v)
	}
	ps.transitions = make([]uint16, ps.numTrans*ps.numColumns)
	for i := range ps.transitions {
		v := r.u16(states + 2*i)
		if v >= ps.numStates {
			return e(states+2*i, "bad transition")
		}
		ps.transitions[i] = uint16(v)
	}
	ps.states = make([][]int32, ps.numStates)
	for st := ps.successStart; st < ps.numStates; st++ {
		k := st - ps.successStart
		b, en := r.u16(oRuleMap+2*k), r.u16(oRuleMap+2*k+2)
		if b >= numEntries || en > numEntries || b > en {
			return e(oRuleMap+2*k, "bad rule mapping")
		}
		list := entries[b:en]
		rules := ps.rules
		sort.SliceStable(list, func(i, j int) bool { return ruleLess(&rules[list[i]], &rules[list[j]]) })
		if len(list) > maxRules {
			list = list[:maxRules]
		}
		ps.states[st] = list
	}
	return nil
}

// ruleLess is RuleEntry::operator<: longer rules first, then by rule index.
func ruleLess(a, b *rule) bool {
	return a.sort > b.sort || (a.sort == b.sort && a.index < b.index)
}
