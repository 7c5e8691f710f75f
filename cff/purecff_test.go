package cff_test

import (
	"testing"

	"fontvm/cff"
	"fontvm/internal/corpus"
	"fontvm/sfnt"
)

// headlessKinds are the ways headless removes a font's head table: the
// directory entry renamed ("missing") or its length set to 0 ("zero");
// FreeType's cff_face_init opens both as pure CFF fonts.
var headlessKinds = []string{"missing", "zero"}

// pureSizes and pureModes are the sizes (ppem, fractional too) and modes
// of the pure CFF comparisons.
var (
	pureSizes = []string{"9", "12", "13.5", "17"}
	pureModes = []string{"hinted", "none"}
)

// headless is corpus.Headless for kind "missing" (renamed) or "zero"
// (length 0); it fails the test on a font without head.
func headless(t testing.TB, data []byte, kind string) []byte {
	t.Helper()
	if kind != "missing" && kind != "zero" {
		t.Fatalf("headless: unknown kind %q", kind)
	}
	out, err := corpus.Headless(data, kind == "missing")
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// pureCase is one comparison: a corpus font made headless, a size and a
// mode.
type pureCase struct {
	font       corpus.Font
	kind, size string
	mode       string
}

// key names the case in testdata/purecff.golden.
func (c pureCase) key() string {
	return c.font.Name + " " + c.kind + " " + c.size + " " + c.mode
}

// pureCases are every CFFFonts font × headlessKinds × pureSizes ×
// pureModes.
func pureCases() []pureCase {
	var cs []pureCase
	for _, f := range corpus.CFFFonts {
		for _, k := range headlessKinds {
			for _, s := range pureSizes {
				for _, m := range pureModes {
					cs = append(cs, pureCase{f, k, s, m})
				}
			}
		}
	}
	return cs
}

// runPure opens data (a headless font) and returns its ftpoints2 lines
// at the case's size and mode; it requires the face to be pure CFF.
func runPure(t testing.TB, data []byte, c pureCase) []string {
	t.Helper()
	sf, err := sfnt.Parse(data)
	if err != nil {
		t.Fatalf("%s: %v", c.key(), err)
	}
	if !sf.PureCFF() {
		t.Fatalf("%s: not opened as pure CFF", c.key())
	}
	fc, err := cff.NewFace(sf, nil, nil)
	if err != nil {
		t.Fatalf("%s: %v", c.key(), err)
	}
	return faceLines(t, fc, refCase{size: c.size, mode: c.mode}.request(t), c.mode == "hinted")
}

// TestGoldenPureCFF holds every pure CFF case against
// testdata/purecff.golden (FreeType 2.12.1's ftpoints2 output, recorded
// by TestReferencePureCFF -update under -tags reference).
func TestGoldenPureCFF(t *testing.T) {
	want, _ := readGolden(t, "purecff.golden")
	checked := 0
	for _, c := range pureCases() {
		data := corpus.Load(t, c.font)
		if data == nil {
			continue
		}
		w, ok := want[c.key()]
		if !ok {
			t.Errorf("%s: no golden entry", c.key())
			continue
		}
		lines := runPure(t, headless(t, data, c.kind), c)
		if len(lines) != w.count || digest(lines) != w.digest {
			t.Errorf("%s: %d glyphs, digest %s; golden %d, %s", c.key(), len(lines), digest(lines)[:12], w.count, w.digest[:12])
		}
		checked++
	}
	if checked == 0 || checked != len(want) {
		t.Fatalf("checked %d cases of %d golden entries", checked, len(want))
	}
}

// TestPureCFFMetrics checks what makes a headless face pure CFF: units
// per em from the FontMatrix (1000 without one) and advances from the
// charstrings, and that a TrueType font without head is still refused.
func TestPureCFFMetrics(t *testing.T) {
	f := corpus.CFFFonts[len(corpus.CFFFonts)-1] // TeXGyreHeros: FontMatrix 0.001
	data := corpus.Load(t, f)
	if data == nil {
		return
	}
	sf, err := sfnt.Parse(headless(t, data, "missing"))
	if err != nil {
		t.Fatal(err)
	}
	fc, err := cff.NewFace(sf, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if fc.UnitsPerEm() != 1000 || !fc.CharstringAdvances() || !fc.PureCFF() {
		t.Errorf("upem %d, charstring advances %v, pure %v; want 1000, true, true", fc.UnitsPerEm(), fc.CharstringAdvances(), fc.PureCFF())
	}
	if _, err := sf.Hhea(); err == nil {
		t.Error("pure CFF font has an hhea")
	}
	for _, tf := range corpus.GoFonts[:1] {
		td := corpus.Load(t, tf)
		if td == nil {
			continue
		}
		bad := headless(t, td, "zero")
		if _, err := sfnt.Parse(bad); err == nil {
			t.Errorf("%s: TrueType font with a zero-length head accepted", tf.Name)
		}
	}
}
