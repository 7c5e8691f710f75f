package grcompare

import (
	"fmt"
	"testing"

	"fontvm/graphite/shape"
	"fontvm/internal/corpus"
	"fontvm/internal/grref"
)

// TestEngineMatchesGolden shapes every golden line with fontvm's engine and
// compares it with graphite2's recorded output, per font: every line must
// be exact; the log gives the exact-match rate, errors the first differing
// texts.
func TestEngineMatchesGolden(t *testing.T) {
	fonts, lines := 0, 0
	defer func() {
		// The README's count of real-text shapings identical to graphite2.
		t.Logf("%d fonts, %d golden lines exact against graphite2 1.3.14", fonts, lines)
	}()
	for _, gf := range GoldenFonts {
		t.Run(gf.Font.Name, func(t *testing.T) {
			g, err := ReadGolden(GoldenPath(gf.Font.Name))
			if err != nil {
				t.Fatal(err)
			}
			if len(g.Cases) == 0 {
				t.Fatal("golden file has no cases")
			}
			font := corpus.Load(t, gf.Font)
			if sum := SHA256(font); sum != g.Header["font-sha256"] {
				t.Fatalf("installed %s (sha256 %s) is not the font the golden was made from (%s): regenerate with -tags reference -update",
					gf.Font.Path, sum, g.Header["font-sha256"])
			}
			face, err := shape.Load(font)
			if err != nil {
				t.Fatalf("shape.Load: %v", err)
			}
			sh := shape.NewShaper(face)
			match, shown := 0, 0
			for _, c := range g.Cases {
				got := safeLine(sh, c.Text, c.Options)
				if got == c.Want {
					match++
					continue
				}
				if shown < 3 {
					shown++
					t.Errorf("first differences: line %d [%s] %q (%s):\n got  %s\n want %s", c.Line, c.Opts, string(c.Text), grref.Codes(c.Text), got, c.Want)
				}
			}
			t.Logf("%s: %d/%d golden lines exact (%.2f%%)", gf.Font.Name, match, len(g.Cases), 100*float64(match)/float64(len(g.Cases)))
			if match != len(g.Cases) {
				t.Errorf("%d of %d golden lines differ from graphite2's", len(g.Cases)-match, len(g.Cases))
				return
			}
			fonts++
			lines += match
		})
	}
}

// safeLine is EngineLine with a panic reported as a result (so one bad
// text does not hide the rest of the measurement; the text still fails).
func safeLine(sh *shape.Shaper, text []rune, o grref.Options) (s string) {
	defer func() {
		if r := recover(); r != nil {
			s = fmt.Sprintf("panic: %v", r)
		}
	}()
	return EngineLine(sh, text, o, 1)
}
