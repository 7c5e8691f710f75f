package hint

import (
	"math/rand/v2"
	"testing"
)

// TestPushEdges runs every push instruction on a stack filled to each of
// its last ten depths and with its argument bytes cut at every length,
// fastLoop against the traced reference: the guards of fastLoop's push
// cases (written so that they prove its indexes) must send exactly the
// overflowing and truncated pushes to the handler.
func TestPushEdges(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	ops := []byte{0x40, 0x41}
	for op := 0xB0; op <= 0xBF; op++ {
		ops = append(ops, byte(op))
	}
	runs := 0
	for _, op := range ops {
		for extra := 0; extra < 10; extra++ {
			fast, ref := twinMachines(35, 2, r)
			fill := len(fast.stack) - extra
			var code []byte
			for n := fill; n > 0; {
				k := min(n, 255)
				code = append(code, 0x40, byte(k))
				for i := 0; i < k; i++ {
					code = append(code, byte(r.IntN(256)))
				}
				n -= k
			}
			var args []byte
			switch {
			case op == 0x40:
				args = []byte{byte(extra + r.IntN(3) - 1)}
			case op == 0x41:
				args = []byte{byte(extra + r.IntN(3) - 1)}
			}
			n := 0
			switch {
			case op == 0x40:
				n = int(args[0])
			case op == 0x41:
				n = 2 * int(args[0])
			case op < 0xB8:
				n = int(op-0xB0) + 1
			default:
				n = 2 * (int(op-0xB8) + 1)
			}
			for i := 0; i < n; i++ {
				args = append(args, byte(r.IntN(256)))
			}
			full := append(append(append([]byte{}, code...), op), args...)
			for cut := len(code) + 1; cut <= len(full); cut++ {
				prog := append([]byte{}, full[:cut]...)
				if cut == len(full) {
					prog = append(prog, 0x24) // DEPTH after a complete push
				}
				fast, ref = twinMachines(35, 2, rand.New(rand.NewPCG(uint64(op), uint64(extra))))
				fast.stack = make([]int64, fill+extra)
				ref.stack = make([]int64, fill+extra)
				cf, cr := fast.runGlyph(prog), ref.runGlyph(prog)
				if d := sameRun(fast, ref, cf, cr); d != "" {
					t.Fatalf("op %#x, %d free, cut %d of %d: %s", op, extra, cut-len(code), len(full)-len(code), d)
				}
				runs++
			}
		}
	}
	if runs < 500 {
		t.Fatalf("only %d runs", runs)
	}
}
