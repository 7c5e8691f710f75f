package hint

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"math"
	"math/rand/v2"
	"reflect"
	"strconv"
	"testing"

	"fontvm/internal/corpus"
	"fontvm/internal/ftmath"
	"fontvm/sfnt"
)

// nopTracer makes run take the reference loop (runTraced).
type nopTracer struct{}

// Step does nothing.
func (nopTracer) Step(*Step) {}

// twinMachines returns two identical machines, the second traced (so its
// programs run through runTraced).
func twinMachines(v int, cvtLen int, r *rand.Rand) (fast, ref *exec) {
	pts := make([]vec, 6)
	for i := range pts {
		pts[i] = vec{int64(r.IntN(2000) - 500), int64(r.IntN(2000) - 500)}
	}
	cvt := make([]int64, cvtLen)
	for i := range cvt {
		cvt[i] = int64(r.IntN(600) - 100)
	}
	fast = machine(v, r.IntN(2) == 0, pts, cvt)
	ref = machine(v, fast.backwardCompat, pts, cvt)
	fast.stack = make([]int64, StackExtra+r.IntN(30)) // never less than StackExtra, as in setupBytecode
	ref.stack = make([]int64, len(fast.stack))
	ref.tracer = nopTracer{}
	ref.snap = &traceSnap{}
	return fast, ref
}

// machineState is what two machines must agree on after a run: e
// without the tracer and the loops' private scratch.
func machineState(e *exec) exec {
	s := *e
	s.tracer, s.snap = nil, nil
	s.norms = [1 << normMemoBits]normMemoEntry{} // a memo: contents depend on history only
	s.skips = [rangeGlyph + 1]skipMemo{}
	s.length, s.args, s.newTop, s.stepIns, s.insCount = 0, 0, 0, false, 0 // (insCount: runFast's own counter)
	s.zp0, s.zp1, s.zp2 = nil, nil, nil
	return s
}

// zoneIndex returns 0 for e's twilight zone, 1 for its glyph zone.
func zoneIndex(e *exec, z *zone) int {
	switch z {
	case &e.twilight:
		return 0
	case &e.pts:
		return 1
	}
	return -1
}

// sameRun reports how fast and ref differ after the same run, "" if not.
func sameRun(fast, ref *exec, cf, cr errCode) string {
	if cf != cr {
		return fmt.Sprintf("error %v, reference %v", cf, cr)
	}
	for i, p := range [][2]*zone{{fast.zp0, ref.zp0}, {fast.zp1, ref.zp1}, {fast.zp2, ref.zp2}} {
		if zoneIndex(fast, p[0]) != zoneIndex(ref, p[1]) {
			return fmt.Sprintf("zp%d differs", i)
		}
	}
	a, b := machineState(fast), machineState(ref)
	if reflect.DeepEqual(a, b) {
		return ""
	}
	// Name the fields that print differently (pointers print as
	// addresses, so a differing call stack may be named spuriously).
	va, vb := reflect.ValueOf(a), reflect.ValueOf(b)
	d := ""
	for i := 0; i < va.NumField(); i++ {
		fa, fb := fmt.Sprintf("%+v", va.Field(i)), fmt.Sprintf("%+v", vb.Field(i))
		if fa != fb {
			d += fmt.Sprintf("; %s: %.300s, reference %.300s", va.Type().Field(i).Name, fa, fb)
		}
	}
	if d != "" {
		return d[2:]
	}
	return "state differs"
}

// fastOps marks the opcodes fastLoop has a case for (its inline
// instructions). TestFastOpsMatchesFastLoop keeps it in step with
// fastLoop's switch and checks that the generated programs
// (hotOps, genProgram, genFpgm) exercise every one of them.
var fastOps = func() (t [256]bool) {
	for _, op := range []byte{
		0x00, 0x01, 0x10, 0x11, 0x12, 0x17, 0x18, 0x19, 0x1A, 0x1B, 0x1C, 0x1D, 0x1E,
		0x20, 0x21, 0x22, 0x23, 0x24, 0x25, 0x26, 0x2A, 0x2B, 0x2D, 0x2E, 0x2F,
		0x3D, 0x40, 0x41, 0x42, 0x43, 0x45, 0x46, 0x47, 0x4B, 0x4D, 0x4E,
		0x50, 0x51, 0x52, 0x53, 0x54, 0x55, 0x58, 0x59, 0x5A, 0x5B, 0x5C, 0x5D, 0x5E, 0x5F,
		0x71, 0x72,
		0x60, 0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67,
		0x78, 0x79, 0x7A, 0x7C, 0x7D, 0x8A, 0x8B, 0x8C,
	} {
		t[op] = true
	}
	for op := 0xB0; op <= 0xBF; op++ {
		t[op] = true
	}
	return t
}()

// hotOps are the opcodes fastLoop runs inline (but the pushes and ENDF,
// which genProgram and genFpgm write themselves), most of them several
// times so that generated programs exercise them.
var hotOps = []byte{
	0x20, 0x21, 0x22, 0x23, 0x24, 0x25, 0x26, 0x8A, 0x8B, 0x8C,
	0x50, 0x51, 0x52, 0x53, 0x54, 0x55, 0x5A, 0x5B, 0x5C,
	0x60, 0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67,
	0x43, 0x42, 0x45, 0x10, 0x11, 0x12, 0x4B, 0x59, 0x58, 0x1B, 0x1C, 0x78, 0x79,
	0x58, 0x1B, 0x59, 0x58, 0x59, 0x20, 0x25, 0x26, 0x2B, 0x2A,
	0x18, 0x19, 0x3D, 0x7A, 0x7C, 0x7D, 0x4D, 0x4E, 0x1A, 0x1D, 0x1E, 0x5E, 0x5F,
	0x00, 0x01, 0x5D, 0x71, 0x72, 0x17, 0x46, 0x47, 0x2E, 0x2F,
}

// genProgram makes a program of n instructions mixing the inline
// opcodes, pushes (some of them reached by jumps into their data), calls
// of functions 0-3, IF/ELSE/EIF nests (balanced or not) and any opcode.
func genProgram(r *rand.Rand, n int) []byte {
	var b []byte
	for i := 0; i < n; i++ {
		switch k := r.IntN(12); {
		case k < 3: // a push of small values (m values: every PUSHB/PUSHW length)
			m := 1 + r.IntN(8)
			switch r.IntN(4) {
			case 0:
				b = append(b, 0x40, byte(m))
			case 1:
				b = append(b, 0x41, byte(m))
				m *= 2
			case 2:
				b = append(b, 0xB8+byte(m-1))
				m *= 2
			default:
				b = append(b, 0xB0+byte(m-1))
			}
			for j := 0; j < m; j++ {
				if r.IntN(3) == 0 {
					b = append(b, byte(r.IntN(256)))
				} else if r.IntN(6) == 0 {
					b = append(b, byte(r.IntN(9)))
				} else if r.IntN(2) == 0 {
					b = append(b, byte(r.IntN(4)))
				} else {
					b = append(b, 0)
				}
			}
		case k < 9:
			b = append(b, hotOps[r.IntN(len(hotOps))])
		case k < 10: // a short jump, either way
			b = append(b, 0xB0, byte(r.IntN(12)))
			if r.IntN(3) == 0 {
				b = append(b, 0x65) // NEG
			}
			b = append(b, 0x1C)
		default:
			b = append(b, byte(r.IntN(256)))
		}
	}
	return b
}

// genFpgm defines functions 0-3 (or, half the time, numbers with gaps,
// which FreeType finds by searching) with generated bodies, then runs a
// tail.
func genFpgm(r *rand.Rand) []byte {
	var b []byte
	nums := []byte{0, 1, 2, 3}
	if r.IntN(2) == 0 {
		nums = []byte{5, 0, 2, 3}
	}
	for _, fn := range nums {
		b = append(b, 0xB0, fn, 0x2C)
		body := genProgram(r, 1+r.IntN(12))
		for _, c := range body {
			if c == 0x2C || c == 0x2D || c == 0x89 {
				c = 0x20
			}
			b = append(b, c)
		}
		b = append(b, 0x2D)
	}
	if r.IntN(3) == 0 {
		b = append(b, genProgram(r, 3)...)
	}
	return b
}

// TestFastLoopMatchesTraced runs generated and random programs (fpgm,
// then glyph programs several times, so that fpgm functions run with a
// warm skip memo) through runFast and runTraced and compares the whole
// machine state after each run.
func TestFastLoopMatchesTraced(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 500
	}
	bad := 0
	for seed := 0; seed < n && bad < 5; seed++ {
		r := rand.New(rand.NewPCG(uint64(seed), 7))
		fast, ref := twinMachines([]int{35, 40}[r.IntN(2)], r.IntN(12), r)
		fpgm := genFpgm(r)
		if r.IntN(8) == 0 {
			fpgm = randBytes(r, 1+r.IntN(40))
		}
		cf, cr := fast.runFont(fpgm), ref.runFont(fpgm)
		if d := sameRun(fast, ref, cf, cr); d != "" {
			t.Errorf("seed %d fpgm % x: %s", seed, fpgm, d)
			bad++
			continue
		}
		for g := 0; g < 4; g++ {
			var code []byte
			switch r.IntN(4) {
			case 0:
				code = randBytes(r, 1+r.IntN(30))
			default:
				code = genProgram(r, 1+r.IntN(30))
			}
			for rep := 0; rep < 2; rep++ {
				cf, cr := fast.runGlyph(code), ref.runGlyph(code)
				if d := sameRun(fast, ref, cf, cr); d != "" {
					t.Errorf("seed %d fpgm % x glyph % x: %s", seed, fpgm, code, d)
					bad++
				}
			}
		}
	}
}

// randBytes returns n random bytes.
func randBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.IntN(256))
	}
	return b
}

// TestFastLoopBudget checks that both loops stop at the same instruction
// when a run exceeds MaxRunnableOpcodes, whatever instruction the limit
// falls on.
func TestFastLoopBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("runs several million instructions")
	}
	bodies := [][]byte{
		{0xB0, 0x01, 0x21},                                        // PUSHB 1, POP
		{0xB0, 0x00, 0x58, 0x59},                                  // PUSHB 0, IF, EIF (skips)
		{0xB0, 0x01, 0x58, 0x1B, 0x59},                            // PUSHB 1, IF, ELSE (skips), EIF
		{0xB0, 0x01, 0x10, 0x4B, 0x21},                            // SRP0, MPPEM, POP
		{0xB0, 0x02, 0x1C, 0x20, 0xB0, 0x03, 0x21},                // JMPR over DUP
		{0xB0, 0x01, 0x10, 0x00, 0x18, 0x01},                      // SRP0, SVTCA[y], RTG, SVTCA[x]
		{0xB1, 0x01, 0x02, 0x00, 0x11, 0x12, 0x01},                // SVTCA[y], SRP1, SRP2, SVTCA[x]
		{0xB0, 0x01, 0x58, 0x00, 0x1B, 0x01, 0x59},                // IF, SVTCA[y], ELSE (skips), EIF
		{0xB0, 0x00, 0x58, 0x00, 0x1B, 0x01, 0x59},                // IF (skips), ELSE, SVTCA[x], EIF
		{0x40, 0x05, 1, 2, 3, 4, 5, 0x21, 0x21, 0x21, 0x21, 0x21}, // NPUSHB 5 (four at a time, one), 5 POP
		{0xB4, 1, 2, 3, 4, 5, 0x21, 0x21, 0x21, 0x21, 0x21},       // PUSHB[4], 5 POP
		{0xB0, 0x01, 0x13, 0x0E},                                  // SZP0 1, SFVTPV (handlers)
	}
	for bi, body := range bodies {
		for _, extra := range []int{0, 1, 2, 3} {
			r := rand.New(rand.NewPCG(uint64(bi), uint64(extra)))
			fast, ref := twinMachines(40, 2000, r)
			fast.stack, ref.stack = make([]int64, 64), make([]int64, 64)
			// function 0: the body repeated to 12000 bytes (5000-8000
			// instructions), called 250 times
			fpgm := []byte{0xB0, 0x00, 0x2C}
			for i := 0; i < 12000/len(body)+extra; i++ {
				fpgm = append(fpgm, body...)
			}
			fpgm = append(fpgm, 0x2D)
			// LOOPCALL function 0, 250 times, after extra EIFs (no-ops)
			// that move the instruction the budget runs out on
			glyph := append(make([]byte, extra), 0xB1, 0xFA, 0x00, 0x2A)
			for i := 0; i < extra; i++ {
				glyph[i] = 0x59
			}
			for _, e := range []*exec{fast, ref} {
				if c := e.runFont(fpgm); c != errOK {
					t.Fatalf("fpgm: %v", c)
				}
			}
			cf, cr := fast.runGlyph(glyph), ref.runGlyph(glyph)
			if cr != errExecutionTooLong {
				t.Fatalf("body %d: reference run gave %v", bi, cr)
			}
			if d := sameRun(fast, ref, cf, cr); d != "" {
				t.Errorf("body %d extra %d: %s", bi, extra, d)
			}
		}
	}
}

// walkSkip is the byte walk of insIF (false branch) or insELSE on a
// machine: the reference for skipScan and the memo.
func walkSkip(code []byte, ip int) (int, byte, errCode) {
	e := &exec{code: code, ip: ip, opcode: code[ip], length: 1}
	if code[ip] == 0x58 {
		e.insIF([]int64{0})
	} else {
		e.insELSE()
	}
	return e.ip, e.opcode, e.err
}

// checkSkips compares skipScan and the memoised skip with the byte walk
// at every IF and ELSE offset of code, twice (cold and warm memo).
func checkSkips(t *testing.T, name string, code []byte) int {
	e := &exec{code: code, curRange: rangeFont}
	e.skips[rangeFont].memoFor(code)
	n := 0
	for pass := 0; pass < 2; pass++ {
		for ip, c := range code {
			if c != 0x58 && c != 0x1B {
				continue
			}
			n++
			wip, wop, werr := walkSkip(code, ip)
			end, op, ok := skipScan(code, ip, c == 0x1B)
			if ok != (werr == errOK) || end != wip || op != wop {
				t.Fatalf("%s offset %d: skipScan %d %02X %v, walk %d %02X %v", name, ip, end, op, ok, wip, wop, werr)
			}
			e.ip, e.opcode, e.err, e.length = ip, c, errOK, 1
			e.skip()
			if e.ip != wip || e.opcode != wop || e.err != werr || (werr == errOK && e.length != 1) {
				t.Fatalf("%s offset %d pass %d: memo skip %d %02X %v, walk %d %02X %v", name, ip, pass, e.ip, e.opcode, e.err, wip, wop, werr)
			}
		}
	}
	return n
}

// TestSkipTableMatchesWalk checks the IF/ELSE skip targets (skipScan and
// the memo) against insIF/insELSE's byte walk at every IF/ELSE offset of
// every corpus program (fpgm, prep, glyph programs), including offsets
// inside push data, and of random bytes.
func TestSkipTableMatchesWalk(t *testing.T) {
	total := 0
	fonts := append(append([]corpus.Font(nil), corpus.GoFonts...), corpus.HintedFonts...)
	for _, font := range fonts {
		data := corpus.Load(t, font)
		if data == nil {
			continue
		}
		sf, err := sfnt.Parse(data)
		if err != nil {
			t.Fatalf("%s: %v", font.Name, err)
		}
		total += checkSkips(t, font.Name+" fpgm", sf.Fpgm())
		total += checkSkips(t, font.Name+" prep", sf.Prep())
		var g sfnt.Glyph
		for gid := 0; gid < sf.NumGlyphs(); gid++ {
			if sf.LoadGlyph(uint16(gid), &g) == nil && len(g.Instructions) > 0 {
				total += checkSkips(t, fmt.Sprintf("%s glyph %d", font.Name, gid), g.Instructions)
			}
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 20000; i++ {
		code := randBytes(r, 1+r.IntN(64))
		for j := range code { // more IF/ELSE/EIF than chance gives
			if r.IntN(4) == 0 {
				code[j] = []byte{0x58, 0x1B, 0x59}[r.IntN(3)]
			}
		}
		total += checkSkips(t, fmt.Sprintf("random % x", code), code)
	}
	t.Logf("%d skips checked", total)
}

// TestMulDiv64 checks the loop's MUL and DIV against ftmath.
func TestMulDiv64(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	vals := []int64{0, 1, -1, 63, 64, -64, 65, 0x7FFFFFFF, -0x80000000, math.MaxInt64, math.MinInt64, 1 << 40, -(1 << 40)}
	for i := 0; i < 200000; i++ {
		var a, b int64
		if i < len(vals)*len(vals) {
			a, b = vals[i/len(vals)], vals[i%len(vals)]
		} else {
			a, b = int64(r.Uint64())>>r.IntN(64), int64(r.Uint64())>>r.IntN(64)
		}
		if got, want := doMUL(a, b), ftmath.MulDiv(a, b, 64); got != want {
			t.Fatalf("doMUL(%d, %d) = %d, MulDiv %d", a, b, got, want)
		}
		if b != 0 {
			if got, want := doDIV(a, b), ftmath.MulDivNoRound(a, 64, b); got != want {
				t.Fatalf("doDIV(%d, %d) = %d, MulDivNoRound %d", a, b, got, want)
			}
		}
	}
}

// BenchmarkSkip measures IF/ELSE skipping over Charis SIL's fpgm (the
// heaviest IF user of the corpus): the byte walk against the warm memo.
func BenchmarkSkip(b *testing.B) {
	var font corpus.Font
	for _, f := range corpus.HintedFonts {
		if f.Name == "CharisSIL" {
			font = f
		}
	}
	data := corpus.Load(b, font)
	sf, err := sfnt.Parse(data)
	if err != nil {
		b.Fatal(err)
	}
	code := sf.Fpgm()
	var offs []int // IF/ELSE offsets whose skip succeeds (a failing one ends a run)
	for ip, c := range code {
		if c == 0x58 || c == 0x1B {
			if _, _, ok := skipScan(code, ip, c == 0x1B); ok {
				offs = append(offs, ip)
			}
		}
	}
	b.Run("walk", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			for _, ip := range offs {
				skipScan(code, ip, code[ip] == 0x1B)
			}
		}
		b.ReportMetric(float64(len(offs)), "skips/op")
	})
	b.Run("memo", func(b *testing.B) {
		e := &exec{code: code, curRange: rangeFont}
		e.skips[rangeFont].memoFor(code)
		for i := 0; i < b.N; i++ {
			for _, ip := range offs {
				e.ip, e.opcode, e.err = ip, code[ip], errOK
				e.skip()
			}
		}
		b.ReportMetric(float64(len(offs)), "skips/op")
	})
}

// BenchmarkHintFonts is perf.HintJob inside the package (so it builds
// without the rest of the module): every glyph at 9, 12, 16 and 24 ppem,
// a fresh instance per ppem, target normal.
func BenchmarkHintFonts(b *testing.B) {
	for _, name := range []string{"DejaVuSans", "LiberationSans", "CharisSIL"} {
		var font corpus.Font
		for _, f := range corpus.HintedFonts {
			if f.Name == name {
				font = f
			}
		}
		for _, m := range []Mode{ModeV35, ModeV40} {
			b.Run(fmt.Sprintf("%s/%v", name, m), func(b *testing.B) {
				sf, err := sfnt.Parse(corpus.Load(b, font))
				if err != nil {
					b.Fatal(err)
				}
				f, err := NewFont(sf)
				if err != nil {
					b.Fatal(err)
				}
				var g Glyph
				n := 0
				for i := 0; i < b.N; i++ {
					for _, ppem := range []int{9, 12, 16, 24} {
						in, err := f.NewInstance(ppem, Options{Mode: m})
						if err != nil {
							b.Fatal(err)
						}
						for gid := 0; gid < f.NumGlyphs(); gid++ {
							_ = in.LoadGlyph(gid, &g)
						}
						n += f.NumGlyphs()
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n), "ns/glyph")
			})
		}
	}
}

// naiveFindFunc is Ins_CALL's function lookup without any cache.
func naiveFindFunc(e *exec, f uint64) *defRec {
	if f >= uint64(e.maxFunc+1) || len(e.fdefs) == 0 {
		return nil
	}
	if f < uint64(len(e.fdefs)) {
		def := &e.fdefs[f]
		if e.maxFunc+1 == e.numFDefs && uint64(def.opc) == f {
			if !def.active {
				return nil
			}
			return def
		}
	}
	for i := 0; i < e.numFDefs; i++ {
		if uint64(e.fdefs[i].opc) == f {
			if !e.fdefs[i].active {
				return nil
			}
			return &e.fdefs[i]
		}
	}
	return nil
}

// TestFindFuncCache checks findFunc (with its search cache) against the
// uncached lookup while FDEFs define, redefine and fail to define
// functions (numbers with gaps, duplicates, numbers above 0xFFFF, a full
// table), querying between definitions.
func TestFindFuncCache(t *testing.T) {
	for seed := 0; seed < 300; seed++ {
		r := rand.New(rand.NewPCG(uint64(seed), 11))
		e := machine(40, false, nil, nil)
		e.fdefs = make([]defRec, 1+r.IntN(12))
		check := func(when string) {
			for f := uint64(0); f < uint64(e.maxFunc+3); f++ {
				if got, want := e.findFunc(f), naiveFindFunc(e, f); got != want {
					t.Fatalf("seed %d %s: findFunc(%d) = %p, uncached %p", seed, when, f, got, want)
				}
			}
		}
		check("empty")
		for k := 0; k < 20; k++ {
			var fn []byte
			switch r.IntN(8) {
			case 0: // a number above 0xFFFF: TooManyFunctionDefs after counting an entry
				fn = []byte{0xB9, 0x10, 0x00, 0x10, 0x00, 0x63} // 4096*4096/64
			default:
				fn = []byte{0xB0, byte(r.IntN(16))}
			}
			code := append(fn, 0x2C, 0x20, 0x2D)
			e.runFont(code)
			check(fmt.Sprintf("after FDEF % x", code))
		}
	}
}

// FuzzFastLoop runs arbitrary fpgm and glyph programs through runFast and
// runTraced on twin machines and fails on any difference in the machine
// state (the glyph program runs twice, the second time with warm skip
// tables).
func FuzzFastLoop(f *testing.F) {
	f.Add([]byte{0xB0, 0x00, 0x2C, 0x58, 0x1B, 0x59, 0x2D}, []byte{0xB0, 0x00, 0x2B}, uint8(0), uint8(3), false)
	f.Add([]byte{}, []byte{0xB8, 0xFF, 0xFD, 0x1C}, uint8(5), uint8(0), true)
	for seed := 0; seed < 8; seed++ {
		r := rand.New(rand.NewPCG(uint64(seed), 5))
		f.Add(genFpgm(r), genProgram(r, 20), uint8(seed), uint8(seed), seed%2 == 0)
	}
	f.Fuzz(func(t *testing.T, fpgm, glyph []byte, stack, cvt uint8, v35 bool) {
		if len(fpgm)+len(glyph) > 4096 {
			return
		}
		r := rand.New(rand.NewPCG(uint64(stack), uint64(cvt)))
		v := 40
		if v35 {
			v = 35
		}
		fast, ref := twinMachines(v, int(cvt%20), r)
		fast.stack = make([]int64, StackExtra+int(stack%64))
		ref.stack = make([]int64, len(fast.stack))
		if len(fpgm) > 0 { // empty programs are never run (NewInstance, hintGlyph)
			cf, cr := fast.runFont(fpgm), ref.runFont(fpgm)
			if d := sameRun(fast, ref, cf, cr); d != "" {
				t.Fatalf("fpgm: %s", d)
			}
		}
		if len(glyph) == 0 {
			return
		}
		for rep := 0; rep < 2; rep++ {
			cf, cr := fast.runGlyph(glyph), ref.runGlyph(glyph)
			if d := sameRun(fast, ref, cf, cr); d != "" {
				t.Fatalf("glyph run %d: %s", rep, d)
			}
		}
	})
}

// TestFastOpsMatchesFastLoop checks that fastOps lists exactly the
// opcodes of fastLoop's switch (read from loop.go) that have a body, and
// that hotOps (with the pushes and ENDF the generators write) covers
// them, so that TestFastLoopMatchesTraced and FuzzFastLoop's seeds run
// every inline instruction.
func TestFastOpsMatchesFastLoop(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "loop.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var cases [256]bool
	found := false
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Name.Name != "fastLoop" {
			continue
		}
		ast.Inspect(fn.Body, func(n ast.Node) bool {
			sw, ok := n.(*ast.SwitchStmt)
			if !ok {
				return true
			}
			if id, ok := sw.Tag.(*ast.Ident); !ok || id.Name != "op" {
				return true
			}
			found = true
			for _, c := range sw.Body.List {
				body := c.(*ast.CaseClause).Body
				if len(body) == 0 {
					continue // an empty case takes the slow path
				}
				if g, ok := body[len(body)-1].(*ast.BranchStmt); ok && g.Tok == token.GOTO {
					continue // a direct call of the handler (TestSlowTabMatchesDispatch)
				}
				for _, x := range c.(*ast.CaseClause).List {
					v, err := strconv.ParseUint(x.(*ast.BasicLit).Value, 0, 8)
					if err != nil {
						t.Fatal(err)
					}
					cases[v] = true
				}
			}
			return false
		})
	}
	if !found {
		t.Fatal("no switch op in fastLoop")
	}
	for op := range cases {
		if cases[op] != fastOps[op] {
			t.Errorf("opcode 0x%02X: fastLoop case %v, fastOps %v", op, cases[op], fastOps[op])
		}
	}
	var gen [256]bool
	for _, op := range hotOps {
		gen[op] = true
	}
	gen[0x40], gen[0x41], gen[0x2D] = true, true, true // genProgram's pushes, genFpgm's ENDF
	// genProgram's PUSHB[m-1] and PUSHW[m-1]
	for m := 1; m <= 8; m++ {
		gen[0xB0+m-1], gen[0xB8+m-1] = true, true
	}
	for op := range fastOps {
		if fastOps[op] && !gen[op] {
			t.Errorf("opcode 0x%02X: fastLoop runs it inline, the generated programs never use it", op)
		}
	}
}

// TestSlowTabMatchesDispatch runs every opcode, after pushes of point
// numbers, CVT indices and small values (and, for some seeds, a loop
// count and a vector or zone change), through runFast - where the
// opcodes outside fastLoop run through slowTab's handler - and
// runTraced - where they run through dispatch - and compares the whole
// machine state: a slowTab entry naming another handler than dispatch
// does shows here.
func TestSlowTabMatchesDispatch(t *testing.T) {
	bad := 0
	for op := 0; op < 256 && bad < 5; op++ {
		for seed := 0; seed < 24; seed++ {
			r := rand.New(rand.NewPCG(uint64(op), uint64(seed)))
			fast, ref := twinMachines([]int{35, 40}[seed&1], 1+r.IntN(8), r)
			var code []byte
			if seed%3 == 1 {
				code = append(code, byte(r.IntN(6)))               // SxyTCA
				code = append(code, 0xB0, byte(1+r.IntN(3)), 0x17) // SLOOP
			}
			if seed%5 == 2 {
				code = append(code, 0xB0, byte(r.IntN(2)), 0x13+byte(r.IntN(4))) // SZPx
			}
			n := 1 + r.IntN(8)
			code = append(code, 0x40, byte(n))
			for range n {
				switch r.IntN(4) {
				case 0:
					code = append(code, byte(r.IntN(256)))
				default:
					code = append(code, byte(r.IntN(8)))
				}
			}
			code = append(code, byte(op))
			if r.IntN(2) == 0 {
				code = append(code, 0xB1, byte(r.IntN(6)), byte(r.IntN(6)), byte(op))
			}
			// the instructions runFast's slow path runs itself between
			// slow ones (SRP0-2, RTG), with and without an argument
			for range r.IntN(4) {
				code = append(code, []byte{0x10, 0x11, 0x12, 0x18, 0x00, 0x01}[r.IntN(6)], byte(op))
			}
			cf, cr := fast.runGlyph(code), ref.runGlyph(code)
			if d := sameRun(fast, ref, cf, cr); d != "" {
				t.Errorf("opcode %#02x, glyph % x: %s", op, code, d)
				bad++
				break
			}
			// The same in function 0, inside IF/ELSE/EIF (ELSE after
			// the instruction: memoised from the second call on).
			fpgm := []byte{0xB0, 0x00, 0x2C, 0xB0, byte(r.IntN(2)), 0x58}
			fpgm = append(fpgm, code...)
			fpgm = append(fpgm, 0x1B, byte(op), 0x59, byte(op), 0x2D)
			glyph := []byte{0xB0, 0x00, 0x2B, 0xB0, 0x00, 0x2B, 0xB0, 0x00, 0x2B}
			cf, cr = fast.runFont(fpgm), ref.runFont(fpgm)
			if cf == errOK && cr == errOK {
				cf, cr = fast.runGlyph(glyph), ref.runGlyph(glyph)
			}
			if d := sameRun(fast, ref, cf, cr); d != "" {
				t.Errorf("opcode %#02x, fpgm % x: %s", op, fpgm, d)
				bad++
				break
			}
		}
	}
}
