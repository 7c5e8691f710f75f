package verify

import (
	"fmt"

	"fontvm/truetype/isa"
)

// The abstract interpretation: a stack of values known as constants,
// as a function's parameters, or unknown; the depth is exact from a
// program's start until something makes it unknowable (a loop count or
// function number not known as a constant, a jump, branches that leave
// different depths). IF and ELSE run both branches from the same state
// and merge them at EIF, so each instruction is interpreted once per
// program.

// Value kinds.
const (
	kUnk = iota // unknown
	kCon        // the constant v
	kPar        // the function's parameter v (its entry stack position)
)

type val struct {
	k uint8
	v int64
}

var unk = val{}

// con is the constant v.
func con(v int64) val { return val{kCon, v} }

// params is the number of entry stack elements a function's analysis
// models as parameters: a function using more has no summary.
const params = 64

// state is the abstract machine state of one path.
type state struct {
	st    []val
	exact bool    // len(st) is the real depth
	zp    [3]int8 // zone of zp0-zp2: 0, 1, or -1 unknown
	fv    byte    // freedom vector: 'x', 'y', or 0 unknown
	loop  int64   // the loop variable, -1 unknown
	iupx  bool    // IUP[x] known to have run
	iupy  bool    // IUP[y] known to have run
	// function analysis
	minLen, maxLen int
	below          bool // popped below the modelled parameters
	cleared        bool // CLEAR ran
	setsZP, setsFV bool
	setsLoop, iup  bool
	// loopEntry: a function's loop variable is still its caller's,
	// modelled as 1; needsLoop1: the function used it so (its summary
	// holds for callers whose loop is 1)
	loopEntry, needsLoop1 bool
}

// clone copies s with its own stack.
func (s *state) clone() state {
	c := *s
	c.st = append([]val(nil), s.st...)
	return c
}

// unknownStack forgets the stack.
func (s *state) unknownStack() {
	s.st = s.st[:0]
	s.exact = false
}

// unknownAll forgets the stack and the graphics state tracked.
func (s *state) unknownAll() {
	s.unknownStack()
	s.zp = [3]int8{-1, -1, -1}
	s.fv, s.loop, s.iupx, s.iupy, s.loopEntry = 0, -1, false, false, false
	s.setsZP, s.setsFV, s.setsLoop, s.iup = true, true, true, true
}

// merge joins the state of another path into s (at EIF).
func (s *state) merge(o *state) {
	if s.exact && o.exact && len(s.st) == len(o.st) {
		for i := range s.st {
			if s.st[i] != o.st[i] {
				s.st[i] = unk
			}
		}
	} else {
		k := min(len(s.st), len(o.st))
		a, b := s.st[len(s.st)-k:], o.st[len(o.st)-k:]
		m := make([]val, k)
		for i := range m {
			if a[i] == b[i] {
				m[i] = a[i]
			}
		}
		s.st = m
		s.exact = false
	}
	for i := range s.zp {
		if s.zp[i] != o.zp[i] {
			s.zp[i] = -1
		}
	}
	if s.fv != o.fv {
		s.fv = 0
	}
	if s.loop != o.loop {
		s.loop = -1
	}
	s.iupx = s.iupx && o.iupx
	s.iupy = s.iupy && o.iupy
	s.minLen = min(s.minLen, o.minLen)
	s.maxLen = max(s.maxLen, o.maxLen)
	s.below = s.below || o.below
	s.cleared = s.cleared || o.cleared
	s.setsZP = s.setsZP || o.setsZP
	s.setsFV = s.setsFV || o.setsFV
	s.setsLoop = s.setsLoop || o.setsLoop
	s.iup = s.iup || o.iup
	s.loopEntry = s.loopEntry && o.loopEntry
	s.needsLoop1 = s.needsLoop1 || o.needsLoop1
}

// ctx is the program being interpreted.
type ctx struct {
	b     *block
	code  []byte
	prog  string // "fpgm", "prep", "glyph"
	glyph int    // -1 outside glyph programs
	fn    int    // the function being analysed, -1 for a program's top level
	npts  int    // points of the glyph zone: the glyph's + 4 phantom points; 0 in fpgm/prep; -1 unknown (functions)
	endPC int    // a function's ENDF pc (jump limit); len(code) at top level
	defs  bool   // FDEF/IDEF define functions here (fpgm and prep top level)
	nFind int
	// the stack growth beyond maxStackElements (warning) and beyond
	// FreeType's stack (error) already reported
	overWarned, overFailed bool
}

// interpret runs instructions [from, to) of c's block on s.
func (v *verifier) interpret(c *ctx, from, to int, s *state) {
	type frame struct {
		saved, then state
		hasElse     bool
	}
	var frames []frame
	b := c.b
	for i := from; i < to; i++ {
		in := &b.ins[i]
		switch in.op {
		case 0x58: // IF, pops 1
			v.pop(c, s, in, 1)
			frames = append(frames, frame{saved: s.clone()})
			continue
		case 0x1B: // ELSE
			if len(frames) == 0 {
				continue // (structure reported it)
			}
			f := &frames[len(frames)-1]
			f.then, f.hasElse = s.clone(), true
			*s = f.saved.clone()
			continue
		case 0x59: // EIF
			if len(frames) == 0 {
				continue
			}
			f := &frames[len(frames)-1]
			if f.hasElse {
				s.merge(&f.then)
			} else {
				s.merge(&f.saved)
			}
			frames = frames[:len(frames)-1]
			continue
		case 0x2C, 0x89: // FDEF, IDEF
			args := v.pop(c, s, in, 1)
			end, ok := b.endOf[i]
			if !ok {
				return
			}
			if c.defs {
				v.define(c, in, i, end, args[0])
			}
			i = end
			continue
		}
		v.step(c, s, in)
	}
}

// define records the FDEF or IDEF at index i (body to ENDF index end)
// with number n.
func (v *verifier) define(c *ctx, in *inst, i, end int, n val) {
	if in.op == 0x89 {
		v.idefAny = true
		return
	}
	if n.k != kCon {
		v.funcsComplete = false
		return
	}
	if uint64(n.v) > 0xFFFF {
		v.report(c, SevError, KindFunctionIndex, in, fmt.Sprintf("function number %d above 65535 (FreeType: Too_Many_Function_Defs)", n.v))
		return
	}
	if _, dup := v.funcs[n.v]; !dup {
		if len(v.funcs) >= int(v.maxFDefs) {
			v.report(c, SevError, KindFunctionIndex, in, fmt.Sprintf("more than maxp.maxFunctionDefs (%d) functions (FreeType: Too_Many_Function_Defs)", v.maxFDefs))
		} else if n.v >= int64(v.maxp.MaxFunctionDefs) {
			v.report(c, SevWarning, KindFunctionIndex, in, fmt.Sprintf("function number %d, maxp.maxFunctionDefs %d", n.v, v.maxp.MaxFunctionDefs))
		}
	}
	v.funcs[n.v] = &function{num: n.v, prog: c.prog, b: c.b, code: c.code, start: i + 1, end: end}
	v.funcOrder = append(v.funcOrder, n.v)
}

// pop removes n values (returned deepest first), reporting an underflow
// when the depth is known.
func (v *verifier) pop(c *ctx, s *state, in *inst, n int) []val {
	if n == 0 {
		return nil
	}
	args := make([]val, n)
	l := len(s.st)
	if l >= n {
		copy(args, s.st[l-n:])
		s.st = s.st[:l-n]
	} else {
		if s.exact {
			if c.fn >= 0 {
				s.below = true
			} else {
				v.report(c, SevError, KindStackUnderflow, in, fmt.Sprintf("pops %d values, the stack holds %d", n, l))
			}
		}
		copy(args[n-l:], s.st)
		s.st = s.st[:0]
	}
	if len(s.st) < s.minLen {
		s.minLen = len(s.st)
	}
	return args
}

// push adds values, checking the growth against maxp.maxStackElements.
func (v *verifier) push(c *ctx, s *state, in *inst, vals ...val) {
	s.st = append(s.st, vals...)
	v.grew(c, s, in, len(s.st))
	if len(s.st) > maxAbstractStack {
		// far beyond any stack FreeType allows (reported above when
		// exact): forget it, bounding the memory
		s.unknownStack()
	}
}

// maxAbstractStack bounds the abstract stack: FreeType's stack holds at
// most 65535 + 32 elements.
const maxAbstractStack = 1 << 17

// grew records a stack depth of n (relative to a function's entry
// stack in function analysis).
func (v *verifier) grew(c *ctx, s *state, in *inst, n int) {
	if n > s.maxLen {
		s.maxLen = n
	}
	if !s.exact || c.fn >= 0 || n <= v.maxStack {
		return
	}
	if n > v.maxStack+stackExtra {
		if !c.overFailed {
			c.overFailed = true
			v.report(c, SevError, KindStackOverflow, in, fmt.Sprintf("stack depth %d, maxp.maxStackElements %d (FreeType: Stack_Overflow)", n, v.maxStack))
		}
	} else if !c.overWarned {
		c.overWarned = true
		v.report(c, SevWarning, KindStackOverflow, in, fmt.Sprintf("stack depth %d beyond maxp.maxStackElements %d", n, v.maxStack))
	}
}

// stackExtra is what FreeType adds to maxp.maxStackElements.
const stackExtra = 32

// step interprets one instruction other than IF, ELSE, EIF, FDEF, IDEF.
func (v *verifier) step(c *ctx, s *state, in *inst) {
	op := in.op
	o := isa.Opcodes[op]
	if !o.Defined() {
		if !v.idefAny {
			v.report(c, SevError, KindInvalidOpcode, in, "undefined opcode and no IDEF (FreeType: Invalid_Opcode)")
		}
		s.unknownAll()
		return
	}
	if in.data != nil || o.Inst.Stream != isa.NoStream {
		vals := make([]val, len(in.data))
		for i, d := range in.data {
			vals[i] = con(d)
		}
		v.push(c, s, in, vals...)
		return
	}
	ops := isa.OperandsOf(op)
	args := v.pop(c, s, in, o.Pops)
	// roles, top of stack first; a looping instruction's last role is
	// its loop points'
	nFixed := len(ops.Roles)
	if ops.Dynamic == isa.DynLoop {
		nFixed--
	}
	for j := 0; j < nFixed && j < len(args); j++ {
		v.checkRole(c, s, in, ops.Roles[j], args[len(args)-1-j])
	}
	v.effects(c, s, in, args)
	switch ops.Dynamic {
	case isa.DynLoop:
		if s.loopEntry {
			s.needsLoop1 = true
		}
		s.loopEntry = false
		n := s.loop
		if n < 0 {
			s.unknownStack()
		} else {
			pts := v.pop(c, s, in, int(min(n, 0xFFFF)))
			for _, p := range pts {
				v.checkRole(c, s, in, ops.Roles[len(ops.Roles)-1], p)
			}
		}
		s.loop = 1
	case isa.DynPairs:
		n := args[0]
		if n.k != kCon || uint64(n.v) > 0xFFFF {
			s.unknownStack()
			break
		}
		pairs := v.pop(c, s, in, 2*int(n.v))
		for k := 1; k < len(pairs); k += 2 {
			v.checkRole(c, s, in, ops.PairRole, pairs[k])
		}
	case isa.DynClear:
		s.st = s.st[:0]
		if c.fn >= 0 {
			s.cleared = true
		}
	case isa.DynDepth:
		if s.exact && c.fn < 0 {
			v.push(c, s, in, con(int64(len(s.st))))
		} else {
			v.push(c, s, in, unk)
		}
	case isa.DynCIndex:
		x, _ := v.index(c, s, in, args[0], false)
		v.push(c, s, in, x)
	case isa.DynMIndex:
		if x, moved := v.index(c, s, in, args[0], true); moved {
			v.push(c, s, in, x)
		}
	case isa.DynCall:
		v.call(c, s, in, args[0], con(1))
	case isa.DynLoopCall:
		v.call(c, s, in, args[1], args[0])
	case isa.DynVariation:
		s.unknownStack()
	default:
		switch {
		case ops.Perm:
			res := make([]val, len(ops.Moves))
			for i, m := range ops.Moves {
				res[i] = args[m]
			}
			v.push(c, s, in, res...)
		case ops.Arith != isa.ArithNone:
			v.push(c, s, in, fold(ops.Arith, args))
		default:
			for k := 0; k < o.Pushes; k++ {
				v.push(c, s, in, unk)
			}
		}
	}
}

// fold computes ADD, SUB and NEG over constants (64-bit wrapping, as
// FreeType's ADD_LONG, SUB_LONG, NEG_LONG).
func fold(a isa.Arith, args []val) val {
	for _, x := range args {
		if x.k != kCon {
			return unk
		}
	}
	switch a {
	case isa.ArithAdd:
		return con(int64(uint64(args[0].v) + uint64(args[1].v)))
	case isa.ArithSub:
		return con(int64(uint64(args[0].v) - uint64(args[1].v)))
	case isa.ArithNeg:
		return con(int64(-uint64(args[0].v)))
	}
	return unk
}

// index is CINDEX (move false) and MINDEX (move true) with index k: the
// element k deep (1 = top), unknown when k or the element is not known.
// For MINDEX, moved says the element was removed from its place (to be
// pushed again); with k unknown the elements stay but become unknown,
// and with k out of range nothing moves (FreeType does nothing).
func (v *verifier) index(c *ctx, s *state, in *inst, k val, move bool) (x val, moved bool) {
	l := len(s.st)
	if k.k != kCon {
		if move {
			for i := range s.st {
				s.st[i] = unk
			}
		}
		return unk, false
	}
	if k.v <= 0 || k.v > int64(l) {
		switch {
		case s.exact && c.fn < 0:
			v.report(c, SevError, KindStackUnderflow, in, fmt.Sprintf("index %d, the stack holds %d (pedantic: Invalid_Reference)", k.v, l))
		case s.exact:
			s.below = true
		}
		return unk, false
	}
	x = s.st[l-int(k.v)]
	if move {
		copy(s.st[l-int(k.v):], s.st[l-int(k.v)+1:])
		s.st = s.st[:l-1]
	}
	return x, move
}
