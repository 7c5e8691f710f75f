package hint

import (
	"math"
	"math/rand"
	"testing"
)

// TestStoreLoops checks the unrolled output copies (storePointsUnshifted,
// storeMovedVec, also as LoadGlyph's shift by pp1.x: blocks of sixteen, eight and four
// points, then one by one) against a plain point-by-point copy, for every
// length 0..70 (every block/tail split), random tags (only tagOn may
// count) and coordinates and moves near the int64 limits (the sums wrap,
// as add and sub do).
func TestStoreLoops(t *testing.T) {
	rng := rand.New(rand.NewSource(8))
	edge := []int64{0, 1, -1, 64, -64, math.MaxInt64, math.MinInt64, math.MaxInt32, math.MinInt32}
	val := func() int64 {
		if rng.Intn(4) == 0 {
			return edge[rng.Intn(len(edge))]
		}
		return int64(rng.Uint64()) >> uint(rng.Intn(64))
	}
	for iter := 0; iter < 7100; iter++ {
		n := iter % 71
		extra := rng.Intn(3) // cur and tags may be longer than out
		cur, tags := make([]vec, n+extra), make([]uint8, n+extra)
		for i := range cur {
			cur[i] = vec{val(), val()}
			tags[i] = uint8(rng.Uint32())
		}
		dx, x, y := val(), val(), val()
		want1, want2 := make([]Point, n), make([]Point, n)
		for i := 0; i < n; i++ {
			on := tags[i]&tagOn != 0
			want1[i] = Point{X: sub(cur[i].x, dx), Y: cur[i].y, On: on}
			want2[i] = Point{X: add(cur[i].x, x), Y: add(cur[i].y, y), On: on}
		}
		got1, got2 := make([]Point, n), make([]Point, n)
		for i := range got1 {
			got1[i] = Point{X: 7, Y: 7, On: tags[i]&tagOn == 0} // stale values to overwrite
			got2[i] = got1[i]
		}
		storeMovedVec(got1, cur, tags, -dx, 0) // LoadGlyph's shift by pp1.x = dx
		storeMovedVec(got2, cur, tags, x, y)
		for i := 0; i < n; i++ {
			if got1[i] != want1[i] || got2[i] != want2[i] {
				t.Fatalf("n %d point %d: shift by -dx %v want %v; storeMovedVec %v want %v", n, i, got1[i], want1[i], got2[i], want2[i])
			}
		}
		// storePointsUnshifted (dx = 0) at every length too
		for i := range got1 {
			got1[i] = Point{X: 7, Y: 7, On: tags[i]&tagOn == 0}
		}
		storePointsUnshifted(got1, cur, tags)
		for i := 0; i < n; i++ {
			if w := (Point{X: cur[i].x, Y: cur[i].y, On: tags[i]&tagOn != 0}); got1[i] != w {
				t.Fatalf("n %d point %d: storePointsUnshifted %v want %v", n, i, got1[i], w)
			}
		}
		// storeMovedVec without a move, or with one in x or y only
		for _, m := range [][2]int64{{0, 0}, {0, y}, {x, 0}} {
			for i := range got2 {
				got2[i] = Point{X: 7, Y: 7, On: tags[i]&tagOn == 0}
			}
			storeMovedVec(got2, cur, tags, m[0], m[1])
			for i := 0; i < n; i++ {
				if w := (Point{X: add(cur[i].x, m[0]), Y: add(cur[i].y, m[1]), On: tags[i]&tagOn != 0}); got2[i] != w {
					t.Fatalf("n %d point %d: storeMovedVec by %v: %v want %v", n, i, m, got2[i], w)
				}
			}
		}
	}
}

// TestOnBits checks onBits (eight, then one flag at a time)
// against a flag-by-flag copy of the on-curve bit, for every length
// 0..40 and flags longer than tags.
func TestOnBits(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	for iter := 0; iter < 2000; iter++ {
		n := iter % 41
		flags := make([]uint8, n+rng.Intn(9))
		for i := range flags {
			flags[i] = uint8(rng.Uint32())
		}
		tags := make([]uint8, n)
		for i := range tags {
			tags[i] = 0xFF // stale values to overwrite
		}
		onBits(tags, flags)
		for i := range tags {
			if tags[i] != flags[i]&tagOn {
				t.Fatalf("n %d flag %d: %#x from %#x", n, i, tags[i], flags[i])
			}
		}
	}
}
