// Package sfnt is a bounds-checked, zero-copy reader for TrueType (sfnt)
// font files and collections.
//
// Every slice the package returns (Table, Fpgm, Prep, GlyphData,
// Glyph.Instructions, ...) aliases the caller's data: the caller must not
// modify that data while a Font refers to it. A *Font is immutable after
// Parse and safe for concurrent use by multiple goroutines.
//
// Hostile input is normal input: every malformed font gives an error, never
// a panic, and the package never allocates memory from a count in the font
// before checking that the data the count describes is present. Errors
// describing malformed data are *FormatError values naming the table and the
// byte offset (relative to the start of that table, or to the start of the
// file for the "sfnt" directory) and match ErrMalformed with errors.Is.
//
// Where FreeType 2.12.1 tolerates a malformation that matters for loading
// glyphs, this package tolerates it the same way, and the doc comment of
// the affected function says so: the hinting interpreter must see exactly
// the glyphs FreeType sees. In summary (FreeType function in parentheses):
//
//   - directory entries starting or ending past the end of the file are
//     ignored, except hmtx/vmtx, which are clipped; zero-length entries are
//     ignored (tt_face_lookup_table); for duplicate tags the first entry
//     wins (tt_face_load_font_dir);
//   - head must be at least 54 bytes long in TrueType fonts (in
//     CFF-flavoured "OTTO" fonts, its 54 bytes are read from the table's
//     offset whatever the length, as FreeType skips check_table_dir for
//     them); unitsPerEm must be 16..16384; the magic number is not
//     checked (check_table_dir, sfnt_load_face); an "OTTO" font whose
//     head is missing (or has a zero-length entry) is opened as a pure
//     CFF font with only its cmap loaded (cff_face_init; see PureCFF);
//   - head, maxp, hhea and vhea headers are read from the file at the
//     table offset even when the directory length is shorter (the
//     FT_STREAM_READ_FIELDS frames);
//   - a loca table too short for numGlyphs+1 entries is extended into the
//     bytes before the next table, or else the glyph count is reduced;
//     loca entries past glyf give empty glyphs; the last glyph is clipped
//     to glyf; an unordered entry gives a record running to the end of
//     glyf (tt_face_load_loca, tt_face_get_location);
//   - missing metrics read as zero (tt_face_get_metrics); the cvt has
//     length/2 entries (tt_face_load_cvt);
//   - composite instructions are read past the record as FreeType reads
//     them (TT_Process_Composite_Glyph; see Glyph.InstructionsErr);
//   - cmap subtables are accepted or dropped as FreeType's validators do
//     at FT_VALIDATE_DEFAULT, and looked up as its char_index functions
//     do (see Cmap).
package sfnt

import (
	"errors"
	"fmt"
	"sort"
)

// A Tag is a four-byte table tag, big-endian: MakeTag("glyf") == 0x676C7966.
type Tag uint32

// MakeTag returns the tag of s. Strings shorter than four bytes are padded
// with spaces (as the OpenType specification pads tags, e.g. "cvt "); bytes
// after the fourth are ignored. MakeTag never panics.
func MakeTag(s string) Tag {
	var t Tag
	for i := 0; i < 4; i++ {
		c := byte(' ')
		if i < len(s) {
			c = s[i]
		}
		t = t<<8 | Tag(c)
	}
	return t
}

// String returns the tag as four characters; bytes outside printable ASCII
// are shown as \xNN escapes.
func (t Tag) String() string {
	var b []byte
	for i := 3; i >= 0; i-- {
		c := byte(t >> (8 * uint(i)))
		if c >= 0x20 && c < 0x7f {
			b = append(b, c)
		} else {
			b = append(b, fmt.Sprintf(`\x%02x`, c)...)
		}
	}
	return string(b)
}

// Well-known tags.
var (
	TagHead = MakeTag("head")
	TagMaxp = MakeTag("maxp")
	TagHhea = MakeTag("hhea")
	TagHmtx = MakeTag("hmtx")
	TagVhea = MakeTag("vhea")
	TagVmtx = MakeTag("vmtx")
	TagLoca = MakeTag("loca")
	TagGlyf = MakeTag("glyf")
	TagCmap = MakeTag("cmap")
	TagCvt  = MakeTag("cvt ")
	TagFpgm = MakeTag("fpgm")
	TagPrep = MakeTag("prep")
	TagGasp = MakeTag("gasp")
	TagOS2  = MakeTag("OS/2")
	TagName = MakeTag("name")
	TagPost = MakeTag("post")
	TagSilf = MakeTag("Silf")
	TagGlat = MakeTag("Glat")
	TagGloc = MakeTag("Gloc")
	TagFeat = MakeTag("Feat")
	TagSill = MakeTag("Sill")
)

// Sentinel errors. Errors returned by this package match one of them with
// errors.Is; every *FormatError matches ErrMalformed.
var (
	// ErrMalformed: the font data violates the format.
	ErrMalformed = errors.New("sfnt: malformed font")
	// ErrMissingTable: a table needed for the operation is absent.
	ErrMissingTable = errors.New("sfnt: missing table")
	// ErrGlyphIndex: a glyph index is not below the number of glyphs.
	ErrGlyphIndex = errors.New("sfnt: glyph index out of range")
	// ErrFontIndex: a collection index is out of range.
	ErrFontIndex = errors.New("sfnt: font index out of range")
	// ErrUnsupported: valid data this package does not decode (e.g. a
	// CFF-flavoured font, or a cmap format it does not implement).
	ErrUnsupported = errors.New("sfnt: unsupported")
	// ErrLimit: the data exceeds one of the package's named limits.
	ErrLimit = errors.New("sfnt: limit exceeded")
)

// Limits. They bound work and memory on hostile input; real fonts stay far
// below them.
const (
	// MaxTables is the largest table directory accepted.
	MaxTables = 1024
	// MaxCollectionFonts is the largest TTC accepted.
	MaxCollectionFonts = 4096
	// MaxCompositeComponents bounds the components of one composite
	// glyph record (a record of 64 KiB holds at most 16384 of them anyway).
	MaxCompositeComponents = 16384
)

// A FormatError describes malformed font data: which table, where in it,
// and what is wrong. Table is the tag as text ("glyf", "cvt "), or "sfnt"
// for the file header and table directory (Offset is then a file offset).
type FormatError struct {
	Table  string
	Offset int
	Msg    string
	// Err is the sentinel the error wraps besides ErrMalformed
	// (ErrMissingTable, ErrLimit, ...); nil for plain malformations.
	Err error
	// FreeType names the error FreeType 2.12.1 reports for the same
	// malformation, for glyph decoding errors: "Invalid_Outline" (glyph
	// header, contours, flags, coordinates), "Invalid_Composite"
	// (component records and glyph indexes), "Too_Many_Hints"
	// (instruction length; FreeType reports it only when hinting, and
	// Invalid_Outline otherwise for simple glyphs),
	// "Invalid_Stream_Operation" (composite instructions past the end of
	// the file; from Font.LoadGlyph, a 10-byte record with contours or
	// components that ends exactly at the end of the file), or
	// "Array_Too_Large" (more than MaxGlyphLoaderContours contours).
	// Empty for other errors.
	FreeType string
}

// Error returns e.g. "sfnt: glyf+0x1234: flag repeat count runs past the
// last point".
func (e *FormatError) Error() string {
	return fmt.Sprintf("sfnt: %s+0x%x: %s", e.Table, e.Offset, e.Msg)
}

// Is reports whether target is ErrMalformed or e.Err.
func (e *FormatError) Is(target error) bool {
	return target == ErrMalformed || (e.Err != nil && target == e.Err)
}

// Unwrap returns e.Err.
func (e *FormatError) Unwrap() error { return e.Err }

// errf returns a *FormatError for table at byte offset off, with a
// message formatted as fmt.Sprintf does and no wrapped error.
func errf(table Tag, off int, format string, args ...any) error {
	return &FormatError{Table: table.String(), Offset: off, Msg: fmt.Sprintf(format, args...)}
}

// missing returns the *FormatError for a table the font lacks; it
// matches ErrMissingTable (FreeType's Table_Missing).
func missing(table Tag) error {
	return &FormatError{Table: table.String(), Offset: 0, Msg: "missing table", Err: ErrMissingTable}
}

const tagSfnt Tag = 0x73666e74 // "sfnt": pseudo-table for header and directory

// u8 reads the byte at b[i]. It and the big-endian readers below (u16,
// i16, u32) do not check bounds: callers check them first.
func u8(b []byte, i int) uint8 { return b[i] }

// u16 reads the big-endian uint16 at b[i:i+2].
func u16(b []byte, i int) uint16 { return uint16(b[i])<<8 | uint16(b[i+1]) }

// i16 reads the big-endian int16 at b[i:i+2].
func i16(b []byte, i int) int16 { return int16(u16(b, i)) }

// u32 reads the big-endian uint32 at b[i:i+4].
func u32(b []byte, i int) uint32 {
	return uint32(b[i])<<24 | uint32(b[i+1])<<16 | uint32(b[i+2])<<8 | uint32(b[i+3])
}

// A TableRecord is one entry of the table directory, as stored in the font
// (Length is the value in the directory; see Font.Table for clipping).
type TableRecord struct {
	Tag      Tag
	Checksum uint32
	Offset   uint32
	Length   uint32
}

// A Font is one parsed font (one face of a collection). It is immutable and
// safe for concurrent use; it refers to, and never copies, the data given to
// Parse.
type Font struct {
	data    []byte
	version uint32        // sfnt version of the offset table
	records []TableRecord // directory order, only valid entries
	sorted  []int         // indexes into records, sorted by tag

	head Head
	maxp Maxp

	hhea      Hhea
	hasHhea   bool
	hmtx      []byte
	vhea      Hhea
	hasVhea   bool
	vmtx      []byte
	glyf      []byte
	glyfOff   int
	loca      []byte
	numLoca   int // number of usable loca entries
	numGlyphs int // maxp.numGlyphs, possibly reduced as FreeType does
	locaErr   error
	cmap      Cmap
	cmapErr   error
	pureCFF   bool // OTTO font without a usable head (see PureCFF)
}

// Data returns the bytes the font was parsed from (the whole file, for
// collections).
func (f *Font) Data() []byte { return f.data }

// Parse parses a TrueType font, or face 0 of a TrueType collection.
//
// Parse validates the file header, the table directory, head, maxp,
// hhea/hmtx, vhea/vmtx and loca/glyf, as far as FreeType requires them to
// open a face: head, hhea and hmtx are required (hhea not in "true"
// fonts; in "OTTO" fonts, a missing head makes a pure CFF font, which
// needs only cmap: see PureCFF); a missing maxp leaves the font without glyphs; a missing loca
// makes glyph loading fail (see GlyphData). Other tables are validated
// when accessed.
func Parse(data []byte) (*Font, error) { return ParseIndex(data, 0) }

// NumFonts returns the number of fonts in data: the count in the header of
// a collection ("ttcf"), 1 for a single font.
func NumFonts(data []byte) (int, error) {
	if len(data) < 4 {
		return 0, errf(tagSfnt, 0, "file too short for an sfnt header (%d bytes)", len(data))
	}
	if u32(data, 0) != 0x74746366 { // "ttcf"
		return 1, nil
	}
	if len(data) < 12 {
		return 0, errf(tagSfnt, 0, "file too short for a collection header (%d bytes)", len(data))
	}
	n := u32(data, 8)
	if n == 0 {
		return 0, errf(tagSfnt, 8, "collection holds no fonts")
	}
	if n > MaxCollectionFonts {
		return 0, &FormatError{Table: "sfnt", Offset: 8, Msg: fmt.Sprintf("collection of %d fonts exceeds MaxCollectionFonts", n), Err: ErrLimit}
	}
	if uint64(len(data)) < 12+4*uint64(n) {
		return 0, errf(tagSfnt, 12, "collection offset table of %d entries runs past the end of the file", n)
	}
	return int(n), nil
}

// ParseIndex parses font i of a collection, or the font itself (i == 0) if
// data is a single font.
func ParseIndex(data []byte, i int) (*Font, error) {
	n, err := NumFonts(data)
	if err != nil {
		return nil, err
	}
	if i < 0 || i >= n {
		return nil, fmt.Errorf("%w: %d (the file holds %d)", ErrFontIndex, i, n)
	}
	off := 0
	if u32(data, 0) == 0x74746366 {
		off = int(u32(data, 12+4*i))
	}
	f := &Font{data: data}
	if err := f.parseDirectory(off); err != nil {
		return nil, err
	}
	if err := f.parseTables(); err != nil {
		return nil, err
	}
	return f, nil
}

// parseDirectory reads the offset table and table directory at data[off:]
// (tt_face_load_font_dir with check_table_dir): the sfnt version must be
// 1.0, 2.0, "true" or "OTTO", and more than MaxTables entries fail with
// ErrLimit. Like FreeType it drops entries starting past the end of the
// file, entries running past it (except hmtx and vmtx, which Table
// clips), zero-length entries and later duplicates of a tag; a directory
// left with no entry, or one that runs past the end of the file, is a
// FormatError. It fills f.records and the tag-sorted index f.sorted.
func (f *Font) parseDirectory(off int) error {
	data := f.data
	if off < 0 || off > len(data) || len(data)-off < 12 {
		return errf(tagSfnt, off, "offset table runs past the end of the file")
	}
	f.version = u32(data, off)
	switch v := f.version; v {
	case 0x00010000, 0x00020000, 0x74727565: // 1.0, 2.0 (old CJK fonts, accepted by FreeType), "true"
	case 0x4f54544f: // "OTTO"
		// CFF-flavoured; the directory is the same. Outlines are not
		// decoded (LoadGlyph reports ErrUnsupported).
	default:
		return errf(tagSfnt, off, "unknown sfnt version 0x%08x", v)
	}
	n := int(u16(data, off+4))
	if n > MaxTables {
		return &FormatError{Table: "sfnt", Offset: off + 4, Msg: fmt.Sprintf("%d tables exceed MaxTables", n), Err: ErrLimit}
	}
	dir := off + 12
	if len(data)-dir < 16*n {
		return errf(tagSfnt, dir, "table directory of %d entries runs past the end of the file", n)
	}
	recs := make([]TableRecord, 0, n)
	for k := 0; k < n; k++ {
		p := dir + 16*k
		r := TableRecord{Tag: Tag(u32(data, p)), Checksum: u32(data, p+4), Offset: u32(data, p+8), Length: u32(data, p+12)}
		// Like FreeType (check_table_dir / tt_face_load_font_dir): entries
		// starting past the end of the file are ignored; entries running
		// past it are ignored too, except hmtx and vmtx, which are
		// clipped (see Table).
		if uint64(r.Offset) > uint64(len(data)) {
			continue
		}
		if uint64(r.Offset)+uint64(r.Length) > uint64(len(data)) {
			if r.Tag != TagHmtx && r.Tag != TagVmtx {
				continue
			}
			// A clipped metrics table shorter than 4 bytes has length 0
			// in FreeType's directory, so tt_face_lookup_table does not
			// find it: a font without hmtx is refused
			// (Hmtx_Table_Missing), one without vmtx has no vertical
			// metrics (sfnt_load_face). The variable campaign's VVAR
			// fonts cut inside vmtx found this for TrueType fonts
			// (seeds 2 and 3); TestClippedVmtx.
			if (uint64(len(data))-uint64(r.Offset))&^3 == 0 {
				continue
			}
		}
		// Zero-length entries count as missing (tt_face_lookup_table: "for
		// compatibility with Windows"), so a later duplicate can still win.
		if r.Length == 0 {
			continue
		}
		// Duplicate tags: the first entry wins, as in FreeType.
		dup := false
		for _, q := range recs {
			if q.Tag == r.Tag {
				dup = true
				break
			}
		}
		if !dup {
			recs = append(recs, r)
		}
	}
	if len(recs) == 0 {
		return errf(tagSfnt, dir, "no usable table in the directory")
	}
	f.records = recs
	f.sorted = make([]int, len(recs))
	for k := range f.sorted {
		f.sorted[k] = k
	}
	sort.Slice(f.sorted, func(a, b int) bool { return recs[f.sorted[a]].Tag < recs[f.sorted[b]].Tag })
	return nil
}

// lookup finds the directory entry of tag t by binary search over
// f.sorted (tt_face_lookup_table; entries FreeType would not find were
// already dropped by parseDirectory).
func (f *Font) lookup(t Tag) (TableRecord, bool) {
	lo, hi := 0, len(f.sorted)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if f.records[f.sorted[m]].Tag < t {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(f.sorted) && f.records[f.sorted[lo]].Tag == t {
		return f.records[f.sorted[lo]], true
	}
	return TableRecord{}, false
}

// Table returns the raw bytes of table t (any tag: Silf, Glat, Gloc, Feat,
// Sill, ...), or nil if the font has no such table. The slice aliases the
// font data. Directory entries lying outside the file are treated as absent;
// hmtx and vmtx entries running past the end of the file are clipped to the
// file (to a multiple of 4 bytes), as FreeType clips them.
func (f *Font) Table(t Tag) []byte {
	r, ok := f.lookup(t)
	if !ok {
		return nil
	}
	start := uint64(r.Offset)
	end := start + uint64(r.Length)
	if end > uint64(len(f.data)) {
		end = start + (uint64(len(f.data))-start)&^3
	}
	return f.data[start:end:end]
}

// HasTable reports whether the font has table t (a usable directory entry).
func (f *Font) HasTable(t Tag) bool {
	_, ok := f.lookup(t)
	return ok
}

// Tables returns the usable table directory entries in directory order.
// The result is a fresh copy.
func (f *Font) Tables() []TableRecord {
	return append([]TableRecord(nil), f.records...)
}

// Checksum computes the sfnt checksum of b (big-endian uint32 sum, the last
// word zero-padded).
func Checksum(b []byte) uint32 {
	var s uint32
	i := 0
	for ; i+4 <= len(b); i += 4 {
		s += u32(b, i)
	}
	if i < len(b) {
		var w [4]byte
		copy(w[:], b[i:])
		s += u32(w[:], 0)
	}
	return s
}
