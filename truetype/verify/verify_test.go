package verify

import (
	"strings"
	"testing"
	"time"

	"fontvm/internal/corpus"
	"fontvm/internal/fontwriter"
	"fontvm/sfnt"
)

// pushb is PUSHB[n-1] with the bytes vs (at most 8).
func pushb(vs ...byte) []byte { return append([]byte{0xB0 + byte(len(vs)-1)}, vs...) }

// pushw is PUSHW[n-1] with the words vs.
func pushw(vs ...int16) []byte {
	out := []byte{0xB8 + byte(len(vs)-1)}
	for _, v := range vs {
		out = append(out, byte(uint16(v)>>8), byte(v))
	}
	return out
}

// cat concatenates byte slices.
func cat(bs ...[]byte) []byte {
	var out []byte
	for _, b := range bs {
		out = append(out, b...)
	}
	return out
}

// Opcodes used by the tests.
const (
	opSZP0   = 0x13
	opSLOOP  = 0x17
	opJMPR   = 0x1C
	opDUP    = 0x20
	opPOP    = 0x21
	opSWAP   = 0x23
	opCALL   = 0x2B
	opFDEF   = 0x2C
	opENDF   = 0x2D
	opMDAP1  = 0x2F
	opIUPy   = 0x30
	opIUPx   = 0x31
	opSHPIX  = 0x38
	opIP     = 0x39
	opWS     = 0x42
	opRS     = 0x43
	opWCVTP  = 0x44
	opRCVT   = 0x45
	opIF     = 0x58
	opEIF    = 0x59
	opADD    = 0x60
	opFLIPPT = 0x80
	opMDRP   = 0xC0
)

var square = [][]fontwriter.Point{{{X: 0, Y: 0, On: true}, {X: 0, Y: 500, On: true}, {X: 500, Y: 500, On: true}, {X: 500, Y: 0, On: true}}}

// baseFpgm defines function 0 (pops a point, MDAP[1] on it), function 1
// (pops two values and pushes their sum), function 2 (calls function 0
// with a pushed point, pops nothing).
var baseFpgm = cat(
	pushb(0), []byte{opFDEF, opMDAP1, opENDF},
	pushb(1), []byte{opFDEF, opADD, opENDF},
	pushb(2), []byte{opFDEF}, pushb(1, 0), []byte{opCALL, opENDF},
)

// testFont builds a font with the base fpgm and prep, a CVT of 4
// entries, and glyph 1 (a square, 4 points) running prog; change edits
// the description before it is written.
func testFont(t testing.TB, prog []byte, change func(*fontwriter.Font)) *sfnt.Font {
	t.Helper()
	fw := &fontwriter.Font{
		Glyphs: []fontwriter.Glyph{
			{Advance: 500},
			{Contours: square, Advance: 600, Instructions: prog},
			{Contours: square, Advance: 600, Instructions: cat(pushb(3, 2), []byte{opMDRP, opMDRP})},
		},
		Fpgm: append([]byte(nil), baseFpgm...),
		Prep: cat(pushb(0, 64), []byte{opWCVTP}),
		CVT:  []int16{10, 20, 30, 40},
	}
	if change != nil {
		change(fw)
	}
	b, err := fw.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	f, err := sfnt.Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// goodGlyph is a correct glyph program exercising the base functions,
// the CVT (a write from the glyph program, which is legal), storage,
// IF/EIF and a loop.
var goodGlyph = cat(
	pushb(3, 0), []byte{opCALL}, // function 0 on point 3
	pushb(5, 6, 1), []byte{opCALL, opPOP}, // function 1: 5+6
	pushb(2), []byte{opCALL}, // function 2
	pushb(1, 99), []byte{opWCVTP}, // CVT write from a glyph: legal
	pushb(7, 5), []byte{opWS}, pushb(7), []byte{opRS, opPOP},
	pushb(1), []byte{opIF}, pushb(2), []byte{opRCVT, opPOP, opEIF},
	pushb(0, 1, 2, 2), []byte{opSLOOP, opIP}, []byte{opPOP},
	pushb(7), []byte{opMDAP1},
)

// TestIntactFontClean: the base font with a correct glyph program has no
// finding at all.
func TestIntactFontClean(t *testing.T) {
	rep := Font(testFont(t, goodGlyph, nil))
	for _, f := range rep.Findings {
		t.Errorf("unexpected finding: %s", f)
	}
	if rep.Programs != 4 {
		t.Errorf("verified %d programs, want 4 (fpgm, prep, glyphs 1 and 2)", rep.Programs)
	}
}

// TestPlantedDefects: a font with one planted defect per kind; each is
// found with its kind and severity, in its program.
func TestPlantedDefects(t *testing.T) {
	type tc struct {
		name    string
		kind    string
		sev     string
		glyph   []byte                 // glyph 1's program (nil: goodGlyph)
		change  func(*fontwriter.Font) // other edits
		program string
	}
	cases := []tc{
		{name: "call of an undefined function", kind: KindUndefinedFunction, sev: SevError, program: "glyph",
			glyph: cat(pushb(9), []byte{opCALL})},
		{name: "CVT read past the end", kind: KindCVTIndex, sev: SevError, program: "glyph",
			glyph: cat(pushb(50), []byte{opRCVT, opPOP})},
		{name: "CVT index computed by ADD", kind: KindCVTIndex, sev: SevError, program: "glyph",
			glyph: cat(pushb(3, 2), []byte{opADD}, pushb(1), []byte{opWCVTP})},
		{name: "CVT index moved by SWAP", kind: KindCVTIndex, sev: SevError, program: "glyph",
			glyph: cat(pushb(1, 9), []byte{opSWAP, opWCVTP})},
		{name: "storage past maxStorage", kind: KindStorageIndex, sev: SevError, program: "glyph",
			glyph: cat(pushb(100), []byte{opRS, opPOP})},
		{name: "pop of an empty stack", kind: KindStackUnderflow, sev: SevError, program: "glyph",
			glyph: cat(pushb(1), []byte{opPOP, opPOP})},
		{name: "function taking more than the stack holds", kind: KindStackUnderflow, sev: SevError, program: "glyph",
			glyph: cat(pushb(5, 1), []byte{opCALL})},
		{name: "IF without EIF", kind: KindUnbalancedIf, sev: SevError, program: "glyph",
			glyph: cat(pushb(1), []byte{opIF}, pushb(3), []byte{opMDAP1})},
		{name: "jump before the program", kind: KindJumpOutOfRange, sev: SevError, program: "glyph",
			glyph: cat(pushw(-40), []byte{opJMPR})},
		{name: "FDEF in a glyph program", kind: KindFdefInGlyph, sev: SevError, program: "glyph",
			glyph: cat(pushb(5), []byte{opFDEF, opENDF})},
		{name: "point past the glyph", kind: KindPointIndex, sev: SevError, program: "glyph",
			glyph: cat(pushb(30), []byte{opMDAP1})},
		{name: "point past the glyph through DUP", kind: KindPointIndex, sev: SevError, program: "glyph",
			glyph: cat(pushb(3, 8), []byte{opDUP, opPOP, opMDAP1, opPOP})},
		{name: "twilight point past the twilight zone", kind: KindPointIndex, sev: SevError, program: "glyph",
			glyph: cat(pushb(200, 0), []byte{opSZP0, opMDAP1})},
		{name: "zone 2", kind: KindZoneIndex, sev: SevError, program: "glyph",
			glyph: cat(pushb(2), []byte{opSZP0})},
		{name: "loop points missing", kind: KindStackUnderflow, sev: SevError, program: "glyph",
			glyph: cat(pushb(1, 2, 3), []byte{opSLOOP, opIP})},
		{name: "stack beyond maxStackElements", kind: KindStackOverflow, sev: SevError, program: "glyph",
			glyph: cat(pushb(1, 1, 1, 1, 1, 1, 1, 1), pushb(1, 1, 1, 1, 1, 1, 1, 1)),
			change: func(f *fontwriter.Font) {
				m := f.DerivedMaxp()
				m.MaxStackElements = 1 // FreeType's stack: 33 elements
				f.Maxp = &m
				var prog []byte
				for i := 0; i < 6; i++ {
					prog = append(prog, pushb(1, 1, 1, 1, 1, 1, 1, 1)...)
				}
				f.Glyphs[1].Instructions = prog
			}},
		{name: "recursive function", kind: KindRecursion, sev: SevWarning, program: "fpgm",
			change: func(f *fontwriter.Font) {
				f.Fpgm = append(f.Fpgm, cat(pushb(4), []byte{opFDEF}, pushb(4), []byte{opCALL, opENDF})...)
			}},
		{name: "FDEF without ENDF", kind: KindUnbalancedFdef, sev: SevError, program: "fpgm",
			change: func(f *fontwriter.Font) { f.Fpgm = append(f.Fpgm, cat(pushb(4), []byte{opFDEF, opPOP})...) }},
		{name: "undefined opcode", kind: KindInvalidOpcode, sev: SevError, program: "prep",
			change: func(f *fontwriter.Font) { f.Prep = append(f.Prep, 0x28) }},
		{name: "truncated push", kind: KindTruncated, sev: SevError, program: "prep",
			change: func(f *fontwriter.Font) { f.Prep = append(f.Prep, 0xB3, 1) }},
		{name: "function number past maxFunctionDefs", kind: KindFunctionIndex, sev: SevWarning, program: "fpgm",
			change: func(f *fontwriter.Font) {
				f.Fpgm = append(f.Fpgm, cat(pushb(70), []byte{opFDEF, opENDF})...)
			}},
		{name: "SHPIX after IUP (v40)", kind: KindNoEffect, sev: SevWarning, program: "glyph",
			glyph: cat([]byte{opIUPy, opIUPx}, pushb(1, 64), []byte{opSHPIX})},
		{name: "CVT index out of range inside a function", kind: KindCVTIndex, sev: SevError, program: "fpgm",
			change: func(f *fontwriter.Font) {
				f.Fpgm = append(f.Fpgm, cat(pushb(5), []byte{opFDEF}, pushb(40), []byte{opRCVT, opPOP, opENDF})...)
			}},
	}
	for _, c := range cases {
		prog := c.glyph
		if prog == nil {
			prog = goodGlyph
		}
		rep := Font(testFont(t, prog, c.change))
		found := false
		for _, f := range rep.Findings {
			if f.Kind == c.kind && f.Severity == c.sev && f.Program == c.program {
				found = true
			} else if f.Severity == SevError && c.sev == SevError && f.Kind != c.kind {
				// a planted defect may cause a consequence, but name it
				t.Logf("%s: also %s", c.name, f)
			}
		}
		if !found {
			var got []string
			for _, f := range rep.Findings {
				got = append(got, f.String())
			}
			t.Errorf("%s: no %s %s finding in %s; got:\n%s", c.name, c.sev, c.kind, c.program, strings.Join(got, "\n"))
		}
	}
}

// TestGoFontsNoErrors: the intact Go fonts (ttfautohint) give no error
// findings.
func TestGoFontsNoErrors(t *testing.T) {
	programs := 0
	for _, gf := range corpus.GoFonts {
		f, err := sfnt.Parse(gf.Data)
		if err != nil {
			t.Fatal(err)
		}
		rep := Font(f)
		programs += rep.Programs
		for _, x := range rep.Findings {
			if x.Severity == SevError {
				t.Errorf("%s: %s", gf.Name, x)
			}
		}
	}
	if programs < 12*100 {
		t.Fatalf("verified only %d programs", programs)
	}
}

// TestVerifyCorpus verifies every corpus font (Go, HintedFonts,
// croscore, Graphite fonts) and logs the findings by kind and the time.
func TestVerifyCorpus(t *testing.T) {
	var fonts []corpus.Font
	seen := map[string]bool{}
	for _, f := range append(append(append(append([]corpus.Font(nil), corpus.GoFonts...), corpus.HintedFonts...), corpus.CrosCoreFonts...), corpus.GraphiteFonts...) {
		if !seen[f.Name] {
			seen[f.Name] = true
			fonts = append(fonts, f)
		}
	}
	total := map[string]int{}
	programs := 0
	var elapsed time.Duration
	for _, cf := range fonts {
		data := corpus.Load(t, cf)
		f, err := sfnt.Parse(data)
		if err != nil {
			t.Fatalf("%s: %v", cf.Name, err)
		}
		t0 := time.Now()
		rep := Font(f)
		elapsed += time.Since(t0)
		programs += rep.Programs
		for k, n := range rep.Counts() {
			total[k] += n
		}
		t.Logf("%-20s %5d programs %4d findings (%d errors) %v", cf.Name, rep.Programs, len(rep.Findings), rep.Errors(), rep.Counts())
	}
	t.Logf("%d fonts, %d programs in %v; findings by kind: %v", len(fonts), programs, elapsed.Round(time.Millisecond), total)
	if programs == 0 {
		t.Fatal("nothing verified")
	}
}

// TestFunctionDefinedInPrep: a fpgm function calling a function that prep
// defines is not an undefined call; a call of a function nobody defines
// is.
func TestFunctionDefinedInPrep(t *testing.T) {
	rep := Font(testFont(t, goodGlyph, func(f *fontwriter.Font) {
		f.Fpgm = append(f.Fpgm, cat(pushb(6), []byte{opFDEF}, pushb(7), []byte{opCALL, opENDF})...)
		f.Prep = append(f.Prep, cat(pushb(7), []byte{opFDEF, opENDF}, pushb(6), []byte{opCALL})...)
	}))
	for _, x := range rep.Findings {
		t.Errorf("unexpected: %s", x)
	}
	rep = Font(testFont(t, goodGlyph, func(f *fontwriter.Font) {
		f.Fpgm = append(f.Fpgm, cat(pushb(6), []byte{opFDEF}, pushb(8), []byte{opCALL, opENDF})...)
	}))
	if len(rep.Findings) != 1 || rep.Findings[0].Kind != KindUndefinedFunction || rep.Findings[0].Function != 6 {
		t.Errorf("findings %v", rep.Findings)
	}
}
