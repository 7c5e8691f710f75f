package hint

import (
	"math/rand/v2"
	"reflect"
	"testing"
)

// refMoveVector is moveVector as it was (session 3): each component
// through mulDiv, with its shortcuts.
func refMoveVector(e *exec, z *zone, p int, d int64) {
	if v := int64(e.gs.freeVector.x); v != 0 {
		if !e.backwardCompat {
			z.cur[p].x = add(z.cur[p].x, mulDiv(d, v, e.fDotP))
		}
		z.tags[p] |= tagTouchX
	}
	if v := int64(e.gs.freeVector.y); v != 0 {
		if !e.postIUP() {
			z.cur[p].y = add(z.cur[p].y, mulDiv(d, v, e.fDotP))
		}
		z.tags[p] |= tagTouchY
	}
}

// TestMoveVectorMatchesReference compares moveVector (FT_MulDiv called
// directly) with refMoveVector on random freedom and projection vectors
// (axis, oblique, F_dot_P equal to a component, clamped, negative),
// distances around 0, in and beyond int32 range, v40 backward
// compatibility before and after IUP.
func TestMoveVectorMatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	vecs := []unitVec{{0x4000, 0}, {0, 0x4000}, {-0x4000, 0}, {0, -0x4000}, {0x4000, 3}, {2, 0x4000}, {0x2D41, 0x2D41}, {0x3000, -0x2A00}, {300, 0x3FFE}, {0x200, 0x3FF8}}
	ds := []int64{0, 1, -1, 63, -64, 1 << 31, -1 << 31, 1<<31 - 1, 1 << 40, -1 << 62, 1<<63 - 1, -1 << 63}
	for i := 0; i < 100000; i++ {
		e := machine([]int{35, 40}[r.IntN(2)], r.IntN(2) == 0, []vec{{int64(r.IntN(2000) - 500), int64(r.IntN(2000) - 500)}}, nil)
		e.iupxCalled, e.iupyCalled = r.IntN(3) == 0, r.IntN(3) == 0
		e.gs.freeVector = vecs[r.IntN(len(vecs))]
		e.gs.projVector = vecs[r.IntN(len(vecs))]
		if r.IntN(4) == 0 {
			e.gs.freeVector = unitVec{int32(r.IntN(0x8001) - 0x4000), int32(r.IntN(0x8001) - 0x4000)}
		}
		if r.IntN(4) == 0 {
			e.gs.projVector = unitVec{int32(r.IntN(0x8001) - 0x4000), int32(r.IntN(0x8001) - 0x4000)}
		}
		e.computeFuncs()
		d := int64(r.IntN(4000) - 2000)
		switch r.IntN(4) {
		case 0:
			d = ds[r.IntN(len(ds))]
		case 1:
			d = int64(r.Uint64() >> r.IntN(64))
		}
		ref := *e
		ref.pts.cur = append([]vec(nil), e.pts.cur...)
		ref.pts.tags = append([]uint8(nil), e.pts.tags...)
		e.moveVector(&e.pts, 0, d)
		refMoveVector(&ref, &ref.pts, 0, d)
		if !reflect.DeepEqual(e.pts.cur, ref.pts.cur) || !reflect.DeepEqual(e.pts.tags, ref.pts.tags) {
			t.Fatalf("case %d: fv %v fDotP %d d %d: %v %v, reference %v %v", i, e.gs.freeVector, e.fDotP, d,
				e.pts.cur[0], e.pts.tags[0], ref.pts.cur[0], ref.pts.tags[0])
		}
	}
}
