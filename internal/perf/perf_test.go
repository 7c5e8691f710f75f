package perf

import (
	"fmt"
	"runtime"
	"testing"

	"fontvm/internal/corpus"
	"fontvm/internal/grcompare"
	"fontvm/truetype/hint"
)

// HintFonts are the fonts issue 8's hinting targets name.
var HintFonts = []corpus.Font{corpus.HintedFonts[0], corpus.HintedFonts[3], corpus.HintedFonts[6]}

// HintModes are the interpreter versions the targets cover.
var HintModes = []hint.Mode{hint.ModeV35, hint.ModeV40}

// A ShapeCase is a Graphite font with its text list (graphite/shape/
// testdata/texts, CLDR and graphite2-tests texts) and direction.
type ShapeCase struct {
	Font corpus.Font
	RTL  bool
}

// ShapeCases are the fonts issue 8's shaping target names.
var ShapeCases = []ShapeCase{
	{corpus.GraphiteFonts[0], false}, // Padauk
	{corpus.GraphiteFonts[3], false}, // Annapurna SIL
	{corpus.GraphiteFonts[1], true},  // Awami Nastaliq
}

func hintJob(tb testing.TB, f corpus.Font, m hint.Mode, ppems []int) *HintJob {
	tb.Helper()
	j, err := NewHintJob(corpus.Load(tb, f), hint.Options{Mode: m}, ppems)
	if err != nil {
		tb.Fatalf("%s: %v", f.Name, err)
	}
	return j
}

func shapeJob(tb testing.TB, c ShapeCase) *ShapeJob {
	tb.Helper()
	data := corpus.Load(tb, c.Font)
	texts, err := ReadTexts(grcompare.TextsPath(c.Font.Name))
	if err != nil {
		tb.Fatal(err)
	}
	if len(texts) < 300 {
		tb.Fatalf("%s: %d texts, want at least 300", c.Font.Name, len(texts))
	}
	j, err := NewShapeJob(data, texts, c.RTL)
	if err != nil {
		tb.Fatalf("%s: %v", c.Font.Name, err)
	}
	return j
}

// BenchmarkHint hints every glyph of each font at one ppem per op, on a
// warm instance (steady state, no per-size setup): ns/glyph and
// allocs/glyph are the per-glyph figures; allocs/op counts a whole pass.
//
//	go test ./internal/perf -run XXX -bench Hint -benchmem
func BenchmarkHint(b *testing.B) {
	for _, f := range HintFonts {
		for _, m := range HintModes {
			for _, p := range DefaultPPEMs {
				b.Run(fmt.Sprintf("%s/%v/%d", f.Name, m, p), func(b *testing.B) {
					j := hintJob(b, f, m, []int{p})
					ins, err := j.Instances()
					if err != nil {
						b.Fatal(err)
					}
					j.LoadAll(ins[0]) // grow the buffers
					b.ReportAllocs()
					b.ResetTimer()
					n := 0
					for i := 0; i < b.N; i++ {
						n += j.LoadAll(ins[0])
					}
					b.StopTimer()
					b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n), "ns/glyph")
				})
			}
		}
	}
}

// BenchmarkHintJob is the unit ftref.Time times: per op, a fresh instance
// at each of 9, 12, 16, 24 ppem and every glyph loaded, so fpgm/prep setup
// is included. allocs/glyph here includes the instances' setup.
func BenchmarkHintJob(b *testing.B) {
	for _, f := range HintFonts {
		for _, m := range HintModes {
			b.Run(fmt.Sprintf("%s/%v", f.Name, m), func(b *testing.B) {
				j := hintJob(b, f, m, DefaultPPEMs)
				if _, err := j.Run(1); err != nil {
					b.Fatal(err)
				}
				b.ReportAllocs()
				b.ResetTimer()
				n := 0
				for i := 0; i < b.N; i++ {
					k, _ := j.Run(1)
					n += k
				}
				b.StopTimer()
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n), "ns/glyph")
			})
		}
	}
}

// BenchmarkNewInstance is the per-size setup alone (fpgm, prep, CVT
// scaling): allocs/op is allocations per size.
func BenchmarkNewInstance(b *testing.B) {
	for _, f := range HintFonts {
		for _, m := range HintModes {
			b.Run(fmt.Sprintf("%s/%v", f.Name, m), func(b *testing.B) {
				j := hintJob(b, f, m, DefaultPPEMs)
				b.ReportAllocs()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					if _, err := j.Font.NewInstance(DefaultPPEMs[i%len(DefaultPPEMs)], j.Opts); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkShape shapes every text of each font's list per op with a warm
// Shaper: ns/segment and allocs/op (over len(texts) segments).
//
//	go test ./internal/perf -run XXX -bench Shape -benchmem
func BenchmarkShape(b *testing.B) {
	for _, c := range ShapeCases {
		b.Run(c.Font.Name, func(b *testing.B) {
			j := shapeJob(b, c)
			j.Run(1) // grow the buffers
			b.ReportAllocs()
			b.ResetTimer()
			n := 0
			for i := 0; i < b.N; i++ {
				k, _ := j.Run(1)
				n += k
			}
			b.StopTimer()
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n), "ns/segment")
		})
	}
}

// TestSteadyStateAllocs measures allocations per glyph and per segment in
// steady state on the fonts. Zero is the contract of
// truetype/hint (LoadGlyph) and graphite/shape (Shaper.Shape); a nonzero
// count fails. With -short, hinting is checked at 12 ppem only.
//
// The test forces a garbage collection first: the runtime starts its
// background mark workers at the first collection of the process,
// allocating their goroutines, and a first collection falling inside a
// measured run (as it can on a loaded machine, where this is the first
// test of its binary) would count those allocations as the engine's.
func TestSteadyStateAllocs(t *testing.T) {
	runtime.GC()
	ppems := DefaultPPEMs
	if testing.Short() {
		ppems = []int{12} // -short: one size
	}
	for _, f := range HintFonts {
		for _, m := range HintModes {
			j := hintJob(t, f, m, ppems)
			ins, err := j.Instances()
			if err != nil {
				t.Fatal(err)
			}
			for _, in := range ins {
				j.LoadAll(in)
				n := 0
				allocs := testing.AllocsPerRun(1, func() { n = j.LoadAll(in) })
				t.Logf("%s %v ppem %d: %.4f allocations per glyph (%v in %d loads)", f.Name, m, in.PPEM(), allocs/float64(n), allocs, n)
				if allocs != 0 {
					t.Errorf("%s %v ppem %d: %v allocations over %d LoadGlyph calls, want 0", f.Name, m, in.PPEM(), allocs, n)
				}
			}
		}
	}
	for _, c := range ShapeCases {
		j := shapeJob(t, c)
		j.Run(1)
		allocs := testing.AllocsPerRun(1, func() { j.Run(1) })
		t.Logf("%s: %.4f allocations per segment (%v in %d segments)", c.Font.Name, allocs/float64(len(j.Texts)), allocs, len(j.Texts))
		if allocs != 0 {
			t.Errorf("%s: %v allocations over %d segments, want 0", c.Font.Name, allocs, len(j.Texts))
		}
	}
}

func TestMedian(t *testing.T) {
	for _, c := range []struct {
		in   []float64
		want float64
	}{
		{nil, 0}, {[]float64{3}, 3}, {[]float64{5, 1, 3}, 3}, {[]float64{4, 1, 3, 2}, 2.5},
	} {
		if got := Median(c.in); got != c.want {
			t.Errorf("Median(%v) = %v, want %v", c.in, got, c.want)
		}
	}
}

func TestInterleave(t *testing.T) {
	var order []string
	c := Interleave(4, func() { order = append(order, "o") }, func() { order = append(order, "r") }, Sample{})
	if got := fmt.Sprint(order); got != "[o r r o o r r o]" {
		t.Errorf("order %s, want alternating o r r o o r r o", got)
	}
	if len(c.Ours) != 4 || len(c.Ref) != 4 {
		t.Fatalf("%d and %d samples, want 4 and 4", len(c.Ours), len(c.Ref))
	}
	// The overhead is subtracted from the reference's samples only.
	c = Interleave(1, func() {}, func() {}, Sample{Wall: 1e9, CPU: 1e9})
	if c.Ref[0].Wall > -1e9+1e8 || c.Ours[0].Wall < 0 {
		t.Errorf("overhead not subtracted from the reference alone: ours %+v, ref %+v", c.Ours[0], c.Ref[0])
	}
}

func TestComparison(t *testing.T) {
	// ours: 10 20 30 40; ref 20 each: ratios .5 1 1.5 2, median 1.25.
	// CPU: ours 5 each, ref 10 each: ratio .5.
	var c Comparison
	for i := int64(1); i <= 4; i++ {
		c.Ours = append(c.Ours, Sample{Wall: 10 * i, CPU: 5})
		c.Ref = append(c.Ref, Sample{Wall: 20, CPU: 10})
	}
	if r := c.Ratio(false); r != 1.25 {
		t.Errorf("Ratio(wall) = %v, want 1.25", r)
	}
	if r := c.Ratio(true); r != 0.5 || !c.HasCPU() {
		t.Errorf("Ratio(cpu) = %v (HasCPU %v), want 0.5", r, c.HasCPU())
	}
	if lo, hi := c.Spread(false); lo != 0.5 || hi != 2 {
		t.Errorf("Spread = %v, %v, want 0.5, 2", lo, hi)
	}
	if m := c.OursMedian(false); m != 25 {
		t.Errorf("OursMedian = %v, want 25", m)
	}
	c.Ref[2].CPU = -1
	if c.HasCPU() {
		t.Error("HasCPU with a sample lacking CPU time")
	}
	if d := (Sample{Wall: 5, CPU: 7}).Sub(Sample{Wall: 2, CPU: -1}); d.Wall != 3 || d.CPU != -1 {
		t.Errorf("Sub = %+v, want {3 -1}", d)
	}
}

func TestThreadCPU(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if _, ok := ThreadCPU(); !ok {
		if runtime.GOOS == "linux" {
			t.Fatal("ThreadCPU unavailable on Linux")
		}
		t.Skip("no per-thread CPU time on " + runtime.GOOS)
	}
	x := uint64(1)
	s := Time(func() {
		for i := 0; i < 50_000_000; i++ {
			x = x*6364136223846793005 + 1442695040888963407
		}
	})
	if x == 0 || s.CPU <= 0 || s.CPU > s.Wall+1e6 {
		t.Errorf("busy loop: CPU %d ns, wall %d ns; want 0 < CPU <= wall", s.CPU, s.Wall)
	}
	m := MedianSample(3, func() {})
	if m.CPU < 0 || m.Wall < 0 {
		t.Errorf("MedianSample of nothing = %+v", m)
	}
}

// TestJobs checks that the jobs do the work they claim: the load and
// segment counts, and no segment failures on the corpus texts (the golden
// files record none for them).
func TestJobs(t *testing.T) {
	j := hintJob(t, corpus.GoFonts[0], hint.ModeV40, []int{9, 12})
	n, err := j.Run(2)
	if err != nil {
		t.Fatal(err)
	}
	if want := 2 * 2 * j.Font.NumGlyphs(); n != want {
		t.Errorf("HintJob.Run(2) = %d loads, want %d", n, want)
	}
	for _, c := range ShapeCases {
		sj := shapeJob(t, c)
		segs, failed := sj.Run(1)
		if segs != len(sj.Texts) || failed != 0 {
			t.Errorf("%s: %d segments, %d failed; want %d, 0", c.Font.Name, segs, failed, len(sj.Texts))
		}
	}
}

func TestRounds(t *testing.T) {
	calls := 0
	ns := []int64{50, 30, 40}
	r := Rounds(100, func() int64 { calls++; return ns[calls-1] })
	if calls != 3 || r != 4 { // fastest 30: ceil(100/30) = 4
		t.Errorf("Rounds = %d after %d calls, want 4 after 3", r, calls)
	}
	if r := Rounds(100, func() int64 { return 500 }); r != 1 {
		t.Errorf("Rounds for a long round = %d, want 1", r)
	}
	if r := Rounds(1e12, func() int64 { return 1 }); r != 10000 {
		t.Errorf("Rounds cap = %d, want 10000", r)
	}
}
