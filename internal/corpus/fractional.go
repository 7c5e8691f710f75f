package corpus

import (
	"encoding/binary"
	"slices"
)

// WithHead returns a copy of the sfnt font data with its head table
// changed by edit (given the table's bytes: at least its 54-byte
// header). It panics on data without a head table of that size (test
// fonts only).
func WithHead(data []byte, edit func(head []byte)) []byte {
	d := slices.Clone(data)
	n := int(binary.BigEndian.Uint16(d[4:]))
	for i := 0; i < n; i++ {
		rec := d[12+16*i:]
		if string(rec[:4]) == "head" {
			off := int(binary.BigEndian.Uint32(rec[8:]))
			edit(d[off : off+54])
			return d
		}
	}
	panic("corpus.WithHead: no head table")
}

// GoRegularFractional is Go Regular with head.flags bit 3 (integer
// ppem) cleared: a hinted font FreeType hints at fractional scales, as
// it does Charis SIL, Andika or Chrome OS's core fonts, and one that is
// always available.
func GoRegularFractional() Font {
	return Font{Name: "GoRegular-fractional", Data: WithHead(GoFonts[0].Data, func(h []byte) {
		binary.BigEndian.PutUint16(h[16:], binary.BigEndian.Uint16(h[16:])&^0x0008)
	})}
}
