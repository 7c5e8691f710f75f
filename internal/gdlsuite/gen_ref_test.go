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

	"fontvm/internal/grcompare"
	"fontvm/internal/grref"
)

var (
	updateFonts  = flag.Bool("update-fonts", false, "recompile testdata/*.ttf from the GDL sources with grcompiler")
	updateGolden = flag.Bool("update", false, "rewrite testdata/golden.txt from live graphite2")
)

// GrcompilerVersion is the grcompiler the committed fonts were built with.
const GrcompilerVersion = "Graphite Compiler Version 5.2.1"

// FontToolsVersion is the fontTools that subsets Go Regular into base.ttf.
const FontToolsVersion = "4.38.0"

// subsetBase makes the suite's base font from Go Regular with fontTools'
// subsetter: the cmap keeps ASCII and U+00B4, every glyph id is kept
// (--retain-gids, up to the last one) so that grcompiler sees Go Regular's
// 712 glyphs, and the outlines of glyphs outside the subset are emptied.
func subsetBase(t *testing.T) []byte {
	t.Helper()
	out, err := exec.Command("/usr/bin/python3", "-c", "import fontTools; print(fontTools.version)").Output()
	if err != nil || strings.TrimSpace(string(out)) != FontToolsVersion {
		t.Fatalf("fontTools is not %s: %s %v", FontToolsVersion, out, err)
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "goregular.ttf")
	if err := os.WriteFile(in, goregular.TTF, 0o644); err != nil {
		t.Fatal(err)
	}
	res := filepath.Join(dir, "base.ttf")
	cmd := exec.Command("/usr/bin/python3", "-m", "fontTools.subset", in,
		"--unicodes=U+0020-007E,U+00B4", "--gids=711", "--retain-gids",
		"--layout-features=", "--name-IDs=*", "--output-file="+res)
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("fontTools.subset: %v\n%s", err, msg)
	}
	data, err := os.ReadFile(res)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// compile runs grcompiler on testdata/b.GDL.gdl over testdata/base.ttf and
// returns the compiled font.
func compile(t *testing.T, b Build) []byte {
	t.Helper()
	dir := t.TempDir()
	baseData, err := os.ReadFile(filepath.Join("testdata", "base.ttf"))
	if err != nil {
		t.Fatal(err)
	}
	base := filepath.Join(dir, "base.ttf")
	if err := os.WriteFile(base, baseData, 0o644); err != nil {
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

// TestRebuildFonts checks the installed grcompiler and fontTools are the
// recorded ones, rebuilds base.ttf and every font from its GDL (with
// -update-fonts, writing them to testdata) and requires the committed files
// to equal the builds.
func TestRebuildFonts(t *testing.T) {
	out, _ := exec.Command("grcompiler", "-h").CombinedOutput()
	if !bytes.Contains(out, []byte(GrcompilerVersion)) {
		t.Fatalf("grcompiler is not %q:\n%s", GrcompilerVersion, out)
	}
	base := subsetBase(t)
	basePath := filepath.Join("testdata", "base.ttf")
	if *updateFonts {
		if err := os.WriteFile(basePath, base, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if old, err := os.ReadFile(basePath); err != nil || !bytes.Equal(old, base) {
		t.Fatalf("%s differs from fontTools' subset of Go Regular (run with -update-fonts, then -update): %v", basePath, err)
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
	fonts := suiteFonts(t)
	for _, f := range fonts {
		b, data := f, f.Data
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
	for _, b := range fonts {
		if refused[b.Name] {
			continue
		}
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
	for _, b := range fonts {
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
