// Package grcompare holds fontvm's Graphite comparison tests: fontvm's
// shaping engine against golden data recorded from graphite2 1.3.14 (plain
// go test) and against live graphite2 and gr2fonttest (build tag
// reference), the accept/refuse agreement over corrupted fonts, and
// survival of graphite2's fuzz regressions. This file holds the small
// helpers the tests share: the golden-file format and the font list.
package grcompare

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"fontvm/internal/corpus"
	"fontvm/internal/grref"
)

// A GoldenFont is one corpus font with golden shaping data.
type GoldenFont struct {
	Font corpus.Font
	RTL  bool     // shape right to left
	CLDR []string // CLDR locales whose strings give its texts
	// Ranges are the script's code point ranges: a text is kept when all its
	// characters are in them or common (space, digits, punctuation) and at
	// least one is a script letter.
	Ranges [][2]rune
	// Suite names graphite2-tests/texts files in this script.
	Suite []string
}

// GoldenFonts are the five Graphite corpus fonts.
var GoldenFonts = []GoldenFont{
	{Font: corpus.GraphiteFonts[0], CLDR: []string{"my"},
		Ranges: [][2]rune{{0x1000, 0x109F}, {0xAA60, 0xAA7F}, {0xA9E0, 0xA9FF}},
		Suite:  []string{"my_HeadwordSyllables.txt"}},
	{Font: corpus.GraphiteFonts[1], RTL: true, CLDR: []string{"ur"},
		Ranges: arabic, Suite: []string{"awami_tests.txt"}},
	{Font: corpus.GraphiteFonts[2], CLDR: []string{"am", "ti"},
		Ranges: [][2]rune{{0x1200, 0x139F}, {0x2D80, 0x2DDF}, {0xAB00, 0xAB2F}}},
	{Font: corpus.GraphiteFonts[3], CLDR: []string{"ne", "hi"},
		Ranges: [][2]rune{{0x0900, 0x097F}, {0xA8E0, 0xA8FF}},
		Suite:  []string{"udhr_nep.txt", "udhr_hin.txt"}},
	{Font: corpus.GraphiteFonts[4], RTL: true, CLDR: []string{"ar", "fa"},
		Ranges: arabic, Suite: []string{"udhr_arb.txt"}},
}

var arabic = [][2]rune{{0x0600, 0x06FF}, {0x0750, 0x077F}, {0x08A0, 0x08FF}, {0xFB50, 0xFDFF}, {0xFE70, 0xFEFF}}

// Root is the repository root.
func Root() string { return corpus.Root() }

// GoldenPath is the golden file of a font.
func GoldenPath(name string) string {
	return filepath.Join(Root(), "graphite", "shape", "testdata", "golden", name+".golden")
}

// TextsPath is the text list of a font.
func TextsPath(name string) string {
	return filepath.Join(Root(), "graphite", "shape", "testdata", "texts", name+".txt")
}

// A GoldenCase is one line of a golden file.
type GoldenCase struct {
	Line    int    // line number in the file
	Opts    string // options column as written ("-" for none)
	Options grref.Options
	Text    []rune
	Want    string // the result's Line(), or "error: no segment"
}

// NoSegment is the result column of a text graphite2 made no segment for.
const NoSegment = "error: no segment"

// A Golden is a parsed golden file.
type Golden struct {
	Header map[string]string // "# key: value" lines
	Cases  []GoldenCase
}

// FormatOpts writes options as the golden files' options column:
// space-separated "rtl", "lang=xxx", "feat=id=v,id=v", "j=pct"; "-" when
// empty.
func FormatOpts(o grref.Options) string {
	var p []string
	if o.RTL {
		p = append(p, "rtl")
	}
	if o.Lang != "" {
		p = append(p, "lang="+o.Lang)
	}
	if len(o.Features) > 0 {
		p = append(p, "feat="+grref.FormatFeatures(o.Features))
	}
	if o.Justify > 0 {
		p = append(p, "j="+strconv.Itoa(o.Justify))
	}
	if len(p) == 0 {
		return "-"
	}
	return strings.Join(p, " ")
}

// ParseOpts reads FormatOpts' form.
func ParseOpts(s string) (grref.Options, error) {
	var o grref.Options
	if s == "-" {
		return o, nil
	}
	for _, f := range strings.Fields(s) {
		k, v, _ := strings.Cut(f, "=")
		switch k {
		case "rtl":
			o.RTL = true
		case "lang":
			o.Lang = v
		case "feat":
			fs, err := grref.ParseFeatures(v)
			if err != nil {
				return o, err
			}
			o.Features = fs
		case "j":
			n, err := strconv.Atoi(v)
			if err != nil {
				return o, fmt.Errorf("options %q: %v", s, err)
			}
			o.Justify = n
		default:
			return o, fmt.Errorf("options %q: unknown %q", s, f)
		}
	}
	return o, nil
}

// ReadGolden reads a golden file: "# key: value" header lines, then lines
// of options TAB codes TAB result. The header's "cases" line gives the
// number of result lines the file was written with; a file without it, or
// with another number of lines (a file cut short, lines lost in a merge),
// is an error, so that no comparison passes on fewer cases than recorded.
func ReadGolden(path string) (*Golden, error) {
	g, err := readGoldenLines(path)
	if err != nil {
		return nil, err
	}
	want, err := strconv.Atoi(g.Header["cases"])
	if err != nil {
		return nil, fmt.Errorf("%s: no valid \"# cases: N\" header line (%q)", path, g.Header["cases"])
	}
	if len(g.Cases) != want || want == 0 {
		return nil, fmt.Errorf("%s: %d result lines, header says %d", path, len(g.Cases), want)
	}
	return g, nil
}

// readGoldenLines parses a golden file's header and lines, unchecked.
func readGoldenLines(path string) (*Golden, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	g := &Golden{Header: map[string]string{}}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<24)
	n := 0
	for sc.Scan() {
		n++
		s := sc.Text()
		if s == "" {
			continue
		}
		if strings.HasPrefix(s, "#") {
			if k, v, ok := strings.Cut(strings.TrimPrefix(s, "# "), ": "); ok {
				g.Header[k] = v
			}
			continue
		}
		col := strings.Split(s, "\t")
		if len(col) != 3 {
			return nil, fmt.Errorf("%s:%d: %d columns, want 3", path, n, len(col))
		}
		o, err := ParseOpts(col[0])
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, n, err)
		}
		text, err := grref.ParseCodes(col[1])
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, n, err)
		}
		g.Cases = append(g.Cases, GoldenCase{Line: n, Opts: col[0], Options: o, Text: text, Want: col[2]})
	}
	return g, sc.Err()
}

// SHA256 is the hex SHA-256 of b; golden files record their font's.
func SHA256(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

// ReadTexts reads a text list: one text a line, blank lines skipped.
func ReadTexts(path string) ([][]rune, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var out [][]rune
	for _, l := range strings.Split(string(b), "\n") {
		if l != "" {
			out = append(out, []rune(l))
		}
	}
	return out, nil
}
