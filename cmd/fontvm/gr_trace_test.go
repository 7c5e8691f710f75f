package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"fontvm/internal/corpus"
)

// grTraceFile is one of graphite2's trace files.
type grTraceFile struct {
	Font    string          `json:"font"`
	Codes   string          `json:"codes"`
	Options string          `json:"options"`
	Trace   json.RawMessage `json:"trace"`
}

var grTraceID = regexp.MustCompile(`^[0-9a-f]{4}-[0-9a-f]{2}-[0-9a-f]{4}$`)

// grTraceCanon is the comparison the traces' README describes: slot ids
// (pointer values) renumbered in order of first appearance, walking the JSON
// with object keys sorted; each segment's own id dropped; numbers rounded to
// 0.01. It returns the canonical text and how many ids it renumbered.
func grTraceCanon(raw []byte) (string, int, error) {
	return grTraceCanonDrop(raw, "")
}

// grTraceCanonDrop is grTraceCanon leaving out every member named drop.
func grTraceCanonDrop(raw []byte, drop string) (string, int, error) {
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return "", 0, err
	}
	ids := map[string]int{}
	var sb strings.Builder
	var walk func(x any, top bool)
	walk = func(x any, top bool) {
		switch x := x.(type) {
		case map[string]any:
			keys := make([]string, 0, len(x))
			for k := range x {
				if top && k == "id" || k == drop {
					continue
				}
				keys = append(keys, k)
			}
			sort.Strings(keys)
			sb.WriteByte('{')
			for _, k := range keys {
				fmt.Fprintf(&sb, "%q:", k)
				walk(x[k], false)
				sb.WriteByte(',')
			}
			sb.WriteByte('}')
		case []any:
			sb.WriteByte('[')
			for _, e := range x {
				walk(e, false)
				sb.WriteByte(',')
			}
			sb.WriteByte(']')
		case string:
			if grTraceID.MatchString(x) {
				n, ok := ids[x]
				if !ok {
					n = len(ids)
					ids[x] = n
				}
				fmt.Fprintf(&sb, "#%d", n)
			} else {
				fmt.Fprintf(&sb, "%q", x)
			}
		case float64:
			r := math.Round(x*100) / 100
			if r == 0 {
				r = 0
			}
			fmt.Fprintf(&sb, "%.2f", r)
		default:
			fmt.Fprintf(&sb, "%v", x)
		}
	}
	list, ok := v.([]any)
	if !ok {
		return "", 0, fmt.Errorf("trace is not a list")
	}
	sb.WriteByte('[')
	for _, seg := range list {
		walk(seg, true)
		sb.WriteByte('\n')
	}
	sb.WriteByte(']')
	return sb.String(), len(ids), nil
}

// grTraceArgs turns a trace file's codes and options into gr trace's arguments.
func grTraceArgs(font string, f *grTraceFile) []string {
	flags, _ := grFonttestFlags(shellWords(f.Options))
	args := append([]string{"gr", "trace", font}, flags...)
	return append(append(args, "--codes"), strings.Fields(f.Codes)...)
}

// grTraceCapture runs the CLI and returns its standard output and status.
func grTraceCapture(t *testing.T, args ...string) (string, int) {
	t.Helper()
	var out strings.Builder
	old := grTraceStdout
	grTraceStdout = &out
	defer func() { grTraceStdout = old }()
	st := run(args)
	return out.String(), st
}

// grTraceCompare runs gr trace for every trace file in dir and compares
// with graphite2's trace; it returns how many were equal, how many more were
// equal once the collision phases ("collisions", which gr trace does not
// record) are left out of graphite2's, and the total.
func grTraceCompare(t *testing.T, dir string, font func(name string) string) (int, int, int) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	same, sameNoColl := 0, 0
	shown := 0
	for _, fn := range files {
		b, err := os.ReadFile(fn)
		if err != nil {
			t.Fatal(err)
		}
		var f grTraceFile
		if err := json.Unmarshal(b, &f); err != nil {
			t.Fatalf("%s: %v", fn, err)
		}
		fp := font(f.Font)
		if fp == "" {
			t.Errorf("%s: font %s not found", filepath.Base(fn), f.Font)
			continue
		}
		got, _ := grTraceCapture(t, grTraceArgs(fp, &f)...)
		want, nw, err := grTraceCanon(f.Trace)
		if err != nil {
			t.Fatalf("%s: %v", fn, err)
		}
		have, ng, err := grTraceCanon([]byte(got))
		if err != nil {
			t.Errorf("%s: gr trace output: %v", filepath.Base(fn), err)
			continue
		}
		if nw == 0 {
			t.Errorf("%s: graphite2's trace has no slot ids", fn)
		}
		if have == want && ng == nw {
			same++
			continue
		}
		if want2, nw2, _ := grTraceCanonDrop(f.Trace, "collisions"); have == want2 && ng == nw2 {
			sameNoColl++
			t.Logf("%s: equal but for graphite2's collision phases", filepath.Base(fn))
			continue
		}
		if shown < 3 {
			shown++
			t.Errorf("%s: trace differs: %s", filepath.Base(fn), grTraceFirstDiff(have, want))
		}
	}
	return same, sameNoColl, len(files)
}

// grTraceFirstDiff shows where two canonical traces first differ.
func grTraceFirstDiff(got, want string) string {
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	lo := max(0, i-300)
	return fmt.Sprintf("at byte %d of %d/%d\n--- got\n%s\n--- want\n%s", i, len(got), len(want), got[lo:min(len(got), i+200)], want[lo:min(len(want), i+200)])
}

// TestGRTraceSuite compares gr trace with graphite2 1.3.14's own trace of
// each of the 32 fonttest cases of its regression suite.
func TestGRTraceSuite(t *testing.T) {
	dir := corpus.Graphite2Traces(t, false)
	fonts := filepath.Join(corpus.Graphite2Tests(t), "fonts")
	same, _, n := grTraceCompare(t, filepath.Join(dir, "suite"), func(name string) string { return filepath.Join(fonts, name) })
	t.Logf("gr trace equal to graphite2's trace: %d/%d suite files", same, n)
	if n != 32 || same != n {
		t.Errorf("%d/%d equal (want 32/32)", same, n)
	}
}

// TestGRTraceTexts compares gr trace with graphite2's traces of lines of
// real text in Debian's Graphite fonts.
func TestGRTraceTexts(t *testing.T) {
	dir := corpus.Graphite2Traces(t, true)
	paths := map[string]string{}
	for _, f := range corpus.GraphiteFonts {
		paths[filepath.Base(f.Path)] = f.Path
	}
	same, noColl, n := grTraceCompare(t, filepath.Join(dir, "texts"), func(name string) string {
		p := paths[name]
		if _, err := os.Stat(p); err != nil {
			corpus.Missing(t, p)
		}
		return p
	})
	t.Logf("gr trace equal to graphite2's trace: %d/%d text files; %d more equal but for graphite2's collision phases", same, n, noColl)
	if n != 55 || same != n {
		t.Errorf("%d/%d equal, %d more without collision phases (want 55/55)", same, n, noColl)
	}
}
