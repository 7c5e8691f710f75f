package cff

// Blue zones (FreeType's src/psaux/psblues.c, cf2_blues_init and
// cf2_blues_capture), without stem darkening (off by default in
// FreeType 2.12.1: darkenY is 0).

// Hint edge flags (psblues.h).
const (
	hintGhostBottom = 0x1
	hintGhostTop    = 0x2
	hintPairBottom  = 0x4
	hintPairTop     = 0x8
	hintLocked      = 0x10
	hintSynthetic   = 0x20
)

// Blue zone constants.
const (
	minCounter   = 0x8000 // CF2_MIN_COUNTER: 0.5
	icfTop       = 880 << 16
	icfBottom    = -120 << 16
	maxBlueZones = 12 // CF2_MAX_BLUES: 7 BlueValues pairs + 5 OtherBlues pairs
)

// hint is CF2_HintRec: one edge of a hint map.
type hint struct {
	flags   uint8
	index   int
	csCoord int32
	dsCoord int32
	scale   int32
}

// valid reports whether the hint is in use (cf2_hint_isValid).
func (h *hint) valid() bool { return h.flags != 0 }

// isPair reports whether the hint is an edge of a stem pair (cf2_hint_isPair).
func (h *hint) isPair() bool { return h.flags&(hintPairBottom|hintPairTop) != 0 }

// isPairTop reports whether the hint is a pair's top edge (cf2_hint_isPairTop).
func (h *hint) isPairTop() bool { return h.flags&hintPairTop != 0 }

// isTop reports whether the hint is a top edge, paired or ghost (cf2_hint_isTop).
func (h *hint) isTop() bool { return h.flags&(hintPairTop|hintGhostTop) != 0 }

// isBottom reports whether the hint is a bottom edge, paired or ghost (cf2_hint_isBottom).
func (h *hint) isBottom() bool { return h.flags&(hintPairBottom|hintGhostBottom) != 0 }

// locked reports whether the hint is locked to a blue zone (cf2_hint_isLocked).
func (h *hint) locked() bool { return h.flags&hintLocked != 0 }

// synthetic reports whether the hint was synthesized by the hint map (cf2_hint_isSynthetic).
func (h *hint) synthetic() bool { return h.flags&hintSynthetic != 0 }

// blueZone is CF2_BlueRec.
type blueZone struct {
	csBottomEdge, csTopEdge int32
	csFlatEdge, dsFlatEdge  int32
	bottomZone              bool
}

// blues is CF2_BluesRec.
type blues struct {
	scale                          int32
	count                          int
	suppressOvershoot              bool
	doEmBoxHints                   bool
	blueScale, blueShift, blueFuzz int32
	boost                          int32
	emBoxTopEdge, emBoxBottomEdge  hint
	zone                           [maxBlueZones]blueZone
}

// fixedRound is cf2_fixedRound.
func fixedRound(x int32) int32 { return int32((uint32(x) + 0x8000) & 0xFFFF0000) }

// fixedFraction is cf2_fixedFraction.
func fixedFraction(x int32) int32 { return x - int32(uint32(x)&0xFFFF0000) }

// intToFixed is cf2_intToFixed.
func intToFixed(i int64) int32 { return int32(uint32(i) << 16) }

// initBlues is cf2_blues_init for the Private DICT p at vertical scale
// scale (innerTransform.d).
func (b *blues) init(p *Private, scale int32) {
	*b = blues{scale: scale}
	b.blueScale = int32(divFix(p.BlueScale, 1000<<16))
	b.blueShift = intToFixed(p.BlueShift)
	b.blueFuzz = intToFixed(p.BlueFuzz)
	bv, ob := p.BlueValues, p.OtherBlues
	fb, fob := p.FamilyBlues, p.FamilyOtherBlue
	if fb != nil && len(fb)%2 != 0 { // FreeType reads pairs; an odd count reads one past (0)
		fb = append(fb[:len(fb):len(fb)], 0)
	}
	if fob != nil && len(fob)%2 != 0 {
		fob = append(fob[:len(fob):len(fob)], 0)
	}
	if len(ob)%2 != 0 {
		ob = append(ob[:len(ob):len(ob)], 0)
	}
	if p.LanguageGroup == 1 && (len(bv) == 0 ||
		(len(bv) == 4 && intToFixed(bv[0]) < icfBottom && intToFixed(bv[1]) < icfBottom &&
			intToFixed(bv[2]) > icfTop && intToFixed(bv[3]) > icfTop)) {
		b.emBoxBottomEdge.csCoord = icfBottom - 1
		b.emBoxBottomEdge.dsCoord = fixedRound(mulFix32(b.emBoxBottomEdge.csCoord, scale)) - minCounter
		b.emBoxBottomEdge.scale = scale
		b.emBoxBottomEdge.flags = hintGhostBottom | hintLocked | hintSynthetic
		b.emBoxTopEdge.csCoord = icfTop + 1
		b.emBoxTopEdge.dsCoord = fixedRound(mulFix32(b.emBoxTopEdge.csCoord, scale)) + minCounter
		b.emBoxTopEdge.scale = scale
		b.emBoxTopEdge.flags = hintGhostTop | hintLocked | hintSynthetic
		b.doEmBoxHints = true
		return
	}
	var maxZoneHeight int32
	for i := 0; i+1 < len(bv) && b.count < maxBlueZones; i += 2 {
		z := &b.zone[b.count]
		z.csBottomEdge = intToFixed(bv[i])
		z.csTopEdge = intToFixed(bv[i+1])
		h := sub32(z.csTopEdge, z.csBottomEdge)
		if h < 0 {
			continue
		}
		if h > maxZoneHeight {
			maxZoneHeight = h
		}
		if i == 0 {
			z.bottomZone = true
			z.csFlatEdge = z.csTopEdge
		} else {
			z.bottomZone = false
			z.csFlatEdge = z.csBottomEdge
		}
		b.count++
	}
	for i := 0; i+1 < len(ob) && b.count < maxBlueZones; i += 2 {
		z := &b.zone[b.count]
		z.csBottomEdge = intToFixed(ob[i])
		z.csTopEdge = intToFixed(ob[i+1])
		h := sub32(z.csTopEdge, z.csBottomEdge)
		if h < 0 {
			continue
		}
		if h > maxZoneHeight {
			maxZoneHeight = h
		}
		z.bottomZone = true
		z.csFlatEdge = z.csTopEdge
		b.count++
	}
	csUnitsPerPixel := int32(divFix(1<<16, int64(scale)))
	for i := 0; i < b.count; i++ {
		z := &b.zone[i]
		flat := z.csFlatEdge
		if z.bottomZone {
			minDiff := int32(0x7FFFFFFF)
			for j := 0; j+1 < len(fob); j += 2 {
				ffe := intToFixed(fob[j+1])
				d := abs32(sub32(flat, ffe))
				if d < minDiff && d < csUnitsPerPixel {
					z.csFlatEdge = ffe
					minDiff = d
					if d == 0 {
						break
					}
				}
			}
			if len(fb) >= 2 {
				ffe := intToFixed(fb[1])
				d := abs32(sub32(flat, ffe))
				if d < minDiff && d < csUnitsPerPixel {
					z.csFlatEdge = ffe
				}
			}
		} else {
			minDiff := int32(0x7FFFFFFF)
			for j := 2; j+1 < len(fb); j += 2 {
				ffe := intToFixed(fb[j])
				d := abs32(sub32(flat, ffe))
				if d < minDiff && d < csUnitsPerPixel {
					z.csFlatEdge = ffe
					minDiff = d
					if d == 0 {
						break
					}
				}
			}
		}
	}
	if maxZoneHeight > 0 {
		if lim := int32(divFix(1<<16, int64(maxZoneHeight))); b.blueScale > lim {
			b.blueScale = lim
		}
	}
	if scale < b.blueScale {
		b.suppressOvershoot = true
		const six = 39322 // cf2_doubleToFixed(.6)
		b.boost = six - int32(ftmathMulDiv(six, int64(scale), int64(b.blueScale)))
		if b.boost > 0x7FFF {
			b.boost = 0x7FFF
		}
	}
	for i := 0; i < b.count; i++ {
		z := &b.zone[i]
		if z.bottomZone {
			z.dsFlatEdge = fixedRound(mulFix32(z.csFlatEdge, scale) - b.boost)
		} else {
			z.dsFlatEdge = fixedRound(mulFix32(z.csFlatEdge, scale) + b.boost)
		}
	}
}

// capture is cf2_blues_capture.
func (b *blues) capture(bottom, top *hint) bool {
	fuzz := b.blueFuzz
	var dsNew, dsMove int32
	captured := false
	for i := 0; i < b.count; i++ {
		z := &b.zone[i]
		if z.bottomZone && bottom.isBottom() {
			if sub32(z.csBottomEdge, fuzz) <= bottom.csCoord && bottom.csCoord <= add32(z.csTopEdge, fuzz) {
				switch {
				case b.suppressOvershoot:
					dsNew = z.dsFlatEdge
				case sub32(z.csTopEdge, bottom.csCoord) >= b.blueShift:
					dsNew = fixedRound(bottom.dsCoord)
					if v := sub32(z.dsFlatEdge, 1<<16); v < dsNew {
						dsNew = v
					}
				default:
					dsNew = fixedRound(bottom.dsCoord)
				}
				dsMove = sub32(dsNew, bottom.dsCoord)
				captured = true
				break
			}
		}
		if !z.bottomZone && top.isTop() {
			if sub32(z.csBottomEdge, fuzz) <= top.csCoord && top.csCoord <= add32(z.csTopEdge, fuzz) {
				switch {
				case b.suppressOvershoot:
					dsNew = z.dsFlatEdge
				case sub32(top.csCoord, z.csBottomEdge) >= b.blueShift:
					dsNew = fixedRound(top.dsCoord)
					if v := z.dsFlatEdge + 1<<16; v > dsNew {
						dsNew = v
					}
				default:
					dsNew = fixedRound(top.dsCoord)
				}
				dsMove = sub32(dsNew, top.dsCoord)
				captured = true
				break
			}
		}
	}
	if captured {
		if bottom.valid() {
			bottom.dsCoord = add32(bottom.dsCoord, dsMove)
			bottom.flags |= hintLocked
		}
		if top.valid() {
			top.dsCoord = add32(top.dsCoord, dsMove)
			top.flags |= hintLocked
		}
	}
	return captured
}
