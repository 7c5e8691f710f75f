package sfnt_test

import (
	"encoding/binary"
	"errors"
	"testing"

	"fontvm/internal/fontwriter"
	"fontvm/sfnt"
)

// be appends big-endian 16-bit values.
func be(vs ...int) []byte {
	var b []byte
	for _, v := range vs {
		b = binary.BigEndian.AppendUint16(b, uint16(v))
	}
	return b
}

// nest lays children out after head and patches the 16-bit offsets (from
// head's start) at the byte positions offs of head, one per child.
func nest(head []byte, offs []int, children ...[]byte) []byte {
	out := append([]byte(nil), head...)
	for i, c := range children {
		binary.BigEndian.PutUint16(out[offs[i]:], uint16(len(out)))
		out = append(out, c...)
	}
	return out
}

// Glyphs of the test font.
const (
	gA, gB, gC = 1, 2, 3 // base glyphs 'a', 'b', 'c'
	gM1, gM2   = 4, 5    // marks U+0301 (attachment class 2), U+0327 (class 1, mark set 0)
	gD         = 6       // base glyph 'd'
)

// gposFont is a font whose GPOS 'kern' feature exercises what
// PairAdjustment implements. Its feature lists lookups 3, 0, 2, 1, 0
// (HarfBuzz applies them sorted and once each):
//
//   - lookup 0 (IgnoreMarks), two format-1 subtables: a,b = first
//     XAdvance -10, second XPlacement 5; a,M1 = -99 (M1 is skipped);
//     the second subtable a,b = -1000 (never reached), a,c = -20, b,a =
//     -60 with a second-glyph XAdvance 7;
//   - lookup 1, an extension lookup holding a format-2 subtable (first
//     classes: a, b, M1 = 1; second classes: b = 1, c = 2) then a format-1
//     subtable a,d = -500 that format 2's zero class pair (1, 0) blocks;
//     class pair (1,1): first XPlacement 1 XAdvance -7, second
//     XPlacement 3 XAdvance 2; (1,2): first XAdvance -30;
//   - lookup 2 (mark filtering set 0 = {M2}): a,M2 = -40 applies, a,M1 =
//     -41 is skipped;
//   - lookup 3 (mark attachment type 1: M2's class): a,M2 = -50 applies,
//     a,M1 = -51 is skipped.
func gposFont() *fontwriter.Font {
	vr := func(format int, v ...int) []byte { return be(v...) } // a value record; format documents the fields
	pairSet := func(recs ...[]byte) []byte {
		b := be(len(recs))
		for _, r := range recs {
			b = append(b, r...)
		}
		return b
	}
	cov1 := func(gs ...int) []byte { return append(be(1, len(gs)), be(gs...)...) }
	// pairPos1 builds a format-1 subtable with value formats 4 (first
	// XAdvance) and 1 (second XPlacement) from per-first-glyph sets.
	pairPos1 := func(vf1, vf2 int, firsts []int, sets ...[]byte) []byte {
		head := be(1, 0, vf1, vf2, len(sets))
		head = append(head, make([]byte, 2*len(sets))...)
		offs := []int{2}
		for i := range sets {
			offs = append(offs, 10+2*i)
		}
		return nest(head, offs, append([][]byte{cov1(firsts...)}, sets...)...)
	}
	rec := func(second int, v ...[]byte) []byte {
		b := be(second)
		for _, x := range v {
			b = append(b, x...)
		}
		return b
	}
	st0a := pairPos1(4, 1, []int{gA},
		pairSet(rec(gB, vr(4, -10), vr(1, 5)), rec(gM1, vr(4, -99), vr(1, 0))))
	st0b := pairPos1(4, 5, []int{gA, gB},
		pairSet(rec(gB, vr(4, -1000), vr(5, 0, 0)), rec(gC, vr(4, -20), vr(5, 0, 0))),
		pairSet(rec(gA, vr(4, -60), vr(5, 0, 7))))
	// Format 2: value formats 5 (XPlacement, XAdvance) for both glyphs.
	classDef1 := be(2, 2, gA, gB, 1, gM1, gM1, 1)
	classDef2 := be(1, gB, 2, 1, 2)
	records := be(
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, // class 0 x 0..2
		0, 0, 0, 0, 1, -7, 3, 2, 0, -30, 0, 0) // class 1 x 0..2
	f2head := append(be(2, 0, 5, 5, 0, 0, 2, 3), records...)
	st1a := nest(f2head, []int{2, 8, 10}, cov1(gA, gB, gM1), classDef1, classDef2)
	st1b := pairPos1(4, 0, []int{gA}, pairSet(rec(gD, vr(4, -500))))
	ext := func(st []byte) []byte {
		b := be(1, 2, 0, 8)
		return append(b, st...)
	}
	st2 := pairPos1(4, 0, []int{gA}, pairSet(rec(gM1, vr(4, -41)), rec(gM2, vr(4, -40))))
	st3 := pairPos1(4, 0, []int{gA}, pairSet(rec(gM1, vr(4, -51)), rec(gM2, vr(4, -50))))
	lookup := func(typ, flag int, tail []byte, subs ...[]byte) []byte {
		head := be(typ, flag, len(subs))
		head = append(head, make([]byte, 2*len(subs))...)
		head = append(head, tail...)
		offs := make([]int, len(subs))
		for i := range offs {
			offs[i] = 6 + 2*i
		}
		return nest(head, offs, subs...)
	}
	lookups := [][]byte{
		lookup(2, 8, nil, st0a, st0b),
		lookup(9, 0, nil, ext(st1a), ext(st1b)),
		lookup(2, 0x10, be(0), st2),
		lookup(2, 0x100, nil, st3),
		lookup(4, 0, nil), // the 'mark' feature's (empty) lookup
	}
	llHead := be(len(lookups))
	llHead = append(llHead, make([]byte, 2*len(lookups))...)
	ll := nest(llHead, []int{2, 4, 6, 8, 10}, lookups...)
	// Feature list: a 'mark' feature (index 0, lookup 4: keeps
	// HarfBuzz's fallback mark positioning off) the language system also
	// lists, then 'kern'.
	feat := nest(append(be(2), append(append([]byte("mark"), be(0)...), append([]byte("kern"), be(0)...)...)...),
		[]int{6, 12}, be(0, 1, 4), be(0, 5, 3, 0, 2, 1, 0))
	langSys := be(0, 0xffff, 3, 0, 1, 7) // feature 7 does not exist
	script := nest(be(0, 0), []int{0}, langSys)
	sl := nest(append(be(1), append([]byte("latn"), be(0)...)...), []int{6}, script)
	gpos := nest(be(1, 0, 0, 0, 0), []int{4, 6, 8}, sl, feat, ll)

	glyphClass := be(2, 3, gA, gC, 1, gM1, gM2, 3, gD, gD, 1)
	markAttach := be(1, gM1, 2, 2, 1)
	markSets := append(be(1, 1), 0, 0, 0, 8) // one set, its coverage 8 bytes in (32-bit offset)
	markSets = append(markSets, cov1(gM2)...)
	gdef := nest(be(1, 2, 0, 0, 0, 0, 0), []int{4, 10, 12}, glyphClass, markAttach, markSets)

	sq := [][]fontwriter.Point{{{X: 0, Y: 0, On: true}, {X: 0, Y: 500, On: true}, {X: 500, Y: 500, On: true}}}
	g := fontwriter.Glyph{Contours: sq, Advance: 600}
	return &fontwriter.Font{
		Glyphs: []fontwriter.Glyph{{Advance: 500}, g, g, g, {Contours: sq}, {Contours: sq}, g},
		Cmap:   map[rune]uint16{'a': gA, 'b': gB, 'c': gC, 0x301: gM1, 0x327: gM2, 'd': gD},
		Tables: map[string][]byte{"GPOS": gpos, "GDEF": gdef},
	}
}

// gposWant is what HarfBuzz's 'kern' feature does to each pair of
// gposFont (derived from the OpenType rules gposFont's comment lists;
// TestGPOSHarfBuzz confirms it with hb-shape).
var gposWant = map[[2]uint16]sfnt.PairValue{
	{gA, gB}:  {First: sfnt.ValueRecord{XAdvance: -10 - 7, XPlacement: 1}, Second: sfnt.ValueRecord{XPlacement: 5 + 3, XAdvance: 2}},
	{gA, gC}:  {First: sfnt.ValueRecord{XAdvance: -20 - 30}},
	{gB, gA}:  {First: sfnt.ValueRecord{XAdvance: -60}, Second: sfnt.ValueRecord{XAdvance: 7}},
	{gB, gB}:  {First: sfnt.ValueRecord{XAdvance: -7, XPlacement: 1}, Second: sfnt.ValueRecord{XPlacement: 3, XAdvance: 2}},
	{gB, gC}:  {First: sfnt.ValueRecord{XAdvance: -30}},
	{gM1, gB}: {First: sfnt.ValueRecord{XAdvance: -7, XPlacement: 1}, Second: sfnt.ValueRecord{XPlacement: 3, XAdvance: 2}},
	{gM1, gC}: {First: sfnt.ValueRecord{XAdvance: -30}},
	{gA, gM2}: {First: sfnt.ValueRecord{XAdvance: -40 - 50}},
}

// gposTestFont parses gposFont and returns its GPOS and 'kern' lookups.
func gposTestFont(t *testing.T) (*sfnt.Font, *sfnt.GPOS, []uint16) {
	t.Helper()
	data, err := gposFont().Bytes()
	if err != nil {
		t.Fatal(err)
	}
	f, err := sfnt.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	g, err := f.GPOS()
	if err != nil {
		t.Fatal(err)
	}
	script, ok, err := g.SelectScript(sfnt.MakeTag("latn"))
	if err != nil || !ok || script != sfnt.MakeTag("latn") {
		t.Fatalf("SelectScript: %v %v %v", script, ok, err)
	}
	lookups, found, err := g.FeatureLookups(nil, script, 0, sfnt.MakeTag("kern"))
	if err != nil || !found {
		t.Fatalf("FeatureLookups: %v %v", found, err)
	}
	return f, g, lookups
}

// TestGPOSPairAdjustment checks every pair of gposFont's glyphs against
// gposWant: lookup order and deduplication, formats 1 and 2, extension
// lookups, the first applicable subtable per lookup (a format-2 zero
// class pair blocks later subtables), both glyphs' value records, and
// the GDEF lookup flags (IgnoreMarks, mark attachment type, mark
// filtering set).
func TestGPOSPairAdjustment(t *testing.T) {
	f, g, lookups := gposTestFont(t)
	if want := []uint16{0, 1, 2, 3}; !equalU16(lookups, want) {
		t.Fatalf("kern lookups %v, want %v", lookups, want)
	}
	if f.GlyphClass(gM1) != 3 || f.GlyphClass(gA) != 1 || f.GlyphClass(0) != 0 {
		t.Errorf("GlyphClass: %d %d %d", f.GlyphClass(gM1), f.GlyphClass(gA), f.GlyphClass(0))
	}
	n, kerned := 0, 0
	for l := uint16(0); l < 7; l++ {
		for r := uint16(0); r < 7; r++ {
			got, err := g.PairAdjustment(lookups, l, r)
			if err != nil {
				t.Fatalf("%d,%d: %v", l, r, err)
			}
			n++
			if got != gposWant[[2]uint16{l, r}] {
				t.Errorf("pair %d,%d: %+v, want %+v", l, r, got, gposWant[[2]uint16{l, r}])
			}
			if got != (sfnt.PairValue{}) {
				kerned++
			}
		}
	}
	if n != 49 || kerned != len(gposWant) {
		t.Fatalf("%d pairs, %d adjusted, want 49 and %d", n, kerned, len(gposWant))
	}
	if k := gposWant[[2]uint16{gA, gB}].Kern(); k != -17+8 {
		t.Errorf("PairValue.Kern = %d", k)
	}
	if _, found, _ := g.FeatureLookups(nil, sfnt.MakeTag("latn"), 0, sfnt.MakeTag("liga")); found {
		t.Error("FeatureLookups found an absent feature")
	}
	if s, ok, _ := g.SelectScript(sfnt.MakeTag("cyrl")); !ok || s != sfnt.MakeTag("latn") {
		t.Errorf("SelectScript(cyrl) = %v %v, want the latn fallback", s, ok)
	}
}

func equalU16(a, b []uint16) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestGPOSErrors checks that truncating the test font's GPOS anywhere
// gives errors that name GPOS (or a clean result), never a panic.
func TestGPOSErrors(t *testing.T) {
	w := gposFont()
	full := w.Tables["GPOS"]
	errs := 0
	for n := 0; n < len(full); n++ {
		w.Tables["GPOS"] = full[:n]
		data, err := w.Bytes()
		if err != nil {
			t.Fatal(err)
		}
		f, err := sfnt.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		g, err := f.GPOS()
		if err == nil {
			var lookups []uint16
			var found bool
			lookups, found, err = g.FeatureLookups(nil, sfnt.MakeTag("latn"), 0, sfnt.MakeTag("kern"))
			if err == nil && found {
				for l := uint16(0); l < 7 && err == nil; l++ {
					for r := uint16(0); r < 7 && err == nil; r++ {
						_, err = g.PairAdjustment(lookups, l, r)
					}
				}
			}
		}
		if err != nil {
			errs++
			var fe *sfnt.FormatError
			if !errors.As(err, &fe) || fe.Table != "GPOS" || !errors.Is(err, sfnt.ErrMalformed) {
				t.Fatalf("truncated at %d: %v is not a GPOS FormatError", n, err)
			}
		}
	}
	if errs < len(full)/2 {
		t.Fatalf("only %d of %d truncations gave errors", errs, len(full))
	}
	t.Logf("%d of %d truncations of a %d-byte GPOS gave GPOS errors", errs, len(full), len(full))
}

// FuzzGPOS reads a fuzzed GPOS (and GDEF) through every entry point:
// scripts, languages, feature lookups for every declared script, and the
// pair adjustment of every pair of the first glyphs. Seeds: the test
// font's tables.
func FuzzGPOS(f *testing.F) {
	w := gposFont()
	f.Add(w.Tables["GPOS"], w.Tables["GDEF"])
	f.Fuzz(func(t *testing.T, gpos, gdef []byte) {
		w := gposFont()
		w.Tables["GPOS"], w.Tables["GDEF"] = gpos, gdef
		data, err := w.Bytes()
		if err != nil {
			t.Skip()
		}
		font, err := sfnt.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		for gid := uint16(0); gid < 8; gid++ {
			font.GlyphClass(gid)
		}
		g, err := font.GPOS()
		if err != nil {
			checkErr(t, "GPOS", err)
			return
		}
		scripts, err := g.Scripts()
		if err != nil {
			checkErr(t, "Scripts", err)
			return
		}
		g.SelectScript(sfnt.MakeTag("latn"))
		for _, s := range scripts {
			langs, err := g.Languages(s)
			if err != nil {
				checkErr(t, "Languages", err)
				continue
			}
			for _, lang := range append(langs, 0) {
				lookups, _, err := g.FeatureLookups(nil, s, lang, sfnt.MakeTag("kern"))
				if err != nil {
					checkErr(t, "FeatureLookups", err)
					continue
				}
				for l := uint16(0); l < 8; l++ {
					for r := uint16(0); r < 8; r++ {
						if _, err := g.PairAdjustment(lookups, l, r); err != nil {
							checkErr(t, "PairAdjustment", err)
						}
					}
				}
			}
		}
	})
}
