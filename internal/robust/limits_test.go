package robust

import (
	"encoding/binary"
	"fmt"
	"runtime"
	"sort"
	"testing"

	"fontvm/graphite"
	"fontvm/graphite/shape"
	"fontvm/internal/corpus"
	"fontvm/internal/corrupt"
	"fontvm/sfnt"
	"fontvm/truetype/hint"
)

// allocated returns the bytes fn allocates on the heap.
func allocated(fn func()) uint64 {
	var a, b runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&a)
	fn()
	runtime.ReadMemStats(&b)
	return b.TotalAlloc - a.TotalAlloc
}

// countClaims yields copies of font with each 16-bit field in the first
// 64 bytes of each named table (and each 32-bit field: both halves) set to
// a huge count: 0xFFFF, 0x7FFF and 0x8000 (0xFFFF only with -short). Every count a table header holds
// is among them.
func countClaims(t *testing.T, font []byte, tables []string, fn func(where string, data []byte)) {
	ts, err := corrupt.Tables(font)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{}
	for _, n := range tables {
		want[n] = true
	}
	values := []uint16{0xFFFF, 0x7FFF, 0x8000}
	if testing.Short() {
		values = values[:1]
	}
	data := make([]byte, len(font))
	for _, tb := range ts {
		if !want[tb.Tag] {
			continue
		}
		for off := 0; off+2 <= min(tb.Len, 64); off += 2 {
			for _, v := range values {
				copy(data, font)
				binary.BigEndian.PutUint16(data[tb.Offset+off:], v)
				fn(fmt.Sprintf("%s+%d=%#x", tb.Tag, off, v), data)
			}
		}
	}
}

// ttWork parses, prepares and hints a font at one size and loads its
// first glyphs, as an application would.
func ttWork(data []byte) {
	sf, err := sfnt.Parse(data)
	if err != nil {
		return
	}
	hf, err := hint.NewFont(sf)
	if err != nil {
		return
	}
	in, err := hf.NewInstance(16, hint.Options{Mode: hint.ModeV40})
	if err != nil {
		return
	}
	var g hint.Glyph
	for gid := 0; gid < min(hf.NumGlyphs(), 8); gid++ {
		in.LoadGlyph(gid, &g)
	}
}

// TestTrueTypeCountClaims: a font claiming 65,535 (or 32,767, 32,768) of
// something in a table header (maxp's points, twilight points, storage,
// functions, stack; numGlyphs; hhea's numberOfHMetrics; head's
// indexToLocFormat, ...) never makes the reader, the hinter and the glyph
// loader allocate more than a fixed bound above what the intact font
// needs. The bound is what FreeType itself allocates for the largest
// maxp claims (twilight points, storage, stack, function and instruction
// definitions sized by maxp): a few MiB, never in proportion to anything
// but a 16-bit count.
func TestTrueTypeCountClaims(t *testing.T) {
	const bound = 8 << 20
	fonts := []corpus.Font{corpus.GoFonts[0]}
	fonts = append(fonts, corpus.HintedFonts[0])
	for _, fo := range fonts {
		font := corpus.Load(t, fo)
		base := allocated(func() { ttWork(font) })
		type rec struct {
			where string
			n     uint64
		}
		var recs []rec
		countClaims(t, font, []string{"head", "maxp", "hhea", "loca", "cvt ", "fpgm", "prep"}, func(where string, data []byte) {
			n := allocated(func() { ttWork(data) })
			recs = append(recs, rec{where, n})
			if n > base+bound {
				t.Errorf("%s %s: %d bytes allocated (intact font: %d)", fo.Name, where, n, base)
			}
		})
		sort.Slice(recs, func(i, j int) bool { return recs[i].n > recs[j].n })
		for _, r := range recs[:min(3, len(recs))] {
			t.Logf("%s: intact %d KiB; %s: %d KiB", fo.Name, base>>10, r.where, r.n>>10)
		}
	}
}

// grWork loads a Graphite font with both loaders and shapes a text.
func grWork(data []byte, text []rune) {
	graphite.Load(data)
	face, err := shape.Load(data)
	if err != nil {
		return
	}
	shape.NewShaper(face).Shape(text, &shape.Options{})
}

// TestGraphiteCountClaims is TestTrueTypeCountClaims for the Graphite
// tables (Silf, Glat, Gloc, Feat, Sill) and the tables graphite2 reads
// with them (maxp, hhea, cmap), with both Graphite loaders and the shaping
// engine: counts of subtables, passes, rules, states, classes, glyph
// attributes, features, languages and glyphs.
func TestGraphiteCountClaims(t *testing.T) {
	const bound = 8 << 20
	fo := corpus.GraphiteFonts[0]
	font := corpus.Load(t, fo)
	text := []rune("Graphite \u1000\u103c\u102d\u102f")
	base := allocated(func() { grWork(font, text) })
	var worst uint64
	var worstWhere string
	countClaims(t, font, []string{"Silf", "Glat", "Gloc", "Feat", "Sill", "maxp", "hhea", "cmap"}, func(where string, data []byte) {
		n := allocated(func() { grWork(data, text) })
		if n > worst {
			worst, worstWhere = n, where
		}
		if n > base+bound {
			t.Errorf("%s %s: %d bytes allocated (intact font: %d)", fo.Name, where, n, base)
		}
	})
	t.Logf("%s: intact %d KiB; worst %s: %d KiB", fo.Name, base>>10, worstWhere, worst>>10)
}
