package sfnt

import "fontvm/internal/ftmath"

// ItemVariationStore limits, from ft_var_load_item_variation_store.
const (
	// MaxVarRegions bounds an ItemVariationStore's region list
	// (OpenType 1.8.4: regionCount below 32768).
	MaxVarRegions = 32767
)

// A varRegionAxis is one axis of a variation region in 16.16, as
// FreeType converts the F2Dot14 values (FT_fdot14ToFixed).
type varRegionAxis struct{ start, peak, end int32 }

// itemVarData is one ItemVariationData subtable; the delta rows stay
// in the font data (rowSize bytes each: wordCount int16 deltas, then int8
// deltas for the remaining regions).
type itemVarData struct {
	itemCount int
	wordCount int
	regions   []uint16
	rows      []byte
	rowSize   int
}

// An ItemVariationStore is an OpenType ItemVariationStore (shared by
// HVAR, VVAR, MVAR, and CFF2's VariationStore), parsed as FreeType
// 2.12.1's ft_var_load_item_variation_store does. It is immutable.
type ItemVariationStore struct {
	numAxes int
	regions []varRegionAxis // regionCount × numAxes
	data    []itemVarData
}

// ParseItemVariationStore parses the store at byte off of data (FreeType
// reads it from the file stream: pass the whole file and the store's
// file offset, and table for the error messages). numAxes is fvar's axis
// count, which the region list must match. As FreeType, it rejects
// format other than 1, an empty store, more than MaxVarRegions regions,
// region indexes out of range, more word deltas than regions, and the
// 32-bit delta format (LONG_WORDS), and fails where a read runs past the
// end of the data.
func ParseItemVariationStore(table Tag, data []byte, off int, numAxes int) (*ItemVariationStore, error) {
	short := func(at int) error { return errf(table, at, "item variation store runs past the end of the data") }
	if off < 0 || off+8 > len(data) {
		return nil, short(off)
	}
	if u16(data, off) != 1 {
		return nil, errf(table, off, "item variation store format %d, not 1", u16(data, off))
	}
	regionOff := int64(u32(data, off+2))
	dataCount := int(u16(data, off+6))
	if dataCount == 0 {
		return nil, errf(table, off+6, "item variation store without ItemVariationData")
	}
	if off+8+4*dataCount > len(data) {
		return nil, short(off + 8)
	}
	rl := int64(off) + regionOff
	if rl+4 > int64(len(data)) {
		return nil, short(int(rl))
	}
	r := int(rl)
	axisCount, regionCount := int(u16(data, r)), int(u16(data, r+2))
	if axisCount != numAxes {
		return nil, errf(table, r, "region list has %d axes, fvar %d", axisCount, numAxes)
	}
	if regionCount > MaxVarRegions {
		return nil, &FormatError{Table: table.String(), Offset: r + 2, Msg: "more than 32767 variation regions", Err: ErrLimit}
	}
	if r+4+6*axisCount*regionCount > len(data) {
		return nil, short(r + 4)
	}
	s := &ItemVariationStore{numAxes: numAxes, regions: make([]varRegionAxis, axisCount*regionCount)}
	p := r + 4
	for i := range s.regions {
		s.regions[i] = varRegionAxis{int32(i16(data, p)) * 4, int32(i16(data, p+2)) * 4, int32(i16(data, p+4)) * 4}
		p += 6
	}
	s.data = make([]itemVarData, dataCount)
	for i := range s.data {
		vo := int64(off) + int64(u32(data, off+8+4*i))
		if vo+6 > int64(len(data)) {
			return nil, short(int(vo))
		}
		v := int(vo)
		d := &s.data[i]
		d.itemCount = int(u16(data, v))
		wc := u16(data, v+2)
		nr := int(u16(data, v+4))
		longWords := wc&0x8000 != 0
		d.wordCount = int(wc & 0x7FFF)
		if d.wordCount > nr {
			return nil, errf(table, v+2, "wordDeltaCount %d above regionIndexCount %d", d.wordCount, nr)
		}
		if nr > regionCount {
			return nil, errf(table, v+4, "regionIndexCount %d above regionCount %d", nr, regionCount)
		}
		if v+6+2*nr > len(data) {
			return nil, short(v + 6)
		}
		d.regions = make([]uint16, nr)
		for j := range d.regions {
			d.regions[j] = u16(data, v+6+2*j)
			if int(d.regions[j]) >= regionCount {
				return nil, errf(table, v+6+2*j, "region index %d out of range", d.regions[j])
			}
		}
		if longWords {
			// FreeType: "not supported yet" (Invalid_Table).
			return nil, &FormatError{Table: table.String(), Offset: v + 2, Msg: "32-bit deltas (LONG_WORDS) not supported", Err: ErrUnsupported}
		}
		d.rowSize = d.wordCount*2 + nr - d.wordCount
		start := v + 6 + 2*nr
		n := int64(d.rowSize) * int64(d.itemCount)
		if int64(start)+n > int64(len(data)) {
			return nil, short(start)
		}
		d.rows = data[start : start+int(n)]
	}
	return s, nil
}

// NumAxes returns the store's axis count.
func (s *ItemVariationStore) NumAxes() int { return s.numAxes }

// NumRegions returns the number of regions in the region list.
func (s *ItemVariationStore) NumRegions() int {
	if s.numAxes == 0 {
		return 0
	}
	return len(s.regions) / s.numAxes
}

// NumData returns the number of ItemVariationData subtables (the outer
// index range).
func (s *ItemVariationStore) NumData() int { return len(s.data) }

// ItemCount returns the number of delta sets in subtable outer (the
// inner index range), or 0 if outer is out of range.
func (s *ItemVariationStore) ItemCount(outer int) int {
	if outer < 0 || outer >= len(s.data) {
		return 0
	}
	return s.data[outer].itemCount
}

// RegionIndexes returns subtable outer's region indexes (a fresh copy;
// nil if outer is out of range).
func (s *ItemVariationStore) RegionIndexes(outer int) []uint16 {
	if outer < 0 || outer >= len(s.data) {
		return nil
	}
	return append([]uint16(nil), s.data[outer].regions...)
}

// RegionAxis returns region r's start, peak and end on axis a, in 16.16
// (the table's F2Dot14 times 4).
func (s *ItemVariationStore) RegionAxis(r, a int) (start, peak, end int32) {
	x := s.regions[r*s.numAxes+a]
	return x.start, x.peak, x.end
}

// DeltaSet appends the delta set (outer, inner) to dst: one delta per
// region index of subtable outer, in the store's units. It returns dst
// unchanged if the indexes are out of range.
func (s *ItemVariationStore) DeltaSet(dst []int32, outer, inner int) []int32 {
	if outer < 0 || outer >= len(s.data) || inner < 0 || inner >= s.data[outer].itemCount {
		return dst
	}
	d := &s.data[outer]
	row := d.rows[inner*d.rowSize:]
	for k := range d.regions {
		dst = append(dst, d.delta(row, k))
	}
	return dst
}

// delta returns the k-th delta of a row.
func (d *itemVarData) delta(row []byte, k int) int32 {
	if k < d.wordCount {
		return int32(i16(row, 2*k))
	}
	return int32(int8(row[2*d.wordCount+k-d.wordCount]))
}

// RegionScalar returns region r's scalar (16.16) at the normalized
// coordinates coords, as ft_var_get_item_delta's per-axis loop computes
// it: invalid axis ranges (start > peak > end, or a peak of zero, or a
// range crossing zero with a non-zero peak) are ignored, a coordinate on
// or outside the range's ends gives 0, and the factors multiply with
// FT_MulDiv. Axes beyond len(coords) read as 0.
func (s *ItemVariationStore) RegionScalar(r int, coords []int32) int64 {
	scalar := int64(0x10000)
	ax := s.regions[r*s.numAxes : (r+1)*s.numAxes]
	for j := range ax {
		a := &ax[j]
		var c int32
		if j < len(coords) {
			c = coords[j]
		}
		switch {
		case a.start > a.peak || a.peak > a.end:
		case a.start < 0 && a.end > 0 && a.peak != 0:
		case a.peak == 0:
		case c == a.peak:
		case c <= a.start || c >= a.end:
			return 0
		case c < a.peak:
			scalar = ftmath.MulDiv(scalar, int64(c)-int64(a.start), int64(a.peak)-int64(a.start))
		default:
			scalar = ftmath.MulDiv(scalar, int64(a.end)-int64(c), int64(a.end)-int64(a.peak))
		}
	}
	return scalar
}

// Delta returns the interpolated delta of item (outer, inner) at the
// normalized coordinates coords, as FreeType's ft_var_get_item_delta:
// each region's delta (as 16.16) times its scalar with FT_MulFix, summed,
// then rounded to an integer and truncated to 16 bits (FT_fixedToInt).
// Out-of-range indexes give 0 (FreeType's callers check them first).
// It does not allocate.
func (s *ItemVariationStore) Delta(outer, inner int, coords []int32) int {
	d, row := s.item(outer, inner)
	if d == nil {
		return 0
	}
	var net int64
	for k, r := range d.regions {
		scalar := s.RegionScalar(int(r), coords)
		net += ftmath.MulFix(scalar, int64(d.delta(row, k))<<16)
	}
	return int(int16((net + 0x8000) >> 16))
}

// RegionScalars sets dst (grown as needed) to every region's scalar at
// coords (RegionScalar) and returns it, for DeltaScalars: the scalars
// depend only on the coordinates, so a caller at fixed coordinates
// computes them once instead of once per item.
func (s *ItemVariationStore) RegionScalars(dst []int64, coords []int32) []int64 {
	n := s.NumRegions()
	dst = dst[:0]
	for r := 0; r < n; r++ {
		dst = append(dst, s.RegionScalar(r, coords))
	}
	return dst
}

// DeltaScalars is Delta with the region scalars precomputed by
// RegionScalars at the same coordinates: the same sum of FT_MulFix
// products, the same rounding. A region index past scalars reads as 0.
func (s *ItemVariationStore) DeltaScalars(outer, inner int, scalars []int64) int {
	d, row := s.item(outer, inner)
	if d == nil {
		return 0
	}
	var net int64
	for k, r := range d.regions {
		var scalar int64
		if int(r) < len(scalars) {
			scalar = scalars[r]
		}
		net += ftmath.MulFix(scalar, int64(d.delta(row, k))<<16)
	}
	return int(int16((net + 0x8000) >> 16))
}

// item returns subtable outer and the delta row of its item inner, or
// nil for out-of-range indexes.
func (s *ItemVariationStore) item(outer, inner int) (*itemVarData, []byte) {
	if outer < 0 || outer >= len(s.data) || inner < 0 || inner >= s.data[outer].itemCount {
		return nil, nil
	}
	d := &s.data[outer]
	return d, d.rows[inner*d.rowSize:]
}

// A DeltaSetIndexMap maps glyph (or other) indexes to (outer, inner)
// item indexes, as ft_var_load_delta_set_index_mapping loads it.
type DeltaSetIndexMap struct {
	outer, inner []uint16
}

// ParseDeltaSetIndexMap parses the map at byte off of data (the whole
// file, as FreeType reads it from the stream), validating each entry
// against store as FreeType does. tableLen is the containing table's
// length, FreeType's rough bound on mapCount*entrySize.
func ParseDeltaSetIndexMap(table Tag, data []byte, off int, tableLen int, store *ItemVariationStore) (*DeltaSetIndexMap, error) {
	if off < 0 || off+2 > len(data) {
		return nil, errf(table, off, "delta-set index map runs past the end of the data")
	}
	format, entryFormat := data[off], data[off+1]
	p := off + 2
	var count int64
	switch format {
	case 0:
		if p+2 > len(data) {
			return nil, errf(table, p, "delta-set index map runs past the end of the data")
		}
		count = int64(u16(data, p))
		p += 2
	case 1:
		if p+4 > len(data) {
			return nil, errf(table, p, "delta-set index map runs past the end of the data")
		}
		count = int64(u32(data, p))
		p += 4
	default:
		return nil, errf(table, off, "delta-set index map format %d", format)
	}
	if entryFormat&0xC0 != 0 {
		return nil, errf(table, off+1, "delta-set index map entry format 0x%02x", entryFormat)
	}
	size := int64(entryFormat&0x30>>4) + 1
	bits := uint(entryFormat&0x0F) + 1
	if count*size > int64(tableLen) {
		return nil, errf(table, off, "%d delta-set index map entries exceed the table", count)
	}
	if int64(p)+count*size > int64(len(data)) {
		return nil, errf(table, p, "delta-set index map runs past the end of the data")
	}
	m := &DeltaSetIndexMap{outer: make([]uint16, count), inner: make([]uint16, count)}
	for i := range m.outer {
		var v uint32
		for j := int64(0); j < size; j++ {
			v = v<<8 | uint32(data[p])
			p++
		}
		o, in := v>>bits, v&(1<<bits-1)
		if int(o) >= len(store.data) {
			return nil, errf(table, p-int(size), "outer index %d out of range", o)
		}
		if int(in) >= store.data[o].itemCount {
			return nil, errf(table, p-int(size), "inner index %d out of range", in)
		}
		m.outer[i], m.inner[i] = uint16(o), uint16(in)
	}
	return m, nil
}

// Len returns the number of entries.
func (m *DeltaSetIndexMap) Len() int { return len(m.outer) }

// Lookup returns the item indexes of i; an index past the end takes the
// last entry, as tt_hvadvance_adjust does. ok is false for an empty map.
func (m *DeltaSetIndexMap) Lookup(i int) (outer, inner int, ok bool) {
	n := len(m.outer)
	if n == 0 {
		return 0, 0, false
	}
	if i >= n || i < 0 {
		i = n - 1
	}
	return int(m.outer[i]), int(m.inner[i]), true
}
