package conformance

import (
	"fmt"
	"strings"
)

// FirstDiff describes where two lines first differ: the field (adv, n, c,
// point i, ends) and both values.
func FirstDiff(want, got string) string {
	if want == got {
		return "identical"
	}
	w, g := strings.Fields(want), strings.Fields(got)
	if (len(w) > 2 && w[2] == "err") || (len(g) > 2 && g[2] == "err") {
		return fmt.Sprintf("FreeType %q, fontvm %q", strings.Join(w[min(2, len(w)):], " "), strings.Join(g[min(2, len(g)):], " "))
	}
	pt := -1 // index of the current point, once inside "pts"
	for i := 0; i < len(w) && i < len(g); i++ {
		if w[i] == "ends" {
			pt = -2
		}
		if pt >= 0 {
			pt++
		}
		if w[i] != g[i] {
			switch {
			case pt > 0:
				return fmt.Sprintf("point %d: FreeType %s, fontvm %s", pt-1, w[i], g[i])
			case i > 0:
				return fmt.Sprintf("%s: FreeType %s, fontvm %s", w[i-1], w[i], g[i])
			default:
				return fmt.Sprintf("field %d: FreeType %q, fontvm %q", i, w[i], g[i])
			}
		}
		if w[i] == "pts" {
			pt = 0
		}
	}
	return fmt.Sprintf("length: FreeType %d fields, fontvm %d", len(w), len(g))
}
