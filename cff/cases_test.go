package cff_test

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"fontvm/cff"
	"fontvm/internal/corpus"
	"fontvm/sfnt"
	"fontvm/size"
)

// A refCase is one line of ../shared/fonts/cff/cases.tsv: a font, a
// size ("12", "13.5" ppem or "11@96" points at dpi), a mode (hinted or
// none) and a variation ("-" or "wght=900,...").
type refCase struct {
	font, path, size, mode, vars string
}

// key names the case in golden files.
func (c refCase) key() string {
	return filepath.Base(c.font) + " " + c.size + " " + c.mode + " " + c.vars
}

// loadCases reads cases.tsv (skip or fail when the shared data is missing).
func loadCases(t testing.TB) []refCase {
	t.Helper()
	p := filepath.Join(corpus.CFFDir(), "cases.tsv")
	data, err := os.ReadFile(p)
	if err != nil {
		corpus.Missing(t, p)
		return nil
	}
	var cs []refCase
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 4 {
			t.Fatalf("cases.tsv: bad line %q", line)
		}
		path := f[0]
		if !filepath.IsAbs(path) {
			path = filepath.Join(corpus.CFFDir(), path)
		}
		cs = append(cs, refCase{f[0], path, f[1], f[2], f[3]})
	}
	if len(cs) == 0 {
		t.Fatal("cases.tsv holds no case")
	}
	return cs
}

// request is the case's size as ftpoints2 sets it.
func (c refCase) request(t testing.TB) size.Request {
	if pt, dpi, ok := strings.Cut(c.size, "@"); ok {
		p, err := strconv.ParseFloat(pt, 64)
		if err != nil {
			t.Fatal(err)
		}
		xs, ys, _ := strings.Cut(dpi, "x")
		if ys == "" {
			ys = xs
		}
		x, _ := strconv.Atoi(xs)
		y, _ := strconv.Atoi(ys)
		return size.Points(int64(p*64+0.5), uint32(x), uint32(y))
	}
	p, err := strconv.ParseFloat(c.size, 64)
	if err != nil {
		t.Fatal(err)
	}
	return size.Pixels(int64(p*64 + 0.5))
}

// sizeFlags are the case's ftpoints2 size arguments.
func (c refCase) sizeFlags() []string {
	if pt, dpi, ok := strings.Cut(c.size, "@"); ok {
		return []string{"--size", pt, "--dpi", dpi}
	}
	return []string{"--ppem", c.size}
}

// varFlags are the case's ftpoints2 variation arguments.
func (c refCase) varFlags() []string {
	if c.vars == "-" || c.vars == "" {
		return nil
	}
	return []string{"--var", c.vars}
}

// openCase opens the case's font at its instance.
func openCase(t testing.TB, c refCase) *cff.Face {
	t.Helper()
	data := corpus.Load(t, corpus.Font{Name: filepath.Base(c.path), Path: c.path})
	if data == nil {
		return nil
	}
	sf, err := sfnt.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	var tags []sfnt.Tag
	var vals []float64
	if c.vars != "-" {
		for _, kv := range strings.Split(c.vars, ",") {
			k, v, _ := strings.Cut(kv, "=")
			x, err := strconv.ParseFloat(v, 64)
			if err != nil {
				t.Fatal(err)
			}
			tags = append(tags, sfnt.MakeTag(k))
			vals = append(vals, x)
		}
	}
	fc, err := cff.NewFace(sf, tags, vals)
	if err != nil {
		t.Fatalf("%s: %v", c.key(), err)
	}
	return fc
}

// openCorpusFace opens a corpus font's default instance (nil when the
// font is missing and the test is skipped).
func openCorpusFace(t testing.TB, cf corpus.Font) *cff.Face {
	t.Helper()
	data := corpus.Load(t, cf)
	if data == nil {
		return nil
	}
	sf, err := sfnt.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	fc, err := cff.NewFace(sf, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	return fc
}

// runCase returns fontvm's ftpoints2 lines for the case, one per glyph.
func runCase(t testing.TB, c refCase) []string {
	t.Helper()
	fc := openCase(t, c)
	if fc == nil {
		return nil
	}
	return faceLines(t, fc, c.request(t), c.mode == "hinted")
}

// faceLines returns fc's ftpoints2 lines at req, one per glyph.
func faceLines(t testing.TB, fc *cff.Face, req size.Request, hinted bool) []string {
	t.Helper()
	sc, err := fc.Scale(req)
	if err != nil {
		t.Fatal(err)
	}
	l := fc.NewLoader()
	var o cff.Outline
	var lines []string
	var b []byte
	for g := 0; g < fc.NumGlyphs(); g++ {
		if err := fc.Load(l, g, sc, hinted, &o); err != nil {
			lines = append(lines, "gid "+strconv.Itoa(g)+" err "+strconv.Itoa(cff.FreeTypeError(err)))
			continue
		}
		b = o.AppendFTPoints(b[:0], g)
		lines = append(lines, strings.TrimSuffix(string(b), "\n"))
	}
	return lines
}

// digest is the SHA-256 of the lines joined with newlines.
func digest(lines []string) string {
	h := sha256.New()
	for _, l := range lines {
		h.Write([]byte(l))
		h.Write([]byte{'\n'})
	}
	return hex.EncodeToString(h.Sum(nil))
}

// A goldenEntry is one line of a golden file: key, count, digest.
type goldenEntry struct {
	count  int
	digest string
}

// readGolden reads a golden file: "# comment" lines, then
// "KEY<TAB>COUNT<TAB>SHA256" lines.
func readGolden(t testing.TB, name string) (map[string]goldenEntry, []string) {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m := map[string]goldenEntry{}
	var order []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		p := strings.Split(line, "\t")
		if len(p) != 3 {
			t.Fatalf("%s: bad line %q", name, line)
		}
		n, _ := strconv.Atoi(p[1])
		m[p[0]] = goldenEntry{n, p[2]}
		order = append(order, p[0])
	}
	return m, order
}

// disasmLines returns `cff disasm`'s lines for every glyph of the face,
// keyed by glyph index (without the "glyph GID NAME" headers).
func disasmLines(t testing.TB, fc *cff.Face) [][]string {
	t.Helper()
	f := fc.Font()
	out := make([][]string, f.NumGlyphs())
	for g := range out {
		lines, _, err := f.Disasm(g)
		if err != nil {
			t.Fatal(err)
		}
		out[g] = lines
	}
	return out
}

// disasmFonts are the fonts whose disassembly the tests hold against ttx.
func disasmFonts(t testing.TB) []refCase {
	seen := map[string]bool{}
	var fs []refCase
	for _, c := range loadCases(t) {
		if !seen[c.path] {
			seen[c.path] = true
			fs = append(fs, refCase{font: c.font, path: c.path, vars: "-"})
		}
	}
	return fs
}
