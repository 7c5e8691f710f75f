package cff

import "fmt"

// standardEncoding maps a standard-encoding character code (0..255) to
// its SID (CFF specification, Appendix B; FreeType's cff_standard_encoding),
// for the accents of seac-style endchar.
var standardEncoding = [256]uint16{
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
	17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32,
	33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48,
	49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64,
	65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80,
	81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 96, 97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110,
	0, 111, 112, 113, 114, 0, 115, 116, 117, 118, 119, 120, 121, 122, 0, 123,
	0, 124, 125, 126, 127, 128, 129, 130, 131, 0, 132, 133, 0, 134, 135, 136,
	137, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 138, 0, 139, 0, 0, 0, 0, 140, 141, 142, 143, 0, 0, 0, 0,
	0, 144, 0, 0, 0, 145, 0, 0, 146, 147, 148, 149, 0, 0, 0, 0,
}

// checkEncoding makes the checks of cff_encoding_load, which FreeType
// runs at open on every font that is neither CFF2 nor CID-keyed: the
// predefined encodings (offsets 0 and 1) always load; a custom encoding
// must have format 0 or 1 (low 7 bits; else Invalid_File_Format) and its
// codes, ranges and supplements must lie inside the file, as the stream
// reads them. The encoding itself is not kept: glyphs are found through
// the sfnt cmap, and seac's accents through the standard encoding.
func (f *Font) checkEncoding() error {
	off := int64(0)
	if a, ok := find(f.top, dopEncoding); ok && len(a) > 0 {
		off = a[0].num()
	}
	if off == 0 || off == 1 {
		return nil
	}
	bad := func(at int64, msg string) error {
		return &FormatError{Table: f.name, Offset: int(at), Msg: "encoding: " + msg}
	}
	// base_offset + offset as FT_ULong: a negative offset reads before
	// the table, or wraps past the end of the file; positions below are
	// in the file, errors relative to the table
	d := f.file
	base := int64(f.base)
	if base+off < 0 || base+off+2 > int64(len(d)) {
		return bad(off, "header past the end of the file")
	}
	off += base
	format, count := d[off], int64(d[off+1])
	p := off + 2
	switch format & 0x7F {
	case 0:
		p += count // FT_FRAME_ENTER(count)
	case 1:
		p += 2 * count // count ranges of (first code, codes left)
	default:
		return bad(off-base, fmt.Sprintf("unknown format %d", format&0x7F))
	}
	if p > int64(len(d)) {
		return bad(off-base+2, "codes run past the end of the file")
	}
	if format&0x80 != 0 {
		if p+1 > int64(len(d)) {
			return bad(p-base, "supplement count past the end of the file")
		}
		if p+1+3*int64(d[p]) > int64(len(d)) {
			return bad(p-base+1, "supplements run past the end of the file")
		}
	}
	return nil
}
