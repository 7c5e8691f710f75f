//go:build reference

package robust

import (
	"testing"
	"time"

	"fontvm/internal/ftref"
)

// TestFanoutFreeType times FreeType on the composite fan-out fonts of
// TestCompositeFanout, for comparison (logged, not asserted).
func TestFanoutFreeType(t *testing.T) {
	for _, tc := range []struct{ n, depth int }{{100, 2}, {300, 2}, {1000, 2}, {100, 3}} {
		data := fanoutFont(t, tc.n, tc.depth, false)
		s := time.Now()
		_, err := ftref.Outlines(data, []int{12}, ftref.ModeV40, ftref.TargetNormal)
		t.Logf("FreeType %d^%d: %v %v", tc.n, tc.depth, err, time.Since(s))
	}
}
