package sfnt

import (
	"encoding/binary"
	"errors"
	"testing"

	"fontvm/internal/corpus"

	"golang.org/x/image/font/gofont/gobolditalic"
)

// editEntries returns a copy of data with fn applied to the directory
// entry (its 16 bytes) of every tag in tags; it fails when one is absent.
func editEntries(t *testing.T, data []byte, fn func(e []byte), tags ...string) []byte {
	t.Helper()
	out := append([]byte(nil), data...)
	n := int(binary.BigEndian.Uint16(out[4:]))
	for _, tag := range tags {
		found := false
		for k := 0; k < n; k++ {
			p := 12 + 16*k
			if string(out[p:p+4]) == tag {
				fn(out[p : p+16])
				found = true
			}
		}
		if !found {
			t.Fatalf("no %q entry", tag)
		}
	}
	return out
}

// TestPureCFFParse: an OTTO font whose head is missing or has a
// zero-length entry opens as pure CFF (FreeType's cff_face_init: no
// sfnt->load_face, only the cmap); without cmap it is refused (observed
// with ftpoints2: "cannot open"); a short head is still read for 54
// bytes (not pure); a TrueType font without head is still refused.
func TestPureCFFParse(t *testing.T) {
	data := corpus.Load(t, corpus.CFFFonts[len(corpus.CFFFonts)-1])
	if data == nil {
		return
	}
	rename := func(e []byte) { e[3] = '_' }
	zero := func(e []byte) { binary.BigEndian.PutUint32(e[12:], 0) }
	short := func(e []byte) { binary.BigEndian.PutUint32(e[12:], 20) }
	for name, fn := range map[string]func([]byte){"missing": rename, "zero": zero} {
		f, err := Parse(editEntries(t, data, fn, "head"))
		if err != nil {
			t.Fatalf("head %s: %v", name, err)
		}
		if !f.PureCFF() || !f.IsCFF() || f.NumGlyphs() != 0 || f.Head().UnitsPerEm != 0 {
			t.Errorf("head %s: pure %v, cff %v, %d glyphs, upem %d", name, f.PureCFF(), f.IsCFF(), f.NumGlyphs(), f.Head().UnitsPerEm)
		}
		if _, err := f.Hhea(); !errors.Is(err, ErrMissingTable) {
			t.Errorf("head %s: hhea %v", name, err)
		}
		if _, err := Parse(editEntries(t, data, fn, "head", "cmap")); !errors.Is(err, ErrMissingTable) {
			t.Errorf("head %s, no cmap: %v, want a missing table", name, err)
		}
	}
	f, err := Parse(editEntries(t, data, short, "head"))
	if err != nil || f.PureCFF() || f.Head().UnitsPerEm != 1000 {
		t.Errorf("short head: %v", err)
	}
	for name, fn := range map[string]func([]byte){"missing": rename, "zero": zero} {
		if _, err := Parse(editEntries(t, gobolditalic.TTF, fn, "head")); !errors.Is(err, ErrMissingTable) {
			t.Errorf("TrueType head %s: %v, want a missing table", name, err)
		}
	}
}
