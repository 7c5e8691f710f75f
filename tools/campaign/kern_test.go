package main

import (
	"testing"

	"fontvm/face"
	"fontvm/internal/corrupt"
	"fontvm/sfnt"
)

// TestKernTargetSmoke runs the kern target's check on corrupted copies
// of its first fonts: no panic, the verdict is face.NewFace's, and
// accepted copies are kerned.
func TestKernTargetSmoke(t *testing.T) {
	tg := targets["kern"]
	fonts, err := tg.fonts()
	if err != nil {
		t.Fatal(err)
	}
	if len(fonts) > 3 {
		fonts = fonts[:3]
	}
	cases, accepted := 0, 0
	for fi := range fonts {
		f := &fonts[fi]
		for i := 0; i < 20; i++ {
			c, err := corrupt.Make(f.data, 99, i, tg.tables)
			if err != nil {
				t.Fatalf("%s: %v", f.name, err)
			}
			v := safeCheck(tg, f, c.Data, 1, i)
			if v.panicked {
				t.Errorf("%s %v: panic %s", f.name, c, v.panicMsg)
			}
			want := false
			if sf, err := sfnt.Parse(c.Data); err == nil {
				_, err = face.NewFace(sf, &face.FaceOptions{Size: 16})
				want = err == nil
			}
			if v.accepted != want {
				t.Errorf("%s %v: verdict accepted=%v, face says %v", f.name, c, v.accepted, want)
			}
			if v.accepted {
				accepted++
				if v.shaped != len(kernRunes)*len(kernRunes) {
					t.Errorf("%s %v: %d pairs kerned", f.name, c, v.shaped)
				}
			}
			cases++
		}
	}
	if cases == 0 || accepted == 0 {
		t.Fatalf("%d cases, %d accepted", cases, accepted)
	}
	t.Logf("kern: %d cases, %d accepted", cases, accepted)
}
