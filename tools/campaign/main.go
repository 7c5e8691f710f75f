// Command campaign runs fontvm's robustness campaign: it makes N
// deterministic corrupted copies of the corpus fonts (internal/corrupt:
// 1-4 bytes overwritten inside a table, a table's length cut, or the file
// cut inside a table) and, for each copy, runs fontvm's checks for a
// target, counting panics, the slowest case and peak memory:
//
//   - graphite (default): Graphite tables of the Debian Graphite fonts and
//     graphite2's suite fonts; graphite.Load decides accept/refuse, the
//     shaping engine's own loader must agree, and accepted copies are
//     shaped on real texts of their script.
//   - truetype: glyf, loca, fpgm, prep, cvt, maxp, hmtx, hhea of the Go
//     fonts and the hinted Debian fonts; accepted copies (sfnt.Parse and
//     hint.NewFont) are hinted at 9, 12, 17 and 32 ppem and at 12 pt on a
//     96×72 dpi device (non-square pixels), versions 35 and 40.
//
// Built with -tags reference, the reference judges every copy in-process:
// graphite2 for graphite (accept/refuse, as gr2fonttest; on copies both
// accept, the texts fontvm shaped, result line for result line); FreeType
// for truetype (face setup, and every glyph the target hints, line for
// line, at all its sizes in both versions). The agreement rate and the
// outputs compared are reported.
//
//	go run ./tools/campaign --seed 1 --n 2000
//	go run -tags reference ./tools/campaign --seed 1 --n 2000
//	go run -tags reference ./tools/campaign --target truetype --n 500
//	go run -tags reference ./tools/campaign --seed 1 --start 1507 --n 1   # one case
//
// Every finding fails the run (exit status 1): any panic; a case slower
// than --max-case; peak RSS over --max-rss; the shaping engine's loader
// disagreeing with the loader (graphite); with a reference, any copy on
// which the reference and fontvm disagree (accept/refuse, or any compared
// output: hinted glyph lines, shaped segments), unless --min-agree is
// lowered from its default of 100; and a run that compared nothing (no
// case, no font, or, with a reference, no output compared). A hang (a
// case running ten times over --max-case) exits 3.
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync/atomic"
	"syscall"
	"text/tabwriter"
	"time"

	"fontvm/internal/corpus"
	"fontvm/internal/corrupt"
)

// A fontFile is one font a campaign corrupts.
type fontFile struct {
	name string
	data []byte
	// texts are real texts in the font's script, shaped on accepted copies.
	texts [][]rune
	rtl   bool
}

// A verdict is what fontvm made of one corrupted copy.
type verdict struct {
	accepted bool
	reason   string // refusal reason (first line)
	panicked bool   // a panic reached the campaign, or the library recovered one
	panicMsg string
	// engineAccepted: the shaping engine's own loader (graphite/shape.Load)
	// accepted the copy; it must agree with the loader.
	engineAccepted bool
	// shaping of accepted copies: texts shaped, and those without segment
	shaped, shapeErrs int
	// outputs are the shaped results (graphite: grref's line form, or
	// grcompare.NoSegment), in the order the texts were picked, for a
	// reference to compare.
	outputs []string
}

// A target is a family of fonts and the checks run on each corrupted copy.
// Targets register themselves from their own files (see graphite.go); a
// TrueType target (hinting at several sizes) plugs in the same way.
type target struct {
	name   string
	tables []string // tables corrupted (corrupt.GraphiteTables, corrupt.TrueTypeTables)
	fonts  func() ([]fontFile, error)
	check  func(f *fontFile, data []byte, shapeTexts, pick int) verdict
	// reference judges a copy with the reference engine: whether it
	// accepts the bytes and, optionally, how many outputs it compared with
	// fontvm's and how many differed. nil when no reference is linked
	// (build without -tags reference).
	// v is fontvm's verdict on the copy (its outputs, for targets whose
	// reference compares them with fontvm's).
	reference     func(f *fontFile, data []byte, pick int, v *verdict) refVerdict
	referenceName string
	// workName and failName label the work done on accepted copies and
	// its failures in the table ("texts shaped", "no segment").
	workName, failName string
}

// A refVerdict is the reference's view of one copy. A case agrees when
// both accept or both refuse and no compared output differs.
type refVerdict struct {
	accepted         bool
	reason           string // refusal reason (first line), when the reference gives one
	compared, differ int    // outputs compared with fontvm's (e.g. hinted glyphs), and those that differ
	diff             string // the first difference
}

// defaultMinAgree is the agreement with the reference a run needs by
// default: every copy (the README's claim is "exactly as graphite2" and
// "identical to FreeType").
const defaultMinAgree = 100.0

var targets = map[string]*target{}

// register adds t to the targets --target chooses from, under t.name.
func register(t *target) { targets[t.name] = t }

// referenceHooks lets reference.go (build tag reference) attach a
// reference to a target after all targets registered.
var referenceHooks []func()

// main parses the flags, runs the chosen target's campaign over the
// corrupted copies and exits with 0 when clean, 1 on any finding (see the
// package documentation) or 3 on a hang.
func main() {
	seed := flag.Uint64("seed", 1, "corruption seed")
	n := flag.Int("n", 2000, "number of corrupted copies")
	start := flag.Int("start", 0, "index of the first copy (to reproduce one case: --start I --n 1)")
	tname := flag.String("target", "graphite", "target: "+strings.Join(targetNames(), ", "))
	fontsFlag := flag.String("fonts", "", "comma-separated font names or paths (default: the target's corpus)")
	shapeTexts := flag.Int("texts", 3, "graphite: texts shaped on each accepted copy; truetype: 0 disables hinting (0: load only)")
	maxCase := flag.Duration("max-case", 2*time.Second, "limit on one case's time")
	maxRSS := flag.Int("max-rss", 256, "limit on peak RSS, MiB")
	minAgree := flag.Float64("min-agree", defaultMinAgree, "minimum agreement with the reference, percent (100: every copy must agree)")
	list := flag.Int("list", 20, "disagreements and panics listed")
	dump := flag.String("dump", "", "with a reference: write each disagreeing copy into this directory")
	flag.Parse()

	for _, h := range referenceHooks {
		h()
	}
	t := targets[*tname]
	if t == nil {
		fail("unknown target %q (have %s)", *tname, strings.Join(targetNames(), ", "))
	}
	fonts, err := t.fonts()
	if err != nil {
		fail("%v", err)
	}
	if *fontsFlag != "" {
		fonts, err = pickFonts(fonts, *fontsFlag)
		if err != nil {
			fail("%v", err)
		}
	}
	// Fonts in which no candidate table exists cannot be corrupted; in
	// the target's own corpus under FONTVM_REQUIRE_CORPUS that is a
	// failure (the run would silently cover less than it says).
	var usable []fontFile
	for _, f := range fonts {
		if _, err := corrupt.Make(f.data, *seed, 0, t.tables); err == nil {
			usable = append(usable, f)
		} else if corpus.Required() && *fontsFlag == "" {
			fail("%s: no table to corrupt: %v", f.name, err)
		} else {
			fmt.Fprintf(os.Stderr, "campaign: %s skipped: %v\n", f.name, err)
		}
	}
	if len(usable) == 0 {
		fail("no usable fonts")
	}
	fonts = usable

	per := map[string]*stat{}
	var tot stat
	var disagreements, panics, engineDiffs []string
	var slowest string
	var peakHeap uint64
	var rawMax time.Duration
	retimed := 0
	var ms runtime.MemStats
	kinds := map[string]int{}

	// A watchdog: a case running ten times over the limit is a hang.
	// The watchdog reads what the loop writes: the case and its start.
	var current atomic.Pointer[string]
	var startNs atomic.Int64
	current.Store(new(string))
	startNs.Store(time.Now().UnixNano())
	done := make(chan struct{})
	go func() {
		tick := time.NewTicker(time.Second)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				if d := time.Since(time.Unix(0, startNs.Load())); d > 10**maxCase {
					fmt.Fprintf(os.Stderr, "campaign: HANG: %s running for %v\n", *current.Load(), d)
					os.Exit(3)
				}
			}
		}
	}()

	began := time.Now()
	for i := *start; i < *start+*n; i++ {
		f := &fonts[i%len(fonts)]
		c, err := corrupt.Make(f.data, *seed, i, t.tables)
		if err != nil {
			fail("%s #%d: %v", f.name, i, err)
		}
		desc := f.name + " " + c.String()
		kinds[c.Kind.String()]++
		current.Store(&desc)
		caseStart := time.Now()
		startNs.Store(caseStart.UnixNano())
		v := safeCheck(t, f, c.Data, *shapeTexts, i)
		d := time.Since(caseStart)
		rawMax = max(rawMax, d)
		// Eight engineers share two cores: a case over half the limit is
		// timed twice more and keeps its fastest run, so that a GC pause or
		// a neighbour's burst is not charged to the case.
		for r := 0; r < 2 && d > *maxCase/2; r++ {
			caseStart = time.Now()
			startNs.Store(caseStart.UnixNano())
			safeCheck(t, f, c.Data, *shapeTexts, i)
			d = min(d, time.Since(caseStart))
			retimed++
		}

		s := per[f.name]
		if s == nil {
			s = &stat{}
			per[f.name] = s
		}
		for _, st := range []*stat{s, &tot} {
			st.cases++
			if v.accepted {
				st.accFontvm++
			}
			if v.panicked {
				st.panics++
			}
			st.shaped += v.shaped
			st.shapeErrs += v.shapeErrs
			if v.engineAccepted != v.accepted {
				st.engineDiff++
			}
			if d > st.maxCase {
				st.maxCase = d
			}
		}
		if d >= tot.maxCase {
			slowest = desc
		}
		if v.panicked {
			panics = append(panics, desc+": "+v.panicMsg)
		}
		if v.engineAccepted != v.accepted && len(engineDiffs) < *list {
			engineDiffs = append(engineDiffs, fmt.Sprintf("%s: loader %s (%s), engine loader %s", desc, acc(v.accepted), v.reason, acc(v.engineAccepted)))
		}
		if t.reference != nil {
			ref := t.reference(f, c.Data, i, &v)
			ok := ref.accepted == v.accepted && ref.differ == 0
			for _, st := range []*stat{s, &tot} {
				if ref.accepted {
					st.accRef++
				}
				if ok {
					st.agree++
				}
				st.refCompared += ref.compared
				st.refDiffer += ref.differ
			}
			if !ok {
				what := "fontvm accepts"
				if !v.accepted {
					what = "fontvm refuses (" + v.reason + ")"
				}
				d := fmt.Sprintf("%s: %s, %s %s", desc, what, t.referenceName, acc(ref.accepted))
				if !ref.accepted && ref.reason != "" {
					d += " (" + ref.reason + ")"
				}
				if *dump != "" {
					name := filepath.Join(*dump, fmt.Sprintf("%s-%d-%d.bin", f.name, *seed, i))
					if err := os.WriteFile(name, c.Data, 0o644); err != nil {
						fail("%v", err)
					}
					d += "; copy in " + name
				}
				if ref.differ > 0 {
					d += fmt.Sprintf("; %d of %d outputs differ, first: %s", ref.differ, ref.compared, ref.diff)
				}
				disagreements = append(disagreements, d)
			}
		}
		if i%64 == 0 {
			runtime.ReadMemStats(&ms)
			peakHeap = max(peakHeap, ms.HeapAlloc)
		}
	}
	close(done)
	elapsed := time.Since(began)
	runtime.ReadMemStats(&ms)
	peakHeap = max(peakHeap, ms.HeapAlloc)
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	rssMiB := float64(ru.Maxrss) / 1024 // Linux reports KiB

	fmt.Printf("campaign target=%s seed=%d cases=%d..%d fonts=%d reference=%s go=%s\n",
		t.name, *seed, *start, *start+*n-1, len(fonts), refName(t), runtime.Version())
	kk := make([]string, 0, len(kinds))
	for k, v := range kinds {
		kk = append(kk, fmt.Sprintf("%s %d", k, v))
	}
	sort.Strings(kk)
	fmt.Printf("damage: %s (tables: %s)\n\n", strings.Join(kk, ", "), strings.Join(t.tables, " "))
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "font\tcases\tfontvm accepts\tref accepts\tagree %%\tengine load differs\tpanics\t%s\t%s\tmax ms\t\n", t.workName, t.failName)
	row := func(name string, s *stat) {
		ag := "-"
		ra := "-"
		if t.reference != nil {
			ag = fmt.Sprintf("%.2f", 100*float64(s.agree)/float64(s.cases))
			ra = fmt.Sprint(s.accRef)
		}
		fmt.Fprintf(tw, "%s\t%d\t%d\t%s\t%s\t%d\t%d\t%d\t%d\t%.1f\t\n", name, s.cases, s.accFontvm, ra, ag,
			s.engineDiff, s.panics, s.shaped, s.shapeErrs, float64(s.maxCase.Microseconds())/1000)
	}
	for _, f := range fonts {
		if s := per[f.name]; s != nil {
			row(f.name, s)
		}
	}
	row("TOTAL", &tot)
	tw.Flush()
	fmt.Println()

	if t.reference != nil {
		rate := 100 * float64(tot.agree) / float64(tot.cases)
		fmt.Printf("agreement with %s: %.2f%% (%d/%d; limit %.2f%%)\n", t.referenceName, rate, tot.agree, tot.cases, *minAgree)
		fmt.Printf("outputs compared with %s: %d, differing: %d\n", t.referenceName, tot.refCompared, tot.refDiffer)
	} else {
		fmt.Println("agreement: no reference linked (build with -tags reference)")
	}
	fmt.Printf("panics: %d\n", tot.panics)
	if t.name == "graphite" {
		fmt.Printf("engine loader (graphite/shape.Load) differs from the loader (graphite.Load): %d of %d\n", tot.engineDiff, tot.cases)
	}
	fmt.Printf("slowest case: %.1f ms (limit %v; fastest of 3 runs for cases over half the limit, %d re-runs; slowest single run %.1f ms): %s\n",
		float64(tot.maxCase.Microseconds())/1000, *maxCase, retimed, float64(rawMax.Microseconds())/1000, slowest)
	fmt.Printf("peak RSS: %.1f MiB (limit %d MiB); peak Go heap sampled: %.1f MiB; total %v\n",
		rssMiB, *maxRSS, float64(peakHeap)/(1<<20), elapsed.Round(time.Millisecond))
	findings := runFindings(&tot, runLimits{cases: *n, minAgree: *minAgree,
		maxCase: *maxCase, maxRSS: float64(*maxRSS), reference: t.reference != nil}, rssMiB)
	for i, p := range panics {
		if i == *list {
			break
		}
		fmt.Println("PANIC", p)
	}
	for _, d := range engineDiffs {
		fmt.Println("ENGINE-LOAD", d)
	}
	for i, d := range disagreements {
		if i == *list {
			fmt.Printf("... %d more disagreements\n", len(disagreements)-*list)
			break
		}
		fmt.Println("DISAGREE", d)
	}
	if len(findings) > 0 {
		fmt.Println("FAIL: " + strings.Join(findings, "; "))
		os.Exit(1)
	}
	fmt.Println("PASS")
}

// A stat sums the verdicts of a run (per font, and in total).
type stat struct {
	cases, accFontvm, accRef, agree, panics, shaped, shapeErrs, engineDiff int
	refCompared, refDiffer                                                 int
	maxCase                                                                time.Duration
}

// runLimits are what a run must meet: the cases asked for, the agreement
// with the reference (percent), the time per case and the peak RSS (MiB), and whether a reference judged.
type runLimits struct {
	cases     int
	minAgree  float64
	maxCase   time.Duration
	maxRSS    float64
	reference bool
}

// runFindings lists every way a run failed, one phrase each; a run passes
// only when it is empty. Every kind of finding counts: fewer cases than
// asked, agreement with the reference below l.minAgree (100 by default:
// one disagreeing copy fails), a reference that compared none of the
// outputs fontvm produced (texts shaped, glyphs hinted), panics, the engine loader disagreeing with the
// loader, a case over the time limit, and peak RSS over the memory limit.
func runFindings(tot *stat, l runLimits, rssMiB float64) []string {
	var f []string
	if tot.cases != l.cases || tot.cases == 0 {
		f = append(f, fmt.Sprintf("%d cases run, %d asked", tot.cases, l.cases))
	}
	if l.reference {
		if 100*float64(tot.agree) < l.minAgree*float64(tot.cases) {
			f = append(f, fmt.Sprintf("agreement %d/%d below %.2f%% (%d copies disagree)", tot.agree, tot.cases, l.minAgree, tot.cases-tot.agree))
		}
		if tot.refCompared == 0 && tot.shaped > 0 {
			f = append(f, fmt.Sprintf("no output compared with the reference, %d produced", tot.shaped))
		}
	}
	if tot.panics > 0 {
		f = append(f, fmt.Sprintf("%d panics", tot.panics))
	}
	if tot.engineDiff > 0 {
		f = append(f, fmt.Sprintf("the engine loader differs from the loader on %d copies", tot.engineDiff))
	}
	if tot.maxCase > l.maxCase {
		f = append(f, fmt.Sprintf("slowest case %v over the limit %v", tot.maxCase, l.maxCase))
	}
	if rssMiB > l.maxRSS {
		f = append(f, fmt.Sprintf("peak RSS %.1f MiB over the limit %.0f MiB", rssMiB, l.maxRSS))
	}
	return f
}

// safeCheck runs t.check, turning a panic into a counted verdict.
func safeCheck(t *target, f *fontFile, data []byte, texts, pick int) (v verdict) {
	defer func() {
		if r := recover(); r != nil {
			v = verdict{panicked: true, panicMsg: fmt.Sprint(r)}
		}
	}()
	return t.check(f, data, texts, pick)
}

// acc formats an accept/refuse verdict as "accepts" or "refuses".
func acc(b bool) string {
	if b {
		return "accepts"
	}
	return "refuses"
}

// refName returns the name of t's reference, or "none" when the build has
// no reference (no -tags reference).
func refName(t *target) string {
	if t.reference == nil {
		return "none"
	}
	return t.referenceName
}

// targetNames returns the registered target names, sorted.
func targetNames() []string {
	var s []string
	for k := range targets {
		s = append(s, k)
	}
	sort.Strings(s)
	return s
}

// pickFonts selects fonts by name from the target's list or loads paths.
func pickFonts(all []fontFile, spec string) ([]fontFile, error) {
	var out []fontFile
	for _, s := range strings.Split(spec, ",") {
		s = strings.TrimSpace(s)
		found := false
		for _, f := range all {
			if f.name == s {
				out = append(out, f)
				found = true
			}
		}
		if found {
			continue
		}
		b, err := os.ReadFile(s)
		if err != nil {
			return nil, fmt.Errorf("font %q: not a corpus name and not readable: %v", s, err)
		}
		out = append(out, fontFile{name: filepath.Base(s), data: b})
	}
	return out, nil
}

// fail prints "campaign: " and the formatted message on stderr and exits
// with status 1.
func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "campaign: "+format+"\n", args...)
	os.Exit(1)
}

// readCorpus loads corpus fonts, failing on missing ones only when
// FONTVM_REQUIRE_CORPUS is set (as corpus tests do).
func readCorpus(fs []corpus.Font) ([]fontFile, error) {
	var out []fontFile
	for _, f := range fs {
		b := f.Data
		if b == nil {
			var err error
			b, err = os.ReadFile(f.Path)
			if err != nil {
				if corpus.Required() {
					return nil, err
				}
				fmt.Fprintf(os.Stderr, "campaign: %s missing, skipped\n", f.Path)
				continue
			}
		}
		out = append(out, fontFile{name: f.Name, data: b})
	}
	return out, nil
}

var errNoFonts = errors.New("campaign: no fonts found")
