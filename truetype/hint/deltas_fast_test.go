package hint

import (
	"math/rand/v2"
	"testing"
)

// TestDeltaPFastPath runs DELTAP1-3 through runFast (where fastLoop pops
// them itself when no pair can apply) and runTraced for delta bases and
// ppems such that the wanted nibble ppem - base (- 16, - 32) takes every
// value from -2 to 15 and just above, with pairs of every high
// nibble (one pair always matches when any can), and compares the
// machines.
func TestDeltaPFastPath(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	runs := 0
	for _, op := range []byte{0x5D, 0x71, 0x72} {
		for base := 0; base < 64; base++ {
			for _, v := range []int{35, 40} {
				fast, ref := twinMachines(v, 4, r)
				off := map[byte]int{0x5D: 0, 0x71: 16, 0x72: 32}[op] // ppem - base - off = want
				ppem := int64(base + off + r.IntN(19) - 2)
				fast.ppem, ref.ppem = ppem, ppem
				// SDB base; 16 pairs (nibble k, point k%6) and a count;
				// DELTAP; then a push showing the stack top.
				code := []byte{0xB0, byte(base), 0x5E, 0x40, 33}
				for k := 0; k < 16; k++ {
					code = append(code, byte(k<<4|r.IntN(16)), byte(k%6))
				}
				code = append(code, byte(1+r.IntN(20)), op, 0x24)
				cf, cr := fast.runGlyph(code), ref.runGlyph(code)
				if d := sameRun(fast, ref, cf, cr); d != "" {
					t.Fatalf("DELTAP %#02x base %d v%d: %s", op, base, v, d)
				}
				runs++
			}
		}
	}
	if runs != 3*64*2 {
		t.Fatalf("%d runs", runs)
	}
}
