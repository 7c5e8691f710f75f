package robust

import (
	"errors"
	"testing"

	"fontvm/internal/corpus"
	"fontvm/internal/fontwriter"
	"fontvm/sfnt"
	"fontvm/truetype/hint"
)

// Hostile programs used as seeds (and replayed by TestHostilePrograms).
var (
	// JMPR back to itself: PUSHW[0] -3, JMPR.
	progInfiniteLoop = []byte{0xB8, 0xFF, 0xFD, 0x1C}
	// PUSHB[0] 1, PUSHW[0] -5, JMPR: pushes forever (stack overflow).
	progPushForever = []byte{0xB0, 0x01, 0xB8, 0xFF, 0xFB, 0x1C}
	// fpgm: FDEF 0 calls itself (call stack overflow).
	fpgmRecurse = []byte{0xB0, 0x00, 0x2C, 0xB0, 0x00, 0x2B, 0x2D}
	// prep: CALL 0.
	progCall0 = []byte{0xB0, 0x00, 0x2B}
	// fpgm: function 0 is empty; function 1 LOOPCALLs function 0 32767
	// times; prep LOOPCALLs function 1 32767 times (10^9 calls without a
	// budget).
	fpgmLoopcall = []byte{
		0xB0, 0x00, 0x2C, 0x2D, // FDEF 0 ENDF
		0xB0, 0x01, 0x2C, 0xB9, 0x7F, 0xFF, 0x00, 0x00, 0x2A, 0x2D, // FDEF 1: LOOPCALL(32767, 0) ENDF
	}
	progLoopcall1 = []byte{0xB9, 0x7F, 0xFF, 0x00, 0x01, 0x2A}
	// SLOOP 0x7FFF then SHP[1] on twilight point 0x7FFF; MIAP to a far
	// twilight point.
	progSloop = []byte{0xB8, 0x7F, 0xFF, 0x17, 0xB0, 0x00, 0x16, 0xB8, 0x7F, 0xFF, 0x33,
		0xB9, 0xFF, 0xFF, 0x00, 0x00, 0x3F}
	// IDEF for an undefined opcode that calls itself through the opcode.
	fpgmIdefRecurse = []byte{0xB0, 0x91, 0x89, 0x91, 0x2D}
	progIdef        = []byte{0x91}
)

// hintFont builds the synthetic font FuzzHintProgram runs: glyph 1 a
// simple glyph and glyph 2 a composite of glyph 1 twice, both with prog as
// their instructions; maxp claims come from the fuzzer.
func hintFont(fpgm, prep, prog []byte, twilight, storage, fdefs, idefs, stack uint16) ([]byte, error) {
	square := [][]fontwriter.Point{
		{{X: 100, Y: 0, On: true}, {X: 100, Y: 700, On: true}, {X: 500, Y: 700, On: true}, {X: 500, Y: 0, On: true}},
		{{X: 200, Y: 100, On: true}, {X: 300, Y: 600, On: false}, {X: 400, Y: 100, On: true}},
	}
	f := &fontwriter.Font{
		UnitsPerEm: 1000,
		HeadFlags:  1<<3 | 1,
		Ascender:   800, Descender: -200,
		Glyphs: []fontwriter.Glyph{
			{Advance: 500},
			{Contours: square, Instructions: prog, Advance: 600},
			{Components: []fontwriter.Component{
				{GlyphIndex: 1},
				{GlyphIndex: 1, Arg1: 650, Arg2: 10},
			}, Instructions: prog, Advance: 1250},
		},
		Fpgm: fpgm,
		Prep: prep,
		CVT:  []int16{0, 50, 100, 700, -200, 1000, 12, 64},
		Cmap: map[rune]uint16{'a': 1, 'b': 2},
	}
	m := f.DerivedMaxp()
	m.MaxTwilightPoints = twilight
	m.MaxStorage = storage
	m.MaxFunctionDefs = fdefs
	m.MaxInstructionDefs = idefs
	m.MaxStackElements = stack
	f.Maxp = &m
	return f.Bytes()
}

// budget is the most instructions one program run executes: FreeType
// counts an instruction after executing it and stops when the count
// exceeds TT_CONFIG_OPTION_MAX_RUNNABLE_OPCODES, so the instruction that
// fails with Execution_Too_Long is the budget's plus one (and the tracer
// sees it).
const budget = hint.MaxRunnableOpcodes + 1

// stepCounter counts executed instructions per program run: max is the
// longest run, maxFontPrep the longest fpgm or prep run.
type stepCounter struct {
	n, max, maxFontPrep int
	last                hint.Program
}

func (c *stepCounter) Step(s *hint.Step) {
	if s.Program != c.last {
		c.n = 0
		c.last = s.Program
	}
	c.n++
	c.max = max(c.max, c.n)
	if s.Program != hint.ProgGlyph {
		c.maxFontPrep = max(c.maxFontPrep, c.n)
	}
}

// hintProgram runs the synthetic font at one size in three modes. The
// instruction budget is checked with a tracer: an fpgm or prep run
// executes at most budget instructions, and one LoadGlyph at most budget
// per glyph program it runs (glyph 2 runs three).
func hintProgram(t *testing.T, data []byte, ppem int, traced bool) {
	sf, err := sfnt.Parse(data)
	if err != nil {
		t.Fatalf("synthetic font does not parse: %v", err)
	}
	hf, err := hint.NewFont(sf)
	if err != nil {
		t.Fatalf("synthetic font: hint.NewFont: %v", err)
	}
	var g hint.Glyph
	for _, o := range []hint.Options{
		{Mode: hint.ModeV40},
		{Mode: hint.ModeV35},
		{Mode: hint.ModeV35, Target: hint.TargetMono},
	} {
		var c stepCounter
		if traced {
			o.Tracer = &c
		}
		in, err := hf.NewInstance(ppem, o)
		if err != nil {
			t.Fatalf("NewInstance(%d, %v): %v", ppem, o.Mode, err)
		}
		for _, gid := range []int{1, 2, 1, 0} {
			c.last = 0xFF // a new run
			err := in.LoadGlyph(gid, &g)
			var e *hint.Error
			if err != nil && !errors.As(err, &e) {
				t.Fatalf("glyph %d: error of foreign type %T: %v", gid, err, err)
			}
			if len(g.Points) > hint.MaxPoints {
				t.Fatalf("glyph %d: %d points", gid, len(g.Points))
			}
		}
		// glyph 2 runs glyph 1's program twice and its own once; a run
		// of one program is bounded by the budget (the count restarts
		// when the program changes, so three glyph runs in a row count
		// as one: allow three budgets).
		if c.maxFontPrep > budget {
			t.Fatalf("%v ppem %d: %d instructions in one fpgm or prep run (budget %d)", o.Mode, ppem, c.maxFontPrep, budget)
		}
		if c.max > 3*budget {
			t.Fatalf("%v ppem %d: %d instructions in one run (budget %d)", o.Mode, ppem, c.max, budget)
		}
	}
}

// FuzzHintProgram executes arbitrary bytecode as the font program, the
// control value program and the glyph programs of a synthetic font whose
// maxp limits are chosen by the fuzzer, at ppem 1 to 64, in versions 35
// and 40 (normal and mono): never a panic, never more than the instruction
// budget, bounded time.
func FuzzHintProgram(f *testing.F) {
	f.Add([]byte{}, []byte{}, []byte{}, uint8(12), uint16(16), uint16(64), uint16(64), uint16(0), uint16(256))
	f.Add([]byte{}, progInfiniteLoop, progInfiniteLoop, uint8(9), uint16(16), uint16(64), uint16(64), uint16(0), uint16(256))
	f.Add([]byte{}, progPushForever, progPushForever, uint8(9), uint16(16), uint16(64), uint16(64), uint16(0), uint16(65535))
	f.Add(fpgmRecurse, progCall0, progCall0, uint8(17), uint16(16), uint16(64), uint16(64), uint16(0), uint16(256))
	f.Add(fpgmLoopcall, progLoopcall1, progLoopcall1, uint8(17), uint16(16), uint16(64), uint16(2), uint16(0), uint16(256))
	f.Add([]byte{}, progSloop, progSloop, uint8(32), uint16(65535), uint16(65535), uint16(65535), uint16(65535), uint16(65535))
	f.Add(fpgmIdefRecurse, progIdef, progIdef, uint8(12), uint16(0), uint16(0), uint16(0), uint16(1), uint16(0))
	// The programs of the Go and hinted corpus fonts.
	fonts := append([]corpus.Font(nil), corpus.GoFonts[:2]...)
	for _, fo := range corpus.HintedFonts[:1] {
		if fo.Data != nil || fileExists(fo.Path) {
			fonts = append(fonts, fo)
		}
	}
	for _, fo := range fonts {
		sf, err := sfnt.Parse(corpus.Load(f, fo))
		if err != nil {
			f.Fatal(err)
		}
		var prog []byte
		var gl sfnt.Glyph
		if err := sf.LoadGlyph(uint16(sf.NumGlyphs()/2), &gl); err == nil {
			prog = gl.Instructions
		}
		f.Add(sf.Fpgm(), sf.Prep(), prog, uint8(13), uint16(16), uint16(64), uint16(64), uint16(0), uint16(256))
	}
	f.Fuzz(func(t *testing.T, fpgm, prep, prog []byte, ppem uint8, twilight, storage, fdefs, idefs, stack uint16) {
		if len(fpgm)+len(prep)+len(prog) > 1<<16 {
			return
		}
		data, err := hintFont(fpgm, prep, prog, twilight, storage, fdefs, idefs, stack)
		if err != nil {
			t.Skip(err) // fontwriter refuses (e.g. a program over 64 KiB)
		}
		guard(t, "hint (synthetic font)", func() {
			hintProgram(t, data, 1+int(ppem)%64, true)
		})
	})
}
