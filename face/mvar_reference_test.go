//go:build reference

package face

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"fontvm/internal/ftref"
	"fontvm/sfnt"
	"fontvm/truetype/hint"
)

// TestReferenceMVARSizeMetrics compares a Face's SizeMetrics with
// FreeType's face->size->metrics after FT_Set_Var_Design_Coordinates
// (tt_apply_mvar) and FT_Set_Char_Size, at every font, instance, size
// and hinting mode of the MVAR tests, and checks mvarGoldenFile against
// FreeType's values (FONTVM_UPDATE_GOLDEN=1 rewrites it). It also
// asserts that the synthetic MVARs moved the line metrics away from the
// default instance's somewhere, so the comparison covers the MVAR path.
func TestReferenceMVARSizeMetrics(t *testing.T) {
	var sb strings.Builder
	fmt.Fprintf(&sb, "# FreeType %s face->size->metrics (x_ppem y_ppem x_scale y_scale ascender descender height max_advance)\n", ftref.Version())
	sb.WriteString("# after FT_Set_Var_Design_Coordinates, then FT_Set_Char_Size; fonts and instances: mvarFonts in mvar_golden_test.go\n")
	compared, entries, moved := 0, 0, 0
	for _, f := range mvarFonts() {
		data := loadMVARFont(t, f)
		sf, err := sfnt.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		hf, err := hint.NewFont(sf)
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
				m, _, err := ftref.VarSizeMetrics(data, design, 0, ch, xdpi, ydpi)
				if err != nil {
					t.Fatalf("%s %s %s: %v", f.name, spec, sz, err)
				}
				want := mvarValues(m.XPPEM, m.YPPEM, m.XScale, m.YScale, m.Ascender, m.Descender, m.Height, m.MaxAdvance)
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
	if compared == 0 || moved == 0 {
		t.Fatalf("compared %d faces, %d with line metrics MVAR moved", compared, moved)
	}
	t.Logf("%d faces (%d instance × size entries, %d with MVAR-moved line metrics) equal FreeType's size metrics", compared, entries, moved)
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
