//go:build reference

package perf

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"fontvm/internal/ftref"
	"fontvm/truetype/hint"
)

// varSpeedCases are the variation instances TestVariationVsFreeType
// times: hinted variable fonts (cvar, gvar with interpolated deltas,
// HVAR) at a non-default instance, and unhinted Inter.
var varSpeedCases = []struct {
	font, spec string
	mode       hint.Mode
}{
	{"Roboto-Variable.ttf", "wght=700,wdth=87.5", hint.ModeV40},
	{"Selawik-variable.ttf", "wght=651.5,opsz=37", hint.ModeV35},
	{"Comfortaa-Regular-new.ttf", "wght=612", hint.ModeV40},
	{"/usr/share/fonts/truetype/inter-vf/Inter-roman.var.ttf", "wght=650", hint.ModeV40},
}

// TestVariationVsFreeType compares hinting every glyph at a non-default
// variation instance, at 9, 12, 16 and 24 ppem, with FreeType at the same
// instance (FT_Set_Var_Design_Coordinates once, a fresh FT_Size per round
// and ppem; fontvm: a fresh hint.Instance with Options.Design per round
// and ppem, which includes the cvar deltas), after checking that every
// glyph is exact. It also reports allocations per glyph once warm.
func TestVariationVsFreeType(t *testing.T) {
	trials := envInt(t, "PERF_TRIALS", defaultTrials())
	rounds := envInt(t, "PERF_ROUNDS", 0)
	logTargetNote(t)
	var summary []string
	for i, c := range varSpeedCases {
		t.Run(varCaseName(i), func(t *testing.T) {
			data, hf, design, name := loadVarCase(t, i)
			opts := hint.Options{Mode: c.mode, Design: design}
			fm := ftMode(c.mode)
			// 1. Exactness at each ppem.
			for _, p := range DefaultPPEMs {
				ft, err := ftref.VarOutlines(data, design, int64(p)*64, 72, 72, fm, ftref.TargetNormal)
				if err != nil {
					t.Fatal(err)
				}
				in, err := hf.NewInstance(p, opts)
				if err != nil {
					t.Fatal(err)
				}
				var g hint.Glyph
				for gid := range ft {
					err := in.LoadGlyph(gid, &g)
					var got []byte
					if err != nil {
						got = []byte("err " + hint.Name(err))
					} else {
						got = lineOf(gid, &g)
					}
					want := ft[gid].Line()
					if ft[gid].Err != "" {
						want = "err " + ft[gid].Err
					}
					if string(got) != want {
						t.Fatalf("ppem %d gid %d differs:\n got %s\nwant %s", p, gid, got, want)
					}
				}
			}
			// 2. Allocations once warm at the instance.
			in, err := hf.NewInstance(12, opts)
			if err != nil {
				t.Fatal(err)
			}
			var g hint.Glyph
			n := hf.NumGlyphs()
			all := func() {
				for gid := 0; gid < n; gid++ {
					in.LoadGlyph(gid, &g)
				}
			}
			all()
			allocs := testing.AllocsPerRun(3, all) / float64(n)
			// 3. Speed, interleaved.
			j, err := NewHintJob(data, opts, DefaultPPEMs)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := j.Run(1); err != nil {
				t.Fatal(err)
			}
			rounds := rounds
			if rounds == 0 {
				rounds = Rounds(MinTrialNS, func() int64 {
					ns, _, err := ftref.VarTime(data, design, DefaultPPEMs, fm, ftref.TargetNormal, 1)
					if err != nil {
						t.Fatal(err)
					}
					return ns
				})
			}
			loads, err := j.Run(1)
			if err != nil {
				t.Fatal(err)
			}
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			overhead := MedianSample(3, func() { ftref.VarTime(data, design, DefaultPPEMs, fm, ftref.TargetNormal, 0) })
			var refLoads int64
			cmp := Interleave(trials, func() {
				if _, err := j.Run(rounds); err != nil {
					t.Fatal(err)
				}
			}, func() {
				_, nl, err := ftref.VarTime(data, design, DefaultPPEMs, fm, ftref.TargetNormal, rounds)
				if err != nil {
					t.Fatal(err)
				}
				refLoads = nl
			}, overhead)
			if ourLoads := int64(loads * rounds); ourLoads != refLoads {
				t.Fatalf("work differs: fontvm %d loads, FreeType %d", ourLoads, refLoads)
			}
			line := name + " " + report(cmp, trials, rounds, float64(loads*rounds), "glyph", "FreeType", HintTarget) +
				fmt.Sprintf("; %.3f allocs/glyph warm", allocs)
			t.Log(line)
			summary = append(summary, line)
		})
	}
	t.Logf("summary (ppem %v, target normal, variation instances):\n%s", DefaultPPEMs, strings.Join(summary, "\n"))
}

// lineOf formats a glyph as ftref.Glyph.Line does.
func lineOf(gid int, g *hint.Glyph) []byte {
	fg := ftref.Glyph{GID: gid, Adv: g.Advance}
	for _, p := range g.Points {
		fg.XY = append(fg.XY, p.X, p.Y)
	}
	for _, e := range g.Ends {
		fg.Ends = append(fg.Ends, int32(e))
	}
	return fg.AppendLine(nil)
}
