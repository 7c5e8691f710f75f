//go:build reference

package hint

import (
	"testing"

	"fontvm/internal/fontwriter"
	"fontvm/internal/ftref"
	"fontvm/sfnt"
)

// TestHdmxVsFreeType checks the hdmx advances FreeType uses when
// hinting (not in v40 backward compatibility, not for fixed-pitch fonts),
// with records for some ppems and widths unlike the hinted advance.
func TestHdmxVsFreeType(t *testing.T) {
	glyphs := []fontwriter.Glyph{{Advance: 500}}
	for i := 0; i < 5; i++ {
		glyphs = append(glyphs, fontwriter.Glyph{Contours: square, Advance: uint16(550 + 40*i)})
	}
	n := len(glyphs)
	size := (n + 2 + 3) &^ 3
	hdmx := []byte{0, 0, 0, 2, byte(size >> 24), byte(size >> 16), byte(size >> 8), byte(size)}
	for _, ppem := range []int{13, 11} { // unsorted on purpose
		rec := make([]byte, size)
		rec[0] = byte(ppem)
		rec[1] = 40
		for g := 0; g < n; g++ {
			rec[2+g] = byte(3 + g*7) // not the real advances
		}
		hdmx = append(hdmx, rec...)
	}
	for _, fixed := range []bool{false, true} {
		fw := &fontwriter.Font{HeadFlags: 8, Glyphs: glyphs, Tables: map[string][]byte{"hdmx": hdmx}}
		if fixed {
			post := make([]byte, 32)
			post[1] = 3 // version 3.0
			post[15] = 1
			fw.Tables["post"] = post
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
		differs := false
		for _, m := range []Mode{ModeV40, ModeV35, ModeNone} {
			for _, tg := range []Target{TargetNormal, TargetMono} {
				for _, ppem := range []int{11, 12, 13} {
					want, err := ftref.Lines(data, ppem, ftref.Mode(m), ftref.Target(tg))
					if err != nil {
						t.Fatal(err)
					}
					in, err := f.NewInstance(ppem, Options{Mode: m, Target: tg})
					if err != nil {
						t.Fatal(err)
					}
					refCount(t, f, want)
					var g Glyph
					for gid := range want {
						got := ourLine(in, gid, &g)
						if got != want[gid] {
							t.Errorf("fixed %v %v/%v ppem %d:\n  ft: %s\n  us: %s", fixed, m, tg, ppem, want[gid], got)
						}
						if !fixed && m == ModeV35 && ppem == 13 && gid == 1 && g.Advance == 10*64 {
							differs = true // hdmx width 3+7 = 10 pixels
						}
					}
				}
			}
		}
		if !fixed && !differs {
			t.Error("the hdmx advance was not used in v35")
		}
	}
}
