package sfnt

import (
	"fmt"
	"slices"
)

// This file reads GPOS pair adjustment (lookup type 2, formats 1 and 2,
// also behind extension lookups, type 9) as HarfBuzz 6.0 applies it to a
// pair of glyphs (OT::PairPosFormat1/2::apply, OT::ExtensionPos,
// hb_ot_layout_table_select_script / hb_ot_layout_script_select_language /
// hb_ot_layout_language_find_feature for the choice of lookups, and
// hb_ot_layout_table_find_feature's lookup-flag filter
// OT::hb_ot_apply_context_t::check_glyph_property with GDEF's glyph
// classes, mark attachment classes and mark glyph sets). Device and
// variation tables are not applied: HarfBuzz applies them only with a
// ppem or variation coordinates, and hb-shape sets neither.
//
// Every read is bounds-checked when it happens; malformed data gives a
// *FormatError naming GPOS or GDEF and the offset from the start of that
// table. Nothing is allocated per query.

// Layout table tags.
var (
	TagGPOS = MakeTag("GPOS")
	TagGDEF = MakeTag("GDEF")
)

// MaxPairSubtables bounds the pair-adjustment subtables one
// GPOS.PairAdjustment call visits (over all its lookups). Real fonts kern
// with a few dozen; a hostile font could make a lookup list of 65,535
// lookups that share one table of 65,535 subtables.
const MaxPairSubtables = 1 << 14

// A ValueRecord is the part of an OpenType ValueRecord HarfBuzz applies to
// a glyph's position in horizontal text, in font units: XPlacement and
// YPlacement move the glyph (hb_glyph_position_t x_offset, y_offset),
// XAdvance changes its advance (x_advance). YAdvance applies only to
// vertical text. Fields the value format leaves out are 0.
type ValueRecord struct {
	XPlacement, YPlacement, XAdvance, YAdvance int16
}

// A PairValue is what a pair adjustment does to a pair of glyphs: First
// to the first (left, in logical order) glyph, Second to the second.
type PairValue struct {
	First, Second ValueRecord
}

// Kern returns the horizontal distance by which the pair adjustment moves
// the second glyph relative to the first, in font units: the first
// glyph's XAdvance plus the second glyph's XPlacement. It is the change
// in (first glyph's x_advance + second glyph's x_offset) in HarfBuzz's
// positions. (The second glyph's XAdvance moves the glyphs after the
// pair, not the pair itself, and the first glyph's XPlacement moves only
// the first glyph.)
func (p PairValue) Kern() int { return int(p.First.XAdvance) + int(p.Second.XPlacement) }

// add adds v's fields to p's (HarfBuzz's position fields are summed over
// lookups).
func (r *ValueRecord) add(v ValueRecord) {
	r.XPlacement += v.XPlacement
	r.YPlacement += v.YPlacement
	r.XAdvance += v.XAdvance
	r.YAdvance += v.YAdvance
}

// GPOS is a font's glyph positioning table, with the font's GDEF for the
// lookup flags. It is a small value that aliases the font data; it is
// safe for concurrent use.
type GPOS struct {
	b                                   []byte
	scriptList, featureList, lookupList int
	gdef                                gdef
}

// gdef is the part of GDEF the lookup flags read: glyph classes, mark
// attachment classes and mark glyph sets (offsets from the start of b; 0
// for absent parts).
type gdef struct {
	b                      []byte
	glyphClass, markAttach int
	markSets               int
}

// GPOS returns the font's GPOS table with its GDEF. The header is
// checked here (version 1.0 or 1.1, the three list offsets inside the
// table); the lists and lookups are checked as they are read. A missing
// GPOS gives an error matching ErrMissingTable; a missing or malformed
// GDEF is treated as absent (HarfBuzz drops a GDEF that fails its
// sanitizer).
func (f *Font) GPOS() (*GPOS, error) {
	b := f.Table(TagGPOS)
	if b == nil {
		return nil, missing(TagGPOS)
	}
	if len(b) < 10 {
		return nil, errf(TagGPOS, 0, "header of %d bytes, want 10", len(b))
	}
	if major, minor := u16(b, 0), u16(b, 2); major != 1 || minor > 1 {
		return nil, errf(TagGPOS, 0, "version %d.%d, want 1.0 or 1.1", major, minor)
	}
	g := &GPOS{b: b, scriptList: int(u16(b, 4)), featureList: int(u16(b, 6)), lookupList: int(u16(b, 8))}
	for i, off := range []int{g.scriptList, g.featureList, g.lookupList} {
		if off != 0 && off+2 > len(b) {
			return nil, errf(TagGPOS, 4+2*i, "list offset 0x%x past the end of the %d-byte table", off, len(b))
		}
	}
	g.gdef = parseGDEF(f.Table(TagGDEF))
	return g, nil
}

// parseGDEF reads GDEF's header (versions 1.0 to 1.3); offsets that
// point outside the table are dropped.
func parseGDEF(b []byte) gdef {
	if len(b) < 12 || u16(b, 0) != 1 {
		return gdef{}
	}
	d := gdef{b: b}
	ok := func(off int) int {
		if off+2 > len(b) {
			return 0
		}
		return off
	}
	d.glyphClass = ok(int(u16(b, 4)))
	d.markAttach = ok(int(u16(b, 10)))
	if u16(b, 2) >= 2 && len(b) >= 14 {
		d.markSets = ok(int(u16(b, 12)))
	}
	return d
}

// Glyph properties as HarfBuzz keeps them (HB_OT_LAYOUT_GLYPH_PROPS_*):
// the GDEF class bits line up with the lookup flags that ignore them.
const (
	propBase     = 0x02
	propLigature = 0x04
	propMark     = 0x08
)

// Lookup flags (OpenType LookupFlag).
const (
	lookupIgnoreFlags      = 0x000e // IgnoreBaseGlyphs | IgnoreLigatures | IgnoreMarks
	lookupUseMarkFilterSet = 0x0010
	lookupMarkAttachType   = 0xff00
)

// props returns g's glyph properties: HarfBuzz's
// OT::GDEF::get_glyph_props (class 1 base, 2 ligature, 3 mark with its
// attachment class in bits 8-15, anything else 0).
func (d *gdef) props(g uint16) uint32 {
	if d.glyphClass == 0 {
		return 0
	}
	switch classOf(d.b, d.glyphClass, g) {
	case 1:
		return propBase
	case 2:
		return propLigature
	case 3:
		p := uint32(propMark)
		if d.markAttach != 0 {
			p |= uint32(classOf(d.b, d.markAttach, g)&0xff) << 8
		}
		return p
	}
	return 0
}

// markSetCovers reports whether mark glyph set set covers g
// (OT::GDEF::mark_set_covers; a missing set covers nothing).
func (d *gdef) markSetCovers(set int, g uint16) bool {
	b, o := d.b, d.markSets
	if o == 0 || o+4 > len(b) || u16(b, o) != 1 || set >= int(u16(b, o+2)) {
		return false
	}
	p := o + 4 + 4*set
	if p+4 > len(b) {
		return false
	}
	cov := uint64(o) + uint64(u32(b, p))
	if cov+2 > uint64(len(b)) {
		return false
	}
	_, ok := coverageIndex(b, int(cov), g)
	return ok
}

// skips reports whether a lookup with props (flag | markFilteringSet<<16)
// skips g: OT::hb_ot_apply_context_t::check_glyph_property negated.
func (d *gdef) skips(lookupProps uint32, g uint16) bool {
	p := d.props(g)
	if p&lookupProps&lookupIgnoreFlags != 0 {
		return true
	}
	if p&propMark != 0 {
		if lookupProps&lookupUseMarkFilterSet != 0 {
			return !d.markSetCovers(int(lookupProps>>16), g)
		}
		if t := lookupProps & lookupMarkAttachType; t != 0 {
			return t != p&lookupMarkAttachType
		}
	}
	return false
}

// coverageIndex returns g's index in the Coverage table at off in b
// (formats 1 and 2, binary search as OT::Coverage::get_coverage); an
// unknown format or a table that runs past b covers nothing.
func coverageIndex(b []byte, off int, g uint16) (int, bool) {
	if off < 0 || off+4 > len(b) {
		return 0, false
	}
	n := int(u16(b, off+2))
	switch u16(b, off) {
	case 1:
		a := off + 4
		if a+2*n > len(b) {
			return 0, false
		}
		lo, hi := 0, n
		for lo < hi {
			mid := int(uint(lo+hi) >> 1)
			v := u16(b, a+2*mid)
			switch {
			case g < v:
				hi = mid
			case g > v:
				lo = mid + 1
			default:
				return mid, true
			}
		}
	case 2:
		if r, ok := findRange(b, off+4, n, g); ok {
			return int(u16(b, r+4)) + int(g-u16(b, r)), true
		}
	}
	return 0, false
}

// findRange binary-searches n range records of 6 bytes (first glyph,
// last glyph, value) at a in b for the one holding g and returns its
// offset; ok is false when none does or the records run past b.
func findRange(b []byte, a, n int, g uint16) (r int, ok bool) {
	if a+6*n > len(b) {
		return 0, false
	}
	lo, hi := 0, n
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		r := a + 6*mid
		switch {
		case g < u16(b, r):
			hi = mid
		case g > u16(b, r+2):
			lo = mid + 1
		default:
			return r, true
		}
	}
	return 0, false
}

// classOf returns g's class in the ClassDef table at off in b (formats 1
// and 2, OT::ClassDef::get_class); glyphs it does not list, unknown
// formats and tables that run past b give class 0.
func classOf(b []byte, off int, g uint16) int {
	if off < 0 || off+4 > len(b) {
		return 0
	}
	switch u16(b, off) {
	case 1:
		if off+6 > len(b) {
			return 0
		}
		start, n := u16(b, off+2), int(u16(b, off+4))
		i := int(g) - int(start)
		if i < 0 || i >= n || off+6+2*i+2 > len(b) {
			return 0
		}
		return int(u16(b, off+6+2*i))
	case 2:
		if r, ok := findRange(b, off+4, int(u16(b, off+2)), g); ok {
			return int(u16(b, r+4))
		}
	}
	return 0
}

// tagList returns the tags of a ScriptList, FeatureList or LangSys list:
// count at off, then records of 6 bytes (tag, offset) starting at off+2.
func (g *GPOS) tagList(off int, what string) (n int, err error) {
	b := g.b
	if off == 0 {
		return 0, nil
	}
	if off+2 > len(b) {
		return 0, errf(TagGPOS, off, "%s count past the end of the table", what)
	}
	n = int(u16(b, off))
	if off+2+6*n > len(b) {
		return 0, errf(TagGPOS, off, "%s of %d records runs past the end of the table", what, n)
	}
	return n, nil
}

// Scripts returns the script tags the ScriptList declares, in order.
func (g *GPOS) Scripts() ([]Tag, error) {
	n, err := g.tagList(g.scriptList, "script list")
	if err != nil {
		return nil, err
	}
	tags := make([]Tag, n)
	for i := range tags {
		tags[i] = Tag(u32(g.b, g.scriptList+2+6*i))
	}
	return tags, nil
}

// script returns the offset of the Script table tagged tag (the first
// one), or 0.
func (g *GPOS) script(tag Tag) (int, error) {
	n, err := g.tagList(g.scriptList, "script list")
	if err != nil {
		return 0, err
	}
	for i := 0; i < n; i++ {
		r := g.scriptList + 2 + 6*i
		if Tag(u32(g.b, r)) == tag {
			off := g.scriptList + int(u16(g.b, r+4))
			if off+4 > len(g.b) {
				return 0, errf(TagGPOS, r+4, "script %q at 0x%x past the end of the table", tag, off)
			}
			return off, nil
		}
	}
	return 0, nil
}

// Languages returns the language-system tags script declares besides its
// default language system (nil if the script is absent).
func (g *GPOS) Languages(script Tag) ([]Tag, error) {
	s, err := g.script(script)
	if err != nil || s == 0 {
		return nil, err
	}
	n := int(u16(g.b, s+2))
	if s+4+6*n > len(g.b) {
		return nil, errf(TagGPOS, s+2, "%d language-system records run past the end of the table", n)
	}
	tags := make([]Tag, n)
	for i := range tags {
		tags[i] = Tag(u32(g.b, s+4+6*i))
	}
	return tags, nil
}

// SelectScript returns the first of tags the font declares, then DFLT,
// dflt or latn (in that order), as hb_ot_layout_table_select_script picks
// a script for a run whose script's OpenType tags are tags. ok is false
// when none is declared: HarfBuzz then applies no GPOS feature.
func (g *GPOS) SelectScript(tags ...Tag) (script Tag, ok bool, err error) {
	for _, list := range [][]Tag{tags, {MakeTag("DFLT"), MakeTag("dflt"), MakeTag("latn")}} {
		for _, t := range list {
			s, err := g.script(t)
			if err != nil {
				return 0, false, err
			}
			if s != 0 {
				return t, true, nil
			}
		}
	}
	return 0, false, nil
}

// langSys returns the offset of script's language system lang, chosen as
// hb_ot_layout_script_select_language does: the record tagged lang, else
// a record tagged "dflt", else the script's default language system. 0
// means none (a script without a default language system).
func (g *GPOS) langSys(script, lang Tag) (int, error) {
	s, err := g.script(script)
	if err != nil || s == 0 {
		return 0, err
	}
	b := g.b
	n := int(u16(b, s+2))
	if s+4+6*n > len(b) {
		return 0, errf(TagGPOS, s+2, "%d language-system records run past the end of the table", n)
	}
	find := func(t Tag) int {
		for i := 0; i < n; i++ {
			if Tag(u32(b, s+4+6*i)) == t {
				return s + int(u16(b, s+4+6*i+4))
			}
		}
		return 0
	}
	ls := 0
	if lang != 0 {
		ls = find(lang)
	}
	if ls == 0 {
		ls = find(MakeTag("dflt"))
	}
	if ls == 0 {
		if d := int(u16(b, s)); d != 0 {
			ls = s + d
		}
	}
	if ls != 0 && ls+6 > len(b) {
		return 0, errf(TagGPOS, ls, "language system past the end of the table")
	}
	return ls, nil
}

// FeatureLookups appends to dst the lookup indexes of feature in the
// language system lang of script (lang 0: the default language system;
// see langSys), sorted and without duplicates, as HarfBuzz's map builder
// collects them, and reports whether the language system has the
// feature. Only the first feature record tagged feature counts
// (hb_ot_layout_language_find_feature); feature and lookup indexes past
// the lists' ends are ignored, as HarfBuzz reads them as empty.
func (g *GPOS) FeatureLookups(dst []uint16, script, lang, feature Tag) ([]uint16, bool, error) {
	ls, err := g.langSys(script, lang)
	if err != nil || ls == 0 {
		return dst, false, err
	}
	b := g.b
	nf := int(u16(b, ls+4))
	if ls+6+2*nf > len(b) {
		return dst, false, errf(TagGPOS, ls+4, "%d feature indexes run past the end of the table", nf)
	}
	nFeat, err := g.tagList(g.featureList, "feature list")
	if err != nil {
		return dst, false, err
	}
	for i := 0; i < nf; i++ {
		fi := int(u16(b, ls+6+2*i))
		if fi >= nFeat {
			continue
		}
		r := g.featureList + 2 + 6*fi
		if Tag(u32(b, r)) != feature {
			continue
		}
		ft := g.featureList + int(u16(b, r+4))
		if ft+4 > len(b) {
			return dst, false, errf(TagGPOS, r+4, "feature %q at 0x%x past the end of the table", feature, ft)
		}
		nl := int(u16(b, ft+2))
		if ft+4+2*nl > len(b) {
			return dst, false, errf(TagGPOS, ft+2, "%d lookup indexes run past the end of the table", nl)
		}
		nLookups, err := g.lookupCount()
		if err != nil {
			return dst, false, err
		}
		start := len(dst)
		for k := 0; k < nl; k++ {
			if li := u16(b, ft+4+2*k); int(li) < nLookups {
				dst = append(dst, li)
			}
		}
		slices.Sort(dst[start:])
		dst = append(dst[:start], slices.Compact(dst[start:])...)
		return dst, true, nil
	}
	return dst, false, nil
}

// lookupCount returns the number of lookups in the LookupList.
func (g *GPOS) lookupCount() (int, error) {
	b, o := g.b, g.lookupList
	if o == 0 {
		return 0, nil
	}
	n := int(u16(b, o))
	if o+2+2*n > len(b) {
		return 0, errf(TagGPOS, o, "lookup list of %d lookups runs past the end of the table", n)
	}
	return n, nil
}

// Lookup types.
const (
	gposPair      = 2
	gposExtension = 9
)

// PairAdjustment returns the sum of the pair adjustments the lookups (as
// FeatureLookups returns them, applied in that order) make to the glyph
// pair left, right when the two are adjacent: per lookup, the first
// pair-adjustment subtable that applies (OT::PosLookup applies the first
// subtable that matches). A lookup whose flags skip left or right (GDEF
// classes, mark attachment type, mark filtering set) contributes nothing,
// as HarfBuzz then does not pair these two glyphs. Lookups of other types
// contribute nothing.
func (g *GPOS) PairAdjustment(lookups []uint16, left, right uint16) (PairValue, error) {
	var sum PairValue
	budget := MaxPairSubtables
	for _, li := range lookups {
		v, ok, err := g.applyLookup(int(li), left, right, &budget)
		if err != nil {
			return PairValue{}, err
		}
		if ok {
			sum.First.add(v.First)
			sum.Second.add(v.Second)
		}
	}
	return sum, nil
}

// applyLookup applies lookup li to the pair; see PairAdjustment.
func (g *GPOS) applyLookup(li int, left, right uint16, budget *int) (PairValue, bool, error) {
	b, o := g.b, g.lookupList
	n, err := g.lookupCount()
	if err != nil || li >= n {
		return PairValue{}, false, err
	}
	lk := o + int(u16(b, o+2+2*li))
	if lk+6 > len(b) {
		return PairValue{}, false, errf(TagGPOS, o+2+2*li, "lookup %d at 0x%x past the end of the table", li, lk)
	}
	typ, flag, ns := u16(b, lk), u16(b, lk+2), int(u16(b, lk+4))
	if typ != gposPair && typ != gposExtension {
		return PairValue{}, false, nil
	}
	if lk+6+2*ns > len(b) {
		return PairValue{}, false, errf(TagGPOS, lk+4, "lookup %d: %d subtable offsets run past the end of the table", li, ns)
	}
	props := uint32(flag)
	if flag&lookupUseMarkFilterSet != 0 {
		p := lk + 6 + 2*ns
		if p+2 > len(b) {
			return PairValue{}, false, errf(TagGPOS, p, "lookup %d: mark filtering set past the end of the table", li)
		}
		props |= uint32(u16(b, p)) << 16
	}
	if props&(lookupIgnoreFlags|lookupUseMarkFilterSet|lookupMarkAttachType) != 0 &&
		(g.gdef.skips(props, left) || g.gdef.skips(props, right)) {
		return PairValue{}, false, nil
	}
	for k := 0; k < ns; k++ {
		if *budget--; *budget < 0 {
			return PairValue{}, false, &FormatError{Table: "GPOS", Offset: lk,
				Msg: fmt.Sprintf("lookup %d: more than MaxPairSubtables (%d) subtables visited for one pair", li, MaxPairSubtables), Err: ErrLimit}
		}
		st := lk + int(u16(b, lk+6+2*k))
		styp := typ
		if typ == gposExtension {
			if st+8 > len(b) {
				return PairValue{}, false, errf(TagGPOS, st, "lookup %d: extension subtable past the end of the table", li)
			}
			if u16(b, st) != 1 {
				continue
			}
			styp = u16(b, st+2)
			ext := uint64(st) + uint64(u32(b, st+4))
			if ext+2 > uint64(len(b)) {
				return PairValue{}, false, errf(TagGPOS, st+4, "lookup %d: extension offset 0x%x past the end of the table", li, ext)
			}
			st = int(ext)
		}
		if styp != gposPair {
			continue
		}
		v, ok, err := g.pairPos(st, left, right)
		if err != nil || ok {
			return v, ok, err
		}
	}
	return PairValue{}, false, nil
}

// valueSize returns the size in bytes of a ValueRecord of format f:
// two bytes per set bit (OT::ValueFormat::get_len counts all 16 bits).
func valueSize(f uint16) int {
	n := 0
	for ; f != 0; f &= f - 1 {
		n++
	}
	return 2 * n
}

// readValue reads a ValueRecord of format f at off (bounds checked by the
// caller); device offsets are skipped.
func readValue(b []byte, off int, f uint16) ValueRecord {
	var v ValueRecord
	if f&1 != 0 {
		v.XPlacement = i16(b, off)
		off += 2
	}
	if f&2 != 0 {
		v.YPlacement = i16(b, off)
		off += 2
	}
	if f&4 != 0 {
		v.XAdvance = i16(b, off)
		off += 2
	}
	if f&8 != 0 {
		v.YAdvance = i16(b, off)
	}
	return v
}

// pairPos applies the PairPos subtable at st (OT::PairPosFormat1::apply
// with OT::PairSet::apply, OT::PairPosFormat2::apply). ok is false when
// the subtable does not apply, so that the lookup's next subtable is
// tried: left not covered, no pair record for right (format 1), or a
// class past the class counts (format 2). A covered left glyph in format
// 2 applies its class pair's values, zero or not.
func (g *GPOS) pairPos(st int, left, right uint16) (PairValue, bool, error) {
	b := g.b
	if st+10 > len(b) {
		return PairValue{}, false, errf(TagGPOS, st, "pair adjustment subtable header past the end of the table")
	}
	format := u16(b, st)
	cov := st + int(u16(b, st+2))
	vf1, vf2 := u16(b, st+4), u16(b, st+6)
	s1, s2 := valueSize(vf1), valueSize(vf2)
	switch format {
	case 1:
		ci, ok := coverageIndex(b, cov, left)
		if !ok {
			return PairValue{}, false, nil
		}
		nSets := int(u16(b, st+8))
		if ci >= nSets {
			return PairValue{}, false, nil
		}
		p := st + 10 + 2*ci
		if p+2 > len(b) {
			return PairValue{}, false, errf(TagGPOS, st+8, "%d pair-set offsets run past the end of the table", nSets)
		}
		ps := st + int(u16(b, p))
		if ps+2 > len(b) {
			return PairValue{}, false, errf(TagGPOS, p, "pair set at 0x%x past the end of the table", ps)
		}
		n := int(u16(b, ps))
		rs := 2 + s1 + s2
		if ps+2+rs*n > len(b) {
			return PairValue{}, false, errf(TagGPOS, ps, "pair set of %d records runs past the end of the table", n)
		}
		lo, hi := 0, n
		for lo < hi {
			mid := int(uint(lo+hi) >> 1)
			r := ps + 2 + rs*mid
			switch sg := u16(b, r); {
			case right < sg:
				hi = mid
			case right > sg:
				lo = mid + 1
			default:
				return PairValue{First: readValue(b, r+2, vf1), Second: readValue(b, r+2+s1, vf2)}, true, nil
			}
		}
		return PairValue{}, false, nil
	case 2:
		if st+16 > len(b) {
			return PairValue{}, false, errf(TagGPOS, st, "pair adjustment format 2 header past the end of the table")
		}
		if _, ok := coverageIndex(b, cov, left); !ok {
			return PairValue{}, false, nil
		}
		cd1, cd2 := st+int(u16(b, st+8)), st+int(u16(b, st+10))
		n1, n2 := int(u16(b, st+12)), int(u16(b, st+14))
		k1, k2 := classOf(b, cd1, left), classOf(b, cd2, right)
		if k1 >= n1 || k2 >= n2 {
			return PairValue{}, false, nil
		}
		rs := s1 + s2
		r := st + 16 + rs*(k1*n2+k2)
		if st+16+rs*n1*n2 > len(b) {
			return PairValue{}, false, errf(TagGPOS, st+12, "%d x %d class records run past the end of the table", n1, n2)
		}
		return PairValue{First: readValue(b, r, vf1), Second: readValue(b, r+s1, vf2)}, true, nil
	}
	return PairValue{}, false, nil
}

// GlyphClass returns glyph g's class in GDEF's glyph class definition
// (1 base, 2 ligature, 3 mark, 4 component), or 0 when the font has no
// usable GDEF or GDEF does not classify g.
func (f *Font) GlyphClass(g uint16) int {
	d := parseGDEF(f.Table(TagGDEF))
	if d.glyphClass == 0 {
		return 0
	}
	return classOf(d.b, d.glyphClass, g)
}
