package hint

import (
	"math/rand/v2"
	"testing"

	"fontvm/internal/corpus"
)

// TestNormalizeMemo checks normalizeMemo against normalize on vectors
// drawn from small pools (so that they repeat and collide in the memo:
// same x with other y, same y with other x, other vectors in the same
// slot), on random 64-bit vectors, and that (0, 0) leaves the vector
// unchanged.
func TestNormalizeMemo(t *testing.T) {
	var e exec
	r := rand.New(rand.NewPCG(1, 2))
	xs := []int64{0, 1, -1, 64, -64, 0x4000, 1000, -1000, 1 << 31, -1 << 31, 1<<32 + 5, 77}
	hits, collisions := 0, 0
	for i := 0; i < 400000; i++ {
		var x, y int64
		switch r.IntN(4) {
		case 0, 1:
			x, y = xs[r.IntN(len(xs))], xs[r.IntN(len(xs))]
		case 2:
			x, y = int64(r.IntN(4000)-2000), int64(r.IntN(4000)-2000)
		default:
			x, y = int64(r.Uint64()), int64(r.Uint64())
		}
		h := (uint64(x)*0x9E3779B97F4A7C15 ^ uint64(y)*0xC2B2AE3D27D4EB4F) >> (64 - normMemoBits)
		if c := e.norms[h]; c.ok {
			if c.x == x && c.y == y {
				hits++
			} else {
				collisions++
			}
		}
		start := unitVec{int32(r.IntN(0x8000)), int32(r.IntN(0x8000))}
		got, want := start, start
		e.normalizeMemo(x, y, &got)
		normalize(x, y, &want)
		if got != want {
			t.Fatalf("normalizeMemo(%d, %d) = %v, normalize %v", x, y, got, want)
		}
	}
	if hits < 1000 || collisions < 1000 {
		t.Fatalf("memo exercised too little: %d hits, %d collisions", hits, collisions)
	}
}

// TestGlyphFuncs checks glyphFuncs against computeFuncs on the graphics
// state glyph programs start with (Instance.glyphGS), in v35 and v40
// and with instructions that change the vectors having run before.
func TestGlyphFuncs(t *testing.T) {
	f := mustFont(t, corpus.GoFonts[0].Data)
	for _, mode := range []Mode{ModeV35, ModeV40} {
		in, err := f.NewInstance(12, Options{Mode: mode})
		if err != nil {
			t.Fatal(err)
		}
		e := &in.e
		e.gs = in.glyphGS
		e.gs.freeVector = unitVec{0, 0x4000}
		e.computeFuncs() // a state left by another program
		e.gs = in.glyphGS
		e.glyphFuncs()
		got := [7]any{e.fDotP, e.projX, e.projY, e.dualX, e.dualY, e.moveX, e.moveY}
		e.computeFuncs()
		want := [7]any{e.fDotP, e.projX, e.projY, e.dualX, e.dualY, e.moveX, e.moveY}
		if got != want {
			t.Errorf("%v: glyphFuncs gives %v, computeFuncs %v", mode, got, want)
		}
	}
}
