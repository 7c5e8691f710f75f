package sfnt_test

import (
	"errors"
	"testing"

	"fontvm/internal/kernfont"
	"fontvm/sfnt"
)

// Glyphs of the test font (kernfont).
const (
	gA, gB, gC, gM1, gM2, gD = kernfont.A, kernfont.B, kernfont.C, kernfont.M1, kernfont.M2, kernfont.D
)

// gposFont is kernfont's GPOS font.
var gposFont = kernfont.GPOS

// gposWant is what HarfBuzz's 'kern' feature does to each pair of
// gposFont (derived from the OpenType rules kernfont.GPOS's comment lists;
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
		f, _ := kernfont.Parse(t, w)
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
