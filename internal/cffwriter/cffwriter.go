// Package cffwriter builds small CFF tables and CFF-flavoured OpenType
// fonts for tests: charstrings, a predefined or custom charset, a
// predefined or raw encoding, a Top DICT FontMatrix, a Private DICT and
// strings. Offsets in the Top DICT are written as 5-byte integers, so the
// layout does not depend on them; nothing is validated (a test may ask
// for a charset too small for its glyphs, or a malformed encoding).
package cffwriter

import (
	"encoding/binary"
	"fmt"
	"strings"

	"fontvm/internal/fontwriter"
)

// DICT operators the writer uses (CFF specification, Table 9 and 23).
const (
	opCharset     = 15
	opEncoding    = 16
	opCharStrings = 17
	opPrivate     = 18
	opFontMatrix  = 12<<8 | 7
)

// Predefined charset offsets (Charset field).
const (
	CharsetISOAdobe     = 0
	CharsetExpert       = 1
	CharsetExpertSubset = 2
	// CharsetCustom writes CharsetSIDs as a format-0 charset.
	CharsetCustom = -1
)

// A Font describes one CFF (version 1) font.
type Font struct {
	Name        string   // Name INDEX entry ("F" when empty)
	CharStrings [][]byte // Type 2 charstrings, glyph 0 first
	// Charset is a predefined charset offset (0, 1, 2) or CharsetCustom.
	Charset     int
	CharsetSIDs []uint16 // CharsetCustom: SIDs of glyphs 1..n-1
	// Encoding, when non-nil, is written as is after the charset and
	// the Top DICT points at it; otherwise EncodingOffset (0 Standard,
	// 1 Expert) is written.
	Encoding       []byte
	EncodingOffset int
	// FontMatrix, when non-nil, are the six operands of the Top DICT's
	// FontMatrix, as DICT numbers (see Real).
	FontMatrix [][]byte
	Private    []byte   // raw Private DICT data (BlueValues, StdVW, ...)
	Strings    [][]byte // String INDEX (SIDs 391 on)
	GSubrs     [][]byte // global subroutines
}

// Index encodes a CFF INDEX (16-bit count, 4-byte offsets).
func Index(objs ...[]byte) []byte {
	if len(objs) == 0 {
		return []byte{0, 0}
	}
	b := []byte{byte(len(objs) >> 8), byte(len(objs)), 4}
	off := uint32(1)
	b = binary.BigEndian.AppendUint32(b, off)
	for _, o := range objs {
		off += uint32(len(o))
		b = binary.BigEndian.AppendUint32(b, off)
	}
	for _, o := range objs {
		b = append(b, o...)
	}
	return b
}

// Int5 encodes a DICT integer as operator 29 and four bytes.
func Int5(v int) []byte { return binary.BigEndian.AppendUint32([]byte{29}, uint32(v)) }

// Real encodes a decimal number written as Go's strconv formats it
// ("-0.001", "1e-05", "2.5E+3") as a DICT real (operator 30, nibbles).
func Real(s string) []byte {
	var nib []byte
	s = strings.ToUpper(s)
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			nib = append(nib, c-'0')
		case c == '.':
			nib = append(nib, 0xa)
		case c == '-' && i == 0:
			nib = append(nib, 0xe)
		case c == 'E':
			switch {
			case i+1 < len(s) && s[i+1] == '-':
				nib = append(nib, 0xc)
				i++
			case i+1 < len(s) && s[i+1] == '+':
				nib = append(nib, 0xb)
				i++
			default:
				nib = append(nib, 0xb)
			}
		default:
			panic(fmt.Sprintf("cffwriter.Real: bad number %q", s))
		}
	}
	nib = append(nib, 0xf)
	if len(nib)%2 == 1 {
		nib = append(nib, 0xf)
	}
	b := []byte{30}
	for i := 0; i < len(nib); i += 2 {
		b = append(b, nib[i]<<4|nib[i+1])
	}
	return b
}

// op appends a DICT operator (one byte, or 12 and a second byte).
func op(d []byte, o int) []byte {
	if o > 0xff {
		return append(d, byte(o>>8), byte(o))
	}
	return append(d, byte(o))
}

// Bytes returns the CFF table.
func (f *Font) Bytes() []byte {
	t, _ := f.layout()
	return t
}

// CharStringsOffset returns the offset of the CharStrings INDEX in
// Bytes' table (for tests that damage it).
func (f *Font) CharStringsOffset() int {
	_, cs := f.layout()
	return cs
}

// layout builds the table and returns it with the CharStrings INDEX
// offset.
func (f *Font) layout() ([]byte, int) {
	name := f.Name
	if name == "" {
		name = "F"
	}
	top := func(charset, encoding, cs, privSize, privOff int) []byte {
		var d []byte
		if f.FontMatrix != nil {
			for _, v := range f.FontMatrix {
				d = append(d, v...)
			}
			d = op(d, opFontMatrix)
		}
		d = op(append(d, Int5(charset)...), opCharset)
		d = op(append(d, Int5(encoding)...), opEncoding)
		d = op(append(d, Int5(cs)...), opCharStrings)
		d = op(append(append(d, Int5(privSize)...), Int5(privOff)...), opPrivate)
		return d
	}
	hdr := []byte{1, 0, 4, 4}
	names := Index([]byte(name))
	strs := Index(f.Strings...)
	gs := Index(f.GSubrs...)
	topLen := len(Index(top(0, 0, 0, 0, 0)))
	pos := len(hdr) + len(names) + topLen + len(strs) + len(gs)
	var tail []byte
	charset := f.Charset
	if charset == CharsetCustom {
		charset = pos
		tail = append(tail, 0)
		for _, s := range f.CharsetSIDs {
			tail = binary.BigEndian.AppendUint16(tail, s)
		}
	}
	encoding := f.EncodingOffset
	if f.Encoding != nil {
		encoding = pos + len(tail)
		tail = append(tail, f.Encoding...)
	}
	cs := Index(f.CharStrings...)
	csOff := pos + len(tail)
	privOff := csOff + len(cs)
	var t []byte
	t = append(t, hdr...)
	t = append(t, names...)
	t = append(t, Index(top(charset, encoding, csOff, len(f.Private), privOff))...)
	t = append(t, strs...)
	t = append(t, gs...)
	t = append(t, tail...)
	t = append(t, cs...)
	t = append(t, f.Private...)
	return t, csOff
}

// OTF wraps the CFF table in a CFF-flavoured ("OTTO") OpenType font with
// head (unitsPerEm upem), hhea, maxp, hmtx (one advance for each of the
// font's charstrings) and no cmap.
func (f *Font) OTF(upem uint16, advance uint16) ([]byte, error) {
	return WrapOTF(f.Bytes(), len(f.CharStrings), upem, advance)
}

// WrapOTF is OTF for a CFF table built (or damaged) by the caller, with
// glyphs hmtx entries.
func WrapOTF(table []byte, glyphs int, upem uint16, advance uint16) ([]byte, error) {
	fw := fontwriter.Font{
		UnitsPerEm:  upem,
		Ascender:    int16(upem * 4 / 5),
		Descender:   -int16(upem / 5),
		Glyphs:      make([]fontwriter.Glyph, glyphs),
		Tables:      map[string][]byte{"CFF ": table},
		Omit:        []string{"glyf", "loca", "cmap"},
		SFNTVersion: 0x4F54544F,
	}
	for i := range fw.Glyphs {
		fw.Glyphs[i].Advance = advance
	}
	return fw.Bytes()
}
