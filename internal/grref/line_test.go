package grref

import (
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"fontvm/internal/corpus"
)

func TestTagRoundTrip(t *testing.T) {
	for _, s := range []string{"kdot", "wtri", "cv01", "lang"} {
		if got := TagString(Tag(s)); got != s {
			t.Errorf("TagString(Tag(%q)) = %q", s, got)
		}
	}
	if Tag("vi") != Tag("vi\x00\x00") || TagString(Tag("vi")) != "vi" {
		t.Errorf("short tags are not zero-padded on the right: %#x", Tag("vi"))
	}
	if got := TagString(210); got != "210" {
		t.Errorf("TagString(210) = %q, want the number", got)
	}
	fs, err := ParseFeatures("kdot=1,210=36,wtri=0")
	if err != nil {
		t.Fatal(err)
	}
	if len(fs) != 3 || fs[0].ID != Tag("kdot") || fs[1].ID != 210 || fs[1].Value != 36 || fs[2].Value != 0 {
		t.Fatalf("ParseFeatures: %+v", fs)
	}
	if s := FormatFeatures(fs); s != "kdot=1,210=36,wtri=0" {
		t.Errorf("FormatFeatures round trip: %q", s)
	}
	if _, err := ParseFeatures("kdot"); err == nil {
		t.Error("ParseFeatures accepted an item without '='")
	}
	text := []rune{0x1000, 0x103C, 0x1D510}
	back, err := ParseCodes(Codes(text))
	if err != nil || !reflect.DeepEqual(back, text) {
		t.Errorf("Codes round trip: %v %v", back, err)
	}
}

func TestSplitArgs(t *testing.T) {
	got, err := SplitArgs(`0054 1ec3 -feat "lang=vi  "`)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, []string{"0054", "1ec3", "-feat", "lang=vi  "}) {
		t.Errorf("SplitArgs: %q", got)
	}
	if _, err := SplitArgs(`"open`); err == nil {
		t.Error("unbalanced quote accepted")
	}
}

// TestParseLogSuite parses every fonttest standard of graphite2's suite and
// checks each against itself: the slot count against "Segment length",
// the character table against the "Text codes" header, and that every
// argument of the case parses.
func TestParseLogSuite(t *testing.T) {
	dir := corpus.Graphite2Tests(t)
	cases, err := ReadCases(filepath.Join(dir, "cases.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, c := range cases {
		if c.Kind != "fonttest" {
			continue
		}
		n++
		b, err := os.ReadFile(filepath.Join(dir, "standards", c.Standard))
		if err != nil {
			t.Fatal(err)
		}
		l, err := ParseLog(b)
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		text, _, err := ParseFontTestArgs(c.Args)
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		lines := strings.Split(string(b), "\n")
		if len(lines) < 2 || lines[0] != "Text codes" {
			t.Fatalf("%s: no Text codes header", c.Name)
		}
		// gr2fonttest prints ten codes a line.
		var codes []rune
		for _, s := range lines[1:] {
			cs, err := ParseCodes(s)
			if err != nil || len(cs) == 0 {
				break
			}
			codes = append(codes, cs...)
		}
		if !reflect.DeepEqual(codes, text) {
			t.Errorf("%s: log codes %v, case codes %v", c.Name, codes, text)
		}
		if !l.HasSegment {
			if len(l.Slots) != 0 || l.Advance != "" {
				t.Errorf("%s: slots without a segment", c.Name)
			}
			continue
		}
		segLen := -1
		for _, s := range lines {
			if v, ok := strings.CutPrefix(s, "Segment length: "); ok {
				segLen, err = strconv.Atoi(v)
				if err != nil {
					t.Fatalf("%s: %q: %v", c.Name, s, err)
				}
			}
		}
		if len(l.Slots) != segLen || segLen == 0 {
			t.Errorf("%s: %d slots parsed, log says %d", c.Name, len(l.Slots), segLen)
		}
		if len(l.Before) != len(text) || len(l.After) != len(text) {
			t.Errorf("%s: %d characters in the table, %d in the text", c.Name, len(l.Before), len(text))
		}
		if l.Advance == "" {
			t.Errorf("%s: no advance", c.Name)
		}
	}
	if n == 0 {
		t.Fatal("no fonttest cases")
	}
}
