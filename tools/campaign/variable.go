package main

import (
	"path/filepath"

	"fontvm/internal/corpus"
	"fontvm/truetype/hint"
)

// varTables are the tables the variable target corrupts: the variation
// tables, and glyf, cvt and prep, whose data the deltas apply to.
var varTables = []string{"fvar", "avar", "gvar", "cvar", "HVAR", "VVAR", "vhea", "vmtx", "MVAR", "glyf", "cvt ", "prep"}

// varCampaignFonts are the variable corpus fonts the variable target
// mutates: the unicode-org test fonts (a few KiB each) and the two hinted
// fonts with cvar (Selawik, Comfortaa); the larger ones (Roboto, Fraunces,
// Source Serif, Inter) make each FreeType comparison hundreds of times
// longer for the same tables.
var varCampaignFonts = []string{"TestAVAR", "TestCVARGVAROne", "TestCVARGVARTwo", "TestGVARComposite0", "TestHVARTwo", "Selawik", "Comfortaa"}

// vvarCampaignFonts are truetype/hint's VVAR test fonts (built by
// testdata/vvar/make_vvar.py): vhea, vmtx and VVAR with and without an
// advance map, whose glyph programs read the vertical phantom points, so
// that a corrupted VVAR, vhea or vmtx changes the hinted outlines the
// reference comparison checks.
var vvarCampaignFonts = []corpus.Font{
	{Name: "vvar-map", Path: filepath.Join(corpus.Root(), "truetype", "hint", "testdata", "vvar", "vvar-map.ttf")},
	{Name: "vvar-direct", Path: filepath.Join(corpus.Root(), "truetype", "hint", "testdata", "vvar", "vvar-direct.ttf")},
}

// The variable target: variable TrueType fonts with their variation
// tables corrupted. A copy is accepted when sfnt.Parse and hint.NewFont
// take it; an accepted copy is then hinted at a variation instance
// (varDesign) at several sizes in both interpreter versions; an instance
// that cannot be set (FreeType's FT_Set_Var_Design_Coordinates fails
// likewise) counts as one failure.
func init() {
	register(&target{
		name:   "variable",
		tables: varTables,
		fonts: func() ([]fontFile, error) {
			var fs []corpus.Font
			for _, f := range corpus.VariableFonts {
				for _, n := range varCampaignFonts {
					if f.Name == n {
						fs = append(fs, f)
					}
				}
			}
			fs = append(fs, vvarCampaignFonts...)
			out, err := readCorpus(fs)
			if err != nil {
				return nil, err
			}
			if len(out) == 0 {
				return nil, errNoFonts
			}
			return out, nil
		},
		check:    variableCheck,
		workName: "glyphs hinted",
		failName: "glyph/instance errors",
	})
}

// varDesign is the instance the variable target hints a copy at, from
// fontvm's reading of its fvar: each axis three fifths of the way from
// its default to its maximum (or minimum, for pick odd), off any
// master's grid; nil when fontvm sees no variations.
func varDesign(hf *hint.Font, pick int) []int64 {
	v := hf.Variations()
	if v == nil {
		return nil
	}
	d := make([]int64, len(v.Axes))
	for i, a := range v.Axes {
		end := a.Max
		if pick%2 == 1 {
			end = a.Min
		}
		d[i] = a.Default + (end-a.Default)*3/5
	}
	return d
}

// variableCheck is the variable target's check: hintCheck at the
// instance varDesign picks.
func variableCheck(f *fontFile, data []byte, glyphsFactor, pick int) verdict {
	return hintCheck(data, glyphsFactor, pick, varDesign)
}
