package debugui

import (
	"fmt"

	"fontvm/truetype/hint"
)

// maxSteps bounds the instructions one page's run records (a hostile font's
// programs are bounded by the interpreter's own budgets; this bounds the
// debugger's memory for the step records).
const maxSteps = 2_000_000

// stepRec is what the debugger keeps of every executed instruction: enough
// to navigate (step over, breakpoints) without keeping whole states.
type stepRec struct {
	prog, rng   hint.Program
	pc          int
	op          byte
	depth       int // call depth before the instruction
	depthAfter  int // stack depth after it
	moved       []int32
	err         string
	after       []int64 // up to 8 stack values after, top last (as tt trace)
	depthBefore int
}

// ttRun is one traced hinting of a glyph: fpgm and prep (at instance
// creation), the glyphs before it untraced (as tt trace loads them), then
// the glyph; the state after step want is captured.
type ttRun struct {
	steps []stepRec
	want  int // the step whose state was captured (1-based), 0 for none
	snap  hint.Snapshot
	code  []byte // the code range of step want
	have  bool   // snap holds step want's state
	glyph hint.Glyph
	err   error // the glyph load's error
	pErr  error // the programs' (fpgm/prep) error
}

// ttTracer is the hint.Tracer of a ttRun.
type ttTracer struct {
	r *ttRun
}

// Step records one instruction and captures the state at the wanted step.
func (t *ttTracer) Step(s *hint.Step) {
	r := t.r
	if len(r.steps) >= maxSteps {
		return
	}
	rec := stepRec{prog: s.Program, rng: s.Range, pc: s.PC, op: s.Opcode, depth: s.Depth,
		depthAfter: s.DepthAfter, depthBefore: s.DepthBefore, err: s.Err, after: append([]int64(nil), s.After...)}
	for _, m := range s.Moved {
		if m.Zone == 1 {
			rec.moved = append(rec.moved, int32(m.Point))
		} else {
			rec.moved = append(rec.moved, -1-int32(m.Point)) // twilight point p as -1-p
		}
	}
	r.steps = append(r.steps, rec)
	if len(r.steps) == r.want {
		s.Snapshot(&r.snap)
		r.code = append(r.code[:0], s.Code()...)
		r.have = true
	}
}

// runTT traces the hinting of glyph gid at ppem with opts and captures the
// state after step want (1-based; 0 captures none).
func runTT(f *hint.Font, gid, ppem int, opts hint.Options, want int) (*ttRun, error) {
	if gid < 0 || gid >= f.NumGlyphs() {
		return nil, fmt.Errorf("glyph %d out of range (the font has %d)", gid, f.NumGlyphs())
	}
	if ppem < 1 || ppem > hint.MaxPPEM {
		return nil, fmt.Errorf("ppem %d out of range 1..%d", ppem, hint.MaxPPEM)
	}
	r := &ttRun{want: want}
	tr := &ttTracer{r: r}
	opts.Tracer = tr
	in, err := f.NewInstance(ppem, opts)
	if err != nil {
		return nil, err
	}
	r.pErr = in.ProgramErr()
	in.SetTracer(nil)
	var g hint.Glyph
	for k := 0; k < gid; k++ {
		in.LoadGlyph(k, &g)
	}
	in.SetTracer(tr)
	r.err = in.LoadGlyph(gid, &r.glyph)
	in.SetTracer(nil)
	return r, nil
}
