package cff_test

import (
	"encoding/binary"
	"path/filepath"
	"strings"
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

// headless returns a copy of an OTTO font whose head directory entry is
// renamed to "hea_" (kind "missing") or has length 0 (kind "zero").
func headless(t testing.TB, data []byte, kind string) []byte {
	t.Helper()
	out := append([]byte(nil), data...)
	n := int(binary.BigEndian.Uint16(out[4:]))
	for k := 0; k < n; k++ {
		p := 12 + 16*k
		if string(out[p:p+4]) != "head" {
			continue
		}
		switch kind {
		case "missing":
			copy(out[p:], "hea_")
		case "zero":
			binary.BigEndian.PutUint32(out[p+12:], 0)
		default:
			t.Fatalf("headless: unknown kind %q", kind)
		}
		return out
	}
	t.Fatal("headless: the font has no head entry")
	return nil
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
		bad := append([]byte(nil), td...)
		n := int(binary.BigEndian.Uint16(bad[4:]))
		found := false
		for k := 0; k < n; k++ {
			p := 12 + 16*k
			if strings.EqualFold(string(bad[p:p+4]), "head") {
				binary.BigEndian.PutUint32(bad[p+12:], 0)
				found = true
			}
		}
		if !found {
			t.Fatalf("%s: no head", filepath.Base(tf.Path))
		}
		if _, err := sfnt.Parse(bad); err == nil {
			t.Errorf("%s: TrueType font with a zero-length head accepted", tf.Name)
		}
	}
}
