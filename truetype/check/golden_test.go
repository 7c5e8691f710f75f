package check

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"fontvm/internal/corpus"
)

// The golden findings: FreeType 2.12.1's FT_LOAD_PEDANTIC errors for a
// few fonts at a few sizes in three modes (written by the reference test
// TestPedanticGolden with -update), which a plain sweep must reproduce.

const goldenPath = "testdata/pedantic.golden"

var (
	goldenPPEMs = []int{9, 12, 20}
	goldenModes = "v35,v40,v40mono"
)

// goldenFonts are the golden file's fonts.
func goldenFonts() []corpus.Font {
	var fs []corpus.Font
	for _, f := range corpus.HintedFonts {
		switch f.Name {
		case "CharisSIL", "DejaVuSans", "LiberationSans":
			fs = append(fs, f)
		}
	}
	fs = append(fs, corpus.GoFonts[0])
	for _, f := range corpus.CrosCoreFonts {
		if f.Name == "Arimo-Regular" || f.Name == "Tinos-Bold" {
			fs = append(fs, f)
		}
	}
	return fs
}

// goldenFile is the parsed golden file: per font name, its SHA-256 and
// finding lines "mode ppem gid code".
type goldenFile struct {
	reference string
	sha       map[string]string
	lines     map[string][]string
}

// fontSHA is the SHA-256 of a font, in hex.
func fontSHA(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

// findingLines are the sorted golden lines of findings.
func findingLines(found []Finding) []string {
	var out []string
	for _, f := range found {
		out = append(out, fmt.Sprintf("%s %d %d %d", f.Mode, f.PPEM, f.GID, f.Code))
	}
	sort.Strings(out)
	return out
}

// readGolden parses the golden file.
func readGolden(t *testing.T) *goldenFile {
	t.Helper()
	fh, err := os.Open(goldenPath)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	g := &goldenFile{sha: map[string]string{}, lines: map[string][]string{}}
	sc := bufio.NewScanner(fh)
	var font string
	for sc.Scan() {
		l := sc.Text()
		switch {
		case strings.HasPrefix(l, "# reference "):
			g.reference = strings.TrimPrefix(l, "# reference ")
		case strings.HasPrefix(l, "font "):
			f := strings.Fields(l)
			if len(f) != 3 {
				t.Fatalf("bad line %q", l)
			}
			font = f[1]
			g.sha[font] = f[2]
			g.lines[font] = []string{}
		case l == "" || strings.HasPrefix(l, "#"):
		default:
			if font == "" || len(strings.Fields(l)) != 4 {
				t.Fatalf("bad line %q", l)
			}
			g.lines[font] = append(g.lines[font], l)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return g
}

// writeGolden writes the golden file from per-font finding lines.
func writeGolden(reference string, fonts []corpus.Font, data map[string][]byte, lines map[string][]string) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# FT_LOAD_PEDANTIC glyph errors (mode ppem gid code), fterrdef.h codes\n# reference %s\n# ppems %s modes %s\n",
		reference, strings.Trim(fmt.Sprint(goldenPPEMs), "[]"), goldenModes)
	for _, f := range fonts {
		fmt.Fprintf(&b, "font %s %s\n", f.Name, fontSHA(data[f.Name]))
		for _, l := range lines[f.Name] {
			b.WriteString(l + "\n")
		}
	}
	if err := os.MkdirAll(filepath.Dir(goldenPath), 0o755); err != nil {
		return err
	}
	return os.WriteFile(goldenPath, []byte(b.String()), 0o644)
}

// TestPedanticGoldenFontvm: a pedantic sweep of the golden fonts finds
// exactly the golden (FreeType) findings.
func TestPedanticGoldenFontvm(t *testing.T) {
	g := readGolden(t)
	if !strings.HasPrefix(g.reference, "FreeType 2.12.1") {
		t.Fatalf("golden reference %q", g.reference)
	}
	modes, err := ParseModes(goldenModes)
	if err != nil {
		t.Fatal(err)
	}
	total, compared := 0, 0
	for _, cf := range goldenFonts() {
		want, ok := g.lines[cf.Name]
		if !ok {
			t.Fatalf("golden file has no font %s", cf.Name)
		}
		data := corpus.Load(t, cf)
		if s := fontSHA(data); s != g.sha[cf.Name] {
			corpus.Missing(t, fmt.Sprintf("%s as recorded (sha256 %s, installed %s)", cf.Name, g.sha[cf.Name], s))
		}
		f, err := NewFont(cf.Name, data)
		if err != nil {
			t.Fatal(err)
		}
		found, _, err := Sweep([]*Font{f}, Options{PPEMs: goldenPPEMs, Modes: modes, Pedantic: true, Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		got := findingLines(found)
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s: %d findings, golden %d; first difference: %s", cf.Name, len(got), len(want), firstDiff(got, want))
		}
		total += len(want)
		compared++
	}
	if compared != len(goldenFonts()) || total < 500 {
		t.Fatalf("compared %d fonts, %d golden findings", compared, total)
	}
}

// firstDiff describes the first line where got and want differ.
func firstDiff(got, want []string) string {
	for i := 0; i < len(got) || i < len(want); i++ {
		var a, b string
		if i < len(got) {
			a = got[i]
		}
		if i < len(want) {
			b = want[i]
		}
		if a != b {
			return "line " + strconv.Itoa(i) + ": fontvm " + strconv.Quote(a) + ", golden " + strconv.Quote(b)
		}
	}
	return "none"
}
