package corpus

import (
	"encoding/binary"
	"errors"
)

// Headless returns a copy of a single (non-collection) font whose head
// directory entry is renamed to "hea_" (rename true: the table is
// missing) or has length 0 (FreeType's tt_face_lookup_table counts a
// zero-length entry as missing too). A CFF-flavoured font so changed is
// what FreeType's cff_face_init opens as a pure CFF font. The error says
// the font has no head entry or a truncated directory.
func Headless(data []byte, rename bool) ([]byte, error) {
	if len(data) < 12 {
		return nil, errors.New("corpus: font too short for a table directory")
	}
	out := append([]byte(nil), data...)
	n := int(binary.BigEndian.Uint16(out[4:]))
	for k := 0; k < n && 12+16*k+16 <= len(out); k++ {
		e := out[12+16*k : 12+16*k+16]
		if string(e[:4]) != "head" {
			continue
		}
		if rename {
			copy(e, "hea_")
		} else {
			binary.BigEndian.PutUint32(e[12:], 0)
		}
		return out, nil
	}
	return nil, errors.New("corpus: the font has no head entry")
}
