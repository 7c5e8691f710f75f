package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"fontvm/graphite/shape"
)

// grFeatWarn receives the warning about settings that set nothing.
var grFeatWarn io.Writer = os.Stderr

// grShapeFeatures turns the --feat argument into the language and feature
// settings of face as gr2fonttest's -feat does (shape.ParseFeatureString):
// string values are accepted ("lang=vie", "lang=vi  "). Settings that name no
// feature of the font are ignored, as gr2fonttest ignores them, with a warning.
func grShapeFeatures(face *shape.Font, feat string) (uint32, []shape.Feature) {
	if feat == "" {
		return 0, nil
	}
	lang, feats, applied := shape.ParseFeatureString(face, feat)
	items := 0
	for _, kv := range strings.FieldsFunc(feat, func(r rune) bool { return r == ',' || r == '&' }) {
		if !strings.HasPrefix(kv, "lang=") {
			items++
		}
	}
	if applied < items {
		fmt.Fprintf(grFeatWarn, "fontvm: --feat %q: %d of %d settings name no feature of the font (ignored, as gr2fonttest ignores them)\n", feat, items-applied, items)
	}
	return lang, feats
}

// parseGRCodes reads hexadecimal code points ("1000", "U+1000", "0x1000"),
// as gr shape and gr trace take them after --codes.
func parseGRCodes(hex []string) ([]rune, error) {
	t := make([]rune, 0, len(hex))
	for _, h := range hex {
		v, err := strconv.ParseUint(strings.TrimPrefix(strings.TrimPrefix(h, "U+"), "0x"), 16, 32)
		if err != nil || v == 0 || v > 0x10FFFF {
			return nil, usagef("bad code point %q", h)
		}
		t = append(t, rune(v))
	}
	return t, nil
}
