//go:build reference

package sfnt_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"fontvm/internal/corpus"
	"fontvm/internal/ftref"
	"fontvm/sfnt"
)

// TestVariationsReference compares Normalize with FreeType's
// FT_Set_Var_Design_Coordinates + FT_Get_Var_Blend_Coordinates, and the
// HVAR advances with FreeType's unscaled linearHoriAdvance, over
// varSamples of every variable corpus font. With FONTVM_UPDATE_GOLDEN=1 it
// rewrites varGoldenFile.
func TestVariationsReference(t *testing.T) {
	var golden strings.Builder
	fmt.Fprintf(&golden, "# font\tdesign 16.16\tnormalized 16.16 (FreeType %s)\tHVAR linear advance hash or -\n", ftref.Version())
	nNorm, nAdv := 0, 0
	for _, cf := range corpus.VariableFonts {
		data := corpus.Load(t, cf)
		f, err := sfnt.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		v, err := f.Variations()
		if err != nil {
			t.Fatal(cf.Name, err)
		}
		for _, d := range varSamples(v, int64(len(data))) {
			want, err := ftref.VarBlend(data, d)
			if err != nil {
				t.Fatal(cf.Name, err)
			}
			got, err := v.Normalize(nil, d)
			if err != nil {
				t.Fatalf("%s %v: %v", cf.Name, d, err)
			}
			if fmtCoords(got) != fmtCoords(want) {
				t.Errorf("%s design %v: normalized %v, FreeType %v", cf.Name, d, got, want)
			}
			nNorm++
			advHash := "-"
			if adv, ok := linearAdvances(t, f, v, got); ok {
				wantAdv, errs, err := ftref.VarLinearAdvances(data, d)
				if err != nil {
					t.Fatal(err)
				}
				bad := 0
				for g := range adv {
					if errs[g] == 0 && adv[g] != wantAdv[g] {
						if bad < 3 {
							t.Errorf("%s design %v gid %d: advance %d, FreeType %d", cf.Name, d, g, adv[g], wantAdv[g])
						}
						bad++
					}
				}
				nAdv++
				advHash = hashAdvances(adv)
			}
			fmt.Fprintf(&golden, "%s\t%s\t%s\t%s\n", cf.Name, fmtCoords(d), fmtCoords(want), advHash)
		}
	}
	if nNorm < 200 || nAdv < 100 {
		t.Fatalf("compared only %d normalizations and %d advance sets", nNorm, nAdv)
	}
	t.Logf("%d normalizations, %d HVAR advance sets compared", nNorm, nAdv)
	if os.Getenv("FONTVM_UPDATE_GOLDEN") != "" && !t.Failed() {
		if err := os.WriteFile(varGoldenFile, []byte(golden.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
