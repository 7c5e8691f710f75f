package main

import (
	"math"

	"fontvm/graphite/shape"
)

// Decimals of the line format: design units print with three (the golden
// files' form), pixels with six (graphite2's float32 positions at a pixel
// size, which three decimals would round together).
const (
	grShapeDesignDecimals = 3
	grShapePixelDecimals  = 6
)

// grShapeSize reads --ppem: with ppem > 0, the scale for shape.Options
// that graphite2's gr_make_font(ppem, face) gives its font (float32 ppem /
// unitsPerEm, as Font::Font computes m_scale), which the engine multiplies
// into every position and advance where graphite2 does, and the decimals
// the line format prints. 0 keeps design units (scale 0: no font).
// --ppem does not apply to gr2log, whose size is gr2fonttest's own (12
// ppem).
func grShapeSize(face *shape.Font, ppem float64, format string) (scale float32, prec int, err error) {
	if ppem == 0 {
		return 0, grShapeDesignDecimals, nil
	}
	if !(ppem > 0) || math.IsInf(ppem, 0) || ppem > math.MaxFloat32 {
		return 0, 0, usagef("--ppem must be a positive number of pixels per em, not %v", ppem)
	}
	if format == "gr2log" {
		return 0, 0, usagef("--ppem applies to the line and json formats (gr2log is gr2fonttest's log at 12 ppem)")
	}
	return face.Scale(float32(ppem)), grShapePixelDecimals, nil
}
