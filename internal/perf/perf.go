// Package perf is fontvm's side-by-side benchmark harness: the units of
// work that the benchmarks, the `fontvm bench` command and the reference
// comparison tests (build tag "reference", reference_test.go) time, and the
// interleaving and median helpers that make a speed ratio meaningful on a
// shared, noisy machine.
//
// The units of work mirror what the reference helpers time, so that a
// ratio compares the same work:
//
//   - HintJob hints every glyph of a font at each ppem, on a fresh
//     hint.Instance per round and ppem (so fpgm/prep setup is part of the
//     work), as ftref.Time does with a fresh FT_Size per round and ppem.
//   - ShapeJob shapes every text with one warm shape.Shaper, as
//     grref.Face.Time builds and destroys one graphite2 segment per text.
//
// Speed is only ever reported as a ratio against the reference measured in
// the same run (see Interleave); absolute nanoseconds are printed for
// orientation only.
package perf

import (
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"fontvm/graphite/shape"
	"fontvm/sfnt"
	"fontvm/size"
	"fontvm/truetype/hint"
)

// DefaultPPEMs are the sizes the hinting targets are stated for.
var DefaultPPEMs = []int{9, 12, 16, 24}

// Targets are the speed goals of issue 8, as ratios fontvm time /
// reference time measured in the same run. They are targets, not
// assertions: CI machines vary, so tests log them and never fail on them.
const (
	HintTarget  = 0.67 // hinting: at most 0.67 of FreeType's time
	ShapeTarget = 0.80 // shaping: at most 0.8 of graphite2's time
)

// A HintJob is the hinting unit of work: every glyph of Font at each of
// Sizes with Opts, a fresh Instance per size.
type HintJob struct {
	Font  *hint.Font
	Opts  hint.Options
	Sizes []size.Request

	g hint.Glyph
}

// NewHintJob parses font and prepares a job at whole ppems
// (size.Pixels).
func NewHintJob(font []byte, opts hint.Options, ppems []int) (*HintJob, error) {
	reqs := make([]size.Request, len(ppems))
	for i, p := range ppems {
		if p <= 0 || p > hint.MaxPPEM {
			return nil, fmt.Errorf("perf: ppem %d out of range", p)
		}
		reqs[i] = size.Pixels(int64(p) << 6)
	}
	return NewHintJobSizes(font, opts, reqs)
}

// NewHintJobSizes parses font and prepares a job at the given sizes.
func NewHintJobSizes(font []byte, opts hint.Options, sizes []size.Request) (*HintJob, error) {
	sf, err := sfnt.Parse(font)
	if err != nil {
		return nil, err
	}
	hf, err := hint.NewFont(sf)
	if err != nil {
		return nil, err
	}
	if len(sizes) == 0 {
		return nil, fmt.Errorf("perf: no sizes")
	}
	return &HintJob{Font: hf, Opts: opts, Sizes: append([]size.Request(nil), sizes...)}, nil
}

// Run does the job rounds times and returns the number of LoadGlyph
// calls. Per-glyph failures are part of the work (FreeType's loads fail
// on the same glyphs); only a failure to create an instance is an error.
func (j *HintJob) Run(rounds int) (loads int, err error) {
	n := j.Font.NumGlyphs()
	for r := 0; r < rounds; r++ {
		for _, s := range j.Sizes {
			in, err := j.Font.NewInstanceRequest(s, j.Opts)
			if err != nil {
				return loads, err
			}
			for gid := 0; gid < n; gid++ {
				_ = in.LoadGlyph(gid, &j.g)
			}
			loads += n
		}
	}
	return loads, nil
}

// Instances returns one ready instance per size (for steady-state
// measurements that leave out per-size setup).
func (j *HintJob) Instances() ([]*hint.Instance, error) {
	ins := make([]*hint.Instance, len(j.Sizes))
	for i, s := range j.Sizes {
		in, err := j.Font.NewInstanceRequest(s, j.Opts)
		if err != nil {
			return nil, err
		}
		ins[i] = in
	}
	return ins, nil
}

// LoadAll loads every glyph of in into the job's glyph buffer and returns
// the number of loads (steady state: no instance setup).
func (j *HintJob) LoadAll(in *hint.Instance) int {
	n := j.Font.NumGlyphs()
	for gid := 0; gid < n; gid++ {
		_ = in.LoadGlyph(gid, &j.g)
	}
	return n
}

// A ShapeJob is the shaping unit of work: every text of Texts shaped with
// Opts by one Shaper (reused, as a client would).
type ShapeJob struct {
	Shaper *shape.Shaper
	Texts  [][]rune
	Opts   shape.Options
}

// NewShapeJob loads font and prepares a job. Positions are in design units
// (Scale 1), as grref.Open's font at ppm = unitsPerEm.
func NewShapeJob(font []byte, texts [][]rune, rtl bool) (*ShapeJob, error) {
	f, err := shape.Load(font)
	if err != nil {
		return nil, err
	}
	if len(texts) == 0 {
		return nil, fmt.Errorf("perf: no texts")
	}
	return &ShapeJob{Shaper: shape.NewShaper(f), Texts: texts, Opts: shape.Options{RTL: rtl, Scale: 1}}, nil
}

// Run shapes every text rounds times and returns the number of Shape calls
// and how many of them gave no segment.
func (j *ShapeJob) Run(rounds int) (segments, failed int) {
	for r := 0; r < rounds; r++ {
		for _, t := range j.Texts {
			if _, err := j.Shaper.Shape(t, &j.Opts); err != nil {
				failed++
			}
		}
		segments += len(j.Texts)
	}
	return segments, failed
}

// ReadTexts reads a text file: one text a line, surrounding white space
// trimmed, blank lines skipped.
func ReadTexts(path string) ([][]rune, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var out [][]rune
	for _, l := range strings.Split(string(b), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, []rune(l))
		}
	}
	return out, nil
}

// Measurement is the cost of running a piece of work once.
type Measurement struct {
	NS     int64  // wall-clock nanoseconds
	Allocs uint64 // heap allocations (runtime.MemStats.Mallocs delta)
	Bytes  uint64 // heap bytes allocated
}

// Measure runs f once and returns its wall time and allocations. The
// allocation counts cover the whole process, so they are meaningful only
// when nothing else runs concurrently (true of the CLI and of tests that
// do not call t.Parallel). A collection the setup left running is waited
// for first (setting the GC percentage to -1 waits for its marking; the
// old value is restored at once): its background workers allocate, and
// those allocations are not f's.
func Measure(f func()) Measurement {
	var a, b runtime.MemStats
	debug.SetGCPercent(debug.SetGCPercent(-1))
	runtime.ReadMemStats(&a)
	start := time.Now()
	f()
	ns := time.Since(start).Nanoseconds()
	runtime.ReadMemStats(&b)
	return Measurement{NS: ns, Allocs: b.Mallocs - a.Mallocs, Bytes: b.TotalAlloc - a.TotalAlloc}
}

// A Sample is the cost of one run of a piece of work: wall-clock
// nanoseconds and, where available, the CPU nanoseconds of the calling
// thread (CPU < 0 when unknown).
type Sample struct {
	Wall, CPU int64
}

// Sub returns s minus o, component-wise (an overhead subtracted).
func (s Sample) Sub(o Sample) Sample {
	r := Sample{Wall: s.Wall - o.Wall, CPU: -1}
	if s.CPU >= 0 && o.CPU >= 0 {
		r.CPU = s.CPU - o.CPU
	}
	return r
}

// Time runs f once and returns its Sample. For the CPU figure to cover
// f's work, the caller must hold its OS thread (runtime.LockOSThread) and
// f must not hand work to other goroutines.
func Time(f func()) Sample {
	c0, ok0 := ThreadCPU()
	start := time.Now()
	f()
	wall := time.Since(start).Nanoseconds()
	c1, ok1 := ThreadCPU()
	s := Sample{Wall: wall, CPU: -1}
	if ok0 && ok1 {
		s.CPU = c1 - c0
	}
	return s
}

// MedianSample runs f n times and returns the component-wise median (used
// for fixed overheads, such as a reference's library and face setup).
func MedianSample(n int, f func()) Sample {
	var w, c []float64
	cpu := true
	for i := 0; i < n; i++ {
		s := Time(f)
		w = append(w, float64(s.Wall))
		c = append(c, float64(s.CPU))
		cpu = cpu && s.CPU >= 0
	}
	r := Sample{Wall: int64(Median(w)), CPU: -1}
	if cpu {
		r.CPU = int64(Median(c))
	}
	return r
}

// A Comparison holds interleaved samples of fontvm and a reference on the
// same work: Ours[i] and Ref[i] were measured back to back in trial i.
type Comparison struct {
	Ours, Ref []Sample
}

// Interleave runs ours and ref trials times, alternately, and samples
// each run (see Time). The order alternates between trials (ours-ref,
// ref-ours, ...) so that a load change on a shared machine falls on both
// engines alike. refOverhead, subtracted from each reference sample, is
// the part of a ref call that is not the work (zero Sample if none).
func Interleave(trials int, ours, ref func(), refOverhead Sample) Comparison {
	var c Comparison
	r := func() { c.Ref = append(c.Ref, Time(ref).Sub(refOverhead)) }
	o := func() { c.Ours = append(c.Ours, Time(ours)) }
	for i := 0; i < trials; i++ {
		if i%2 == 0 {
			o()
			r()
		} else {
			r()
			o()
		}
	}
	return c
}

// pick returns the samples' thread CPU times when cpu, else their wall
// times, as float64s in trial order.
func pick(v []Sample, cpu bool) []float64 {
	f := make([]float64, len(v))
	for i, s := range v {
		if cpu {
			f[i] = float64(s.CPU)
		} else {
			f[i] = float64(s.Wall)
		}
	}
	return f
}

// HasCPU reports whether every sample has a CPU time.
func (c Comparison) HasCPU() bool {
	for _, v := range [][]Sample{c.Ours, c.Ref} {
		for _, s := range v {
			if s.CPU < 0 {
				return false
			}
		}
	}
	return len(c.Ours) > 0
}

// OursMedian is fontvm's median trial time, thread CPU or wall.
func (c Comparison) OursMedian(cpu bool) float64 { return Median(pick(c.Ours, cpu)) }

// RefMedian is the reference's median trial time, thread CPU or wall.
func (c Comparison) RefMedian(cpu bool) float64 { return Median(pick(c.Ref, cpu)) }

// ratios returns the per-trial ratios ours/ref (thread CPU when cpu,
// wall otherwise), skipping trials without a positive reference time.
func (c Comparison) ratios(cpu bool) []float64 {
	o, r := pick(c.Ours, cpu), pick(c.Ref, cpu)
	var q []float64
	for i := range o {
		if i < len(r) && r[i] > 0 {
			q = append(q, o[i]/r[i])
		}
	}
	return q
}

// Ratio is the median of the per-trial ratios ours/ref (thread CPU time
// when cpu, wall time otherwise): each trial's two runs were back to
// back, so each ratio saw nearly the same machine load, and the median
// discards the trials a burst of load hit unevenly.
func (c Comparison) Ratio(cpu bool) float64 { return Median(c.ratios(cpu)) }

// Spread is the range (min, max) of the per-trial ratios.
func (c Comparison) Spread(cpu bool) (lo, hi float64) {
	q := c.ratios(cpu)
	if len(q) == 0 {
		return 0, 0
	}
	return slices.Min(q), slices.Max(q)
}

// Median returns the median of v (the mean of the middle two for an even
// count), 0 for an empty slice.
func Median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := slices.Clone(v)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// Verdict says how a ratio stands against a target, for logs.
func Verdict(ratio, target float64) string {
	if ratio <= target {
		return fmt.Sprintf("meets target <= %.2f", target)
	}
	return fmt.Sprintf("MISSES target <= %.2f (target only, not asserted)", target)
}

// MinTrialNS is the shortest trial the comparisons aim for: shorter trials
// are dominated by scheduler noise on a shared machine.
const MinTrialNS = 300e6

// Rounds returns how many rounds make one trial of work last at least
// minNS, from the fastest of three one-round timings of once (at least 1,
// at most 10000).
func Rounds(minNS int64, once func() int64) int {
	best := int64(-1)
	for i := 0; i < 3; i++ {
		if ns := once(); best < 0 || ns < best {
			best = ns
		}
	}
	if best <= 0 {
		return 1
	}
	r := (minNS + best - 1) / best
	return int(max(1, min(r, 10000)))
}
