package verify

import (
	"fontvm/sfnt"
	"fontvm/truetype/isa"
)

// Function analysis states.
const (
	notDone = iota
	inProgress
	done
)

// A function is one FDEF.
type function struct {
	num        int64
	prog       string
	b          *block
	code       []byte
	start, end int // body instruction indices [start, end): end is the ENDF
	state      int
	sum        *summary
}

// A summary is a function's stack effect, when determinable: it takes
// pops values from its caller's stack and leaves results (constants, or
// the caller's values by entry position) in their place; maxAbove is its
// highest stack growth above the caller's depth; the flags say which
// tracked graphics state it may change.
type summary struct {
	pops     int
	results  []val
	maxAbove int
	setsZP   bool
	setsFV   bool
	setsLoop bool
	iup      bool
	// needsLoop1: the summary holds when the caller's loop variable is
	// 1; loopOut is the loop variable the function leaves (-1 unknown)
	// when it sets it; zpOut the zones it leaves (zpEntry: the caller's)
	needsLoop1 bool
	loopOut    int64
	zpOut      [3]int8
}

// zpEntry marks, in a function's analysis, a zone pointer still as its
// caller left it.
const zpEntry = int8(-2)

// verifier holds one font's verification.
type verifier struct {
	f             *sfnt.Font
	maxp          sfnt.Maxp
	ncvt          int
	nTwilight     int
	maxStack      int
	maxFDefs      uint16
	funcs         map[int64]*function
	funcOrder     []int64
	funcsComplete bool // every FDEF's number was a known constant
	idefAny       bool // some IDEF exists: undefined opcodes may be defined
	// collect: the first pass over fpgm and prep, which only learns the
	// functions both define (known), so that a function body calling a
	// function prep defines later is not reported; it reports nothing
	collect bool
	known   map[int64]bool
	rep     Report
	points  map[uint16]int // composite point counts (memo)
}

// newVerifier prepares the verification of f: its limits from maxp and
// the CVT.
func newVerifier(f *sfnt.Font) *verifier {
	mp := f.Maxp()
	return &verifier{
		f: f, maxp: mp, ncvt: f.CVT().Len(),
		nTwilight:     int(mp.FreeTypeMaxTwilightPoints()) + 4,
		maxStack:      int(mp.MaxStackElements),
		maxFDefs:      mp.FreeTypeMaxFunctionDefs(),
		funcs:         map[int64]*function{},
		funcsComplete: true,
		points:        map[uint16]int{},
	}
}

// report adds a finding for the instruction in of program c.
func (v *verifier) report(c *ctx, sev, kind string, in *inst, msg string) {
	v.reportAt(c, sev, kind, in.pc, in.op, msg)
}

// reportAt adds a finding at pc (opcode op) of program c, within
// MaxFindingsPerProgram; nothing in the collecting pass.
func (v *verifier) reportAt(c *ctx, sev, kind string, pc int, op byte, msg string) {
	if v.collect {
		return
	}
	if c.nFind >= MaxFindingsPerProgram {
		v.rep.Dropped++
		return
	}
	c.nFind++
	v.rep.Findings = append(v.rep.Findings, Finding{Severity: sev, Kind: kind, Program: c.prog,
		Function: c.fn, Glyph: c.glyph, PC: pc, Opcode: isa.Mnemonic(op), Message: msg})
}

// initial is the state a program starts in: an empty stack, zones 1,
// vectors along x, loop 1 (the default graphics state; a glyph's is the
// size's with these reset).
func initial() state {
	return state{exact: true, zp: [3]int8{1, 1, 1}, fv: 'x', loop: 1}
}

// program verifies one program's top level: structure, then the
// abstract interpretation from an empty stack.
func (v *verifier) program(prog string, glyph int, code []byte, npts int) {
	if len(code) == 0 {
		return
	}
	if !v.collect {
		v.rep.Programs++
	}
	c := &ctx{prog: prog, glyph: glyph, fn: -1, npts: npts, code: code, endPC: len(code), defs: prog != "glyph"}
	c.b = structure(code, prog == "glyph", func(sev, kind string, pc int, op byte, msg string) {
		v.reportAt(c, sev, kind, pc, op, msg)
	})
	if !c.b.ok {
		// the abstract interpretation needs balanced blocks; an
		// unbalanced fpgm or prep may define functions it cannot see
		if prog != "glyph" {
			v.funcsComplete = false
		}
		return
	}
	s := initial()
	v.interpret(c, 0, len(c.b.ins), &s)
}

// summarize analyses function f's body once (reporting its findings)
// and returns its summary, nil when not determinable.
func (v *verifier) summarize(f *function) *summary {
	if f.state != notDone {
		return f.sum
	}
	f.state = inProgress
	c := &ctx{prog: f.prog, glyph: -1, fn: int(f.num), npts: -1, code: f.code, b: f.b, endPC: f.b.ins[f.end].pc}
	s := state{exact: true, zp: [3]int8{zpEntry, zpEntry, zpEntry}, loop: 1, loopEntry: true, minLen: params, maxLen: params}
	s.st = make([]val, params)
	for i := range s.st {
		s.st[i] = val{kPar, int64(i)}
	}
	v.interpret(c, f.start, f.end, &s)
	if s.exact && !s.below && !s.cleared {
		f.sum = &summary{
			pops: params - s.minLen, results: append([]val(nil), s.st[s.minLen:]...), maxAbove: s.maxLen - params,
			setsZP: s.setsZP, setsFV: s.setsFV, setsLoop: s.setsLoop, iup: s.iup,
			needsLoop1: s.needsLoop1, loopOut: s.loop, zpOut: s.zp,
		}
	}
	f.state = done
	return f.sum
}

// summarizeAll analyses the bodies of the functions not called yet.
func (v *verifier) summarizeAll(from int) {
	for _, n := range v.funcOrder[from:] {
		if f := v.funcs[n]; f != nil {
			v.summarize(f)
		}
	}
}

// run verifies fpgm, prep and every glyph program.
func (v *verifier) run() {
	v.collect = true
	v.program("fpgm", -1, v.f.Fpgm(), 0)
	v.program("prep", -1, v.f.Prep(), 0)
	v.known = make(map[int64]bool, len(v.funcs))
	for n := range v.funcs {
		v.known[n] = true
	}
	v.collect = false
	v.funcs, v.funcOrder, v.funcsComplete = map[int64]*function{}, nil, true
	v.program("fpgm", -1, v.f.Fpgm(), 0)
	v.summarizeAll(0)
	k := len(v.funcOrder)
	v.program("prep", -1, v.f.Prep(), 0)
	v.summarizeAll(k)
	var g sfnt.Glyph
	for gid := 0; gid < v.f.NumGlyphs(); gid++ {
		if err := v.f.LoadGlyph(uint16(gid), &g); err != nil || len(g.Instructions) == 0 {
			continue
		}
		v.program("glyph", gid, g.Instructions, v.glyphPoints(uint16(gid), &g, 0))
	}
}

// glyphPoints is the number of points in glyph gid's zone as its program
// sees it: its points (a composite's: its components', recursively) and
// four phantom points; -1 when not known (bad data, deep or recursive
// composites).
func (v *verifier) glyphPoints(gid uint16, g *sfnt.Glyph, depth int) int {
	n := v.outlinePoints(gid, g, depth)
	if n < 0 {
		return -1
	}
	return n + 4
}

// outlinePoints counts the outline points of gid (g as loaded).
func (v *verifier) outlinePoints(gid uint16, g *sfnt.Glyph, depth int) int {
	if g.NumContours >= 0 {
		return len(g.Flags)
	}
	if n, ok := v.points[gid]; ok {
		return n
	}
	if depth >= maxCompositeDepth {
		return -1
	}
	v.points[gid] = -1 // (recursion)
	comps := append([]sfnt.Component(nil), g.Components...)
	total := 0
	var cg sfnt.Glyph
	for _, cp := range comps {
		if err := v.f.LoadGlyph(cp.GlyphIndex, &cg); err != nil {
			return -1
		}
		n := v.outlinePoints(cp.GlyphIndex, &cg, depth+1)
		if n < 0 {
			return -1
		}
		total += n
	}
	v.points[gid] = total
	return total
}
