//go:build reference

package shape_test

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"fontvm/internal/grcompare"
	"fontvm/internal/grref"
)

var updateCmap = flag.Bool("update-cmap", false, "rewrite "+cmapGoldenFile+" from the linked graphite2")

// TestCmapCorruptGoldenCurrent computes graphite2's verdict on every
// cmap-damaged copy (grref.Accepts as gr2fonttest loads; then a face at
// scale 1 shapes the case's text) and requires the committed golden file
// to hold exactly those entries (with -update-cmap, it writes them).
func TestCmapCorruptGoldenCurrent(t *testing.T) {
	var sb strings.Builder
	fmt.Fprintf(&sb, "# fontvm cmap-corruption golden data: %s\n", grref.Version)
	fmt.Fprintf(&sb, "# copies of graphite2's suite fonts with the cmap table damaged (internal/corrupt seed %d, %d copies a font);\n", cmapSeed, cmapCopies)
	fmt.Fprintf(&sb, "# FONT INDEX refused | sha256 of the result line for %d code points the undamaged font maps (design units, LTR)\n", cmapSample)
	fmt.Fprintf(&sb, "# regenerate: go test -tags reference ./graphite/shape -run TestCmapCorruptGoldenCurrent -update-cmap\n")
	cases := cmapCases(t)
	refused := 0
	for _, c := range cases {
		ok, _ := grref.Accepts(c.data)
		line := ""
		if ok {
			f, err := grref.Open(c.data)
			if err != nil {
				t.Fatalf("%s: graphite2 accepts, Open: %v", c.key, err)
			}
			line = grcompare.NoSegment
			if r, err := f.Shape(c.text, grref.Options{}); err == nil {
				line = r.Line()
			}
			f.Close()
		} else {
			refused++
		}
		fmt.Fprintf(&sb, "%s %s\n", c.key, cmapVerdict(!ok, line))
	}
	if *updateCmap {
		if err := os.WriteFile(cmapGoldenFile, []byte(sb.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	have, err := os.ReadFile(cmapGoldenFile)
	if err != nil {
		t.Fatal(err)
	}
	if string(have) != sb.String() {
		t.Errorf("%s is not what graphite2 gives today: regenerate with -update-cmap", cmapGoldenFile)
	}
	t.Logf("%d cmap-damaged copies, %d refused by graphite2", len(cases), refused)
	if refused == 0 || refused == len(cases) {
		t.Errorf("graphite2 refused %d of %d: the cases do not separate accept from refuse", refused, len(cases))
	}
}
