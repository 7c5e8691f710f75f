package main

import (
	"testing"
	"time"

	"fontvm/cff"
	"fontvm/graphite"
	"fontvm/internal/corrupt"
	"fontvm/sfnt"
	"fontvm/truetype/hint"
)

// TestTargetsSmoke runs each target's check on a few corrupted copies of
// each of its first fonts: no panic, and the verdict is the library's.
func TestTargetsSmoke(t *testing.T) {
	for _, name := range []string{"graphite", "truetype", "ttverify", "cff"} {
		tg := targets[name]
		fonts, err := tg.fonts()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(fonts) > 3 {
			fonts = fonts[:3]
		}
		cases, accepted := 0, 0
		for fi := range fonts {
			f := &fonts[fi]
			for i := 0; i < 4; i++ {
				c, err := corrupt.Make(f.data, 99, i, tg.tables)
				if err != nil {
					t.Fatalf("%s %s: %v", name, f.name, err)
				}
				v := safeCheck(tg, f, c.Data, 1, i)
				if v.panicked {
					t.Errorf("%s %s %v: panic %s", name, f.name, c, v.panicMsg)
				}
				var want bool
				switch name {
				case "graphite":
					_, err := graphite.Load(c.Data)
					want = err == nil
				case "truetype":
					if sf, err := sfnt.Parse(c.Data); err == nil {
						_, err = hint.NewFont(sf)
						want = err == nil
					}
				case "ttverify":
					_, err := sfnt.Parse(c.Data)
					want = err == nil
				case "cff":
					if sf, err := sfnt.Parse(c.Data); err == nil {
						_, err = cff.NewFace(sf, nil, nil)
						want = err == nil
					}
				}
				if v.accepted != want {
					t.Errorf("%s %s %v: verdict accepted=%v, loader says %v", name, f.name, c, v.accepted, want)
				}
				if v.accepted {
					accepted++
					if v.shaped == 0 && len(f.texts) > 0 {
						t.Errorf("%s %s %v: accepted but nothing shaped", name, f.name, c)
					}
				}
				cases++
			}
		}
		t.Logf("%s: %d cases, %d accepted", name, cases, accepted)
	}
}

// TestRunFindings checks that every kind of finding fails a run at the
// default limits, alone, and that a clean run has none.
func TestRunFindings(t *testing.T) {
	l := runLimits{cases: 2000, minAgree: defaultMinAgree, maxCase: 2 * time.Second, maxRSS: 256, reference: true}
	clean := stat{cases: 2000, accFontvm: 966, accRef: 966, agree: 2000, shaped: 2898, refCompared: 2898, maxCase: 50 * time.Millisecond}
	if f := runFindings(&clean, l, 80); len(f) != 0 {
		t.Fatalf("clean run: findings %v", f)
	}
	for _, c := range []struct {
		name string
		edit func(s *stat)
		rss  float64
	}{
		{"one copy disagrees", func(s *stat) { s.agree-- }, 80},
		{"one output differs", func(s *stat) { s.agree--; s.refDiffer++ }, 80},
		{"one panic", func(s *stat) { s.panics++ }, 80},
		{"engine loader differs", func(s *stat) { s.engineDiff++ }, 80},
		{"slow case", func(s *stat) { s.maxCase = 3 * time.Second }, 80},
		{"memory", func(s *stat) {}, 300},
		{"fewer cases", func(s *stat) { s.cases--; s.agree-- }, 80},
		{"nothing compared", func(s *stat) { s.refCompared = 0 }, 80},
	} {
		s := clean
		c.edit(&s)
		if f := runFindings(&s, l, c.rss); len(f) != 1 {
			t.Errorf("%s: findings %q, want exactly one", c.name, f)
		}
	}
}
