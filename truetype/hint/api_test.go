package hint

import (
	"errors"
	"fontvm/size"
	"testing"

	"fontvm/internal/corpus"
	"fontvm/internal/fontwriter"
	"fontvm/sfnt"
)

// buildFont returns the Font of the font fw writes, failing t on an error.
func buildFont(t *testing.T, fw *fontwriter.Font) *Font {
	t.Helper()
	data, err := fw.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	sf, err := sfnt.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	f, err := NewFont(sf)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

var square = [][]fontwriter.Point{{{X: 100, Y: 0, On: true}, {X: 100, Y: 700, On: true}, {X: 500, Y: 700, On: true}, {X: 500, Y: 0, On: true}}}

func TestProgramErrors(t *testing.T) {
	// prep: PUSHB 1, PUSHB 0, DIV -> Divide_By_Zero at pc 4.
	fw := &fontwriter.Font{
		HeadFlags: 8,
		Glyphs:    []fontwriter.Glyph{{}, {Contours: square, Advance: 600}},
		Prep:      []byte{0xB0, 1, 0xB0, 0, 0x62},
	}
	f := buildFont(t, fw)
	in, err := f.NewInstance(12, Options{Mode: ModeV40})
	if err != nil {
		t.Fatal(err)
	}
	var g Glyph
	err = in.LoadGlyph(1, &g)
	var e *Error
	if !errors.As(err, &e) || !errors.Is(err, ErrProgram) {
		t.Fatalf("LoadGlyph after a failing prep: %v", err)
	}
	if e.Code != "Divide_By_Zero" || e.Program != ProgPrep || e.PC != 4 || e.Opcode != 0x62 {
		t.Errorf("error %+v", e)
	}
	if in.ProgramErr() == nil {
		t.Error("ProgramErr is nil")
	}
	// Unhinted loading does not run the programs.
	in, _ = f.NewInstance(12, Options{Mode: ModeNone})
	if err := in.LoadGlyph(1, &g); err != nil {
		t.Errorf("ModeNone: %v", err)
	}
	// A glyph program fault keeps the outline (FreeType, non-pedantic).
	fw.Prep = nil
	fw.Glyphs[1].Instructions = []byte{0x00, 0xB0, 0, 0x2F, 0x28} // SVTCA[y] MDAP[1] 0, then an undefined opcode
	f = buildFont(t, fw)
	in, _ = f.NewInstance(12, Options{Mode: ModeV35})
	if err := in.LoadGlyph(1, &g); err != nil {
		t.Fatalf("glyph program fault failed the load: %v", err)
	}
	if len(g.Points) != 4 || len(g.Ends) != 1 || g.Ends[0] != 3 || g.Advance != 448 {
		t.Errorf("glyph %+v", g)
	}
	if f := in.LastGlyphFault(); f == nil || f.Code != "Invalid_Opcode" || f.Glyph != 1 || f.PC != 4 || f.Opcode != 0x28 || f.Program != ProgGlyph {
		t.Errorf("LastGlyphFault %+v", f)
	}
	if err := in.LoadGlyph(0, &g); err != nil || in.LastGlyphFault() != nil {
		t.Errorf("glyph 0: %v, fault %v", err, in.LastGlyphFault())
	}
	// Bad arguments.
	if _, err := f.NewInstance(0, Options{}); !errors.Is(err, ErrArgument) {
		t.Errorf("ppem 0: %v", err)
	}
	if err := in.LoadGlyph(2, &g); !errors.Is(err, ErrArgument) {
		t.Errorf("glyph 2 of 2: %v", err)
	}
}

type countTracer struct {
	steps, moves int
	progs        map[Program]int
}

// Step counts the step, its moved points and its program.
func (c *countTracer) Step(s *Step) {
	c.steps++
	c.moves += len(s.Moved)
	c.progs[s.Program]++
}

func TestTracer(t *testing.T) {
	data := corpus.Load(t, corpus.GoFonts[0])
	sf, err := sfnt.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	f, err := NewFont(sf)
	if err != nil {
		t.Fatal(err)
	}
	tr := &countTracer{progs: map[Program]int{}}
	traced, err := f.NewInstance(16, Options{Mode: ModeV40, Tracer: tr})
	if err != nil {
		t.Fatal(err)
	}
	plain, _ := f.NewInstance(16, Options{Mode: ModeV40})
	if tr.progs[ProgFpgm] == 0 || tr.progs[ProgPrep] == 0 {
		t.Errorf("fpgm/prep not traced: %v", tr.progs)
	}
	var a, b Glyph
	for gid := 0; gid < 50; gid++ {
		if err := traced.LoadGlyph(gid, &a); err != nil {
			t.Fatal(err)
		}
		if err := plain.LoadGlyph(gid, &b); err != nil {
			t.Fatal(err)
		}
		if a.Advance != b.Advance || len(a.Points) != len(b.Points) {
			t.Fatalf("glyph %d differs with a tracer", gid)
		}
		for i := range a.Points {
			if a.Points[i] != b.Points[i] {
				t.Fatalf("glyph %d point %d differs with a tracer", gid, i)
			}
		}
	}
	if tr.progs[ProgGlyph] == 0 || tr.moves == 0 {
		t.Errorf("glyph programs not traced: %d steps, %d moves", tr.progs[ProgGlyph], tr.moves)
	}
}

// TestConcurrentInstances checks that instances of one Font used from
// several goroutines give the results they give alone (a Font is
// immutable; run with -race to check for data races).
func TestConcurrentInstances(t *testing.T) {
	data := corpus.Load(t, corpus.GoFonts[2])
	sf, err := sfnt.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	f, err := NewFont(sf)
	if err != nil {
		t.Fatal(err)
	}
	n := 120
	want := make([][]Point, n)
	in, _ := f.NewInstance(14, Options{Mode: ModeV40})
	for gid := 0; gid < n; gid++ {
		var g Glyph
		if err := in.LoadGlyph(gid, &g); err != nil {
			t.Fatal(err)
		}
		want[gid] = g.Points
	}
	errs := make(chan string, 4)
	for w := 0; w < 4; w++ {
		go func() {
			in, err := f.NewInstance(14, Options{Mode: ModeV40})
			if err != nil {
				errs <- err.Error()
				return
			}
			var g Glyph
			for gid := 0; gid < n; gid++ {
				if err := in.LoadGlyph(gid, &g); err != nil {
					errs <- err.Error()
					return
				}
				for i := range g.Points {
					if g.Points[i] != want[gid][i] {
						errs <- "glyph differs under concurrency"
						return
					}
				}
			}
			errs <- ""
		}()
	}
	for w := 0; w < 4; w++ {
		if e := <-errs; e != "" {
			t.Error(e)
		}
	}
}

// TestNewInstanceRequest checks NewInstanceRequest's size handling:
// whole pixel sizes at 72 dpi are NewInstance; sizes below a pixel are a
// pixel; the ppem is the rounded size; integer-ppem fonts hint at the
// rounded scale but scale unhinted outlines by the exact size; x and y
// get their own scales and ppem, the interpreter the larger ppem and
// the ratios.
func TestNewInstanceRequest(t *testing.T) {
	data := corpus.Load(t, corpus.GoFonts[0])
	sf, err := sfnt.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	f, err := NewFont(sf)
	if err != nil {
		t.Fatal(err)
	}
	if sf.Head().Flags&sfnt.HeadFlagIntegerPPEM == 0 {
		t.Fatal("Go Regular is expected to ask for integer ppem")
	}
	var a, b Glyph
	for _, m := range []Mode{ModeNone, ModeV40} {
		x, _ := f.NewInstance(12, Options{Mode: m})
		y, _ := f.NewInstanceRequest(size.Points(9*64, 96, 96), Options{Mode: m}) // 9 pt at 96 dpi: 12 px
		for gid := 0; gid < 60; gid++ {
			x.LoadGlyph(gid, &a)
			y.LoadGlyph(gid, &b)
			if a.Advance != b.Advance || len(a.Points) != len(b.Points) || (len(a.Points) > 0 && a.Points[0] != b.Points[0]) {
				t.Fatalf("%v glyph %d: 9 pt at 96 dpi differs from NewInstance(12)", m, gid)
			}
		}
	}
	in, err := f.NewInstanceRequest(size.Pixels(10), Options{Mode: ModeV35})
	if err != nil || in.PPEM() != 1 {
		t.Errorf("size 10/64: %v", err)
	}
	in, _ = f.NewInstanceRequest(size.Pixels(12*64+40), Options{Mode: ModeV40}) // 12.625 px
	if in.PPEM() != 13 || in.xScale != divFix(13*64, f.upem) || in.yScale != in.xScale {
		t.Errorf("hinted 12.625 px: ppem %d scale %#x", in.PPEM(), in.xScale)
	}
	// tt_size_reset's hinted metrics (12.125 px): ascender, descender
	// and height scaled by the request's y scale and rounded to the
	// nearest pixel (FreeType does it before it replaces the scales);
	// then the scales of the rounded ppem, and the maximum advance with
	// them.
	m12, err := f.NewInstanceRequest(size.Pixels(12*64+8), Options{Mode: ModeV40})
	if err != nil {
		t.Fatal(err)
	}
	rs, hs := divFix(12*64+8, f.upem), divFix(12*64, f.upem)
	if m := m12.SizeMetrics(); m.Ascender != pixRound(mulFix(int64(f.sizeFace.ascender), rs)) ||
		m.Ascender == pixCeil(mulFix(int64(f.sizeFace.ascender), rs)) || // (so that the case tells rounding from ceiling)
		m.Descender != pixRound(mulFix(int64(f.sizeFace.descender), rs)) ||
		m.Height != pixRound(mulFix(int64(f.sizeFace.height), rs)) ||
		m.MaxAdvance != pixRound(mulFix(int64(f.sizeFace.maxAdvance), hs)) || m.XScale != hs || m.YScale != hs {
		t.Errorf("hinted 12.125 px: metrics %+v", m)
	}
	if in.PublicSizeMetrics().XScale != divFix(12*64+40, f.upem) {
		t.Errorf("hinted 12.625 px: public metrics %+v", in.PublicSizeMetrics())
	}
	in, _ = f.NewInstanceRequest(size.Pixels(12*64+40), Options{Mode: ModeNone})
	if in.xScale != divFix(12*64+40, f.upem) || in.yScale != in.xScale || in.SizeMetrics() != in.PublicSizeMetrics() {
		t.Errorf("unhinted 12.625 px: scale %#x", in.xScale)
	}
	// 12 pt at 96 x 72 dpi: 16 x 12 ppem; the interpreter sees 16 ppem,
	// the y ratio 12/16 and the stretched routines.
	in, _ = f.NewInstanceRequest(size.Points(12*64, 96, 72), Options{Mode: ModeV35})
	m := in.SizeMetrics()
	if m.XPPEM != 16 || m.YPPEM != 12 || in.PPEM() != 16 || in.xScale != divFix(16*64, f.upem) || in.yScale != divFix(12*64, f.upem) ||
		!in.e.stretched || in.e.xRatio != 0x10000 || in.e.yRatio != 0xC000 || in.e.pointSize != 16*64*72/96 {
		t.Errorf("12 pt at 96x72 dpi: %+v, ppem %d, scales %#x %#x, exec %v %#x %#x %d", m, in.PPEM(), in.xScale, in.yScale,
			in.e.stretched, in.e.xRatio, in.e.yRatio, in.e.pointSize)
	}
	if _, err := f.NewInstanceRequest(size.Pixels(0x10000*64), Options{}); !errors.Is(err, ErrArgument) || Name(err) != "Invalid_Pixel_Size" {
		t.Errorf("65536 px: %v", err)
	}
	if _, err := f.NewInstanceRequest(size.Points(64, 1, 1), Options{}); !errors.Is(err, ErrArgument) || Name(err) != "Invalid_PPem" {
		t.Errorf("1 pt at 1 dpi: %v", err)
	}
}
