//go:build reference

package hint

import (
	"testing"

	"fontvm/internal/fontwriter"
	"fontvm/internal/ftref"
	"fontvm/sfnt"
)

// TestInstctrlInteractions checks, against FreeType, how prep's INSTCTRL
// selectors combine: selector 3 (native ClearType: v40 backward
// compatibility off) is lost when selector 2 resets the graphics state,
// because tt_loader_init reads it after the reset.
func TestInstctrlInteractions(t *testing.T) {
	// glyph: SVTCA[x]; MDAP[1] 0; PUSHB 1 100 SCFS (an x move)
	glyph := []byte{0x01, 0xB0, 0, 0x2F, 0xB1, 1, 100, 0x48}
	v40 := map[string]string{}
	for _, c := range []struct {
		name string
		prep []byte
	}{
		{"none", nil},
		{"native", []byte{0xB1, 4, 3, 0x8E}},
		{"native+defaults", []byte{0xB1, 4, 3, 0x8E, 0xB1, 2, 2, 0x8E}},
		{"off", []byte{0xB1, 1, 1, 0x8E}},
	} {
		fw := &fontwriter.Font{
			HeadFlags: 8,
			Glyphs:    []fontwriter.Glyph{{}, {Contours: square, Advance: 600, Instructions: glyph}},
			Prep:      c.prep,
		}
		data, err := fw.Bytes()
		if err != nil {
			t.Fatal(err)
		}
		sf, err := sfnt.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		f, err := NewFont(sf)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range []Mode{ModeV40, ModeV35} {
			for _, tg := range []Target{TargetNormal, TargetMono} {
				want, err := ftref.Lines(data, 13, ftref.Mode(m), ftref.Target(tg))
				if err != nil {
					t.Fatal(err)
				}
				in, err := f.NewInstance(13, Options{Mode: m, Target: tg})
				if err != nil {
					t.Fatal(err)
				}
				refCount(t, f, want)
				var g Glyph
				for gid := range want {
					if m == ModeV40 && tg == TargetNormal && gid == 1 {
						v40[c.name] = want[gid]
					}
					if got := ourLine(in, gid, &g); got != want[gid] {
						t.Errorf("%s %v/%v:\n  ft: %s\n  us: %s", c.name, m, tg, want[gid], got)
					}
				}
			}
		}
	}
	if v40["native"] == v40["native+defaults"] || v40["native"] == v40["none"] {
		t.Errorf("the cases do not exercise backward compatibility: %q", v40)
	}
}
