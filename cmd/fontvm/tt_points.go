package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"fontvm/internal/conformance/golden"
	"fontvm/sfnt"
	"fontvm/truetype/hint"
)

// ttHintStdout is where tt points and tt trace write (tests replace it).
var ttHintStdout io.Writer = os.Stdout

// init registers the "fontvm tt points" (runTTPoints) command in the
// command table (see register).
func init() {
	register("tt", "points", "print hinted glyph outlines as FreeType would (one line per glyph)", runTTPoints)
}

// parseMode parses --mode and --target.
func parseHintOptions(mode, target string) (hint.Options, error) {
	var o hint.Options
	switch mode {
	case "none":
		o.Mode = hint.ModeNone
	case "v35":
		o.Mode = hint.ModeV35
	case "v40":
		o.Mode = hint.ModeV40
	default:
		return o, usagef("--mode must be none, v35 or v40, not %q", mode)
	}
	switch target {
	case "normal":
		o.Target = hint.TargetNormal
	case "mono":
		o.Target = hint.TargetMono
	default:
		return o, usagef("--target must be normal or mono, not %q", target)
	}
	return o, nil
}

// parseGlyphRange parses "A-B", "A" or "" (all glyphs).
func parseGlyphRange(s string, n int) (lo, hi int, err error) {
	if s == "" {
		return 0, n - 1, nil
	}
	a, b, found := strings.Cut(s, "-")
	lo, err = strconv.Atoi(a)
	if err != nil || lo < 0 {
		return 0, 0, usagef("bad --glyphs %q", s)
	}
	hi = lo
	if found {
		hi, err = strconv.Atoi(b)
		if err != nil || hi < lo {
			return 0, 0, usagef("bad --glyphs %q", s)
		}
	}
	if hi >= n {
		hi = n - 1
	}
	return lo, hi, nil
}

// loadHintFont reads and parses the font at path and prepares it for
// hinting (hint.NewFont); any failure is returned.
func loadHintFont(path string) (*hint.Font, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	sf, err := sfnt.Parse(data)
	if err != nil {
		return nil, err
	}
	return hint.NewFont(sf)
}

// runTTPoints implements "fontvm tt points": it hints every glyph of the
// font (or of --glyphs A-B) at the requested size, mode, target and
// variation instance, and writes one golden-format line per glyph
// (appendGlyphLine) to stdout. Glyphs before the range are loaded too, in
// order, as FreeType would, so that state the glyph programs leave
// behind matches.
func runTTPoints(args []string) error {
	fs := newFlagSet("tt points")
	sizes := addSizeFlags(fs, "12")
	mode := fs.String("mode", "v40", "hinting: none, v35 or v40")
	target := fs.String("target", "normal", "target: normal or mono")
	glyphs := fs.String("glyphs", "", "glyph range A-B (default: all)")
	varSpec := addVarFlag(fs)
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("usage: fontvm tt points FONT (--ppem P | --size PT --dpi X[xY]) --mode v35|v40|none [--target normal|mono] [--var tag=value,...] [--glyphs A-B]")
	}
	req, err := sizes.request()
	if err != nil {
		return err
	}
	opts, err := parseHintOptions(*mode, *target)
	if err != nil {
		return err
	}
	f, err := loadHintFont(pos[0])
	if err != nil {
		return err
	}
	if err := applyVar(f, *varSpec, &opts); err != nil {
		return err
	}
	in, err := f.NewInstanceRequest(req, opts)
	if err != nil {
		return err
	}
	lo, hi, err := parseGlyphRange(*glyphs, f.NumGlyphs())
	if err != nil {
		return err
	}
	w := bufio.NewWriter(ttHintStdout)
	defer w.Flush()
	var g hint.Glyph
	var line []byte
	var xy []int64
	var ends []int32
	// FreeType loads glyphs in order on one size; glyphs before the range
	// are loaded too so that state glyph programs leave behind matches.
	for gid := 0; gid <= hi; gid++ {
		err := in.LoadGlyph(gid, &g)
		if gid < lo {
			continue
		}
		line = appendGlyphLine(line[:0], gid, &g, err, &xy, &ends)
		line = append(line, '\n')
		if _, err := w.Write(line); err != nil {
			return err
		}
	}
	return nil
}

// appendGlyphLine formats one glyph in the golden line format.
func appendGlyphLine(dst []byte, gid int, g *hint.Glyph, err error, xy *[]int64, ends *[]int32) []byte {
	if err != nil {
		name := hint.Name(err)
		if name == "" {
			name = fmt.Sprint(err)
		}
		return golden.AppendErrLine(dst, gid, name)
	}
	*xy = (*xy)[:0]
	for _, p := range g.Points {
		*xy = append(*xy, p.X, p.Y)
	}
	*ends = (*ends)[:0]
	for _, e := range g.Ends {
		*ends = append(*ends, int32(e))
	}
	return golden.AppendLine(dst, gid, g.Advance, *xy, *ends)
}
