package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime"
	"sort"
	"strings"

	"fontvm/truetype/check"
)

// findingsError makes tt check and tt verify exit with status 1 after
// printing their findings (main prints its one line).
func findingsError(n int) error { return fmt.Errorf("%d findings", n) }

// init registers the "fontvm tt check" (runTTCheck) command in the
// command table (see register).
func init() {
	register("tt", "check", "hint every glyph at many sizes and modes; report FreeType's glyph errors (--pedantic: FT_LOAD_PEDANTIC)", runTTCheck)
}

// runTTCheck is `fontvm tt check FONT... [--ppems 6-72|LIST] [--modes
// v35,v40,v40mono] [--pedantic] [--json] [-j N]`.
func runTTCheck(args []string) error {
	fs := newFlagSet("tt check")
	ppems := fs.String("ppems", "6-72", "sizes: numbers and ranges A-B, comma-separated")
	modes := fs.String("modes", "v35,v40,v40mono", "modes: v35, v40, v35mono, v40mono, comma-separated")
	pedantic := fs.Bool("pedantic", false, "FreeType's FT_LOAD_PEDANTIC semantics: bytecode faults are glyph errors")
	asJSON := fs.Bool("json", false, "one JSON object per finding")
	workers := fs.Int("j", runtime.NumCPU(), "parallel jobs")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return usagef("usage: fontvm tt check FONT... [--ppems 6-72|LIST] [--modes v35,v40,v40mono] [--pedantic] [--json] [-j N]")
	}
	ps, err := check.ParsePPEMs(*ppems)
	if err != nil {
		return usagef("%v", err)
	}
	ms, err := check.ParseModes(*modes)
	if err != nil {
		return usagef("%v", err)
	}
	if *workers < 1 {
		return usagef("-j must be at least 1")
	}
	var fonts []*check.Font
	for _, p := range pos {
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		f, err := check.NewFont(p, data)
		if err != nil {
			return fmt.Errorf("%s: %v", p, err)
		}
		fonts = append(fonts, f)
	}
	opts := check.Options{PPEMs: ps, Modes: ms, Pedantic: *pedantic, Workers: *workers}
	if isTerminal(os.Stderr) {
		opts.Progress = func(done, total int) {
			fmt.Fprintf(os.Stderr, "\rtt check: %d/%d sizes", done, total)
			if done == total {
				fmt.Fprint(os.Stderr, "\r\033[K")
			}
		}
	}
	found, loads, err := check.Sweep(fonts, opts)
	if err != nil {
		return err
	}
	if *asJSON {
		err = writeFindingsJSON(ttHintStdout, found)
	} else {
		err = writeCheckSummary(ttHintStdout, found, loads)
	}
	if err != nil {
		return err
	}
	if len(found) > 0 {
		return findingsError(len(found))
	}
	return nil
}

// isTerminal reports whether f is a character device (a terminal).
func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// writeFindingsJSON writes one JSON object per finding.
func writeFindingsJSON(w io.Writer, found []check.Finding) error {
	enc := json.NewEncoder(w)
	for i := range found {
		if err := enc.Encode(&found[i]); err != nil {
			return err
		}
	}
	return nil
}

// writeCheckSummary groups the findings by cause (font, program, pc,
// instruction, error): one line per cause with the modes, sizes and
// glyphs it hit, most glyph loads first.
func writeCheckSummary(w io.Writer, found []check.Finding, loads int64) error {
	type group struct {
		first  check.Finding
		n      int
		modes  map[string]bool
		ppems  map[int]bool
		glyphs map[int]bool
	}
	byCause := map[string]*group{}
	var order []string
	for i := range found {
		f := &found[i]
		k := f.Cause()
		g := byCause[k]
		if g == nil {
			g = &group{first: *f, modes: map[string]bool{}, ppems: map[int]bool{}, glyphs: map[int]bool{}}
			byCause[k] = g
			order = append(order, k)
		}
		g.n++
		g.modes[f.Mode] = true
		g.ppems[f.PPEM] = true
		g.glyphs[f.GID] = true
	}
	sort.SliceStable(order, func(i, j int) bool { return byCause[order[i]].n > byCause[order[j]].n })
	for _, k := range order {
		g := byCause[k]
		f := g.first
		where := "glyph data"
		if f.Program != "" {
			where = fmt.Sprintf("%s pc %d %s", f.Program, f.PC, f.Opcode)
			if f.From != "" && !strings.HasPrefix(f.Program, f.From) {
				where += " (from " + f.From + ")"
			}
		}
		var ms []string
		for m := range g.modes {
			ms = append(ms, m)
		}
		sort.Strings(ms)
		var ps []int
		for p := range g.ppems {
			ps = append(ps, p)
		}
		sort.Ints(ps)
		glyph := fmt.Sprintf("glyph %d", f.GID)
		if f.Glyph != "" {
			glyph += " (" + f.Glyph + ")"
		}
		if len(g.glyphs) > 1 {
			glyph = fmt.Sprintf("%d glyphs, first %s", len(g.glyphs), glyph)
		}
		if _, err := fmt.Fprintf(w, "%s: %s (%d) at %s: %d loads; %s; modes %s; ppem %s\n",
			f.Font, f.Error, f.Code, where, g.n, glyph, strings.Join(ms, ","), ppemRanges(ps)); err != nil {
			return err
		}
	}
	_, err := fmt.Fprintf(w, "%d glyph loads, %d findings, %d causes\n", loads, len(found), len(order))
	return err
}

// ppemRanges writes sorted sizes as ranges: "6-9,12".
func ppemRanges(ps []int) string {
	var b strings.Builder
	for i := 0; i < len(ps); {
		j := i
		for j+1 < len(ps) && ps[j+1] == ps[j]+1 {
			j++
		}
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		if j > i {
			fmt.Fprintf(&b, "%d-%d", ps[i], ps[j])
		} else {
			fmt.Fprintf(&b, "%d", ps[i])
		}
		i = j + 1
	}
	return b.String()
}
