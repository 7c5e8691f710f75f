//go:build reference

package check

import (
	"fmt"
	"os"
	"sort"
	"testing"
	"time"

	"fontvm/internal/corpus"
	"fontvm/internal/ftref"
)

// key is one (mode, ppem, glyph, error code) of a sweep.
type key struct {
	mode      string
	ppem, gid int
	code      int
}

// ftMode maps a sweep mode to ftref's mode and target.
func ftMode(t testing.TB, m Mode) (ftref.Mode, ftref.Target) {
	t.Helper()
	var fm ftref.Mode
	switch m.Name {
	case "v35", "v35mono":
		fm = ftref.ModeV35
	case "v40", "v40mono":
		fm = ftref.ModeV40
	default:
		t.Fatalf("mode %q", m.Name)
	}
	ft := ftref.TargetNormal
	if m.Opts.Target != 0 {
		ft = ftref.TargetMono
	}
	return fm, ft
}

// compareFont sweeps one font with fontvm (one worker) and FreeType
// (FT_LOAD_PEDANTIC) and returns the differences, the number of glyph
// loads compared on each side, the findings (identical sets) and both
// times.
func compareFont(t testing.TB, name string, data []byte, ppems []int, modes []Mode) (diffs []string, loads int64, findings int, vm, ft time.Duration) {
	t.Helper()
	f, err := NewFont(name, data)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	t0 := time.Now()
	found, n, err := Sweep([]*Font{f}, Options{PPEMs: ppems, Modes: modes, Pedantic: true, Workers: 1})
	vm = time.Since(t0)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	ours := map[key]bool{}
	for _, x := range found {
		ours[key{x.Mode, x.PPEM, x.GID, x.Code}] = true
	}
	theirs := map[key]bool{}
	var ftLoads int64
	for _, m := range modes {
		fm, tg := ftMode(t, m)
		errs, ns, err := ftref.PedanticErrors(data, ppems, fm, tg, f.Font.NumGlyphs())
		if err != nil {
			t.Fatalf("%s %s: %v", name, m.Name, err)
		}
		ft += time.Duration(ns)
		for k, row := range errs {
			for g, c := range row {
				ftLoads++
				if c != 0 {
					theirs[key{m.Name, ppems[k], g, c}] = true
				}
			}
		}
	}
	if ftLoads != n {
		t.Fatalf("%s: FreeType loaded %d glyphs, fontvm %d", name, ftLoads, n)
	}
	for k := range theirs {
		if !ours[k] {
			diffs = append(diffs, fmt.Sprintf("%s %s ppem %d gid %d: FreeType error %d (%s), fontvm none or another", name, k.mode, k.ppem, k.gid, k.code, ftref.ErrName(k.code)))
		}
	}
	for k := range ours {
		if !theirs[k] {
			diffs = append(diffs, fmt.Sprintf("%s %s ppem %d gid %d: fontvm error %d (%s), FreeType none or another", name, k.mode, k.ppem, k.gid, k.code, ftref.ErrName(k.code)))
		}
	}
	sort.Strings(diffs)
	return diffs, n, len(ours), vm, ft
}

// checkFonts is the representative subset the reference test runs.
func checkFonts() []corpus.Font {
	var fs []corpus.Font
	for _, f := range corpus.HintedFonts {
		switch f.Name {
		case "CharisSIL", "DejaVuSans", "LiberationSans", "Andika":
			fs = append(fs, f)
		}
	}
	fs = append(fs, corpus.GoFonts[0], corpus.GoFonts[6])
	for _, f := range corpus.CrosCoreFonts {
		switch f.Name {
		case "Arimo-Regular", "Cousine-Bold", "Tinos-Italic":
			fs = append(fs, f)
		}
	}
	return fs
}

// TestPedanticMatchesFreeType: on several fonts, sizes and the three
// modes, the set of (mode, ppem, glyph, error code) of a pedantic sweep
// is FreeType's FT_LOAD_PEDANTIC set, and it is not empty.
func TestPedanticMatchesFreeType(t *testing.T) {
	ppems := []int{6, 9, 12, 17, 25, 36, 72}
	modes, err := ParseModes("v35,v40,v40mono")
	if err != nil {
		t.Fatal(err)
	}
	var loads int64
	var findings int
	for _, cf := range checkFonts() {
		data := corpus.Load(t, cf)
		d, n, k, _, _ := compareFont(t, cf.Name, data, ppems, modes)
		for i, s := range d {
			if i == 20 {
				t.Errorf("%s: ... %d differences in all", cf.Name, len(d))
				break
			}
			t.Error(s)
		}
		loads += n
		findings += k
	}
	t.Logf("%d glyph loads compared, %d pedantic findings identical", loads, findings)
	if loads < 100000 || findings < 1000 {
		t.Fatalf("compared too little: %d loads, %d findings", loads, findings)
	}
}

// TestPedanticFullSweep is the full comparison of the issue: every hinted
// corpus font (HintedFonts, Go fonts, croscore) at 6-72 ppem in v35, v40
// and v40mono, with the time of each side (one thread each). It runs only
// with FONTVM_CHECK_FULL=1 (it takes minutes).
func TestPedanticFullSweep(t *testing.T) {
	if os.Getenv("FONTVM_CHECK_FULL") == "" {
		t.Skip("set FONTVM_CHECK_FULL=1 for the full sweep")
	}
	ppems, err := ParsePPEMs("6-72")
	if err != nil {
		t.Fatal(err)
	}
	modes, err := ParseModes("v35,v40,v40mono")
	if err != nil {
		t.Fatal(err)
	}
	fonts := append(append(append([]corpus.Font(nil), corpus.HintedFonts...), corpus.GoFonts...), corpus.CrosCoreFonts...)
	var loads int64
	var findings, ndiff int
	var vm, ft time.Duration
	for _, cf := range fonts {
		data := corpus.Load(t, cf)
		d, n, k, a, b := compareFont(t, cf.Name, data, ppems, modes)
		for i, s := range d {
			if i == 10 {
				break
			}
			t.Error(s)
		}
		ndiff += len(d)
		loads += n
		findings += k
		vm += a
		ft += b
		t.Logf("%-20s %8d loads %7d findings %5d differences  fontvm %v FreeType %v", cf.Name, n, k, len(d), a.Round(time.Millisecond), b.Round(time.Millisecond))
	}
	t.Logf("all: %d fonts, %d glyph loads, %d findings, %d differences; fontvm %v, FreeType %v, ratio %.2f",
		len(fonts), loads, findings, ndiff, vm.Round(time.Millisecond), ft.Round(time.Millisecond), float64(vm)/float64(ft))
	if loads == 0 {
		t.Fatal("nothing compared")
	}
}

// TestSweepSpeed measures one-threaded sweeps against FreeType loading the
// same glyphs in the same process, interleaved, best of three each: the
// pedantic sweep against FT_LOAD_PEDANTIC loads, and the plain sweep
// against plain loads (ftref.Time). Opt-in: FONTVM_CHECK_SPEED=1.
func TestSweepSpeed(t *testing.T) {
	if os.Getenv("FONTVM_CHECK_SPEED") == "" {
		t.Skip("set FONTVM_CHECK_SPEED=1 to measure")
	}
	ppems, err := ParsePPEMs("6,12,18,24,30,36,42,48,54,60,66,72")
	if err != nil {
		t.Fatal(err)
	}
	modes, err := ParseModes("v40")
	if err != nil {
		t.Fatal(err)
	}
	fonts := append(checkFonts(), corpus.CrosCoreFonts[8])
	var vmP, ftP, vmN, ftN time.Duration
	for _, cf := range fonts {
		data := corpus.Load(t, cf)
		f, err := NewFont(cf.Name, data)
		if err != nil {
			t.Fatal(err)
		}
		best := func(d *time.Duration, x time.Duration) {
			if *d == 0 || x < *d {
				*d = x
			}
		}
		var a, b, c, d time.Duration
		for rep := 0; rep < 3; rep++ {
			_, ns, err := ftref.PedanticErrors(data, ppems, ftref.ModeV40, ftref.TargetNormal, f.Font.NumGlyphs())
			if err != nil {
				t.Fatal(err)
			}
			best(&b, time.Duration(ns))
			t0 := time.Now()
			if _, _, err := Sweep([]*Font{f}, Options{PPEMs: ppems, Modes: modes, Pedantic: true, Workers: 1}); err != nil {
				t.Fatal(err)
			}
			best(&a, time.Since(t0))
			ns2, _, err := ftref.Time(data, ppems, ftref.ModeV40, ftref.TargetNormal, 1)
			if err != nil {
				t.Fatal(err)
			}
			best(&d, time.Duration(ns2))
			t0 = time.Now()
			if _, _, err := Sweep([]*Font{f}, Options{PPEMs: ppems, Modes: modes, Workers: 1}); err != nil {
				t.Fatal(err)
			}
			best(&c, time.Since(t0))
		}
		t.Logf("%-16s pedantic: fontvm %v FreeType %v ratio %.2f; plain: fontvm %v FreeType %v ratio %.2f",
			cf.Name, a.Round(time.Millisecond), b.Round(time.Millisecond), float64(a)/float64(b),
			c.Round(time.Millisecond), d.Round(time.Millisecond), float64(c)/float64(d))
		vmP += a
		ftP += b
		vmN += c
		ftN += d
	}
	t.Logf("all (%d fonts, %d sizes, v40): pedantic ratio %.2f (fontvm %v, FreeType %v); plain ratio %.2f (fontvm %v, FreeType %v)",
		len(fonts), len(ppems), float64(vmP)/float64(ftP), vmP.Round(time.Millisecond), ftP.Round(time.Millisecond),
		float64(vmN)/float64(ftN), vmN.Round(time.Millisecond), ftN.Round(time.Millisecond))
}
