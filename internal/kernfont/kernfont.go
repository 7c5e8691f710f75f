// Package kernfont builds the small fonts the kerning tests of sfnt and
// face share: six glyphs ('a', 'b', 'c', two combining marks, 'd') with a
// GDEF, and either a GPOS whose 'kern' feature exercises what
// sfnt.GPOS.PairAdjustment implements, or a legacy 'kern' table. It is
// test-only code.
package kernfont

import (
	"encoding/binary"
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

// cov1 returns a format-1 Coverage table of gs.
func cov1(gs ...int) []byte { return append(be(1, len(gs)), be(gs...)...) }

// Glyphs of the test fonts.
const (
	A, B, C = 1, 2, 3 // base glyphs 'a', 'b', 'c'
	M1, M2  = 4, 5    // marks U+0301 (attachment class 2), U+0327 (class 1, mark set 0)
	D       = 6       // base glyph 'd'
)

// Runes are the characters the test fonts map, in glyph order (glyphs 1
// to 6).
var Runes = []rune{'a', 'b', 'c', 0x301, 0x327, 'd'}

// GPOS returns a font whose GPOS 'kern' feature exercises what
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
func GPOS() *fontwriter.Font {
	vr := func(format int, v ...int) []byte { return be(v...) } // a value record; format documents the fields
	pairSet := func(recs ...[]byte) []byte {
		b := be(len(recs))
		for _, r := range recs {
			b = append(b, r...)
		}
		return b
	}
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
	st0a := pairPos1(4, 1, []int{A},
		pairSet(rec(B, vr(4, -10), vr(1, 5)), rec(M1, vr(4, -99), vr(1, 0))))
	st0b := pairPos1(4, 5, []int{A, B},
		pairSet(rec(B, vr(4, -1000), vr(5, 0, 0)), rec(C, vr(4, -20), vr(5, 0, 0))),
		pairSet(rec(A, vr(4, -60), vr(5, 0, 7))))
	// Format 2: value formats 5 (XPlacement, XAdvance) for both glyphs.
	classDef1 := be(2, 2, A, B, 1, M1, M1, 1)
	classDef2 := be(1, B, 2, 1, 2)
	records := be(
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, // class 0 x 0..2
		0, 0, 0, 0, 1, -7, 3, 2, 0, -30, 0, 0) // class 1 x 0..2
	f2head := append(be(2, 0, 5, 5, 0, 0, 2, 3), records...)
	st1a := nest(f2head, []int{2, 8, 10}, cov1(A, B, M1), classDef1, classDef2)
	st1b := pairPos1(4, 0, []int{A}, pairSet(rec(D, vr(4, -500))))
	ext := func(st []byte) []byte {
		b := be(1, 2, 0, 8)
		return append(b, st...)
	}
	st2 := pairPos1(4, 0, []int{A}, pairSet(rec(M1, vr(4, -41)), rec(M2, vr(4, -40))))
	st3 := pairPos1(4, 0, []int{A}, pairSet(rec(M1, vr(4, -51)), rec(M2, vr(4, -50))))
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

	f := base()
	f.Tables["GPOS"] = gpos
	return f
}

// base returns the test fonts' common part: glyphs 1 to 6 (the marks
// without advance), their cmap, and a GDEF 1.2 with the glyph classes
// (a-c, d base; M1, M2 marks), mark attachment classes (M1 2, M2 1) and
// one mark glyph set {M2}.
func base() *fontwriter.Font {
	glyphClass := be(2, 3, A, C, 1, M1, M2, 3, D, D, 1)
	markAttach := be(1, M1, 2, 2, 1)
	markSets := append(be(1, 1), 0, 0, 0, 8) // one set, its coverage 8 bytes in (32-bit offset)
	markSets = append(markSets, cov1(M2)...)
	gdef := nest(be(1, 2, 0, 0, 0, 0, 0), []int{4, 10, 12}, glyphClass, markAttach, markSets)

	sq := [][]fontwriter.Point{{{X: 0, Y: 0, On: true}, {X: 0, Y: 500, On: true}, {X: 500, Y: 500, On: true}}}
	g := fontwriter.Glyph{Contours: sq, Advance: 600}
	return &fontwriter.Font{
		Glyphs: []fontwriter.Glyph{{Advance: 500}, g, g, g, {Contours: sq}, {Contours: sq}, g},
		Cmap:   map[rune]uint16{'a': A, 'b': B, 'c': C, 0x301: M1, 0x327: M2, 'd': D},
		Tables: map[string][]byte{"GDEF": gdef},
	}
}

// KernTable returns the test font without GPOS and with a 'kern' table
// (version 0, one format-0 subtable) of three pairs: a,b = -15; a,M1 =
// -30 (HarfBuzz skips a mark as second glyph: no kerning); M1,a = -41
// (HarfBuzz puts -41>>1 = -21 on M1's advance, which it then zeroes, and
// -20 on a's offset and advance).
func KernTable() *fontwriter.Font {
	pairs := [][3]int{{A, B, -15}, {A, M1, -30}, {M1, A, -41}}
	sub := be(0, 6+8+6*len(pairs), 1, len(pairs), 12, 1, 6)
	for _, p := range pairs {
		sub = append(sub, be(p[0], p[1], p[2])...)
	}
	f := base()
	f.Tables["kern"] = append(be(0, 1), sub...)
	return f
}

// Parse writes w and parses it, failing t on an error.
func Parse(t testing.TB, w *fontwriter.Font) (*sfnt.Font, []byte) {
	t.Helper()
	data, err := w.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	f, err := sfnt.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	return f, data
}
