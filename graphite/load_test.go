package graphite

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fontvm/internal/corpus"
)

// TestCorpusFontsLoad: every Graphite font of the corpus loads.
func TestCorpusFontsLoad(t *testing.T) {
	for _, cf := range corpus.GraphiteFonts {
		t.Run(cf.Name, func(t *testing.T) {
			data := corpus.Load(t, cf)
			f, err := Load(data)
			if err != nil {
				t.Fatalf("%s: %v", cf.Name, err)
			}
			checkLoaded(t, f)
		})
	}
}

// TestGraphite2SuiteFontsLoad: every font of graphite2's regression suite
// that has a Silf table loads.
func TestGraphite2SuiteFontsLoad(t *testing.T) {
	dir := filepath.Join(corpus.Graphite2Tests(t), "fonts")
	names, err := filepath.Glob(filepath.Join(dir, "*.ttf"))
	if err != nil || len(names) == 0 {
		t.Fatalf("no fonts in %s", dir)
	}
	for _, name := range names {
		base := filepath.Base(name)
		t.Run(strings.TrimSuffix(base, ".ttf"), func(t *testing.T) {
			data, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			f, err := Load(data)
			if !hasTable(data, "Silf") {
				// tiny.ttf: not a Graphite font; graphite2 refuses it too.
				if err == nil || !errors.As(err, new(*Error)) || err.(*Error).Code != ENoSilf {
					t.Fatalf("%s has no Silf table: got %v, want E_NOSILF", base, err)
				}
				return
			}
			if err != nil {
				t.Fatalf("%s: %v", base, err)
			}
			checkLoaded(t, f)
		})
	}
}

func checkLoaded(t *testing.T, f *Tables) {
	t.Helper()
	if f.NumGlyphs == 0 || len(f.Glyphs) != f.NumGlyphs || len(f.Silfs) == 0 {
		t.Fatalf("loaded face is empty: %d glyphs, %d Silf subtables", f.NumGlyphs, len(f.Silfs))
	}
	rules := 0
	for _, s := range f.Silfs {
		for _, p := range s.Passes {
			rules += len(p.Rules)
		}
	}
	if rules == 0 {
		t.Fatalf("no rules loaded")
	}
}

func hasTable(data []byte, tag string) bool {
	dir, err := readDirectory(data)
	return err == nil && dir[tagOf(tag)] != nil
}

// TestPassAccessors checks the FSM accessors on Padauk's passes against
// the raw arrays.
func TestPassAccessors(t *testing.T) {
	f, err := Load(tableTestFont(t))
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, p := range f.Silfs[0].Passes {
		for s := 0; s < p.NumStates; s++ {
			for c := 0; c < p.NumColumns; c++ {
				n, ok := p.Next(s, c)
				if ok != (s < p.NumTransition) || (ok && n >= p.NumStates) {
					t.Fatalf("pass %d: Next(%d,%d) = %d %v", p.Index, s, c, n, ok)
				}
				checked++
			}
			rs := p.StateRules(s)
			if s < p.SuccessStart && rs != nil {
				t.Fatalf("pass %d: non-success state %d has rules", p.Index, s)
			}
			if s >= p.SuccessStart && len(rs) != len(p.RuleMap[s-p.SuccessStart]) {
				t.Fatalf("pass %d: StateRules(%d) = %v", p.Index, s, rs)
			}
			for i := 1; i < len(rs); i++ {
				a, b := p.Rules[rs[i-1]], p.Rules[rs[i]]
				if a.Sort < b.Sort || (a.Sort == b.Sort && a.Index > b.Index) {
					t.Fatalf("pass %d state %d: rules out of graphite2's order", p.Index, s)
				}
			}
		}
		if st, ok := p.StartState(p.MaxPreCtx); !ok || st != int(p.StartStates[0]) {
			t.Fatalf("pass %d: StartState", p.Index)
		}
		if _, ok := p.StartState(p.MinPreCtx - 1); ok && p.MinPreCtx > 0 {
			t.Fatalf("pass %d: StartState below the minimum pre-context", p.Index)
		}
	}
	if checked == 0 {
		t.Fatal("no transitions checked")
	}
}
