package hint

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"fontvm/internal/ftmath"
	"fontvm/size"
)

// vvarGoldenFile holds, per VVAR case, the SHA-256 of FreeType's vertical
// glyph lines (vvarLine's format) and the glyph count (written by
// TestVVARReference with FONTVM_UPDATE_GOLDEN=1).
const vvarGoldenFile = "testdata/golden/vvar.golden"

// vvarDir holds the VVAR test fonts (make_vvar.py builds them).
const vvarDir = "testdata/vvar"

// vvarFonts are the VVAR test fonts, each with the instances the tests
// load it at (ParseVariation specs: the default, named instances, axis
// extremes and an off-grid instance).
var vvarFonts = []struct {
	name  string
	specs []string
}{
	{"vvar-map.ttf", vvarOneSpecs},
	{"vvar-direct.ttf", vvarOneSpecs},
	{"vvar-large.ttf", vvarOneSpecs},
	{"vvar-badversion.ttf", vvarOneSpecs},
	{"vvar-composite.ttf", []string{"slnt=0", "slnt=-15", "slnt=-4.3", "slnt=-11.71"}},
}

// vvarOneSpecs are the instances of the fonts built from TestCVARGVAROne
// (axes wght 28..94..194, wdth 70..100, opsz 12..72).
var vvarOneSpecs = []string{"wght=94", "wght=28,wdth=70", "wght=194,wdth=70", "wght=194,opsz=72", "wght=61.3,wdth=83.7,opsz=40.1"}

// A vvarCase is one font, instance, char size (26.6 points at 72 dpi)
// and mode of the VVAR tests.
type vvarCase struct {
	font, spec, mode string
	charSize         int64
}

// String names the case as the golden file does.
func (c vvarCase) String() string {
	return fmt.Sprintf("%s %s %g %s", c.font, c.spec, float64(c.charSize)/64, c.mode)
}

// vvarCases lists every case: each font at each of its instances, at
// three sizes (one fractional) and four modes.
func vvarCases() []vvarCase {
	var cs []vvarCase
	for _, f := range vvarFonts {
		for _, spec := range f.specs {
			for _, sz := range []int64{9 * 64, 14*64 + 32, 27 * 64} {
				for _, m := range []string{"none", "v35", "v40", "v35mono"} {
					cs = append(cs, vvarCase{font: f.name, spec: spec, mode: m, charSize: sz})
				}
			}
		}
	}
	return cs
}

// options returns the case's hint options for font f (as varCase's).
func (c vvarCase) options(f *Font) (Options, error) {
	return varCase{mode: c.mode, varText: c.spec}.options(f)
}

// loadVVARFont reads and prepares a VVAR test font (cached by name); it
// also returns the file's bytes.
func loadVVARFont(t testing.TB, cache map[string]*Font, name string) (*Font, []byte) {
	path := filepath.Join(vvarDir, name)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f := loadVarFont(t, cache, path)
	if !f.hasVMetrics || f.vf == nil {
		t.Fatalf("%s: no vertical metrics or no variations", name)
	}
	return f, data
}

// vertMetrics returns the vertical metrics FreeType derives from the
// loader's phantom points after a glyph load (compute_glyph_metrics with
// vertical metrics present, then FT_Load_Glyph and, when hinting,
// ft_glyphslot_grid_fit_metrics), from in.ld's pp3 and pp4 and the
// outline's yMax (FT_Outline_Get_CBox; 0 for an empty outline): the
// advance (metrics.vertAdvance, 26.6), the top side bearing
// (metrics.vertBearingY) and linearVertAdvance (16.16 pixels). fontvm has
// no public vertical advance API, so the test reads the loader's state.
func vertMetrics(in *Instance, g *Glyph) (adv, top, linear int64) {
	pp3, pp4 := in.ld.pp3, in.ld.pp4
	var yMax int64
	for i, p := range g.Points {
		if i == 0 || p.Y > yMax {
			yMax = p.Y
		}
	}
	ys := in.yScale
	top = int64(int16(ftmath.DivFix(pp3.y-yMax, ys)))
	if pp3.y > pp4.y {
		adv = int64(uint16(ftmath.DivFix(pp3.y-pp4.y, ys)))
	}
	linear = ftmath.MulDiv(adv, in.PublicSizeMetrics().YScale, 64)
	top, adv = ftmath.MulFix(top, ys), ftmath.MulFix(adv, ys)
	if in.opts.Mode != ModeNone {
		top, adv = ftmath.PixFloor(top), ftmath.PixRound(adv)
	}
	return adv, top, linear
}

// appendVertSuffix appends the vertical part of a VVAR line.
func appendVertSuffix(dst []byte, adv, top, linear int64) []byte {
	dst = append(dst, " vadv "...)
	dst = strconv.AppendInt(dst, adv, 10)
	dst = append(dst, " vtop "...)
	dst = strconv.AppendInt(dst, top, 10)
	dst = append(dst, " vlin "...)
	return strconv.AppendInt(dst, linear, 10)
}

// vvarLines loads every glyph of a case with this package and returns
// its lines: the golden line (outline and horizontal advance) followed,
// for a glyph that loaded, by the vertical metrics (appendVertSuffix).
func vvarLines(t testing.TB, f *Font, c vvarCase) []string {
	o, err := c.options(f)
	if err != nil {
		t.Fatalf("%v: %v", c, err)
	}
	return instanceLines(t, c, f, size.CharSize(0, c.charSize, 72, 72), o, true)
}

// TestVVARGolden compares every glyph of every VVAR case (outline,
// horizontal advance and the vertical metrics from pp3 and pp4) with
// FreeType's digest in vvarGoldenFile.
func TestVVARGolden(t *testing.T) {
	want := readDigests(t, vvarGoldenFile)
	cache := map[string]*Font{}
	cases, glyphs := 0, 0
	for _, c := range vvarCases() {
		w, ok := want[c.String()]
		if !ok {
			t.Errorf("%v: not in %s", c, vvarGoldenFile)
			continue
		}
		f, _ := loadVVARFont(t, cache, c.font)
		lines := vvarLines(t, f, c)
		if w[1] != strconv.Itoa(len(lines)) || hashLines(lines) != w[0] {
			t.Errorf("%v: %d glyphs, digest differs from FreeType's (%s glyphs)", c, len(lines), w[1])
		}
		cases++
		glyphs += len(lines)
	}
	if cases < 250 || glyphs < 1500 || cases != len(want) {
		t.Fatalf("compared only %d cases (golden %d), %d glyphs", cases, len(want), glyphs)
	}
	t.Logf("%d cases, %d glyphs identical to FreeType's digests", cases, glyphs)
}
