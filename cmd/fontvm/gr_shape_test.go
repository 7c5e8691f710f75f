package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fontvm/internal/corpus"
)

func grShapeCapture(t *testing.T, args ...string) (string, int) {
	t.Helper()
	var out bytes.Buffer
	old := grShapeStdout
	grShapeStdout = &out
	defer func() { grShapeStdout = old }()
	status := run(args)
	return out.String(), status
}

func TestGRShapeGR2Log(t *testing.T) {
	dir := corpus.Graphite2Tests(t)
	for _, c := range []struct {
		name string
		args []string
	}{
		{"padauk1", []string{"fonts/Padauk.ttf", "--codes", "1015", "102F", "100F", "1039", "100F", "1031", "1038"}},
		{"padauk10", []string{"fonts/Padauk.ttf", "--codes", "1004", "103D", "1000", "103A", "--feat", "kdot=1,wtri=1"}},
		{"scher1", []string{"fonts/Scheherazadegr.ttf", "--rtl", "--codes", "0628", "0628", "064E", "0644", "064E", "0654", "0627", "064E"}},
		{"charis6", []string{"fonts/charis_r_gr.ttf", "--justify", "107", "--codes", "0048", "0065", "006C", "006C", "006F", "0020", "004D", "0075", "006D"}},
	} {
		want, err := os.ReadFile(filepath.Join(dir, "standards", c.name+".log"))
		if err != nil {
			t.Fatal(err)
		}
		args := append([]string{"gr", "shape", "--format", "gr2log"}, c.args...)
		args[4] = filepath.Join(dir, args[4])
		got, st := grShapeCapture(t, args...)
		if st != 0 || got != string(want) {
			t.Errorf("%s: status %d\n--- got\n%s--- want\n%s", c.name, st, got, want)
		}
	}
}

func TestGRShapeLineAndJSON(t *testing.T) {
	dir := corpus.Graphite2Tests(t)
	font := filepath.Join(dir, "fonts", "grtest1gr.ttf")
	got, st := grShapeCapture(t, "gr", "shape", font, "baaaaaaba", "b")
	lines := strings.Split(strings.TrimSpace(got), "\n")
	if st != 0 || len(lines) != 2 {
		t.Fatalf("status %d, output %q", st, got)
	}
	// the glyphs of standards/grtest1.log, whose x positions (8.1 at 12 pt)
	// are these design units scaled by 12/unitsPerEm
	var gids []string
	for _, f := range strings.Fields(strings.Split(lines[0], " | ")[0]) {
		gids = append(gids, strings.Split(f, "@")[0])
	}
	if strings.Join(gids, " ") != "36 37 35 35 35 35 35 36 37" || !strings.HasSuffix(lines[0], "| clusters 0:0 1:1 2:2 3:3 4:4 5:5 6:6 7:7 8:8") {
		t.Errorf("line %q", lines[0])
	}
	got, st = grShapeCapture(t, "gr", "shape", font, "--format", "json", "baaaaaaba")
	var v struct {
		Glyphs []struct {
			GID uint16 `json:"gid"`
		} `json:"glyphs"`
		Advance float32 `json:"advance"`
	}
	if st != 0 || json.Unmarshal([]byte(got), &v) != nil || len(v.Glyphs) != 9 || v.Glyphs[0].GID != 36 || v.Advance <= 0 {
		t.Errorf("json: status %d, %q", st, got)
	}
}

func TestGRShapeErrors(t *testing.T) {
	dir := corpus.Graphite2Tests(t)
	font := filepath.Join(dir, "fonts", "grtest1gr.ttf")
	if _, st := grShapeCapture(t, "gr", "shape", font); st != 2 {
		t.Errorf("no text: status %d, want 2", st)
	}
	if _, st := grShapeCapture(t, "gr", "shape", font, "--format", "xml", "a"); st != 2 {
		t.Errorf("bad format: status %d, want 2", st)
	}
	if _, st := grShapeCapture(t, "gr", "shape", font, "--codes", "zz"); st != 2 {
		t.Errorf("bad code: status %d, want 2", st)
	}
	if _, st := grShapeCapture(t, "gr", "shape", filepath.Join(dir, "fonts", "OFL.txt"), "a"); st != 1 {
		t.Errorf("not a font: status %d, want 1", st)
	}
	// underflow.ttf: graphite2 makes no segment; the command fails
	if _, st := grShapeCapture(t, "gr", "shape", filepath.Join(dir, "fonts", "underflow.ttf"), "--codes", "62", "61", "61", "61", "61", "61", "61", "62"); st != 1 {
		t.Errorf("failed segment: status %d, want 1", st)
	}
}
