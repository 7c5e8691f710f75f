package sfnt

import (
	"encoding/binary"
	"errors"
	"testing"

	"golang.org/x/image/font/gofont/gobolditalic"
)

// TestZeroLengthTableIsMissing: FreeType's tt_face_lookup_table treats a
// zero-length directory entry as a missing table. Observed with FreeType
// 2.12.1 on Go Bold Italic with the hhea length set to 0 (campaign seed 2
// #4359): FT_New_Memory_Face fails with Horiz_Header_Missing.
func TestZeroLengthTableIsMissing(t *testing.T) {
	data := append([]byte(nil), gobolditalic.TTF...)
	n := int(binary.BigEndian.Uint16(data[4:]))
	found := false
	for k := 0; k < n; k++ {
		p := 12 + 16*k
		if string(data[p:p+4]) == "hhea" {
			binary.BigEndian.PutUint32(data[p+12:], 0)
			found = true
		}
	}
	if !found {
		t.Fatal("no hhea entry")
	}
	f, err := Parse(data)
	if err == nil {
		if f.HasTable(MakeTag("hhea")) {
			t.Fatal("zero-length hhea is present; FreeType treats it as missing")
		}
		if _, err := f.Hhea(); err == nil {
			t.Fatal("Hhea() of a zero-length hhea succeeded; FreeType: Horiz_Header_Missing")
		}
		return
	}
	if !errors.Is(err, ErrMissingTable) {
		t.Fatalf("Parse: %v, want an ErrMissingTable error (FreeType: Horiz_Header_Missing)", err)
	}
}
