//go:build reference

package fontwriter_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"fontvm/internal/corpus"
)

func tool(t *testing.T, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		corpus.Missing(t, name)
	}
	return p
}

// TestFreeTypeLoads checks that FreeType (ftlint: every glyph, hinted, at
// several sizes) accepts the written fonts.
func TestFreeTypeLoads(t *testing.T) {
	ftlint := tool(t, "ftlint")
	for _, long := range []bool{false, true} {
		fw := testFont()
		fw.LongLoca = long
		data, err := fw.Bytes()
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(t.TempDir(), "w.ttf")
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		for _, size := range []string{"8", "12", "31"} {
			out, err := exec.Command(ftlint, size, p).CombinedOutput()
			if err != nil || !strings.Contains(string(out), "OK") {
				t.Errorf("ftlint %s: %v\n%s", size, err, out)
			}
		}
	}
}

// TestFontToolsLoads loads the written font with fontTools and compares
// its decoded glyphs, metrics and cmap with the writer's input.
func TestFontToolsLoads(t *testing.T) {
	py := "/usr/bin/python3"
	if _, err := os.Stat(py); err != nil {
		corpus.Missing(t, py)
	}
	fw := testFont()
	data, err := fw.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "w.ttf")
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	script := `
import sys, json
from fontTools.ttLib import TTFont
f = TTFont(sys.argv[1])
glyf = f['glyf']
out = {'glyphs': [], 'cmap': {}, 'hmtx': [], 'upem': f['head'].unitsPerEm,
       'fpgm': list(f['fpgm'].program.getBytecode()), 'cvt': list(f['cvt '].values),
       'silf': list(f.reader['Silf'])}
for name in f.getGlyphOrder():
    g = glyf[name]
    d = {'n': g.numberOfContours, 'pts': [], 'comps': [], 'ins': []}
    if g.numberOfContours > 0:
        d['pts'] = [[int(x), int(y), int(fl & 1)] for (x, y), fl in zip(g.coordinates, g.flags)]
        d['ends'] = list(g.endPtsOfContours)
    elif g.numberOfContours < 0:
        for c in g.components:
            d['comps'].append([f.getGlyphID(c.glyphName), c.flags])
    if hasattr(g, 'program') and g.program is not None:
        d['ins'] = list(g.program.getBytecode())
    out['glyphs'].append(d)
    out['hmtx'].append(list(f['hmtx'][name]))
for code, name in f.getBestCmap().items():
    out['cmap'][str(code)] = f.getGlyphID(name)
json.dump(out, sys.stdout)
`
	cmd := exec.Command(py, "-c", script, p)
	cmd.Stderr = os.Stderr
	raw, err := cmd.Output()
	if err != nil {
		t.Fatalf("fontTools: %v", err)
	}
	var got struct {
		Glyphs []struct {
			N     int
			Pts   [][3]int
			Ends  []int
			Comps [][2]int
			Ins   []int
		}
		Cmap map[string]int
		Hmtx [][2]int
		Upem int
		Fpgm []int
		Cvt  []int
		Silf []int
	}
	if err := json.Unmarshal(raw, &got); err != nil {
		t.Fatal(err)
	}
	if got.Upem != 2048 || len(got.Glyphs) != len(fw.Glyphs) {
		t.Fatalf("upem %d, %d glyphs", got.Upem, len(got.Glyphs))
	}
	for gid, wg := range fw.Glyphs {
		gg := got.Glyphs[gid]
		if len(gg.Ins) != len(wg.Instructions) {
			t.Errorf("glyph %d: %d instruction bytes, want %d", gid, len(gg.Ins), len(wg.Instructions))
		}
		if got.Hmtx[gid][0] != int(wg.Advance) {
			t.Errorf("glyph %d: advance %d", gid, got.Hmtx[gid][0])
		}
		switch {
		case len(wg.Contours) > 0:
			k := 0
			for _, c := range wg.Contours {
				for _, pt := range c {
					on := 0
					if pt.On {
						on = 1
					}
					if k >= len(gg.Pts) || gg.Pts[k] != [3]int{int(pt.X), int(pt.Y), on} {
						t.Fatalf("glyph %d point %d: fontTools %v, want %+v", gid, k, gg.Pts, pt)
					}
					k++
				}
			}
		case len(wg.Components) > 0:
			if gg.N != -1 || len(gg.Comps) != len(wg.Components) {
				t.Fatalf("glyph %d: fontTools %d contours, %v", gid, gg.N, gg.Comps)
			}
			for k, c := range wg.Components {
				if gg.Comps[k][0] != int(c.GlyphIndex) {
					t.Errorf("glyph %d component %d: glyph %d", gid, k, gg.Comps[k][0])
				}
			}
		default:
			if gg.N != 0 {
				t.Errorf("glyph %d: %d contours", gid, gg.N)
			}
		}
	}
	for r, g := range fw.Cmap {
		if got.Cmap[strconvItoa(int(r))] != int(g) {
			t.Errorf("cmap %U: fontTools %d, want %d", r, got.Cmap[strconvItoa(int(r))], g)
		}
	}
	if len(got.Cmap) != len(fw.Cmap) || len(got.Cvt) != len(fw.CVT) || len(got.Fpgm) != len(fw.Fpgm) || len(got.Silf) != len(fw.Tables["Silf"]) {
		t.Errorf("cmap %d entries, cvt %d, fpgm %d, Silf %d", len(got.Cmap), len(got.Cvt), len(got.Fpgm), len(got.Silf))
	}
}

func strconvItoa(i int) string {
	b, _ := json.Marshal(i)
	return string(b)
}
