package perf

import (
	"fmt"

	"fontvm/face"
	"fontvm/sfnt"
	"fontvm/truetype/hint"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// RenderTarget is the issue-17 goal for rendering (load, hint and
// rasterize through face.Face.Glyph): at most 0.67 of FreeType's
// FT_Load_Glyph(FT_LOAD_RENDER) time.
const RenderTarget = 0.67

// A RenderJob is the rendering unit of work: every mapped code point of a
// font drawn through face.Face.Glyph at each ppem, with one face per ppem
// made beforehand (warm: the per-size programs have run), as ftref's
// TimeRender loads and renders every code point with FT_LOAD_RENDER on
// one FT_Size per ppem made beforehand.
type RenderJob struct {
	Faces []*face.Face
	Runes []rune // every code point the font's cmap maps, ascending
	PPEMs []int
}

// MappedRunes returns every code point f's cmap maps to a glyph other
// than 0, ascending.
func MappedRunes(f *sfnt.Font) []rune {
	cm, err := f.Cmap()
	if err != nil {
		return nil
	}
	var out []rune
	for r := rune(0); r <= 0x10ffff; r++ {
		if cm.Lookup(r) != 0 {
			out = append(out, r)
		}
	}
	return out
}

// NewRenderJob parses font and makes one face per ppem in mode (v35, v40
// or none: face's HintingFull, HintingVertical, HintingNone), mono or
// anti-aliased.
func NewRenderJob(data []byte, mode hint.Mode, mono bool, ppems []int) (*RenderJob, error) {
	f, err := sfnt.Parse(data)
	if err != nil {
		return nil, err
	}
	h := font.HintingNone
	switch mode {
	case hint.ModeV35:
		h = font.HintingFull
	case hint.ModeV40:
		h = font.HintingVertical
	}
	j := &RenderJob{Runes: MappedRunes(f), PPEMs: append([]int(nil), ppems...)}
	if len(j.Runes) == 0 {
		return nil, fmt.Errorf("perf: the font maps no code points")
	}
	for _, p := range ppems {
		fc, err := face.NewFace(f, &face.FaceOptions{Size: float64(p), DPI: 72, Hinting: h, Mono: mono})
		if err != nil {
			return nil, err
		}
		j.Faces = append(j.Faces, fc)
	}
	return j, nil
}

// Run draws every code point at every ppem rounds times and returns the
// number of Glyph calls and how many of them failed.
func (j *RenderJob) Run(rounds int) (glyphs, failed int) {
	for r := 0; r < rounds; r++ {
		for _, fc := range j.Faces {
			for _, c := range j.Runes {
				if _, _, _, _, ok := fc.Glyph(fixed.Point26_6{}, c); !ok {
					failed++
				}
			}
			glyphs += len(j.Runes)
		}
	}
	return glyphs, failed
}
