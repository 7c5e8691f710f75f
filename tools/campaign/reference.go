//go:build reference

package main

import "fontvm/internal/grref"

// With -tags reference, graphite2 (in-process, through internal/grref)
// judges every copy of the graphite target: gr_make_face_with_ops over the
// bytes with gr2fonttest's gr_face_preloadAll.
func init() {
	referenceHooks = append(referenceHooks, func() {
		if t := targets["graphite"]; t != nil {
			t.referenceName = "graphite2 " + grref.EngineVersion()
			t.reference = func(_ *fontFile, data []byte, _ int) refVerdict {
				ok, _ := grref.Accepts(data)
				return refVerdict{accepted: ok}
			}
		}
	})
}
