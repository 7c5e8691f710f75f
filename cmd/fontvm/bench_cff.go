package main

import (
	"fmt"

	"fontvm/cff"
	"fontvm/internal/perf"
)

// init registers the "fontvm bench cff" (runBenchCFF) command in the
// command table (see register).
func init() {
	register("bench", "cff", "time loading every glyph of a CFF/CFF2 font (ns/glyph)", runBenchCFF)
}

// runBenchCFF implements
//
//	fontvm bench cff FONT [--mode hinted|none] [--rounds R] [--ppems 9,12,16,24 | --size PT[,PT...] --dpi X[xY]] [--var tag=value,...] [--warmup W]
//
// It loads every glyph of FONT at each ppem (hinted or not), R times
// after W unmeasured warm-up rounds, and prints
//
//	N glyph loads: X ns/glyph
//	A allocations (B bytes): Y allocs/glyph
func runBenchCFF(args []string) error {
	fs := newFlagSet("bench cff")
	mode := fs.String("mode", "hinted", "hinted or none")
	rounds := fs.Int("rounds", 10, "measured rounds")
	warmup := fs.Int("warmup", 1, "unmeasured warm-up rounds")
	ppemList := fs.String("ppems", "9,12,16,24", "comma-separated sizes in pixels per em (may be fractional)")
	sizeList := fs.String("size", "", "comma-separated sizes in points at --dpi, instead of --ppems")
	dpi := fs.String("dpi", "72", "resolution for --size: X or XxY dots per inch")
	varSpec := addVarFlag(fs)
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("usage: fontvm bench cff FONT [--mode hinted|none] [--rounds R] [--ppems 9,12,16,24 | --size PT[,PT...] --dpi X[xY]] [--var tag=value,...] [--warmup W]\n%s", flagDefaults(fs))
	}
	if *mode != "hinted" && *mode != "none" {
		return usagef("bench cff: --mode %q: want hinted or none", *mode)
	}
	if *rounds < 1 || *warmup < 0 {
		return usagef("bench cff: --rounds must be at least 1 and --warmup at least 0")
	}
	reqs, err := parseSizeList(*ppemList, *sizeList, *dpi, "--ppems")
	if err != nil {
		return err
	}
	fc, err := openCFFFace(pos[0], *varSpec)
	if err != nil {
		return err
	}
	scales := make([]cff.Scale, len(reqs))
	for i, r := range reqs {
		if scales[i], err = fc.Scale(r); err != nil {
			return err
		}
	}
	hinted := *mode == "hinted"
	l := fc.NewLoader()
	var o cff.Outline
	run := func(r int) (n int) {
		for ; r > 0; r-- {
			for _, sc := range scales {
				for g := 0; g < fc.NumGlyphs(); g++ {
					fc.Load(l, g, sc, hinted, &o)
					n++
				}
			}
		}
		return n
	}
	run(*warmup)
	var n int
	m := perf.Measure(func() { n = run(*rounds) })
	if n == 0 {
		return fmt.Errorf("%s: the font has no glyphs", pos[0])
	}
	w := benchStdout
	fmt.Fprintf(w, "%d glyph loads: %.1f ns/glyph\n", n, float64(m.NS)/float64(n))
	fmt.Fprintf(w, "%d allocations (%d bytes): %.3f allocs/glyph\n", m.Allocs, m.Bytes, float64(m.Allocs)/float64(n))
	return nil
}
