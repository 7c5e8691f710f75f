package fontwriter

import (
	"encoding/binary"
	"fmt"
)

// WithTable returns a new sfnt file holding font's tables (font is a
// single-font sfnt file) with the table tag set to data: replaced if
// present, added otherwise. The directory is rewritten sorted with
// fresh checksums and head.checkSumAdjustment, keeping font's sfnt
// version. Tests use it to give a real font a synthetic table (e.g. an
// MVAR with the records a test needs).
func WithTable(font []byte, tag string, data []byte) ([]byte, error) {
	if len(font) < 12 || len(tag) != 4 {
		return nil, fmt.Errorf("fontwriter: %d bytes is no sfnt file, or tag %q is not 4 bytes", len(font), tag)
	}
	n := int(binary.BigEndian.Uint16(font[4:]))
	if 12+16*n > len(font) {
		return nil, fmt.Errorf("fontwriter: table directory runs past the end of the file")
	}
	tables := make(map[uint32][]byte, n+1)
	for i := 0; i < n; i++ {
		r := font[12+16*i:]
		off, length := uint64(binary.BigEndian.Uint32(r[8:])), uint64(binary.BigEndian.Uint32(r[12:]))
		if off+length > uint64(len(font)) {
			return nil, fmt.Errorf("fontwriter: table %q runs past the end of the file", r[:4])
		}
		tables[binary.BigEndian.Uint32(r)] = font[off : off+length]
	}
	tables[binary.BigEndian.Uint32([]byte(tag))] = data
	return assemble(binary.BigEndian.Uint32(font), tables), nil
}
