package main

import (
	"testing"

	"fontvm/cff"
	"fontvm/graphite"
	"fontvm/internal/corrupt"
	"fontvm/sfnt"
	"fontvm/truetype/hint"
)

// TestTargetsSmoke runs each target's check on a few corrupted copies of
// each of its first fonts: no panic, and the verdict is the library's.
func TestTargetsSmoke(t *testing.T) {
	for _, name := range []string{"graphite", "truetype", "cff"} {
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
