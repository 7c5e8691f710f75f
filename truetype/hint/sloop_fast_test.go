package hint

import (
	"math/rand/v2"
	"testing"
)

// TestSLOOPInline runs SLOOP through runFast (where fastLoop sets the
// loop itself for a count that is not negative) and runTraced with
// counts around the clamp at 0xFFFF and negative ones, built with MUL so
// that they exceed what a push can hold, and compares the machines.
func TestSLOOPInline(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, c := range [][2]int16{{0, 64}, {1, 64}, {64, 64}, {0x3FF, 64 * 64}, {0x400, 64 * 64}, {0x401, 64 * 64},
		{0x400, 64*64 + 1}, {-1, 64}, {-64, 64}, {0x7FFF, 0x7FFF}, {-0x8000, 0x7FFF}} {
		fast, ref := twinMachines(35, 2, r)
		// PUSHW a, b; MUL (a*b/64); SLOOP; a push of the state after
		code := []byte{0xB9, byte(uint16(c[0]) >> 8), byte(c[0]), byte(uint16(c[1]) >> 8), byte(c[1]), 0x63, 0x17, 0x24}
		cf, cr := fast.runGlyph(code), ref.runGlyph(code)
		if d := sameRun(fast, ref, cf, cr); d != "" {
			t.Fatalf("SLOOP(%d*%d/64): %s", c[0], c[1], d)
		}
	}
}
