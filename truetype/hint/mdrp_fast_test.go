package hint

import (
	"math/rand/v2"
	"reflect"
	"testing"
)

// TestMDRPFastMatchesSlow compares insMDRP (its inline common case) with
// insMDRPSlow, the general handler, on random machines: every opcode
// 0xC0-0xDF, glyph and twilight zones and gep flags, equal and unequal
// scales, axis and oblique freedom/projection/dual vectors, every round
// state, single width and minimum distance, points and rp0 in and out of
// their zones, v40 backward compatibility before and after IUP. It
// asserts that the inline case ran often enough and that the slow one ran
// for each guard.
func TestMDRPFastMatchesSlow(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	fastCases := 0
	for i := 0; i < 40000; i++ {
		fast := randomPointMachine(r)
		switch r.IntN(4) {
		case 0:
			fast.xScale, fast.yScale = 0x12345, 0x23456
		case 1:
			fast.xScale, fast.yScale = 0x2345, 0x2345
		}
		zi := randomMoveState(r, fast)
		fast.gs.minimumDistance = int64(r.IntN(130))
		fast.gs.rp0, fast.gs.rp1, fast.gs.rp2 = uint16(r.IntN(12)), uint16(r.IntN(12)), uint16(r.IntN(12))
		fast.opcode = 0xC0 + byte(r.IntN(32))
		a := []int64{int64(r.IntN(12))}
		if r.IntN(30) == 0 {
			a[0] = int64(r.Uint64())
		}
		ref := *fast
		rz := cloneZones(&ref, fast)
		ref.zp0, ref.zp1 = rz[zi[0]], rz[zi[1]]
		p := uint16(a[0])
		if int(p) < fast.zp1.nPoints && int(fast.gs.rp0) < fast.zp0.nPoints && fast.gs.gep0 != 0 && fast.gs.gep1 != 0 &&
			fast.xScale == fast.yScale && (fast.moveX || fast.moveY) && (fast.opcode&4 == 0 || fast.gs.roundState == roundToGrid) {
			fastCases++
		}
		fast.insMDRP(a)
		ref.insMDRPSlow(a)
		if !reflect.DeepEqual(fast.pts, ref.pts) || !reflect.DeepEqual(fast.twilight, ref.twilight) || fast.gs != ref.gs {
			t.Fatalf("case %d (op %#x p %d rp0 %d): MDRP gives %v %v %+v, slow %v %v %+v", i, fast.opcode, a[0], ref.gs.rp0,
				fast.pts.cur, fast.pts.tags, fast.gs, ref.pts.cur, ref.pts.tags, ref.gs)
		}
	}
	if fastCases < 4000 {
		t.Fatalf("too few inline cases: %d", fastCases)
	}
}

// moveTestVectors are the vectors the move oracle tests draw from: the
// axes both ways, near-axis vectors that FreeType's Compute_Funcs still
// takes as axes for F_dot_P, and oblique ones.
var moveTestVectors = []unitVec{{0x4000, 0}, {0, 0x4000}, {-0x4000, 0}, {0, -0x4000}, {0x4000, 3}, {2, 0x4000}, {0x2D41, 0x2D41}, {0x3000, -0x2A00}}

// randomMoveState draws the graphics state of the MDRP and MIRP oracle
// tests into e: projection, freedom and dual vectors (moveTestVectors,
// mostly all equal) with computeFuncs, gep0/gep1 and zp0/zp1 (mostly
// the glyph zone), round state (mostly to grid) and single width. It
// returns the zones chosen for zp0 and zp1 (0 glyph, 1 twilight).
func randomMoveState(r *rand.Rand, e *exec) [2]int {
	vecs := moveTestVectors
	e.gs.projVector = vecs[r.IntN(len(vecs))]
	e.gs.freeVector, e.gs.dualVector = e.gs.projVector, e.gs.projVector
	if r.IntN(3) == 0 {
		e.gs.freeVector = vecs[r.IntN(len(vecs))]
		e.gs.dualVector = vecs[r.IntN(len(vecs))]
	}
	e.computeFuncs()
	e.gs.gep0, e.gs.gep1 = 1, 1
	if r.IntN(4) == 0 {
		e.gs.gep0, e.gs.gep1 = uint16(r.IntN(2)), uint16(r.IntN(2))
	}
	zones := []*zone{&e.pts, &e.twilight}
	zi := [2]int{}
	if r.IntN(4) == 0 {
		zi = [2]int{r.IntN(2), r.IntN(2)}
	}
	e.zp0, e.zp1 = zones[zi[0]], zones[zi[1]]
	e.gs.roundState = roundToGrid
	if r.IntN(3) == 0 {
		e.gs.roundState = r.IntN(8)
	}
	if r.IntN(2) == 0 {
		e.gs.singleWidthCutin, e.gs.singleWidthValue = int64(r.IntN(100)), int64(r.IntN(200)-50)
	}
	return zi
}

// cloneZones gives ref, a copy of fast, arrays of its own for the glyph
// and twilight zones (copies of fast's) and returns those two zones, in
// that order, for ref's zone pointers.
func cloneZones(ref, fast *exec) []*zone {
	ref.pts = zone{org: append([]vec(nil), fast.pts.org...), cur: append([]vec(nil), fast.pts.cur...), orus: append([]vec(nil), fast.pts.orus...),
		tags: append([]uint8(nil), fast.pts.tags...), contours: fast.pts.contours, nPoints: fast.pts.nPoints, nContours: fast.pts.nContours}
	ref.twilight = zone{org: append([]vec(nil), fast.twilight.org...), cur: append([]vec(nil), fast.twilight.cur...), orus: append([]vec(nil), fast.twilight.orus...),
		tags: append([]uint8(nil), fast.twilight.tags...), nPoints: fast.twilight.nPoints}
	return []*zone{&ref.pts, &ref.twilight}
}

// randomPointMachine is the random machine of the point-move oracle
// tests (MDRP, IP): v35 or v40 with or without backward compatibility,
// IUP done or not per axis, and six glyph and twilight points with
// random org, orus and cur (cur within 100 units of org).
func randomPointMachine(r *rand.Rand) *exec {
	pts := make([]vec, 6)
	for k := range pts {
		pts[k] = vec{int64(r.IntN(4000) - 1000), int64(r.IntN(4000) - 1000)}
	}
	e := machine([]int{35, 40}[r.IntN(2)], r.IntN(2) == 0, pts, nil)
	e.iupxCalled, e.iupyCalled = r.IntN(3) == 0, r.IntN(3) == 0
	for _, z := range []*zone{&e.pts, &e.twilight} {
		for k := range z.org {
			z.org[k] = vec{int64(r.IntN(4000) - 1000), int64(r.IntN(4000) - 1000)}
			z.orus[k] = vec{int64(r.IntN(2000) - 500), int64(r.IntN(2000) - 500)}
			z.cur[k] = vec{z.org[k].x + int64(r.IntN(200)-100), z.org[k].y + int64(r.IntN(200)-100)}
		}
	}
	return e
}

// TestMIRPFastMatchesSlow compares insMIRP (its inline common cases)
// with insMIRPSlow, the general handler, on random machines as
// TestMDRPFastMatchesSlow draws them (opcodes 0xE0-0xFF, CVT entries in
// and out of the table, auto flip and cut-in on and off), and asserts
// that each inline case ran often enough.
func TestMIRPFastMatchesSlow(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	var dropped, yCases, xCases int
	for i := 0; i < 60000; i++ {
		fast := randomPointMachine(r)
		fast.cvt = []int64{0, 64, -64, 100, 31, -200, 1 << 40}
		zi := randomMoveState(r, fast)
		fast.gs.autoFlip = r.IntN(2) == 0
		fast.gs.controlValueCutin = int64(r.IntN(130))
		fast.gs.minimumDistance = int64(r.IntN(130))
		fast.gs.rp0, fast.gs.rp1, fast.gs.rp2 = uint16(r.IntN(12)), uint16(r.IntN(12)), uint16(r.IntN(12))
		fast.opcode = 0xE0 + byte(r.IntN(32))
		a := []int64{int64(r.IntN(12)), int64(r.IntN(9) - 1)}
		if r.IntN(30) == 0 {
			a[r.IntN(2)] = int64(r.Uint64())
		}
		ref := *fast
		rz := cloneZones(&ref, fast)
		ref.zp0, ref.zp1 = rz[zi[0]], rz[zi[1]]
		p := uint16(a[0])
		if int(p) < fast.zp1.nPoints && uint64(a[1]) < uint64(len(fast.cvt)) && int(fast.gs.rp0) < fast.zp0.nPoints && fast.gs.gep1 != 0 {
			if fast.xDropped() {
				dropped++
			} else if fast.opcode&4 == 0 || fast.gs.roundState == roundToGrid {
				if fast.moveY && fast.projY && fast.dualY {
					yCases++
				} else if fast.moveX && fast.projX && fast.dualX {
					xCases++
				}
			}
		}
		fast.insMIRP(a)
		ref.insMIRPSlow(a)
		if !reflect.DeepEqual(fast.pts, ref.pts) || !reflect.DeepEqual(fast.twilight, ref.twilight) || fast.gs != ref.gs {
			t.Fatalf("case %d (op %#x p %d cvt %d rp0 %d): MIRP gives %v %v %+v, slow %v %v %+v", i, fast.opcode, a[0], a[1], ref.gs.rp0,
				fast.pts.cur, fast.pts.tags, fast.gs, ref.pts.cur, ref.pts.tags, ref.gs)
		}
	}
	if dropped < 1000 || yCases < 3000 || xCases < 1500 {
		t.Fatalf("too few inline cases: %d dropped x moves, %d y moves, %d x moves", dropped, yCases, xCases)
	}
}
