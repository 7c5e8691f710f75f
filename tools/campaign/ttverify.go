package main

import (
	"fontvm/internal/corrupt"
	"fontvm/sfnt"
	"fontvm/truetype/verify"
)

// The ttverify target: the truetype target's fonts and tables, each copy
// that sfnt.Parse takes statically verified (fontvm/truetype/verify):
// the work is the programs verified, the failures the copies with error
// findings; a panic or a case beyond --max-case is the campaign's
// failure as for every target.
func init() {
	register(&target{
		name:     "ttverify",
		tables:   corrupt.TrueTypeTables,
		fonts:    hintedCorpus,
		check:    ttverifyCheck,
		workName: "programs verified",
		failName: "copies with errors",
	})
}

// ttverifyCheck verifies one copy (run > 0; 0: parse only).
func ttverifyCheck(f *fontFile, data []byte, run, pick int) (v verdict) {
	sf, err := sfnt.Parse(data)
	if err != nil {
		v.reason = "sfnt: " + firstLine(err.Error())
		return v
	}
	v.accepted = true
	v.engineAccepted = true
	if run <= 0 {
		return v
	}
	rep := verify.Font(sf)
	v.shaped = rep.Programs
	if rep.Errors() > 0 {
		v.shapeErrs = 1
	}
	return v
}
