package face

import (
	"fontvm/sfnt"

	"golang.org/x/image/math/fixed"
)

// Kern satisfies font.Face: the kerning of the pair r0, r1 (see
// KernIndex), with the runes mapped by the font's cmap.
func (f *Face) Kern(r0, r1 rune) fixed.Int26_6 {
	return f.KernIndex(f.glyphIndex(r0), f.glyphIndex(r1))
}

// KernIndex returns the kerning of the glyph pair left, right in 26.6
// pixels: how much farther right (negative: left) the right glyph's
// origin goes than the left glyph's advance puts it.
//
// The value comes from GPOS when the font's GPOS has a 'kern' feature
// for the script HarfBuzz chooses for Latin text (latn, else DFLT, dflt)
// in its default language system: the sum over the feature's pair
// adjustment lookups of the left glyph's XAdvance and the right glyph's
// XPlacement (sfnt.PairValue.Kern). In HarfBuzz's positions for the two
// glyphs shaped alone with only 'kern' on, it is the change of (left
// x_advance + right x_offset). It is scaled to 26.6 pixels and, for
// hinted faces, rounded to whole pixels (as golang.org/x/image's
// opentype Face rounds kerning, but scaled by the face's true scale at
// every size). The right glyph's own XAdvance and the left glyph's
// XPlacement, which move other glyphs than the pair, are not part of it.
//
// When the left glyph is a GDEF mark, only the part of the adjustment
// that moves the right glyph counts: HarfBuzz's default shaper zeroes
// marks' advances after positioning (HarfBuzz also takes marks from the
// Unicode general category when GDEF has no glyph classes; KernIndex,
// which has no characters, does not).
//
// Otherwise (no GPOS, a GPOS without a 'kern' feature there, or a GPOS
// that is malformed), HarfBuzz's rule is to apply the legacy 'kern'
// table, and the value is the pair's value there as HarfBuzz reads the
// table (see kernTable; HarfBuzz splits it between the first glyph's
// x_advance and the second's x_advance and x_offset, so that it too is
// the change of first x_advance + second x_offset), scaled and rounded
// the same way. (Up to version 0.4 this package applied FreeType's
// FT_Get_Kerning to the 'kern' table, which reduces hinted values below
// 25 ppem and reads only the first 64 KiB of a subtable.)
func (f *Face) KernIndex(left, right uint16) fixed.Int26_6 {
	if f.kern.gpos != nil {
		pv, err := f.kern.gpos.PairAdjustment(f.kern.lookups, left, right)
		if err != nil {
			return 0
		}
		if f.kern.isMark(left) {
			// HarfBuzz zeroes a mark's advance after GPOS.
			return f.scaleKern(int(pv.Second.XPlacement))
		}
		return f.scaleKern(pv.Kern())
	}
	v := f.kern.value(left, right)
	if v != 0 && f.kern.isMark(left) {
		// HarfBuzz puts v>>1 on the first glyph's advance, which it
		// zeroes after kerning for a mark, and the rest on the second
		// glyph's offset.
		v -= v >> 1
	}
	return f.scaleKern(v)
}

// scaleKern scales a kerning value in font units to 26.6 pixels with the
// face's scale (FreeType's MulFix with x_scale), rounded to whole pixels
// for hinted faces, where glyphs sit at whole-pixel origins.
func (f *Face) scaleKern(v int) fixed.Int26_6 {
	if v == 0 {
		return 0
	}
	x := mulFix(int64(v), f.scale)
	if f.src.hinted() {
		x = pixRound(x)
	}
	return fixed.Int26_6(x)
}

// gposKern returns f's GPOS table and the lookups of its 'kern' feature
// as HarfBuzz selects them for Latin text (hb_ot_shape_plan: the script
// from hb_ot_layout_table_select_script for latn, the default language
// system), or nil when HarfBuzz would fall back to the 'kern' table: no
// GPOS, no such script, no 'kern' feature in the language system, or a
// GPOS HarfBuzz's sanitizer would reject at the script and feature lists.
func gposKern(f *sfnt.Font) (*sfnt.GPOS, []uint16) {
	g, err := f.GPOS()
	if err != nil {
		return nil, nil
	}
	script, ok, err := g.SelectScript(sfnt.MakeTag("latn"))
	if err != nil || !ok {
		return nil, nil
	}
	lookups, found, err := g.FeatureLookups(nil, script, 0, sfnt.MakeTag("kern"))
	if err != nil || !found {
		return nil, nil
	}
	return g, lookups
}

// kernTable is the face's kerning source: GPOS (gpos and lookups set;
// see gposKern) or the legacy 'kern' table as HarfBuzz 6.0 reads an
// OpenType (version 0) one (OT::kern, AAT::KerxTable::sanitize and
// apply, hb_kern_machine_t):
//
//   - every subtable is bounded by its length field except the last,
//     which runs to the end of the table (HarfBuzz ignores the 16-bit
//     length there, which overflows in large tables such as Open Sans's;
//     FreeType clips the pairs to it);
//   - a subtable header, or a format-0 pair array, that runs past its
//     bounds makes HarfBuzz reject the whole table: no kerning;
//   - horizontal (coverage bit 0), non-cross-stream (bit 2) format-0
//     subtables are applied, their values summed (the override bit is
//     ignored, as HarfBuzz ignores it); the pair is found by binary
//     search over nPairs records;
//   - the pair is not kerned when the right glyph is a GDEF mark
//     (hb_kern_machine_t skips marks).
//
// Formats 1, 2 and 3, which HarfBuzz also applies, are not read (no font
// of the corpus has them); nor is Apple's version-1 table.
type kernTable struct {
	gpos    *sfnt.GPOS
	lookups []uint16

	f    *sfnt.Font // for GDEF classes
	data []byte     // the 'kern' table, nil when it is absent or rejected
	subs [][2]int   // usable format-0 subtables: pair array start, pair count
}

// be16 reads the big-endian 16-bit value at b[i:]; callers have checked
// the bounds.
func be16(b []byte, i int) int { return int(b[i])<<8 | int(b[i+1]) }

// be32 reads the big-endian 32-bit value at b[i:]; callers have checked
// the bounds.
func be32(b []byte, i int) uint32 {
	return uint32(b[i])<<24 | uint32(b[i+1])<<16 | uint32(b[i+2])<<8 | uint32(b[i+3])
}

// maxKernSubtables bounds the format-0 subtables searched per pair (real
// fonts have one or two; a hostile table can declare 65,535 of 15
// bytes). Subtables past it are validated but not searched.
const maxKernSubtables = 64

// loadKern prepares f's kerning: GPOS when HarfBuzz would apply it, else
// the 'kern' table (see kernTable).
func loadKern(f *sfnt.Font) kernTable {
	if g, lookups := gposKern(f); g != nil {
		return kernTable{f: f, gpos: g, lookups: lookups}
	}
	t := f.Table(sfnt.MakeTag("kern"))
	if len(t) < 4 || be16(t, 0) != 0 {
		return kernTable{}
	}
	k := kernTable{f: f, data: t}
	num := be16(t, 2)
	p := 4
	for i := 0; i < num; i++ {
		if p+6 > len(t) {
			return kernTable{}
		}
		end := len(t)
		if i < num-1 {
			end = p + be16(t, p+2)
			if end > len(t) || end < p+6 {
				return kernTable{}
			}
		}
		coverage := be16(t, p+4)
		if coverage>>8 == 0 {
			if p+14 > end {
				return kernTable{}
			}
			n := be16(t, p+6)
			if p+14+6*n > end {
				return kernTable{}
			}
			if coverage&1 != 0 && coverage&4 == 0 && n > 0 && len(k.subs) < maxKernSubtables {
				k.subs = append(k.subs, [2]int{p + 14, n})
			}
		}
		if i == num-1 {
			break
		}
		p = end
	}
	if len(k.subs) == 0 {
		return kernTable{}
	}
	return k
}

// isMark reports whether GDEF classes g as a mark.
func (k *kernTable) isMark(g uint16) bool { return k.f != nil && k.f.GlyphClass(g) == 3 }

// value returns the kerning of the pair in font units (see kernTable).
func (k *kernTable) value(left, right uint16) int {
	if k.subs == nil || k.f.GlyphClass(right) == 3 {
		return 0
	}
	t := k.data
	key := uint32(left)<<16 | uint32(right)
	v := 0
	for _, s := range k.subs {
		lo, hi := 0, s[1]
		for lo < hi {
			mid := int(uint(lo+hi) >> 1)
			q := s[0] + 6*mid
			switch c := be32(t, q); {
			case key < c:
				hi = mid
			case key > c:
				lo = mid + 1
			default:
				v += int(int16(be16(t, q+4)))
				lo = hi
			}
		}
	}
	return v
}
