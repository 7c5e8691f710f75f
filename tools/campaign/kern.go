package main

import (
	"fontvm/face"
	"fontvm/internal/corpus"
	"fontvm/internal/corrupt"
	"fontvm/sfnt"
)

// KernTables are the tables Face.Kern reads.
var kernTables = []string{"GPOS", "GDEF", "kern"}

// kernRunes are the characters whose pairs the kern target kerns.
const kernRunes = "AVTWYafoy.,"

// The kern target: the fonts of corpus.KernFonts that have GPOS, GDEF or
// kern, with those tables corrupted. A copy is "accepted" when sfnt.Parse
// and face.NewFace take it (a damaged GPOS or kern table only turns
// kerning off); each accepted copy is then kerned (Face.Kern) over the
// pairs of kernRunes, and its GPOS read through sfnt's API (SelectScript,
// FeatureLookups, PairAdjustment), counting GPOS errors. No reference is
// attached (HarfBuzz runs out of process).
func init() {
	register(&target{
		name:   "kern",
		tables: kernTables,
		fonts: func() ([]fontFile, error) {
			all, err := readCorpus(corpus.KernFonts)
			if err != nil {
				return nil, err
			}
			var fs []fontFile
			for _, f := range all {
				if hasTable(f.data, kernTables) {
					fs = append(fs, f)
				}
			}
			if len(fs) == 0 {
				return nil, errNoFonts
			}
			return fs, nil
		},
		check:    kernCheck,
		workName: "pairs kerned",
		failName: "GPOS errors",
	})
}

// hasTable reports whether font has one of tables (non-empty).
func hasTable(font []byte, tables []string) bool {
	all, err := corrupt.Tables(font)
	if err != nil {
		return false
	}
	for _, t := range all {
		for _, want := range tables {
			if t.Tag == want && t.Len > 0 {
				return true
			}
		}
	}
	return false
}

// kernCheck is the kern target's check (see init).
func kernCheck(f *fontFile, data []byte, factor, pick int) (v verdict) {
	sf, err := sfnt.Parse(data)
	if err != nil {
		v.reason = "sfnt: " + firstLine(err.Error())
		return v
	}
	fc, err := face.NewFace(sf, &face.FaceOptions{Size: 16})
	if err != nil {
		v.reason = "face: " + firstLine(err.Error())
		return v
	}
	v.accepted = true
	v.engineAccepted = true
	if factor <= 0 {
		return v
	}
	for _, a := range kernRunes {
		for _, b := range kernRunes {
			fc.Kern(a, b)
			v.shaped++
		}
	}
	g, err := sf.GPOS()
	if err != nil {
		return v
	}
	script, ok, err := g.SelectScript(sfnt.MakeTag("latn"))
	if err != nil || !ok {
		if err != nil {
			v.shapeErrs++
		}
		return v
	}
	lookups, _, err := g.FeatureLookups(nil, script, 0, sfnt.MakeTag("kern"))
	if err != nil {
		v.shapeErrs++
		return v
	}
	cm, _ := sf.Cmap()
	for _, a := range kernRunes {
		for _, b := range kernRunes {
			if _, err := g.PairAdjustment(lookups, cm.Lookup(a), cm.Lookup(b)); err != nil {
				v.shapeErrs++
			}
		}
	}
	return v
}
