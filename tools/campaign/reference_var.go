//go:build reference

package main

import (
	"errors"
	"fmt"

	"fontvm/internal/ftref"
	"fontvm/sfnt"
	"fontvm/truetype/hint"
)

// With -tags reference, FreeType judges every copy of the variable
// target as it judges the truetype target's, at the variation instance
// the target hints (varDesign; set with FT_Set_Var_Design_Coordinates
// before the size, as ftpoints2 does): it accepts a copy when its face
// opens; an instance it cannot set must be one fontvm cannot set either;
// the sampled glyphs are compared line for line at ttRefSizes in both
// interpreter versions.
func init() {
	referenceHooks = append(referenceHooks, func() {
		t := targets["variable"]
		if t == nil {
			return
		}
		t.referenceName = "FreeType " + ftref.Version()
		t.reference = varReference
	})
}

// varReference is the variable target's reference: as ttReference, at
// the variation instance the target hints (varDesign).
func varReference(f *fontFile, data []byte, pick int, _ *verdict) (rv refVerdict) {
	var hf *hint.Font
	if sf, err := sfnt.Parse(data); err == nil {
		hf, _ = hint.NewFont(sf)
	}
	rv.accepted = true
	var design []int64
	if hf != nil {
		design = varDesign(hf, pick)
	}
	var g hint.Glyph
	for _, mode := range ttModes {
		for _, ppem := range ttRefSizes {
			ref, err := ftref.VarOutlines(data, design, int64(ppem)*64, 72, 72, ftref.Mode(mode), ftref.TargetNormal)
			if hf == nil {
				if err != nil && errors.Is(err, ftref.ErrSetup) && !errors.Is(err, ftref.ErrVarCoords) {
					rv.accepted = false
					rv.reason = firstLine(err.Error())
				}
				return rv
			}
			in, ierr := hf.NewInstance(ppem, hint.Options{Mode: mode, Design: design})
			if err != nil {
				switch {
				case errors.Is(err, ftref.ErrVarCoords):
					rv.compared++
					if ierr == nil {
						rv.differ++
						if rv.diff == "" {
							rv.diff = fmt.Sprintf("FreeType cannot set the instance (%v), fontvm can", err)
						}
					}
					continue
				case errors.Is(err, ftref.ErrSetup):
					rv.accepted = false
					rv.reason = firstLine(err.Error())
					return rv
				}
				rv.accepted = false
				rv.diff = err.Error()
				return rv
			}
			if ierr != nil {
				rv.compared++
				rv.differ++
				if rv.diff == "" {
					rv.diff = fmt.Sprintf("fontvm cannot set the instance (%v), FreeType can", ierr)
				}
				continue
			}
			compareSampled(in, ref, pick, fmt.Sprintf("%v ppem %d", mode, ppem), &g, &rv)
		}
	}
	return rv
}
