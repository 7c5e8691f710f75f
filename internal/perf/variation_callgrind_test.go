//go:build reference

package perf

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"fontvm/internal/corpus"
	"fontvm/internal/ftref"
	"fontvm/sfnt"
	"fontvm/truetype/hint"
)

// loadVarCase reads varSpeedCases[i]'s font (skipping, or failing under
// FONTVM_REQUIRE_CORPUS, when it is missing) and returns its bytes, its
// hint.Font, the case's 16.16 design coordinates and the case's name.
func loadVarCase(t *testing.T, i int) (data []byte, hf *hint.Font, design []int64, name string) {
	t.Helper()
	path := varSpeedCases[i].font
	if !filepath.IsAbs(path) {
		path = filepath.Join(corpus.VariableDir(), path)
	}
	name = varCaseName(i)
	data, err := os.ReadFile(path)
	if err != nil {
		corpus.Missing(t, path)
	}
	sf, err := sfnt.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	if hf, err = hint.NewFont(sf); err != nil {
		t.Fatal(err)
	}
	if design, err = hint.ParseVariation(hf.Variations(), varSpeedCases[i].spec); err != nil {
		t.Fatal(err)
	}
	return data, hf, design, name
}

// varCaseName names varSpeedCases[i]: font file, spec, mode.
func varCaseName(i int) string {
	c := varSpeedCases[i]
	return fmt.Sprintf("%s/%s/%v", filepath.Base(c.font), c.spec, c.mode)
}

// varWorkOnce is TestWorkOnce's "var:CASE:ours|ref:ROUNDS" work: every
// glyph of varSpeedCases[CASE] hinted at its instance at DefaultPPEMs,
// rounds times in one call (HintJob.Run with Options.Design, or
// ftref.VarTime), printing the number of glyph loads.
func varWorkOnce(t *testing.T, f []string, rounds int) {
	i, err := strconv.Atoi(f[1])
	if err != nil || i < 0 || i >= len(varSpeedCases) {
		t.Fatalf("bad variation case %q", f[1])
	}
	data, _, design, _ := loadVarCase(t, i)
	m := varSpeedCases[i].mode
	if f[2] == "ours" {
		j, err := NewHintJob(data, hint.Options{Mode: m, Design: design}, DefaultPPEMs)
		if err != nil {
			t.Fatal(err)
		}
		n, err := j.Run(rounds)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Printf("units %d\n", n)
		return
	}
	_, n, err := ftref.VarTime(data, design, DefaultPPEMs, ftMode(m), ftref.TargetNormal, rounds)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("units %d\n", n)
}

// TestVariationInstructionRatio is TestInstructionRatio for
// varSpeedCases: callgrind instructions of one round of hinting every
// glyph at the case's instance (fresh instance per ppem, Options.Design;
// FreeType: FT_Set_Var_Design_Coordinates once, a fresh FT_Size per
// ppem), fontvm / FreeType, per glyph load. Opt-in like
// TestInstructionRatio (PERF_CALLGRIND=1; PERF_CASES selects by
// substring). Exactness is TestVariationVsFreeType's and
// truetype/hint's TestVariationReference's.
func TestVariationInstructionRatio(t *testing.T) {
	if os.Getenv("PERF_CALLGRIND") == "" {
		t.Skip("instruction-count comparison is opt-in (slow): set PERF_CALLGRIND=1")
	}
	var summary []string
	for i := range varSpeedCases {
		name := varCaseName(i)
		if !selected(name) {
			continue
		}
		t.Run(name, func(t *testing.T) {
			work := fmt.Sprintf("var:%d", i)
			ours, on := roundIr(t, work+":ours")
			ref, rn := roundIr(t, work+":ref")
			if on != rn {
				t.Fatalf("work differs: fontvm %d loads, FreeType %d", on, rn)
			}
			r := float64(ours) / float64(ref)
			line := fmt.Sprintf("%-50s Ir ratio %.3f (fontvm %.0f Ir/glyph, FreeType %.0f Ir/glyph, %d loads)",
				name, r, float64(ours)/float64(on), float64(ref)/float64(rn), on)
			t.Log(line)
			summary = append(summary, line)
		})
	}
	if len(summary) == 0 {
		t.Fatal("no variation case measured")
	}
	t.Logf("summary:\n%s", strings.Join(summary, "\n"))
}
