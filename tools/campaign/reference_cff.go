//go:build reference

package main

import (
	"errors"
	"fmt"

	"fontvm/cff"
	"fontvm/internal/conformance/golden"
	"fontvm/internal/ftref"
	"fontvm/sfnt"
	"fontvm/size"
)

// cffRefSizes are the sizes at which the cff target's sampled glyphs are
// compared with FreeType.
var cffRefSizes = []int{12, 17}

// With -tags reference, FreeType (internal/ftref) judges every copy of
// the cff target: it accepts a copy when its face and size set up, and
// the sampled glyphs are compared line for line (points, contours,
// advance, or the error name), unhinted and hinted (FreeType's CFF
// driver; the TrueType interpreter version plays no part).
func init() {
	referenceHooks = append(referenceHooks, func() {
		t := targets["cff"]
		if t == nil {
			return
		}
		t.referenceName = "FreeType " + ftref.Version()
		t.reference = cffReference
	})
}

// cffErrNames are the FreeType error names of cff.FreeTypeError's codes.
var cffErrNames = map[int]string{3: "Invalid_File_Format", 6: "Invalid_Argument", 20: "Invalid_Outline", 0x24: "Invalid_Size_Handle", 0xA4: "Glyph_Too_Big"}

// cffReference is the cff target's reference verdict.
func cffReference(f *fontFile, data []byte, pick int, _ *verdict) (rv refVerdict) {
	var fc *cff.Face
	if sf, err := sfnt.Parse(data); err == nil {
		fc, _ = cff.NewFace(sf, nil, nil)
	}
	rv.accepted = true
	var o cff.Outline
	for _, hinted := range []bool{false, true} {
		mode := ftref.ModeNone
		if hinted {
			mode = ftref.ModeV40
		}
		ref, err := ftref.Outlines(data, cffRefSizes, mode, ftref.TargetNormal)
		if err != nil {
			rv.accepted = false
			if errors.Is(err, ftref.ErrSetup) {
				rv.reason = firstLine(err.Error())
			} else {
				rv.diff = err.Error()
			}
			return rv
		}
		if fc == nil {
			continue // fontvm refused: the accept verdicts already disagree
		}
		l := fc.NewLoader()
		for k, ppem := range cffRefSizes {
			sc, err := fc.Scale(size.Pixels(int64(ppem) * 64))
			if err != nil {
				panic(err) // valid sizes: a bug
			}
			n := len(ref[k])
			step := max(1, n/cffGlyphs)
			for gid := pick % step; gid < n; gid += step {
				want := ref[k][gid].Line()
				var got string
				if err := fc.Load(l, gid, sc, hinted, &o); err != nil {
					got = string(golden.AppendErrLine(nil, gid, cffErrNames[cff.FreeTypeError(err)]))
				} else {
					b := o.AppendFTPoints(nil, gid)
					got = string(b[:len(b)-1])
				}
				rv.compared++
				if got != want {
					rv.differ++
					if rv.diff == "" {
						rv.diff = fmt.Sprintf("hinted %v ppem %d: got %.120s want %.120s", hinted, ppem, got, want)
					}
				}
			}
		}
	}
	return rv
}
