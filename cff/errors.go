// Package cff reads the CFF and CFF2 outline tables of OpenType fonts and
// runs their Type 2 charstrings as FreeType 2.12.1's CFF driver runs them
// with its default hinting engine, "adobe" (src/psaux, src/cff): hinted
// and unhinted outlines identical to FreeType's, every 26.6 point and the
// advance, at any char size and variation instance. Stem darkening is off,
// as cff_driver_init leaves it (no-stem-darkening TRUE).
//
// Files, one concern each: index.go (INDEX structures), dict.go (DICT
// data and FreeType's number conversions), font.go (the table: Top DICT,
// Private DICTs, charset, FDArray/FDSelect), varstore.go (the CFF2
// variation store, blend vectors, Private DICT blends), isa.go (the
// charstring instruction set as one table), disasm.go (ttx's text),
// interp.go (the charstring interpreter), path.go (the glyph path and
// outline builder), hints.go and blues.go (the hinter: stem hints, hint
// masks, hint maps, blue zones), load.go (glyph loading and scaling),
// face.go (an OpenType font at a size and instance), trace.go (tracing).
//
// Glyph indexes of CID-keyed fonts are glyph indexes, as in FreeType for
// OpenType fonts (cff_font_load inverts the charset to CIDs only for bare
// CFF files). Font matrices follow cff_face_init and cff_slot_load: the
// Top DICT's normalized, each Font DICT's concatenated with it, the
// scales adjusted when their units per em differ; a matrix
// FT_Matrix_Check refuses is replaced by the identity. The predefined
// charsets ISOAdobe, Expert and ExpertSubset name glyphs and find seac's
// accents as cff_charset_load and cff_lookup_glyph_by_stdcharcode do;
// encodings are checked as cff_encoding_load checks them (not kept: the
// sfnt cmap maps characters); charset and encoding offsets are added to
// the table's file offset as FT_ULong values (a negative one reads
// before the table). Bare CFF files (no sfnt wrapper) are not opened.
//
// Hostile input is normal input: every malformed table or charstring gives
// an error, never a panic; work is bounded by FreeType's limits
// (subroutine nesting, instruction count, stack sizes) and named ones.
package cff

import (
	"errors"
	"fmt"
)

// Sentinel errors; every error of this package matches one of them with
// errors.Is.
var (
	// ErrMalformed: the table data violates the format.
	ErrMalformed = errors.New("cff: malformed table")
	// ErrCharstring: a charstring cannot be run (FreeType reports an
	// error for the glyph).
	ErrCharstring = errors.New("cff: bad charstring")
	// ErrUnsupported: valid data this package does not handle.
	ErrUnsupported = errors.New("cff: unsupported")
	// ErrGlyphIndex: a glyph index is not below the number of glyphs.
	ErrGlyphIndex = errors.New("cff: glyph index out of range")
)

// A FormatError describes malformed table data: the table ("CFF " or
// "CFF2"), the structure and the byte offset from the table's start.
type FormatError struct {
	Table  string
	Offset int
	Msg    string
}

// Error returns e.g. "cff: CFF +0x1a: CharStrings INDEX runs past the end".
func (e *FormatError) Error() string {
	return fmt.Sprintf("cff: %s+0x%x: %s", e.Table, e.Offset, e.Msg)
}

// Is reports whether target is ErrMalformed.
func (e *FormatError) Is(target error) bool { return target == ErrMalformed }

// A CharstringError describes a charstring FreeType refuses: the glyph,
// the byte offset in the charstring (or subroutine) being run, the
// operator, and FreeType's error name (e.g. "Invalid_File_Format",
// "Stack_Underflow").
type CharstringError struct {
	Glyph    int
	Subr     string // "" for the glyph's own charstring, else "subr N" or "gsubr N"
	Offset   int
	Op       string
	FreeType string
	Msg      string
}

// Error returns e.g. "cff: glyph 12 subr 3 +0x1f rlineto: stack underflow".
func (e *CharstringError) Error() string {
	where := fmt.Sprintf("glyph %d", e.Glyph)
	if e.Subr != "" {
		where += " " + e.Subr
	}
	return fmt.Sprintf("cff: %s +0x%x %s: %s", where, e.Offset, e.Op, e.Msg)
}

// Is reports whether target is ErrCharstring.
func (e *CharstringError) Is(target error) bool { return target == ErrCharstring }
