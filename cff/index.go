package cff

// An index is a parsed CFF INDEX: count objects whose data lie between
// offsets read from the offset array. It refers to the table's bytes.
type index struct {
	data    []byte // the whole table
	count   int
	offSize int
	offs    int // position of the offset array in data
	base    int // position of the byte before the object data (offsets are 1-based)
	end     int // position just past the INDEX
}

// maxIndexCount bounds the number of objects of one INDEX (CFF2 counts
// are 32-bit); FreeType's cff_index_init is bounded by the stream size.
const maxIndexCount = 1 << 24

// parseIndex reads the INDEX at pos (cff_index_init, cff_index_load_offsets):
// a 16-bit count (32-bit for CFF2), an offset size 1..4, count+1 offsets.
// The offsets are checked when an object is read (at), as FreeType checks
// them when it reads an element: an offset past the data or a decreasing
// pair gives an empty object.
func parseIndex(data []byte, pos int, cff2 bool, table, what string) (index, error) {
	ix := index{data: data}
	bad := func(msg string) (index, error) {
		return index{}, &FormatError{Table: table, Offset: pos, Msg: what + " INDEX: " + msg}
	}
	if pos < 0 || pos > len(data) {
		return bad("offset past the end of the table")
	}
	hdr := 2
	if cff2 {
		hdr = 4
	}
	if len(data)-pos < hdr {
		return bad("count runs past the end of the table")
	}
	count := int(u16(data, pos))
	if cff2 {
		count = int(u32(data, pos))
	}
	if count == 0 {
		ix.end = pos + hdr
		return ix, nil
	}
	if count > maxIndexCount {
		return bad("too many objects")
	}
	if len(data)-pos-hdr < 1 {
		return bad("offset size runs past the end of the table")
	}
	offSize := int(data[pos+hdr])
	if offSize < 1 || offSize > 4 {
		return bad("offset size not in 1..4")
	}
	offs := pos + hdr + 1
	if (len(data)-offs)/offSize < count+1 {
		return bad("offset array runs past the end of the table")
	}
	ix.count, ix.offSize, ix.offs = count, offSize, offs
	ix.base = offs + (count+1)*offSize - 1
	last := ix.offset(count)
	if last < 1 || uint64(ix.base)+uint64(last) > uint64(len(data)) {
		return bad("data runs past the end of the table")
	}
	ix.end = ix.base + int(last)
	return ix, nil
}

// offset returns offset i of the array (1-based offsets as stored).
func (ix *index) offset(i int) uint32 {
	p := ix.offs + i*ix.offSize
	var v uint32
	for k := 0; k < ix.offSize; k++ {
		v = v<<8 | uint32(ix.data[p+k])
	}
	return v
}

// at returns object i, or nil when its offsets are out of order or out of
// the INDEX's data (cff_index_access_element returns an empty element).
func (ix *index) at(i int) []byte {
	if i < 0 || i >= ix.count {
		return nil
	}
	a, b := ix.offset(i), ix.offset(i+1)
	lim := uint32(ix.end - ix.base)
	if a < 1 || b < a || b > lim {
		return nil
	}
	s, e := ix.base+int(a), ix.base+int(b)
	return ix.data[s:e:e]
}

// start returns the table offset of object i (for error messages).
func (ix *index) start(i int) int {
	if i < 0 || i >= ix.count {
		return ix.end
	}
	return ix.base + int(ix.offset(i))
}

// Big-endian readers; callers check bounds first.
func u16(b []byte, i int) uint16 { return uint16(b[i])<<8 | uint16(b[i+1]) }

// u32 reads a big-endian 32-bit value at b[i:].
func u32(b []byte, i int) uint32 {
	return uint32(b[i])<<24 | uint32(b[i+1])<<16 | uint32(b[i+2])<<8 | uint32(b[i+3])
}

// pointers mirrors cff_index_get_pointers, the table FreeType reads
// subroutines through: entry n is offset n-1 clamped to be at least the
// previous entry and at most the data size; entry 0 is 0.
func (ix *index) pointers() []uint32 {
	if ix.count == 0 {
		return nil
	}
	size := uint32(ix.end - ix.base - 1)
	t := make([]uint32, ix.count+1)
	cur := uint32(0)
	for n := 1; n <= ix.count; n++ {
		next := uint64(ix.offset(n)) - 1 // an offset of 0 wraps (FT_ULong) and is clamped to the size
		if next < uint64(cur) {
			next = uint64(cur)
		} else if next > uint64(size) {
			next = uint64(size)
		}
		t[n] = uint32(next)
		cur = uint32(next)
	}
	return t
}

// element mirrors cff_index_access_element, the way FreeType reads a
// charstring: the start offset (0 means an empty element), the next
// non-zero offset as the end, the end clamped to the end of the file
// (the stream; not to the INDEX data, whose last offset may be smaller); an end
// not after the start gives an empty element.
func (ix *index) element(i int) []byte {
	if i < 0 || i >= ix.count {
		return nil
	}
	off1 := ix.offset(i)
	if off1 == 0 {
		return nil
	}
	var off2 uint32
	for e := i + 1; ; e++ {
		off2 = ix.offset(e)
		if off2 != 0 || e >= ix.count {
			break
		}
	}
	// truncated at the end of the stream (the file: ix.data runs to
	// it), not at the INDEX data's end
	lim := uint32(len(ix.data) - ix.base)
	if off2 > lim {
		off2 = lim
	}
	if off2 <= off1 {
		return nil
	}
	s, e := ix.base+int(off1), ix.base+int(off2)
	return ix.data[s:e:e]
}
