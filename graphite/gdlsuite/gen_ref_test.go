//go:build reference

package gdlsuite

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/image/font/gofont/goregular"

	"fontvm/graphite/grcompare"
	"fontvm/internal/grref"
)

var (
	updateFonts  = flag.Bool("update-fonts", false, "recompile testdata/*.ttf from the GDL sources with grcompiler")
	updateGolden = flag.Bool("update", false, "rewrite testdata/golden.txt from live graphite2")
)

// GrcompilerVersion is the grcompiler the committed fonts were built with.
const GrcompilerVersion = "Graphite Compiler Version 5.2.1"

// compile runs grcompiler on testdata/b.GDL.gdl over Go Regular and returns
// the compiled font.
func compile(t *testing.T, b Build) []byte {
	t.Helper()
	dir := t.TempDir()
	base := filepath.Join(dir, "goregular.ttf")
	if err := os.WriteFile(base, goregular.TTF, 0o644); err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(filepath.Join("testdata", b.GDL+".gdl"))
	if err != nil {
		t.Fatal(err)
	}
	gdl := filepath.Join(dir, b.GDL+".gdl")
	if err := os.WriteFile(gdl, src, 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out.ttf")
	args := append([]string{"-q"}, b.Args...)
	cmd := exec.Command("grcompiler", append(args, gdl, base, out)...)
	cmd.Dir = dir
	msg, err := cmd.CombinedOutput()
	if err != nil {
		errs, _ := os.ReadFile(filepath.Join(dir, "gdlerr.txt"))
		t.Fatalf("grcompiler %s: %v\n%s\n%s", b.GDL, err, msg, errs)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestRebuildFonts checks the installed grcompiler is the recorded one,
// rebuilds every font from its GDL (with -update-fonts, writing it to
// testdata) and requires the committed font to equal the build.
func TestRebuildFonts(t *testing.T) {
	out, _ := exec.Command("grcompiler", "-h").CombinedOutput()
	if !bytes.Contains(out, []byte(GrcompilerVersion)) {
		t.Fatalf("grcompiler is not %q:\n%s", GrcompilerVersion, out)
	}
	for _, b := range Builds {
		data := compile(t, b)
		path := filepath.Join("testdata", b.Name+".ttf")
		if *updateFonts {
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		// grcompiler's output is deterministic: the committed font must be
		// exactly what the committed GDL compiles to.
		old, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(old, data) {
			t.Errorf("%s: committed font differs from grcompiler's build of %s.gdl (run with -update-fonts, then -update)", path, b.GDL)
		}
	}
}

// TestGoldenMatchesGraphite2 shapes every case with live graphite2 and
// requires the committed golden data to equal it (with -update, rewrites
// it first).
func TestGoldenMatchesGraphite2(t *testing.T) {
	cases, err := ReadCases("testdata/cases.txt")
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "# gdlsuite golden shaping results, design units (see README.md)\n# reference: %s\n", Reference)
	live := map[string]map[string]string{}
	shas := map[string]string{}
	refused := map[string]bool{}
	for _, b := range Builds {
		data, err := os.ReadFile(filepath.Join("testdata", b.Name+".ttf"))
		if err != nil {
			t.Fatal(err)
		}
		shas[b.Name] = FontSHA256(data)
		live[b.Name] = map[string]string{}
		if ok, _ := grref.Accepts(data); !ok {
			refused[b.Name] = true
			fmt.Fprintf(&sb, "# font %s %s refused\n", b.Name, shas[b.Name])
			continue
		}
		fmt.Fprintf(&sb, "# font %s %s accepted\n", b.Name, shas[b.Name])
		f, err := grref.Open(data)
		if err != nil {
			t.Fatalf("%s: graphite2: %v", b.Name, err)
		}
		for _, c := range cases {
			line := grcompare.NoSegment
			if r, err := f.Shape(c.Text, c.Opts); err == nil {
				line = r.Line()
			}
			live[b.Name][c.Key()] = line
		}
		f.Close()
	}
	for _, b := range Builds {
		for _, c := range cases {
			fmt.Fprintf(&sb, "%s\t%s\t%s\n", b.Name, c.Key(), live[b.Name][c.Key()])
		}
	}
	if *updateGolden {
		if err := os.WriteFile("testdata/golden.txt", []byte(sb.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	g, err := ReadGolden("testdata/golden.txt")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, b := range Builds {
		if g.FontSHA[b.Name] != shas[b.Name] {
			t.Errorf("%s: golden font hash %s, font %s", b.Name, g.FontSHA[b.Name], shas[b.Name])
		}
		if g.Refused[b.Name] != refused[b.Name] {
			t.Errorf("%s: golden says refused=%v, graphite2 now %v", b.Name, g.Refused[b.Name], refused[b.Name])
		}
		if len(g.Lines[b.Name]) != len(live[b.Name]) {
			t.Errorf("%s: golden has %d results, graphite2 now %d", b.Name, len(g.Lines[b.Name]), len(live[b.Name]))
		}
		for k, v := range live[b.Name] {
			n++
			if g.Lines[b.Name][k] != v {
				t.Errorf("%s %q: golden %q, graphite2 now %q", b.Name, k, g.Lines[b.Name][k], v)
			}
		}
	}
	t.Logf("%d golden results equal live %s", n, Reference)
}
