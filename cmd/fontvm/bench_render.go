package main

import (
	"flag"
	"fmt"
	"os"

	"fontvm/internal/perf"
	"fontvm/size"
	"fontvm/truetype/hint"
)

// init registers the "fontvm bench render" (runBenchRender) command in
// the command table (see register).
func init() {
	register("bench", "render", "time drawing every mapped code point through face.Face.Glyph (ns/glyph)", runBenchRender)
}

// runBenchRender implements
//
//	fontvm bench render FONT [--mode v35|v40|none] [--target normal|mono] [--rounds R] [--ppems 9,12,16,24] [--warmup W]
//
// It draws every code point FONT's cmap maps through face.Face.Glyph
// (load, hint, rasterize into the face's mask) at each ppem, on one face
// per ppem made beforehand, R times after W unmeasured warm-up rounds (the
// unit of work perf.RenderJob; its FreeType counterpart, FT_Load_Glyph
// with FT_LOAD_RENDER, is timed side by side in internal/perf's
// TestRenderVsFreeType), and prints
//
//	N glyphs: X ns/glyph
//	A allocations (B bytes): Y allocs/glyph
//
// and, when some glyphs were not drawn (Glyph's ok false), how many.
func runBenchRender(args []string) error {
	fs := newFlagSet("bench render")
	bf := newBenchFlags(fs)
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("usage: fontvm bench render FONT [--mode v35|v40|none] [--target normal|mono] [--rounds R] [--ppems 9,12,16,24] [--warmup W]\n%s", flagDefaults(fs))
	}
	o, reqs, err := bf.settings("bench render")
	if err != nil {
		return err
	}
	ppems, err := wholePPEMs("bench render", reqs)
	if err != nil {
		return err
	}
	if *bf.varSpec != "" {
		return usagef("bench render: --var is not supported (it times the default instance)")
	}
	data, err := os.ReadFile(pos[0])
	if err != nil {
		return err
	}
	j, err := perf.NewRenderJob(data, o.Mode, o.Target == hint.TargetMono, ppems)
	if err != nil {
		return fmt.Errorf("%s: %w", pos[0], err)
	}
	j.Run(*bf.warmup)
	var n, failed int
	ms := perf.Measure(func() { n, failed = j.Run(*bf.rounds) })
	w := benchStdout
	fmt.Fprintf(w, "%d glyphs: %.1f ns/glyph\n", n, float64(ms.NS)/float64(n))
	fmt.Fprintf(w, "%d allocations (%d bytes): %.3f allocs/glyph\n", ms.Allocs, ms.Bytes, float64(ms.Allocs)/float64(n))
	if failed > 0 {
		fmt.Fprintf(w, "%d of %d glyphs not drawn\n", failed, n)
	}
	return nil
}

// benchFlags are the flags bench tt and bench render share.
type benchFlags struct {
	mode, target, ppems *string
	sizes, dpi, varSpec *string
	rounds, warmup      *int
}

// newBenchFlags defines the shared bench flags on fs.
func newBenchFlags(fs *flag.FlagSet) *benchFlags {
	return &benchFlags{
		mode:    fs.String("mode", "v40", "interpreter version: v35, v40 or none"),
		target:  fs.String("target", "normal", "rendering target: normal or mono"),
		rounds:  fs.Int("rounds", 10, "measured rounds"),
		warmup:  fs.Int("warmup", 1, "unmeasured warm-up rounds"),
		ppems:   fs.String("ppems", "9,12,16,24", "comma-separated sizes in pixels per em (may be fractional)"),
		sizes:   fs.String("size", "", "comma-separated sizes in points at --dpi, instead of --ppems"),
		dpi:     fs.String("dpi", "72", "resolution for --size: X or XxY dots per inch"),
		varSpec: addVarFlag(fs),
	}
}

// settings checks the flags and returns the hinting options (--mode,
// --target, parsed by parseHintOptions) and the size requests (--ppems,
// or --size at --dpi); bad values are usage errors naming cmd.
func (b *benchFlags) settings(cmd string) (hint.Options, []size.Request, error) {
	o, err := parseHintOptions(*b.mode, *b.target)
	if err != nil {
		return o, nil, err
	}
	if *b.rounds < 1 || *b.warmup < 0 {
		return o, nil, usagef("%s: --rounds must be at least 1 and --warmup at least 0", cmd)
	}
	reqs, err := parseSizeList(*b.ppems, *b.sizes, *b.dpi, "--ppems")
	if err != nil {
		return o, nil, err
	}
	return o, reqs, nil
}

// wholePPEMs returns the whole pixel sizes of reqs, which must all be
// square requests of whole pixels at 72 dpi (what bench render's
// perf.RenderJob takes).
func wholePPEMs(cmd string, reqs []size.Request) ([]int, error) {
	ppems := make([]int, len(reqs))
	for i, r := range reqs {
		if r.Width != r.Height || r.HRes != 72 || r.VRes != 72 || r.Height%64 != 0 {
			return nil, usagef("%s: sizes must be whole pixels per em (got %v)", cmd, r)
		}
		ppems[i] = int(r.Height / 64)
	}
	return ppems, nil
}
