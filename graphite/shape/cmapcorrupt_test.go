package shape_test

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fontvm/graphite"
	"fontvm/graphite/shape"
	"fontvm/internal/corpus"
	"fontvm/internal/corrupt"
	"fontvm/internal/grcompare"
	"fontvm/internal/grref"
)

// The cmap corruption golden file records, for copies of graphite2's
// suite fonts whose cmap table alone is damaged (internal/corrupt, seed
// cmapSeed, cmapCopies copies a font), what graphite2 1.3.14 makes of
// them: "refused", or the SHA-256 of its result line for a text of
// cmapSample code points the undamaged font maps. Damaged cmaps are where
// graphite2's cache walk (cache_subtable, NextCodepoint with range keys)
// departs from a plain reading of the subtable; the golden file holds
// fontvm to graphite2's walk without the reference linked.
const (
	cmapGoldenFile = "testdata/cmap-corrupt.golden"
	cmapSeed       = 20261126
	cmapCopies     = 40
	cmapSample     = 48
)

// cmapSkipped are suite fonts the cmap cases leave out: underflow.ttf,
// which graphite2 1.3.14 reads out of bounds when shaping (see grref.Face.Shape).
var cmapSkipped = map[string]bool{"underflow.ttf": true}

// A cmapCase is one damaged copy and the text shaped with it.
type cmapCase struct {
	key  string // "FONT INDEX"
	data []byte
	text []rune
}

// cmapCases makes the damaged copies of every suite font, in file order.
func cmapCases(t *testing.T) []cmapCase {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(corpus.Graphite2Tests(t), "fonts", "*.ttf"))
	var out []cmapCase
	for _, p := range files {
		name := filepath.Base(p)
		if cmapSkipped[name] {
			continue
		}
		orig, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		gf, err := graphite.Load(orig)
		if err != nil {
			continue // refused undamaged (tiny.ttf): no cmap to damage
		}
		var mapped []rune
		gf.CmapEach(func(cp uint32, g uint16) {
			if g != 0 {
				mapped = append(mapped, rune(cp))
			}
		})
		var text []rune
		for k := 0; k < cmapSample && len(mapped) > 0; k++ {
			text = append(text, mapped[k*len(mapped)/cmapSample])
		}
		for i := 0; i < cmapCopies; i++ {
			c, err := corrupt.Make(orig, cmapSeed, i, []string{"cmap"})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			out = append(out, cmapCase{key: fmt.Sprintf("%s %d", name, i), data: c.Data, text: text})
		}
	}
	if len(out) == 0 {
		t.Fatal("no cmap cases")
	}
	return out
}

// cmapVerdict is a golden entry: "refused", or "sha256:" and the digest of
// the result line (grcompare.NoSegment's included).
func cmapVerdict(refused bool, line string) string {
	if refused {
		return "refused"
	}
	s := sha256.Sum256([]byte(line))
	return "sha256:" + hex.EncodeToString(s[:])
}

// readCmapGolden reads "FONT INDEX VERDICT" lines after "#" comments.
func readCmapGolden(t *testing.T) map[string]string {
	t.Helper()
	f, err := os.Open(cmapGoldenFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		l := sc.Text()
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		i := strings.LastIndexByte(l, ' ')
		m[l[:i]] = l[i+1:]
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return m
}

// TestCmapCorruptGolden shapes every cmap-damaged copy with fontvm and
// requires graphite2's recorded verdict: refused as it refuses, and the
// same result line (by digest) where it shapes. Every case must have a
// golden entry and every entry a case.
func TestCmapCorruptGolden(t *testing.T) {
	golden := readCmapGolden(t)
	cases := cmapCases(t)
	if len(golden) != len(cases) {
		t.Fatalf("%s has %d entries, there are %d cases", cmapGoldenFile, len(golden), len(cases))
	}
	bad, shaped := 0, 0
	for _, c := range cases {
		want, ok := golden[c.key]
		if !ok {
			t.Fatalf("%s: no golden entry", c.key)
		}
		face, err := shape.Load(c.data)
		line := ""
		if err == nil {
			line = grcompare.EngineLine(shape.NewShaper(face), c.text, grref.Options{}, 1)
			shaped++
		}
		if got := cmapVerdict(err != nil, line); got != want {
			bad++
			if bad <= 3 {
				t.Errorf("%s: fontvm %s (load error %v), graphite2 %s", c.key, got, err, want)
			}
		}
	}
	t.Logf("%d cmap-damaged copies (%d shaped): %d agree with graphite2 1.3.14", len(cases), shaped, len(cases)-bad)
	if bad > 0 {
		t.Errorf("%d of %d copies differ from graphite2", bad, len(cases))
	}
}
