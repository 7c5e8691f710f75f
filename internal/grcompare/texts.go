package grcompare

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// CLDRDir is where Debian's unicode-cldr-core puts the locale XML.
const CLDRDir = "/usr/share/unicode/cldr/common/main"

// Text-list limits: texts longer than MaxTextRunes are split at spaces
// into chunks; at most MaxCLDRTexts texts come from CLDR and
// MaxSuiteTexts from graphite2's test texts (evenly sampled when there
// are more).
const (
	MaxTextRunes  = 48
	MaxCLDRTexts  = 360
	MaxSuiteTexts = 140
)

// inScript reports whether every character of t is a script character
// (in rs) or common (space, ZWNJ, ZWJ, ASCII digits and punctuation) and at
// least one is a script character.
func inScript(t []rune, rs [][2]rune) bool {
	script := false
	for _, c := range t {
		in := false
		for _, r := range rs {
			if c >= r[0] && c <= r[1] {
				in = true
				break
			}
		}
		switch {
		case in:
			script = true
		case c == ' ' || c == 0x200C || c == 0x200D:
		case c >= '0' && c <= '9':
		case strings.ContainsRune(".,:;!?()-'\"/", c):
		default:
			return false
		}
	}
	return script
}

// chunks splits s at spaces into pieces of at most MaxTextRunes runes (a
// single longer word stays whole).
func chunks(s string) []string {
	s = strings.Join(strings.Fields(s), " ")
	if len([]rune(s)) <= MaxTextRunes {
		return []string{s}
	}
	var out []string
	var cur []string
	n := 0
	for _, w := range strings.Fields(s) {
		l := len([]rune(w))
		if n > 0 && n+1+l > MaxTextRunes {
			out = append(out, strings.Join(cur, " "))
			cur, n = nil, 0
		}
		if n > 0 {
			n++
		}
		cur = append(cur, w)
		n += l
	}
	if len(cur) > 0 {
		out = append(out, strings.Join(cur, " "))
	}
	return out
}

// cldrStrings returns the character data of every element of a CLDR
// locale file except exemplar character sets, in document order.
func cldrStrings(path string) ([]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	d := xml.NewDecoder(bytes.NewReader(b))
	d.Strict = false
	var out []string
	var stack []string
	for {
		tok, err := d.Token()
		if err != nil {
			break
		}
		switch t := tok.(type) {
		case xml.StartElement:
			stack = append(stack, t.Name.Local)
		case xml.EndElement:
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		case xml.CharData:
			if len(stack) == 0 || strings.HasPrefix(stack[len(stack)-1], "exemplar") {
				continue
			}
			if s := strings.TrimSpace(string(t)); s != "" {
				out = append(out, s)
			}
		}
	}
	return out, nil
}

// sample keeps at most n of ts, evenly spaced, in order.
func sample(ts []string, n int) []string {
	if len(ts) <= n {
		return ts
	}
	out := make([]string, 0, n)
	for i := 0; i < n; i++ {
		out = append(out, ts[i*len(ts)/n])
	}
	return out
}

// ExtractTexts builds gf's text list: strings of its CLDR locales in its
// script, then lines of graphite2's test texts in its script, each split
// into chunks, deduplicated, sampled to the limits.
func ExtractTexts(gf GoldenFont, cldrDir, suiteDir string) ([]string, error) {
	seen := map[string]bool{}
	add := func(dst []string, s string) []string {
		for _, c := range chunks(s) {
			if c == "" || seen[c] || !inScript([]rune(c), gf.Ranges) {
				continue
			}
			seen[c] = true
			dst = append(dst, c)
		}
		return dst
	}
	var cl []string
	for _, loc := range gf.CLDR {
		ss, err := cldrStrings(filepath.Join(cldrDir, loc+".xml"))
		if err != nil {
			return nil, err
		}
		for _, s := range ss {
			cl = add(cl, s)
		}
	}
	var su []string
	for _, name := range gf.Suite {
		b, err := os.ReadFile(filepath.Join(suiteDir, name))
		if err != nil {
			return nil, err
		}
		for _, l := range strings.Split(strings.TrimPrefix(string(b), "\uFEFF"), "\n") {
			su = add(su, strings.TrimSpace(l))
		}
	}
	out := append(sample(cl, MaxCLDRTexts), sample(su, MaxSuiteTexts)...)
	if len(out) == 0 {
		return nil, fmt.Errorf("grcompare: no texts for %s", gf.Font.Name)
	}
	return out, nil
}
