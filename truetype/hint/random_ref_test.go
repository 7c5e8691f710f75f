//go:build reference

package hint

import (
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"fontvm/internal/fontwriter"
	"fontvm/internal/ftref"
	"fontvm/sfnt"
	"fontvm/truetype/isa"
)

// randomProgram makes a program of n instructions, each preceded by a
// push of as many small numbers as it pops (point, CVT and storage
// indexes, distances, flags), so that most instructions do something.
func randomProgram(r *rand.Rand, n int, allowDefs bool) []byte {
	var b []byte
	for i := 0; i < n; i++ {
		op := byte(r.IntN(256))
		for (op >= 0xB0 && op < 0xC0) || op == 0x40 || op == 0x41 || op == 0x2C || op == 0x89 || op == 0x2D ||
			(!isa.Opcodes[op].Defined() && r.IntN(20) != 0) || (op == 0x1C || op == 0x78 || op == 0x79) && r.IntN(3) != 0 {
			op = byte(r.IntN(256))
		}
		k := isa.Opcodes[op].Pops
		if r.IntN(10) == 0 {
			k += r.IntN(3) // a looping instruction's points, or junk
		}
		if op == 0x2B || op == 0x2A { // CALL, LOOPCALL: a defined function
			if op == 0x2A {
				b = append(b, 0xB1, byte(r.IntN(3)), byte(r.IntN(4)))
			} else {
				b = append(b, 0xB0, byte(r.IntN(4)))
			}
			b = append(b, op)
			continue
		}
		if k > 0 {
			if r.IntN(5) == 0 {
				b = append(b, 0x41, byte(k))
				for j := 0; j < k; j++ {
					v := int16(r.IntN(400) - 200)
					b = append(b, byte(uint16(v)>>8), byte(v))
				}
			} else {
				b = append(b, 0x40, byte(k))
				for j := 0; j < k; j++ {
					switch r.IntN(4) {
					case 0, 1:
						b = append(b, byte(r.IntN(13)))
					case 2:
						b = append(b, byte(r.IntN(128)))
					default:
						b = append(b, byte(r.IntN(256)))
					}
				}
			}
		}
		b = append(b, op)
		if op == 0x58 { // IF: give it a body and an EIF
			b = append(b, 0xB0, byte(r.IntN(10)), 0x59)
		}
	}
	return b
}

// TestRandomPrograms compares fontvm with FreeType on fonts whose fpgm,
// prep and glyph programs are random (HINT_RANDOM fonts, default 30).
func TestRandomPrograms(t *testing.T) {
	nf := 30
	if s := os.Getenv("HINT_RANDOM"); s != "" {
		nf, _ = strconv.Atoi(s)
	}
	pts := [][]fontwriter.Point{
		{{X: 50, Y: 0, On: true}, {X: 50, Y: 700, On: true}, {X: 300, Y: 720, On: false}, {X: 550, Y: 700, On: true}, {X: 550, Y: 0, On: true}},
		{{X: 150, Y: 100, On: true}, {X: 450, Y: 100, On: true}, {X: 300, Y: 600, On: true}},
	}
	total, same, errLines := 0, 0, 0
	for fi := 0; fi < nf; fi++ {
		r := rand.New(rand.NewPCG(uint64(fi), 99))
		upems := []uint16{1000, 2048, 1024, 577, 16, 16384}
		fw := &fontwriter.Font{HeadFlags: uint16(8 * r.IntN(2)), UnitsPerEm: upems[r.IntN(len(upems))]}
		var fpgm []byte
		for fn := 0; fn < 4; fn++ {
			fpgm = append(fpgm, 0xB0, byte(fn), 0x2C)
			fpgm = append(fpgm, randomProgram(r, 1+r.IntN(6), false)...)
			fpgm = append(fpgm, 0x2D)
		}
		if r.IntN(4) == 0 {
			fpgm = append(fpgm, randomProgram(r, 5, false)...)
		}
		fw.Fpgm = fpgm
		if r.IntN(3) > 0 {
			fw.Prep = randomProgram(r, 2+r.IntN(15), false)
		}
		for i := 0; i < 10; i++ {
			fw.CVT = append(fw.CVT, int16(r.IntN(600)-100))
		}
		fw.Glyphs = append(fw.Glyphs, fontwriter.Glyph{})
		for gi := 0; gi < 25; gi++ {
			g := fontwriter.Glyph{Contours: pts, Advance: uint16(400 + r.IntN(300))}
			if gi%5 == 4 {
				c1 := fontwriter.Component{GlyphIndex: uint16(1 + r.IntN(3)), Arg1: int32(r.IntN(200) - 100), Arg2: int32(r.IntN(100) - 50),
					Flags: uint16(r.IntN(2))*0x0004 | uint16(r.IntN(2))*0x0200 | uint16(r.IntN(3)/2)*0x0800}
				c2 := fontwriter.Component{GlyphIndex: uint16(1 + r.IntN(3)), Arg1: int32(r.IntN(8)), Arg2: int32(r.IntN(8)), PointNumbers: r.IntN(2) == 0,
					Flags: uint16(r.IntN(2)) * 0x0004}
				switch r.IntN(4) {
				case 1:
					c1.Scale = []int16{int16(r.IntN(0x6000))}
				case 2:
					c1.Scale = []int16{int16(r.IntN(0x6000)), int16(r.IntN(0x6000) - 0x1000)}
				case 3:
					c1.Scale = []int16{int16(r.IntN(0x6000)), int16(r.IntN(0x2000)), int16(r.IntN(0x2000)), int16(r.IntN(0x6000))}
				}
				if !c2.PointNumbers {
					c2.Arg1, c2.Arg2 = int32(r.IntN(100)), int32(r.IntN(100))
				}
				g = fontwriter.Glyph{Components: []fontwriter.Component{c1, c2}, Advance: 600}
			}
			g.Instructions = randomProgram(r, 3+r.IntN(25), false)
			fw.Glyphs = append(fw.Glyphs, g)
		}
		md := fw.DerivedMaxp()
		md.MaxStackElements = uint16(r.IntN(30))
		md.MaxTwilightPoints = uint16(r.IntN(8))
		md.MaxStorage = uint16(r.IntN(10))
		md.MaxFunctionDefs = uint16(r.IntN(10))
		md.MaxInstructionDefs = uint16(r.IntN(3))
		fw.Maxp = &md
		data, err := fw.Bytes()
		if err != nil {
			t.Fatal(err)
		}
		sf, err := sfnt.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		f, err := NewFont(sf)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range []Mode{ModeV40, ModeV35} {
			for _, tg := range []Target{TargetNormal, TargetMono} {
				for _, ppem := range []int{6 + r.IntN(10), 16 + r.IntN(20)} {
					want, err := ftref.Lines(data, ppem, ftref.Mode(m), ftref.Target(tg))
					if err != nil {
						t.Fatal(err)
					}
					in, err := f.NewInstance(ppem, Options{Mode: m, Target: tg})
					if err != nil {
						t.Fatal(err)
					}
					refCount(t, f, want)
					var g Glyph
					for gid := range want {
						if strings.Contains(want[gid], " err ") {
							errLines++
						}
						total++
						got := ourLine(in, gid, &g)
						if got == want[gid] {
							same++
						} else if total-same <= 10 {
							t.Errorf("font %d %v/%v ppem %d glyph %d:\n  ft: %.400s\n  us: %.400s", fi, m, tg, ppem, gid, want[gid], got)
						}
					}
				}
			}
		}
	}
	t.Logf("random programs: %d/%d glyph loads exact (%d are FreeType errors)", same, total, errLines)
	if same != total {
		t.Errorf("%d glyph loads differ", total-same)
	}
}
