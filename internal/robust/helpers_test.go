package robust

import (
	"os"
	"runtime/debug"
	"testing"
	"time"
)

// maxInput is the wall-clock limit for one fuzz input. Every input does a
// bounded amount of work (instruction budgets, glyph and text counts); the
// limit is generous because the machine is shared and fuzzing instruments
// the code, so that it catches hangs, not slow machines.
const maxInput = 20 * time.Second

// guard runs fn, turning a panic into a test failure that names the entry
// point and shows the stack, and failing an input slower than maxInput.
func guard(t *testing.T, entry string, fn func()) {
	t.Helper()
	start := time.Now()
	func() {
		defer func() {
			if r := recover(); r != nil {
				t.Fatalf("%s: panic: %v\n%s", entry, r, debug.Stack())
			}
		}()
		fn()
	}()
	if d := time.Since(start); d > maxInput {
		t.Fatalf("%s: took %v (limit %v)", entry, d, maxInput)
	}
}

// clip returns at most n runes of s.
func clip(s string, n int) []rune {
	rs := []rune(s)
	if len(rs) > n {
		rs = rs[:n]
	}
	return rs
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// knownBugs reports whether tests of known, not yet fixed bugs run
// (FONTVM_KNOWN_BUGS=1); otherwise they are skipped, naming the owner.
func knownBugs() bool { return os.Getenv("FONTVM_KNOWN_BUGS") != "" }
