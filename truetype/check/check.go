// Package check sweeps TrueType fonts through the hinting interpreter at
// many sizes and modes and reports every glyph whose load fails, as
// FreeType 2.12.1 would report it: with Pedantic, the errors
// FT_LOAD_PEDANTIC turns into glyph errors (out-of-range points, CVT and
// storage indices, bad zones, too few arguments, ... in fpgm, prep or the
// glyph's own program); without it, only the errors FreeType returns
// anyway (failing fpgm or prep, bad glyph data).
//
// Each (font, mode, ppem) is one job on a fresh hint.Instance; glyphs
// load in increasing order, as FreeType's reference loads them, so state
// a glyph program leaves behind is seen as FreeType sees it. Jobs run in
// parallel; the findings come back in a fixed order (font, mode as given,
// ppem, glyph).
package check

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"

	"fontvm/sfnt"
	"fontvm/truetype/hint"
	"fontvm/truetype/isa"
)

// A Mode is one hinting mode of a sweep, named as the CLI's --modes
// names it.
type Mode struct {
	Name string // "v35", "v40", "v35mono", "v40mono"
	Opts hint.Options
}

// ParseModes parses a comma-separated list of mode names (v35, v40,
// v35mono, v40mono).
func ParseModes(s string) ([]Mode, error) {
	var out []Mode
	for _, n := range strings.Split(s, ",") {
		n = strings.TrimSpace(n)
		var o hint.Options
		switch n {
		case "v35":
			o = hint.Options{Mode: hint.ModeV35}
		case "v40":
			o = hint.Options{Mode: hint.ModeV40}
		case "v35mono":
			o = hint.Options{Mode: hint.ModeV35, Target: hint.TargetMono}
		case "v40mono":
			o = hint.Options{Mode: hint.ModeV40, Target: hint.TargetMono}
		default:
			return nil, fmt.Errorf("check: unknown mode %q (v35, v40, v35mono, v40mono)", n)
		}
		out = append(out, Mode{Name: n, Opts: o})
	}
	return out, nil
}

// MaxPPEMs bounds the sizes one ParsePPEMs list may hold.
const MaxPPEMs = 4096

// ParsePPEMs parses a list of sizes: comma-separated numbers and ranges
// "A-B" (inclusive), e.g. "6-72" or "9,12,16-20"; sizes are 1 to
// hint.MaxPPEM, returned sorted without repeats.
func ParsePPEMs(s string) ([]int, error) {
	seen := map[int]bool{}
	var out []int
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		lo, hi := part, part
		if i := strings.IndexByte(part, '-'); i > 0 {
			lo, hi = part[:i], part[i+1:]
		}
		a, err1 := strconv.Atoi(lo)
		b, err2 := strconv.Atoi(hi)
		if err1 != nil || err2 != nil || a < 1 || b < a || b > hint.MaxPPEM {
			return nil, fmt.Errorf("check: bad size list entry %q (want N or A-B, 1 to %d)", part, hint.MaxPPEM)
		}
		for p := a; p <= b; p++ {
			if !seen[p] {
				if len(out) == MaxPPEMs {
					return nil, fmt.Errorf("check: more than %d sizes", MaxPPEMs)
				}
				seen[p] = true
				out = append(out, p)
			}
		}
	}
	sort.Ints(out)
	return out, nil
}

// A Font is one font of a sweep.
type Font struct {
	Name string // how findings name it (the path, for the CLI)
	Font *hint.Font
	// Names are the glyph names (post table), nil if none.
	Names []string
}

// NewFont parses data for a sweep.
func NewFont(name string, data []byte) (*Font, error) {
	sf, err := sfnt.Parse(data)
	if err != nil {
		return nil, err
	}
	hf, err := hint.NewFont(sf)
	if err != nil {
		return nil, err
	}
	return &Font{Name: name, Font: hf, Names: sfnt.GlyphNames(sf)}, nil
}

// A Finding is one glyph load that failed.
type Finding struct {
	Font  string `json:"font"`
	Mode  string `json:"mode"`
	PPEM  int    `json:"ppem"`
	GID   int    `json:"gid"`
	Glyph string `json:"glyph,omitempty"` // the glyph's name, if the font has names
	Code  int    `json:"code"`            // FreeType's error code (fterrdef.h)
	Error string `json:"error"`           // FreeType's error name
	// Program is where the failing instruction is: "fpgm function N",
	// "prep", "prep function N", "glyph G" (G the glyph or component
	// whose program it is), or "" for an error outside the bytecode.
	Program string `json:"program"`
	// From is the program that was running: "fpgm", "prep" or
	// "glyph"; "" outside the bytecode.
	From   string `json:"from,omitempty"`
	PC     int    `json:"pc"`     // -1 outside the bytecode
	Opcode string `json:"opcode"` // the instruction, e.g. "MDRP[10100]"; "" outside the bytecode
}

// Cause is what groups findings: the same program, pc and error.
func (f *Finding) Cause() string {
	return fmt.Sprintf("%s|%s|%d|%s|%s", f.Font, f.Program, f.PC, f.Opcode, f.Error)
}

// Options configure a Sweep.
type Options struct {
	PPEMs    []int
	Modes    []Mode
	Pedantic bool
	Workers  int // at least 1
	// Progress, if not nil, is called after each job with the jobs done
	// and the total (from the worker goroutines, one call at a time).
	Progress func(done, total int)
}

type job struct {
	font *Font
	mode Mode
	ppem int
}

// Sweep hints every glyph of every font at every size and mode and
// returns the findings, ordered by font, mode (as in opts.Modes), ppem and
// glyph, and the number of glyph loads run.
func Sweep(fonts []*Font, opts Options) ([]Finding, int64, error) {
	var jobs []job
	for _, f := range fonts {
		for _, m := range opts.Modes {
			for _, p := range opts.PPEMs {
				jobs = append(jobs, job{f, m, p})
			}
		}
	}
	results := make([][]Finding, len(jobs))
	errs := make([]error, len(jobs))
	loads := make([]int64, len(jobs))
	w := opts.Workers
	if w < 1 {
		w = 1
	}
	next := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	for i := 0; i < w; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var g hint.Glyph
			for k := range next {
				results[k], loads[k], errs[k] = runJob(jobs[k], opts.Pedantic, &g)
				if opts.Progress != nil {
					mu.Lock()
					done++
					opts.Progress(done, len(jobs))
					mu.Unlock()
				}
			}
		}()
	}
	for k := range jobs {
		next <- k
	}
	close(next)
	wg.Wait()
	var out []Finding
	var n int64
	for k := range jobs {
		if errs[k] != nil {
			return nil, 0, errs[k]
		}
		out = append(out, results[k]...)
		n += loads[k]
	}
	return out, n, nil
}

// runJob loads every glyph of one font at one size in one mode.
func runJob(j job, pedantic bool, g *hint.Glyph) ([]Finding, int64, error) {
	o := j.mode.Opts
	o.Pedantic = pedantic
	in, err := j.font.Font.NewInstance(j.ppem, o)
	if err != nil {
		return nil, 0, err
	}
	var out []Finding
	n := j.font.Font.NumGlyphs()
	for gid := 0; gid < n; gid++ {
		if err := in.LoadGlyph(gid, g); err != nil {
			out = append(out, finding(j, in, gid, err))
		}
	}
	return out, int64(n), nil
}

// finding describes the failed load of glyph gid.
func finding(j job, in *hint.Instance, gid int, err error) Finding {
	f := Finding{Font: j.font.Name, Mode: j.mode.Name, PPEM: j.ppem, GID: gid, PC: -1}
	if gid < len(j.font.Names) {
		f.Glyph = j.font.Names[gid]
	}
	f.Code, _ = hint.ErrorCode(err)
	f.Error = hint.Name(err)
	var he *hint.Error
	if errors.As(err, &he) && he.Program != 0 {
		f.From = he.Program.String()
		f.PC = he.PC
		f.Opcode = isa.Mnemonic(he.Opcode)
		switch he.Range {
		case hint.ProgGlyph:
			f.Program = fmt.Sprintf("glyph %d", he.Glyph)
		default:
			f.Program = he.Range.String()
			if fn := in.FunctionAt(he.Range, he.PC); fn >= 0 {
				f.Program += fmt.Sprintf(" function %d", fn)
			}
		}
	}
	return f
}
