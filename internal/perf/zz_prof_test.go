package perf

import (
	"os"
	"testing"

	"fontvm/sfnt"
	"fontvm/truetype/hint"
)

func TestZZProf(t *testing.T) {
	data, _ := os.ReadFile("/work/shared/fonts/variable/Roboto-Variable.ttf")
	sf, _ := sfnt.Parse(data)
	hf, _ := hint.NewFont(sf)
	d, _ := hint.ParseVariation(hf.Variations(), "wght=700,wdth=87.5")
	j, _ := NewHintJob(data, hint.Options{Mode: hint.ModeV40, Design: d}, DefaultPPEMs)
	j.Run(150)
}
