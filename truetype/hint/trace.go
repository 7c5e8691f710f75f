package hint

// A Tracer observes a program run instruction by instruction. Step is
// called after each executed instruction (including one that fails,
// with Err set). An Instance without a tracer pays one nil check per
// instruction.
type Tracer interface {
	Step(s *Step)
}

// Step describes one executed instruction. The slices are reused between
// calls: a Tracer must copy what it keeps.
type Step struct {
	Program                 Program // the program being run (fpgm, prep, glyph)
	Range                   Program // the code range the instruction is in
	PC                      int
	Opcode                  byte
	Depth                   int     // call depth before the instruction
	Before                  []int64 // up to 8 stack elements before, top last
	After                   []int64 // up to 8 stack elements after, top last
	DepthBefore, DepthAfter int     // stack depths
	// Moved lists the points whose current position changed, with zone
	// (0 twilight, 1 glyph) and the new position.
	Moved []Moved
	Err   string // FreeType error name if the instruction failed

	e *exec // the machine, for Snapshot during Tracer.Step
}

// Moved is one point moved by an instruction.
type Moved struct {
	Zone  int
	Point int
	X, Y  int64
}

// traceState is what the run loop keeps between traceBefore and
// traceAfter.
type traceState struct {
	pc, rng, depth, top int
	op                  byte
}

// SetTracer sets (or, with nil, removes) the tracer of in's programs.
// Set it before NewInstance's programs can be traced: see
// NewInstanceTraced.
func (in *Instance) SetTracer(t Tracer) {
	in.e.tracer = t
	if t != nil && in.traceSnap == nil {
		in.traceSnap = &traceSnap{}
	}
	in.e.snap = in.traceSnap
}

// traceSnap holds copies of the zones to find moved points.
type traceSnap struct {
	pts, tw []vec
	step    Step
}

// traceBefore snapshots the points, the twilight points and the top of
// the stack before an instruction, for the Tracer's Step.
func (e *exec) traceBefore() traceState {
	s := e.snap
	s.pts = append(s.pts[:0], e.pts.cur[:e.pts.nPoints]...)
	s.tw = append(s.tw[:0], e.twilight.cur[:e.twilight.nPoints]...)
	st := &s.step
	st.Before = appendTop(st.Before[:0], e.stack[:e.top])
	return traceState{pc: e.ip, rng: e.curRange, depth: e.callTop, top: e.top, op: e.opcode}
}

// appendTop appends the top 8 elements of stack (fewer if it holds
// fewer) to dst.
func appendTop(dst, stack []int64) []int64 {
	k := len(stack) - 8
	if k < 0 {
		k = 0
	}
	return append(dst, stack[k:]...)
}

// traceAfter fills the Tracer's Step for the instruction traceBefore saw:
// where it ran, the stack before and after, and the points it moved.
func (e *exec) traceAfter(t traceState) {
	s := e.snap
	st := &s.step
	st.e = e
	st.Program = e.prog
	st.Range = Program(t.rng)
	st.PC = t.pc
	st.Opcode = t.op
	st.Depth = t.depth
	st.DepthBefore = t.top
	top := e.top
	if e.err != errOK {
		st.Err = e.err.String()
	} else {
		st.Err = ""
	}
	st.DepthAfter = top
	st.After = appendTop(st.After[:0], e.stack[:top])
	st.Moved = st.Moved[:0]
	for i := 0; i < e.pts.nPoints && i < len(s.pts); i++ {
		if e.pts.cur[i] != s.pts[i] {
			st.Moved = append(st.Moved, Moved{Zone: 1, Point: i, X: e.pts.cur[i].x, Y: e.pts.cur[i].y})
		}
	}
	for i := 0; i < e.twilight.nPoints && i < len(s.tw); i++ {
		if e.twilight.cur[i] != s.tw[i] {
			st.Moved = append(st.Moved, Moved{Zone: 0, Point: i, X: e.twilight.cur[i].x, Y: e.twilight.cur[i].y})
		}
	}
	e.tracer.Step(st)
}
