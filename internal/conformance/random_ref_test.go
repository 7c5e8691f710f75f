//go:build reference

package conformance

import (
	"encoding/hex"
	"math/rand"
	"os"
	"strconv"
	"strings"
	"testing"

	"fontvm/internal/conformance/golden"
	"fontvm/internal/fontwriter"
)

// randomProgram returns n random instructions, each preceded by a push of
// plausible arguments (point numbers, small distances, CVT and storage
// indices, occasionally large or negative values), mostly defined opcodes.
func randomProgram(r *rand.Rand, n int, allowDefs bool) []byte {
	var p []byte
	for i := 0; i < n; i++ {
		nargs := r.Intn(4)
		if nargs > 0 {
			vals := make([]int, nargs)
			word := false
			for k := range vals {
				switch r.Intn(10) {
				case 0, 1, 2, 3:
					vals[k] = r.Intn(12) // points, incl. phantoms
				case 4, 5:
					vals[k] = r.Intn(8) // cvt/storage/zone/function numbers
				case 6, 7:
					vals[k] = r.Intn(400) - 200
				case 8:
					vals[k] = r.Intn(65536) - 32768
				default:
					vals[k] = r.Intn(256)
				}
				if vals[k] < 0 || vals[k] > 255 {
					word = true
				}
			}
			if word {
				p = append(p, 0xB8+byte(nargs-1))
				for _, v := range vals {
					p = append(p, byte(uint16(v)>>8), byte(v))
				}
			} else {
				p = append(p, 0xB0+byte(nargs-1))
				for _, v := range vals {
					p = append(p, byte(v))
				}
			}
		}
		var op byte
		for {
			op = byte(r.Intn(256))
			if op >= 0x40 && op <= 0x41 || op >= 0xB0 && op <= 0xBF {
				continue // pushes are generated above
			}
			if !allowDefs && (op == 0x2C || op == 0x89 || op == 0x2D) && r.Intn(4) != 0 {
				continue
			}
			if op >= 0xA0 && op < 0xB0 || op >= 0x8F && op < 0xA0 {
				if r.Intn(8) != 0 { // undefined: rarely
					continue
				}
			}
			break
		}
		p = append(p, op)
	}
	return p
}

// randomFonts is the number of random fonts TestRandomPrograms makes by
// default: 8,000 fonts of 17 glyphs in 15 configurations (3 ppems, 5
// mode/targets), 2,040,000 glyph lines, each compared with FreeType.
const randomFonts = 8000

// TestRandomPrograms compares fontvm with the linked FreeType on fonts
// whose fpgm, prep and glyph programs are random instruction sequences
// (seeded, so a failure reproduces; FONTVM_RANDOM_SEED and
// FONTVM_RANDOM_FONTS change the seed and the number of fonts).
func TestRandomPrograms(t *testing.T) {
	seed := int64(1)
	if s := os.Getenv("FONTVM_RANDOM_SEED"); s != "" {
		v, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		seed = v
	}
	nfonts := randomFonts
	if s := os.Getenv("FONTVM_RANDOM_FONTS"); s != "" {
		v, err := strconv.Atoi(s)
		if err != nil {
			t.Fatal(err)
		}
		nfonts = v
	}
	r := rand.New(rand.NewSource(seed))
	var cs []golden.Config
	for _, p := range []int{9, 14, 23} {
		for _, m := range golden.Modes {
			cs = append(cs, golden.Config{Mode: m[0], Target: m[1], PPEM: p})
		}
	}
	total, bad, errs, expected := 0, 0, 0, 0
	shapes := map[string]bool{} // distinct hinted point lists FreeType produced
	for fi := 0; fi < nfonts; fi++ {
		f := fontwriter.Font{UnitsPerEm: 2048, CVT: []int16{0, 64, -128, 700, 1500, -2048, 33, 300}}
		// A function library: f0..f3 random bodies.
		var fpgm []byte
		for fn := 0; fn < 4; fn++ {
			fpgm = append(fpgm, 0xB0, byte(fn), 0x2C)
			fpgm = append(fpgm, randomProgram(r, 6+r.Intn(10), false)...)
			fpgm = append(fpgm, 0x2D)
		}
		f.Fpgm = fpgm
		if r.Intn(3) == 0 {
			f.Prep = randomProgram(r, 5+r.Intn(10), false)
		}
		f.Glyphs = []fontwriter.Glyph{{}}
		progs := []string{""}
		for g := 0; g < 12; g++ {
			prog := randomProgram(r, 10+r.Intn(40), true)
			f.Glyphs = append(f.Glyphs, fontwriter.Glyph{Contours: DefaultContours, Instructions: prog, Advance: 800})
			progs = append(progs, hex.EncodeToString(prog))
		}
		// Composites of the simple glyphs (and of each other) with random
		// component flags, transforms, point matching and programs.
		for g := 0; g < 4; g++ {
			var comps []fontwriter.Component
			for k := 1 + r.Intn(3); k > 0; k-- {
				c := fontwriter.Component{GlyphIndex: uint16(1 + r.Intn(len(f.Glyphs)-1))}
				if r.Intn(3) == 0 && len(comps) > 0 {
					c.PointNumbers = true
					c.Arg1, c.Arg2 = int32(r.Intn(10)), int32(r.Intn(9))
				} else {
					c.Arg1, c.Arg2 = int32(r.Intn(600)-300), int32(r.Intn(600)-300)
				}
				c.Flags = uint16([]int{0, 0x0004, 0x0200, 0x0400, 0x0800, 0x1000}[r.Intn(6)])
				switch r.Intn(4) {
				case 1:
					c.Scale = []int16{int16(r.Intn(32768) - 16384)}
				case 2:
					c.Scale = []int16{int16(r.Intn(32768) - 16384), int16(r.Intn(32768) - 16384)}
				case 3:
					c.Scale = []int16{int16(r.Intn(32768) - 16384), int16(r.Intn(8192) - 4096), int16(r.Intn(8192) - 4096), int16(r.Intn(32768) - 16384)}
				}
				comps = append(comps, c)
			}
			var prog []byte
			if r.Intn(2) == 0 {
				prog = randomProgram(r, 5+r.Intn(20), true)
			}
			f.Glyphs = append(f.Glyphs, fontwriter.Glyph{Components: comps, Instructions: prog, Advance: 700})
			progs = append(progs, hex.EncodeToString(prog))
		}
		data, err := f.Bytes()
		if err != nil {
			t.Fatal(err)
		}
		ft := freetypeLines(t, data, cs)
		expected += len(f.Glyphs) * len(cs)
		h, err := NewHinter(data)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cs {
			want := ft[c]
			if err := h.Lines(c, func(gid int, line []byte) {
				total++
				if strings.Contains(want[gid], " err ") {
					errs++
				} else if c.Mode != "none" && gid > 0 {
					_, pts, _ := strings.Cut(want[gid], " pts ")
					shapes[pts] = true
				}
				if string(line) == want[gid] {
					return
				}
				bad++
				if bad <= 5 {
					t.Errorf("seed %d font %d %v gid %d: %s\n  fpgm %x\n  prep %x\n  glyph %s\n  FreeType: %s\n  fontvm:   %s",
						seed, fi, c, gid, FirstDiff(want[gid], string(line)), f.Fpgm, f.Prep, progs[gid], want[gid], line)
				}
			}); err != nil {
				t.Fatal(err)
			}
		}
	}
	// How much the random programs exercise: FreeType's error lines and
	// the number of distinct hinted outlines it produced.
	t.Logf("seed %d: %d fonts, %d/%d lines exact (FreeType: %d error lines, %d distinct hinted outlines)",
		seed, nfonts, total-bad, total, errs, len(shapes))
	if bad > 0 {
		t.Errorf("%d of %d lines differ", bad, total)
	}
	if total != expected || total == 0 {
		t.Errorf("%d lines compared, %d expected (every glyph of %d fonts in %d configurations)", total, expected, nfonts, len(cs))
	}
}
