//go:build reference

// Command gengolden records the corpus golden files that plain `go test`
// compares fontvm's TrueType interpreter against, using the linked FreeType:
//
//	go run -tags reference ./internal/ftref/cmd/gengolden [-dir DIR] [-font NAME]
//
// Every font of corpus.GoFonts and corpus.HintedFonts (all must be present)
// is loaded in every golden.Configs() configuration; one file per font,
// golden.FileName(name), is written to DIR (default: the repository's
// truetype/hint/testdata/golden). The header records the FreeType version
// and the Debian package version of libfreetype6 (dpkg-query).
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"fontvm/internal/conformance/golden"
	"fontvm/internal/corpus"
	"fontvm/internal/ftref"
)

// main parses the flags, writes the golden files and exits 1 with the
// error on stderr if that fails.
func main() {
	dir := flag.String("dir", golden.Dir(corpus.Root()), "output directory")
	only := flag.String("font", "", "only this corpus font")
	flag.Parse()
	if err := run(*dir, *only); err != nil {
		fmt.Fprintln(os.Stderr, "gengolden:", err)
		os.Exit(1)
	}
}

// reference describes the linked FreeType as golden.Reference does.
func reference() (string, error) {
	out, err := exec.Command("dpkg-query", "-W", "-f=${Version}", "libfreetype6").Output()
	if err != nil {
		return "", fmt.Errorf("dpkg-query libfreetype6: %v", err)
	}
	osr, _ := os.ReadFile("/etc/debian_version")
	major, _, _ := strings.Cut(strings.TrimSpace(string(osr)), ".")
	return fmt.Sprintf("FreeType %s (Debian %s, libfreetype6 %s)", ftref.Version(), major, strings.TrimSpace(string(out))), nil
}

// run checks that the linked FreeType is the one golden.Reference names,
// then records the golden file of every corpus font (only the one named
// only, when set) into dir with ftref.Golden, printing its size and the
// time taken. A missing font, a failing FreeType setup or a write error
// is returned.
func run(dir, only string) error {
	ref, err := reference()
	if err != nil {
		return err
	}
	if ref != golden.Reference {
		return fmt.Errorf("linked reference is %q, repository expects %q", ref, golden.Reference)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	fonts := append(append([]corpus.Font(nil), corpus.GoFonts...), corpus.HintedFonts...)
	var total int64
	for _, f := range fonts {
		if only != "" && f.Name != only {
			continue
		}
		data := f.Data
		if data == nil {
			if data, err = os.ReadFile(f.Path); err != nil {
				return err
			}
		}
		t := time.Now()
		g, err := ftref.Golden(f.Name, data, golden.Configs(), ref)
		if err != nil {
			return err
		}
		var b bytes.Buffer
		if err := golden.Write(&b, g); err != nil {
			return err
		}
		p := filepath.Join(dir, golden.FileName(f.Name))
		if err := os.WriteFile(p, b.Bytes(), 0o644); err != nil {
			return err
		}
		total += int64(b.Len())
		fmt.Printf("%-20s %5d glyphs %3d configs %8d bytes %v\n", f.Name, g.NumGlyphs, len(g.Records), b.Len(), time.Since(t).Round(time.Millisecond))
	}
	fmt.Printf("total %d bytes\n", total)
	return nil
}
