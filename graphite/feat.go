package graphite

// A Feature is one Feat table entry (graphite2's FeatureRef).
type Feature struct {
	ID       uint32 // feature id (a tag, or a number in Feat version 1)
	Flags    uint16
	NameID   uint16 // name table id of its label
	Settings []FeatureSetting
	Default  uint32 // the first setting's value (0 without settings), as uint16
	Max      uint32 // largest setting value (as uint16); 0xFFFFFFFF without settings
	// Index, Shift and Mask place the feature's value in graphite2's packed
	// feature words (FeatureRef m_index, m_bits, m_mask).
	Index, Shift int
	Mask         uint32
}

// A FeatureSetting is one value a feature may take and its label.
type FeatureSetting struct {
	Value  int16
	NameID uint16
}

// A Language is one Sill entry: a language tag and its feature values.
type Language struct {
	Tag      uint32
	Settings []LangSetting
}

// A LangSetting sets feature ID to Value for a language (graphite2 ignores
// unknown features and values above the feature's maximum).
type LangSetting struct {
	ID    uint32
	Value uint16
}

// FeatureIndex returns the index in Features of the feature with the id, or -1.
func (f *Tables) FeatureIndex(id uint32) int {
	for i := range f.Features {
		if f.Features[i].ID == id {
			return i
		}
	}
	return -1
}

// readFeats is FeatureMap::readFeats.
func (f *Tables) readFeats() error {
	feat, ok := f.table("Feat", 0xffffffff)
	if !ok {
		return nil // absent (or shorter than 4 bytes): no features
	}
	if len(feat) < 12 {
		return newErr(EBadFeature, "Feat", 0, "table of %d bytes is shorter than its 12-byte header", len(feat))
	}
	version := be32(feat, 0)
	f.FeatVersion = version
	n := be16(feat, 4)
	if n == 0 {
		return nil
	}
	if version < 0x00010000 || 12+n*16 > len(feat) {
		return newErr(EBadFeature, "Feat", 4, "version 0x%08X with %d features does not fit %d bytes", version, n, len(feat))
	}
	feats := make([]Feature, n)
	p := 12
	bitsOff := 0
	for i := 0; i < n; i++ {
		ft := &feats[i]
		if version < 0x00020000 {
			ft.ID = uint32(be16(feat, p))
			p += 2
		} else {
			ft.ID = be32(feat, p)
			p += 4
		}
		ns := be16(feat, p)
		p += 2
		if version >= 0x00020000 {
			p += 2
		}
		so := int(be32(feat, p))
		p += 4
		ft.Flags, ft.NameID = uint16(be16(feat, p)), uint16(be16(feat, p+2))
		p += 4
		if int64(so) > int64(len(feat)) || int64(so)+int64(ns)*4 > int64(len(feat)) {
			return newErr(EBadFeature, "Feat", so, "feature %d: %d settings at offset %d run past the table", i, ns, so)
		}
		if ns != 0 {
			ft.Settings = make([]FeatureSetting, ns)
			var mx uint16
			for j := range ft.Settings {
				v := int16(be16(feat, so+4*j))
				ft.Settings[j] = FeatureSetting{v, uint16(be16(feat, so+4*j+2))}
				if uint16(v) > mx {
					mx = uint16(v)
				}
			}
			ft.Max = uint32(mx)
			ft.Default = uint32(uint16(ft.Settings[0].Value))
		} else {
			ft.Max = 0xffffffff
		}
		// FeatureRef's constructor: pack into 32-bit chunks.
		mask := maskOver(ft.Max)
		need := popcount32(mask)
		idx := (bitsOff + need) / 32
		if idx > bitsOff/32 {
			bitsOff = idx * 32
		}
		ft.Index = idx
		ft.Shift = bitsOff % 32
		bitsOff = (bitsOff + need) & 0xffff
		ft.Mask = mask << uint(ft.Shift)
	}
	f.Features = feats
	return nil
}

// maskOver returns the smallest all-ones mask covering v (every bit at or
// below v's highest set bit), graphite2's mask_over_val.
func maskOver(v uint32) uint32 {
	v |= v >> 1
	v |= v >> 2
	v |= v >> 4
	v |= v >> 8
	v |= v >> 16
	return v
}

// popcount32 returns the number of set bits of v (graphite2's
// bit_set_count).
func popcount32(v uint32) int {
	n := 0
	for ; v != 0; v &= v - 1 {
		n++
	}
	return n
}

// readSill is SillMap::readSill.
func (f *Tables) readSill() error {
	sill, ok := f.table("Sill", 0xffffffff)
	if !ok {
		return nil
	}
	if len(sill) < 12 {
		return newErr(EBadFeature, "Sill", 0, "table of %d bytes is shorter than its 12-byte header", len(sill))
	}
	if v := be32(sill, 0); v != 0x00010000 {
		return newErr(EBadFeature, "Sill", 0, "version 0x%08X is not 1.0", v)
	}
	n := be16(sill, 4)
	if len(f.Features) == 0 {
		return nil // graphite2 ignores the languages of a font without features
	}
	if len(sill) < n*8+12 {
		return newErr(EBadFeature, "Sill", 12, "%d languages do not fit %d bytes", n, len(sill))
	}
	langs := make([]Language, n)
	for i := 0; i < n; i++ {
		e := 12 + 8*i
		lang := Language{Tag: be32(sill, e)}
		ns, off := be16(sill, e+4), be16(sill, e+6)
		if off+8*ns > len(sill) && ns > 0 {
			return newErr(EBadFeature, "Sill", e, "language %d: %d settings at offset %d run past the table", i, ns, off)
		}
		lang.Settings = make([]LangSetting, ns)
		for j := range lang.Settings {
			o := off + 8*j
			lang.Settings[j] = LangSetting{be32(sill, o), uint16(be16(sill, o+4))}
		}
		langs[i] = lang
	}
	f.Languages = langs
	return nil
}
