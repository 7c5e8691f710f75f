package corpus

import (
	"os"
	"path/filepath"
	"testing"
)

// Graphite2Traces returns the directory of graphite2 1.3.14's own segment
// traces (suite/, texts/, README.md): $FONTVM_SHARED/graphite2-traces, the
// shared directory beside the repository (../shared/graphite2-traces, as CI
// clones it), or the repository's copy of the suite traces
// (testdata/graphite2-traces, which has no texts/). withTexts asks for a
// directory that has texts/; when none has what is asked, t is skipped or
// failed (Missing).
func Graphite2Traces(t testing.TB, withTexts bool) string {
	t.Helper()
	root := Root()
	var dirs []string
	if env := os.Getenv("FONTVM_SHARED"); env != "" {
		dirs = append(dirs, filepath.Join(env, "graphite2-traces"))
	}
	dirs = append(dirs, filepath.Join(root, "..", "shared", "graphite2-traces"), filepath.Join(root, "testdata", "graphite2-traces"))
	for _, p := range dirs {
		sub := "suite"
		if withTexts {
			sub = "texts"
		}
		if st, err := os.Stat(filepath.Join(p, sub)); err == nil && st.IsDir() {
			return p
		}
	}
	if withTexts {
		Missing(t, "graphite2's traces of real texts (../shared/graphite2-traces/texts)")
	} else {
		Missing(t, "graphite2's suite traces (testdata/graphite2-traces/suite)")
	}
	return ""
}
