package verify

import (
	"testing"
	"time"

	"fontvm/internal/fontwriter"
	"fontvm/sfnt"
)

// maxFuzzProgram bounds each fuzzed program (the verifier is linear in
// the program; this keeps each input fast).
const maxFuzzProgram = 4096

// FuzzVerify places arbitrary bytes in fpgm, prep and a glyph program of
// a small font: the verifier never panics, finishes quickly, and keeps
// its findings per program bounded.
func FuzzVerify(f *testing.F) {
	f.Add(baseFpgm, []byte{0xB1, 0, 64, 0x44}, goodGlyph)
	f.Add([]byte{0xB0, 1, 0x2C, 0xB0, 1, 0x2B, 0x2D}, []byte{0xB0, 1, 0x2B}, []byte{0xB0, 1, 0x2A})
	f.Add([]byte{0x58, 0x1B, 0x59, 0x59}, []byte{0x40, 3, 1, 2}, []byte{0xB8, 0xFF, 0xF0, 0x1C})
	f.Add([]byte{0xB0, 0, 0x2C, 0xB0, 0, 0x2B, 0x2D, 0xB0, 0, 0x2B}, []byte{0x17, 0x39, 0x5D, 0x26, 0x25, 0x22}, []byte{0x8A, 0x20, 0x23, 0x60})
	f.Fuzz(func(t *testing.T, fpgm, prep, glyph []byte) {
		if len(fpgm) > maxFuzzProgram || len(prep) > maxFuzzProgram || len(glyph) > maxFuzzProgram {
			t.Skip()
		}
		fw := &fontwriter.Font{
			Glyphs: []fontwriter.Glyph{
				{Advance: 500},
				{Contours: square, Advance: 600, Instructions: glyph},
				{Components: []fontwriter.Component{{GlyphIndex: 1}, {GlyphIndex: 1, Arg1: 10}}, Instructions: glyph, Advance: 600},
			},
			Fpgm: fpgm, Prep: prep, CVT: []int16{1, 2, 3},
		}
		b, err := fw.Bytes()
		if err != nil {
			t.Skip()
		}
		font, err := sfnt.Parse(b)
		if err != nil {
			t.Skip()
		}
		t0 := time.Now()
		rep := Font(font)
		if d := time.Since(t0); d > 5*time.Second {
			t.Fatalf("verification took %v", d)
		}
		// fpgm, prep, two glyph programs and the function bodies
		if len(rep.Findings) > MaxFindingsPerProgram*(4+len(fpgm)+len(prep)) {
			t.Fatalf("%d findings", len(rep.Findings))
		}
	})
}
