package sfnt

import "fmt"

// Platform and encoding IDs used in cmap encoding records.
const (
	PlatformUnicode   = 0
	PlatformMacintosh = 1
	PlatformISO       = 2
	PlatformMicrosoft = 3

	EncodingUnicode2_0BMP    = 3  // platform 0
	EncodingUnicode2_0Full   = 4  // platform 0 (UCS-4)
	EncodingUnicodeVariation = 5  // platform 0, format 14
	EncodingUnicodeFull      = 6  // platform 0
	EncodingMSSymbol         = 0  // platform 3
	EncodingMSUnicodeBMP     = 1  // platform 3
	EncodingMSUCS4           = 10 // platform 3
)

// A CmapEncoding is one encoding record of the cmap table.
type CmapEncoding struct {
	PlatformID, EncodingID uint16
	Offset                 uint32 // from the start of the cmap table
	// Format is the subtable format (0 if Offset is unusable).
	Format uint16
	// Err is nil if FreeType 2.12.1 would accept the subtable as a
	// charmap (it validates at FT_VALIDATE_DEFAULT and drops subtables
	// that fail); otherwise it says why it is skipped. Formats 8 and 10,
	// which FreeType also decodes, are reported as ErrUnsupported.
	Err error
}

// cmap4 validation flags (FreeType's TT_CMAP_FLAG_UNSORTED/OVERLAPPING).
const (
	cmapUnsorted    = 1
	cmapOverlapping = 2
)

// A Cmap is one validated cmap subtable, ready for lookups. It is a small
// value that aliases the font data; Lookup allocates nothing. The zero
// Cmap maps every rune to glyph 0. Formats 0, 2, 4, 6, 12 and 13 are
// decoded; format 14 (variation selectors) is accepted as FreeType
// accepts it and maps nothing; formats 8 and 10 are not decoded.
type Cmap struct {
	// PlatformID, EncodingID and Format describe the subtable; they are
	// informational (Lookup does not read them).
	PlatformID, EncodingID, Format uint16
	format                         uint16 // the validated format Lookup decodes
	data                           []byte // subtable start to the end of the cmap table
	flags                          uint8
	numGlyphs                      int
}

// Lookup returns the glyph index of r, or 0 if r is not mapped. It
// decodes the subtable exactly as FreeType's char_index functions do,
// including FreeType's handling of overlapping and unsorted format-4
// segments, of the 0xFFFF sentinel segment, and of idRangeOffset 0xFFFF,
// and it maps every result >= NumGlyphs to 0 (FT_Get_Char_Index). Runes
// are taken as uint32 character codes (negative runes wrap), as FreeType
// takes FT_ULong codes.
func (c Cmap) Lookup(r rune) uint16 {
	var g uint32
	code := uint32(r)
	switch c.format {
	case 0:
		if code < 256 && 6+int(code) < len(c.data) {
			g = uint32(c.data[6+code])
		}
	case 2:
		g = c.lookup2(code)
	case 4:
		g = c.lookup4(code)
	case 6:
		start, count := uint32(u16(c.data, 6)), uint32(u16(c.data, 8))
		if idx := code - start; idx < count {
			g = uint32(u16(c.data, 10+2*int(idx)))
		}
	case 12, 13:
		n := int(u32(c.data, 12))
		lo, hi := 0, n
		for lo < hi {
			m := int(uint(lo+hi) >> 1)
			p := 16 + 12*m
			s := u32(c.data, p)
			if code < s {
				hi = m
			} else if code > u32(c.data, p+4) {
				lo = m + 1
			} else {
				id := u32(c.data, p+8)
				if c.format == 13 {
					g = id
				} else if id > 0xFFFFFFFF-(code-s) {
					g = 0
				} else {
					g = id + (code - s)
				}
				break
			}
		}
	}
	if g >= uint32(c.numGlyphs) {
		return 0
	}
	return uint16(g)
}

// lookup2 mirrors tt_cmap2_char_index: the high byte selects a
// sub-header through the keys table (sub-header 0 is for one-byte codes,
// which need key 0), the low byte indexes the sub-header's range.
func (c Cmap) lookup2(code uint32) uint32 {
	if code >= 0x10000 {
		return 0
	}
	lo, hi := int(code&0xFF), int(code>>8)
	sub := 518
	if hi == 0 {
		if u16(c.data, 6+2*lo) != 0 {
			return 0
		}
	} else {
		sub += int(u16(c.data, 6+2*hi)) &^ 7
		if sub == 518 {
			return 0
		}
	}
	if sub+8 > len(c.data) {
		return 0 // validation keeps FreeType inside; stay safe anyway
	}
	start, count := uint32(u16(c.data, sub)), uint32(u16(c.data, sub+2))
	delta, offset := int32(i16(c.data, sub+4)), int(u16(c.data, sub+6))
	idx := uint32(lo) - start
	if idx >= count || offset == 0 {
		return 0
	}
	p := sub + 6 + offset + 2*int(idx)
	if p+2 > len(c.data) {
		return 0
	}
	g := uint32(u16(c.data, p))
	if g != 0 {
		g = uint32(int32(g)+delta) & 0xFFFF
	}
	return g
}

// seg4 reads segment i of a format-4 subtable: end, start, delta and
// idRangeOffset, and the position of its idRangeOffset entry.
func (c Cmap) seg4(i, n2 int) (end, start uint32, delta int32, offset uint32, offPos int) {
	end = uint32(u16(c.data, 14+2*i))
	start = uint32(u16(c.data, 16+n2+2*i))
	delta = int32(i16(c.data, 16+2*n2+2*i))
	offPos = 16 + 3*n2 + 2*i
	offset = uint32(u16(c.data, offPos))
	return
}

// lookup4 maps code through a format-4 subtable (tt_cmap4_char_index):
// codes above 0xFFFF map to 0. Subtables that validation flagged as
// unsorted are scanned segment by segment (tt_cmap4_char_map_linear);
// the others are binary-searched on the end and start codes
// (tt_cmap4_char_map_binary), and when they were flagged as overlapping
// the search then moves to the first segment holding code whose
// idRangeOffset is not 0xFFFF, as FreeType does. Segments with
// idRangeOffset 0xFFFF map nothing, and a final 0xFFFF segment whose
// offset points past the table is read as delta 1, offset 0 (FreeType's
// fix for broken fonts). It returns 0 for an unmapped code.
func (c Cmap) lookup4(code uint32) uint32 {
	if code >= 0x10000 {
		return 0
	}
	n2 := int(u16(c.data, 6)) &^ 1
	n := n2 >> 1
	if n == 0 {
		return 0
	}
	limit := len(c.data)
	if c.flags&cmapUnsorted != 0 {
		// tt_cmap4_char_map_linear
		for i := 0; i < n; i++ {
			end, start, delta, offset, offPos := c.seg4(i, n2)
			if code < start {
				break
			}
			if code > end {
				continue
			}
			if i >= n-1 && start == 0xFFFF && end == 0xFFFF && offset != 0 && offPos+int(offset)+2 > limit {
				delta, offset = 1, 0
			}
			if offset == 0xFFFF {
				continue
			}
			return c.glyph4(code, start, delta, offset, offPos)
		}
		return 0
	}
	// tt_cmap4_char_map_binary
	lo, hi := 0, n
	for lo < hi {
		mid := (lo + hi) >> 1
		// The search reads only the bounds; the rest of the segment once
		// it holds code.
		if code < uint32(u16(c.data, 16+n2+2*mid)) {
			hi = mid
			continue
		}
		if code > uint32(u16(c.data, 14+2*mid)) {
			lo = mid + 1
			continue
		}
		end, start, delta, offset, offPos := c.seg4(mid, n2)
		if mid >= n-1 && start == 0xFFFF && end == 0xFFFF && offset != 0 && offPos+int(offset)+2 > limit {
			delta, offset = 1, 0
		}
		if c.flags&cmapOverlapping != 0 {
			// Find the first segment containing code, skipping
			// segments with idRangeOffset 0xFFFF.
			max := mid
			if offset == 0xFFFF {
				mid = max + 1
			}
			i := max
			for ; i > 0; i-- {
				pe := uint32(u16(c.data, 14+2*(i-1)))
				if code > pe {
					break
				}
				end, start, delta, offset, offPos = c.seg4(i-1, n2)
				if offset != 0xFFFF {
					mid = i - 1
				}
			}
			if mid == max+1 {
				if i != max {
					end, start, delta, offset, offPos = c.seg4(max, n2)
				}
				mid = max
				for i = max + 1; i < n; i++ {
					ns := uint32(u16(c.data, 16+n2+2*i))
					if code < ns {
						break
					}
					end, start, delta, offset, offPos = c.seg4(i, n2)
					if offset != 0xFFFF {
						mid = i
					}
				}
				i--
				if mid == max {
					return 0
				}
			}
			if mid != i {
				end, start, delta, offset, offPos = c.seg4(mid, n2)
			}
			_ = end
		} else if offset == 0xFFFF {
			return 0
		}
		return c.glyph4(code, start, delta, offset, offPos)
	}
	return 0
}

// glyph4 computes the glyph of code in a format-4 segment, the tail of
// tt_cmap4_char_map_linear and tt_cmap4_char_map_binary: with
// idRangeOffset 0 it is code+delta modulo 65536; otherwise it reads the
// glyphIdArray entry the offset points to (0 when that lies outside the
// table), adds delta to a non-zero entry modulo 65536, and gives 0 for a
// result not below the font's number of glyphs.
func (c Cmap) glyph4(code, start uint32, delta int32, offset uint32, offPos int) uint32 {
	if offset == 0 {
		return uint32(int32(code)+delta) & 0xFFFF
	}
	p := offPos + int(offset) + 2*int(code-start)
	if p < 0 || p+2 > len(c.data) {
		// Validation keeps FreeType inside the table; stay safe anyway.
		return 0
	}
	g := uint32(u16(c.data, p))
	if g != 0 {
		g = uint32(int32(g)+delta) & 0xFFFF
		if g >= uint32(c.numGlyphs) {
			g = 0
		}
	}
	return g
}

// CmapEncodings returns the encoding records of the cmap table, in table
// order, each with its format and whether FreeType would accept it. The
// error matches ErrMissingTable without a cmap table and ErrMalformed if
// its header is truncated. The result is freshly allocated.
func (f *Font) CmapEncodings() ([]CmapEncoding, error) {
	t := f.Table(TagCmap)
	if t == nil {
		return nil, missing(TagCmap)
	}
	if len(t) < 4 {
		return nil, errf(TagCmap, 0, "table too short for its header (%d bytes)", len(t))
	}
	n := int(u16(t, 2))
	if avail := (len(t) - 4) / 8; n > avail {
		n = avail // FreeType reads records while they fit
	}
	out := make([]CmapEncoding, 0, n)
	memo := cmapMemo{}
	for i := 0; i < n; i++ {
		e, _ := f.cmapRecord(t, i, memo)
		out = append(out, e)
	}
	return out, nil
}

// cmapMemo remembers subtable validation results by offset. Many encoding
// records may share one subtable; validating each record's subtable anew
// (as FreeType does) would take time quadratic in the table size.
type cmapMemo map[uint32]cmapVerdict

type cmapVerdict struct {
	flags uint8
	err   error
}

// cmapRecord decodes encoding record i and, if FreeType would accept its
// subtable, the Cmap.
func (f *Font) cmapRecord(t []byte, i int, memo cmapMemo) (CmapEncoding, Cmap) {
	p := 4 + 8*i
	e := CmapEncoding{PlatformID: u16(t, p), EncodingID: u16(t, p+2), Offset: u32(t, p+4)}
	if e.Offset == 0 || uint64(e.Offset) > uint64(len(t))-2 {
		e.Err = errf(TagCmap, p+4, "subtable offset 0x%x outside the table", e.Offset)
		return e, Cmap{}
	}
	off := int(e.Offset)
	sub := t[off:]
	e.Format = u16(sub, 0)
	v, ok := memo[e.Offset]
	if !ok {
		v.flags, v.err = validateCmap(sub, e.Format)
		if fe, ok := v.err.(*FormatError); ok {
			fe.Offset += off
		}
		memo[e.Offset] = v
	}
	if v.err != nil {
		e.Err = v.err
		return e, Cmap{}
	}
	flags := v.flags
	return e, Cmap{PlatformID: e.PlatformID, EncodingID: e.EncodingID, Format: e.Format, format: e.Format, data: sub, flags: flags, numGlyphs: f.numGlyphs}
}

// isUnicode mirrors FreeType's sfnt_find_encoding for FT_ENCODING_UNICODE.
func isUnicode(pid, eid uint16) bool {
	switch pid {
	case PlatformUnicode, PlatformISO:
		return true
	case PlatformMicrosoft:
		return eid == EncodingMSUnicodeBMP || eid == EncodingMSUCS4
	}
	return false
}

// Cmap returns the character map FreeType selects by default
// (find_unicode_charmap): among the accepted subtables, the last one with
// a UCS-4 encoding, (3,10) or (0,4); else the last Unicode one, (0,*),
// (2,*), (3,1). As in FreeType this may be a format-14 subtable (0,5),
// which maps everything to 0. Without a usable Unicode subtable the error
// matches ErrMissingTable. FreeType then either selects no charmap (every
// lookup gives 0) or, if the font has neither a Unicode nor a (3,0)
// symbol subtable but has PostScript glyph names (post format 1 or 2),
// synthesizes a Unicode charmap from the glyph names; this package does
// not implement that synthesized charmap.
func (f *Font) Cmap() (Cmap, error) { return f.cmap, f.cmapErr }

// selectCmap picks the Unicode subtable FreeType makes the face's
// charmap (find_unicode_charmap): it searches the encoding records from
// the last to the first, first for a UCS-4 one (Microsoft 3/10 or Unicode
// 0/4), then for any Unicode one, and returns the first whose subtable
// FreeType accepts. Without a cmap table the error matches
// ErrMissingTable; a truncated header gives a FormatError; when no record
// qualifies the error matches ErrMissingTable.
func (f *Font) selectCmap() (Cmap, error) {
	t := f.Table(TagCmap)
	if t == nil {
		return Cmap{}, missing(TagCmap)
	}
	if len(t) < 4 {
		return Cmap{}, errf(TagCmap, 0, "table too short for its header (%d bytes)", len(t))
	}
	n := int(u16(t, 2))
	if avail := (len(t) - 4) / 8; n > avail {
		n = avail
	}
	memo := cmapMemo{}
	for pass := 0; pass < 2; pass++ {
		for i := n - 1; i >= 0; i-- {
			p := 4 + 8*i
			pid, eid := u16(t, p), u16(t, p+2)
			if !isUnicode(pid, eid) {
				continue
			}
			if pass == 0 && !(pid == PlatformMicrosoft && eid == EncodingMSUCS4) && !(pid == PlatformUnicode && eid == EncodingUnicode2_0Full) {
				continue
			}
			if e, c := f.cmapRecord(t, i, memo); e.Err == nil {
				return c, nil
			}
		}
	}
	return Cmap{}, &FormatError{Table: "cmap", Offset: 0, Msg: "no Unicode subtable FreeType would select", Err: ErrMissingTable}
}

// CmapFor returns the first accepted subtable with the given platform
// and encoding IDs. The error matches ErrMissingTable if there is none.
func (f *Font) CmapFor(platformID, encodingID uint16) (Cmap, error) {
	t := f.Table(TagCmap)
	if t == nil {
		return Cmap{}, missing(TagCmap)
	}
	if len(t) < 4 {
		return Cmap{}, errf(TagCmap, 0, "table too short for its header (%d bytes)", len(t))
	}
	n := int(u16(t, 2))
	if avail := (len(t) - 4) / 8; n > avail {
		n = avail
	}
	memo := cmapMemo{}
	for i := 0; i < n; i++ {
		p := 4 + 8*i
		if u16(t, p) != platformID || u16(t, p+2) != encodingID {
			continue
		}
		if e, c := f.cmapRecord(t, i, memo); e.Err == nil {
			return c, nil
		}
	}
	return Cmap{}, &FormatError{Table: "cmap", Offset: 0, Msg: fmt.Sprintf("no usable (%d,%d) subtable", platformID, encodingID), Err: ErrMissingTable}
}

// validateCmap checks a subtable (sub runs to the end of the cmap table)
// as FreeType's validators do at FT_VALIDATE_DEFAULT. Offsets in errors
// are relative to sub.
func validateCmap(sub []byte, format uint16) (uint8, error) {
	lim := len(sub)
	short := func(p int, what string) error { return errf(TagCmap, p, "format %d: %s", format, what) }
	switch format {
	case 0:
		if lim < 4 {
			return 0, short(0, "header truncated")
		}
		if l := int(u16(sub, 2)); l > lim || l < 262 {
			return 0, short(2, fmt.Sprintf("length %d invalid", l))
		}
		return 0, nil
	case 4:
		if lim < 4 {
			return 0, short(0, "header truncated")
		}
		// FreeType replaces the length field by the distance to the end
		// of the cmap table, in both directions.
		length := lim
		if length < 16 {
			return 0, short(0, "subtable shorter than 16 bytes")
		}
		n := int(u16(sub, 6)) / 2
		if length < 16+n*2*4 {
			return 0, short(6, fmt.Sprintf("%d segments run past the end of the table", n))
		}
		var flags uint8
		var lastStart, lastEnd uint32
		glyphIDs := 16 + 8*n
		for i := 0; i < n; i++ {
			end := uint32(u16(sub, 14+2*i))
			start := uint32(u16(sub, 16+2*n+2*i))
			offPos := 16 + 6*n + 2*i
			offset := int(u16(sub, offPos))
			if start > end {
				return 0, short(16+2*n+2*i, fmt.Sprintf("segment %d starts (0x%x) after it ends (0x%x)", i, start, end))
			}
			if i > 0 && start <= lastEnd {
				if lastStart > start || lastEnd > end {
					flags |= cmapUnsorted
				} else {
					flags |= cmapOverlapping
				}
			}
			if offset != 0 && offset != 0xFFFF {
				if i != n-1 || !(start == 0xFFFF && end == 0xFFFF) {
					p := offPos + offset
					if p < glyphIDs || p+int(end-start+1)*2 > lim {
						return 0, short(offPos, fmt.Sprintf("segment %d idRangeOffset points outside the glyph ID array", i))
					}
				}
			} else if offset == 0xFFFF {
				if i != n-1 || !(start == 0xFFFF && end == 0xFFFF) {
					return 0, short(offPos, fmt.Sprintf("segment %d has idRangeOffset 0xFFFF", i))
				}
			}
			lastStart, lastEnd = start, end
		}
		return flags, nil
	case 6:
		if lim < 10 {
			return 0, short(0, "header truncated")
		}
		l, count := int(u16(sub, 2)), int(u16(sub, 8))
		if l > lim || l < 10+count*2 {
			return 0, short(2, fmt.Sprintf("length %d invalid for %d entries", l, count))
		}
		return 0, nil
	case 12, 13:
		if lim < 16 {
			return 0, short(0, "header truncated")
		}
		l, n := uint64(u32(sub, 4)), uint64(u32(sub, 12))
		if l > uint64(lim) || l < 16 || (l-16)/12 < n {
			return 0, short(4, fmt.Sprintf("length %d invalid for %d groups", l, n))
		}
		var last uint32
		for i := 0; i < int(n); i++ {
			p := 16 + 12*i
			s, e := u32(sub, p), u32(sub, p+4)
			if s > e {
				return 0, short(p, fmt.Sprintf("group %d starts after it ends", i))
			}
			if i > 0 && s <= last {
				return 0, short(p, fmt.Sprintf("group %d is out of order", i))
			}
			last = e
		}
		return 0, nil
	case 14:
		return 0, validateCmap14(sub)
	case 2:
		return 0, validateCmap2(sub)
	case 8, 10:
		return 0, &FormatError{Table: "cmap", Offset: 0, Msg: fmt.Sprintf("format %d is not decoded by this package", format), Err: ErrUnsupported}
	}
	return 0, &FormatError{Table: "cmap", Offset: 0, Msg: fmt.Sprintf("unknown format %d", format), Err: ErrUnsupported}
}

// validateCmap2 mirrors tt_cmap2_validate at FT_VALIDATE_DEFAULT.
func validateCmap2(sub []byte) error {
	lim := len(sub)
	bad := func(p int, m string) error { return errf(TagCmap, p, "format 2: %s", m) }
	if lim < 4 {
		return bad(0, "header truncated")
	}
	length := int(u16(sub, 2))
	if length > lim || length < 6+512 {
		return bad(2, fmt.Sprintf("length %d invalid", length))
	}
	maxSubs := 0
	for n := 0; n < 256; n++ {
		maxSubs = max(maxSubs, int(u16(sub, 6+2*n))>>3)
	}
	glyphIDs := 518 + (maxSubs+1)*8
	if glyphIDs > lim {
		return bad(518, fmt.Sprintf("%d sub-headers run past the table", maxSubs+1))
	}
	for n := 0; n <= maxSubs; n++ {
		p := 518 + 8*n
		count, offset := int(u16(sub, p+2)), int(u16(sub, p+6))
		if count == 0 || offset == 0 {
			continue
		}
		if ids := p + 6 + offset; ids < glyphIDs || ids+2*count > length {
			return bad(p+6, fmt.Sprintf("sub-header %d idRangeOffset points outside the glyph ID array", n))
		}
	}
	return nil
}

// u24 reads the big-endian 24-bit unsigned integer at b[i:i+3]
// (format-14 code points); the caller checks the bounds.
func u24(b []byte, i int) uint32 { return uint32(b[i])<<16 | uint32(b[i+1])<<8 | uint32(b[i+2]) }

// validateCmap14 mirrors tt_cmap14_validate. Format 14 subtables are
// accepted as charmaps but map no character (Lookup gives 0).
func validateCmap14(sub []byte) error {
	lim := uint64(len(sub))
	bad := func(p int, m string) error { return errf(TagCmap, p, "format 14: %s", m) }
	if lim < 10 {
		return bad(0, "header truncated")
	}
	length, nsel := uint64(u32(sub, 2)), uint64(u32(sub, 6))
	if length > lim || length < 10 || (length-10)/11 < nsel {
		return bad(2, fmt.Sprintf("length %d invalid for %d selectors", length, nsel))
	}
	last := uint32(1)
	// FreeType revalidates a UVS table once per selector referring to
	// it, which is quadratic on hostile input; validating each table
	// once gives the same verdict in linear time.
	seen := make(map[uint64]bool)
	for i := 0; i < int(nsel); i++ {
		p := 10 + 11*i
		vs, def, nondef := u24(sub, p), uint64(u32(sub, p+3)), uint64(u32(sub, p+7))
		if def >= length || nondef >= length {
			return bad(p+3, "selector table offset outside the subtable")
		}
		if vs < last {
			return bad(p, "selectors out of order")
		}
		last = vs + 1
		if def != 0 {
			q := int(def)
			if uint64(q)+4 > lim {
				return bad(q, "default UVS table truncated")
			}
			n := uint64(u32(sub, q))
			q += 4
			if n > (lim-uint64(q))/4 {
				return bad(q, "default UVS ranges run past the table")
			}
			if seen[def] {
				goto nondefault
			}
			seen[def] = true
			var lastBase uint32
			for k := 0; k < int(n); k++ {
				base, cnt := u24(sub, q), uint32(sub[q+3])
				if base+cnt >= 0x110000 || base < lastBase {
					return bad(q, "bad default UVS range")
				}
				lastBase = base + cnt + 1
				q += 4
			}
		}
	nondefault:
		if nondef != 0 && !seen[nondef|1<<40] {
			seen[nondef|1<<40] = true
			q := int(nondef)
			if uint64(q)+4 > lim {
				return bad(q, "non-default UVS table truncated")
			}
			n := uint64(u32(sub, q))
			q += 4
			if n > (lim-uint64(q))/5 {
				return bad(q, "non-default UVS mappings run past the table")
			}
			var lastUni uint32
			for k := 0; k < int(n); k++ {
				uni := u24(sub, q)
				if uni >= 0x110000 || uni < lastUni {
					return bad(q, "bad non-default UVS mapping")
				}
				lastUni = uni + 1
				q += 5
			}
		}
	}
	return nil
}
