package robust

import (
	"errors"
	"strings"
	"sync"
	"testing"

	"fontvm/graphite"
	"fontvm/graphite/shape"
	"fontvm/internal/corpus"
	"fontvm/internal/corrupt"
	"fontvm/sfnt"
	"fontvm/truetype/hint"
)

// loadFonts reads the available corpus fonts once (missing system fonts
// are left out; the Go fonts are always there).
func loadFonts(tb testing.TB, fs []corpus.Font) [][]byte {
	var out [][]byte
	for _, f := range fs {
		if f.Data != nil {
			out = append(out, f.Data)
		} else if fileExists(f.Path) {
			out = append(out, corpus.Load(tb, f))
		}
	}
	return out
}

var (
	ttOnce  sync.Once
	ttFonts [][]byte
	grOnce  sync.Once
	grFonts [][]byte
)

// ttTables are the tables corrupted for the TrueType entry points: the
// hinter's tables plus those the face reads (cmap, kern, head, OS/2).
var ttTables = append(append([]string(nil), corrupt.TrueTypeTables...), "cmap", "kern", "head", "OS/2")

// hintCorrupt hints glyphs of a corrupted font at two sizes in every mode
// and target; errors must be the package's.
func hintCorrupt(t *testing.T, data []byte, ppem int, pick int) {
	sf, err := sfnt.Parse(data)
	if err != nil {
		var fe *sfnt.FormatError
		if !errors.As(err, &fe) && !errors.Is(err, sfnt.ErrMalformed) {
			t.Logf("sfnt.Parse: %T %v", err, err) // not a contract violation by itself
		}
		return
	}
	hf, err := hint.NewFont(sf)
	if err != nil {
		return
	}
	n := hf.NumGlyphs()
	var g hint.Glyph
	for _, o := range []hint.Options{{Mode: hint.ModeV40}, {Mode: hint.ModeV35, Target: hint.TargetMono}, {Mode: hint.ModeNone}} {
		in, err := hf.NewInstance(ppem, o)
		if err != nil {
			t.Fatalf("NewInstance(%d, %v): %v", ppem, o.Mode, err)
		}
		for k := 0; k < 12 && n > 0; k++ {
			gid := (pick + k*97) % n
			if err := in.LoadGlyph(gid, &g); err != nil {
				var e *hint.Error
				if !errors.As(err, &e) {
					t.Fatalf("glyph %d: error of foreign type %T: %v", gid, err, err)
				}
			}
		}
	}
}

// FuzzCorruptTrueType hints and renders deterministic corrupted copies
// (internal/corrupt: overwritten bytes, shortened table lengths,
// truncated files) of the Go and hinted corpus fonts; the fuzzer chooses
// the font, the seed and the copy, the size and the text.
func FuzzCorruptTrueType(f *testing.F) {
	ttOnce.Do(func() {
		ttFonts = loadFonts(f, append(append([]corpus.Font(nil), corpus.GoFonts...), corpus.HintedFonts...))
	})
	for i := 0; i < 12; i++ {
		f.Add(uint8(i), uint64(1), uint32(i*31), uint8(9+i), "Hamburgefonstiv")
	}
	f.Fuzz(func(t *testing.T, fi uint8, seed uint64, index uint32, size uint8, text string) {
		font := ttFonts[int(fi)%len(ttFonts)]
		c, err := corrupt.Make(font, seed, int(index%(1<<20)), ttTables)
		if err != nil {
			return
		}
		ppem := 6 + int(size)%60
		guard(t, "hint "+c.String(), func() { hintCorrupt(t, c.Data, ppem, int(index)) })
		sf, err := sfnt.Parse(c.Data)
		if err != nil {
			return
		}
		guard(t, "face "+c.String(), func() { renderText(t, sf, size, size>>4, size&1 == 1, text) })
	})
}

// shapeCorrupt loads data with both Graphite loaders (which must agree)
// and shapes text with the engine.
func shapeCorrupt(t *testing.T, data []byte, text []rune, rtl bool) {
	_, gerr := graphite.Load(data)
	var ge *graphite.Error
	if errors.As(gerr, &ge) && strings.HasPrefix(ge.Reason, "internal error") {
		t.Fatalf("graphite.Load recovered a panic: %v", gerr)
	}
	face, err := shape.Load(data)
	if (err == nil) != (gerr == nil) {
		t.Errorf("graphite.Load: %v; shape.Load: %v (the loaders disagree)", gerr, err)
	}
	if err != nil {
		return
	}
	sh := shape.NewShaper(face)
	sh.Shape(text, &shape.Options{RTL: rtl, Scale: 1})
	sh.Shape(text, &shape.Options{RTL: !rtl, NoBidi: true, Justify: 300, Scale: 0.25})
}

// FuzzCorruptGraphite shapes random text with deterministic corrupted
// copies of the Graphite corpus fonts (Silf, Glat, Gloc, Feat, Sill, cmap
// damaged by overwritten bytes, shortened lengths and truncation).
func FuzzCorruptGraphite(f *testing.F) {
	grOnce.Do(func() { grFonts = loadFonts(f, corpus.GraphiteFonts) })
	if len(grFonts) == 0 {
		corpus.Missing(f, "Graphite corpus fonts")
		return
	}
	texts := []string{"\u1000\u103c\u102d\u102f \u1014", "\u0628\u0628\u064e\u0644 \u06cc", "Hello, world", "\u0915\u094d\u0937\u093f", "\u1200\u1208\u121d"}
	for i := 0; i < 10; i++ {
		f.Add(uint8(i), uint64(1), uint32(i*17), texts[i%len(texts)], i%2 == 1)
	}
	f.Fuzz(func(t *testing.T, fi uint8, seed uint64, index uint32, text string, rtl bool) {
		font := grFonts[int(fi)%len(grFonts)]
		c, err := corrupt.Make(font, seed, int(index%(1<<20)), corrupt.GraphiteTables)
		if err != nil {
			return
		}
		guard(t, "graphite "+c.String(), func() { shapeCorrupt(t, c.Data, clip(text, 48), rtl) })
	})
}
