package sfnt

import (
	"fmt"
)

// Head is the font header (head table).
type Head struct {
	Version            uint32 // 16.16
	FontRevision       uint32 // 16.16
	ChecksumAdjustment uint32
	MagicNumber        uint32 // 0x5F0F3CF5 in a well-formed font (not enforced, as in FreeType)
	// Flags: bit 3 (0x0008) asks for integer ppem (rounding of the scale).
	Flags      uint16
	UnitsPerEm uint16 // 16..16384 (enforced, as FreeType enforces it)
	Created    int64  // seconds since 1904-01-01
	Modified   int64
	XMin, YMin int16
	XMax, YMax int16
	MacStyle   uint16
	// LowestRecPPEM is the smallest readable size in pixels.
	LowestRecPPEM     uint16
	FontDirectionHint int16
	// IndexToLocFormat: 0 for short (uint16, offset/2) loca entries; any
	// other value selects long (uint32) entries, as in FreeType.
	IndexToLocFormat int16
	GlyphDataFormat  int16
}

// HeadFlagIntegerPPEM is head.flags bit 3: force ppem to integer values.
const HeadFlagIntegerPPEM = 0x0008

// Maxp is the maximum profile (maxp table). Version 0.5 tables
// (version < 0x00010000) carry only NumGlyphs; the other fields are then
// zero. As in FreeType (tt_face_load_maxp reads the version as a signed
// 32-bit value), a version with the top bit set counts as below 1.0 (see
// HasExtendedFields). As in FreeType, a missing or truncated maxp is not an error: the
// fields that could not be read are zero (a font without maxp has no
// glyphs). All values are as stored in the font; FreeType adjusts two of them
// after loading (see FreeTypeMaxFunctionDefs and FreeTypeMaxTwilightPoints).
type Maxp struct {
	Version               uint32 // 0x00005000 or 0x00010000
	NumGlyphs             uint16
	MaxPoints             uint16
	MaxContours           uint16
	MaxCompositePoints    uint16
	MaxCompositeContours  uint16
	MaxZones              uint16
	MaxTwilightPoints     uint16
	MaxStorage            uint16
	MaxFunctionDefs       uint16
	MaxInstructionDefs    uint16
	MaxStackElements      uint16
	MaxSizeOfInstructions uint16
	MaxComponentElements  uint16
	MaxComponentDepth     uint16
}

// HasExtendedFields reports whether the table's version makes FreeType read
// the fields after NumGlyphs: version >= 0x00010000 compared as a signed
// 32-bit value (FT_FRAME_LONG in tt_face_load_maxp), so that, for example,
// a damaged version 0x80013b00 is treated as version 0.5.
func (m Maxp) HasExtendedFields() bool { return int32(m.Version) >= 0x10000 }

// FreeTypeMaxFunctionDefs returns maxFunctionDefs as FreeType uses it: at
// least 64 for version-1.0 tables (tt_face_load_maxp), 0 for version 0.5.
func (m Maxp) FreeTypeMaxFunctionDefs() uint16 {
	if m.HasExtendedFields() && m.MaxFunctionDefs < 64 {
		return 64
	}
	return m.MaxFunctionDefs
}

// FreeTypeMaxTwilightPoints returns maxTwilightPoints as FreeType uses it:
// clamped to 0xFFFF-4 (room for the four phantom points).
func (m Maxp) FreeTypeMaxTwilightPoints() uint16 {
	if m.MaxTwilightPoints > 0xFFFF-4 {
		return 0xFFFF - 4
	}
	return m.MaxTwilightPoints
}

// Hhea is a horizontal (hhea) or vertical (vhea) header. For vhea the
// fields mean vertTypoAscender, vertTypoDescender, vertTypoLineGap,
// advanceHeightMax, minTopSideBearing, minBottomSideBearing,
// yMaxExtent, ... and NumberOfHMetrics is numOfLongVerMetrics.
type Hhea struct {
	Version             uint32
	Ascender            int16
	Descender           int16
	LineGap             int16
	AdvanceWidthMax     uint16
	MinLeftSideBearing  int16
	MinRightSideBearing int16
	XMaxExtent          int16
	CaretSlopeRise      int16
	CaretSlopeRun       int16
	CaretOffset         int16
	MetricDataFormat    int16
	NumberOfHMetrics    uint16
}

// frame returns n bytes of the file starting at table t's offset. Like
// FreeType's FT_STREAM_READ_FIELDS, fixed-size headers (head, maxp,
// hhea, vhea) are read from the file at the table's offset: a directory
// length shorter than the header is tolerated as long as the file holds
// the bytes.
func (f *Font) frame(t Tag, n int) ([]byte, error) {
	r, ok := f.lookup(t)
	if !ok {
		return nil, missing(t)
	}
	if uint64(r.Offset)+uint64(n) > uint64(len(f.data)) {
		return nil, errf(t, 0, "%d-byte header runs past the end of the file", n)
	}
	return f.data[r.Offset : int(r.Offset)+n], nil
}

// parseTables loads the fixed tables FreeType's sfnt_load_face reads when
// the face is opened: head (at least 54 bytes, unitsPerEm in 16..16384),
// maxp (failures ignored, as in FreeType), hhea/hmtx and vhea/vmtx
// (parseMetrics), loca (parseLoca) and the Unicode cmap (selectCmap,
// whose error is kept for Cmap rather than returned). A CFF-flavoured
// font without head is opened as pure CFF (parsePureCFF). It returns the
// first error that makes FreeType refuse the face.
func (f *Font) parseTables() error {
	// head: FreeType's check_table_dir requires a directory length of at
	// least 0x36 (else Table_Missing); it does not check the magic number.
	// tt_face_load_font_dir runs check_table_dir only for fonts that are
	// not CFF-flavoured ("OTTO"): for those, head is read as the other
	// fixed headers are (tt_face_load_generic_header's frame of 54 bytes
	// from the table's offset), whatever the directory length says.
	r, ok := f.lookup(TagHead)
	if !ok {
		if f.version == 0x4f54544f {
			return f.parsePureCFF()
		}
		return missing(TagHead)
	}
	var b []byte
	if f.version == 0x4f54544f {
		var err error
		if b, err = f.frame(TagHead, 54); err != nil {
			return err
		}
	} else {
		if r.Length < 54 {
			return &FormatError{Table: "head", Offset: 0, Msg: fmt.Sprintf("table too short (%d bytes, need 54)", r.Length), Err: ErrMissingTable}
		}
		b = f.data[r.Offset : r.Offset+54]
	}
	h := Head{
		Version: u32(b, 0), FontRevision: u32(b, 4), ChecksumAdjustment: u32(b, 8), MagicNumber: u32(b, 12),
		Flags: u16(b, 16), UnitsPerEm: u16(b, 18),
		Created: int64(u32(b, 20))<<32 | int64(u32(b, 24)), Modified: int64(u32(b, 28))<<32 | int64(u32(b, 32)),
		XMin: i16(b, 36), YMin: i16(b, 38), XMax: i16(b, 40), YMax: i16(b, 42),
		MacStyle: u16(b, 44), LowestRecPPEM: u16(b, 46), FontDirectionHint: i16(b, 48),
		IndexToLocFormat: i16(b, 50), GlyphDataFormat: i16(b, 52),
	}
	if h.UnitsPerEm < 16 || h.UnitsPerEm > 16384 {
		// sfnt_load_face: Invalid_Table.
		return errf(TagHead, 18, "unitsPerEm %d outside 16..16384", h.UnitsPerEm)
	}
	f.head = h

	// maxp: FreeType ignores a failure to load it (sfnt_load_face's
	// LOAD_(maxp) result is not checked): the fields it could not read
	// stay zero, so a font without maxp has no glyphs.
	var m Maxp
	if b, err := f.frame(TagMaxp, 6); err == nil {
		m.Version, m.NumGlyphs = u32(b, 0), u16(b, 4)
		if m.HasExtendedFields() {
			if b, err := f.frame(TagMaxp, 32); err == nil {
				m.MaxPoints, m.MaxContours = u16(b, 6), u16(b, 8)
				m.MaxCompositePoints, m.MaxCompositeContours = u16(b, 10), u16(b, 12)
				m.MaxZones, m.MaxTwilightPoints, m.MaxStorage = u16(b, 14), u16(b, 16), u16(b, 18)
				m.MaxFunctionDefs, m.MaxInstructionDefs = u16(b, 20), u16(b, 22)
				m.MaxStackElements, m.MaxSizeOfInstructions = u16(b, 24), u16(b, 26)
				m.MaxComponentElements, m.MaxComponentDepth = u16(b, 28), u16(b, 30)
			}
		}
	}
	f.maxp = m
	f.numGlyphs = int(m.NumGlyphs)

	var err error
	if f.hhea, f.hmtx, f.hasHhea, err = f.parseMetrics(TagHhea, TagHmtx); err != nil {
		return err
	}
	if f.vhea, f.vmtx, f.hasVhea, err = f.parseMetrics(TagVhea, TagVmtx); err != nil {
		return err
	}
	if err := f.parseLoca(); err != nil {
		return err
	}
	f.cmap, f.cmapErr = f.selectCmap()
	return nil
}

// parsePureCFF opens a CFF-flavoured font without a usable head table
// (missing, or a zero-length entry) as FreeType's cff_face_init does: it
// treats such a font as pure CFF (the "SVG CEF" case), skips
// sfnt->load_face (no head, maxp, hhea, hmtx, vhea, OS/2, post) and loads
// only the cmap table (sfnt->load_cmap, tt_face_load_cmap), whose absence
// fails the face (Table_Missing). The face's metrics then come from the
// CFF table (package cff); Head, Maxp and the metrics headers read as
// absent or zero.
func (f *Font) parsePureCFF() error {
	if !f.HasTable(TagCmap) {
		return missing(TagCmap)
	}
	f.pureCFF = true
	f.cmap, f.cmapErr = f.selectCmap()
	return nil
}

// PureCFF reports whether the font is a CFF-flavoured font without a
// usable head table, which FreeType opens as a pure CFF font (see
// parsePureCFF): its units per em, bounding box and advances come from
// the CFF table, not from head and hmtx.
func (f *Font) PureCFF() bool { return f.pureCFF }

// parseMetrics loads a metrics header and its table. A missing header
// is not an error (hasHdr false); a header without its metrics table is,
// as in FreeType (Hmtx_Table_Missing).
func (f *Font) parseMetrics(hdr, mtx Tag) (h Hhea, tbl []byte, ok bool, err error) {
	if !f.HasTable(hdr) {
		if hdr == TagHhea && f.version != 0x74727565 {
			// FreeType: Horiz_Header_Missing, except in Mac ("true")
			// fonts, which are then treated as having no outlines.
			return Hhea{}, nil, false, missing(hdr)
		}
		return Hhea{}, nil, false, nil
	}
	b, err := f.frame(hdr, 36)
	if err != nil {
		return Hhea{}, nil, false, err
	}
	h = Hhea{
		Version: u32(b, 0), Ascender: i16(b, 4), Descender: i16(b, 6), LineGap: i16(b, 8),
		AdvanceWidthMax: u16(b, 10), MinLeftSideBearing: i16(b, 12), MinRightSideBearing: i16(b, 14),
		XMaxExtent: i16(b, 16), CaretSlopeRise: i16(b, 18), CaretSlopeRun: i16(b, 20), CaretOffset: i16(b, 22),
		MetricDataFormat: i16(b, 32), NumberOfHMetrics: u16(b, 34),
	}
	if !f.HasTable(mtx) {
		if hdr == TagVhea {
			// FreeType treats vertical metrics as absent then.
			return Hhea{}, nil, false, nil
		}
		return Hhea{}, nil, false, missing(mtx)
	}
	return h, f.Table(mtx), true, nil
}

// Head returns the font header.
func (f *Font) Head() Head { return f.head }

// Maxp returns the maximum profile.
func (f *Font) Maxp() Maxp { return f.maxp }

// NumGlyphs returns the number of glyphs as FreeType counts them:
// maxp.numGlyphs, reduced when the loca table is too short to hold
// numGlyphs+1 entries and cannot be extended (see LoadGlyph).
func (f *Font) NumGlyphs() int { return f.numGlyphs }

// Hhea returns the horizontal header, or an error matching
// ErrMissingTable if the font has none.
func (f *Font) Hhea() (Hhea, error) {
	if !f.hasHhea {
		return Hhea{}, missing(TagHhea)
	}
	return f.hhea, nil
}

// Vhea returns the vertical header, or an error matching ErrMissingTable
// if the font has no vhea/vmtx pair.
func (f *Font) Vhea() (Vhea Hhea, err error) {
	if !f.hasVhea {
		return Hhea{}, missing(TagVhea)
	}
	return f.vhea, nil
}

// HMetric returns the advance width and left side bearing of glyph gid.
//
// Glyphs at or past hhea.numberOfHMetrics take the advance of the last
// long metric and their lsb from the leftSideBearing array. Like FreeType's
// tt_face_get_metrics, metrics the hmtx table is too short to hold read as
// zero (advance and lsb both zero if the long metric is missing, lsb zero
// if only the bearing is missing); this is not an error. The error is
// ErrGlyphIndex for gid >= NumGlyphs, ErrMissingTable without hhea.
func (f *Font) HMetric(gid uint16) (advance uint16, lsb int16, err error) {
	if !f.hasHhea {
		return 0, 0, missing(TagHhea)
	}
	if int(gid) >= f.numGlyphs {
		return 0, 0, ErrGlyphIndex
	}
	a, b := metric(f.hmtx, f.hhea.NumberOfHMetrics, gid)
	return a, b, nil
}

// VMetric is HMetric for vertical metrics (vhea/vmtx): advance height and
// top side bearing. The error matches ErrMissingTable without vhea/vmtx.
func (f *Font) VMetric(gid uint16) (advance uint16, tsb int16, err error) {
	if !f.hasVhea {
		return 0, 0, missing(TagVhea)
	}
	if int(gid) >= f.numGlyphs {
		return 0, 0, ErrGlyphIndex
	}
	a, b := metric(f.vmtx, f.vhea.NumberOfHMetrics, gid)
	return a, b, nil
}

// metric returns the advance and side bearing of glyph gid from a hmtx or
// vmtx table t with k long metrics (tt_face_get_metrics): glyphs below k
// read their own pair; later glyphs take the last advance and their
// bearing from the array that follows. Values that lie outside the table
// read as 0, as do both when k is 0.
func metric(t []byte, k uint16, gid uint16) (uint16, int16) {
	if k == 0 {
		return 0, 0
	}
	n := len(t)
	if gid < k {
		p := 4 * int(gid)
		if p+4 > n {
			return 0, 0
		}
		return u16(t, p), i16(t, p+2)
	}
	p := 4 * (int(k) - 1)
	if p+2 > n {
		return 0, 0
	}
	adv := u16(t, p)
	p = 4*int(k) + 2*(int(gid)-int(k))
	if p+2 > n {
		return adv, 0
	}
	return adv, i16(t, p)
}

// CVT is a read-only view of the control value table: Len() FWord
// values. FreeType multiplies each by 64 when loading (26.6 units).
type CVT struct{ b []byte }

// CVT returns the control value table; empty (Len 0) if the font has none.
// Like FreeType, an odd final byte is ignored (cvt_size = length/2).
func (f *Font) CVT() CVT {
	t := f.Table(TagCvt)
	return CVT{t[:len(t)&^1]}
}

// Len returns the number of entries.
func (c CVT) Len() int { return len(c.b) / 2 }

// At returns entry i, 0 <= i < Len(); it returns 0 for i out of range.
func (c CVT) At(i int) int16 {
	if i < 0 || 2*i+2 > len(c.b) {
		return 0
	}
	return i16(c.b, 2*i)
}

// AppendTo appends all entries to dst and returns the extended slice.
func (c CVT) AppendTo(dst []int16) []int16 {
	for i := 0; i+2 <= len(c.b); i += 2 {
		dst = append(dst, i16(c.b, i))
	}
	return dst
}

// Fpgm returns the font program, nil if absent.
func (f *Font) Fpgm() []byte { return f.Table(TagFpgm) }

// Prep returns the control value program, nil if absent.
func (f *Font) Prep() []byte { return f.Table(TagPrep) }

// A GaspRange is one range of the gasp table: sizes up to and including
// MaxPPEM use Behavior.
type GaspRange struct {
	MaxPPEM  uint16
	Behavior uint16
}

// Gasp behaviour flags.
const (
	GaspGridfit             = 0x0001
	GaspDoGray              = 0x0002
	GaspSymmetricGridfit    = 0x0004
	GaspSymmetricSmoothing  = 0x0008
	GaspVersion1FlagsMasked = 0x000F
)

// Gasp is a validated view of the gasp table.
type Gasp struct {
	Version uint16
	b       []byte // the range records
}

// Gasp returns the gasp table. The error matches ErrMissingTable if the
// font has none, ErrMalformed if the ranges run past the table.
func (f *Font) Gasp() (Gasp, error) {
	t := f.Table(TagGasp)
	if t == nil {
		return Gasp{}, missing(TagGasp)
	}
	if len(t) < 4 {
		return Gasp{}, errf(TagGasp, 0, "table too short (%d bytes)", len(t))
	}
	n := int(u16(t, 2))
	if 4+4*n > len(t) {
		return Gasp{}, errf(TagGasp, 4, "%d ranges run past the end of the table (%d bytes)", n, len(t))
	}
	return Gasp{Version: u16(t, 0), b: t[4 : 4+4*n]}, nil
}

// Len returns the number of ranges.
func (g Gasp) Len() int { return len(g.b) / 4 }

// Range returns range i, 0 <= i < Len() (zero value otherwise).
func (g Gasp) Range(i int) GaspRange {
	if i < 0 || 4*i+4 > len(g.b) {
		return GaspRange{}
	}
	return GaspRange{MaxPPEM: u16(g.b, 4*i), Behavior: u16(g.b, 4*i+2)}
}

// Behavior returns the behaviour flags of the first range whose MaxPPEM is
// at least ppem, and false if no range covers ppem.
func (g Gasp) Behavior(ppem uint16) (uint16, bool) {
	for i := 0; i+4 <= len(g.b); i += 4 {
		if ppem <= u16(g.b, i) {
			return u16(g.b, i+2), true
		}
	}
	return 0, false
}
