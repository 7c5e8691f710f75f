package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"fontvm/truetype/hint"
	"fontvm/truetype/isa"
)

// init registers the "fontvm tt trace" (runTTTrace) command in the
// command table (see register).
func init() {
	register("tt", "trace", "trace the hinting of one glyph instruction by instruction", runTTTrace)
}

// lineTracer writes one line (or JSON object) per executed instruction.
type lineTracer struct {
	w    *bufio.Writer
	json bool
	buf  []byte
	err  error
}

type jsonMove struct {
	Zone  int   `json:"zone"`
	Point int   `json:"point"`
	X     int64 `json:"x"`
	Y     int64 `json:"y"`
}

type jsonStep struct {
	Program  string     `json:"program"`
	Range    string     `json:"range"`
	PC       int        `json:"pc"`
	Opcode   int        `json:"opcode"`
	Name     string     `json:"instruction"`
	Depth    int        `json:"call_depth"`
	SPBefore int        `json:"depth_before"`
	SPAfter  int        `json:"depth_after"`
	Before   []int64    `json:"stack_before"`
	After    []int64    `json:"stack_after"`
	Moved    []jsonMove `json:"moved,omitempty"`
	Err      string     `json:"error,omitempty"`
}

// opName returns the ttx name of opcode op with its flags (MDRP[10110]),
// or INSTR<n> for an undefined opcode.
func opName(op byte) string {
	o := isa.Opcodes[op]
	if !o.Defined() {
		return fmt.Sprintf("INSTR%d", op)
	}
	return o.Variant(op)
}

// Step writes one traced instruction (hint.Tracer): as a JSON object with
// --json, else as a line with program, range, pc, indented opcode name,
// the stack tops before and after, the points moved and any error. The
// first write error is kept in t.err and silences the tracer.
func (t *lineTracer) Step(s *hint.Step) {
	if t.err != nil {
		return
	}
	if t.json {
		js := jsonStep{Program: s.Program.String(), Range: s.Range.String(), PC: s.PC, Opcode: int(s.Opcode),
			Name: opName(s.Opcode), Depth: s.Depth, SPBefore: s.DepthBefore, SPAfter: s.DepthAfter,
			Before: append([]int64{}, s.Before...), After: append([]int64{}, s.After...), Err: s.Err}
		for _, m := range s.Moved {
			js.Moved = append(js.Moved, jsonMove{m.Zone, m.Point, m.X, m.Y})
		}
		b, err := json.Marshal(js)
		if err != nil {
			t.err = err
			return
		}
		t.buf = append(b, '\n')
	} else {
		b := t.buf[:0]
		b = fmt.Appendf(b, "%s %s:%d %*s%s [", s.Program, s.Range, s.PC, 2*s.Depth, "", opName(s.Opcode))
		b = appendStack(b, s.Before, s.DepthBefore)
		b = append(b, "] -> ["...)
		b = appendStack(b, s.After, s.DepthAfter)
		b = append(b, ']')
		for _, m := range s.Moved {
			z := "p"
			if m.Zone == 0 {
				z = "tw"
			}
			b = fmt.Appendf(b, " %s%d=(%d,%d)", z, m.Point, m.X, m.Y)
		}
		if s.Err != "" {
			b = append(b, " ERROR "...)
			b = append(b, s.Err...)
		}
		t.buf = append(b, '\n')
	}
	_, t.err = t.w.Write(t.buf)
}

// appendStack appends the stack values top, space-separated, preceded by
// "... " when the stack is deeper (depth) than the values shown.
func appendStack(b []byte, top []int64, depth int) []byte {
	if depth > len(top) {
		b = append(b, "... "...)
	}
	for i, v := range top {
		if i > 0 {
			b = append(b, ' ')
		}
		b = strconv.AppendInt(b, v, 10)
	}
	return b
}

// runTTTrace implements "fontvm tt trace": it hints one glyph (--glyph)
// at the requested size, mode (v35 or v40), target and instance with a
// lineTracer, writing one line (or JSON object) per executed instruction
// and then the glyph's golden line; with --programs fpgm and prep are
// traced too. The glyphs before it are loaded untraced first, as FreeType
// would have.
func runTTTrace(args []string) error {
	fs := newFlagSet("tt trace")
	sizes := addSizeFlags(fs, "12")
	mode := fs.String("mode", "v40", "hinting: v35 or v40")
	target := fs.String("target", "normal", "target: normal or mono")
	glyph := fs.Int("glyph", -1, "glyph index")
	asJSON := fs.Bool("json", false, "write one JSON object per instruction")
	progs := fs.Bool("programs", false, "also trace fpgm and prep")
	varSpec := addVarFlag(fs)
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 || *glyph < 0 {
		return usagef("usage: fontvm tt trace FONT --glyph G (--ppem P | --size PT --dpi X[xY]) --mode v35|v40 [--target normal|mono] [--var tag=value,...] [--json] [--programs]")
	}
	req, err := sizes.request()
	if err != nil {
		return err
	}
	opts, err := parseHintOptions(*mode, *target)
	if err != nil {
		return err
	}
	if opts.Mode == hint.ModeNone {
		return usagef("--mode must be v35 or v40")
	}
	f, err := loadHintFont(pos[0])
	if err != nil {
		return err
	}
	if err := applyVar(f, *varSpec, &opts); err != nil {
		return err
	}
	if *glyph >= f.NumGlyphs() {
		return fmt.Errorf("glyph %d out of range (font has %d)", *glyph, f.NumGlyphs())
	}
	w := bufio.NewWriter(ttHintStdout)
	defer w.Flush()
	tr := &lineTracer{w: w, json: *asJSON}
	if *progs {
		opts.Tracer = tr
	}
	in, err := f.NewInstanceRequest(req, opts)
	if err != nil {
		return err
	}
	var g hint.Glyph
	// Load the glyphs before it untraced, as FreeType would have.
	for gid := 0; gid < *glyph; gid++ {
		in.LoadGlyph(gid, &g)
	}
	in.SetTracer(tr)
	lerr := in.LoadGlyph(*glyph, &g)
	in.SetTracer(nil)
	if tr.err != nil {
		return tr.err
	}
	var line []byte
	var xy []int64
	var ends []int32
	line = appendGlyphLine(line, *glyph, &g, lerr, &xy, &ends)
	if *asJSON {
		b, _ := json.Marshal(map[string]string{"result": string(line)})
		line = b
	}
	line = append(line, '\n')
	_, err = io.Writer(w).Write(line)
	return err
}
