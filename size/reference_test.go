//go:build reference

package size

import (
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"fontvm/internal/corpus"
	"fontvm/internal/ftref"
)

// TestReferenceMetrics sets every test request with FreeType's
// FT_Set_Char_Size on Go Regular, Go Mono, DejaVu Sans, Liberation Sans,
// Charis SIL and Andika and compares face->size->metrics (or the error)
// with Request.Metrics and ScaleFaceMetrics; then it checks the golden
// file against the same lines (FONTVM_UPDATE_GOLDEN=1 rewrites it).
func TestReferenceMetrics(t *testing.T) {
	fonts := []corpus.Font{corpus.GoFonts[0], corpus.GoFonts[6]}
	for _, f := range corpus.HintedFonts {
		switch f.Name {
		case "DejaVuSans", "LiberationSans", "CharisSIL", "Andika":
			fonts = append(fonts, f)
		}
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "# FreeType %s: FT_Set_Char_Size(face, char width, char height, hres, vres) on TrueType faces;\n", ftref.Version())
	sb.WriteString("# the face's units_per_EM, ascender, descender, height, max_advance_width; then face->size->metrics or the error\n")
	// Go Regular with other units per em (head.unitsPerEm patched).
	for _, upem := range []uint16{1000, 1234, 16} {
		fonts = append(fonts, corpus.Font{Name: fmt.Sprintf("GoRegular-upem%d", upem), Data: withUnitsPerEm(t, corpus.GoFonts[0].Data, upem)})
	}
	n := 0
	for _, cf := range fonts {
		data := corpus.Load(t, cf)
		for _, a := range testRequests() {
			req := CharSize(a[0], a[1], uint32(a[2]), uint32(a[3]))
			var fv faceValues
			var want string
			ff, err := ftref.OpenSize(data, ftref.ModeNone, a[0], a[1], uint32(a[2]), uint32(a[3]))
			var se *ftref.SetCharSizeError
			switch {
			case errors.As(err, &se):
				// The face values come from a size FreeType accepts.
				ok, err := ftref.OpenSize(data, ftref.ModeNone, 0, 12*64, 72, 72)
				if err != nil {
					t.Fatal(err)
				}
				v := ok.Face()
				ok.Close()
				fv = faceValues{v.UnitsPerEm, v.Ascender, v.Descender, v.Height, v.MaxAdvanceWidth}
				want = "err " + se.Name
			case err != nil:
				t.Fatal(err)
			default:
				v, m := ff.Face(), ff.Metrics()
				ff.Close()
				fv = faceValues{v.UnitsPerEm, v.Ascender, v.Descender, v.Height, v.MaxAdvanceWidth}
				want = metricsLine(m.XPPEM, m.YPPEM, m.XScale, m.YScale, m.Ascender, m.Descender, m.Height, m.MaxAdvance)
			}
			key := goldenKey(cf.Name, fv, a)
			if got := resultLine(req, fv); got != want {
				t.Errorf("%s\n got  %s\n want %s", key, got, want)
			}
			fmt.Fprintf(&sb, "%s %s\n", key, want)
			n++
		}
	}
	if n < 9*len(testRequests()) && corpus.Required() || n < 2*len(testRequests()) {
		t.Fatalf("compared %d requests", n)
	}
	t.Logf("%d requests compared with FreeType %s", n, ftref.Version())
	if os.Getenv("FONTVM_UPDATE_GOLDEN") != "" {
		if err := os.WriteFile(goldenFile, []byte(sb.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	old, err := os.ReadFile(goldenFile)
	if err != nil {
		t.Fatal(err)
	}
	if string(old) != sb.String() {
		t.Errorf("%s differs from FreeType's metrics (FONTVM_UPDATE_GOLDEN=1 rewrites it)", goldenFile)
	}
}

// withUnitsPerEm returns a copy of the TrueType font data with
// head.unitsPerEm set to upem.
func withUnitsPerEm(t *testing.T, data []byte, upem uint16) []byte {
	d := append([]byte(nil), data...)
	n := int(binary.BigEndian.Uint16(d[4:]))
	for i := 0; i < n; i++ {
		rec := d[12+16*i:]
		if string(rec[:4]) == "head" {
			off := int(binary.BigEndian.Uint32(rec[8:]))
			binary.BigEndian.PutUint16(d[off+18:], upem)
			return d
		}
	}
	t.Fatal("no head table")
	return nil
}
