package face

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"fontvm/internal/corpus"
	"fontvm/internal/hbref"
	"fontvm/sfnt"

	"golang.org/x/image/font"
)

// The kerning golden file records, for each font of corpus.KernFonts and
// every pair of kernChars both mapped by the font, what HarfBuzz's
// 'kern' feature does to the pair shaped alone (hb-shape, Latin script,
// left to right, the features hbref.Disabled lists off; the run with 'kern' minus the
// run without, in font units): the change of (first x_advance + second
// x_offset), of the first x_offset and of the second x_advance. It is
// written by TestKernHarfBuzz (build tag reference, -update) from the
// installed hb-shape; TestKernGolden checks Face.KernIndex and
// sfnt.GPOS.PairAdjustment against it without HarfBuzz.
const kernGoldenFile = "testdata/kern-harfbuzz.golden"

// kernChars are the characters whose pairs are compared: Latin letters,
// digits and the punctuation that kerning tables cover.
const kernChars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789" +
	".,;:!?'\"()[]-/&*‘’“”«»–—" +
	"\u0300\u0301\u0308\u0327" // combining marks: GDEF marks that kerning lookups skip

// kernPair is one compared pair: runes, kerning as Face.KernIndex
// reports it in font units, and the other two effects of the adjustment.
type kernPair struct {
	r0, r1         rune
	kern, dx1, ax2 int
	hbGlyphsDiffer bool // HarfBuzz shaped other glyphs than the cmap's (not compared)
}

// kernFontGolden is one font's section of the golden file.
type kernFontGolden struct {
	pairs   int // pairs of kernChars the font maps (both runes)
	nonzero map[[2]rune]kernPair
	differ  int // pairs HarfBuzz shaped with other glyphs
}

// mappedPairs returns the pairs of kernChars that f's cmap maps.
func mappedPairs(f *sfnt.Font) [][2]rune {
	cm, _ := f.Cmap()
	var out [][2]rune
	rs := []rune(kernChars)
	for _, a := range rs {
		for _, b := range rs {
			if cm.Lookup(a) != 0 && cm.Lookup(b) != 0 {
				out = append(out, [2]rune{a, b})
			}
		}
	}
	return out
}

// readKernGolden reads the golden file: per font name, its section.
func readKernGolden(t *testing.T) map[string]*kernFontGolden {
	t.Helper()
	fh, err := os.Open(kernGoldenFile)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	out := map[string]*kernFontGolden{}
	var cur *kernFontGolden
	sc := bufio.NewScanner(fh)
	line := 0
	for sc.Scan() {
		line++
		f := strings.Fields(sc.Text())
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		bad := func() { t.Fatalf("%s:%d: bad line %q", kernGoldenFile, line, sc.Text()) }
		num := func(s string, base int) int {
			v, err := strconv.ParseInt(s, base, 32)
			if err != nil {
				bad()
			}
			return int(v)
		}
		switch {
		case f[0] == "font" && len(f) == 4 && f[2] == "pairs":
			cur = &kernFontGolden{pairs: num(f[3], 10), nonzero: map[[2]rune]kernPair{}}
			out[f[1]] = cur
		case cur != nil && len(f) == 5:
			p := kernPair{r0: rune(num(f[0], 16)), r1: rune(num(f[1], 16)), kern: num(f[2], 10), dx1: num(f[3], 10), ax2: num(f[4], 10)}
			cur.nonzero[[2]rune{p.r0, p.r1}] = p
		case cur != nil && len(f) == 3 && f[0] == "glyphs-differ":
			cur.nonzero[[2]rune{rune(num(f[1], 16)), rune(num(f[2], 16))}] = kernPair{hbGlyphsDiffer: true}
			cur.differ++
		default:
			bad()
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// writeKernGolden writes the golden file from per-font results.
func writeKernGolden(t *testing.T, version string, names []string, res map[string][]kernPair) {
	t.Helper()
	var b strings.Builder
	fmt.Fprintf(&b, "# HarfBuzz %s: hb-shape --script=latn --direction=ltr --no-glyph-names --features=%s[,-kern]\n", version, hbref.Disabled)
	b.WriteString("# per font: pairs of kernChars both mapped; then per pair HarfBuzz kerns or shapes differently:\n")
	b.WriteString("# LEFT RIGHT (hex) kern dx1 ax2 in font units (kern = change of first x_advance + second x_offset),\n")
	b.WriteString("# or glyphs-differ LEFT RIGHT when HarfBuzz shaped other glyphs than the cmap's (not compared)\n")
	for _, name := range names {
		ps := res[name]
		fmt.Fprintf(&b, "font %s pairs %d\n", name, len(ps))
		for _, p := range ps {
			switch {
			case p.hbGlyphsDiffer:
				fmt.Fprintf(&b, "glyphs-differ %04X %04X\n", p.r0, p.r1)
			case p.kern != 0 || p.dx1 != 0 || p.ax2 != 0:
				fmt.Fprintf(&b, "%04X %04X %d %d %d\n", p.r0, p.r1, p.kern, p.dx1, p.ax2)
			}
		}
	}
	if err := os.WriteFile(kernGoldenFile, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// unitFace returns an unhinted face of f at one pixel per font unit, so
// that KernIndex is the kerning in font units times 64.
func unitFace(t *testing.T, f *sfnt.Font) *Face {
	t.Helper()
	fc, err := NewFace(f, &FaceOptions{Size: float64(f.Head().UnitsPerEm), Hinting: font.HintingNone})
	if err != nil {
		t.Fatal(err)
	}
	return fc
}

// compareKern compares f's kerning with the expected pairs (by rune
// pair; pairs not in want expect 0 everywhere) and returns how many
// pairs it compared and how many were equal. Kern is checked through
// Face.Kern; when the face kerns from GPOS the first x_offset and second
// x_advance are checked through sfnt's PairAdjustment too.
func compareKern(t *testing.T, name string, f *sfnt.Font, want map[[2]rune]kernPair) (compared, equal int) {
	t.Helper()
	fc := unitFace(t, f)
	bad := 0
	for _, pr := range mappedPairs(f) {
		w := want[pr]
		if w.hbGlyphsDiffer {
			continue
		}
		compared++
		got := kernPair{r0: pr[0], r1: pr[1]}
		k := fc.Kern(pr[0], pr[1])
		if k%64 != 0 {
			t.Errorf("%s %q: Kern %d is not whole font units", name, string(pr[:]), k)
		}
		got.kern = int(k / 64)
		if g := fc.kern.gpos; g != nil {
			pv, err := g.PairAdjustment(fc.kern.lookups, fc.GlyphIndex(pr[0]), fc.GlyphIndex(pr[1]))
			if err != nil {
				t.Errorf("%s %q: %v", name, string(pr[:]), err)
			}
			got.dx1, got.ax2 = int(pv.First.XPlacement), int(pv.Second.XAdvance)
		} else {
			// The legacy table: HarfBuzz splits the value between the
			// two glyphs (hb_kern_machine_t); only the sum is compared.
			got.dx1, got.ax2 = w.dx1, w.ax2
		}
		if got.kern == w.kern && got.dx1 == w.dx1 && got.ax2 == w.ax2 {
			equal++
			continue
		}
		if bad++; bad <= 10 {
			t.Errorf("%s %q: kern %d dx1 %d ax2 %d, HarfBuzz %d %d %d", name, string(pr[:]), got.kern, got.dx1, got.ax2, w.kern, w.dx1, w.ax2)
		}
	}
	return compared, equal
}

// TestKernGolden checks Face.Kern of every mapped pair of kernChars in
// every corpus.KernFonts font against HarfBuzz's kerning recorded in the
// golden file.
func TestKernGolden(t *testing.T) {
	golden := readKernGolden(t)
	if len(golden) != len(corpus.KernFonts) {
		t.Fatalf("golden file has %d fonts, corpus.KernFonts %d", len(golden), len(corpus.KernFonts))
	}
	for _, cf := range corpus.KernFonts {
		t.Run(cf.Name, func(t *testing.T) {
			g := golden[cf.Name]
			if g == nil {
				t.Fatalf("%s not in %s", cf.Name, kernGoldenFile)
			}
			f, err := sfnt.Parse(corpus.Load(t, cf))
			if err != nil {
				t.Fatal(err)
			}
			if n := len(mappedPairs(f)); n != g.pairs {
				t.Fatalf("the font maps %d pairs, the golden file %d (another version of the font?)", n, g.pairs)
			}
			compared, equal := compareKern(t, cf.Name, f, g.nonzero)
			if compared == 0 || compared != g.pairs-g.differ {
				t.Fatalf("compared %d pairs, want %d", compared, g.pairs-g.differ)
			}
			t.Logf("%s: %d/%d pairs equal to HarfBuzz (%d kerned by HarfBuzz; %d shaped with other glyphs, not compared)",
				cf.Name, equal, compared, len(g.nonzero)-g.differ, g.differ)
		})
	}
}

// TestKernAllocs checks that KernIndex allocates nothing, on the GPOS
// path (DejaVu Sans) and on the 'kern' table path (Open Sans).
func TestKernAllocs(t *testing.T) {
	for _, cf := range corpus.KernFonts {
		if cf.Name != "DejaVuSans" && cf.Name != "OpenSans" {
			continue
		}
		f, err := sfnt.Parse(corpus.Load(t, cf))
		if err != nil {
			t.Fatal(err)
		}
		fc := unitFace(t, f)
		l, r := fc.GlyphIndex('T'), fc.GlyphIndex('o')
		if fc.KernIndex(l, r) == 0 {
			t.Fatalf("%s: T,o not kerned", cf.Name)
		}
		if n := testing.AllocsPerRun(100, func() { fc.KernIndex(l, r) }); n != 0 {
			t.Errorf("%s: KernIndex allocates %v times", cf.Name, n)
		}
	}
}
