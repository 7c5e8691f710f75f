//go:build reference

package cff_test

import (
	"encoding/xml"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"fontvm/internal/corpus"
)

var update = flag.Bool("update", false, "rewrite testdata/points.golden and disasm.golden from the references")

// buildFTPoints2 builds ../shared/tools/ftpoints2.c into a temporary
// directory (cc and pkg-config freetype2); it fails under
// FONTVM_REQUIRE_CORPUS and skips otherwise when it cannot.
func buildFTPoints2(t *testing.T) string {
	t.Helper()
	src := filepath.Join(corpus.CFFDir(), "..", "..", "tools", "ftpoints2.c")
	if _, err := os.Stat(src); err != nil {
		corpus.Missing(t, src)
		return ""
	}
	flags, err := exec.Command("pkg-config", "--cflags", "--libs", "freetype2").Output()
	if err != nil {
		corpus.Missing(t, "pkg-config freetype2")
		return ""
	}
	bin := filepath.Join(t.TempDir(), "ftpoints2")
	args := append([]string{"-O2", "-o", bin, src}, strings.Fields(string(flags))...)
	if out, err := exec.Command("cc", args...).CombinedOutput(); err != nil {
		t.Fatalf("building ftpoints2: %v\n%s", err, out)
	}
	return bin
}

// TestReferencePoints runs every case of cases.tsv through ftpoints2
// (FreeType 2.12.1's CFF driver, adobe engine) and fontvm and requires
// every glyph line (points, contours, advance, or error) to be identical.
// With -update it rewrites testdata/points.golden.
func TestReferencePoints(t *testing.T) {
	bin := buildFTPoints2(t)
	if bin == "" {
		return
	}
	var golden strings.Builder
	golden.WriteString("# cases.tsv through ftpoints2 (FreeType 2.12.1, Debian 12 libfreetype6): case<TAB>glyphs<TAB>sha256 of the output lines\n")
	total, cases := 0, 0
	for _, c := range loadCases(t) {
		args := append([]string{c.path}, c.sizeFlags()...)
		args = append(args, "--mode", c.mode)
		args = append(args, c.varFlags()...)
		out, err := exec.Command(bin, args...).Output()
		if err != nil {
			t.Fatalf("%s: ftpoints2: %v", c.key(), err)
		}
		ref := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
		got := runCase(t, c)
		if got == nil {
			continue
		}
		if !compareLines(t, c.key(), got, ref) {
			continue
		}
		total += len(ref)
		cases++
		fmt.Fprintf(&golden, "%s\t%d\t%s\n", c.key(), len(ref), digest(ref))
	}
	if cases == 0 || total == 0 {
		t.Fatal("no case compared")
	}
	t.Logf("%d cases, %d glyphs compared with ftpoints2", cases, total)
	if *update {
		if err := os.WriteFile(filepath.Join("testdata", "points.golden"), []byte(golden.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// compareLines requires fontvm's lines for a case to be FreeType's,
// line by line (the first three differences in full, then a count). It
// returns false, without comparing lines, when the counts differ or
// FreeType gave none.
func compareLines(t *testing.T, key string, got, ref []string) bool {
	t.Helper()
	if len(ref) == 0 || len(got) != len(ref) {
		t.Errorf("%s: %d glyphs, FreeType %d", key, len(got), len(ref))
		return false
	}
	bad := 0
	for i := range ref {
		if got[i] != ref[i] {
			if bad < 3 {
				t.Errorf("%s:\n got %.200s\nwant %.200s", key, got[i], ref[i])
			}
			bad++
		}
	}
	if bad > 0 {
		t.Errorf("%s: %d/%d glyphs differ", key, bad, len(ref))
	}
	return true
}

// ttxCharStrings runs fontTools' ttx on the font's CFF or CFF2 table and
// returns the text of each <CharString> by glyph index (through the
// dump's GlyphOrder).
func ttxCharStrings(t *testing.T, path string) [][]string {
	t.Helper()
	var tab string
	for _, tag := range []string{"CFF2", "CFF "} {
		out, err := exec.Command("/usr/bin/python3", "-c",
			"import sys\nfrom fontTools.ttLib import TTFont\nprint(sys.argv[2] in TTFont(sys.argv[1]))", path, tag).Output()
		if err != nil {
			corpus.Missing(t, "fontTools (/usr/bin/python3 -m fontTools.ttx)")
			return nil
		}
		if strings.TrimSpace(string(out)) == "True" {
			tab = tag
			break
		}
	}
	out, err := exec.Command("/usr/bin/python3", "-m", "fontTools.ttx", "-q", "-t", "GlyphOrder", "-t", tab, "-o", "-", path).Output()
	if err != nil {
		t.Fatalf("ttx %s: %v", path, err)
	}
	var doc struct {
		Order []struct {
			ID   int    `xml:"id,attr"`
			Name string `xml:"name,attr"`
		} `xml:"GlyphOrder>GlyphID"`
		CS  []charString `xml:"CFF>CFFFont>CharStrings>CharString"`
		CS2 []charString `xml:"CFF2>CFFFont>CharStrings>CharString"`
	}
	if err := xml.Unmarshal(out, &doc); err != nil {
		t.Fatalf("ttx %s: %v", path, err)
	}
	byName := map[string][]string{}
	for _, c := range append(doc.CS, doc.CS2...) {
		var lines []string
		for _, l := range strings.Split(c.Text, "\n") {
			if l = strings.TrimSpace(l); l != "" {
				lines = append(lines, l)
			}
		}
		byName[c.Name] = lines
	}
	res := make([][]string, len(doc.Order))
	for _, g := range doc.Order {
		l, ok := byName[g.Name]
		if !ok || g.ID < 0 || g.ID >= len(res) {
			t.Fatalf("ttx %s: no CharString for glyph %d %s", path, g.ID, g.Name)
		}
		res[g.ID] = l
	}
	return res
}

// charString is one <CharString> of a ttx dump.
type charString struct {
	Name string `xml:"name,attr"`
	Text string `xml:",chardata"`
}

// TestReferenceDisasm requires `cff disasm`'s text of every glyph of the
// cases.tsv fonts to equal ttx's <CharString> text (fontTools 4.38).
// With -update it rewrites testdata/disasm.golden.
func TestReferenceDisasm(t *testing.T) {
	var golden strings.Builder
	golden.WriteString("# fontTools 4.38 ttx <CharString> text per glyph: font<TAB>glyphs<TAB>sha256\n")
	fonts, glyphs := 0, 0
	for _, c := range disasmFonts(t) {
		fc := openCase(t, c)
		if fc == nil {
			continue
		}
		ref := ttxCharStrings(t, c.path)
		if ref == nil {
			return
		}
		got := disasmLines(t, fc)
		if len(got) != len(ref) || len(ref) == 0 {
			t.Fatalf("%s: %d glyphs, ttx %d", c.font, len(got), len(ref))
		}
		bad := 0
		var all []string
		for g := range ref {
			a, b := strings.Join(got[g], "\n"), strings.Join(ref[g], "\n")
			if a != b {
				if bad < 3 {
					t.Errorf("%s glyph %d:\n got %q\nwant %q", c.font, g, a, b)
				}
				bad++
			}
			all = append(all, b)
		}
		if bad > 0 {
			t.Errorf("%s: %d/%d glyphs differ", c.font, bad, len(ref))
		}
		fonts++
		glyphs += len(ref)
		fmt.Fprintf(&golden, "%s\t%s\t%s\n", filepath.Base(c.font), strconv.Itoa(len(ref)), digest(all))
	}
	if fonts == 0 || glyphs == 0 {
		t.Fatal("no font compared")
	}
	t.Logf("%d fonts, %d glyphs compared with ttx", fonts, glyphs)
	if *update {
		if err := os.WriteFile(filepath.Join("testdata", "disasm.golden"), []byte(golden.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
