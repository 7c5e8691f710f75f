package cff

// Hint state: stem hints, hint masks and hint maps (FreeType's
// CF2_StemHint, CF2_HintMask and CF2_HintMap, src/psaux/pshints.c and
// psintrp.c). Unhinted loading still runs the mask bookkeeping, because
// FreeType's glyph path depends on it: a new hint mask keeps a zero-length
// line (cf2_glyphpath_lineTo), and more than MaxHints stems fail the
// glyph (cf2_hintmask_setCounts).

// MaxHints is CF2_MAX_HINTS: stems of one glyph a hint mask can select.
const MaxHints = 96

// stemHint is CF2_StemHintRec.
type stemHint struct {
	used         bool
	min, max     int32 // character space, 16.16
	minDS, maxDS int32
}

// hintMask is CF2_HintMaskRec.
type hintMask struct {
	valid, isNew bool
	bitCount     int
	mask         [(MaxHints + 7) / 8]byte
}

// setCounts is cf2_hintmask_setCounts.
func (h *hintMask) setCounts(m *machine, bits int) bool {
	if bits > MaxHints {
		m.fail("Invalid_Glyph_Format", "more than 96 stem hints")
		return false
	}
	h.bitCount = bits
	h.valid, h.isNew = true, true
	return true
}

// setAll is cf2_hintmask_setAll.
func (h *hintMask) setAll(m *machine, bits int) {
	if !h.setCounts(m, bits) {
		return
	}
	n := (bits + 7) / 8
	for i := 0; i < n; i++ {
		h.mask[i] = 0xFF
	}
	if n > 0 {
		h.mask[n-1] &^= byte((1 << uint(-bits&7)) - 1)
	}
}

// hintMap is CF2_HintMapRec, reduced to what unhinted loading needs: a
// map that is valid or not, and the uniform scale of cf2_hintmap_map.
type hintMap struct {
	valid  bool
	hinted bool
	count  int
	scale  int32
}

// mapCoord is cf2_hintmap_map.
func (hm *hintMap) mapCoord(m *machine, cs int32) int32 {
	return mulFix32(cs, hm.scale)
}

// buildHintMap is cf2_hintmap_build for the glyph's current mask: it
// builds the initial map first if needed, fills an invalid mask with all
// stems, and marks the mask used. (Stem placement for hinted loading is
// not implemented: see machine.hinted.)
func (m *machine) buildHintMap(hm *hintMap, initial bool) {
	m.buildHintMapMask(hm, &m.mask, initial)
}

// buildHintMapMask is cf2_hintmap_build with an explicit mask.
func (m *machine) buildHintMapMask(hm *hintMap, mask *hintMask, initial bool) {
	if !initial && !m.initialHintMap.valid {
		var temp hintMask
		m.buildHintMapMask(&m.initialHintMap, &temp, true)
	}
	if !mask.valid {
		mask.setAll(m, len(m.hstems)+len(m.vstems))
		if !mask.valid {
			return
		}
	}
	hm.count = 0
	if len(m.hstems) > mask.bitCount {
		return
	}
	hm.valid = true
	mask.isNew = false
}
