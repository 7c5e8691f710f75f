//go:build reference

package face

import (
	"testing"

	"fontvm/internal/corpus"
	"fontvm/internal/ftref"

	"golang.org/x/image/font"
)

// cffSizeSpecs are the sizes of TestReferenceFaceCFF (see charSizeSpecs).
var cffSizeSpecs = []string{"9", "13.5", "11@96", "12@96x72", "16"}

// TestReferenceFaceCFF renders every glyph of the CFF and CFF2 corpus
// fonts (corpus.CFFFonts, default instances) through a Face, unhinted and
// hinted (any hinting but HintingNone runs the CFF hinter, as FreeType's
// default load flags do), anti-aliased and monochrome, and requires every
// mask, its box and the advance to be identical to FreeType's
// FT_Set_Char_Size + FT_Load_Glyph + FT_Render_Glyph.
func TestReferenceFaceCFF(t *testing.T) {
	modes := []refRenderMode{{font.HintingNone, ftref.ModeNone}, {font.HintingVertical, ftref.ModeV40}}
	compareFaceRenders(t, corpus.CFFFonts, modes, cffSizeSpecs, 1)
}

// TestReferenceFacePureCFF is TestReferenceFaceCFF on the corpus CFF
// fonts with their head directory entry's length set to 0, which
// FreeType's cff_face_init opens as pure CFF fonts: size metrics from the
// CFF's FontMatrix and FontBBox, advances from the charstrings.
func TestReferenceFacePureCFF(t *testing.T) {
	modes := []refRenderMode{{font.HintingNone, ftref.ModeNone}, {font.HintingVertical, ftref.ModeV40}}
	compareFaceRendersOf(t, corpus.CFFFonts, zeroHead, modes, []string{"9", "13.5", "11@96"}, 1)
}
