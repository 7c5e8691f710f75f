//go:build reference

package main

import (
	"errors"
	"fmt"

	"fontvm/internal/conformance/golden"
	"fontvm/internal/ftref"
	"fontvm/sfnt"
	"fontvm/truetype/hint"
)

// ttRefSizes are the sizes at which the truetype target's sampled glyphs
// are compared with FreeType: all of ttSizes, so that every glyph the
// target hints (and every glyph error it counts) is judged.
var ttRefSizes = ttSizes

// With -tags reference, FreeType (internal/ftref, in-process) judges every
// copy of the truetype target: it "accepts" a copy when its face and size
// set up (FT_New_Memory_Face ... FT_Set_Pixel_Sizes), and the glyphs the
// target hints are compared line for line (points, contours, advance, or
// the error name) at ttRefSizes in both interpreter versions. Both engines
// load every glyph of a size in increasing order (glyph programs leave
// state behind for the next glyph); the sampled glyphs are compared.
func init() {
	referenceHooks = append(referenceHooks, func() {
		t := targets["truetype"]
		if t == nil {
			return
		}
		t.referenceName = "FreeType " + ftref.Version()
		t.reference = ttReference
	})
}

// ttReference is the truetype target's reference: FreeType opens the copy
// (or refuses it) and hints the sampled glyphs; every line is compared
// with fontvm's.
func ttReference(f *fontFile, data []byte, pick int, _ *verdict) (rv refVerdict) {
	var hf *hint.Font
	if sf, err := sfnt.Parse(data); err == nil {
		hf, _ = hint.NewFont(sf)
	}
	rv.accepted = true
	var g hint.Glyph
	for _, mode := range ttModes {
		ref, err := ftref.Outlines(data, ttRefSizes, ftref.Mode(mode), ftref.TargetNormal)
		if err != nil {
			if errors.Is(err, ftref.ErrSetup) {
				rv.accepted = false
				rv.reason = firstLine(err.Error())
				return rv
			}
			rv.accepted = false
			rv.diff = err.Error()
			return rv
		}
		if hf == nil {
			continue // fontvm refused: the accept verdicts already disagree
		}
		for k, ppem := range ttRefSizes {
			in, err := hf.NewInstance(ppem, hint.Options{Mode: mode})
			if err != nil {
				panic(err) // valid arguments: a bug
			}
			// FreeType (ftref) loaded every glyph of the size in
			// increasing order, and what a glyph program leaves in the
			// storage area and the CVT is seen by the glyphs after it:
			// load every glyph in the same order, so that both engines
			// hint each sampled glyph from the same state, and compare
			// the sampled ones.
			compareSampled(in, ref[k], pick, fmt.Sprintf("%v ppem %d", mode, ppem), &g, &rv)
		}
	}
	return rv
}

// compareSampled loads every glyph of in in increasing order (FreeType
// (ftref) loaded them so, and what a glyph program leaves in the storage
// area and the CVT is seen by the glyphs after it) and compares the
// sampled ones (ttGlyphs spread over the font, pick selecting which) with
// ref line for line, counting them in rv; where names the configuration
// in the first difference.
func compareSampled(in *hint.Instance, ref []ftref.Glyph, pick int, where string, g *hint.Glyph, rv *refVerdict) {
	n := len(ref)
	step := max(1, n/ttGlyphs)
	for gid := 0; gid < n; gid++ {
		if gid%step != pick%step {
			_ = in.LoadGlyph(gid, g)
			continue
		}
		want := ref[gid].Line()
		got := ttLine(in, gid, g)
		rv.compared++
		if got != want {
			rv.differ++
			if rv.diff == "" {
				rv.diff = fmt.Sprintf("%s: got %s want %s", where, got, want)
			}
		}
	}
}

// ttLine is the golden line of one of our glyphs (as truetype/hint's
// reference test writes it).
func ttLine(in *hint.Instance, gid int, g *hint.Glyph) string {
	if err := in.LoadGlyph(gid, g); err != nil {
		name := hint.Name(err)
		if name == "" {
			name = err.Error()
		}
		return string(golden.AppendErrLine(nil, gid, name))
	}
	xy := make([]int64, 0, 2*len(g.Points))
	for _, p := range g.Points {
		xy = append(xy, int64(p.X), int64(p.Y))
	}
	ends := make([]int32, len(g.Ends))
	for i, e := range g.Ends {
		ends[i] = int32(e)
	}
	return string(golden.AppendLine(nil, gid, int64(g.Advance), xy, ends))
}
