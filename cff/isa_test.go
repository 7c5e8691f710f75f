package cff

import (
	"testing"
)

// recTracer keeps copies of the steps.
type recTracer struct{ steps []Step }

// Step records a copy of s.
func (r *recTracer) Step(s *Step) {
	c := *s
	c.Before = append([]Number(nil), s.Before...)
	c.After = append([]Number(nil), s.After...)
	r.steps = append(r.steps, c)
}

// TestOpsTableMatchesInterpreter runs every operator of Ops in a CFF
// charstring, after a moveto and with a dozen operands, and checks the
// table against the interpreter: an operator whose Clears is set (or that
// FreeType ignores in CFF: In == InCFF2) leaves the operand stack empty;
// the others leave operands on it. It also checks that every operator
// the disassembler names is in the table exactly once.
func TestOpsTableMatchesInterpreter(t *testing.T) {
	checked := 0
	seen := map[string]bool{}
	for i := range Ops {
		o := &Ops[i]
		if o.Name == "" {
			continue
		}
		if seen[o.Name] {
			t.Errorf("%s twice in Ops", o.Name)
		}
		seen[o.Name] = true
		if lookupOp(o.Code, o.Escape) != o {
			t.Errorf("%s: lookupOp(%d, %d) does not find it", o.Name, o.Code, o.Escape)
		}
		n := 12
		switch o.Name {
		case "flex":
			n = 13
		case "rcurveline":
			n = 14
		case "endchar":
			n = 1
		}
		cs := []byte{139, 139, 21}
		for k := 0; k < n; k++ {
			cs = append(cs, byte(139+1+k))
		}
		if o.Name == "roll" { // roll the top 3 by 1
			cs[len(cs)-2], cs[len(cs)-1] = 139+3, 139+1
		}
		depth := 0
		switch o.Name {
		case "callsubr", "callgsubr":
			cs = append(cs, 32) // -107: subroutine 0
		case "return":
			cs = append(cs, 32, 10) // call subroutine 0, which returns
			depth = 1
		}
		if o.Name != "return" {
			cs = append(cs, byte(o.Code))
			if o.Escape >= 0 {
				cs = append(cs, byte(o.Escape))
			}
		}
		if o.Name == "hintmask" || o.Name == "cntrmask" {
			cs = append(cs, 0xFF)
		}
		cs = append(cs, 14)
		tb := synthCFF([][]byte{{14}, cs}, [][]byte{{11}}, [][]byte{{11}}, nil)
		f, err := Parse(tb, false, nil)
		if err != nil {
			t.Fatal(err)
		}
		l := NewLoader(f, 1000)
		rec := &recTracer{}
		l.SetTracer(rec)
		var out Outline
		err = l.Load(1, Scale{0x10000, 0x10000}, false, 500, &out)
		var step *Step
		for k := range rec.steps {
			if rec.steps[k].Op == o.Name && rec.steps[k].Depth == depth {
				step = &rec.steps[k]
				break
			}
		}
		if step == nil {
			t.Errorf("%s: not traced (load error %v)", o.Name, err)
			continue
		}
		if step.Err != "" {
			t.Errorf("%s: error %s", o.Name, step.Err)
			continue
		}
		wantClear := o.Clears || o.In == InCFF2
		if o.Name == "endchar" {
			// the run ends at endchar (FreeType's goto exit): the stack
			// is left as it is and no longer matters
			wantClear = false
		}
		if gotClear := len(step.After) == 0; gotClear != wantClear {
			t.Errorf("%s: stack after %v; the table says cleared=%v", o.Name, step.After, wantClear)
		}
		checked++
	}
	if checked < 40 {
		t.Fatalf("only %d operators checked", checked)
	}
}
