//go:build reference

package cff_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"fontvm/internal/corpus"
)

// TestReferencePureCFF runs every pure CFF case (corpus CFF fonts
// without head, or with a zero-length head: FreeType's cff_face_init
// opens them as pure CFF) through ftpoints2 and fontvm and requires every
// glyph line to be identical. With -update it rewrites
// testdata/purecff.golden.
func TestReferencePureCFF(t *testing.T) {
	bin := buildFTPoints2(t)
	if bin == "" {
		return
	}
	dir := t.TempDir()
	var golden strings.Builder
	golden.WriteString("# headless corpus CFF fonts through ftpoints2 (FreeType 2.12.1, Debian 12 libfreetype6): font kind size mode<TAB>glyphs<TAB>sha256 of the output lines\n")
	total, cases := 0, 0
	for _, c := range pureCases() {
		data := corpus.Load(t, c.font)
		if data == nil {
			continue
		}
		hl := headless(t, data, c.kind)
		path := filepath.Join(dir, c.font.Name+"-"+c.kind+".otf")
		if err := os.WriteFile(path, hl, 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(bin, path, "--ppem", c.size, "--mode", c.mode).Output()
		if err != nil {
			t.Fatalf("%s: ftpoints2: %v", c.key(), err)
		}
		ref := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
		got := runPure(t, hl, c)
		if !compareLines(t, c.key(), got, ref) {
			continue
		}
		total += len(ref)
		cases++
		fmt.Fprintf(&golden, "%s\t%d\t%s\n", c.key(), len(ref), digest(ref))
	}
	if cases == 0 || total == 0 {
		t.Fatal("no case compared")
	}
	t.Logf("%d cases, %d glyphs compared with ftpoints2", cases, total)
	if *update {
		if err := os.WriteFile(filepath.Join("testdata", "purecff.golden"), []byte(golden.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
