//go:build reference

package hint

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"fontvm/internal/conformance/golden"
	"fontvm/internal/corpus"
	"fontvm/internal/ftref"
	"fontvm/sfnt"
)

// refConfig is one comparison against the linked FreeType.
type refConfig struct {
	mode   Mode
	target Target
}

// ft returns the configuration's FreeType mode and target.
func (c refConfig) ft() (ftref.Mode, ftref.Target) {
	return ftref.Mode(c.mode), ftref.Target(c.target)
}

// ourLine formats our result for gid as the golden line.
func ourLine(in *Instance, gid int, g *Glyph) string {
	err := in.LoadGlyph(gid, g)
	if err != nil {
		name := Name(err)
		if name == "" {
			name = err.Error()
		}
		return string(golden.AppendErrLine(nil, gid, name))
	}
	xy := make([]int64, 0, 2*len(g.Points))
	for _, p := range g.Points {
		xy = append(xy, p.X, p.Y)
	}
	ends := make([]int32, len(g.Ends))
	for i, e := range g.Ends {
		ends[i] = int32(e)
	}
	return string(golden.AppendLine(nil, gid, g.Advance, xy, ends))
}

// envList returns the comma-separated list in environment variable
// name, or def when it is unset.
func envList(name, def string) []string {
	v := os.Getenv(name)
	if v == "" {
		v = def
	}
	return strings.Split(v, ",")
}

// TestReference compares every glyph of the selected corpus fonts with
// FreeType. HINT_FONTS (font names), HINT_PPEMS, HINT_MODES (v35, v40,
// none) and HINT_TARGETS (normal, mono) select the configurations;
// HINT_SHOW sets how many differing lines are shown per configuration.
func TestReference(t *testing.T) {
	all := append(append([]corpus.Font(nil), corpus.GoFonts...), corpus.HintedFonts...)
	names := envList("HINT_FONTS", "GoRegular,DejaVuSans")
	var ppems []int
	for _, s := range envList("HINT_PPEMS", "8,12,16") {
		p, err := strconv.Atoi(s)
		if err != nil {
			t.Fatal(err)
		}
		ppems = append(ppems, p)
	}
	show, _ := strconv.Atoi(os.Getenv("HINT_SHOW"))
	var cfgs []refConfig
	for _, m := range envList("HINT_MODES", "v40,v35") {
		for _, tg := range envList("HINT_TARGETS", "normal") {
			var c refConfig
			switch m {
			case "none":
				c.mode = ModeNone
			case "v35":
				c.mode = ModeV35
			case "v40":
				c.mode = ModeV40
			default:
				t.Fatalf("mode %q", m)
			}
			if tg == "mono" {
				c.target = TargetMono
			}
			cfgs = append(cfgs, c)
		}
	}
	if files := os.Getenv("HINT_FILES"); files != "" {
		// extra font files (not part of the corpus)
		names = names[:0]
		for _, p := range strings.Split(files, ",") {
			all = append(all, corpus.Font{Name: p, Path: p})
			names = append(names, p)
		}
	}
	for _, name := range names {
		var font *corpus.Font
		for i := range all {
			if all[i].Name == name {
				font = &all[i]
			}
		}
		if font == nil {
			t.Fatalf("no corpus font %q", name)
		}
		data := corpus.Load(t, *font)
		sf, err := sfnt.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		hf, err := NewFont(sf)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cfgs {
			fm, ftg := c.ft()
			ref, err := ftref.Outlines(data, ppems, fm, ftg)
			if err != nil {
				t.Fatal(err)
			}
			for k, ppem := range ppems {
				in, err := hf.NewInstance(ppem, Options{Mode: c.mode, Target: c.target})
				if err != nil {
					t.Fatal(err)
				}
				if len(ref[k]) != hf.NumGlyphs() || len(ref[k]) == 0 {
					t.Fatalf("%s ppem %d: FreeType gave %d glyphs, the font has %d", name, ppem, len(ref[k]), hf.NumGlyphs())
				}
				var g Glyph
				same, n := 0, 0
				var bad []int
				for gid := range ref[k] {
					want := ref[k][gid].Line()
					got := ourLine(in, gid, &g)
					n++
					if got == want {
						same++
					} else {
						if len(bad) < show {
							t.Logf("%s %s/%s ppem %d:\n  ft:  %s\n  us:  %s", name, c.mode, c.target, ppem, want, got)
						}
						bad = append(bad, gid)
					}
				}
				msg := fmt.Sprintf("%s %s/%s ppem %d: %d/%d exact (%.2f%%)", name, c.mode, c.target, ppem, same, n, 100*float64(same)/float64(n))
				if len(bad) > 0 {
					if len(bad) > 20 {
						msg += fmt.Sprintf(" differ: %v...", bad[:20])
					} else {
						msg += fmt.Sprintf(" differ: %v", bad)
					}
					t.Error(msg)
				} else {
					t.Log(msg)
				}
			}
		}
	}
}
