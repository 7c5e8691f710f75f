package hint

import (
	"testing"
)

// machine builds an execution context like a glyph program's: n glyph
// points at pts (plus four phantom points), one contour, a CVT and a
// storage area, version v and, for v40, backward compatibility bc.
func machine(v int, bc bool, pts []vec, cvt []int64) *exec {
	e := &exec{version: v, backwardCompat: bc, numGlyphs: 10}
	e.stack = make([]int64, 64)
	e.fdefs = make([]defRec, 8)
	e.idefs = make([]defRec, 4)
	e.cvt = append([]int64(nil), cvt...)
	e.glyfCvt = make([]int64, len(cvt))
	e.storage = make([]int64, 8)
	e.glyfStorage = make([]int64, 8)
	e.twilight = zone{org: make([]vec, 8), cur: make([]vec, 8), orus: make([]vec, 8), tags: make([]uint8, 8), nPoints: 8}
	e.twilightFull = 8
	n := len(pts) + 4
	z := zone{org: make([]vec, n), cur: make([]vec, n), orus: make([]vec, n), tags: make([]uint8, n), nPoints: n}
	copy(z.cur, pts)
	copy(z.org, pts)
	copy(z.orus, pts)
	if len(pts) > 0 {
		z.contours = []int{len(pts) - 1}
		z.nContours = 1
	}
	e.pts = z
	e.zp0, e.zp1, e.zp2 = &e.pts, &e.pts, &e.pts
	e.gs = defaultGraphicsState
	e.ppem, e.scale, e.xScale, e.yScale, e.pointSize = 12, 0x10000, 0x10000, 0x10000, 12*64
	e.period = 64
	return e
}

// runGlyph runs code as a glyph program and returns the error code.
func (e *exec) runGlyph(code []byte) errCode {
	e.ranges[rangeGlyph] = code
	e.gotoCodeRange(rangeGlyph, 0)
	e.zp0, e.zp1, e.zp2 = &e.pts, &e.pts, &e.pts
	e.gs.gep0, e.gs.gep1, e.gs.gep2 = 1, 1, 1
	e.top, e.callTop = 0, 0
	return e.run()
}

// runFont runs code as fpgm.
func (e *exec) runFont(code []byte) errCode {
	e.ranges[rangeFont] = code
	e.gotoCodeRange(rangeFont, 0)
	e.top, e.callTop = 0, 0
	return e.run()
}

// stackTop returns the elements on the stack.
func (e *exec) stackTop() []int64 { return e.stack[:e.top] }

// eqStack reports whether two stacks hold the same elements.
func eqStack(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// pushW assembles PUSHW/NPUSHW of values.
func pushW(vs ...int64) []byte {
	if len(vs) <= 8 {
		b := []byte{0xB8 + byte(len(vs)-1)}
		for _, v := range vs {
			b = append(b, byte(uint16(v)>>8), byte(v))
		}
		return b
	}
	b := []byte{0x41, byte(len(vs))}
	for _, v := range vs {
		b = append(b, byte(uint16(v)>>8), byte(v))
	}
	return b
}

// cat concatenates byte slices (program pieces).
func cat(parts ...[]byte) []byte {
	var b []byte
	for _, p := range parts {
		b = append(b, p...)
	}
	return b
}

func TestArithmeticAndStack(t *testing.T) {
	for _, c := range []struct {
		name string
		code []byte
		want []int64
		err  errCode
	}{
		{"ADD", cat(pushW(5, -7), []byte{0x60}), []int64{-2}, 0},
		{"SUB", cat(pushW(5, -7), []byte{0x61}), []int64{12}, 0},
		{"MUL", cat(pushW(96, 96), []byte{0x63}), []int64{144}, 0},       // 1.5*1.5 = 2.25
		{"MUL round", cat(pushW(-1, 32), []byte{0x63}), []int64{-1}, 0},  // -0.25/64 rounds away
		{"DIV", cat(pushW(64, 192), []byte{0x62}), []int64{21}, 0},       // 1/3 truncated
		{"DIV neg", cat(pushW(-64, 192), []byte{0x62}), []int64{-21}, 0}, // truncated towards 0
		{"DIV 0", cat(pushW(64, 0), []byte{0x62}), nil, errDivideByZero},
		{"ABS NEG", cat(pushW(-5), []byte{0x64, 0x65}), []int64{-5}, 0},
		{"FLOOR CEILING", cat(pushW(-65, -65), []byte{0x66, 0x23, 0x67}), []int64{-128, -64}, 0},
		{"LT", cat(pushW(1, 2), []byte{0x50}), []int64{1}, 0},
		{"LTEQ", cat(pushW(2, 2), []byte{0x51}), []int64{1}, 0},
		{"GT", cat(pushW(2, 2), []byte{0x52}), []int64{0}, 0},
		{"GTEQ", cat(pushW(1, 2), []byte{0x53}), []int64{0}, 0},
		{"EQ", cat(pushW(-3, -3), []byte{0x54}), []int64{1}, 0},
		{"NEQ", cat(pushW(-3, -3), []byte{0x55}), []int64{0}, 0},
		{"ODD EVEN", cat(pushW(95, 95), []byte{0x56, 0x23, 0x57}), []int64{1, 0}, 0}, // RTG(95)=64
		{"AND OR NOT", cat(pushW(3, 0, 3, 0), []byte{0x5B, 0x8A, 0x8A, 0x5A, 0x5C}), []int64{1, 1}, 0},
		{"DUP SWAP", cat(pushW(1, 2), []byte{0x20, 0x23}), []int64{1, 2, 2}, 0},
		{"DEPTH", cat(pushW(1, 2, 3), []byte{0x24}), []int64{1, 2, 3, 3}, 0},
		{"CINDEX", cat(pushW(10, 20, 30, 3), []byte{0x25}), []int64{10, 20, 30, 10}, 0},
		{"CINDEX bad", cat(pushW(10, 9), []byte{0x25}), []int64{10, 0}, 0},
		{"MINDEX", cat(pushW(10, 20, 30, 3), []byte{0x26}), []int64{20, 30, 10}, 0},
		{"MINDEX bad", cat(pushW(10, 20, 0), []byte{0x26}), []int64{10, 20}, 0},
		{"ROLL", cat(pushW(1, 2, 3), []byte{0x8A}), []int64{2, 3, 1}, 0},
		{"MAX MIN", cat(pushW(4, 9, 4, 9), []byte{0x8B, 0x8A, 0x8A, 0x8C}), []int64{9, 4}, 0},
		{"CLEAR", cat(pushW(1, 2, 3), []byte{0x22}), nil, 0},
		{"POP underflow", []byte{0x21, 0x21}, nil, 0}, // FreeType pads missing arguments with 0
		{"PUSHB NPUSHB", []byte{0xB1, 200, 7, 0x40, 2, 255, 1}, []int64{200, 7, 255, 1}, 0},
		{"NPUSHW sign", []byte{0x41, 1, 0xFF, 0xFE}, []int64{-2}, 0},
		{"truncated push", []byte{0xB2, 1, 2}, nil, errCodeOverflow},
		{"unknown", []byte{0x28}, nil, errInvalidOpcode},
		{"DEBUG", cat(pushW(1), []byte{0x4F}), nil, errDebugOpcode},
		{"MPPEM MPS v40", []byte{0x4B, 0x4C}, []int64{12, 768}, 0},
	} {
		e := machine(40, false, nil, nil)
		err := e.runGlyph(c.code)
		if err != c.err {
			t.Errorf("%s: error %v, want %v", c.name, err, c.err)
			continue
		}
		if c.err == 0 && !eqStack(e.stackTop(), c.want) {
			t.Errorf("%s: stack %v, want %v", c.name, e.stackTop(), c.want)
		}
	}
	e := machine(35, false, nil, nil)
	e.runGlyph([]byte{0x4C})
	if !eqStack(e.stackTop(), []int64{12}) {
		t.Errorf("MPS in v35 = %v, want the ppem", e.stackTop())
	}
}

func TestStackOverflow(t *testing.T) {
	e := machine(40, false, nil, nil)
	var code []byte
	for i := 0; i < 9; i++ {
		code = append(code, pushW(1, 2, 3, 4, 5, 6, 7, 8)...)
	}
	if err := e.runGlyph(code); err != errStackOverflow {
		t.Errorf("72 pushes on a 64-deep stack: %v, want Stack_Overflow", err)
	}
	if e.errIP != 8*17 {
		t.Errorf("failed at pc %d, want %d", e.errIP, 8*17)
	}
}

func TestControlFlow(t *testing.T) {
	for _, c := range []struct {
		name string
		code []byte
		want []int64
		err  errCode
	}{
		// IF true: then-branch, skip ELSE part
		{"IF true", cat(pushW(1), []byte{0x58, 0xB0, 1, 0x1B, 0xB0, 2, 0x59}), []int64{1}, 0},
		{"IF false", cat(pushW(0), []byte{0x58, 0xB0, 1, 0x1B, 0xB0, 2, 0x59}), []int64{2}, 0},
		{"IF nested", cat(pushW(0), []byte{0x58, 0xB0, 0, 0x58, 0xB0, 5, 0x59, 0x1B, 0xB0, 3, 0x59}), []int64{3}, 0},
		{"IF no EIF", cat(pushW(0), []byte{0x58, 0xB0, 1}), nil, errCodeOverflow},
		// JMPR skips the PUSHB 1 (offset from the JMPR itself)
		{"JMPR", cat(pushW(3), []byte{0x1C, 0xB0, 1, 0xB0, 2, 0xB0, 3}), []int64{2, 3}, 0},
		{"JROT", cat(pushW(3, 1), []byte{0x78, 0xB0, 1, 0xB0, 2}), []int64{2}, 0},
		{"JROF", cat(pushW(3, 1), []byte{0x79, 0xB0, 1, 0xB0, 2}), []int64{1, 2}, 0},
		{"JMPR 0 empty", cat(pushW(0), []byte{0x1C}), nil, errBadArgument},
		{"JMPR before start", cat(pushW(-10), []byte{0x1C}), nil, errBadArgument},
		{"endless loop", cat(pushW(1), []byte{0xB0, 0xFD, 0x1C}), nil, errExecutionTooLong}, // PUSHB -3? see below
		{"FDEF in glyph", cat(pushW(0), []byte{0x2C, 0x2D}), nil, errDEFInGlyf},
		{"ENDF outside", []byte{0x2D}, nil, errENDFInExecStream},
		{"CALL undefined", cat(pushW(3), []byte{0x2B}), nil, errInvalidReference},
	} {
		e := machine(40, false, nil, nil)
		if c.name == "endless loop" {
			// PUSHW -4; JMPR: jumps back to itself forever.
			c.code = []byte{0xB8, 0xFF, 0xFD, 0x1C}
		}
		err := e.runGlyph(c.code)
		if err != c.err {
			t.Errorf("%s: error %v, want %v", c.name, err, c.err)
			continue
		}
		if c.err == 0 && !eqStack(e.stackTop(), c.want) {
			t.Errorf("%s: stack %v, want %v", c.name, e.stackTop(), c.want)
		}
	}
}

func TestFunctions(t *testing.T) {
	e := machine(40, false, nil, nil)
	// fpgm: FDEF 0 { PUSHB 7 ADD } ; FDEF 1 { CALL 1 } (endless recursion)
	fpgm := cat(pushW(0), []byte{0x2C, 0xB0, 7, 0x60, 0x2D}, pushW(1), []byte{0x2C, 0xB0, 1, 0x2B, 0x2D})
	if err := e.runFont(fpgm); err != errOK {
		t.Fatalf("fpgm: %v", err)
	}
	if e.numFDefs != 2 || e.maxFunc != 1 {
		t.Fatalf("numFDefs %d maxFunc %d", e.numFDefs, e.maxFunc)
	}
	// CALL 0 on 1 -> 8; LOOPCALL 3 times -> 29
	if err := e.runGlyph(cat(pushW(1, 0), []byte{0x2B}, pushW(3, 0), []byte{0x2A})); err != errOK {
		t.Fatalf("glyph: %v", err)
	}
	if !eqStack(e.stackTop(), []int64{29}) {
		t.Errorf("stack %v, want [29]", e.stackTop())
	}
	if err := e.runGlyph(cat(pushW(1), []byte{0x2B})); err != errStackOverflow {
		t.Errorf("endless recursion: %v, want Stack_Overflow (call depth %d)", err, CallStackSize)
	}
	// LOOPCALL counts against loopcall_counter_max (300 + 22*cvt size with
	// no points, capped at 100*numGlyphs = 1000).
	if err := e.runGlyph(cat(pushW(1, 2000, 0), []byte{0x2A})); err != errExecutionTooLong {
		t.Errorf("LOOPCALL 2000: %v, want Execution_Too_Long", err)
	}
	// IDEF defines an unknown opcode.
	if err := e.runFont(cat(pushW(0x28), []byte{0x89, 0xB0, 42, 0x2D})); err != errOK {
		t.Fatalf("IDEF: %v", err)
	}
	if err := e.runGlyph([]byte{0x28, 0x28}); err != errOK || !eqStack(e.stackTop(), []int64{42, 42}) {
		t.Errorf("IDEF'd opcode: %v %v", err, e.stackTop())
	}
}

func TestStorageAndCVT(t *testing.T) {
	e := machine(40, false, nil, []int64{64, 128})
	// prep-like run (font range): writes persist
	e.runFont(cat(pushW(3, 77), []byte{0x42}))
	if e.storage[3] != 77 {
		t.Fatalf("WS in fpgm: storage %v", e.storage)
	}
	// glyph: WS, RS see the write; after the run the instance's storage
	// is unchanged. WCVTP likewise; WCVTF writes in place.
	if err := e.runGlyph(cat(pushW(3, 5), []byte{0x42}, pushW(3), []byte{0x43}, pushW(0, 7), []byte{0x44}, pushW(0), []byte{0x45})); err != errOK {
		t.Fatal(err)
	}
	if !eqStack(e.stackTop(), []int64{5, 7}) {
		t.Errorf("glyph reads %v, want [5 7]", e.stackTop())
	}
	if e.storage[3] != 77 || e.cvt[0] != 64 {
		t.Errorf("glyph program changed the instance: storage[3] %d cvt[0] %d", e.storage[3], e.cvt[0])
	}
	if err := e.runGlyph(cat(pushW(1, 2), []byte{0x70})); err != errOK {
		t.Fatal(err)
	}
	if e.cvt[1] != 2 { // FT_MulFix(2, scale 1.0)
		t.Errorf("WCVTF: cvt[1] = %d, want 2", e.cvt[1])
	}
	// out of range: reads give 0, writes are ignored
	if err := e.runGlyph(cat(pushW(99), []byte{0x43}, pushW(99), []byte{0x45}, pushW(99, 1), []byte{0x42})); err != errOK || !eqStack(e.stackTop(), []int64{0, 0}) {
		t.Errorf("out of range: %v %v", err, e.stackTop())
	}
}

func TestGetInfo(t *testing.T) {
	for _, c := range []struct {
		v              int
		lean, ct, gray bool
		sel, want      int64
	}{
		{35, false, false, true, 1 | 32, 35 | 1<<12},
		{35, false, false, false, 1 | 32, 35},
		{40, true, true, false, 1 | 32 | 64 | 1024 | 2048 | 4096, 40 | 1<<13 | 1<<17 | 1<<18 | 1<<19},
		{40, false, false, false, 1 | 32 | 64 | 1024 | 2048 | 4096, 40},
	} {
		e := machine(c.v, false, nil, nil)
		e.subpixelLean, e.grayscaleCT, e.grayscale = c.lean, c.ct, c.gray
		e.runGlyph(cat(pushW(c.sel), []byte{0x88}))
		if !eqStack(e.stackTop(), []int64{c.want}) {
			t.Errorf("v%d lean %v GETINFO(%d) = %v, want %d", c.v, c.lean, c.sel, e.stackTop(), c.want)
		}
	}
}

func TestRounding(t *testing.T) {
	e := machine(40, false, nil, nil)
	for _, c := range []struct {
		state int
		in    []int64
		want  []int64
	}{
		{roundToGrid, []int64{0, 31, 32, 95, 96, -31, -32, -95}, []int64{0, 0, 64, 64, 128, 0, -64, -64}},
		{roundToHalfGrid, []int64{0, 63, 64, -1, -70}, []int64{32, 32, 96, -32, -96}},
		{roundToDoubleGrid, []int64{15, 16, 47, -16}, []int64{0, 32, 32, -32}},
		{roundDownToGrid, []int64{63, 64, -63}, []int64{0, 64, 0}},
		{roundUpToGrid, []int64{1, 64, -1}, []int64{64, 64, -64}},
		{roundOff, []int64{13, -13}, []int64{13, -13}},
	} {
		e.gs.roundState = c.state
		for i, v := range c.in {
			if got := e.round(v); got != c.want[i] {
				t.Errorf("round state %d: %d -> %d, want %d", c.state, v, got, c.want[i])
			}
		}
	}
	// SROUND: period 1 (0x40), phase 1/4 (0x10), threshold period*(8-4)/8 = 1/2 (0x08)
	e.setSuperRound(0x4000, 0x58)
	e.gs.roundState = roundSuper
	if e.period != 64 || e.phase != 16 || e.threshold != 32 {
		t.Fatalf("SROUND 0x58: period %d phase %d threshold %d", e.period, e.phase, e.threshold)
	}
	for _, c := range [][2]int64{{0, 16}, {47, 16}, {48, 80}, {-48, -80}} {
		if got := e.round(c[0]); got != c[1] {
			t.Errorf("super round %d = %d, want %d", c[0], got, c[1])
		}
	}
	// S45ROUND: grid period sqrt(2)/2 pixel = 45 (0x2D41 >> 8)
	e.setSuperRound(0x2D41, 0x48)
	e.gs.roundState = roundSuper45
	if e.period != 45 {
		t.Fatalf("S45ROUND period %d", e.period)
	}
	if got := e.round(50); got != 45 {
		t.Errorf("super45 round 50 = %d, want 45", got)
	}
}
