package sfnt_test

import (
	"encoding/binary"
	"errors"
	"testing"
	"time"

	"fontvm/internal/fontwriter"
	"fontvm/sfnt"
)

// seg4 is one format-4 segment; ids, if set, are placed in the glyph ID
// array and idRangeOffset pointed at them (unless rangeOffset is set).
type seg4 struct {
	start, end  uint16
	delta       int16
	rangeOffset uint16
	ids         []uint16
}

func be16(b []byte, v ...uint16) []byte {
	for _, x := range v {
		b = binary.BigEndian.AppendUint16(b, x)
	}
	return b
}

func format4(segs []seg4) []byte {
	n := len(segs)
	b := be16(nil, 4, 0, 0, uint16(2*n), 0, 0, 0)
	for _, s := range segs {
		b = be16(b, s.end)
	}
	b = be16(b, 0)
	for _, s := range segs {
		b = be16(b, s.start)
	}
	for _, s := range segs {
		b = be16(b, uint16(s.delta))
	}
	pos := 0
	for k, s := range segs {
		switch {
		case s.rangeOffset != 0:
			b = be16(b, s.rangeOffset)
		case s.ids != nil:
			b = be16(b, uint16(2*(n-k)+2*pos))
			pos += len(s.ids)
		default:
			b = be16(b, 0)
		}
	}
	for _, s := range segs {
		if s.rangeOffset == 0 {
			b = be16(b, s.ids...)
		}
	}
	binary.BigEndian.PutUint16(b[2:], uint16(len(b)))
	return b
}

type rec struct {
	pid, eid uint16
	sub      []byte
}

func cmapTable(recs ...rec) []byte {
	b := be16(nil, 0, uint16(len(recs)))
	off := 4 + 8*len(recs)
	for _, r := range recs {
		b = be16(b, r.pid, r.eid)
		b = binary.BigEndian.AppendUint32(b, uint32(off))
		off += len(r.sub)
	}
	for _, r := range recs {
		b = append(b, r.sub...)
	}
	return b
}

// fontWithCmap returns a font of 100 empty glyphs with the given cmap.
func fontWithCmap(t *testing.T, cmap []byte) *sfnt.Font {
	t.Helper()
	fw := &fontwriter.Font{Glyphs: make([]fontwriter.Glyph, 100), Tables: map[string][]byte{"cmap": cmap}}
	data, err := fw.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	f, err := sfnt.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func expect(t *testing.T, name string, cm sfnt.Cmap, want map[rune]uint16) {
	t.Helper()
	for r, g := range want {
		if got := cm.Lookup(r); got != g {
			t.Errorf("%s: %U -> %d, want %d", name, r, got, g)
		}
	}
}

func TestCmapFormat4FreeTypeRules(t *testing.T) {
	sentinel := seg4{start: 0xFFFF, end: 0xFFFF, delta: 1}

	// Overlapping segments (starts and ends ascending): the first
	// segment containing the code wins.
	f := fontWithCmap(t, cmapTable(rec{3, 1, format4([]seg4{{start: 0x41, end: 0x50, delta: 1}, {start: 0x48, end: 0x60, delta: 2}, sentinel})}))
	cm, err := f.Cmap()
	if err != nil {
		t.Fatal(err)
	}
	expect(t, "overlapping", cm, map[rune]uint16{0x40: 0, 0x41: 0x42, 0x49: 0x4A, 0x50: 0x51, 0x51: 0x53, 0x60: 0x62, 0x61: 0, 0xFFFF: 0})

	// Unsorted segments: FreeType's linear search stops at the first
	// segment starting after the code, so 0x42 is not found.
	f = fontWithCmap(t, cmapTable(rec{3, 1, format4([]seg4{{start: 0x50, end: 0x58, delta: 1}, {start: 0x41, end: 0x45, delta: 2}, sentinel})}))
	cm, err = f.Cmap()
	if err != nil {
		t.Fatal(err)
	}
	expect(t, "unsorted", cm, map[rune]uint16{0x42: 0, 0x55: 0x56, 0x59: 0})

	// Glyph ID array with delta; 0 stays 0; results >= numGlyphs are 0;
	// a sentinel whose idRangeOffset points outside the table is
	// treated as delta 1, offset 0.
	f = fontWithCmap(t, cmapTable(rec{3, 1, format4([]seg4{
		{start: 0x30, end: 0x32, delta: 10, ids: []uint16{5, 0, 200}},
		{start: 0x41, end: 0x46, delta: 30},
		{start: 0xFFFF, end: 0xFFFF, rangeOffset: 0x7FFF},
	})}))
	cm, err = f.Cmap()
	if err != nil {
		t.Fatal(err)
	}
	expect(t, "range offsets", cm, map[rune]uint16{0x2F: 0, 0x30: 15, 0x31: 0, 0x32: 0, 0x41: 95, 0x45: 99, 0x46: 0, 0xFFFF: 0, 0x10041: 0})

	// idRangeOffset 0xFFFF: tolerated in the last 0xFFFF segment only.
	f = fontWithCmap(t, cmapTable(rec{3, 1, format4([]seg4{{start: 0x41, end: 0x46, delta: 1}, {start: 0xFFFF, end: 0xFFFF, rangeOffset: 0xFFFF}})}))
	cm, err = f.Cmap()
	if err != nil {
		t.Fatal(err)
	}
	expect(t, "0xFFFF sentinel", cm, map[rune]uint16{0x41: 0x42, 0xFFFF: 0})
	f = fontWithCmap(t, cmapTable(rec{3, 1, format4([]seg4{{start: 0x41, end: 0x46, rangeOffset: 0xFFFF}, sentinel})}))
	if _, err := f.Cmap(); !errors.Is(err, sfnt.ErrMissingTable) {
		t.Errorf("0xFFFF in a middle segment: Cmap() = %v, want the subtable dropped", err)
	}
	encs, err := f.CmapEncodings()
	if err != nil || len(encs) != 1 || encs[0].Err == nil {
		t.Fatalf("encodings %+v %v", encs, err)
	}
	var fe *sfnt.FormatError
	if !errors.As(encs[0].Err, &fe) || fe.Table != "cmap" || fe.Offset != 12+16+6*2 {
		t.Errorf("dropped subtable error %v (offset %#x)", encs[0].Err, fe.Offset)
	}

	// A glyph ID array pointing outside the table drops the subtable.
	f = fontWithCmap(t, cmapTable(rec{3, 1, format4([]seg4{{start: 0x41, end: 0x46, rangeOffset: 0x4000}, sentinel})}))
	if _, err := f.Cmap(); err == nil {
		t.Error("idRangeOffset outside the table accepted")
	}
	// start > end drops the subtable.
	f = fontWithCmap(t, cmapTable(rec{3, 1, format4([]seg4{{start: 0x47, end: 0x46}, sentinel})}))
	if _, err := f.Cmap(); err == nil {
		t.Error("start > end accepted")
	}
}

func format0(m map[byte]byte) []byte {
	b := be16(nil, 0, 262, 0)
	arr := make([]byte, 256)
	for k, v := range m {
		arr[k] = v
	}
	return append(b, arr...)
}

func format6(first uint16, ids ...uint16) []byte {
	b := be16(nil, 6, uint16(10+2*len(ids)), 0, first, uint16(len(ids)))
	return be16(b, ids...)
}

func format1213(format uint16, groups ...[3]uint32) []byte {
	b := be16(nil, format, 0)
	b = binary.BigEndian.AppendUint32(b, uint32(16+12*len(groups)))
	b = binary.BigEndian.AppendUint32(b, 0)
	b = binary.BigEndian.AppendUint32(b, uint32(len(groups)))
	for _, g := range groups {
		for _, v := range g {
			b = binary.BigEndian.AppendUint32(b, v)
		}
	}
	return b
}

func format14() []byte {
	// one selector U+FE00 with an empty default table
	b := be16(nil, 14)
	b = binary.BigEndian.AppendUint32(b, 10+11+4)
	b = binary.BigEndian.AppendUint32(b, 1)
	b = append(b, 0x00, 0xFE, 0x00)
	b = binary.BigEndian.AppendUint32(b, 21)
	b = binary.BigEndian.AppendUint32(b, 0)
	return binary.BigEndian.AppendUint32(b, 0)
}

func TestCmapFormatsAndSelection(t *testing.T) {
	sentinel := seg4{start: 0xFFFF, end: 0xFFFF, delta: 1}
	f0 := format0(map[byte]byte{'A': 7, 'B': 200})
	f4 := format4([]seg4{{start: 'A', end: 'Z', delta: -60}, sentinel})
	f6 := format6(0x100, 3, 4, 5)
	f12 := format1213(12, [3]uint32{'A', 'Z', 1}, [3]uint32{0x1F600, 0x1F610, 80}, [3]uint32{0x20000, 0x20001, 0xFFFFFFFF})
	f13 := format1213(13, [3]uint32{0x100, 0x1FF, 9})

	// (3,10) is preferred over a later (3,1).
	f := fontWithCmap(t, cmapTable(rec{3, 10, f12}, rec{3, 1, f4}))
	cm, err := f.Cmap()
	if err != nil || cm.Format != 12 {
		t.Fatalf("selected format %d, %v", cm.Format, err)
	}
	expect(t, "format 12", cm, map[rune]uint16{'A': 1, 'Z': 26, '@': 0, 0x1F600: 80, 0x1F610: 96, 0x1F611: 0, 0x20000: 0, 0x20001: 0})
	c4, err := f.CmapFor(3, 1)
	if err != nil {
		t.Fatal(err)
	}
	expect(t, "format 4", c4, map[rune]uint16{'A': 5, 'Z': 30, '@': 0})
	if _, err := f.CmapFor(1, 0); !errors.Is(err, sfnt.ErrMissingTable) {
		t.Errorf("CmapFor(1,0) = %v", err)
	}

	// The last Unicode subtable wins in the second pass; a (1,0) Mac
	// subtable is never selected by default.
	f = fontWithCmap(t, cmapTable(rec{0, 3, f6}, rec{1, 0, f0}, rec{3, 1, f4}))
	cm, _ = f.Cmap()
	if cm.Format != 4 {
		t.Errorf("selected format %d, want 4", cm.Format)
	}
	c0, err := f.CmapFor(1, 0)
	if err != nil {
		t.Fatal(err)
	}
	expect(t, "format 0", c0, map[rune]uint16{'A': 7, 'B': 0, 'C': 0, 0x141: 0})
	c6, err := f.CmapFor(0, 3)
	if err != nil {
		t.Fatal(err)
	}
	expect(t, "format 6", c6, map[rune]uint16{0xFF: 0, 0x100: 3, 0x102: 5, 0x103: 0})

	// FreeType's quirk: with (0,5) format 14 as the last Unicode
	// subtable, it is selected and maps nothing.
	f = fontWithCmap(t, cmapTable(rec{0, 3, f6}, rec{0, 5, format14()}))
	cm, err = f.Cmap()
	if err != nil || cm.Format != 14 || cm.Lookup(0x100) != 0 {
		t.Errorf("format 14 selection: format %d, %v", cm.Format, err)
	}

	// Format 13 maps whole ranges to one glyph; (0,6) is not UCS-4 for
	// FreeType's first pass, so a later (3,1) wins.
	f = fontWithCmap(t, cmapTable(rec{0, 6, f13}, rec{3, 1, f4}))
	cm, _ = f.Cmap()
	if cm.Format != 4 {
		t.Errorf("selected format %d, want 4", cm.Format)
	}
	c13, _ := f.CmapFor(0, 6)
	expect(t, "format 13", c13, map[rune]uint16{0xFF: 0, 0x100: 9, 0x1FF: 9, 0x200: 0})

	// Invalid format 12 (groups out of order) is dropped.
	bad12 := format1213(12, [3]uint32{'B', 'C', 1}, [3]uint32{'A', 'A', 2})
	f = fontWithCmap(t, cmapTable(rec{3, 10, bad12}, rec{3, 1, f4}))
	cm, _ = f.Cmap()
	if cm.Format != 4 {
		t.Errorf("bad format 12 not dropped: selected format %d", cm.Format)
	}

	// Truncated cmap header.
	f = fontWithCmap(t, []byte{0, 0})
	if _, err := f.Cmap(); !errors.Is(err, sfnt.ErrMalformed) {
		t.Errorf("2-byte cmap: %v", err)
	}
	var zero sfnt.Cmap
	if zero.Lookup('A') != 0 {
		t.Error("zero Cmap maps 'A'")
	}
}

// TestCmapSharedSubtables: thousands of encoding records sharing one large
// invalid subtable are validated once, not once per record (FreeType's
// way, quadratic). Measured on the shared 2-core machine: 0.01 s with the
// memo, 6.4 s without it; the bound is 1 s.
func TestCmapSharedSubtables(t *testing.T) {
	const nrec = 20000
	var segs []seg4
	for i := 0; i < 8000; i++ {
		segs = append(segs, seg4{start: uint16(2 * i), end: uint16(2 * i), delta: 1})
	}
	segs = append(segs, seg4{start: 0xFFFF, end: 0xFFFE}) // start > end: invalid
	sub := format4(segs)
	b := be16(nil, 0, nrec)
	for i := 0; i < nrec; i++ {
		b = be16(b, 3, 1)
		b = binary.BigEndian.AppendUint32(b, uint32(4+8*nrec))
	}
	b = append(b, sub...)
	start := time.Now()
	f := fontWithCmap(t, b)
	if _, err := f.Cmap(); !errors.Is(err, sfnt.ErrMissingTable) {
		t.Errorf("Cmap() = %v, want no usable subtable", err)
	}
	encs, err := f.CmapEncodings()
	if err != nil || len(encs) != nrec || encs[nrec-1].Err == nil {
		t.Fatalf("%d encodings, %v", len(encs), err)
	}
	if el := time.Since(start); el > time.Second {
		t.Errorf("took %v", el)
	}
}

// format2 builds a format-2 subtable: one-byte codes 0x20..0x7F map to
// code-0x20+1 through sub-header 0; two-byte codes 0x8140..0x8143 map
// through sub-header 1 (delta 5) to {1, 0, 3, 200}.
func format2() []byte {
	b := be16(nil, 2, 0, 0)
	keys := make([]uint16, 256)
	keys[0x81] = 8
	b = be16(b, keys...)
	b = be16(b, 0x20, 0x60, 0, 10) // sub-header 0 at 518, ids at 534
	b = be16(b, 0x40, 4, 5, 194)   // sub-header 1 at 526, ids at 726
	for i := 0; i < 0x60; i++ {
		b = be16(b, uint16(i+1))
	}
	b = be16(b, 1, 0, 3, 200)
	binary.BigEndian.PutUint16(b[2:], uint16(len(b)))
	return b
}

func TestCmapFormat2(t *testing.T) {
	f := fontWithCmap(t, cmapTable(rec{3, 2, format2()}))
	if _, err := f.Cmap(); err == nil {
		t.Error("a (3,2) subtable selected as Unicode")
	}
	cm, err := f.CmapFor(3, 2)
	if err != nil || cm.Format != 2 {
		t.Fatalf("CmapFor(3,2): %v", err)
	}
	expect(t, "format 2", cm, map[rune]uint16{0x1F: 0, 0x20: 1, 0x41: 0x22, 0x7F: 0x60, 0x80: 0, 0x81: 0,
		0x8140: 6, 0x8141: 0, 0x8142: 8, 0x8143: 0, 0x8144: 0, 0x813F: 0, 0x8240: 0, 0x10041: 0})
	// An idRangeOffset outside the glyph ID array drops the subtable.
	bad := format2()
	binary.BigEndian.PutUint16(bad[518+6:], 2) // sub-header 0 ids would overlap the sub-headers
	f = fontWithCmap(t, cmapTable(rec{3, 2, bad}))
	if _, err := f.CmapFor(3, 2); err == nil {
		t.Error("bad format 2 accepted")
	}
}
