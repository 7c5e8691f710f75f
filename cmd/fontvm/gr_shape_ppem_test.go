package main

import (
	"strings"
	"testing"

	"fontvm/internal/corpus"
)

// TestGRShapePPEMFlag checks --ppem's form: six decimals in pixels, the
// design-unit line unchanged without it, and usage errors (exit 2) for a
// size that is not positive and for the gr2log format.
func TestGRShapePPEMFlag(t *testing.T) {
	font := corpus.GraphiteFonts[0]
	corpus.Load(t, font)
	design, status := grShapeCapture(t, "gr", "shape", font.Path, "--codes", "1000", "102C")
	if status != 0 || !strings.Contains(design, "| adv ") || strings.Contains(design, ".0000") {
		t.Fatalf("design units: exit %d, %q", status, design)
	}
	px, status := grShapeCapture(t, "gr", "shape", font.Path, "--ppem", "16", "--codes", "1000", "102C")
	if status != 0 || !strings.Contains(px, ".000000") || px == design {
		t.Fatalf("--ppem 16: exit %d, %q", status, px)
	}
	for _, bad := range [][]string{{"--ppem", "-3"}, {"--ppem", "NaN"}, {"--ppem", "+Inf"}, {"--ppem", "12", "--format", "gr2log"}} {
		args := append([]string{"gr", "shape", font.Path, "--codes", "1000"}, bad...)
		if _, status := grShapeCapture(t, args...); status != 2 {
			t.Errorf("%v: exit %d, want 2", bad, status)
		}
	}
}
