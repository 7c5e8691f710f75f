package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"strconv"

	"fontvm/cff"
)

// init registers the "fontvm cff trace" (runCFFTrace) command in the
// command table (see register).
func init() {
	register("cff", "trace", "trace the charstring of one CFF/CFF2 glyph operator by operator: fontvm cff trace FONT --glyph N [--ppem P | --size PT --dpi XxY] [--mode hinted|none] [--var tag=v,...] [--json]", runCFFTrace)
}

// cffTracer writes one line (or JSON object) per operator.
type cffTracer struct {
	w    *bufio.Writer
	json bool
	buf  []byte
	err  error
}

// jsonCFFStep is a Step as JSON.
type jsonCFFStep struct {
	Glyph  int      `json:"glyph"`
	Seac   bool     `json:"seac,omitempty"`
	Subr   string   `json:"subr,omitempty"`
	Depth  int      `json:"call_depth"`
	PC     int      `json:"pc"`
	Op     string   `json:"operator"`
	Before []string `json:"stack_before"`
	After  []string `json:"stack_after"`
	X      string   `json:"x"`
	Y      string   `json:"y"`
	Err    string   `json:"error,omitempty"`
}

// Step writes one step.
func (t *cffTracer) Step(s *cff.Step) {
	if t.err != nil {
		return
	}
	if t.json {
		js := jsonCFFStep{Glyph: s.Glyph, Seac: s.Seac, Subr: s.Subr, Depth: s.Depth, PC: s.PC, Op: s.Op,
			Before: numStrings(s.Before), After: numStrings(s.After), X: fixedString(s.X), Y: fixedString(s.Y), Err: s.Err}
		b, err := json.Marshal(js)
		if err != nil {
			t.err = err
			return
		}
		_, t.err = t.w.Write(append(b, '\n'))
		return
	}
	b := t.buf[:0]
	where := "charstring"
	if s.Subr != "" {
		where = s.Subr
	}
	if s.Seac {
		where = "seac " + where
	}
	b = fmt.Appendf(b, "glyph %d %s:%d %*s%s [", s.Glyph, where, s.PC, 2*s.Depth, "", s.Op)
	b = appendNumbers(b, s.Before)
	b = append(b, "] -> ["...)
	b = appendNumbers(b, s.After)
	b = fmt.Appendf(b, "] at (%s, %s)", fixedString(s.X), fixedString(s.Y))
	if s.Err != "" {
		b = append(b, " error "...)
		b = append(b, s.Err...)
	}
	b = append(b, '\n')
	t.buf = b
	_, t.err = t.w.Write(b)
}

// fixedString formats a 16.16 value as a decimal (integers without a
// fraction).
func fixedString(v int32) string {
	if v&0xFFFF == 0 {
		return strconv.Itoa(int(v >> 16))
	}
	return strconv.FormatFloat(float64(v)/65536, 'f', -1, 64)
}

// numStrings formats stack entries.
func numStrings(ns []cff.Number) []string {
	out := make([]string, len(ns))
	for i, n := range ns {
		if n.IsInt {
			out[i] = strconv.Itoa(int(n.V))
		} else {
			out[i] = fixedString(n.V)
		}
	}
	return out
}

// appendNumbers appends stack entries separated by spaces.
func appendNumbers(b []byte, ns []cff.Number) []byte {
	for i, s := range numStrings(ns) {
		if i > 0 {
			b = append(b, ' ')
		}
		b = append(b, s...)
	}
	return b
}

// runCFFTrace traces one glyph's charstring, then prints its outline in
// ftpoints2's format (or its error).
func runCFFTrace(args []string) error {
	fs := newFlagSet("cff trace")
	sizes := addSizeFlags(fs, "12")
	mode := fs.String("mode", "hinted", "hinted or none")
	vars := fs.String("var", "", "variation `tag=value,...` (design coordinates)")
	glyph := fs.Int("glyph", -1, "glyph index")
	asJSON := fs.Bool("json", false, "write one JSON object per operator")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 || *glyph < 0 {
		return usagef("usage: fontvm cff trace FONT --glyph N [--ppem P | --size PT --dpi XxY] [--mode hinted|none] [--var tag=v,...] [--json]")
	}
	fc, sc, hinted, err := openCFFSized(pos[0], *vars, *mode, sizes)
	if err != nil {
		return err
	}
	if *glyph >= fc.NumGlyphs() {
		return usagef("--glyph %d: the font has %d glyphs", *glyph, fc.NumGlyphs())
	}
	w := bufio.NewWriter(cffStdout)
	defer w.Flush()
	tr := &cffTracer{w: w, json: *asJSON}
	l := fc.NewLoader()
	l.SetTracer(tr)
	var o cff.Outline
	lerr := fc.Load(l, *glyph, sc, hinted, &o)
	if tr.err != nil {
		return tr.err
	}
	if lerr != nil {
		fmt.Fprintf(w, "gid %d err %d\n", *glyph, cff.FreeTypeError(lerr))
		w.Flush()
		return lerr
	}
	w.Write(o.AppendFTPoints(nil, *glyph))
	return nil
}
