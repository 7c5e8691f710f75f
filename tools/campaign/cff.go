package main

import (
	"fontvm/cff"
	"fontvm/internal/corpus"
	"fontvm/sfnt"
	"fontvm/size"
)

// cffTables are the tables the CFF loader reads.
var cffTables = []string{"CFF ", "CFF2", "hmtx", "hhea", "maxp", "head"}

// The cff target: the CFF and CFF2 corpus fonts with their outline and
// metrics tables corrupted. A copy is "accepted" when sfnt.Parse and
// cff.NewFace take it; each accepted copy is loaded at several sizes,
// hinted and unhinted (glyphs spread over the font), counting glyph
// errors. No reference is attached.
func init() {
	register(&target{
		name:   "cff",
		tables: cffTables,
		fonts: func() ([]fontFile, error) {
			fs, err := readCorpus(append(append([]corpus.Font(nil), corpus.CFFFonts...), corpus.MoreCFFFonts...))
			if err != nil {
				return nil, err
			}
			if len(fs) == 0 {
				return nil, errNoFonts
			}
			return fs, nil
		},
		check:    cffCheck,
		workName: "glyphs loaded",
		failName: "glyph errors",
	})
}

// cffSizes are the ppem sizes of cffCheck; cffGlyphs the glyphs per size
// and mode.
var (
	cffSizes  = []int64{9, 12, 17, 32}
	cffGlyphs = 48
)

// cffCheck is the cff target's check (see truetypeCheck).
func cffCheck(f *fontFile, data []byte, glyphsFactor, pick int) (v verdict) {
	sf, err := sfnt.Parse(data)
	if err != nil {
		v.reason = "sfnt: " + firstLine(err.Error())
		return v
	}
	fc, err := cff.NewFace(sf, nil, nil)
	if err != nil {
		v.reason = "cff: " + firstLine(err.Error())
		return v
	}
	v.accepted = true
	v.engineAccepted = true
	if glyphsFactor <= 0 {
		return v
	}
	n := fc.NumGlyphs()
	if n == 0 {
		return v
	}
	l := fc.NewLoader()
	var o cff.Outline
	for _, ppem := range cffSizes {
		sc, err := fc.Scale(size.Pixels(ppem * 64))
		if err != nil {
			v.reason = "size: " + firstLine(err.Error())
			return v
		}
		for _, hinted := range []bool{false, true} {
			step := max(1, n/cffGlyphs)
			for gid := pick % step; gid < n; gid += step {
				if err := fc.Load(l, gid, sc, hinted, &o); err != nil {
					v.shapeErrs++
				}
				v.shaped++
			}
		}
	}
	return v
}
