package cff

import "fontvm/internal/ftmath"

// varStore is a CFF2 VariationStore as FreeType's cff_vstore_load reads
// it: the region list (coordinates as 16.16) and, per ItemVariationData,
// the region indices (CFF2 has no delta sets; the deltas are blend
// operands).
type varStore struct {
	axisCount int
	regions   [][]axisCoords // [region][axis]
	data      [][]uint16     // [vsindex] region indices
}

// axisCoords is one region's range on one axis (16.16).
type axisCoords struct{ start, peak, end int64 }

// Limits of the variation store.
const (
	// maxRegions bounds regionCount*axisCount of a variation store.
	maxRegionAxes = 1 << 16
)

// parseVarStore mirrors cff_vstore_load: a 2-byte length, then format 1,
// regionListOffset, dataCount and the data offsets.
func parseVarStore(d []byte, off int, table string) (varStore, error) {
	var vs varStore
	bad := func(p int, msg string) (varStore, error) {
		return varStore{}, &FormatError{Table: table, Offset: p, Msg: "VariationStore: " + msg}
	}
	if off == 0 {
		return vs, nil
	}
	if off < 0 || off > len(d)-2-8 {
		return bad(off, "header runs past the end of the table")
	}
	b := off + 2
	if u16(d, b) != 1 {
		return bad(b, "format is not 1")
	}
	rl := uint64(u32(d, b+2))
	dc := int(u16(d, b+6))
	if len(d)-(b+8) < 4*dc {
		return bad(b+8, "data offsets run past the end of the table")
	}
	rp := uint64(b) + rl
	if rp+4 > uint64(len(d)) {
		return bad(b+2, "region list runs past the end of the table")
	}
	vs.axisCount = int(u16(d, int(rp)))
	rc := int(u16(d, int(rp)+2))
	if rc*vs.axisCount > maxRegionAxes {
		return bad(int(rp), "too many regions")
	}
	p := int(rp) + 4
	if (len(d)-p)/6 < rc*vs.axisCount {
		return bad(p, "regions run past the end of the table")
	}
	vs.regions = make([][]axisCoords, rc)
	for i := range vs.regions {
		ax := make([]axisCoords, vs.axisCount)
		for j := range ax {
			ax[j] = axisCoords{int64(int16(u16(d, p))) * 4, int64(int16(u16(d, p+2))) * 4, int64(int16(u16(d, p+4))) * 4}
			p += 6
		}
		vs.regions[i] = ax
	}
	vs.data = make([][]uint16, dc)
	for i := range vs.data {
		q := uint64(b) + uint64(u32(d, b+8+4*i))
		if q+6 > uint64(len(d)) {
			return bad(b+8+4*i, "ItemVariationData runs past the end of the table")
		}
		n := int(u16(d, int(q)+4))
		s := int(q) + 6
		if (len(d)-s)/2 < n {
			return bad(int(q), "region indices run past the end of the table")
		}
		idx := make([]uint16, n)
		for k := range idx {
			idx[k] = u16(d, s+2*k)
		}
		vs.data[i] = idx
	}
	return vs, nil
}

// errBlendVector is the error of cff_blend_build_vector on inconsistent
// data (Invalid_File_Format).
var errBlendVector = &CharstringError{FreeType: "Invalid_File_Format", Msg: "bad vsindex or variation store"}

// blendVector mirrors cff_blend_build_vector: the weights of the default
// master (1.0) and of each region of ItemVariationData vsindex, for the
// normalized coordinates ndv (16.16; empty for the default instance).
func (vs *varStore) blendVector(vsindex int, ndv []int64, bv []int64) ([]int64, error) {
	if len(ndv) != 0 && len(ndv) != vs.axisCount {
		return bv, errBlendVector
	}
	if vsindex < 0 || vsindex >= len(vs.data) {
		return bv, errBlendVector
	}
	ri := vs.data[vsindex]
	bv = append(bv[:0], 0x10000)
	for _, idx := range ri {
		if int(idx) >= len(vs.regions) {
			return bv, errBlendVector
		}
		if len(ndv) == 0 {
			bv = append(bv, 0)
			continue
		}
		w := int64(0x10000)
		for j, a := range vs.regions[idx] {
			var s int64
			switch {
			case a.start > a.peak || a.peak > a.end:
				s = 0x10000
			case a.start < 0 && a.end > 0 && a.peak != 0:
				s = 0x10000
			case a.peak == 0:
				s = 0x10000
			case ndv[j] < a.start || ndv[j] > a.end:
				s = 0
			case ndv[j] == a.peak:
				s = 0x10000
			case ndv[j] < a.peak:
				s = ftmath.DivFix(ndv[j]-a.start, a.peak-a.start)
			default:
				s = ftmath.DivFix(a.end-ndv[j], a.end-a.peak)
			}
			w = mulFix(w, s)
		}
		bv = append(bv, w)
	}
	return bv, nil
}

// dictBlend mirrors cff_parse_blend and cff_blend_doBlend: the top
// operand is the number of blended values n; below it n defaults and
// n*regions deltas; the result is n 16.16 values.
func (f *Font) dictBlend(vsindex int, st []operand) ([]operand, error) {
	if len(st) < 1 {
		return st, errStr("blend: stack underflow")
	}
	bv, err := f.vstore.blendVector(vsindex, f.ndv, nil)
	if err != nil {
		return st, errStr("blend: bad vsindex or variation store")
	}
	n := int(st[len(st)-1].num())
	count := len(st) - 1
	if n < 0 || n*len(bv) > count {
		return st, errStr("blend: stack underflow")
	}
	base := count - n*len(bv)
	delta := base + n
	for i := 0; i < n; i++ {
		sum := uint32(st[base+i].num() * 0x10000)
		for j := 1; j < len(bv); j++ {
			sum += uint32(st[delta].num() * bv[j])
			delta++
		}
		st[base+i] = operand{blended: true, fixed: int64(int32(sum))}
	}
	return st[:base+n], nil
}

// errStr is a plain error message.
type errStr string

// Error returns the message.
func (e errStr) Error() string { return string(e) }

// mulFix is FT_MulFix as FreeType's x86-64 build computes it (32-bit
// operands, result truncated to 32 bits).
func mulFix(a, b int64) int64 {
	r := int64(int32(a)) * int64(int32(b))
	r += 0x8000 + (r >> 63)
	return int64(int32(r >> 16))
}
