package conformance

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"fontvm/internal/conformance/golden"
)

// Configs returns the configurations a suite runs in: for each of its
// ppems, each of golden.Modes.
func (s *Suite) Configs() []golden.Config {
	var cs []golden.Config
	for _, p := range s.PPEMs {
		for _, m := range golden.Modes {
			cs = append(cs, golden.Config{Mode: m[0], Target: m[1], PPEM: p})
		}
	}
	return cs
}

// FontSHA returns the hex SHA-256 of the suite's font.
func (s *Suite) FontSHA() string {
	h := sha256.Sum256(s.Font)
	return hex.EncodeToString(h[:])
}

// NumGlyphs returns the number of glyphs of the suite's font.
func (s *Suite) NumGlyphs() int { return len(s.Cases) + 1 }

// CaseName returns the name of glyph gid ("notdef" for 0).
func (s *Suite) CaseName(gid int) string {
	if gid >= 1 && gid <= len(s.Cases) {
		return s.Cases[gid-1].Name
	}
	return "notdef"
}

// SuiteGoldenPath returns the golden file of a suite.
func SuiteGoldenPath(root, suite string) string {
	return filepath.Join(SuiteDir(root), "golden", suite+".txt")
}

// A SuiteGolden is the reference's lines for every glyph of a suite in
// every configuration.
//
// File format: "# key value" header lines (reference, font sha256, flags),
// then one line per configuration and glyph, configurations in
// Suite.Configs order, glyphs in order:
//
//	MODE/TARGET/PPEM CASE LINE
type SuiteGolden struct {
	Reference string
	FontSHA   string
	Lines     map[golden.Config][]string // per configuration, per glyph
}

// WriteSuiteGolden writes g for suite s.
func WriteSuiteGolden(w io.Writer, s *Suite, g *SuiteGolden) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "# fontvm conformance golden lines for %s.ttasm (regenerate: go test -tags reference ./internal/conformance -run TestSuiteGoldenCurrent -update)\n", s.Name)
	fmt.Fprintf(bw, "# reference %s\n# sha256 %s\n# flags %s\n", g.Reference, g.FontSHA, golden.Flags)
	for _, c := range s.Configs() {
		ls := g.Lines[c]
		if len(ls) != s.NumGlyphs() {
			return fmt.Errorf("conformance: %s %v: %d lines for %d glyphs", s.Name, c, len(ls), s.NumGlyphs())
		}
		for gid, l := range ls {
			fmt.Fprintf(bw, "%s %s %s\n", c, s.CaseName(gid), l)
		}
	}
	return bw.Flush()
}

// ReadSuiteGolden reads a file written by WriteSuiteGolden.
func ReadSuiteGolden(path string) (*SuiteGolden, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	g := &SuiteGolden{Lines: map[golden.Config][]string{}}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<24)
	n := 0
	for sc.Scan() {
		n++
		t := sc.Text()
		if strings.HasPrefix(t, "# ") {
			k, v, _ := strings.Cut(t[2:], " ")
			switch k {
			case "reference":
				g.Reference = v
			case "sha256":
				g.FontSHA = v
			}
			continue
		}
		cfg, rest, ok1 := strings.Cut(t, " ")
		_, line, ok2 := strings.Cut(rest, " ")
		parts := strings.Split(cfg, "/")
		if !ok1 || !ok2 || len(parts) != 3 {
			return nil, fmt.Errorf("%w: %s:%d: malformed line", golden.ErrFormat, path, n)
		}
		ppem, err := strconv.Atoi(parts[2])
		if err != nil {
			return nil, fmt.Errorf("%w: %s:%d: bad ppem", golden.ErrFormat, path, n)
		}
		c := golden.Config{Mode: parts[0], Target: parts[1], PPEM: ppem}
		if want := "gid " + strconv.Itoa(len(g.Lines[c])) + " "; !strings.HasPrefix(line, want) {
			return nil, fmt.Errorf("%w: %s:%d: expected %q", golden.ErrFormat, path, n, want)
		}
		g.Lines[c] = append(g.Lines[c], line)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	return g, nil
}
