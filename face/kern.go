package face

import "fontvm/sfnt"

// kernTable is a TrueType 'kern' table read as FreeType reads it
// (tt_face_load_kern, tt_face_get_kerning): version-0 table, at most 32
// subtables, only format-0 horizontal subtables (coverage & 3 == 1) are
// used, broken lengths and pair counts are clipped to the table, sorted
// subtables are binary-searched and unsorted ones scanned, and a subtable
// with the override bit (coverage & 8) replaces the sum so far.
type kernTable struct {
	data    []byte
	n       int    // subtables examined
	avail   uint32 // usable subtables
	ordered uint32 // subtables whose pairs are sorted
}

func be16(b []byte, i int) int { return int(b[i])<<8 | int(b[i+1]) }
func be32(b []byte, i int) uint32 {
	return uint32(b[i])<<24 | uint32(b[i+1])<<16 | uint32(b[i+2])<<8 | uint32(b[i+3])
}

func loadKern(f *sfnt.Font) kernTable {
	t := f.Table(sfnt.MakeTag("kern"))
	if len(t) < 4 {
		return kernTable{}
	}
	k := kernTable{data: t}
	p := 2
	num := be16(t, p)
	p += 2
	num = min(num, 32)
	nn := 0
	for ; nn < num; nn++ {
		mask := uint32(1) << nn
		if p+6 > len(t) {
			break
		}
		length := be16(t, p+2)
		coverage := be16(t, p+4)
		if length <= 6+8 {
			break
		}
		next := min(p+length, len(t))
		q := p + 6
		if coverage>>8 == 0 && coverage&3 == 1 && q+8 <= next {
			pairs := be16(t, q)
			q += 8
			if next-q < 6*pairs {
				pairs = (next - q) / 6
			}
			k.avail |= mask
			if pairs > 0 {
				old := be32(t, q)
				q += 6
				count := pairs - 1
				for ; count > 0; count-- {
					cur := be32(t, q)
					if cur < old {
						break
					}
					q += 6
					old = cur
				}
				if count == 0 {
					k.ordered |= mask
				}
			}
		}
		p = next
	}
	k.n = nn
	return k
}

// value returns the kerning of the pair in font units.
func (k *kernTable) value(left, right uint16) int {
	t := k.data
	if t == nil {
		return 0
	}
	result := 0
	p := 4
	key0 := uint32(left)<<16 | uint32(right)
	mask := uint32(1)
	for count := k.n; count > 0 && p+6 <= len(t); count, mask = count-1, mask<<1 {
		length := be16(t, p+2)
		coverage := be16(t, p+4)
		next := min(p+length, len(t))
		if k.avail&mask == 0 {
			p = next
			continue
		}
		q := p + 6
		pairs := be16(t, q)
		q += 8
		if next-q < 6*pairs {
			pairs = (next - q) / 6
		}
		found, v := false, 0
		if k.ordered&mask != 0 {
			lo, hi := 0, pairs
			for lo < hi {
				mid := (lo + hi) >> 1
				key := be32(t, q+6*mid)
				if key == key0 {
					found, v = true, int(int16(be16(t, q+6*mid+4)))
					break
				}
				if key < key0 {
					lo = mid + 1
				} else {
					hi = mid
				}
			}
		} else {
			for i := 0; i < pairs; i++ {
				if be32(t, q+6*i) == key0 {
					found, v = true, int(int16(be16(t, q+6*i+4)))
					break
				}
			}
		}
		if found {
			if coverage&8 != 0 {
				result = v
			} else {
				result += v
			}
		}
		p = next
	}
	return result
}
