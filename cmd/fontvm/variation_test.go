package main

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fontvm/internal/corpus"
)

// TestTTPointsVar checks tt points --var against the FreeType digests of
// truetype/hint's variation golden file (each case's lines hashed as
// TestVariationGolden hashes them), for the unicode-org fonts' cases, and
// that a bad spec is a usage error.
func TestTTPointsVar(t *testing.T) {
	g, err := os.Open(filepath.Join(corpus.Root(), "truetype", "hint", "testdata", "golden", "variations.golden"))
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	n := 0
	sc := bufio.NewScanner(g)
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		if len(f) != 3 || !strings.HasPrefix(f[0], "TestCVARGVAR") {
			continue
		}
		c := strings.Fields(f[0]) // font size mode var
		if strings.Contains(c[1], "@") {
			continue
		}
		font := filepath.Join(corpus.VariableDir(), c[0])
		if _, err := os.Stat(font); err != nil {
			corpus.Missing(t, font)
		}
		args := []string{"tt", "points", font, "--ppem", c[1], "--mode", strings.TrimSuffix(c[2], "mono")}
		if strings.HasSuffix(c[2], "mono") {
			args = append(args, "--target", "mono")
		}
		args = append(args, "--var", c[3])
		out, st := runTTHint(t, args...)
		if st != 0 {
			t.Fatalf("%v: status %d", args, st)
		}
		sum := sha256.Sum256([]byte(out))
		if got := hex.EncodeToString(sum[:])[:32]; got != f[1] {
			t.Errorf("%s: digest %s, FreeType's %s", f[0], got, f[1])
		}
		n++
	}
	if n < 20 {
		t.Fatalf("compared only %d cases", n)
	}
	if _, st := runTTHint(t, "tt", "points", filepath.Join(corpus.VariableDir(), "TestAVAR.ttf"), "--var", "nope"); st != 2 {
		t.Errorf("bad --var: status %d, want 2", st)
	}
}
