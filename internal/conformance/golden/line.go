// Package golden defines the text line in which fontvm and FreeType report a
// hinted glyph, its digest, and the compact golden files recorded from
// FreeType 2.12.1 that plain `go test` compares fontvm's interpreter against.
//
// # The line
//
// One glyph, loaded at one size in one hinting mode, is one line:
//
//	gid G adv A n N c C pts x,y x,y ... ends e e ...
//	gid G err NAME
//
// All numbers are decimal integers (64-bit: FT_Pos is a C long, and
// programs can move points beyond 32 bits). x, y and A are 26.6 fixed point in font
// orientation (y up), exactly as FreeType leaves them in slot->outline and
// slot->advance.x; N is the number of outline points (phantom points
// excluded), C the number of contours and e the last point index of each
// contour. When FT_Load_Glyph fails, the line carries the FreeType error name
// without its FT_Err_ prefix (for example "Invalid_Opcode", "Stack_Underflow",
// "Execution_Too_Long"), or "0xNN" for a code FreeType does not name. The
// separator is one space; "pts" and "ends" are present even when empty.
package golden

import "strconv"

// AppendLine appends the line of a glyph that loaded (without trailing
// newline) to dst. xy holds the points interleaved: x0, y0, x1, y1, ...
func AppendLine(dst []byte, gid int, adv int64, xy []int64, ends []int32) []byte {
	dst = append(dst, "gid "...)
	dst = strconv.AppendInt(dst, int64(gid), 10)
	dst = append(dst, " adv "...)
	dst = strconv.AppendInt(dst, adv, 10)
	dst = append(dst, " n "...)
	dst = strconv.AppendInt(dst, int64(len(xy)/2), 10)
	dst = append(dst, " c "...)
	dst = strconv.AppendInt(dst, int64(len(ends)), 10)
	dst = append(dst, " pts"...)
	for i := 0; i+1 < len(xy); i += 2 {
		dst = append(dst, ' ')
		dst = strconv.AppendInt(dst, xy[i], 10)
		dst = append(dst, ',')
		dst = strconv.AppendInt(dst, xy[i+1], 10)
	}
	dst = append(dst, " ends"...)
	for _, e := range ends {
		dst = append(dst, ' ')
		dst = strconv.AppendInt(dst, int64(e), 10)
	}
	return dst
}

// AppendErrLine appends the line of a glyph whose load failed with the
// FreeType error name (see the package comment) to dst.
func AppendErrLine(dst []byte, gid int, name string) []byte {
	dst = append(dst, "gid "...)
	dst = strconv.AppendInt(dst, int64(gid), 10)
	dst = append(dst, " err "...)
	return append(dst, name...)
}

// Digest is the FNV-1a 64-bit hash of a line (without its newline).
func Digest(line []byte) uint64 {
	h := uint64(fnvOffset)
	for _, c := range line {
		h ^= uint64(c)
		h *= fnvPrime
	}
	return h
}

const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

// Short folds a line digest to the 16 bits the golden files keep per glyph.
// It locates differing glyphs; whether a whole configuration matches is
// decided by the 64-bit hash over all its lines (see Hasher).
func Short(d uint64) uint16 {
	return uint16(d ^ d>>16 ^ d>>32 ^ d>>48)
}

// Hasher accumulates the 64-bit FNV-1a hash of a configuration's lines,
// each followed by a newline, in glyph order.
type Hasher struct{ h uint64 }

// NewHasher returns an empty Hasher.
func NewHasher() Hasher { return Hasher{h: fnvOffset} }

// Add adds one line (the newline is added by Add).
func (s *Hasher) Add(line []byte) {
	h := s.h
	for _, c := range line {
		h ^= uint64(c)
		h *= fnvPrime
	}
	h ^= '\n'
	h *= fnvPrime
	s.h = h
}

// Sum returns the hash of the lines added so far.
func (s *Hasher) Sum() uint64 { return s.h }
