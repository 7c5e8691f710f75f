package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"fontvm/graphite/shape"
)

var grTraceStdout io.Writer = os.Stdout

// init registers the "fontvm gr trace" (runGRTrace) command in the
// command table (see register).
func init() {
	register("gr", "trace", "graphite2's JSON segment trace of a shaping (gr2fonttest -trace)", runGRTrace)
}

// grTraceJSON shapes text as gr2fonttest -trace does (12 pt at 72 dpi,
// features parsed as its -feat, -j justification) and returns the trace.
func grTraceJSON(face *shape.Font, text []rune, rtl bool, feat string, justify int) ([]byte, error) {
	sh := shape.NewShaper(face)
	opts := shape.Options{RTL: rtl, Scale: face.Scale(12)}
	if feat != "" {
		opts.Lang, opts.Features, _ = shape.ParseFeatureString(face, feat)
	}
	if justify > 0 {
		// gr2fonttest justifies the segment (gr_seg_justify) to its
		// advance * j / 100; the untraced first shaping measures it
		out, err := sh.Shape(text, &opts)
		if err != nil {
			return nil, err
		}
		opts.Justify = shape.JustifyWidth(out.AdvanceX, justify)
	}
	tr := shape.NewTrace()
	sh.SetTrace(tr)
	_, err := sh.Shape(text, &opts)
	return tr.JSON(), err
}

// runGRTrace implements fontvm gr trace: it shapes as gr shape does, with
// a shape.Trace attached, and prints graphite2's JSON segment trace.
func runGRTrace(args []string) error {
	fs := newFlagSet("gr trace")
	rtl := fs.Bool("rtl", false, "shape right to left")
	feat := fs.String("feat", "", "feature settings as gr2fonttest's -feat: `id=val,...` (tags or numbers; lang=xxx)")
	justify := fs.Int("justify", 0, "justify to `PERCENT` of the natural width (gr2fonttest -j)")
	codes := fs.Bool("codes", false, "the arguments after FONT are hexadecimal code points")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) < 2 {
		return usagef("usage: fontvm gr trace FONT [--rtl] [--feat id=val,...] [--justify PERCENT] (TEXT | --codes HEX...)")
	}
	if *justify < 0 {
		return usagef("--justify must be positive")
	}
	var text []rune
	if *codes {
		if text, err = parseGRCodes(pos[1:]); err != nil {
			return err
		}
	} else {
		text = []rune(strings.Join(pos[1:], " "))
	}
	data, err := os.ReadFile(pos[0])
	if err != nil {
		return err
	}
	face, err := shape.Load(data)
	if err != nil {
		return fmt.Errorf("%s: %w", pos[0], err)
	}
	b, serr := grTraceJSON(face, text, *rtl, *feat, *justify)
	var ind bytes.Buffer
	if err := json.Indent(&ind, b, "", " "); err != nil {
		return fmt.Errorf("trace: %w", err)
	}
	ind.WriteByte('\n')
	if _, err := grTraceStdout.Write(ind.Bytes()); err != nil {
		return err
	}
	if serr != nil {
		return fmt.Errorf("%s: %w (the trace shows how far the segment got)", pos[0], serr)
	}
	return nil
}
