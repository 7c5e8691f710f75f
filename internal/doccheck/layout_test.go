package doccheck

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// fileMaps lists the packages whose package documentation (doc.go) maps
// their files by concern. TestFileMapsMatchTree keeps each map equal to
// the package's non-test files.
var fileMaps = []string{"truetype/hint", "graphite/shape"}

// goFileName matches a Go file name as the file maps write it.
var goFileName = regexp.MustCompile(`\b[a-z0-9_]+\.go\b`)

// TestFileMapsMatchTree fails when a package's doc.go file map leaves out
// one of its non-test .go files, or names a file the package does not
// have.
func TestFileMapsMatchTree(t *testing.T) {
	root := moduleRoot(t)
	for _, pkg := range fileMaps {
		dir := filepath.Join(root, filepath.FromSlash(pkg))
		doc, err := os.ReadFile(filepath.Join(dir, "doc.go"))
		if err != nil {
			t.Errorf("%s: %v", pkg, err)
			continue
		}
		named := map[string]bool{}
		for _, m := range goFileName.FindAllString(string(doc), -1) {
			named[m] = true
		}
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil || len(files) == 0 {
			t.Errorf("%s: no Go files (%v)", pkg, err)
			continue
		}
		have := map[string]bool{}
		for _, f := range files {
			b := filepath.Base(f)
			if strings.HasSuffix(b, "_test.go") || b == "doc.go" {
				continue
			}
			have[b] = true
			if !named[b] {
				t.Errorf("%s/doc.go: the file map leaves out %s", pkg, b)
			}
		}
		var extra []string
		for n := range named {
			if !have[n] && n != "doc.go" {
				extra = append(extra, n)
			}
		}
		sort.Strings(extra)
		for _, n := range extra {
			t.Errorf("%s/doc.go: the file map names %s, which the package does not have", pkg, n)
		}
	}
}

// tablePath matches a path cell of DEVELOPERS.md's layout table.
var tablePath = regexp.MustCompile("`([a-z0-9_/]+)/`")

// TestDevelopersLayoutMatchesTree fails when DEVELOPERS.md's layout table
// leaves out a directory holding Go files, or names one that does not
// exist. A directory counts as listed when it or a parent up to the
// module root is a row of the table and the directory is named in that
// row (for subdirectories such as internal/conformance/golden) or is the
// row itself.
func TestDevelopersLayoutMatchesTree(t *testing.T) {
	root := moduleRoot(t)
	md, err := os.ReadFile(filepath.Join(root, "DEVELOPERS.md"))
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]string{} // listed directory -> its row
	for _, line := range strings.Split(string(md), "\n") {
		if !strings.HasPrefix(line, "| `") {
			continue
		}
		cells := strings.SplitN(line, "|", 3)
		for _, m := range tablePath.FindAllStringSubmatch(cells[1], -1) {
			rows[m[1]] = line
		}
	}
	if len(rows) < 20 {
		t.Fatalf("only %d directories in DEVELOPERS.md's layout table: format changed?", len(rows))
	}
	for d := range rows {
		if fi, err := os.Stat(filepath.Join(root, filepath.FromSlash(d))); err != nil || !fi.IsDir() {
			t.Errorf("DEVELOPERS.md lists %s/, which does not exist", d)
		}
	}
	dirs := map[string]bool{}
	err = filepath.WalkDir(root, func(p string, e os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := e.Name()
		if e.IsDir() && p != root && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
			return filepath.SkipDir
		}
		if !e.IsDir() && strings.HasSuffix(name, ".go") {
			rel, _ := filepath.Rel(root, filepath.Dir(p))
			if rel != "." {
				dirs[filepath.ToSlash(rel)] = true
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for d := range dirs {
		if _, ok := rows[d]; ok {
			continue
		}
		// a subdirectory named in its parent's row: "golden/" or "cmd/x"
		listed := false
		for p := d; strings.Contains(p, "/"); {
			p = p[:strings.LastIndex(p, "/")]
			if row, ok := rows[p]; ok && strings.Contains(row, strings.TrimPrefix(d, p+"/")) {
				listed = true
				break
			}
		}
		if !listed {
			t.Errorf("DEVELOPERS.md's layout table leaves out %s/", d)
		}
	}
}
