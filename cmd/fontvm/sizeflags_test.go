package main

import (
	"fmt"
	"strings"
	"testing"

	"fontvm/size"
	"fontvm/truetype/hint"
)

// TestSizeOptions checks the size options of tt points: --ppem P and
// --size PT --dpi X[xY] give the instance NewInstanceRequest makes for
// FT_Set_Char_Size's arguments (ftpoints2's rounding: value × 64 + 0.5),
// and bad values are usage errors.
func TestSizeOptions(t *testing.T) {
	font := goRegularFile(t)
	hf, err := loadHintFont(font)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		args []string
		req  size.Request
	}{
		{[]string{"--ppem", "13.333"}, size.CharSize(0, 853, 72, 72)},
		{[]string{"--ppem", "12"}, size.Pixels(768)},
		{[]string{"--size", "11", "--dpi", "96"}, size.CharSize(0, 704, 96, 96)},
		{[]string{"--size", "12", "--dpi", "96x72"}, size.CharSize(0, 768, 96, 72)},
		{[]string{"--size", "10.5", "--dpi", "72x120"}, size.CharSize(0, 672, 72, 120)},
	}
	for _, c := range cases {
		args := append([]string{"tt", "points", font, "--mode", "v35", "--glyphs", "36"}, c.args...)
		out, st := runTTHint(t, args...)
		in, err := hf.NewInstanceRequest(c.req, hint.Options{Mode: hint.ModeV35})
		if err != nil {
			t.Fatal(err)
		}
		if want := glyphLineAfter(in, 36) + "\n"; st != 0 || out != want {
			t.Errorf("%v: status %d\n got  %q\n want %q", c.args, st, out, want)
		}
	}
	for _, bad := range [][]string{{"--ppem", "0"}, {"--ppem", "x"}, {"--size", "12", "--dpi", "96y"}, {"--size", "-1"}, {"--ppem", "9,10"}} {
		args := append([]string{"tt", "points", font, "--glyphs", "36"}, bad...)
		if _, st := runTTHint(t, args...); st != 2 {
			t.Errorf("%s: status %d, want 2", strings.Join(bad, " "), st)
		}
	}
	// A size FreeType refuses (ppem 0 on an axis) fails with status 1.
	if _, st := runTTHint(t, "tt", "points", font, "--size", "1", "--dpi", "1", "--glyphs", "36"); st != 1 {
		t.Errorf("1 pt at 1 dpi: status %d, want 1", st)
	}
}

// glyphLineAfter loads glyphs 0..gid of in, in order as tt points does,
// and returns glyph gid's line.
func glyphLineAfter(in *hint.Instance, gid int) string {
	var g hint.Glyph
	var err error
	for k := 0; k <= gid; k++ {
		err = in.LoadGlyph(k, &g)
	}
	var xy []int64
	var ends []int32
	return string(appendGlyphLine(nil, gid, &g, err, &xy, &ends))
}

// TestBenchTTSizes runs bench tt at char sizes: one load per glyph and
// size, and the size options' errors.
func TestBenchTTSizes(t *testing.T) {
	font := goRegularFile(t)
	var b strings.Builder
	old := benchStdout
	benchStdout = &b
	defer func() { benchStdout = old }()
	if st := run([]string{"bench", "tt", font, "--size", "11,12", "--dpi", "96x72", "--rounds", "1", "--warmup", "0"}); st != 0 {
		t.Fatalf("status %d", st)
	}
	hf, err := loadHintFont(font)
	if err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("%d glyph loads:", 2*hf.NumGlyphs()); !strings.HasPrefix(b.String(), want) {
		t.Errorf("output %q, want %q...", b.String(), want)
	}
	if st := run([]string{"bench", "tt", font, "--ppems", "9,x"}); st != 2 {
		t.Errorf("--ppems 9,x: status %d, want 2", st)
	}
}
