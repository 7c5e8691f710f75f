package cff

import (
	"os"
	"testing"

	"fontvm/internal/cffwriter"
	"fontvm/sfnt"
)

// indexBytes and int5 are cffwriter's INDEX and 5-byte integer
// encoders.
var (
	indexBytes = cffwriter.Index
	int5       = cffwriter.Int5
)

// synthCFF builds a CFF table with the given charstrings, local and
// global subroutines and Private DICT entries (appended before Subrs).
func synthCFF(charstrings, subrs, gsubrs [][]byte, private []byte) []byte {
	hdr := []byte{1, 0, 4, 4}
	names := indexBytes([]byte("F"))
	strs := indexBytes()
	gs := indexBytes(gsubrs...)
	cs := indexBytes(charstrings...)
	ls := indexBytes(subrs...)
	// Top DICT with fixed-size operands so that its size does not depend
	// on the offsets: charset 0 is not used (CharStrings may exceed 229
	// glyphs), so point charset at a format-0 table.
	top := func(csOff, privSize, privOff, charsetOff int) []byte {
		var d []byte
		d = append(append(d, int5(charsetOff)...), 15)
		d = append(append(d, int5(csOff)...), 17)
		d = append(append(append(d, int5(privSize)...), int5(privOff)...), 18)
		return d
	}
	topLen := len(indexBytes(top(0, 0, 0, 0)))
	base := len(hdr) + len(names) + topLen + len(strs) + len(gs)
	charset := []byte{0}
	for i := 1; i < len(charstrings); i++ {
		charset = append(charset, 0, byte(i))
	}
	csOff := base + len(charset)
	privOff := csOff + len(cs)
	priv := append(append([]byte{}, private...), append(int5(0), 19)...)
	privSize := len(priv)
	// Subrs offset is relative to the Private DICT
	subrsRel := privSize
	priv = append(append([]byte{}, private...), append(int5(subrsRel), 19)...)
	var t []byte
	t = append(t, hdr...)
	t = append(t, names...)
	t = append(t, indexBytes(top(csOff, privSize, privOff, base))...)
	t = append(t, strs...)
	t = append(t, gs...)
	t = append(t, charset...)
	t = append(t, cs...)
	t = append(t, priv...)
	t = append(t, ls...)
	return t
}

// exercise parses a table and runs every glyph through the disassembler
// and the loader, hinted and unhinted, at two sizes.
func exercise(t *testing.T, table []byte, cff2 bool) {
	f, err := Parse(table, cff2, nil)
	if err != nil {
		return
	}
	l := NewLoader(f, 1000)
	var o Outline
	n := f.NumGlyphs()
	if n > 64 {
		n = 64
	}
	for g := 0; g < n; g++ {
		f.Disasm(g)
		for _, sc := range []Scale{{50332, 50332}, {0x30000, 0x20000}} {
			l.Load(g, sc, false, 500, &o)
			l.Load(g, sc, true, 500, &o)
		}
	}
}

// FuzzCharstring runs a fuzzed charstring (with fuzzed local and global
// subroutines) through the disassembler and the loader: no panic, bounded
// time.
func FuzzCharstring(f *testing.F) {
	f.Add([]byte{139, 139, 21, 239, 139, 5, 14}, []byte{11}, []byte{11}, []byte{})
	f.Add([]byte{149, 159, 1, 149, 159, 3, 19, 0xC0, 139, 139, 21, 239, 239, 239, 239, 239, 239, 8, 14}, []byte{11}, []byte{}, []byte{})
	f.Add([]byte{139, 10, 139, 29, 14}, []byte{139, 10, 11}, []byte{139, 29, 11}, []byte{})
	f.Add([]byte{139, 139, 139, 139, 14}, []byte{}, []byte{}, []byte{})
	f.Add([]byte{149, 149, 12, 10, 12, 27, 12, 28, 139, 139, 12, 30, 12, 26, 12, 23, 14}, []byte{}, []byte{}, []byte{})
	f.Fuzz(func(t *testing.T, cs, subr, gsubr, priv []byte) {
		if len(priv) > 64 {
			priv = priv[:64]
		}
		exercise(t, synthCFF([][]byte{{14}, cs, {139, 139, 139, 139, 14}}, [][]byte{subr, cs}, [][]byte{gsubr, subr}, priv), false)
	})
}

// FuzzParse parses fuzzed CFF and CFF2 tables (seeded with the corpus
// fonts' tables when present) and loads their glyphs.
func FuzzParse(f *testing.F) {
	f.Add(synthCFF([][]byte{{14}, {139, 139, 21, 239, 139, 5, 14}}, nil, nil, nil), false)
	for _, p := range []string{"/work/shared/fonts/cff/TestCFFThree.otf", "/work/shared/fonts/cff/SourceSerif4Variable-Roman_subset.otf"} {
		data, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		sf, err := sfnt.Parse(data)
		if err != nil {
			continue
		}
		if t, cff2 := sf.CFFTable(); t != nil {
			f.Add(append([]byte(nil), t...), cff2)
		}
	}
	f.Fuzz(func(t *testing.T, table []byte, cff2 bool) {
		exercise(t, table, cff2)
	})
}

// TestSynthCFF checks the fuzz targets' table builder: the synthetic
// font parses and its glyph loads.
func TestSynthCFF(t *testing.T) {
	tb := synthCFF([][]byte{{14}, {139, 139, 21, 239, 139, 5, 14}}, [][]byte{{11}}, nil, nil)
	f, err := Parse(tb, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	if f.NumGlyphs() != 2 {
		t.Fatalf("%d glyphs", f.NumGlyphs())
	}
	var o Outline
	if err := NewLoader(f, 1000).Load(1, Scale{0x10000, 0x10000}, false, 500, &o); err != nil {
		t.Fatal(err)
	}
	if len(o.Points) != 2 || len(o.Ends) != 1 {
		t.Fatalf("outline %+v", o)
	}
}

// TestLoadAllocs requires steady-state glyph loads, hinted and unhinted,
// to allocate nothing (subroutine names are formatted only for errors and
// traces).
func TestLoadAllocs(t *testing.T) {
	tb := synthCFF([][]byte{{14}, {149, 159, 1, 149, 159, 3, 19, 0xC0, 139, 139, 21, 239, 32, 10, 239, 239, 239, 239, 239, 239, 8, 32, 29, 14}},
		[][]byte{{139, 5, 11}}, [][]byte{{11}}, nil)
	f, err := Parse(tb, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	l := NewLoader(f, 1000)
	var o Outline
	for _, hinted := range []bool{false, true} {
		if err := l.Load(1, Scale{50332, 50332}, hinted, 500, &o); err != nil {
			t.Fatal(err)
		}
		if len(o.Points) < 4 {
			t.Fatalf("hinted %v: %d points", hinted, len(o.Points))
		}
		n := testing.AllocsPerRun(100, func() { l.Load(1, Scale{50332, 50332}, hinted, 500, &o) })
		if n != 0 {
			t.Errorf("hinted %v: %.1f allocations per load", hinted, n)
		}
	}
}
