package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fontvm/internal/fontwriter"
)

// badFontFile writes a font whose glyph 1 reads CVT entry 9 of 2 (an
// error only under FT_LOAD_PEDANTIC) and whose glyph 2 pops an empty
// stack.
func badFontFile(t *testing.T) string {
	t.Helper()
	sq := [][]fontwriter.Point{{{X: 0, Y: 0, On: true}, {X: 0, Y: 500, On: true}, {X: 500, Y: 500, On: true}, {X: 500, Y: 0, On: true}}}
	fw := &fontwriter.Font{
		Glyphs: []fontwriter.Glyph{
			{Advance: 500},
			{Contours: sq, Advance: 600, Instructions: []byte{0xB0, 9, 0x45, 0x21}}, // PUSHB 9, RCVT, POP
			{Contours: sq, Advance: 600, Instructions: []byte{0x21}},                // POP
		},
		CVT: []int16{10, 20},
	}
	b, err := fw.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "bad.ttf")
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestTTCheckPedantic: --pedantic finds both glyphs at every size and
// mode, prints one JSON object per finding with the documented keys, and
// exits 1; without --pedantic the font is clean (exit 0).
func TestTTCheckPedantic(t *testing.T) {
	font := badFontFile(t)
	out, st := runTTHint(t, "tt", "check", font, "--ppems", "8-10,12", "--modes", "v35,v40mono", "--pedantic", "--json", "-j", "2")
	if st != 1 {
		t.Fatalf("status %d, output %q", st, out)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2*4*2 {
		t.Fatalf("%d findings, want 16:\n%s", len(lines), out)
	}
	codes := map[float64]int{}
	for _, l := range lines {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatal(err)
		}
		for _, k := range []string{"font", "mode", "ppem", "gid", "code", "error", "program", "pc", "opcode"} {
			if _, ok := m[k]; !ok {
				t.Fatalf("no key %q in %s", k, l)
			}
		}
		codes[m["code"].(float64)]++
		if m["gid"].(float64) == 1 && (m["error"] != "Invalid_Reference" || m["opcode"] != "RCVT" || m["program"] != "glyph 1" || m["pc"].(float64) != 2) {
			t.Errorf("glyph 1: %s", l)
		}
		if m["gid"].(float64) == 2 && m["error"] != "Too_Few_Arguments" {
			t.Errorf("glyph 2: %s", l)
		}
	}
	if codes[0x86] != 8 || codes[0x81] != 8 {
		t.Errorf("codes %v", codes)
	}
	sum, st := runTTHint(t, "tt", "check", font, "--ppems", "8-10,12", "--modes", "v35,v40mono", "--pedantic")
	if st != 1 || !strings.Contains(sum, "ppem 8-10,12") || strings.Count(sum, "\n") != 3 {
		t.Errorf("summary (status %d):\n%s", st, sum)
	}
	if out, st := runTTHint(t, "tt", "check", font, "--ppems", "9", "--modes", "v40"); st != 0 || !strings.Contains(out, "0 findings") {
		t.Errorf("non-pedantic: status %d, %q", st, out)
	}
	if _, st := runTTHint(t, "tt", "check", font, "--ppems", "0-3"); st != 2 {
		t.Errorf("bad --ppems: status %d", st)
	}
}

// TestTTVerify: the planted stack underflow is an error finding (exit
// 1); JSON output carries severity and kind; the Go font has no error.
func TestTTVerify(t *testing.T) {
	out, st := runTTHint(t, "tt", "verify", badFontFile(t), "--json")
	if st != 1 {
		t.Fatalf("status %d: %s", st, out)
	}
	var kinds []string
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatal(err)
		}
		kinds = append(kinds, m["severity"].(string)+"/"+m["kind"].(string))
	}
	if strings.Join(kinds, " ") != "error/cvt-index error/stack-underflow" {
		t.Errorf("findings %v", kinds)
	}
	if out, st := runTTHint(t, "tt", "verify", goRegularFile(t)); st != 0 || !strings.Contains(out, "(0 errors)") {
		t.Errorf("Go Regular: status %d\n%s", st, out)
	}
}
