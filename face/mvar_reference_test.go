//go:build reference

package face

import (
	"fmt"
	"fontvm/internal/hinttest"
	"os"
	"strings"
	"testing"

	"fontvm/internal/ftref"
	"fontvm/sfnt"
	"fontvm/truetype/hint"
)

// TestReferenceMVARSizeMetrics compares a Face's SizeMetrics, the OS/2
// x height and cap height its Metrics scale (os2Heights) and its
// Metrics' CaretSlope with FreeType's face->size->metrics, face->os2
// sxHeight and sCapHeight and face->horizontal caret_Slope_Rise and
// caret_Slope_Run after FT_Set_Var_Design_Coordinates (tt_apply_mvar)
// and FT_Set_Char_Size, at every font (TrueType and CFF2), instance, size
// and hinting mode of the MVAR tests, and checks mvarGoldenFile against
// FreeType's values (FONTVM_UPDATE_GOLDEN=1 rewrites it). It also
// asserts that MVAR moved the line metrics away from the default
// instance's somewhere (in a TrueType and in a CFF2 font), the x height
// and the cap height away from the OS/2 table's, and the caret slope
// away from the hhea table's (in a TrueType and in a CFF2 font), so the
// comparison covers the MVAR paths.
func TestReferenceMVARSizeMetrics(t *testing.T) {
	var sb strings.Builder
	fmt.Fprintf(&sb, "# FreeType %s face->size->metrics (x_ppem y_ppem x_scale y_scale ascender descender height max_advance), face->os2 (sxHeight sCapHeight; - - below version 2), face->horizontal (caret_Slope_Rise caret_Slope_Run)\n", ftref.Version())
	sb.WriteString("# after FT_Set_Var_Design_Coordinates, then FT_Set_Char_Size; fonts and instances: mvarFonts in mvar_golden_test.go\n")
	compared, entries, moved, movedCFF2, movedX, movedCap, movedCaret, movedCaretCFF2 := 0, 0, 0, 0, 0, 0, 0, 0
	for _, f := range mvarFonts() {
		data := loadMVARFont(t, f)
		sf, hf := hinttest.Font(t, data)
		os2 := sf.Table(sfnt.MakeTag("OS/2"))
		hhea, err := sf.Hhea()
		if err != nil {
			t.Fatal(err)
		}
		for _, spec := range f.specs {
			design, err := hint.ParseVariation(hf.Variations(), spec)
			if err != nil {
				t.Fatal(err)
			}
			for _, sz := range mvarSizes {
				pt, xdpi, ydpi := parseSizeSpec(t, sz)
				ch := int64(pt*64 + 0.5)
				m, _, tv, err := ftref.VarSizeMetrics(data, design, 0, ch, xdpi, ydpi)
				if err != nil {
					t.Fatalf("%s %s %s: %v", f.name, spec, sz, err)
				}
				want := mvarValues(m.XPPEM, m.YPPEM, m.XScale, m.YScale, m.Ascender, m.Descender, m.Height, m.MaxAdvance,
					mvarHeights(tv.XHeight, tv.CapHeight, tv.OS2Version >= 2), tv.CaretSlopeRise, tv.CaretSlopeRun)
				if tv.OS2Version >= 2 {
					if tv.XHeight != int(int16(uint16(os2[86])<<8|uint16(os2[87]))) {
						movedX++
					}
					if tv.CapHeight != int(int16(uint16(os2[88])<<8|uint16(os2[89]))) {
						movedCap++
					}
				}
				if tv.CaretSlopeRise != int(hhea.CaretSlopeRise) || tv.CaretSlopeRun != int(hhea.CaretSlopeRun) {
					movedCaret++
					if f.cff {
						movedCaretCFF2++
					}
				}
				key := mvarKey(f.name, spec, sz)
				fmt.Fprintf(&sb, "%s: %s\n", key, want)
				entries++
				def, err := ftref.OpenSize(data, ftref.ModeNone, 0, ch, xdpi, ydpi)
				if err != nil {
					t.Fatal(err)
				}
				dm := def.Metrics()
				def.Close()
				if dm.Ascender != m.Ascender || dm.Descender != m.Descender || dm.Height != m.Height {
					moved++
					if f.cff {
						movedCFF2++
					}
				}
				for _, h := range mvarHintings {
					if got := fontvmMVARValues(t, data, spec, sz, h); got != want {
						t.Errorf("%s hinting %v: fontvm %s, FreeType %s", key, h, got, want)
					}
					compared++
				}
			}
		}
	}
	if compared == 0 || moved == movedCFF2 || movedCFF2 == 0 || movedX == 0 || movedCap == 0 || movedCaret == movedCaretCFF2 || movedCaretCFF2 == 0 {
		t.Fatalf("compared %d faces; MVAR moved the line metrics of %d entries (%d CFF2), the x height of %d, the cap height of %d, the caret slope of %d (%d CFF2)",
			compared, moved, movedCFF2, movedX, movedCap, movedCaret, movedCaretCFF2)
	}
	t.Logf("%d faces (%d instance × size entries; MVAR moved the line metrics of %d (%d CFF2), the x height of %d, the cap height of %d, the caret slope of %d (%d CFF2)) equal FreeType's size metrics, OS/2 heights and hhea caret slope",
		compared, entries, moved, movedCFF2, movedX, movedCap, movedCaret, movedCaretCFF2)
	have, err := os.ReadFile(mvarGoldenFile)
	if os.Getenv("FONTVM_UPDATE_GOLDEN") != "" {
		if err := os.WriteFile(mvarGoldenFile, []byte(sb.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if err != nil || string(have) != sb.String() {
		t.Errorf("%s is stale: run FONTVM_UPDATE_GOLDEN=1 go test -tags reference -run TestReferenceMVARSizeMetrics ./face", mvarGoldenFile)
	}
}
