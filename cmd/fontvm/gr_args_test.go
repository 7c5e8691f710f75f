package main

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fontvm/internal/corpus"
)

// grFonttestCase is one fonttest line of graphite2's cases.tsv.
type grFonttestCase struct {
	name, font string
	args       []string // gr2fonttest's arguments after -codes, shell words
}

// grFonttestCases reads the fonttest lines of cases.tsv.
func grFonttestCases(t *testing.T, dir string) []grFonttestCase {
	t.Helper()
	f, err := os.Open(filepath.Join(dir, "cases.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cs []grFonttestCase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fl := strings.Split(sc.Text(), "\t")
		if len(fl) < 5 || fl[0] != "fonttest" {
			continue
		}
		cs = append(cs, grFonttestCase{fl[1], fl[2], shellWords(fl[3])})
	}
	return cs
}

// shellWords splits s at blanks outside double quotes, dropping the quotes
// (enough of sh for cases.tsv: `-feat "lang=vi  "`).
func shellWords(s string) []string {
	var out []string
	var w strings.Builder
	in, have := false, false
	for _, r := range s {
		switch {
		case r == '"':
			in, have = !in, true
		case r == ' ' && !in:
			if have {
				out = append(out, w.String())
			}
			w.Reset()
			have = false
		default:
			w.WriteRune(r)
			have = true
		}
	}
	if have {
		out = append(out, w.String())
	}
	return out
}

// grFonttestFlags maps gr2fonttest's options (-rtl, -feat X, -j N) to the
// CLI's flags and returns them and the remaining words (the codes).
func grFonttestFlags(args []string) (flags, rest []string) {
	for i := 0; i < len(args); i++ {
		switch {
		case args[i] == "-rtl":
			flags = append(flags, "--rtl")
		case args[i] == "-feat" && i+1 < len(args):
			i++
			flags = append(flags, "--feat", args[i])
		case args[i] == "-j" && i+1 < len(args):
			i++
			flags = append(flags, "--justify", args[i])
		default:
			rest = append(rest, args[i])
		}
	}
	return flags, rest
}

// grFonttestCLIArgs maps a fonttest case to gr shape's arguments.
func grFonttestCLIArgs(font string, args []string) []string {
	flags, codes := grFonttestFlags(args)
	cli := append([]string{"gr", "shape", "--format", "gr2log", font}, flags...)
	return append(append(cli, "--codes"), codes...)
}

// TestGRShapeFonttestSuiteCLI runs every fonttest case of graphite2's suite
// through the CLI (gr shape --format gr2log) and compares the log with the
// standard byte for byte; underflow.ttf makes no segment, so only its codes
// are printed and the command exits 1.
func TestGRShapeFonttestSuiteCLI(t *testing.T) {
	dir := corpus.Graphite2Tests(t)
	cs := grFonttestCases(t, dir)
	if len(cs) != 32 {
		t.Fatalf("cases.tsv has %d fonttest cases, want 32", len(cs))
	}
	same := 0
	for _, c := range cs {
		want, err := os.ReadFile(filepath.Join(dir, "standards", c.name+".log"))
		if err != nil {
			t.Fatal(err)
		}
		got, st := grShapeCapture(t, grFonttestCLIArgs(filepath.Join(dir, "fonts", c.font), c.args)...)
		wantSt := 0
		if c.name == "underflow" {
			wantSt = 1
		}
		if st != wantSt || got != string(want) {
			t.Errorf("%s %q: status %d (want %d)\n--- got\n%s--- want\n%s", c.name, c.args, st, wantSt, got, want)
			continue
		}
		same++
	}
	t.Logf("%d/%d fonttest cases byte-exact through gr shape --format gr2log", same, len(cs))
	if same != 32 {
		t.Errorf("%d/32 byte-exact", same)
	}
}

// TestGRShapeFeatStrings checks that the line format takes gr2fonttest's
// string feature values: "lang=vie" and "lang=vi  " select Charis's
// Vietnamese forms, so the glyphs differ from the default shaping and equal
// each other; a numeric setting of an unknown feature is ignored with a warning.
func TestGRShapeFeatStrings(t *testing.T) {
	dir := corpus.Graphite2Tests(t)
	font := filepath.Join(dir, "fonts", "charis_r_gr.ttf")
	codes := []string{"--codes", "0054", "0069", "1ec3", "0075"}
	def, st0 := grShapeCapture(t, append([]string{"gr", "shape", font}, codes...)...)
	vie, st1 := grShapeCapture(t, append([]string{"gr", "shape", font, "--feat", "lang=vie"}, codes...)...)
	vi, st2 := grShapeCapture(t, append([]string{"gr", "shape", font, "--feat", "lang=vi  "}, codes...)...)
	if st0 != 0 || st1 != 0 || st2 != 0 {
		t.Fatalf("status %d %d %d", st0, st1, st2)
	}
	if vie == def || vi != vie {
		t.Errorf("default %q\nlang=vie %q\nlang=vi   %q", def, vie, vi)
	}
	var warn strings.Builder
	old := grFeatWarn
	grFeatWarn = &warn
	defer func() { grFeatWarn = old }()
	got, st := grShapeCapture(t, append([]string{"gr", "shape", font, "--feat", "9999=1"}, codes...)...)
	if st != 0 || got != def || !strings.Contains(warn.String(), "1 of 1 settings") {
		t.Errorf("unknown feature: status %d, %q, warning %q", st, got, warn.String())
	}
}
