// Package hinttest holds the set-up the tests of several packages share
// to hint a font: parse it and make its hint.Font, failing the test on
// either error. It is for tests only.
package hinttest

import (
	"testing"

	"fontvm/sfnt"
	"fontvm/truetype/hint"
)

// Font parses data (sfnt.Parse) and makes its hinting font
// (hint.NewFont), stopping the test t with the error of either.
func Font(t testing.TB, data []byte) (*sfnt.Font, *hint.Font) {
	t.Helper()
	sf, err := sfnt.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	hf, err := hint.NewFont(sf)
	if err != nil {
		t.Fatal(err)
	}
	return sf, hf
}
