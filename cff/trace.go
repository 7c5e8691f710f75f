package cff

// Tracing: a Tracer sees every operator the interpreter runs (numbers are
// operands and show in the stacks), with the operand stack before and
// after it and the current point.

// A Step is one operator run by the interpreter.
type Step struct {
	Glyph  int
	Seac   bool   // in a seac component
	Subr   string // "" for the glyph's charstring, else "subr N" or "gsubr N"
	Depth  int    // subroutine nesting
	PC     int    // offset of the operator in its charstring or subroutine
	Op     string // operator name (cff.Ops), or "reserved N"
	Before []Number
	After  []Number
	X, Y   int32 // current point after the operator (16.16 character space)
	Err    string
}

// A Number is a stack entry: an integer, or a 16.16 fixed-point value.
type Number struct {
	V     int32
	IsInt bool
}

// A Tracer receives steps. The slices in a Step are reused after Step
// returns.
type Tracer interface {
	Step(s *Step)
}

// SetTracer installs t (nil removes it) on the loader.
func (l *Loader) SetTracer(t Tracer) { l.tracer = t }

// traceBegin records an operator's start.
func (m *machine) traceBegin(doingSeac bool) {
	l := m.l
	s := &l.step
	s.Glyph, s.Seac, s.Subr, s.Depth, s.PC, s.Op, s.Err = l.gid, doingSeac, m.cur.name(), m.depth, m.pc, opName(m.opc, m.opc2), ""
	s.Before = s.Before[:0]
	for _, n := range m.stack {
		s.Before = append(s.Before, Number{n.v, n.isInt})
	}
	l.pending = true
}

// traceEnd reports the pending operator with the stack now.
func (m *machine) traceEnd(x, y int32) {
	l := m.l
	if !l.pending {
		return
	}
	l.pending = false
	s := &l.step
	s.After = s.After[:0]
	for _, n := range m.stack {
		s.After = append(s.After, Number{n.v, n.isInt})
	}
	s.X, s.Y = x, y
	if l.errName != "" {
		s.Err = l.errName
	}
	l.tracer.Step(s)
}
