package hint

import "testing"

func TestMulFix(t *testing.T) {
	for _, c := range []struct{ a, b, want int64 }{
		{0x10000, 1234, 1234},
		{1, 0x8000, 1},        // 0.5 rounds up
		{-1, 0x8000, -1},      // -0.5 rounds away from zero
		{3, 0x5555, 1},        // 0.99998
		{92, 24576, 35},       // 34.5 -> 35
		{-92, 24576, -35},     // symmetric
		{1 << 33, 0x10000, 0}, // arguments truncated to 32 bits (x86-64 FT_MulFix)
		{0x7FFFFFFF, 0x20000, -2},
	} {
		if got := mulFix(c.a, c.b); got != c.want {
			t.Errorf("mulFix(%d, %d) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

func TestMulDiv(t *testing.T) {
	for _, c := range []struct{ a, b, c, want, noRound int64 }{
		{1, 64, 35, 2, 1},
		{2, 64, 92, 1, 1},
		{-3, 1, 2, -2, -1},
		{3, -1, 2, -2, -1},
		{-3, -1, -2, -2, -1},
		{5, 7, 0, 0x7FFFFFFF, 0x7FFFFFFF},
		{-5, 7, 0, -0x7FFFFFFF, -0x7FFFFFFF},
		{1 << 40, 1 << 10, 1 << 20, 1 << 30, 1 << 30}, // 64-bit intermediate
	} {
		if got := mulDiv(c.a, c.b, c.c); got != c.want {
			t.Errorf("mulDiv(%d, %d, %d) = %d, want %d", c.a, c.b, c.c, got, c.want)
		}
		if got := mulDivNoRound(c.a, c.b, c.c); got != c.noRound {
			t.Errorf("mulDivNoRound(%d, %d, %d) = %d, want %d", c.a, c.b, c.c, got, c.noRound)
		}
	}
}

func TestDivFix(t *testing.T) {
	for _, c := range []struct{ a, b, want int64 }{
		{1, 2, 0x8000},
		{-1, 2, -0x8000},
		{768, 2048, 0x6000},
		{1, 3, 21845},
		{2, 3, 43691},
		{7, 0, 0x7FFFFFFF},
	} {
		if got := divFix(c.a, c.b); got != c.want {
			t.Errorf("divFix(%d, %d) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

func TestMulFix14DotFix14(t *testing.T) {
	if got := mulFix14(64, 0x4000); got != 64 {
		t.Errorf("mulFix14(64, 1.0) = %d", got)
	}
	if got := mulFix14(64, 0x2D41); got != 45 { // 64*0.70709 = 45.25
		t.Errorf("mulFix14(64, 0x2D41) = %d", got)
	}
	if got := mulFix14(-1, 0x2000); got != -1 { // -0.5 away from zero
		t.Errorf("mulFix14(-1, 0.5) = %d", got)
	}
	if got := dotFix14(100, 200, 0x4000, 0); got != 100 {
		t.Errorf("dotFix14 x axis = %d", got)
	}
	if got := dotFix14(100, 100, 0x2D41, 0x2D41); got != 141 { // 141.4
		t.Errorf("dotFix14 diagonal = %d", got)
	}
	if got := dotFix14(1<<32+5, 0, 0x4000, 0); got != 5 { // truncated to 32 bits
		t.Errorf("dotFix14 truncation = %d", got)
	}
}

func TestNormalize(t *testing.T) {
	for _, c := range []struct {
		x, y int64
		want unitVec
	}{
		{5, 0, unitVec{0x4000, 0}},
		{0, -9, unitVec{0, -0x4000}},
		{1, 1, unitVec{0x2D41, 0x2D41}},
		{-64, 64, unitVec{-0x2D41, 0x2D41}},
		{3, 4, unitVec{9830, 13107}}, // 0.6, 0.8
	} {
		var r unitVec
		normalize(c.x, c.y, &r)
		if r != c.want {
			t.Errorf("normalize(%d, %d) = %v, want %v", c.x, c.y, r, c.want)
		}
	}
	r := unitVec{1, 2}
	normalize(0, 0, &r)
	if r != (unitVec{1, 2}) {
		t.Errorf("normalize(0, 0) changed the vector")
	}
	// every result is a unit vector to within FreeType's precision
	for x := int64(-300); x <= 300; x += 7 {
		for y := int64(-300); y <= 300; y += 11 {
			if x == 0 && y == 0 {
				continue
			}
			normalize(x, y, &r)
			l := int64(r.x)*int64(r.x) + int64(r.y)*int64(r.y)
			if d := l - 0x4000*0x4000; d < -0x4000*4 || d > 0x4000*4 {
				t.Fatalf("normalize(%d, %d) = %v: squared length off by %d", x, y, r, d)
			}
		}
	}
}

func TestHypot(t *testing.T) {
	for _, c := range []struct{ x, y, want int64 }{
		{0, -5, 5},
		{7, 0, 7},
		{3 << 16, 4 << 16, 5 << 16},
		{0x10000, 0x10000, 92682}, // sqrt(2) in 16.16
	} {
		if got := hypot(c.x, c.y); got < c.want-1 || got > c.want+1 {
			t.Errorf("hypot(%d, %d) = %d, want %d±1", c.x, c.y, got, c.want)
		}
	}
}

func TestPixRounding(t *testing.T) {
	for _, c := range []struct{ x, r, f, cl int64 }{
		{0, 0, 0, 0}, {31, 0, 0, 64}, {32, 64, 0, 64}, {-32, 0, -64, 0}, {-33, -64, -64, 0}, {64, 64, 64, 64},
	} {
		if pixRound(c.x) != c.r || pixFloor(c.x) != c.f || pixCeil(c.x) != c.cl {
			t.Errorf("%d: round %d floor %d ceil %d, want %d %d %d", c.x, pixRound(c.x), pixFloor(c.x), pixCeil(c.x), c.r, c.f, c.cl)
		}
	}
}
