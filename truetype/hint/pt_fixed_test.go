package hint

import (
	"math/rand"
	"testing"

	"fontvm/internal/ftmath"
)

// TestMulDivShortcuts checks mulDiv's shortcuts against FT_MulDiv
// (ftmath.MulDiv, itself checked against big-integer arithmetic) on the
// edges of their conditions and on random operands biased to hit them.
func TestMulDivShortcuts(t *testing.T) {
	edges := []int64{0, 1, -1, 2, -2, 0x2000, 0x4000, -0x4000, 0x7FFF, 0x10000, 1<<31 - 1, -(1 << 31), 1 << 31,
		-(1<<31 + 1), 1 << 32, -(1 << 32), 1<<62 + 5, -(1 << 62), 1<<63 - 1, -1 << 63}
	check := func(a, b, c int64) {
		if got, want := mulDiv(a, b, c), ftmath.MulDiv(a, b, c); got != want {
			t.Fatalf("mulDiv(%d, %d, %d) = %d, FT_MulDiv gives %d", a, b, c, got, want)
		}
	}
	for _, a := range edges {
		for _, b := range edges {
			for _, c := range edges {
				check(a, b, c)
			}
			check(a, b, b)
		}
	}
	rng := rand.New(rand.NewSource(8))
	pick := func() int64 {
		switch rng.Intn(5) {
		case 0:
			return int64(rng.Uint64())
		case 1:
			return int64(int32(rng.Uint32()))
		case 2:
			return int64(int16(rng.Uint32()))
		case 3:
			return edges[rng.Intn(len(edges))] + int64(rng.Intn(5)) - 2
		}
		return 0
	}
	for i := 0; i < 2000000; i++ {
		a, b, c := pick(), pick(), pick()
		check(a, b, c)
		check(a, c, c)
		check(a, b, b)
	}
}

// TestDivFixPos checks IUP's inlined FT_DivFix (divFixPos for b > 0,
// through iupScale for any b) against divFix.
func TestDivFixPos(t *testing.T) {
	vals := []int64{0, 1, -1, 2, 63, -64, 0x7FFF, 0x8000, -0x8000, 0x10000, 1<<31 - 1, -(1 << 31), 1 << 40, -(1 << 47), 1 << 48,
		1<<62 + 3, -(1 << 62), 1<<63 - 1, -1 << 63}
	rng := rand.New(rand.NewSource(9))
	for i := 0; i < 1000000; i++ {
		vals = append(vals[:19], int64(rng.Uint64())>>uint(rng.Intn(64)), int64(int32(rng.Uint32())))
		for _, a := range vals {
			for _, b := range vals {
				if got, want := iupScale(a, b), divFix(a, b); got != want {
					t.Fatalf("iupScale(%d, %d) = %d, FT_DivFix gives %d", a, b, got, want)
				}
			}
		}
		if i > 20000 {
			break
		}
	}
}

// TestSVTCAShortcut checks that SVTCA[0] and SVTCA[1] leave the same
// state as setting the vectors and running computeFuncs, from any
// previous vectors.
func TestSVTCAShortcut(t *testing.T) {
	vecs := []unitVec{{0x4000, 0}, {0, 0x4000}, {-0x4000, 0}, {0x2D41, 0x2D41}, {0x100, -0x3FFF}, {0, 0}}
	for _, op := range []byte{0, 1} {
		for _, pv := range vecs {
			for _, fv := range vecs {
				var got, want exec
				for _, e := range []*exec{&got, &want} {
					e.gs.projVector, e.gs.dualVector, e.gs.freeVector = pv, pv, fv
					e.computeFuncs()
					e.opcode = op
				}
				got.insSxyTCA(nil)
				a := int32(op) << 14
				v := unitVec{a, a ^ 0x4000}
				want.gs.projVector, want.gs.dualVector, want.gs.freeVector = v, v, v
				want.computeFuncs()
				if got.gs != want.gs || got.fDotP != want.fDotP || got.projX != want.projX || got.projY != want.projY ||
					got.dualX != want.dualX || got.dualY != want.dualY || got.moveX != want.moveX || got.moveY != want.moveY {
					t.Fatalf("SVTCA[%d] from pv %v fv %v: shortcut state differs from computeFuncs", op, pv, fv)
				}
			}
		}
	}
}

// TestScaleFUnits checks the loader's scaling helper against mulFix.
func TestScaleFUnits(t *testing.T) {
	rng := rand.New(rand.NewSource(10))
	scales := []int64{0, 1, 0x10000, 0x7FFFFFFF, -0x80000000, 1 << 40, 0x123456789}
	for i := 0; i < 200000; i++ {
		a := int32(rng.Uint32())
		if i&1 == 0 {
			a = int32(int16(a))
		}
		s := int64(rng.Uint64()) >> uint(rng.Intn(64))
		if i < len(scales) {
			s = scales[i]
		}
		if got, want := scaleFUnits(a, int64(int32(s))), mulFix(int64(a), s); got != want {
			t.Fatalf("scaleFUnits(%d, %d) = %d, mulFix gives %d", a, s, got, want)
		}
	}
}
