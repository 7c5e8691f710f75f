package robust

import (
	"errors"
	"fontvm/internal/hinttest"
	"testing"
	"time"

	"fontvm/truetype/hint"
)

// TestHostilePrograms runs programs written to never end or to exhaust a
// resource as a synthetic font's prep: each must stop with FreeType's
// error, after a bounded number of instructions, quickly.
func TestHostilePrograms(t *testing.T) {
	for _, tc := range []struct {
		name       string
		fpgm, prep []byte
		stack      uint16
		code       string // FreeType's error; "" for none (non-pedantic FreeType ignores bad references)
	}{
		{"infinite JMPR loop", nil, progInfiniteLoop, 256, "Execution_Too_Long"},
		{"loop of 10,000 instructions (the budget)", nil, progLongLoop(), 256, "Execution_Too_Long"},
		{"push forever", nil, progPushForever, 256, "Stack_Overflow"},
		{"push forever, maxStackElements 65535", nil, progPushForever, 65535, "Execution_Too_Long"},
		{"recursive function", fpgmRecurse, progCall0, 256, "Stack_Overflow"},
		{"nested LOOPCALL 32767×32767", fpgmLoopcall, progLoopcall1, 256, "Execution_Too_Long"},
		{"SLOOP 32767 on a missing twilight point", nil, progSloop, 256, ""},
		{"recursive IDEF", fpgmIdefRecurse, progIdef, 256, "Stack_Overflow"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data, err := hintFont(tc.fpgm, tc.prep, nil, 16, 64, 64, 1, tc.stack)
			if err != nil {
				t.Fatal(err)
			}
			_, hf := hinttest.Font(t, data)
			for _, mode := range []hint.Mode{hint.ModeV35, hint.ModeV40} {
				var c stepCounter
				start := time.Now()
				in, err := hf.NewInstance(12, hint.Options{Mode: mode, Tracer: &c})
				if err != nil {
					t.Fatal(err)
				}
				d := time.Since(start)
				perr := in.ProgramErr()
				var g hint.Glyph
				if tc.code == "" {
					t.Logf("%v: %v after %d instructions in one run, %v", mode, perr, c.max, d)
					if perr != nil && !errors.Is(perr, hint.ErrProgram) {
						t.Fatalf("%v: ProgramErr = %v", mode, perr)
					}
					if c.max == 0 || c.max > budget {
						t.Errorf("%v: %d instructions in one run", mode, c.max)
					}
					if err := in.LoadGlyph(1, &g); perr == nil && err != nil {
						t.Errorf("%v: LoadGlyph: %v", mode, err)
					}
					continue
				}
				var e *hint.Error
				if !errors.As(perr, &e) || !errors.Is(perr, hint.ErrProgram) {
					t.Fatalf("%v: ProgramErr = %v, want a program failure", mode, perr)
				}
				t.Logf("%v: %v after %d instructions in one run, %v", mode, e.Code, c.max, d)
				if e.Code != tc.code {
					t.Errorf("%v: error %s, want %s", mode, e.Code, tc.code)
				}
				if c.max == 0 || c.max > budget {
					t.Errorf("%v: %d instructions in one run", mode, c.max)
				}
				if len(tc.prep) > 10000 && c.max != budget {
					t.Errorf("%v: stopped after %d instructions, want the budget, %d", mode, c.max, budget)
				}
				if err := in.LoadGlyph(1, &g); !errors.Is(err, hint.ErrProgram) {
					t.Errorf("%v: LoadGlyph after a failed prep: %v, want ErrProgram", mode, err)
				}
			}
		})
	}
}

// progLongLoop is a loop whose body is 10,000 instructions (PUSHB 0, POP):
// the backward-jump counter (476 for a prep with 8 cvt entries) allows 4.7
// million instructions, so the instruction budget stops it.
func progLongLoop() []byte {
	var p []byte
	for i := 0; i < 5000; i++ {
		p = append(p, 0xB0, 0x00, 0x21)
	}
	off := -(len(p) + 3)
	return append(p, 0xB8, byte(off>>8), byte(off), 0x1C)
}
