package hint

import (
	"fontvm/internal/ftmath"
	"math/rand/v2"
	"reflect"
	"testing"
)

// refIP is a frozen copy of insIP (session 3): the oracle for any
// future fast path in IP. (A loop over a slice of the popped points and
// an org/orus choice made once per instruction were tried and were
// slower: Go spilled more in the loop.)
func refIP(e *exec) {
	if e.top < int(e.gs.loop) {
		e.gs.loop = 1
		e.newTop = e.args
		return
	}
	twilight := e.gs.gep0 == 0 || e.gs.gep1 == 0 || e.gs.gep2 == 0
	if int(e.gs.rp1) >= e.zp0.nPoints {
		e.gs.loop = 1
		e.newTop = e.args
		return
	}
	// Pointers, as FreeType keeps them: IP moves only current
	// positions, and moving rp1 itself (zp2 == zp0) moves it by 0.
	var orusBase *vec
	if twilight {
		orusBase = &e.zp0.org[e.gs.rp1]
	} else {
		orusBase = &e.zp0.orus[e.gs.rp1]
	}
	curBase := &e.zp0.cur[e.gs.rp1]
	var oldRange, curRange int64
	// IP's original distances: with equal scales FreeType leaves them
	// unscaled (the scale cancels out in the ratio).
	equalScales := e.xScale == e.yScale
	if int(e.gs.rp2) < e.zp1.nPoints {
		switch {
		case twilight:
			oldRange = e.dualProjectP(&e.zp1.org[e.gs.rp2], orusBase)
		case equalScales:
			oldRange = e.dualProjectP(&e.zp1.orus[e.gs.rp2], orusBase)
		default:
			oldRange = e.scaledOrusDistXY(&e.zp1.orus[e.gs.rp2], orusBase)
		}
		curRange = e.projectP(&e.zp1.cur[e.gs.rp2], curBase)
	}
	// The loop counter and the argument index in locals: e.gs.loop ends
	// at 1 and e.args below the popped points, as FreeType leaves them.
	z2, args := e.zp2, e.args
	for n := e.gs.loop; n > 0; n-- {
		args--
		p := uint64(uint32(e.stack[args]))
		if p >= uint64(z2.nPoints) {
			continue
		}
		var orgDist int64
		switch {
		case twilight:
			orgDist = e.dualProjectP(&z2.org[p], orusBase)
		case equalScales:
			orgDist = e.dualProjectP(&z2.orus[p], orusBase)
		default:
			orgDist = e.scaledOrusDistXY(&z2.orus[p], orusBase)
		}
		curDist := e.projectP(&z2.cur[p], curBase)
		var newDist int64
		if orgDist != 0 {
			if oldRange != 0 {
				// FT_MulDiv itself: mulDiv's shortcuts (a zero operand,
				// b == c) are its results, and rarely apply here.
				newDist = ftmath.MulDiv(orgDist, curRange, oldRange)
			} else {
				newDist = orgDist
			}
		}
		if d := sub(newDist, curDist); !e.moveDirect(z2, int(p), d) {
			e.moveVector(z2, int(p), d)
		}
	}
	e.gs.loop = 1
	e.args, e.newTop = args, args
}

// TestIPMatchesReference compares insIP (its inline case and
// insIPSlow) with refIP on random machines:
// every combination of twilight flags, equal and unequal scales, zones
// (glyph or twilight), axis and oblique vectors, loop counts 0..5 with
// the stack deep enough or not, points and reference points in and out
// of their zones, v40 backward compatibility before and after IUP.
func TestIPMatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 9))
	vecs := []unitVec{{0x4000, 0}, {0, 0x4000}, {-0x4000, 0}, {0, -0x4000}, {0x4000, 3}, {2, 0x4000}, {0x2D41, 0x2D41}, {0x3000, -0x2A00}}
	var twil, unequal, moved, inline int
	for i := 0; i < 30000; i++ {
		pts := make([]vec, 6)
		for k := range pts {
			pts[k] = vec{int64(r.IntN(4000) - 1000), int64(r.IntN(4000) - 1000)}
		}
		fast := machine([]int{35, 40}[r.IntN(2)], r.IntN(2) == 0, pts, nil)
		fast.iupxCalled, fast.iupyCalled = r.IntN(3) == 0, r.IntN(3) == 0
		for _, z := range []*zone{&fast.pts, &fast.twilight} {
			for k := range z.org {
				z.org[k] = vec{int64(r.IntN(4000) - 1000), int64(r.IntN(4000) - 1000)}
				z.orus[k] = vec{int64(r.IntN(2000) - 500), int64(r.IntN(2000) - 500)}
				z.cur[k] = vec{z.org[k].x + int64(r.IntN(200)-100), z.org[k].y + int64(r.IntN(200)-100)}
			}
		}
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
		ref.pts = zone{org: append([]vec(nil), fast.pts.org...), cur: append([]vec(nil), fast.pts.cur...), orus: append([]vec(nil), fast.pts.orus...),
			tags: append([]uint8(nil), fast.pts.tags...), contours: fast.pts.contours, nPoints: fast.pts.nPoints, nContours: fast.pts.nContours}
		ref.twilight = zone{org: append([]vec(nil), fast.twilight.org...), cur: append([]vec(nil), fast.twilight.cur...), orus: append([]vec(nil), fast.twilight.orus...),
			tags: append([]uint8(nil), fast.twilight.tags...), nPoints: fast.twilight.nPoints}
		rz := []*zone{&ref.pts, &ref.twilight}
		ref.zp0, ref.zp1, ref.zp2 = rz[zi[0]], rz[zi[1]], rz[zi[2]]
		ref.stack = append([]int64(nil), fast.stack...)
		before := append([]vec(nil), fast.zp2.cur...)
		fast.insIP(nil)
		refIP(&ref)
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
