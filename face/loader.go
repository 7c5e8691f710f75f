package face

import (
	"errors"

	"fontvm/sfnt"
	"fontvm/truetype/hint"

	"golang.org/x/image/font"
)

// ErrHintingUnavailable is returned by NewFace for a hinting mode this
// build cannot run.
var ErrHintingUnavailable = errors.New("face: bytecode hinting is not available in this build")

// newLoader returns the outline source for a hinting mode.
func newLoader(f *sfnt.Font, ppem int, scale int64, h font.Hinting, mono bool) (loader, error) {
	switch h {
	case font.HintingNone:
		return &unhintedLoader{f: f, ppem: ppem, scale: scale}, nil
	case font.HintingVertical:
		return newHintLoader(f, ppem, hint.ModeV40, mono)
	case font.HintingFull:
		return newHintLoader(f, ppem, hint.ModeV35, mono)
	}
	return nil, errors.New("face: unknown hinting mode")
}
