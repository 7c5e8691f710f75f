package asm

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fontvm/internal/corpus"
	"fontvm/sfnt"
)

type program struct {
	name string // "fpgm", "prep", "glyph:N"
	code []byte
}

// fontPrograms returns the non-empty programs of a font, read with
// fontvm/sfnt.
func fontPrograms(t testing.TB, name string, data []byte) []program {
	t.Helper()
	f, err := sfnt.Parse(data)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var ps []program
	if b := f.Fpgm(); len(b) > 0 {
		ps = append(ps, program{"fpgm", b})
	}
	if b := f.Prep(); len(b) > 0 {
		ps = append(ps, program{"prep", b})
	}
	var g sfnt.Glyph
	for gid := 0; gid < f.NumGlyphs(); gid++ {
		if err := f.LoadGlyph(uint16(gid), &g); err != nil {
			t.Fatalf("%s glyph %d: %v", name, gid, err)
		}
		if g.InstructionsErr != nil {
			t.Fatalf("%s glyph %d: %v", name, gid, g.InstructionsErr)
		}
		if len(g.Instructions) > 0 {
			ps = append(ps, program{fmt.Sprintf("glyph:%d", gid), g.Instructions})
		}
	}
	return ps
}

// TestCorpusRoundTrip checks (B) on every program of every corpus font:
// fontvm's disassembly reassembles to the original bytes.
func TestCorpusRoundTrip(t *testing.T) {
	fonts := append(append([]corpus.Font{}, corpus.HintedFonts...), corpus.GoFonts...)
	total, ok := 0, 0
	for _, f := range fonts {
		t.Run(f.Name, func(t *testing.T) {
			ps := fontPrograms(t, f.Name, corpus.Load(t, f))
			n := 0
			for _, p := range ps {
				text, err := Disassemble(p.code, nil)
				if err != nil {
					t.Errorf("%s: %v", p.name, err)
					continue
				}
				b, err := Assemble(text, f.Name+":"+p.name)
				if err != nil || !bytes.Equal(b, p.code) {
					t.Errorf("%s: reassembly differs (%v)", p.name, err)
					continue
				}
				n++
			}
			if len(ps) == 0 {
				t.Errorf("no programs found")
			}
			t.Logf("%d/%d programs round-trip", n, len(ps))
			total += len(ps)
			ok += n
		})
	}
	t.Logf("(B) total: %d/%d programs", ok, total)
}

// TestGolden compares with fontTools 4.38's disassembly of a few Go-font
// programs (testdata/golden, made by testdata/make_golden.py), and checks
// that fontvm/sfnt extracts the same bytes fontTools did.
func TestGolden(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "golden", "*.ttx"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden files: %v", err)
	}
	progs := map[string][]byte{}
	for _, f := range corpus.GoFonts {
		for _, p := range fontPrograms(t, f.Name, f.Data) {
			progs[f.Name+"."+strings.ReplaceAll(p.name, ":", "-")] = p.code
		}
	}
	for _, file := range files {
		base := strings.TrimSuffix(file, ".ttx")
		key := filepath.Base(base)
		ttx, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		code, err := os.ReadFile(base + ".bin")
		if err != nil {
			t.Fatal(err)
		}
		header, body, _ := strings.Cut(string(ttx), "\n")
		if !strings.HasPrefix(header, "/* fontTools 4.38") {
			t.Errorf("%s: header %q does not record fontTools 4.38", file, header)
		}
		if got, ok := progs[key]; !ok || !bytes.Equal(got, code) {
			t.Errorf("%s: sfnt's bytes differ from fontTools' (found %v)", key, ok)
		}
		text, err := Disassemble(code, nil)
		if err != nil {
			t.Errorf("%s: %v", key, err)
			continue
		}
		if text != body {
			t.Errorf("%s: disassembly differs from fontTools':\n%s", key, firstDiff(text, body))
		}
		b, err := Assemble(string(ttx), file)
		if err != nil || !bytes.Equal(b, code) {
			t.Errorf("%s: assembling fontTools' text: %v", key, err)
		}
	}
}

func firstDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < len(al) && i < len(bl); i++ {
		if al[i] != bl[i] {
			return fmt.Sprintf("line %d:\n fontvm:    %q\n fontTools: %q", i+1, al[i], bl[i])
		}
	}
	return fmt.Sprintf("lengths differ: %d and %d lines", len(al), len(bl))
}
