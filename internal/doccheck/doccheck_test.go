package doccheck

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// mayLackDocs lists the files (slash paths from the module root) whose
// functions may still lack doc comments, because other work is rewriting
// them. The list can only shrink: an entry whose file is fully documented,
// or no longer exists, fails the test until it is removed.
var mayLackDocs = []string{}

// moduleRoot returns the directory holding go.mod, searching upwards
// from the test's working directory (its package directory).
func moduleRoot(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test's directory")
		}
		dir = parent
	}
}

// undocumented parses every non-test .go file under root, skipping the
// directories the go command ignores (testdata, names starting with "."
// or "_") and nested modules, and returns, per file (slash path relative
// to root), "line: name" for each function or method whose doc comment is
// missing or holds only directives (//go:noinline and the like). Build
// constraints are not applied, so reference-tagged files are checked too.
func undocumented(t *testing.T, root string) (map[string][]string, int) {
	t.Helper()
	out := map[string][]string{}
	nfiles := 0
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path == root {
				return nil
			}
			if name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		nfiles++
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || (fd.Doc != nil && strings.TrimSpace(fd.Doc.Text()) != "") {
				continue
			}
			out[rel] = append(out[rel], strings.TrimPrefix(fset.Position(fd.Pos()).String(), path+":")+": "+funcName(fd))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out, nfiles
}

// funcName returns fd's name, as Recv.Method for a method.
func funcName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	typ := fd.Recv.List[0].Type
	if s, ok := typ.(*ast.StarExpr); ok {
		typ = s.X
	}
	switch x := typ.(type) {
	case *ast.IndexExpr:
		typ = x.X
	case *ast.IndexListExpr:
		typ = x.X
	}
	if id, ok := typ.(*ast.Ident); ok {
		return id.Name + "." + fd.Name.Name
	}
	return fd.Name.Name
}

// TestEveryFunctionDocumented fails listing every function and method of
// the module's non-test files that has no doc comment, except in the files
// of mayLackDocs, and fails for each mayLackDocs entry that is no longer
// needed.
func TestEveryFunctionDocumented(t *testing.T) {
	root := moduleRoot(t)
	missing, nfiles := undocumented(t, root)
	if nfiles < 100 {
		t.Fatalf("only %d non-test .go files found under %s: wrong root?", nfiles, root)
	}
	allowed := map[string]bool{}
	for _, f := range mayLackDocs {
		allowed[f] = true
		if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(f))); err != nil {
			t.Errorf("mayLackDocs lists %s, which does not exist: remove the entry", f)
		} else if len(missing[f]) == 0 {
			t.Errorf("%s is fully documented now: remove it from mayLackDocs", f)
		}
	}
	var files []string
	for f := range missing {
		if !allowed[f] {
			files = append(files, f)
		}
	}
	sort.Strings(files)
	n := 0
	var b strings.Builder
	for _, f := range files {
		for _, m := range missing[f] {
			b.WriteString("\n\t" + f + ":" + m)
			n++
		}
	}
	if n > 0 {
		t.Errorf("%d functions without a doc comment (say what each does and which FreeType or graphite2 function it mirrors, if any):%s", n, b.String())
	}
}
