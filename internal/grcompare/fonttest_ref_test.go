//go:build reference

package grcompare

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fontvm/internal/corpus"
	"fontvm/internal/grref"
)

// TestFontTestStandards runs gr2fonttest for every fonttest and feattest
// case of graphite2's suite, the way graphite2's own CMake tests run it,
// and checks that its log equals the suite's standard byte for byte: the
// reference binary and this harness reproduce graphite2's own results.
func TestFontTestStandards(t *testing.T) {
	dir := corpus.Graphite2Tests(t)
	cases, err := grref.ReadCases(filepath.Join(dir, "cases.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	ran := 0
	for _, c := range cases {
		if c.Kind != "fonttest" && c.Kind != "feattest" {
			continue
		}
		ran++
		t.Run(c.Name, func(t *testing.T) {
			want, err := os.ReadFile(filepath.Join(dir, "standards", c.Standard))
			if err != nil {
				t.Fatal(err)
			}
			var args []string
			if c.Kind == "fonttest" {
				args = append([]string{"-codes"}, c.Args...)
			}
			got, stderr, err := grref.FontTest(filepath.Join(dir, "fonts", c.Font), args...)
			if err != nil {
				t.Fatalf("%v (stderr %q)", err, stderr)
			}
			if !bytes.Equal(got, want) {
				gl, wl := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
				for i := 0; i < len(gl) || i < len(wl); i++ {
					var g, w string
					if i < len(gl) {
						g = gl[i]
					}
					if i < len(wl) {
						w = wl[i]
					}
					if g != w {
						t.Fatalf("log differs from %s at line %d:\n got  %q\n want %q", c.Standard, i+1, g, w)
					}
				}
			}
		})
	}
	if ran == 0 {
		t.Fatal("cases.tsv has no fonttest or feattest case")
	}
}
