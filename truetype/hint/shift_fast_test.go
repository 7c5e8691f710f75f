package hint

import (
	"math/rand/v2"
	"reflect"
	"testing"
)

// refPointDisplacement is Compute_Point_Displacement written plainly:
// both components through mulDiv, no shortcuts taken by the caller.
func refPointDisplacement(e *exec) (dx, dy int64, ok bool) {
	z, p := e.zp1, e.gs.rp2
	if e.opcode&1 != 0 {
		z, p = e.zp0, e.gs.rp1
	}
	if int(p) >= z.nPoints {
		return 0, 0, false
	}
	d := e.project(z.cur[p].x-z.org[p].x, z.cur[p].y-z.org[p].y)
	return mulDiv(d, int64(e.gs.freeVector.x), e.fDotP), mulDiv(d, int64(e.gs.freeVector.y), e.fDotP), true
}

// refSHP is SHP with Move_Zp2_Point (moveZp2) called per point.
func refSHP(e *exec) {
	if e.top < int(e.gs.loop) {
		e.gs.loop = 1
		e.newTop = e.args
		return
	}
	dx, dy, ok := refPointDisplacement(e)
	if !ok {
		return
	}
	for e.gs.loop > 0 {
		p := e.popPoint()
		if p < e.zp2.nPoints {
			e.moveZp2(p, dx, dy, true)
		}
		e.gs.loop--
	}
	e.gs.loop = 1
	e.newTop = e.args
}

// TestSHPMatchesReference compares insSHP (zp2Shift's choice made once
// per instruction, its inline case for a freedom vector on an axis) with
// refSHP on random machines: axis-aligned and other freedom and
// projection vectors (so that F_dot_P equals a component, or not, or was
// clamped), displacements in and beyond int32 range, v40 backward
// compatibility before and after IUP, loops over points in and out of
// the zone.
func TestSHPMatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	vecs := []unitVec{{0x4000, 0}, {0, 0x4000}, {-0x4000, 0}, {0, -0x4000}, {0x4000, 3}, {2, 0x4000}, {0x2D41, 0x2D41}, {0x3000, -0x2A00}, {300, 0x3FFE}}
	axis, moved, inlineY, inlineX := 0, 0, 0, 0
	for i := 0; i < 50000; i++ {
		pts := make([]vec, 6)
		for k := range pts {
			pts[k] = vec{int64(r.IntN(2000) - 500), int64(r.IntN(2000) - 500)}
		}
		fast := machine([]int{35, 40}[r.IntN(2)], r.IntN(2) == 0, pts, nil)
		fast.iupxCalled, fast.iupyCalled = r.IntN(3) == 0, r.IntN(3) == 0
		fast.gs.freeVector = vecs[r.IntN(len(vecs))]
		fast.gs.projVector = vecs[r.IntN(len(vecs))]
		if r.IntN(2) == 0 {
			fast.gs.projVector = fast.gs.freeVector
		}
		fast.gs.dualVector = fast.gs.projVector
		if r.IntN(5) == 0 {
			fast.gs.freeVector = unitVec{int32(r.IntN(0x8001) - 0x4000), int32(r.IntN(0x8001) - 0x4000)}
		}
		fast.computeFuncs()
		// displace the reference points' current positions
		for k := range fast.pts.cur {
			switch r.IntN(4) {
			case 0:
				fast.pts.cur[k].x += int64(r.Uint64() >> r.IntN(64))
			case 1:
				fast.pts.cur[k].y -= int64(r.IntN(300))
			case 2:
				fast.pts.cur[k].x += 1 << 31
				fast.pts.cur[k].y -= 1 << 31
			}
		}
		fast.gs.rp1, fast.gs.rp2 = uint16(r.IntN(12)), uint16(r.IntN(12))
		fast.gs.loop = int64(1 + r.IntN(4))
		n := r.IntN(6)
		for k := 0; k < n; k++ {
			fast.stack[k] = int64(r.IntN(14))
		}
		fast.top, fast.args, fast.newTop = n, n, n
		fast.opcode = 0x32 + byte(r.IntN(2))
		before := append([]vec(nil), fast.pts.cur...)
		z, rp := fast.zp1, fast.gs.rp2
		if fast.opcode&1 != 0 {
			z, rp = fast.zp0, fast.gs.rp1
		}
		if fast.top >= int(fast.gs.loop) && fast.fDotP == 0x4000 && int(rp) < z.nPoints {
			if d := fast.projectP(&z.cur[rp], &z.org[rp]); uint64(d)+1<<31 < 1<<32 {
				switch fast.gs.freeVector {
				case unitVec{0, 0x4000}:
					inlineY++
				case unitVec{0x4000, 0}:
					inlineX++
				}
			}
		}
		ref := *fast
		ref.pts.cur = append([]vec(nil), fast.pts.cur...)
		ref.pts.tags = append([]uint8(nil), fast.pts.tags...)
		ref.zp0, ref.zp1, ref.zp2 = &ref.pts, &ref.pts, &ref.pts
		ref.stack = append([]int64(nil), fast.stack...)
		fast.insSHP(nil)
		refSHP(&ref)
		if !reflect.DeepEqual(fast.pts, ref.pts) || fast.gs != ref.gs || fast.args != ref.args || fast.newTop != ref.newTop {
			t.Fatalf("case %d: fv %v pv %v bc %v: SHP gives %v %v, reference %v %v", i, fast.gs.freeVector, fast.gs.projVector,
				fast.backwardCompat, fast.pts.cur, fast.pts.tags, ref.pts.cur, ref.pts.tags)
		}
		if fast.moveX || fast.moveY {
			axis++
		}
		if !reflect.DeepEqual(fast.pts.cur, before) {
			moved++
		}
	}
	if axis < 3000 || moved < 3000 || inlineY < 1000 || inlineX < 1000 {
		t.Fatalf("too few cases: %d axis-aligned, %d moved, %d/%d on insSHP's inline y/x case", axis, moved, inlineY, inlineX)
	}
}

// refMoveZp2Range is moveZp2Range as a plain loop of Move_Zp2_Point
// (moveZp2) over start..limit-1 except skip.
func refMoveZp2Range(e *exec, start, limit, skip int, dx, dy int64, touch bool) {
	for i := start; i < limit; i++ {
		if i != skip {
			e.moveZp2(i, dx, dy, touch)
		}
	}
}

// TestMoveZp2RangeMatchesReference compares moveZp2Range (SHC, SHZ: the
// loop on sub-slices split around skip) with refMoveZp2Range on random
// ranges (empty, reversed, at either end of the zone), skips inside,
// at the ends of and outside the range, axis and oblique freedom
// vectors, touch or not, v40 backward compatibility before and after
// IUP, displacements that wrap.
func TestMoveZp2RangeMatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 16))
	vecs := []unitVec{{0x4000, 0}, {0, 0x4000}, {-0x4000, 0}, {0x2D41, 0x2D41}, {0, 0}, {2, 0x4000}}
	inside := 0
	for i := 0; i < 30000; i++ {
		n := r.IntN(9)
		pts := make([]vec, n)
		for k := range pts {
			pts[k] = vec{int64(r.IntN(2000) - 500), int64(r.IntN(2000) - 500)}
		}
		fast := machine([]int{35, 40}[r.IntN(2)], r.IntN(2) == 0, pts, nil)
		fast.iupxCalled, fast.iupyCalled = r.IntN(3) == 0, r.IntN(3) == 0
		fast.gs.freeVector = vecs[r.IntN(len(vecs))]
		for k := range fast.pts.tags {
			fast.pts.tags[k] = uint8(r.IntN(256))
		}
		size := len(fast.pts.cur)
		start, limit := r.IntN(size+1), r.IntN(size+1)
		if r.IntN(3) == 0 {
			start = 0
		}
		if r.IntN(3) == 0 {
			limit = size
		}
		skip := []int{-1, start, limit - 1, limit, start + r.IntN(size+1), r.IntN(size + 2)}[r.IntN(6)]
		dx, dy := int64(r.IntN(400)-200), int64(r.IntN(400)-200)
		if r.IntN(10) == 0 {
			dx, dy = int64(r.Uint64()), int64(r.Uint64())
		}
		touch := r.IntN(3) != 0
		ref := *fast
		ref.pts.cur = append([]vec(nil), fast.pts.cur...)
		ref.pts.tags = append([]uint8(nil), fast.pts.tags...)
		ref.zp0, ref.zp1, ref.zp2 = &ref.pts, &ref.pts, &ref.pts
		fast.moveZp2Range(start, limit, skip, dx, dy, touch)
		refMoveZp2Range(&ref, start, limit, skip, dx, dy, touch)
		if !reflect.DeepEqual(fast.pts, ref.pts) {
			t.Fatalf("case %d: range %d..%d skip %d fv %v: %v %v, reference %v %v", i, start, limit, skip, fast.gs.freeVector,
				fast.pts.cur, fast.pts.tags, ref.pts.cur, ref.pts.tags)
		}
		if start <= skip && skip < limit {
			inside++
		}
	}
	if inside < 5000 {
		t.Fatalf("too few cases with skip in the range: %d", inside)
	}
}

// TestPointDisplacementMatchesReference compares pointDisplacement (SHC,
// SHZ; its call-free case for a freedom vector on an axis) with
// refPointDisplacement on random machines: axis-aligned, clamped and
// oblique vectors, displacements in and beyond int32 range, reference
// points in and out of their zones, both opcode forms.
func TestPointDisplacementMatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 18))
	vecs := []unitVec{{0x4000, 0}, {0, 0x4000}, {-0x4000, 0}, {0, -0x4000}, {0x4000, 3}, {2, 0x4000}, {0x2D41, 0x2D41}, {0x3000, -0x2A00}, {300, 0x3FFE}}
	inline := 0
	for i := 0; i < 30000; i++ {
		pts := make([]vec, 6)
		for k := range pts {
			pts[k] = vec{int64(r.IntN(2000) - 500), int64(r.IntN(2000) - 500)}
		}
		e := machine(35, false, pts, nil)
		e.gs.freeVector = vecs[r.IntN(len(vecs))]
		e.gs.projVector = vecs[r.IntN(len(vecs))]
		if r.IntN(2) == 0 {
			e.gs.projVector = e.gs.freeVector
		}
		if r.IntN(5) == 0 {
			e.gs.freeVector = unitVec{int32(r.IntN(0x8001) - 0x4000), int32(r.IntN(0x8001) - 0x4000)}
		}
		e.computeFuncs()
		for k := range e.pts.cur {
			switch r.IntN(4) {
			case 0:
				e.pts.cur[k].x += int64(r.Uint64() >> r.IntN(64))
			case 1:
				e.pts.cur[k].y -= int64(r.IntN(300))
			case 2:
				e.pts.cur[k].x += 1 << 31
				e.pts.cur[k].y -= 1 << 31
			}
		}
		e.gs.rp1, e.gs.rp2 = uint16(r.IntN(12)), uint16(r.IntN(12))
		e.opcode = 0x34 + byte(r.IntN(4))
		dx, dy, _, _, ok := e.pointDisplacement()
		rdx, rdy, rok := refPointDisplacement(e)
		if dx != rdx || dy != rdy || ok != rok {
			t.Fatalf("case %d: fv %v pv %v: %d %d %v, reference %d %d %v", i, e.gs.freeVector, e.gs.projVector, dx, dy, ok, rdx, rdy, rok)
		}
		if fv := e.gs.freeVector; ok && e.fDotP == 0x4000 && (fv == unitVec{0, 0x4000} || fv == unitVec{0x4000, 0}) {
			inline++
		}
	}
	if inline < 3000 {
		t.Fatalf("too few axis cases: %d", inline)
	}
}
