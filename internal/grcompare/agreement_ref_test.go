//go:build reference

package grcompare

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fontvm/graphite"
	"fontvm/internal/corpus"
	"fontvm/internal/corrupt"
	"fontvm/internal/grref"
)

// Agreement campaign parameters: the seed and the number of corrupted
// copies. fontvm's loader must accept and refuse every one as graphite2
// does (the README's "accepts and refuses exactly as graphite2").
const (
	agreementSeed  = 20261122
	agreementCases = 2000
)

type namedFont struct {
	name string
	data []byte
}

// campaignFonts are the Debian Graphite fonts and graphite2's suite fonts.
func campaignFonts(t *testing.T) []namedFont {
	var out []namedFont
	for _, f := range corpus.GraphiteFonts {
		out = append(out, namedFont{f.Name, corpus.Load(t, f)})
	}
	files, _ := filepath.Glob(filepath.Join(corpus.Graphite2Tests(t), "fonts", "*.ttf"))
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, namedFont{filepath.Base(p), b})
	}
	return out
}

// TestLoaderAgreesWithGraphite2 makes agreementCases corrupted copies of
// the Graphite fonts (internal/corrupt, seed agreementSeed; copy i damages
// font i mod the font count) and checks that fontvm's loader accepts and
// refuses them as graphite2 does (gr_make_face_with_ops + preloadAll, as
// gr2fonttest) on every copy; disagreements are listed (up to 30).
func TestLoaderAgreesWithGraphite2(t *testing.T) {
	fonts := campaignFonts(t)
	n, agree, accepted := 0, 0, 0
	var diffs []string
	for i := 0; n < agreementCases; i++ {
		f := fonts[i%len(fonts)]
		c, err := corrupt.Make(f.data, agreementSeed, i, corrupt.GraphiteTables)
		if err == corrupt.ErrNoTable {
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", f.name, err)
		}
		n++
		_, err = graphite.Load(c.Data)
		ours := err == nil
		ref, _ := grref.Accepts(c.Data)
		if ref {
			accepted++
		}
		if ours == ref {
			agree++
			continue
		}
		why := "accepts"
		if err != nil {
			why = "refuses: " + err.Error()
		}
		diffs = append(diffs, fmt.Sprintf("%s %v: fontvm %s; graphite2 %s", f.name, c, why, map[bool]string{true: "accepts", false: "refuses"}[ref]))
	}
	rate := 100 * float64(agree) / float64(n)
	for i, d := range diffs {
		if i == 30 {
			t.Logf("... %d more", len(diffs)-30)
			break
		}
		t.Log("DISAGREE", d)
	}
	t.Logf("%d corrupted copies of %d fonts (seed %d), graphite2 accepted %d: agreement %.2f%% (%d disagree)",
		n, len(fonts), agreementSeed, accepted, rate, len(diffs))
	if accepted == 0 || accepted == n {
		t.Errorf("graphite2 accepted %d of %d: the campaign does not separate accept from refuse", accepted, n)
	}
	if n != agreementCases || agree != n {
		t.Errorf("%d of %d copies agree (%d asked): every copy must", agree, n, agreementCases)
	}
}

// TestFuzzRegressionsAgree checks fontvm's loader against graphite2 on
// every graphite2 fuzz regression, in both load modes (preloadAll, and on
// demand as graphite2's harness also runs them). These are few and chosen
// by graphite2's developers, so every one must agree.
func TestFuzzRegressionsAgree(t *testing.T) {
	dir := corpus.Graphite2Tests(t)
	files, _ := filepath.Glob(filepath.Join(dir, "fuzz-tests", "*", "*", "*.fuzz"))
	ran := 0
	for _, f := range files {
		rel, _ := filepath.Rel(filepath.Join(dir, "fuzz-tests"), f)
		font := strings.Split(rel, string(filepath.Separator))[0]
		if font == "libfuzz-corpus" {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, "fonts", font+".ttf"))
		if err != nil {
			t.Fatal(err)
		}
		r, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		edits, _, err := corrupt.ParseFuzz(r)
		r.Close()
		if err != nil {
			t.Fatal(err)
		}
		data, err := corrupt.ApplyEdits(b, edits)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range []struct {
			name string
			ours graphite.Options
			ref  uint
		}{{"preloadAll", graphite.PreloadAll, grref.FaceOptions}, {"demand", 0, grref.FaceDefault}} {
			_, err := graphite.LoadOptions(data, m.ours)
			ref, _ := grref.AcceptsOptions(data, m.ref)
			if (err == nil) != ref {
				t.Errorf("%s (%s): fontvm error %v; graphite2 accepts %v", rel, m.name, err, ref)
			}
		}
		ran++
	}
	if ran == 0 {
		t.Fatal("no fuzz regressions")
	}
	t.Logf("%d fuzz regressions, two load modes each", ran)
}
