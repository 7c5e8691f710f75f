package hint

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"fontvm/internal/corpus"
	"fontvm/sfnt"
	"fontvm/size"
)

// varGoldenFile holds, per variation case, the SHA-256 of FreeType's
// glyph lines and the glyph count (written by TestVariationReference
// with FONTVM_UPDATE_GOLDEN=1).
const varGoldenFile = "testdata/golden/variations.golden"

// A varCase is one line of a ptsdiff case file: font, size, mode, var.
type varCase struct {
	font, sizeText, mode, varText string
	charSize                      int64 // 26.6, as ftpoints2 rounds it
	dpi                           uint32
}

// String names the case as the case file does.
func (c varCase) String() string {
	return filepath.Base(c.font) + " " + c.sizeText + " " + c.mode + " " + c.varText
}

// varCaseFiles are the case lists the variation tests run: the shared
// cases.tsv and the repository's Inter cases.
func varCaseFiles() []string {
	return []string{
		filepath.Join(corpus.VariableDir(), "cases.tsv"),
		filepath.Join(corpus.Root(), "testdata", "variable", "inter-cases.tsv"),
	}
}

// readVarCases parses the case files as ptsdiff.py does (fonts relative
// to the case file's folder).
func readVarCases(t testing.TB) []varCase {
	var cs []varCase
	for _, p := range varCaseFiles() {
		fh, err := os.Open(p)
		if err != nil {
			corpus.Missing(t, p)
		}
		sc := bufio.NewScanner(fh)
		for sc.Scan() {
			l := sc.Text()
			if l == "" || strings.HasPrefix(l, "#") {
				continue
			}
			f := strings.Split(l, "\t")
			if len(f) != 4 {
				t.Fatalf("%s: bad case %q", p, l)
			}
			c := varCase{font: f[0], sizeText: f[1], mode: f[2], varText: f[3], dpi: 72}
			if !filepath.IsAbs(c.font) {
				c.font = filepath.Join(filepath.Dir(p), c.font)
			}
			pt := f[1]
			if a, b, ok := strings.Cut(f[1], "@"); ok {
				pt = a
				d, err := strconv.Atoi(b)
				if err != nil {
					t.Fatalf("bad dpi in %q", l)
				}
				c.dpi = uint32(d)
			}
			x, err := strconv.ParseFloat(pt, 64)
			if err != nil {
				t.Fatalf("bad size in %q", l)
			}
			c.charSize = int64(x*64 + 0.5)
			cs = append(cs, c)
		}
		fh.Close()
	}
	return cs
}

// options returns the case's hint options (Design included) for font f.
func (c varCase) options(f *Font) (Options, error) {
	var o Options
	switch strings.TrimSuffix(c.mode, "mono") {
	case "v35":
		o.Mode = ModeV35
	case "v40":
		o.Mode = ModeV40
	case "none":
		o.Mode = ModeNone
	default:
		return o, fmt.Errorf("mode %q", c.mode)
	}
	if strings.HasSuffix(c.mode, "mono") {
		o.Target = TargetMono
	}
	if c.varText != "-" && c.varText != "" {
		d, err := ParseVariation(f.Variations(), c.varText)
		if err != nil {
			return o, err
		}
		o.Design = d
	}
	return o, nil
}

// loadVarFont reads and prepares a case's font (cached by path).
func loadVarFont(t testing.TB, cache map[string]*Font, path string) *Font {
	if f := cache[path]; f != nil {
		return f
	}
	data, err := os.ReadFile(path)
	if err != nil {
		corpus.Missing(t, path)
	}
	sf, err := sfnt.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	f, err := NewFont(sf)
	if err != nil {
		t.Fatal(err)
	}
	cache[path] = f
	return f
}

// caseLines loads every glyph of a case with this package and returns
// the golden lines.
func caseLines(t testing.TB, f *Font, c varCase) []string {
	o, err := c.options(f)
	if err != nil {
		t.Fatalf("%v: %v", c, err)
	}
	return instanceLines(t, c, f, size.CharSize(0, c.charSize, c.dpi, c.dpi), o, false)
}

// instanceLines loads every glyph of f at the size req with options o
// (case c) and returns the golden lines, each followed, with vert and
// when the glyph loaded, by the vertical metrics from the phantom points
// (vertMetrics, appendVertSuffix).
func instanceLines(t testing.TB, c fmt.Stringer, f *Font, req size.Request, o Options, vert bool) []string {
	in, err := f.NewInstanceRequest(req, o)
	if err != nil {
		t.Fatalf("%v: %v", c, err)
	}
	var g Glyph
	var line []byte
	var xy []int64
	var ends []int32
	lines := make([]string, f.NumGlyphs())
	for gid := range lines {
		err := in.LoadGlyph(gid, &g)
		line, xy, ends = appendLine(line[:0], gid, &g, err, xy, ends)
		if vert && err == nil {
			adv, top, linear := vertMetrics(in, &g)
			line = appendVertSuffix(line, adv, top, linear)
		}
		lines[gid] = string(line)
	}
	return lines
}

// hashLines is the golden digest of a case's lines.
func hashLines(lines []string) string {
	h := sha256.New()
	for _, l := range lines {
		h.Write([]byte(l))
		h.Write([]byte{'\n'})
	}
	return hex.EncodeToString(h.Sum(nil))[:32]
}

// readDigests reads a digest golden file (varGoldenFile's format: case,
// digest, glyph count per line): digest and count by case.
func readDigests(t testing.TB, path string) map[string][2]string {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][2]string{}
	for _, l := range strings.Split(string(b), "\n") {
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		f := strings.Split(l, "\t")
		if len(f) != 3 {
			t.Fatalf("%s: bad line %q", path, l)
		}
		want[f[0]] = [2]string{f[1], f[2]}
	}
	return want
}

// TestVariationGolden compares every glyph of every variation case with
// FreeType's digest in varGoldenFile (with -short, every fourth case).
func TestVariationGolden(t *testing.T) {
	want := readDigests(t, varGoldenFile)
	cache := map[string]*Font{}
	cases, glyphs := 0, 0
	for i, c := range readVarCases(t) {
		if testing.Short() && i%4 != 0 {
			continue
		}
		w, ok := want[c.String()]
		if !ok {
			t.Errorf("%v: not in %s", c, varGoldenFile)
			continue
		}
		f := loadVarFont(t, cache, c.font)
		lines := caseLines(t, f, c)
		if w[1] != strconv.Itoa(len(lines)) || hashLines(lines) != w[0] {
			t.Errorf("%v: %d glyphs, digest differs from FreeType's (%s glyphs)", c, len(lines), w[1])
		}
		cases++
		glyphs += len(lines)
	}
	if cases < 50 || glyphs < 20000 {
		t.Fatalf("compared only %d cases, %d glyphs", cases, glyphs)
	}
	t.Logf("%d cases, %d glyphs identical to FreeType's digests", cases, glyphs)
}

// sfntParse is sfnt.Parse (for the reference tests).
func sfntParse(data []byte) (*sfnt.Font, error) { return sfnt.Parse(data) }

// sizeCharSize is the request of a char size in 26.6 points at dpi.
func sizeCharSize(charSize int64, dpi uint32) size.Request {
	return size.CharSize(0, charSize, dpi, dpi)
}

// TestVariationAllocs checks that LoadGlyph allocates nothing once warm
// at a non-default instance (simple, composite and empty glyphs, cvar,
// HVAR, interpolated deltas), for each variable font of the cases.
func TestVariationAllocs(t *testing.T) {
	cache := map[string]*Font{}
	seen := map[string]bool{}
	fonts := 0
	for _, c := range readVarCases(t) {
		if seen[c.font] || c.varText == "-" {
			continue
		}
		seen[c.font] = true
		f := loadVarFont(t, cache, c.font)
		for _, mode := range []Mode{ModeNone, ModeV40} {
			d, err := ParseVariation(f.Variations(), c.varText)
			if err != nil {
				t.Fatal(err)
			}
			in, err := f.NewInstanceRequest(size.Pixels(14<<6), Options{Mode: mode, Design: d})
			if err != nil {
				t.Fatal(err)
			}
			var g Glyph
			all := func() {
				for gid := 0; gid < f.NumGlyphs(); gid++ {
					in.LoadGlyph(gid, &g)
				}
			}
			all()
			if a := testing.AllocsPerRun(2, all); a != 0 {
				t.Errorf("%s %v %s: %.1f allocations per pass over %d glyphs", filepath.Base(c.font), mode, c.varText, a, f.NumGlyphs())
			}
		}
		fonts++
	}
	if fonts < 5 {
		t.Fatalf("checked only %d fonts", fonts)
	}
}

// FuzzVariationLoad loads glyphs of arbitrary fonts at a variation
// instance (each axis two thirds of the way to its maximum) in every
// mode: no panics, and errors only as FreeType names them. Seeds: the
// small unicode-org variable fonts.
func FuzzVariationLoad(f *testing.F) {
	for _, n := range []string{"TestAVAR.ttf", "TestCVARGVAROne.ttf", "TestGVAR-Composite-0.ttf", "TestHVARTwo.ttf"} {
		b, err := os.ReadFile(filepath.Join(corpus.VariableDir(), n))
		if err != nil {
			corpus.Missing(f, n)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		sf, err := sfnt.Parse(data)
		if err != nil {
			return
		}
		hf, err := NewFont(sf)
		if err != nil || hf.Variations() == nil {
			return
		}
		v := hf.Variations()
		d := make([]int64, len(v.Axes))
		for i, a := range v.Axes {
			d[i] = a.Default + (a.Max-a.Default)*2/3
		}
		var g Glyph
		for _, m := range []Mode{ModeNone, ModeV35, ModeV40} {
			in, err := hf.NewInstance(11, Options{Mode: m, Design: d})
			if err != nil {
				if Name(err) == "" {
					t.Fatalf("NewInstance: unnamed error %v", err)
				}
				continue
			}
			for gid := 0; gid < hf.NumGlyphs() && gid < 24; gid++ {
				if err := in.LoadGlyph(gid, &g); err != nil && Name(err) == "" {
					t.Fatalf("glyph %d: unnamed error %v", gid, err)
				}
			}
		}
	})
}
