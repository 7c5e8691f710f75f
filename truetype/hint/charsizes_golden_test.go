package hint

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"fontvm/internal/conformance/golden"
	"fontvm/internal/corpus"
	"fontvm/size"
)

// charSizeGoldenFile holds, per font, char size, mode and target, the
// hash (golden.Hasher) of FreeType's lines for every glyph, written by
// TestCharSizesVsFreeType (reference; FONTVM_UPDATE_GOLDEN=1).
const charSizeGoldenFile = "testdata/charsizes.golden"

// charSizeCases are the char sizes of the char-size tests, as
// FT_Set_Char_Size(face, 0, height, hres, vres) takes them: fractional
// pixel sizes at 72 dpi (7.5, 13.333 and 20.75 px), common screen sizes
// (10.5 and 11 pt at 96 dpi) and non-square pixels (12 pt at 96×72, 10
// pt at 72×120 dpi).
var charSizeCases = []struct {
	name       string
	height     int64
	hres, vres uint32
}{
	{"7.5", 480, 72, 72}, {"10.5@96", 672, 96, 96}, {"11@96", 704, 96, 96}, {"12@96x72", 768, 96, 72},
	{"10@72x120", 640, 72, 120}, {"13.333", 853, 72, 72}, {"20.75", 1328, 72, 72},
}

// charSizeFonts are the fonts of the char-size tests: every hinted
// TrueType font of the corpus (the Go fonts, DejaVu, Liberation, Charis
// SIL, Andika, Annapurna SIL, Scheherazade, Chrome OS's core fonts) and
// Go Regular with head.flags bit 3 cleared (GoRegular-fractional: hinted
// at fractional scales, and always available).
func charSizeFonts() []corpus.Font {
	fs := slices.Concat(corpus.GoFonts, corpus.HintedFonts, corpus.CrosCoreFonts)
	return append(fs, corpus.GoRegularFractional())
}

// charSizeKey names one configuration in the golden file.
func charSizeKey(font string, height int64, hres, vres uint32, o Options) string {
	return fmt.Sprintf("%s %d %dx%d %v/%v", font, height, hres, vres, o.Mode, o.Target)
}

// charSizeHash loads every glyph of f at the char size with options o
// and returns the hash of its golden lines.
func charSizeHash(t *testing.T, f *Font, height int64, hres, vres uint32, o Options) uint64 {
	in, err := f.NewInstanceRequest(size.CharSize(0, height, hres, vres), o)
	if err != nil {
		t.Fatal(err)
	}
	h := golden.NewHasher()
	var g Glyph
	var line []byte
	var xy []int64
	var ends []int32
	for gid := 0; gid < f.NumGlyphs(); gid++ {
		err := in.LoadGlyph(gid, &g)
		line, xy, ends = appendLine(line[:0], gid, &g, err, xy, ends)
		h.Add(line)
	}
	return h.Sum()
}

// TestCharSizeGolden checks outlines at fractional and non-square char
// sizes against the FreeType hashes in charSizeGoldenFile: by default
// for the Go fonts (Go Regular also without integer ppem), Charis SIL,
// Andika, DejaVu Sans and Liberation Sans; with -short for Go Regular
// (both) and Charis SIL; with FONTVM_GOLDEN_ALL=1 for every font.
func TestCharSizeGolden(t *testing.T) {
	sel := func(name string) bool {
		switch {
		case os.Getenv("FONTVM_GOLDEN_ALL") != "":
			return true
		case testing.Short():
			return name == "GoRegular" || name == "GoRegular-fractional" || name == "CharisSIL"
		}
		return strings.HasPrefix(name, "Go") || slices.Contains([]string{"CharisSIL", "Andika", "DejaVuSans", "LiberationSans"}, name)
	}
	file, err := os.Open(charSizeGoldenFile)
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	want := map[string]string{} // configuration -> hash
	shas := map[string]string{} // font -> sha256 prefix
	version := ""
	sc := bufio.NewScanner(file)
	for sc.Scan() {
		l := sc.Text()
		switch {
		case strings.HasPrefix(l, "# FreeType "):
			version = strings.TrimSuffix(strings.Fields(l)[2], ":")
		case strings.HasPrefix(l, "font "):
			f := strings.Fields(l)
			shas[f[1]] = f[2]
		case l != "" && !strings.HasPrefix(l, "#"):
			i := strings.LastIndexByte(l, ' ')
			want[l[:i]] = l[i+1:]
		}
	}
	if version == "" || len(want) == 0 {
		t.Fatalf("%s: no FreeType version or no hashes", charSizeGoldenFile)
	}
	checked, fonts := 0, 0
	for _, cf := range charSizeFonts() {
		if !sel(cf.Name) {
			continue
		}
		data := corpus.Load(t, cf)
		if sum := sha256.Sum256(data); hex.EncodeToString(sum[:8]) != shas[cf.Name] {
			t.Errorf("%s differs from the font the golden file was recorded with", cf.Name)
			continue
		}
		f := mustFont(t, data)
		fonts++
		for _, c := range charSizeCases {
			for _, o := range loaderOptions {
				key := charSizeKey(cf.Name, c.height, c.hres, c.vres, o)
				h, ok := want[key]
				if !ok {
					t.Errorf("%s: not in the golden file", key)
					continue
				}
				if got := fmt.Sprintf("%016x", charSizeHash(t, f, c.height, c.hres, c.vres, o)); got != h {
					t.Errorf("%s (%s): hash %s, FreeType %s %s", key, c.name, got, version, h)
				}
				checked++
			}
		}
	}
	if fonts == 0 || checked != fonts*len(charSizeCases)*len(loaderOptions) {
		t.Fatalf("compared %d configurations of %d fonts", checked, fonts)
	}
	t.Logf("%d configurations of %d fonts agree with FreeType %s", checked, fonts, version)
}
