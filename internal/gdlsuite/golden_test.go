package gdlsuite

import (
	"testing"

	"fontvm/graphite/shape"
	"fontvm/internal/grcompare"
)

// knownDifferences lists golden cases (font, then case key) where fontvm's
// engine is known to differ from graphite2, with the reason; each one is
// reported as skipped, never silently passed.
var knownDifferences = map[string]string{}

// TestGoldenExact shapes every case of cases.txt with every suite font and
// requires fontvm's result line to equal graphite2's recorded one.
func TestGoldenExact(t *testing.T) {
	cases, err := ReadCases("testdata/cases.txt")
	if err != nil {
		t.Fatal(err)
	}
	g, err := ReadGolden("testdata/golden.txt")
	if err != nil {
		t.Fatal(err)
	}
	if g.Reference != Reference {
		t.Fatalf("golden reference %q, want %q", g.Reference, Reference)
	}
	total, exact := 0, 0
	for _, f := range suiteFonts(t) {
		b, data := f, f.Data
		if sum := FontSHA256(data); g.FontSHA[b.Name] != sum {
			t.Fatalf("%s: golden recorded for font %s, font is %s: regenerate the golden data", b.Name, g.FontSHA[b.Name], sum)
		}
		face, err := shape.Load(data)
		if g.Refused[b.Name] {
			// graphite2 refuses the font: fontvm must too, and there is
			// nothing to shape.
			if err == nil {
				t.Errorf("%s: graphite2 refuses the font, fontvm loads it", b.Name)
			} else {
				t.Logf("%s: refused, as by graphite2: %v", b.Name, err)
			}
			if n := len(g.Lines[b.Name]); n != 0 {
				t.Errorf("%s: refused font has %d golden results", b.Name, n)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", b.Name, err)
		}
		sh := shape.NewShaper(face)
		for _, c := range cases {
			key := c.Key()
			want, ok := g.Lines[b.Name][key]
			if !ok {
				t.Errorf("%s %q: no golden result", b.Name, key)
				continue
			}
			total++
			got := grcompare.EngineLine(sh, c.Text, c.Opts, 1)
			if got == want {
				exact++
				continue
			}
			if why, ok := knownDifferences[b.Name+"\t"+key]; ok {
				t.Logf("%s %q: known difference (%s)", b.Name, key, why)
				continue
			}
			t.Errorf("%s %q (%q):\n got  %s\n want %s", b.Name, key, string(c.Text), got, want)
		}
		if n := len(g.Lines[b.Name]); n != len(cases) {
			t.Errorf("%s: golden has %d results, cases.txt %d cases", b.Name, n, len(cases))
		}
	}
	if total == 0 || len(cases) == 0 {
		t.Fatalf("%d results compared (%d cases)", total, len(cases))
	}
	if len(knownDifferences) > 0 {
		t.Skipf("%d of %d exact; %d known differences", exact, total, len(knownDifferences))
	}
	t.Logf("%d of %d results exact against %s", exact, total, Reference)
}
