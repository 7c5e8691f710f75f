// Command ttcompare prints how exactly fontvm's TrueType interpreter
// matches FreeType 2.12.1, from the committed golden data (no FreeType
// needed):
//
//	go run ./internal/conformance/cmd/ttcompare [-font NAME,...] [-ppem N,...] [-suites=false] [-v]
//
// For every corpus font (corpus.GoFonts and corpus.HintedFonts; a missing
// system font is reported, not skipped silently) and mode/target it prints
// how many sizes are exact (the 64-bit hash over all lines matches), the
// rate of glyph lines whose digest matches, and the first differing
// sizes and glyph ids; then the exact-line rate of every .ttasm
// conformance suite. It exits 1 when anything differs.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"fontvm/internal/conformance"
	"fontvm/internal/conformance/golden"
	"fontvm/internal/corpus"
)

// main parses the flags, runs the comparison and exits 1 on an error (on
// stderr) or when anything differs from the golden data.
func main() {
	fonts := flag.String("font", "", "comma-separated corpus font names (default: all)")
	ppems := flag.String("ppem", "", "comma-separated ppems (default: all golden ppems)")
	suites := flag.Bool("suites", true, "also compare the .ttasm conformance suites")
	verbose := flag.Bool("v", false, "print every size, not only the per-mode summary")
	flag.Parse()
	ok, err := run(*fonts, *ppems, *suites, *verbose)
	if err != nil {
		fmt.Fprintln(os.Stderr, "ttcompare:", err)
		os.Exit(1)
	}
	if !ok {
		os.Exit(1)
	}
}

// run prints the match table: for each corpus font named in fontList
// (all when empty) and each golden configuration at the ppems in
// ppemList (all when empty), how fontvm's glyph lines compare with the
// font's golden file (per-size rows with verbose, then the per-mode
// summary); then, with suites, the exact-line rate of every .ttasm
// suite against its golden lines. It reports false when a font is
// missing, a size is not exact, a suite golden is stale or a suite line
// differs; an error when a golden file, suite or ppem cannot be read.
func run(fontList, ppemList string, suites, verbose bool) (bool, error) {
	root := corpus.Root()
	want := map[string]bool{}
	for _, f := range strings.Split(fontList, ",") {
		if f != "" {
			want[f] = true
		}
	}
	keepPPEM := map[int]bool{}
	for _, s := range strings.Split(ppemList, ",") {
		if s == "" {
			continue
		}
		p, err := strconv.Atoi(s)
		if err != nil {
			return false, fmt.Errorf("bad ppem %q", s)
		}
		keepPPEM[p] = true
	}
	keep := func(c golden.Config) bool { return len(keepPPEM) == 0 || keepPPEM[c.PPEM] }
	allOK := true
	var rows []conformance.Row
	fmt.Printf("corpus vs %s (golden digests)\n", golden.Reference)
	for _, f := range conformance.CorpusFonts() {
		if len(want) > 0 && !want[f.Name] {
			continue
		}
		data := f.Data
		if data == nil {
			var err error
			if data, err = os.ReadFile(f.Path); err != nil {
				fmt.Printf("%-18s MISSING (%v)\n", f.Name, err)
				allOK = false
				continue
			}
		}
		gf, err := golden.ReadFile(filepath.Join(golden.Dir(root), golden.FileName(f.Name)))
		if err != nil {
			return false, err
		}
		rs, err := conformance.CompareFont(f.Name, data, gf, keep)
		if err != nil {
			return false, err
		}
		for _, r := range rs {
			if !r.HashOK {
				allOK = false
			}
			if verbose {
				fmt.Printf("%-18s %-16v %6d/%-6d %8.3f%% exact=%v first=%v\n", r.Font, r.Config, r.Match, r.Glyphs, r.Rate(), r.HashOK, r.First)
			}
		}
		rows = append(rows, rs...)
	}
	for _, l := range conformance.Summary(rows) {
		fmt.Println(l)
	}
	if suites {
		ss, err := conformance.LoadSuites(conformance.SuiteDir(root))
		if err != nil {
			return false, err
		}
		fmt.Printf("\nconformance suites (%s) vs golden lines\n", conformance.SuiteDir(root))
		tot, totOK := 0, 0
		for _, s := range ss {
			g, err := conformance.ReadSuiteGolden(conformance.SuiteGoldenPath(root, s.Name))
			if err != nil {
				return false, err
			}
			if g.FontSHA != s.FontSHA() {
				fmt.Printf("%-24s STALE golden (font changed; regenerate under -tags reference with -update)\n", s.Name)
				allOK = false
				continue
			}
			h, err := conformance.NewHinter(s.Font)
			if err != nil {
				return false, err
			}
			n, ok := 0, 0
			var first []string
			for _, c := range s.Configs() {
				ls := g.Lines[c]
				if err := h.Lines(c, func(gid int, line []byte) {
					n++
					if gid < len(ls) && string(line) == ls[gid] {
						ok++
					} else if len(first) < 4 {
						first = append(first, fmt.Sprintf("%v %s", c, s.CaseName(gid)))
					}
				}); err != nil {
					return false, err
				}
			}
			tot += n
			totOK += ok
			line := fmt.Sprintf("%-24s %5d/%-5d lines exact %7.2f%%", s.Name, ok, n, 100*float64(ok)/float64(n))
			if ok != n {
				allOK = false
				line += "  first: " + strings.Join(first, "; ")
			}
			fmt.Println(line)
		}
		fmt.Printf("%-24s %5d/%-5d lines exact %7.2f%%\n", "all suites", totOK, tot, 100*float64(totOK)/float64(tot))
	}
	return allOK, nil
}
