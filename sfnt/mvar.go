package sfnt

// An MVAR is a metrics variations table as FreeType 2.12.1's
// ft_var_load_mvar loads it: value records (tag, outer, inner) over an
// ItemVariationStore.
type MVAR struct {
	store *ItemVariationStore
	tags  []Tag
	outer []uint16
	inner []uint16
}

// MVAR loads the MVAR table for a font with numAxes axes. It returns
// ErrMissingTable if absent and an error where ft_var_load_mvar gives up
// (FreeType then applies no metrics variation at all): a major version
// other than 1, a bad ItemVariationStore, records past the end of the
// file, or a record's indexes out of the store's range. The records are
// read 8 bytes apart whatever valueRecordSize says, as FreeType reads them.
func (f *Font) MVAR(numAxes int) (*MVAR, error) {
	r, ok := f.lookup(TagMVAR)
	if !ok {
		return nil, missing(TagMVAR)
	}
	d, off := f.data, int(r.Offset)
	if off+12 > len(d) {
		return nil, errf(TagMVAR, 0, "header runs past the end of the file")
	}
	if u16(d, off) != 1 {
		return nil, errf(TagMVAR, 0, "major version %d, not 1", u16(d, off))
	}
	n, storeOff := int(u16(d, off+8)), int(u16(d, off+10))
	s, err := ParseItemVariationStore(TagMVAR, d, off+storeOff, numAxes)
	if err != nil {
		return nil, err
	}
	p := off + 12
	if p+8*n > len(d) {
		return nil, errf(TagMVAR, 12, "value records run past the end of the file")
	}
	m := &MVAR{store: s, tags: make([]Tag, n), outer: make([]uint16, n), inner: make([]uint16, n)}
	for i := 0; i < n; i++ {
		m.tags[i], m.outer[i], m.inner[i] = Tag(u32(d, p)), u16(d, p+4), u16(d, p+6)
		if int(m.outer[i]) >= s.NumData() || int(m.inner[i]) >= s.ItemCount(int(m.outer[i])) {
			return nil, errf(TagMVAR, p+4, "value record indexes (%d, %d) out of range", m.outer[i], m.inner[i])
		}
		p += 8
	}
	return m, nil
}

// Delta returns the delta of the value record with tag t at the
// normalized coordinates coords (ft_var_get_item_delta), and whether
// there is one. FreeType applies every record in order, so a later
// record with the same tag wins: Delta returns the last one's.
func (m *MVAR) Delta(t Tag, coords []int32) (delta int, ok bool) {
	for i := len(m.tags) - 1; i >= 0; i-- {
		if m.tags[i] == t {
			return m.store.Delta(int(m.outer[i]), int(m.inner[i]), coords), true
		}
	}
	return 0, false
}

// Vary returns v, a value MVAR's record t adjusts, at the normalized
// coordinates coords as tt_apply_mvar adjusts it: the delta (Delta; 0
// without a record) truncated to an FT_Short, added to v, the sum again
// an FT_Short. A nil m leaves v as it is.
func (m *MVAR) Vary(t Tag, coords []int32, v int16) int16 {
	if m == nil {
		return v
	}
	d, _ := m.Delta(t, coords)
	return int16(int(v) + int(int16(d)))
}

// Len returns the number of value records.
func (m *MVAR) Len() int { return len(m.tags) }

// Record returns value record i's tag.
func (m *MVAR) Record(i int) Tag { return m.tags[i] }
