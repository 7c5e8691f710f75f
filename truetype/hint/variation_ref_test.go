//go:build reference

package hint

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"fontvm/internal/ftref"
)

// TestVariationReference compares every glyph of every variation case
// (cases.tsv: named instances, axis extremes and off-grid instances of the
// shared variable fonts; inter-cases.tsv: Debian's Inter) with FreeType's,
// loaded through FT_Set_Var_Design_Coordinates then FT_Set_Char_Size as
// ftpoints2 does. A case FreeType cannot set (an error of
// FT_Set_Var_Design_Coordinates) must fail NewInstanceRequest too. With
// FONTVM_UPDATE_GOLDEN=1 it rewrites varGoldenFile.
func TestVariationReference(t *testing.T) {
	cache := map[string]*Font{}
	var golden strings.Builder
	fmt.Fprintf(&golden, "# case\tSHA-256/128 of FreeType %s's lines\tglyphs\n", ftref.Version())
	cases, glyphs, bad := 0, 0, 0
	for _, c := range readVarCases(t) {
		f := loadVarFont(t, cache, c.font)
		data := f.sf.Data()
		o, err := c.options(f)
		if err != nil {
			t.Fatalf("%v: %v", c, err)
		}
		ft, err := ftref.VarOutlines(data, o.Design, c.charSize, int(c.dpi), int(c.dpi), ftref.Mode(o.Mode), ftref.Target(o.Target))
		if err != nil {
			t.Fatalf("%v: FreeType: %v", c, err)
		}
		lines := caseLines(t, f, c)
		if len(lines) != len(ft) {
			t.Fatalf("%v: %d glyphs, FreeType %d", c, len(lines), len(ft))
		}
		want := make([]string, len(ft))
		for i := range ft {
			want[i] = ft[i].Line()
		}
		bad += compareCaseLines(t, c, lines, want)
		fmt.Fprintf(&golden, "%s\t%s\t%d\n", c, hashLines(want), len(want))
		cases++
		glyphs += len(ft)
	}
	if cases < 200 || glyphs < 150000 {
		t.Fatalf("compared only %d cases, %d glyphs", cases, glyphs)
	}
	t.Logf("%d cases: %d/%d glyphs identical to FreeType %s", cases, glyphs-bad, glyphs, ftref.Version())
	if os.Getenv("FONTVM_UPDATE_GOLDEN") != "" && !t.Failed() {
		if err := os.WriteFile(varGoldenFile, []byte(golden.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// compareCaseLines compares a case's lines with FreeType's, reporting
// the first two glyphs that differ and the count, which it returns.
func compareCaseLines(t *testing.T, c fmt.Stringer, got, want []string) int {
	diff := 0
	for i := range want {
		if want[i] != got[i] {
			if diff < 2 {
				t.Errorf("%v gid %d:\n got %s\nwant %s", c, i, got[i], want[i])
			}
			diff++
		}
	}
	if diff > 0 {
		t.Errorf("%v: %d of %d glyphs differ", c, diff, len(want))
	}
	return diff
}

// withPrepSuffix returns a copy of font with code appended to its prep
// (the new prep stored at the end of the file, the directory entry
// pointed at it; FreeType checks no checksums).
func withPrepSuffix(t *testing.T, font []byte, code []byte) []byte {
	n := int(font[4])<<8 | int(font[5])
	for i := 0; i < n; i++ {
		rec := font[12+16*i : 28+16*i]
		if string(rec[:4]) != "prep" {
			continue
		}
		off := int(rec[8])<<24 | int(rec[9])<<16 | int(rec[10])<<8 | int(rec[11])
		ln := int(rec[12])<<24 | int(rec[13])<<16 | int(rec[14])<<8 | int(rec[15])
		prep := append(append([]byte(nil), font[off:off+ln]...), code...)
		out := append([]byte(nil), font...)
		for len(out)%4 != 0 {
			out = append(out, 0)
		}
		at := len(out)
		out = append(out, prep...)
		r := out[12+16*i:]
		r[8], r[9], r[10], r[11] = byte(at>>24), byte(at>>16), byte(at>>8), byte(at)
		r[12], r[13], r[14], r[15] = byte(len(prep)>>24), byte(len(prep)>>16), byte(len(prep)>>8), byte(len(prep))
		return out
	}
	t.Fatal("no prep table")
	return nil
}

// TestVariationInstructionsReference runs GETVARIATION, GETDATA and
// GETINFO's variation bit in Selawik's prep, each turning glyph hinting
// off (INSTCTRL selector 1) when it gives the value FreeType gives, and
// compares every glyph with FreeType's with and without a variation call
// (without one, GETVARIATION and GETDATA are invalid opcodes: prep
// stops at them, or runs the font's IDEF). It checks that each program
// changed the outlines at the instance, so that a wrong value would show.
func TestVariationInstructionsReference(t *testing.T) {
	path := ""
	for _, c := range readVarCases(t) {
		if strings.HasSuffix(c.font, "Selawik-variable.ttf") {
			path = c.font
		}
	}
	base, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	cache := map[string]*Font{}
	f0 := loadVarFont(t, cache, path)
	design, err := ParseVariation(f0.Variations(), "wght=651.5,opsz=37")
	if err != nil {
		t.Fatal(err)
	}
	norm, err := f0.Variations().Normalize(nil, design)
	if err != nil {
		t.Fatal(err)
	}
	k0, k1 := uint16(norm[0]>>2), uint16(norm[1]>>2)
	off := []byte{0xB0, 1, 0xB0, 1, 0x8E} // PUSHB 1 PUSHB 1 INSTCTRL: hinting off
	progs := map[string][]byte{
		// GETVARIATION; PUSHW k1; EQ; SWAP; PUSHW k0; EQ; AND; IF off EIF
		"GETVARIATION": append(append([]byte{0x91, 0xB8, byte(k1 >> 8), byte(k1), 0x54, 0x23, 0xB8, byte(k0 >> 8), byte(k0), 0x54, 0x5A, 0x58}, off...), 0x59),
		// GETDATA; PUSHB 17; EQ; IF off EIF
		"GETDATA": append(append([]byte{0x92, 0xB0, 17, 0x54, 0x58}, off...), 0x59),
		// PUSHB 8; GETINFO; PUSHW 1024; EQ; IF off EIF
		"GETINFO": append(append([]byte{0xB0, 8, 0x88, 0xB8, 4, 0, 0x54, 0x58}, off...), 0x59),
	}
	glyphs := 0
	for name, code := range progs {
		data := withPrepSuffix(t, base, code)
		sf, err := sfntParse(data)
		if err != nil {
			t.Fatal(err)
		}
		f, err := NewFont(sf)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range [][]int64{design, nil} {
			for _, mode := range []Mode{ModeV35, ModeV40} {
				c := varCase{font: name, sizeText: "13", mode: mode.String(), varText: "-", charSize: 13 * 64, dpi: 72}
				o := Options{Mode: mode, Design: d}
				in, err := f.NewInstanceRequest(sizeCharSize(c.charSize, c.dpi), o)
				if err != nil {
					t.Fatal(err)
				}
				ft, err := ftref.VarOutlines(data, d, c.charSize, 72, 72, ftref.Mode(mode), ftref.TargetNormal)
				if err != nil {
					t.Fatal(err)
				}
				plain, err := ftref.VarOutlines(base, d, c.charSize, 72, 72, ftref.Mode(mode), ftref.TargetNormal)
				if err != nil {
					t.Fatal(err)
				}
				var g Glyph
				var line []byte
				var xy []int64
				var ends []int32
				changed := 0
				for gid := range ft {
					err := in.LoadGlyph(gid, &g)
					line, xy, ends = appendLine(line[:0], gid, &g, err, xy, ends)
					want := ft[gid].Line()
					if string(line) != want {
						t.Errorf("%s design %v %v gid %d:\n got %s\nwant %s", name, d != nil, mode, gid, line, want)
						break
					}
					if want != plain[gid].Line() {
						changed++
					}
					glyphs++
				}
				if changed == 0 && d != nil {
					t.Errorf("%s design %v %v: the program changed no glyph", name, d != nil, mode)
				}
			}
		}
	}
	if glyphs < 1000 {
		t.Fatalf("compared only %d glyphs", glyphs)
	}
	t.Logf("%d glyphs identical to FreeType's", glyphs)
}
