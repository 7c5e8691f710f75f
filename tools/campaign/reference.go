//go:build reference

package main

import (
	"fmt"

	"fontvm/internal/grcompare"
	"fontvm/internal/grref"
)

// With -tags reference, graphite2 (in-process, through internal/grref)
// judges every copy of the graphite target: gr_make_face_with_ops over the
// bytes with gr2fonttest's gr_face_preloadAll decides accept/refuse, and
// on a copy both accept, graphite2 shapes the texts fontvm shaped (same
// direction, design units) and every result line is compared with
// fontvm's, a missing segment included.
func init() {
	referenceHooks = append(referenceHooks, func() {
		if t := targets["graphite"]; t != nil {
			t.referenceName = "graphite2 " + grref.EngineVersion()
			t.reference = grReference
		}
	})
}

// grReference is the graphite target's reference verdict on one copy.
func grReference(f *fontFile, data []byte, pick int, v *verdict) refVerdict {
	ok, _ := grref.Accepts(data)
	rv := refVerdict{accepted: ok}
	if !ok || !v.accepted || len(v.outputs) == 0 {
		return rv
	}
	face, err := grref.Open(data)
	if err != nil {
		rv.accepted = false
		rv.reason = "grref.Open: " + err.Error()
		return rv
	}
	defer face.Close()
	for k, text := range pickTexts(f, pick, len(v.outputs)) {
		want := grcompare.NoSegment
		if r, err := face.Shape(text, grref.Options{RTL: f.rtl}); err == nil {
			want = r.Line()
		}
		rv.compared++
		if got := v.outputs[k]; got != want {
			rv.differ++
			if rv.diff == "" {
				rv.diff = fmt.Sprintf("text %s: got %s want %s", grref.Codes(text), got, want)
			}
		}
	}
	return rv
}
