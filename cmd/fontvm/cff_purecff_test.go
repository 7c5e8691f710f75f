package main

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"fontvm/internal/corpus"
)

// TestCFFPointsPureCFF runs `cff points` on TestCFFThree.otf with its
// head entry's length set to 0 (FreeType opens it as pure CFF) and holds
// the output against FreeType's, as ../../cff/testdata/purecff.golden
// records it (glyph count and SHA-256 of ftpoints2's output).
func TestCFFPointsPureCFF(t *testing.T) {
	p := cffTestFont(t)
	if p == "" {
		return
	}
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if data, err = corpus.Headless(data, false); err != nil {
		t.Fatal(err)
	}
	font := filepath.Join(t.TempDir(), "nohead.otf")
	if err := os.WriteFile(font, data, 0o644); err != nil {
		t.Fatal(err)
	}
	gold, err := os.ReadFile(filepath.Join("..", "..", "cff", "testdata", "purecff.golden"))
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, line := range strings.Split(string(gold), "\n") {
		f := strings.Split(line, "\t")
		if len(f) != 3 || !strings.HasPrefix(f[0], "TestCFFThree zero ") {
			continue
		}
		k := strings.Fields(f[0]) // font kind size mode
		st, out := runCFFCmd(t, "cff", "points", font, "--ppem", k[2], "--mode", k[3])
		if st != 0 {
			t.Fatalf("%s: status %d", f[0], st)
		}
		sum := sha256.Sum256([]byte(out))
		if got := hex.EncodeToString(sum[:]); got != f[2] || f[1] != strconv.Itoa(strings.Count(out, "\n")) {
			t.Errorf("%s: %d lines, digest %.12s; FreeType %s lines, %.12s", f[0], strings.Count(out, "\n"), got, f[1], f[2])
		}
		checked++
	}
	if checked != len(pureCFFSizes)*2 {
		t.Fatalf("compared %d cases, want %d", checked, len(pureCFFSizes)*2)
	}
}

// pureCFFSizes are the sizes cff's pure CFF golden data holds.
var pureCFFSizes = []string{"9", "12", "13.5", "17"}
