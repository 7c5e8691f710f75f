package face

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fontvm/internal/corpus"
	"fontvm/internal/fontwriter"
	"fontvm/sfnt"

	"golang.org/x/image/font"
)

// mvarGoldenFile records FreeType's face->size->metrics, face->os2's
// sxHeight and sCapHeight and face->horizontal's caret_Slope_Rise and
// caret_Slope_Run at instances of variable fonts with MVAR line-metric,
// x height, cap height and caret slope records, the variation set before
// the size (TestReferenceMVARSizeMetrics writes it).
const mvarGoldenFile = "testdata/mvar-sizemetrics.golden"

// mvarFont is one font of the MVAR size-metric tests: a file of the
// variable corpus (or, cff set, of the CFF corpus), optionally given a
// synthetic MVAR (none of the corpus's fonts has hasc, hdsc, hlgp or
// cpht records; the CFF2 ones have xhgt, TestGVAR-Composite-0 has hcrs
// and hcrn).
type mvarFont struct {
	name, file string
	cff        bool   // file is in corpus.CFFDir, not corpus.VariableDir
	mvar       []byte // nil: the font as it is
	specs      []string
}

// mvarSizes are the char sizes of the MVAR tests (parseSizeSpec's
// notation), whole and fractional, square and not.
var mvarSizes = []string{"9", "12", "13.5", "11@96", "12@96x72", "10@72x96", "20.75", "48"}

// mvarHintings are the hinting modes the tests build faces in (the
// public size metrics do not depend on them; the loaders differ).
var mvarHintings = []font.Hinting{font.HintingNone, font.HintingFull}

// mvarFonts returns the fonts and instances of the MVAR tests.
func mvarFonts() []mvarFont {
	// Source Serif's one axis (wght 200..900); TestGVAR-Composite-0's
	// one axis (slnt -15..0); Source Serif 4's CFF2 axes wght 200..900
	// and opsz 8..60, AdobeVFPrototype's wght 200..900 and CNTR 0..100
	// (synthetic MVARs vary along the first axis).
	wght := []string{"wght=200", "wght=300.5", "wght=389.33", "wght=650", "wght=777.7", "wght=900"}
	slnt := []string{"slnt=-15", "slnt=-7.3", "slnt=-0.5"}
	serif4 := []string{"wght=200", "wght=287.5,opsz=8", "opsz=60", "wght=650,opsz=33.3", "wght=900"}
	proto := []string{"wght=200", "wght=900,CNTR=100", "CNTR=37.5", "wght=512.25,CNTR=81"}
	return []mvarFont{
		{"SourceSerif", "SourceSerifVariable-Roman.ttf", false, nil, wght},
		{"SourceSerif+lines", "SourceSerifVariable-Roman.ttf", false, mvarTable(1, [][2]int16{{37, -23}, {-41, 19}, {133, -77}, {11, -7}, {-29, 17}, {143, -57}, {-31, 88}},
			[]string{"hasc", "hdsc", "hlgp", "xhgt", "cpht", "hcrs", "hcrn"}, []int{0, 1, 2, 3, 4, 5, 6}), wght},
		{"SourceSerif+wrap", "SourceSerifVariable-Roman.ttf", false, mvarTable(1, [][2]int16{{30000, -30000}, {-20000, 25000}, {32700, -32700}, {-32700, 32700}, {32767, -32768}},
			[]string{"hasc", "hdsc", "hlgp", "hasc", "xhgt", "cpht", "cpht", "hcrs", "hcrn", "hcrn"}, []int{1, 1, 0, 0, 2, 0, 3, 4, 2, 3}), wght},
		{"TestGVAR-Composite-0", "TestGVAR-Composite-0.ttf", false, nil, slnt},
		{"TestGVAR-Composite-0+lines", "TestGVAR-Composite-0.ttf", false, mvarTable(1, [][2]int16{{-250, 90}, {63, 140}, {-5, 301}},
			[]string{"hasc", "hdsc", "hlgp", "cpht"}, []int{0, 1, 2, 0}), slnt},
		{"SourceSerif4-CFF2", "SourceSerif4Variable-Roman_subset.otf", true, nil, serif4},
		{"SourceSerif4-CFF2+lines", "SourceSerif4Variable-Roman_subset.otf", true, mvarTable(2, [][2]int16{{41, -19}, {-37, 23}, {97, -61}, {-13, 29}, {53, -31}, {-211, 167}},
			[]string{"hasc", "hdsc", "hlgp", "xhgt", "cpht", "hcrn", "hcrs"}, []int{0, 1, 2, 3, 4, 5, 2}), serif4},
		{"AdobeVFPrototype-CFF2", "AdobeVFPrototype.otf", true, nil, proto},
	}
}

// mvarTable builds an MVAR table for a font with numAxes axes: one
// ItemVariationData over two regions (the first axis's positive side,
// peak 1, and its negative side, peak -1; the other axes' ranges 0)
// whose items are deltas (16-bit, per region), and value records
// tags[i] → item items[i] (in that order).
func mvarTable(numAxes int, deltas [][2]int16, tags []string, items []int) []byte {
	be16 := func(b []byte, v int) []byte { return binary.BigEndian.AppendUint16(b, uint16(v)) }
	be32 := func(b []byte, v int) []byte { return binary.BigEndian.AppendUint32(b, uint32(v)) }
	n := len(tags)
	storeOff := 12 + 8*n
	t := be16(nil, 1)
	t = be16(t, 0)
	t = be16(t, 0)
	t = be16(t, 8)
	t = be16(t, n)
	t = be16(t, storeOff)
	for i, tag := range tags {
		t = append(t, tag...)
		t = be16(t, 0)
		t = be16(t, items[i])
	}
	// ItemVariationStore: format, region list offset, one data offset.
	regions := 8 + 4
	data := regions + 4 + 2*6*numAxes
	t = be16(t, 1)
	t = be32(t, regions)
	t = be16(t, 1)
	t = be32(t, data)
	t = be16(t, numAxes) // axisCount
	t = be16(t, 2)       // regionCount
	for _, r := range [][3]int{{0, 0x4000, 0x4000}, {-0x4000, -0x4000, 0}} {
		for _, v := range r {
			t = be16(t, v)
		}
		for range numAxes - 1 {
			t = append(t, 0, 0, 0, 0, 0, 0)
		}
	}
	t = be16(t, len(deltas))
	t = be16(t, 2) // wordDeltaCount: both regions 16-bit
	t = be16(t, 2)
	t = be16(t, 0)
	t = be16(t, 1)
	for _, d := range deltas {
		t = be16(t, int(d[0]))
		t = be16(t, int(d[1]))
	}
	return t
}

// loadMVARFont reads f's file (skipping, or failing under
// FONTVM_REQUIRE_CORPUS, when it is missing) and gives it f's MVAR.
func loadMVARFont(t *testing.T, f mvarFont) []byte {
	t.Helper()
	dir := corpus.VariableDir()
	if f.cff {
		dir = corpus.CFFDir()
	}
	path := filepath.Join(dir, f.file)
	data, err := os.ReadFile(path)
	if err != nil {
		corpus.Missing(t, path)
	}
	if f.mvar != nil {
		if data, err = fontwriter.WithTable(data, "MVAR", f.mvar); err != nil {
			t.Fatal(err)
		}
	}
	return data
}

// mvarKey names one entry of mvarGoldenFile.
func mvarKey(font, spec, sz string) string { return font + " " + spec + " " + sz }

// mvarValues formats size metrics, OS/2 heights and the hhea caret
// slope as mvarGoldenFile records them: heights is "xHeight capHeight",
// or "- -" for a font without them (mvarHeights); then the caret's rise
// and run.
func mvarValues(xppem, yppem int, xs, ys, asc, desc, height, maxAdv int64, heights string, caretRise, caretRun int) string {
	return fmt.Sprintf("%d %d %d %d %d %d %d %d %s %d %d", xppem, yppem, xs, ys, asc, desc, height, maxAdv, heights, caretRise, caretRun)
}

// mvarHeights formats OS/2's x height and cap height for mvarValues
// ("- -" when ok is false: no OS/2 of version 2 or later).
func mvarHeights(xHeight, capHeight int, ok bool) string {
	if !ok {
		return "- -"
	}
	return fmt.Sprintf("%d %d", xHeight, capHeight)
}

// fontvmMVARValues builds a Face for data at spec and sz with hinting h
// and formats its SizeMetrics, the OS/2 heights its Metrics scale
// (os2Heights) and its Metrics' CaretSlope.
func fontvmMVARValues(t *testing.T, data []byte, spec, sz string, h font.Hinting) string {
	t.Helper()
	sf, err := sfnt.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	pt, xdpi, ydpi := parseSizeSpec(t, sz)
	fc, err := NewFace(sf, &FaceOptions{Size: pt, DPI: float64(xdpi), YDPI: float64(ydpi), Hinting: h, Variation: spec})
	if err != nil {
		t.Fatalf("%s %s: %v", spec, sz, err)
	}
	m := fc.SizeMetrics()
	xh, ch, ok := fc.os2Heights()
	caret := fc.Metrics().CaretSlope
	return mvarValues(m.XPPEM, m.YPPEM, m.XScale, m.YScale, m.Ascender, m.Descender, m.Height, m.MaxAdvance, mvarHeights(int(xh), int(ch), ok),
		caret.Y, caret.X)
}

// TestMVARSizeMetricsGolden checks a Face's SizeMetrics at every font,
// instance, size and hinting mode of the MVAR tests, the OS/2 x height
// and cap height its Metrics scale and its Metrics' CaretSlope, against
// FreeType's face->size->metrics, face->os2 and face->horizontal in
// mvarGoldenFile.
func TestMVARSizeMetricsGolden(t *testing.T) {
	golden := readMVARGolden(t)
	compared := 0
	for _, f := range mvarFonts() {
		data := loadMVARFont(t, f)
		for _, spec := range f.specs {
			for _, sz := range mvarSizes {
				key := mvarKey(f.name, spec, sz)
				want, ok := golden[key]
				if !ok {
					t.Fatalf("%s: no entry for %q", mvarGoldenFile, key)
				}
				for _, h := range mvarHintings {
					if got := fontvmMVARValues(t, data, spec, sz, h); got != want {
						t.Errorf("%s hinting %v: fontvm %s, FreeType %s", key, h, got, want)
					}
					compared++
				}
			}
		}
	}
	if want := len(golden) * len(mvarHintings); compared != want || compared == 0 {
		t.Fatalf("compared %d faces, want %d", compared, want)
	}
	t.Logf("%d faces' size metrics equal FreeType's (%d instances × sizes)", compared, len(golden))
}

// readMVARGolden reads mvarGoldenFile: values by key.
func readMVARGolden(t *testing.T) map[string]string {
	t.Helper()
	fh, err := os.Open(mvarGoldenFile)
	if err != nil {
		t.Fatalf("golden data: %v", err)
	}
	defer fh.Close()
	out := map[string]string{}
	sc := bufio.NewScanner(fh)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		k, v, ok := strings.Cut(line, ": ")
		if !ok {
			t.Fatalf("%s: bad line %q", mvarGoldenFile, line)
		}
		out[k] = v
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}
