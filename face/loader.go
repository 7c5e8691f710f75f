package face

import (
	"errors"

	"fontvm/sfnt"
	"fontvm/size"
	"fontvm/truetype/hint"

	"golang.org/x/image/font"
)

// ErrHintingUnavailable is returned by NewFace for a hinting mode this
// build cannot run.
var ErrHintingUnavailable = errors.New("face: bytecode hinting is not available in this build")

// newLoader returns the outline source for a size and a hinting mode:
// the TrueType loader of truetype/hint, unhinted (FreeType's
// FT_LOAD_NO_HINTING outlines) for font.HintingNone, interpreter version
// 40 for font.HintingVertical and 35 for font.HintingFull, at the
// variation instance variation selects (FaceOptions.Variation); for a
// CFF or CFF2 font, the CFF loader (any hinting but None runs FreeType's
// CFF hinter).
func newLoader(f *sfnt.Font, req size.Request, h font.Hinting, mono bool, variation string) (outlineSource, error) {
	if f.IsCFF() {
		return newCFFLoader(f, req, h, variation)
	}
	switch h {
	case font.HintingNone:
		return newHintLoader(f, req, hint.ModeNone, mono, variation)
	case font.HintingVertical:
		return newHintLoader(f, req, hint.ModeV40, mono, variation)
	case font.HintingFull:
		return newHintLoader(f, req, hint.ModeV35, mono, variation)
	}
	return nil, errors.New("face: unknown hinting mode")
}
