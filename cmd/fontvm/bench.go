package main

import (
	"fmt"
	"io"
	"os"

	"fontvm/internal/perf"
)

// benchStdout is where the bench commands print (tests replace it).
var benchStdout io.Writer = os.Stdout

// init registers the "fontvm bench tt" (runBenchTT) and "fontvm bench
// gr" (runBenchGR) commands in the command table (see register).
func init() {
	register("bench", "tt", "time hinting every glyph of a font (ns/glyph)", runBenchTT)
	register("bench", "gr", "time Graphite shaping of every line of a text file (ns/segment)", runBenchGR)
}

// runBenchTT implements
//
//	fontvm bench tt FONT [--mode v35|v40|none] [--target normal|mono] [--rounds R]
//		[--ppems 9,12,16,24 | --size PT[,PT...] --dpi X[xY]] [--warmup W] [--var tag=value,...]
//
// It hints every glyph of FONT at each size (ppem, possibly fractional, or
// points at a resolution, as tt points takes them), on a fresh instance
// per round and size (fpgm and prep run each time, as FreeType runs them
// for a new size), R times after W unmeasured warm-up rounds, and prints
//
//	N glyph loads: X ns/glyph
//	A allocations (B bytes): Y allocs/glyph, per-size setup included
func runBenchTT(args []string) error {
	fs := newFlagSet("bench tt")
	bf := newBenchFlags(fs)
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("usage: fontvm bench tt FONT [--mode v35|v40|none] [--target normal|mono] [--rounds R] [--ppems 9,12,16,24 | --size PT[,PT...] --dpi X[xY]] [--warmup W] [--var tag=value,...]\n%s", flagDefaults(fs))
	}
	o, reqs, err := bf.settings("bench tt")
	if err != nil {
		return err
	}
	data, err := os.ReadFile(pos[0])
	if err != nil {
		return err
	}
	j, err := perf.NewHintJobSizes(data, o, reqs)
	if err != nil {
		return fmt.Errorf("%s: %w", pos[0], err)
	}
	if err := applyVar(j.Font, *bf.varSpec, &j.Opts); err != nil {
		return err
	}
	if _, err := j.Run(*bf.warmup); err != nil {
		return fmt.Errorf("%s: %w", pos[0], err)
	}
	var n int
	m := perf.Measure(func() { n, err = j.Run(*bf.rounds) })
	if err != nil {
		return fmt.Errorf("%s: %w", pos[0], err)
	}
	if n == 0 {
		return fmt.Errorf("%s: the font has no glyphs", pos[0])
	}
	w := benchStdout
	fmt.Fprintf(w, "%d glyph loads: %.1f ns/glyph\n", n, float64(m.NS)/float64(n))
	fmt.Fprintf(w, "%d allocations (%d bytes): %.3f allocs/glyph, per-size setup included (%d sizes)\n",
		m.Allocs, m.Bytes, float64(m.Allocs)/float64(n), *bf.rounds*len(reqs))
	return nil
}

// runBenchGR implements
//
//	fontvm bench gr FONT -f FILE [--rounds R] [--rtl] [--warmup W]
//
// It shapes every non-blank line of FILE (surrounding white space trimmed)
// with one Shaper, in design units, R times after W unmeasured warm-up
// rounds, and prints
//
//	N segments: X ns/segment
//	A allocations (B bytes): Y allocs/segment
//
// and, when some lines gave no segment, how many.
func runBenchGR(args []string) error {
	fs := newFlagSet("bench gr")
	file := fs.String("f", "", "text file, one text a line")
	rounds := fs.Int("rounds", 10, "measured rounds")
	warmup := fs.Int("warmup", 1, "unmeasured warm-up rounds")
	rtl := fs.Bool("rtl", false, "shape right to left")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 || *file == "" {
		return usagef("usage: fontvm bench gr FONT -f FILE [--rounds R] [--rtl] [--warmup W]\n%s", flagDefaults(fs))
	}
	if *rounds < 1 || *warmup < 0 {
		return usagef("bench gr: --rounds must be at least 1 and --warmup at least 0")
	}
	data, err := os.ReadFile(pos[0])
	if err != nil {
		return err
	}
	texts, err := perf.ReadTexts(*file)
	if err != nil {
		return err
	}
	if len(texts) == 0 {
		return fmt.Errorf("%s: no text lines", *file)
	}
	j, err := perf.NewShapeJob(data, texts, *rtl)
	if err != nil {
		return fmt.Errorf("%s: %w", pos[0], err)
	}
	j.Run(*warmup)
	var n, failed int
	m := perf.Measure(func() { n, failed = j.Run(*rounds) })
	w := benchStdout
	fmt.Fprintf(w, "%d segments: %.1f ns/segment\n", n, float64(m.NS)/float64(n))
	fmt.Fprintf(w, "%d allocations (%d bytes): %.3f allocs/segment\n", m.Allocs, m.Bytes, float64(m.Allocs)/float64(n))
	if failed > 0 {
		fmt.Fprintf(w, "%d of %d segments failed (no segment, as graphite2 would give none)\n", failed, n)
	}
	return nil
}
