package sfnt

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestClippedVmtx cuts a TrueType font with vertical metrics inside its
// vmtx table (the last table of the file): as in FreeType's
// tt_face_load_font_dir, a vmtx clipped to fewer than 4 bytes has length
// 0 and counts as missing, so the font has no vertical metrics; clipped
// to 4 bytes or more it is kept, and glyphs beyond it read 0.
func TestClippedVmtx(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "truetype", "hint", "testdata", "vvar", "vvar-direct.ttf"))
	if err != nil {
		t.Fatal(err)
	}
	f, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	var vmtx TableRecord
	for _, r := range f.Tables() {
		if r.Tag == TagVmtx {
			vmtx = r
		}
		if r.Offset > vmtx.Offset && vmtx.Tag == TagVmtx {
			t.Fatalf("vmtx is not the last table (%s follows it): the test cuts the file inside it", r.Tag)
		}
	}
	if vmtx.Tag != TagVmtx || vmtx.Length < 8 {
		t.Fatalf("test font has no usable vmtx: %+v", vmtx)
	}
	if _, _, err := f.VMetric(0); err != nil {
		t.Fatalf("whole font: VMetric: %v", err)
	}
	for k := 0; k <= 8; k++ {
		cut, err := Parse(data[:vmtx.Offset+uint32(k)])
		if err != nil {
			t.Fatalf("cut at vmtx+%d: Parse: %v", k, err)
		}
		_, _, err = cut.VMetric(0)
		if k < 4 {
			if !errors.Is(err, ErrMissingTable) {
				t.Errorf("cut at vmtx+%d: VMetric error %v, want vertical metrics missing", k, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("cut at vmtx+%d: VMetric: %v, want the clipped table kept", k, err)
		}
	}
}
