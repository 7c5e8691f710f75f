package sfnt

// CFF-flavoured ("OTTO") fonts: Parse opens them like TrueType fonts (the
// table directory is the same); their outlines are in the "CFF " or
// "CFF2" table, which package fontvm/cff reads. GlyphData and LoadGlyph
// refuse them (ErrUnsupported); Table returns their outline tables.

// TagCFF is the tag of the CFF outline table (TagCFF2 is with the
// variation tables).
var TagCFF = MakeTag("CFF ")

// IsCFF reports whether the font is CFF-flavoured: sfnt version "OTTO",
// or a CFF or CFF2 table without glyf (FreeType's sfnt loader picks the
// CFF driver for such fonts).
func (f *Font) IsCFF() bool {
	if f.version == 0x4f54544f {
		return true
	}
	return f.glyf == nil && (f.HasTable(TagCFF) || f.HasTable(TagCFF2))
}

// CFFTable returns the font's CFF2 table (cff2 true) if it has one, else
// its "CFF " table, or nil when it has neither: FreeType's cff_face_init
// gives CFF2 priority.
func (f *Font) CFFTable() (table []byte, cff2 bool) {
	if t := f.Table(TagCFF2); t != nil {
		return t, true
	}
	return f.Table(TagCFF), false
}
