package main

import (
	"fmt"
	"slices"

	"fontvm/internal/corpus"
	"fontvm/internal/corrupt"
	"fontvm/sfnt"
	"fontvm/size"
	"fontvm/truetype/hint"
)

// The truetype target: the Go fonts and the hinted Debian fonts, with
// glyf, loca, fpgm, prep, cvt, maxp, hmtx and hhea corrupted. A copy is
// "accepted" when sfnt.Parse and hint.NewFont take it; each accepted copy
// is then hinted at several sizes in both interpreter versions (glyphs
// spread over the font), counting glyph load errors. No reference is
// attached yet: FreeType's verdicts plug in through referenceHooks.
func init() {
	register(&target{
		name:     "truetype",
		tables:   corrupt.TrueTypeTables,
		fonts:    hintedCorpus,
		check:    truetypeCheck,
		workName: "glyphs hinted",
		failName: "glyph errors",
	})
}

// Hinting sizes and the number of glyphs hinted per size and mode. The
// char sizes are FT_Set_Char_Size requests besides the whole ppems: 12 pt
// at 96×72 dpi (non-square pixels: x and y scales, the stretched CVT and
// ppem).
var (
	ttSizes     = []int{9, 12, 17, 32}
	ttCharSizes = []size.Request{size.Points(12*64, 96, 72)}
	ttModes     = []hint.Mode{hint.ModeV35, hint.ModeV40}
	ttGlyphs    = 48
)

// truetypeCheck is the truetype target's check: hintCheck at the default
// instance.
func truetypeCheck(f *fontFile, data []byte, glyphsFactor, pick int) verdict {
	return hintCheck(data, glyphsFactor, pick, nil)
}

// hintCheck is the check the truetype and variable targets share: parse
// the copy, prepare it for hinting (hint.NewFont), and hint the sampled
// glyphs (hintSampled) at the variation instance design picks (nil
// design: the default instance).
func hintCheck(data []byte, glyphsFactor, pick int, design func(hf *hint.Font, pick int) []int64) (v verdict) {
	sf, err := sfnt.Parse(data)
	if err != nil {
		v.reason = "sfnt: " + firstLine(err.Error())
		return v
	}
	hf, err := hint.NewFont(sf)
	if err != nil {
		v.reason = "hint: " + firstLine(err.Error())
		return v
	}
	v.accepted = true
	v.engineAccepted = true
	if glyphsFactor <= 0 {
		return v
	}
	var d []int64
	if design != nil {
		d = design(hf, pick)
	}
	hintSampled(hf, d, pick, &v)
	return v
}

// hintedCorpus reads the hinted TrueType corpus (the Go fonts and
// Debian's hinted fonts) that the truetype and ttverify targets corrupt.
func hintedCorpus() ([]fontFile, error) {
	fs, err := readCorpus(append(append([]corpus.Font(nil), corpus.GoFonts...), corpus.HintedFonts...))
	if err != nil {
		return nil, err
	}
	if len(fs) == 0 {
		return nil, errNoFonts
	}
	return fs, nil
}

// hintSampled hints the glyphs pick selects (ttGlyphs spread over the
// font) at ttCharSizes and ttSizes in ttModes, at the variation instance
// design (nil: the default), counting the loads and their failures in v.
// An instance that cannot be made counts as one failure when design asks
// for a variation (FreeType fails to set some); without one it is a bug.
func hintSampled(hf *hint.Font, design []int64, pick int, v *verdict) {
	n := hf.NumGlyphs()
	if n == 0 {
		return
	}
	var g hint.Glyph
	reqs := slices.Clone(ttCharSizes)
	for _, ppem := range ttSizes {
		reqs = append(reqs, size.Pixels(int64(ppem)<<6))
	}
	for _, req := range reqs {
		for _, mode := range ttModes {
			in, err := hf.NewInstanceRequest(req, hint.Options{Mode: mode, Design: design})
			if err != nil {
				if design == nil {
					panic(fmt.Sprintf("NewInstanceRequest(%v, %v): %v", req, mode, err)) // arguments are valid: a bug
				}
				v.shapeErrs++
				v.shaped++
				continue
			}
			step := max(1, n/ttGlyphs)
			for gid := pick % step; gid < n; gid += step {
				if err := in.LoadGlyph(gid, &g); err != nil {
					v.shapeErrs++
				}
				v.shaped++
			}
		}
	}
}
