package cff_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"fontvm/cff"
	"fontvm/internal/cffwriter"
	"fontvm/internal/conformance/golden"
	"fontvm/internal/fontwriter"
	"fontvm/sfnt"
	"fontvm/size"
)

// synthPPEMs are the sizes the synthetic fonts are compared at.
var synthPPEMs = []int{9, 12, 17}

// A synthCase is one synthetic CFF-flavoured font of the exactness
// cases FreeType's own fonts do not exercise: the predefined Expert and
// ExpertSubset charsets (glyph names and seac accents), FT_Matrix_Check
// at its limits, custom encodings.
type synthCase struct {
	name string
	font cffwriter.Font
	// edit, when set, damages the table (cs: the CharStrings INDEX
	// offset) before it is wrapped
	edit func(table []byte, cs int)
	// noHead sets the wrapped font's head length to 0: FreeType opens
	// it as pure CFF (units per em from the FontMatrix, advances from
	// the charstrings)
	noHead bool
}

// t2int encodes a Type 2 charstring integer.
func t2int(v int) []byte {
	switch {
	case v >= -107 && v <= 107:
		return []byte{byte(v + 139)}
	case v >= 108 && v <= 1131:
		v -= 108
		return []byte{byte(v>>8 + 247), byte(v)}
	case v >= -1131 && v <= -108:
		v = -v - 108
		return []byte{byte(v>>8 + 251), byte(v)}
	}
	return []byte{28, byte(v >> 8), byte(v)}
}

// t2 assembles a charstring from integers and operator codes written
// as strings ("hstem", "rlineto", ...).
func t2(items ...any) []byte {
	ops := map[string][]byte{"hstem": {1}, "vstem": {3}, "rmoveto": {21}, "rlineto": {5},
		"rrcurveto": {8}, "endchar": {14}, "hintmask": {19}}
	var b []byte
	for _, it := range items {
		switch v := it.(type) {
		case int:
			b = append(b, t2int(v)...)
		case string:
			o, ok := ops[v]
			if !ok {
				panic("t2: unknown operator " + v)
			}
			b = append(b, o...)
		case []byte:
			b = append(b, v...)
		}
	}
	return b
}

// synthGlyphs returns n charstrings: .notdef, n-2 hinted shapes of
// different widths (a rectangle with a curved side, two horizontal and
// one vertical stem; every other one with an explicit width) and, last,
// a seac-style endchar that puts standard code achar on bchar.
func synthGlyphs(n, bchar, achar int) [][]byte {
	cs := [][]byte{t2("endchar")}
	for i := 1; i < n-1; i++ {
		w := 200 + 37*(i%11)
		var lead []any
		if i%2 == 1 {
			lead = []any{w + 60}
		}
		body := []any{0, 20 + i%7, 470 - i%13, 30, "hstem", 40, 30 + i%5, "vstem",
			40, 0, "rmoveto", w, 0, "rlineto", 0, 480 + i%9, "rlineto",
			-w / 2, 40, -w / 2, -40, 0, -60 - i%17, "rrcurveto", 0, -420 + 13*(i%3), "rlineto", "endchar"}
		cs = append(cs, t2(append(lead, body...)...))
	}
	cs = append(cs, t2(500, 120, 210, bchar, achar, "endchar"))
	return cs
}

// synthPrivate is a Private DICT with blue zones and stems, so that
// the hinter has work: BlueValues -20 0 450 470, StdHW 30, StdVW 32.
var synthPrivate = []byte{139 - 20, 139, 247, 86, 247, 106, 6, 139 + 30, 10, 139 + 32, 11}

// synthCases returns the synthetic fonts. Standard codes 44 (comma) and
// 46 (period) name glyphs 12 and 14 in the Expert charset, 8 and 10 in
// ExpertSubset, 13 and 15 in ISOAdobe: a lookup through the wrong
// charset finds other glyphs or none.
func synthCases() []synthCase {
	var cs []synthCase
	add := func(name string, f cffwriter.Font) {
		if f.Private == nil {
			f.Private = synthPrivate
		}
		cs = append(cs, synthCase{name: name, font: f})
	}
	add("isoadobe-seac", cffwriter.Font{CharStrings: synthGlyphs(20, 44, 46), Charset: cffwriter.CharsetISOAdobe})
	add("expert-seac", cffwriter.Font{CharStrings: synthGlyphs(20, 44, 46), Charset: cffwriter.CharsetExpert})
	add("expert-seac-missing", cffwriter.Font{CharStrings: synthGlyphs(20, 44, 65), Charset: cffwriter.CharsetExpert})
	add("expert-166", cffwriter.Font{CharStrings: synthGlyphs(166, 27, 28), Charset: cffwriter.CharsetExpert})
	add("expert-167", cffwriter.Font{CharStrings: synthGlyphs(167, 27, 28), Charset: cffwriter.CharsetExpert})
	add("expertsubset-seac", cffwriter.Font{CharStrings: synthGlyphs(20, 44, 46), Charset: cffwriter.CharsetExpertSubset})
	add("expertsubset-87", cffwriter.Font{CharStrings: synthGlyphs(87, 58, 59), Charset: cffwriter.CharsetExpertSubset})
	add("expertsubset-88", cffwriter.Font{CharStrings: synthGlyphs(88, 58, 59), Charset: cffwriter.CharsetExpertSubset})
	add("isoadobe-230", cffwriter.Font{CharStrings: synthGlyphs(230, 44, 46), Charset: cffwriter.CharsetISOAdobe})
	// FontMatrix at FT_Matrix_Check's limits: the sum of squares over
	// the determinant just under and over 50, a nonzero coefficient
	// that FT_DivFix scales to 0, a zero determinant, rotations, flips.
	for _, m := range []string{
		"0.001 0 0 0.001 0 0",
		"0.001 0 0.0002 0.001 0 0",
		"0.001 0.001 0.001 0.0011 0 0",
		"0.001 0.001 0.001 0.00105 0 0",
		"0.001 0 0 0.0000201 0 0",
		"0.001 0 0 0.0000199 0 0",
		"0.001 0 0 0.00001 0 0",
		"0.001 0.00000003 0 0.001 0 0",
		"0.001 0.0000003 0 0.001 0 0",
		"0.0009 0.00000002 0 0.0009 0 0",
		"0.0009 0.000000005 0 0.0009 0 0",
		"0.09999 0 0.000001 0.09999 0 0",
		"0.001 0.001 0.001 0.001 0 0",
		"0.002 0 0 -0.001 0 0",
		"0 0.001 -0.001 0 0 0",
		"0.0005 0.0001 -0.0001 0.0005 10 -20",
		"0.000001 0 0 0.000001 0 0",
		"1 0 0 1 0 0",
	} {
		var ops [][]byte
		for _, v := range strings.Fields(m) {
			if strings.ContainsAny(v, ".e") {
				ops = append(ops, cffwriter.Real(v))
			} else {
				n, _ := strconv.Atoi(v)
				ops = append(ops, cffwriter.Int5(n))
			}
		}
		add("matrix "+m, cffwriter.Font{CharStrings: synthGlyphs(14, 44, 46), FontMatrix: ops})
		cs = append(cs, cs[len(cs)-1])
		cs[len(cs)-1].name += " nohead"
		cs[len(cs)-1].noHead = true
	}
	// encodings (cff_encoding_load): format 0, format 1 with a
	// supplement, the Expert encoding, an unknown format, an offset past
	// the end of the file
	add("encoding-format0", cffwriter.Font{CharStrings: synthGlyphs(14, 44, 46), Encoding: []byte{0, 3, 65, 66, 67}})
	add("encoding-format1-supplement", cffwriter.Font{CharStrings: synthGlyphs(14, 44, 46), Encoding: []byte{0x81, 1, 65, 2, 1, 32, 0, 1}})
	add("encoding-expert", cffwriter.Font{CharStrings: synthGlyphs(14, 44, 46), EncodingOffset: 1})
	add("encoding-format2", cffwriter.Font{CharStrings: synthGlyphs(14, 44, 46), Encoding: []byte{2, 0}})
	add("encoding-offset-past-end", cffwriter.Font{CharStrings: synthGlyphs(14, 44, 46), EncodingOffset: 1 << 20})
	// the header's absolute offset size: 0 passes (cff_font_load refuses
	// only more than 4), 5 fails
	for _, o := range []byte{0, 5} {
		cs = append(cs, synthCase{name: fmt.Sprintf("header-offsize-%d", o), font: cs[0].font,
			edit: func(t []byte, _ int) { t[3] = o }})
	}
	// a CharStrings INDEX whose last offset is smaller than the one
	// before: the elements are cut at the end of the file
	// (cff_index_access_element), not at the INDEX data's end
	cs = append(cs, synthCase{name: "charstrings-last-offset-small", font: cs[0].font,
		edit: func(t []byte, at int) {
			n := int(t[at])<<8 | int(t[at+1])
			last := at + 3 + 4*n
			t[last], t[last+1], t[last+2], t[last+3] = 0, 0, 0, 20
		}})
	return cs
}

// otf returns the case's font file (1000 units per em, advance 600;
// head's length 0 for noHead cases).
func (c synthCase) otf(t testing.TB) []byte {
	t.Helper()
	table := c.font.Bytes()
	if c.edit != nil {
		c.edit(table, c.font.CharStringsOffset())
	}
	data, err := cffwriter.WrapOTF(table, len(c.font.CharStrings), 1000, 600)
	if err != nil {
		t.Fatal(err)
	}
	if c.noHead {
		// a pure CFF font needs a cmap (cff_face_init's load_cmap), which
		// WrapOTF leaves out
		fw := fontwriter.Font{
			UnitsPerEm: 1000, Ascender: 800, Descender: -200,
			Glyphs:      make([]fontwriter.Glyph, len(c.font.CharStrings)),
			Tables:      map[string][]byte{"CFF ": table},
			Omit:        []string{"glyf", "loca"},
			SFNTVersion: 0x4F54544F,
			Cmap:        map[rune]uint16{'A': 1},
		}
		if data, err = fw.Bytes(); err != nil {
			t.Fatal(err)
		}
		data = headless(t, data, "zero")
	}
	return data
}

// synthRefused is the single line of a font that fails to open.
const synthRefused = "refused"

// synthLines returns fontvm's lines for every glyph of the font at ppem
// (ftref's line format, errors with FreeType's error name), or
// synthRefused when the font does not open.
func synthLines(t testing.TB, data []byte, ppem int, hinted bool) []string {
	t.Helper()
	sf, err := sfnt.Parse(data)
	if err != nil {
		return []string{synthRefused}
	}
	fc, err := cff.NewFace(sf, nil, nil)
	if err != nil {
		return []string{synthRefused}
	}
	sc, err := fc.Scale(size.Pixels(int64(ppem) * 64))
	if err != nil {
		t.Fatal(err)
	}
	l := fc.NewLoader()
	var o cff.Outline
	var lines []string
	for g := 0; g < fc.NumGlyphs(); g++ {
		if err := fc.Load(l, g, sc, hinted, &o); err != nil {
			lines = append(lines, string(golden.AppendErrLine(nil, g, ftErrName(cff.FreeTypeError(err)))))
			continue
		}
		b := o.AppendFTPoints(nil, g)
		lines = append(lines, strings.TrimSuffix(string(b), "\n"))
	}
	return lines
}

// ftErrName names cff.FreeTypeError's codes as FreeType (and ftref)
// name them; other codes as ftref does, "0xNN".
func ftErrName(code int) string {
	switch code {
	case 3:
		return "Invalid_File_Format"
	case 6:
		return "Invalid_Argument"
	case 20:
		return "Invalid_Outline"
	case 0x24:
		return "Invalid_Size_Handle"
	case 0xA4:
		return "Glyph_Too_Big"
	}
	return fmt.Sprintf("0x%02X", code)
}

// synthKey is a synthetic case's key in testdata/synth.golden.
func synthKey(name string, ppem int, hinted bool) string {
	return fmt.Sprintf("%s %d %s", name, ppem, map[bool]string{true: "hinted", false: "none"}[hinted])
}

// TestGoldenSynth holds the synthetic fonts (Expert and ExpertSubset
// charsets with seac, FontMatrix at FT_Matrix_Check's limits, encodings)
// against testdata/synth.golden: FreeType 2.12.1's lines (or its refusal
// to open the font), recorded by TestReferenceSynth -update under -tags
// reference.
func TestGoldenSynth(t *testing.T) {
	want, _ := readGolden(t, "synth.golden")
	checked := 0
	for _, c := range synthCases() {
		data := c.otf(t)
		for _, ppem := range synthPPEMs {
			for _, hinted := range []bool{false, true} {
				key := synthKey(c.name, ppem, hinted)
				w, ok := want[key]
				if !ok {
					t.Errorf("%s: no golden entry", key)
					continue
				}
				lines := synthLines(t, data, ppem, hinted)
				if len(lines) != w.count || digest(lines) != w.digest {
					t.Errorf("%s: %d lines, digest %s; golden %d, %s", key, len(lines), digest(lines)[:12], w.count, w.digest[:12])
				}
				checked++
			}
		}
	}
	if checked == 0 || checked != len(want) {
		t.Fatalf("checked %d cases of %d golden entries", checked, len(want))
	}
}
