package sfnt

// A MetricsVar is an HVAR or VVAR table as FreeType 2.12.1's
// ft_var_load_hvvar loads it: the advance ItemVariationStore and the
// optional advance delta-set index map (FreeType ignores the side-bearing
// maps).
type MetricsVar struct {
	store *ItemVariationStore
	width *DeltaSetIndexMap // nil or empty: glyph ID is the inner index in subtable 0
}

// MetricsVar loads HVAR (tag TagHVAR) or VVAR (TagVVAR) for a font with
// numAxes axes. It returns ErrMissingTable if the table is absent, and
// the parse error FreeType's ft_var_load_hvvar gives (major version other
// than 1, a bad store or map); FreeType then falls back to the phantom
// points for advances.
func (f *Font) MetricsVar(tag Tag, numAxes int) (*MetricsVar, error) {
	r, ok := f.lookup(tag)
	if !ok {
		return nil, missing(tag)
	}
	d := f.data
	off := int(r.Offset)
	if off+12 > len(d) {
		return nil, errf(tag, 0, "header runs past the end of the file")
	}
	if u16(d, off) != 1 {
		return nil, errf(tag, 0, "major version %d, not 1", u16(d, off))
	}
	storeOff, mapOff := int64(u32(d, off+4)), int64(u32(d, off+8))
	if int64(off)+storeOff > int64(len(d)) {
		return nil, errf(tag, 4, "item variation store offset past the end of the file")
	}
	s, err := ParseItemVariationStore(tag, d, off+int(storeOff), numAxes)
	if err != nil {
		return nil, err
	}
	m := &MetricsVar{store: s}
	if mapOff != 0 {
		if int64(off)+mapOff > int64(len(d)) {
			return nil, errf(tag, 8, "advance map offset past the end of the file")
		}
		if m.width, err = ParseDeltaSetIndexMap(tag, d, off+int(mapOff), int(r.Length), s); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// Store returns the table's ItemVariationStore.
func (m *MetricsVar) Store() *ItemVariationStore { return m.store }

// AdvanceDelta returns the advance delta of glyph gid at the normalized
// coordinates coords, as tt_hvadvance_adjust computes it. ok is false
// where FreeType fails (Invalid_Argument: no map and gid beyond subtable
// 0's items) and leaves the advance unchanged. It does not allocate.
func (m *MetricsVar) AdvanceDelta(gid int, coords []int32) (delta int, ok bool) {
	outer, inner, ok := m.advanceItem(gid)
	if !ok {
		return 0, false
	}
	return m.store.Delta(outer, inner, coords), true
}

// AdvanceDeltaScalars is AdvanceDelta with the store's region scalars
// at the coordinates precomputed (Store().RegionScalars).
func (m *MetricsVar) AdvanceDeltaScalars(gid int, scalars []int64) (delta int, ok bool) {
	outer, inner, ok := m.advanceItem(gid)
	if !ok {
		return 0, false
	}
	return m.store.DeltaScalars(outer, inner, scalars), true
}

// advanceItem is tt_hvadvance_adjust's item lookup: through the advance
// map if there is one, else gid in subtable 0 (false beyond its items).
func (m *MetricsVar) advanceItem(gid int) (outer, inner int, ok bool) {
	outer, inner = 0, gid
	if m.width != nil && m.width.Len() > 0 {
		outer, inner, _ = m.width.Lookup(gid)
	} else if gid >= m.store.ItemCount(0) {
		return 0, 0, false
	}
	return outer, inner, true
}
