package conformance

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"fontvm/internal/conformance/golden"
	"fontvm/internal/corpus"
)

// TestSuites runs fontvm's interpreter on every case of every .ttasm suite
// in every configuration and compares each line with FreeType's, as
// committed in testdata/golden. It logs each suite's exact-match rate and
// fails listing the differing cases.
func TestSuites(t *testing.T) {
	root := corpus.Root()
	suites, err := LoadSuites(SuiteDir(root))
	if err != nil {
		t.Fatal(err)
	}
	total, totalOK, cases := 0, 0, 0
	for _, s := range suites {
		cases += len(s.Cases)
		t.Run(s.Name, func(t *testing.T) {
			want, err := ReadSuiteGolden(SuiteGoldenPath(root, s.Name))
			if err != nil {
				t.Fatalf("%v (generate: go test -tags reference ./internal/conformance -run TestSuiteGoldenCurrent -update)", err)
			}
			if want.FontSHA != s.FontSHA() {
				t.Fatalf("the suite's font (sha256 %s) is not the one the golden lines were recorded for (%s): regenerate with -update under the reference tag", s.FontSHA(), want.FontSHA)
			}
			h, err := NewHinter(s.Font)
			if err != nil {
				t.Fatal(err)
			}
			n, ok := 0, 0
			var bad []string
			badCases := map[string]bool{}
			for _, c := range s.Configs() {
				ws := want.Lines[c]
				if len(ws) != s.NumGlyphs() {
					t.Fatalf("%v: golden has %d lines for %d glyphs", c, len(ws), s.NumGlyphs())
				}
				err := h.Lines(c, func(gid int, line []byte) {
					n++
					if string(line) == ws[gid] {
						ok++
						return
					}
					badCases[s.CaseName(gid)] = true
					if len(bad) < 6 {
						bad = append(bad, fmt.Sprintf("%v %s (%s.ttasm): %s\n    FreeType: %s\n    fontvm:   %s",
							c, s.CaseName(gid), s.Name, FirstDiff(ws[gid], string(line)), ws[gid], line))
					}
				})
				if err != nil {
					t.Fatal(err)
				}
			}
			total += n
			totalOK += ok
			t.Logf("%-24s %5d/%-5d lines exact (%.2f%%)", s.Name, ok, n, 100*float64(ok)/float64(n))
			if ok != n {
				names := make([]string, 0, len(badCases))
				for k := range badCases {
					names = append(names, k)
				}
				sort.Strings(names)
				t.Errorf("%s: %d/%d lines exact (%.2f%%); differing cases: %s\n  %s", s.Name, ok, n,
					100*float64(ok)/float64(n), strings.Join(names, " "), strings.Join(bad, "\n  "))
			}
		})
	}
	// Every golden file belongs to a suite.
	names := map[string]bool{}
	for _, s := range suites {
		names[s.Name] = true
	}
	files, err := filepath.Glob(filepath.Join(SuiteDir(root), "golden", "*.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if n := strings.TrimSuffix(filepath.Base(f), ".txt"); !names[n] {
			t.Errorf("golden file %s has no suite %s.ttasm", f, n)
		}
	}
	if total > 0 {
		t.Logf("all suites: %d suites, %d cases, %d/%d lines exact (%.2f%%)", len(suites), cases, totalOK, total, 100*float64(totalOK)/float64(total))
	}
	// Count guard: the suites hold at least the cases the README counts,
	// and every suite's lines were compared.
	if cases < minSuiteCases || total == 0 || len(files) != len(suites) {
		t.Errorf("%d suites (%d golden files), %d cases, %d lines compared; want at least %d cases and a golden file per suite",
			len(suites), len(files), cases, total, minSuiteCases)
	}
}

// minSuiteCases is the number of hand-written conformance cases (Suite.Cases
// over all suites) the README counts.
const minSuiteCases = 324

// TestSuitesCoverInstructionSet checks that the suites' programs contain
// every opcode FreeType 2.12.1 defines (and some it does not), so no
// instruction or flag variant goes untested.
func TestSuitesCoverInstructionSet(t *testing.T) {
	suites, err := LoadSuites(SuiteDir(corpus.Root()))
	if err != nil {
		t.Fatal(err)
	}
	seen := map[byte]bool{}
	for _, s := range suites {
		for _, prog := range s.Programs {
			for _, op := range Opcodes(prog) {
				seen[op] = true
			}
		}
	}
	var missing []string
	for op := 0; op < 256; op++ {
		if !seen[byte(op)] && !uncovered[byte(op)] {
			missing = append(missing, fmt.Sprintf("0x%02X", op))
		}
	}
	if len(missing) > 0 {
		t.Errorf("opcodes no suite program contains: %s", strings.Join(missing, " "))
	}
}

// uncovered lists opcodes deliberately absent from the suites: undefined
// opcodes other than the ones the suites probe (0x28, 0x7B, 0x83, 0x8F,
// 0x93, 0xA0 and the IDEF'd 0x93/0x4F).
var uncovered = func() map[byte]bool {
	m := map[byte]bool{}
	for _, op := range []int{0x84, 0x90, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9A, 0x9B, 0x9C, 0x9D, 0x9E, 0x9F,
		0xA1, 0xA2, 0xA3, 0xA4, 0xA5, 0xA6, 0xA7, 0xA8, 0xA9, 0xAA, 0xAB, 0xAC, 0xAD, 0xAE, 0xAF} {
		m[byte(op)] = true
	}
	return m
}()

// TestCorpus compares fontvm with the corpus golden files (FreeType
// 2.12.1 digests) for every font, mode, target and ppem, logs the match
// table, and fails listing the rates of every configuration that is not
// exact. With -short only ppems 9, 12 and 16 are compared.
func TestCorpus(t *testing.T) {
	dir := golden.Dir(corpus.Root())
	var (
		mu  sync.Mutex
		all = map[string][]Row{}
	)
	t.Cleanup(func() {
		// Runs after the parallel subtests: log the table in font order,
		// then the totals the README quotes (fonts, configurations,
		// glyph loads, of which identical to FreeType).
		var rows []Row
		fonts, loads, exact := 0, 0, 0
		for _, f := range CorpusFonts() {
			if len(all[f.Name]) > 0 {
				fonts++
			}
			rows = append(rows, all[f.Name]...)
		}
		for _, r := range rows {
			loads += r.Glyphs
			exact += r.Match
		}
		for _, l := range Summary(rows) {
			t.Log(l)
		}
		t.Logf("corpus: %d fonts, %d configurations (ppem x mode/target), %d glyph loads, %d identical to FreeType 2.12.1",
			fonts, len(rows), loads, exact)
	})
	for _, f := range CorpusFonts() {
		t.Run(f.Name, func(t *testing.T) {
			t.Parallel()
			data := corpus.Load(t, f)
			gf, err := golden.ReadFile(dir + "/" + golden.FileName(f.Name))
			if err != nil {
				t.Fatal(err)
			}
			var keep func(golden.Config) bool
			if testing.Short() {
				keep = func(c golden.Config) bool { return c.PPEM == 9 || c.PPEM == 12 || c.PPEM == 16 }
			}
			rows, err := CompareFont(f.Name, data, gf, keep)
			if err != nil {
				t.Fatal(err)
			}
			if len(rows) == 0 {
				t.Fatal("no configuration compared")
			}
			// Count guard: a full run compares every configuration of
			// golden.Configs (19 ppems x 5 mode/targets), each over every
			// glyph; a golden file missing records fails.
			if want := len(golden.PPEMs) * len(golden.Modes); !testing.Short() && len(rows) != want {
				t.Errorf("%s: %d configurations compared, want %d", f.Name, len(rows), want)
			}
			for _, r := range rows {
				if r.Glyphs != gf.NumGlyphs || !r.Compared {
					t.Errorf("%s %v: %d glyph lines compared of %d", f.Name, r.Config, r.Glyphs, gf.NumGlyphs)
				}
			}
			mu.Lock()
			all[f.Name] = rows
			mu.Unlock()
			var bad []string
			for _, r := range rows {
				if !r.HashOK {
					bad = append(bad, fmt.Sprintf("%v: %d/%d glyphs (%.3f%%), first differing gids %v", r.Config, r.Match, r.Glyphs, r.Rate(), r.First))
				}
			}
			if len(bad) > 0 {
				t.Errorf("%s: %d of %d configurations differ from FreeType:\n  %s", f.Name, len(bad), len(rows), strings.Join(bad, "\n  "))
			}
		})
	}
}
