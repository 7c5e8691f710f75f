package hint

import (
	"math/rand/v2"
	"reflect"
	"testing"
)

// TestIPMatchesReference compares insIP (its inline case, or
// insIPSlow) with insIPSlow, the original IP for every case, on random
// machines (insIPSlow itself is checked against FreeType by the
// reference suites):
// every combination of twilight flags, equal and unequal scales, zones
// (glyph or twilight), axis and oblique vectors, loop counts 0..5 with
// the stack deep enough or not, points and reference points in and out
// of their zones, v40 backward compatibility before and after IUP.
func TestIPMatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 9))
	vecs := []unitVec{{0x4000, 0}, {0, 0x4000}, {-0x4000, 0}, {0, -0x4000}, {0x4000, 3}, {2, 0x4000}, {0x2D41, 0x2D41}, {0x3000, -0x2A00}}
	var twil, unequal, moved, inline int
	for i := 0; i < 30000; i++ {
		fast := randomPointMachine(r)
		if r.IntN(2) == 0 {
			fast.xScale, fast.yScale = 0x12345, 0x23456
		}
		fast.gs.freeVector = vecs[r.IntN(len(vecs))]
		fast.gs.projVector = vecs[r.IntN(len(vecs))]
		fast.gs.dualVector = vecs[r.IntN(len(vecs))]
		if r.IntN(2) == 0 {
			fast.gs.freeVector = fast.gs.projVector
			fast.gs.dualVector = fast.gs.projVector
		}
		fast.computeFuncs()
		fast.gs.gep0, fast.gs.gep1, fast.gs.gep2 = uint16(r.IntN(2)), uint16(r.IntN(2)), uint16(r.IntN(2))
		if r.IntN(3) != 0 {
			fast.gs.gep0, fast.gs.gep1, fast.gs.gep2 = 1, 1, 1
		}
		zones := []*zone{&fast.pts, &fast.twilight}
		zi := [3]int{r.IntN(2), r.IntN(2), r.IntN(2)}
		if r.IntN(2) == 0 {
			zi = [3]int{}
		}
		fast.zp0, fast.zp1, fast.zp2 = zones[zi[0]], zones[zi[1]], zones[zi[2]]
		fast.gs.rp1, fast.gs.rp2 = uint16(r.IntN(12)), uint16(r.IntN(12))
		fast.gs.loop = int64(r.IntN(6))
		n := r.IntN(7)
		for k := 0; k < n; k++ {
			fast.stack[k] = int64(r.IntN(12))
			switch r.IntN(20) {
			case 0:
				fast.stack[k] = int64(r.Uint64())
			case 1:
				fast.stack[k] |= 1 << 16 // a point number only as FT_UInt
			}
		}
		fast.top, fast.args, fast.newTop = n, n, n
		fast.opcode = 0x39
		ref := *fast
		rz := cloneZones(&ref, fast)
		ref.zp0, ref.zp1, ref.zp2 = rz[zi[0]], rz[zi[1]], rz[zi[2]]
		ref.stack = append([]int64(nil), fast.stack...)
		before := append([]vec(nil), fast.zp2.cur...)
		fast.insIP(nil)
		ref.insIPSlow(nil)
		if !reflect.DeepEqual(fast.pts, ref.pts) || !reflect.DeepEqual(fast.twilight, ref.twilight) || fast.gs != ref.gs ||
			fast.args != ref.args || fast.newTop != ref.newTop {
			t.Fatalf("case %d: IP gives %v %v args %d, reference %v %v args %d", i, fast.pts.cur, fast.twilight.cur, fast.args,
				ref.pts.cur, ref.twilight.cur, ref.args)
		}
		if fast.gs.gep0 == 0 || fast.gs.gep1 == 0 || fast.gs.gep2 == 0 {
			twil++
		} else if fast.xScale != fast.yScale {
			unequal++
		} else if fast.moveX || fast.moveY {
			inline++ // insIP's own loop
		}
		if !reflect.DeepEqual(fast.zp2.cur, before) {
			moved++
		}
	}
	if twil < 3000 || unequal < 3000 || moved < 5000 || inline < 3000 {
		t.Fatalf("too few cases: %d twilight, %d unequal scales, %d moved, %d on insIP's inline case", twil, unequal, moved, inline)
	}
}
