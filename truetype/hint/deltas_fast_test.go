package hint

import (
	"math/rand/v2"
	"reflect"
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

// deltaPModel is Ins_DELTAP's pair loop one pair at a time, as FreeType
// writes it (its argument index checked before each pair), the model
// that TestDeltaPPairs holds insDELTAP's loop to (no pedantic checks, a
// want of 0..15 before v40's post-IUP shortcut).
func deltaPModel(e *exec, nump uint64, want uint64) {
	args := e.args
	for k := uint64(1); k <= nump; k++ {
		if args < 2 {
			args = 0
			break
		}
		args -= 2
		b := e.stack[args]
		if (uint64(b)>>4)&0xF != want {
			continue
		}
		pt := uint16(e.stack[args+1])
		if int(pt) >= e.zp0.nPoints {
			continue
		}
		// v40 backward compatibility moves only before IUP[x] and
		// IUP[y], and only y-touched points or, in a composite, along
		// a freedom vector with a y component
		yOnly := e.zp0.tags[pt]&tagTouchY != 0 || (e.isComposite && e.gs.freeVector.y != 0)
		if !e.backwardCompat || (yOnly && !(e.iupxCalled && e.iupyCalled)) {
			e.move(e.zp0, int(pt), deltaStep(b, e.gs.deltaShift))
		}
	}
	e.args, e.newTop = args, args
}

// TestDeltaPPairs compares insDELTAP with deltaPModel on random machines:
// stacks of 0 to 13 elements below the count (odd and even), counts of
// 0 to 9 pairs (more than the stack holds too), argument nibbles that
// match or not, points in and out of the zone, axis and oblique freedom
// vectors, v35 and v40 with or without backward compatibility.
func TestDeltaPPairs(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	vecs := []unitVec{{0x4000, 0}, {0, 0x4000}, {0x2D41, 0x2D41}}
	var short, odd, moved int
	for i := 0; i < 20000; i++ {
		fast := randomPointMachine(r)
		fast.gs.freeVector = vecs[r.IntN(len(vecs))]
		fast.gs.projVector = vecs[r.IntN(len(vecs))]
		fast.gs.dualVector = fast.gs.projVector
		fast.computeFuncs()
		fast.gs.gep0 = 1
		fast.zp0 = &fast.pts
		fast.isComposite = r.IntN(4) == 0
		fast.gs.deltaBase = uint16(r.IntN(10))
		fast.ppem = int64(fast.gs.deltaBase) + int64(r.IntN(3))
		want := uint64(fast.ppem) - uint64(fast.gs.deltaBase)
		n := r.IntN(14)
		for k := 0; k < n; k++ {
			if k%2 == 0 {
				fast.stack[k] = int64(uint64(r.IntN(3))<<4 | uint64(r.IntN(16)))
			} else {
				fast.stack[k] = int64(r.IntN(8))
			}
		}
		nump := uint64(r.IntN(10))
		fast.args, fast.top, fast.newTop = n, n, n
		fast.opcode = 0x5D
		if fast.postIUP() {
			continue // insDELTAP only pops the pairs (TestDeltaPFastPath)
		}
		ref := *fast
		rz := cloneZones(&ref, fast)
		ref.zp0 = rz[0]
		ref.stack = append([]int64(nil), fast.stack...)
		before := append([]vec(nil), fast.pts.cur...)
		fast.insDELTAP([]int64{int64(nump)})
		deltaPModel(&ref, nump, want)
		if !reflect.DeepEqual(fast.pts, ref.pts) || fast.args != ref.args || fast.newTop != ref.newTop {
			t.Fatalf("case %d (%d elements, %d pairs): DELTAP gives %v args %d, model %v args %d", i, n, nump,
				fast.pts.cur, fast.args, ref.pts.cur, ref.args)
		}
		if nump > uint64(n)/2 {
			short++
		}
		if n%2 == 1 {
			odd++
		}
		if !reflect.DeepEqual(fast.pts.cur, before) {
			moved++
		}
	}
	if short < 2000 || odd < 2000 || moved < 2000 {
		t.Fatalf("too few cases: %d short stacks, %d odd, %d moved", short, odd, moved)
	}
}
