package shape

import "io"

// ParseFeatureString reads a feature string exactly as gr2fonttest's -feat
// option does (Parameters::parseFeatures in gr2FontTest.cpp): settings
// "id=value" separated by ',' or '&', where id is a feature tag of the font
// (its last four characters) or else a decimal feature number, and value is
// read with C's atoi (so "smcp=abc" sets 0); "lang=xxxx" anywhere in s sets
// the language tag from the up to four characters after it (stopping at '&'
// or '0'), so "lang=vie" and "lang=vi  " both select a language. Settings
// naming no feature of f are ignored, as gr2fonttest ignores them; applied
// counts the settings that named one.
func ParseFeatureString(f *Font, s string) (lang uint32, feats []Feature, applied int) {
	lang, feats = parseGR2Features(io.Discard, f, s)
	return lang, feats, len(feats)
}

// JustifyWidth is the width gr2fonttest -j percent justifies a segment of
// the given advance to: gr_seg_advance_X(seg) * percent / 100., a float
// product divided in double, rounded to float for gr_seg_justify.
func JustifyWidth(advance float32, percent int) float32 {
	return float32(float64(float32(advance*float32(percent))) / 100)
}
