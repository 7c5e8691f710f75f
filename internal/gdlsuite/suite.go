// Package gdlsuite is fontvm's grcompiler-built Graphite test suite: GDL
// sources written for fontvm (testdata/*.gdl), compiled by grcompiler over
// Go Regular into small test fonts (testdata/*.ttf), with golden shaping
// results recorded from graphite2 1.3.14 (testdata/golden.txt). The plain
// tests check that the fonts' rule code covers graphite2's opcodes and
// that fontvm's engine reproduces the golden results exactly; the
// reference-tag tests rebuild the fonts and check the golden data against
// live graphite2. See testdata/README.md.
package gdlsuite

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"strings"

	"fontvm/internal/grref"
)

// Build describes one compiled test font: testdata/GDL.gdl compiled with
// grcompiler Args into testdata/Name.ttf.
type Build struct {
	Name string   // font file base name
	GDL  string   // GDL source base name
	Args []string // grcompiler options
}

// Builds are the suite's fonts.
var Builds = []Build{
	{Name: "ops-v5", GDL: "ops", Args: []string{"-v5"}},
	{Name: "ops-v4", GDL: "ops", Args: []string{"-v4"}},
	{Name: "attrs-v5", GDL: "attrs", Args: []string{"-v5"}},
	// -p (no pass-avoidance optimizations) lets grcompiler keep Silf 2.0
	// and version 2.0 rule code, with its 8-bit opcodes.
	{Name: "old-v2", GDL: "old", Args: []string{"-p", "-v2"}},
	// graphite2 refuses this one (see setfeat.gdl): the suite checks that
	// fontvm refuses it too.
	{Name: "setfeat-v5", GDL: "setfeat", Args: []string{"-v5"}},
}

// Reference is the graphite2 the golden data comes from.
const Reference = "graphite2 1.3.14 (Debian 12)"

// A Case is one shaping input of testdata/cases.txt.
type Case struct {
	Text []rune
	Opts grref.Options
}

// Key is the case's golden-file key: its code points and options.
func (c Case) Key() string { return grref.Codes(c.Text) + "\t" + optString(c.Opts) }

// optString formats a case's options for its golden key: "ltr" or "rtl",
// then the features as grref.FormatFeatures writes them and the
// justification percentage ("j=N") when set.
func optString(o grref.Options) string {
	s := "ltr"
	if o.RTL {
		s = "rtl"
	}
	if len(o.Features) > 0 {
		s += " " + grref.FormatFeatures(o.Features)
	}
	if o.Justify > 0 {
		s += fmt.Sprintf(" j=%d", o.Justify)
	}
	return s
}

// ReadCases reads cases.txt: one case a line, "TEXT<TAB>OPTIONS" where
// OPTIONS is "ltr" or "rtl", optionally followed by a feature list
// (tag=value,...) and "j=PERCENT" (justify to that percentage of the
// natural width, as gr2fonttest -j), separated by spaces; '#' lines are comments. In TEXT, \uXXXX escapes a
// code point.
func ReadCases(path string) ([]Case, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []Case
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		n++
		s := sc.Text()
		if strings.TrimSpace(s) == "" || strings.HasPrefix(s, "#") {
			continue
		}
		text, opts, ok := strings.Cut(s, "\t")
		if !ok {
			return nil, fmt.Errorf("%s:%d: no tab", path, n)
		}
		var c Case
		for i := 0; i < len(text); {
			if strings.HasPrefix(text[i:], `\u`) && i+6 <= len(text) {
				var r rune
				if _, err := fmt.Sscanf(text[i+2:i+6], "%04x", &r); err != nil {
					return nil, fmt.Errorf("%s:%d: bad escape: %v", path, n, err)
				}
				c.Text = append(c.Text, r)
				i += 6
				continue
			}
			r := []rune(text[i:])[0]
			c.Text = append(c.Text, r)
			i += len(string(r))
		}
		fields := strings.Fields(opts)
		if len(fields) == 0 {
			return nil, fmt.Errorf("%s:%d: no options", path, n)
		}
		switch dir := fields[0]; dir {
		case "ltr":
		case "rtl":
			c.Opts.RTL = true
		default:
			return nil, fmt.Errorf("%s:%d: direction %q", path, n, dir)
		}
		for _, f := range fields[1:] {
			if v, ok := strings.CutPrefix(f, "j="); ok {
				if _, err := fmt.Sscanf(v, "%d", &c.Opts.Justify); err != nil || c.Opts.Justify <= 0 {
					return nil, fmt.Errorf("%s:%d: bad %q", path, n, f)
				}
				continue
			}
			fs, err := grref.ParseFeatures(f)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %v", path, n, err)
			}
			c.Opts.Features = append(c.Opts.Features, fs...)
		}
		out = append(out, c)
	}
	return out, sc.Err()
}

// Golden is the golden file: the reference it came from, each font's
// SHA-256, and per font and case key the result line.
type Golden struct {
	Reference string
	FontSHA   map[string]string
	Refused   map[string]bool              // fonts graphite2 refuses (no results)
	Lines     map[string]map[string]string // font -> key -> line
}

// FontSHA256 is the hex SHA-256 of data.
func FontSHA256(data []byte) string {
	h := sha256.Sum256(data)
	return hex.EncodeToString(h[:])
}

// ReadGolden reads golden.txt: "# reference: R", "# font NAME SHA256
// accepted|refused" lines, then "FONT<TAB>CODES<TAB>OPTIONS<TAB>LINE" lines.
func ReadGolden(path string) (*Golden, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	g := &Golden{FontSHA: map[string]string{}, Refused: map[string]bool{}, Lines: map[string]map[string]string{}}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	n := 0
	for sc.Scan() {
		n++
		s := sc.Text()
		if v, ok := strings.CutPrefix(s, "# reference: "); ok {
			g.Reference = v
			continue
		}
		if v, ok := strings.CutPrefix(s, "# font "); ok {
			f := strings.Fields(v)
			if len(f) != 3 || (f[2] != "accepted" && f[2] != "refused") {
				return nil, fmt.Errorf("%s:%d: bad font line", path, n)
			}
			g.FontSHA[f[0]] = f[1]
			g.Refused[f[0]] = f[2] == "refused"
			continue
		}
		if s == "" || strings.HasPrefix(s, "#") {
			continue
		}
		col := strings.Split(s, "\t")
		if len(col) != 4 {
			return nil, fmt.Errorf("%s:%d: %d columns, want 4", path, n, len(col))
		}
		if g.Lines[col[0]] == nil {
			g.Lines[col[0]] = map[string]string{}
		}
		g.Lines[col[0]][col[1]+"\t"+col[2]] = col[3]
	}
	return g, sc.Err()
}
