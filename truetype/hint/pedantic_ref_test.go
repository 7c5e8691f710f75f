//go:build reference

package hint

import (
	"math/rand/v2"
	"testing"

	"fontvm/internal/fontwriter"
	"fontvm/internal/ftref"
)

// TestRandomProgramsPedantic compares pedantic instances with FreeType's
// FT_LOAD_PEDANTIC on fonts with random fpgm, prep and glyph programs
// (randomProgram: small indices, often out of range, so every pedantic
// check is reached): every glyph's error code is FreeType's.
func TestRandomProgramsPedantic(t *testing.T) {
	pts := [][]fontwriter.Point{
		{{X: 50, Y: 0, On: true}, {X: 50, Y: 700, On: true}, {X: 300, Y: 720, On: false}, {X: 550, Y: 700, On: true}},
		{{X: 150, Y: 100, On: true}, {X: 450, Y: 100, On: true}, {X: 300, Y: 600, On: true}},
	}
	total, same, failing := 0, 0, 0
	codes := map[int]int{}
	for fi := 0; fi < 80; fi++ {
		r := rand.New(rand.NewPCG(uint64(fi), 1218))
		fw := &fontwriter.Font{}
		for fn := 0; fn < 4; fn++ {
			fw.Fpgm = append(fw.Fpgm, 0xB0, byte(fn), 0x2C)
			if fi%4 == 1 {
				fw.Fpgm = append(fw.Fpgm, randomProgram(r, 1+r.IntN(3), false)...)
			}
			fw.Fpgm = append(fw.Fpgm, 0x2D)
		}
		if fi%8 == 0 {
			fw.Prep = randomProgram(r, 1+r.IntN(4), false)
		}
		for i := 0; i < 10; i++ {
			fw.CVT = append(fw.CVT, int16(r.IntN(600)-100))
		}
		fw.Glyphs = append(fw.Glyphs, fontwriter.Glyph{})
		for gi := 0; gi < 30; gi++ {
			g := fontwriter.Glyph{Contours: pts, Advance: 500}
			if gi%6 == 5 {
				g = fontwriter.Glyph{Components: []fontwriter.Component{{GlyphIndex: 1}, {GlyphIndex: 2, Arg1: 30}}, Advance: 600}
			}
			g.Instructions = randomProgram(r, 1+r.IntN(4), false)
			fw.Glyphs = append(fw.Glyphs, g)
		}
		md := fw.DerivedMaxp()
		md.MaxStackElements = uint16(8 + r.IntN(30))
		md.MaxTwilightPoints = uint16(r.IntN(8))
		md.MaxStorage = uint16(r.IntN(10))
		fw.Maxp = &md
		data, err := fw.Bytes()
		if err != nil {
			t.Fatal(err)
		}
		f := buildFont(t, fw)
		ppems := []int{7 + r.IntN(8), 20 + r.IntN(20)}
		for _, m := range []Mode{ModeV40, ModeV35} {
			for _, tg := range []Target{TargetNormal, TargetMono} {
				want, _, err := ftref.PedanticErrors(data, ppems, ftref.Mode(m), ftref.Target(tg), f.NumGlyphs())
				if err != nil {
					t.Fatal(err)
				}
				for k, ppem := range ppems {
					in, err := f.NewInstance(ppem, Options{Mode: m, Target: tg, Pedantic: true})
					if err != nil {
						t.Fatal(err)
					}
					var g Glyph
					for gid, w := range want[k] {
						var got int
						if err := in.LoadGlyph(gid, &g); err != nil {
							got, _ = ErrorCode(err)
							if got == 0 {
								t.Fatalf("font %d glyph %d: error %v has no FreeType code", fi, gid, err)
							}
						}
						total++
						if w != 0 {
							failing++
							codes[w]++
						}
						if got == w {
							same++
						} else if total-same <= 10 {
							t.Errorf("font %d %v/%v ppem %d glyph %d: FreeType %d (%s), fontvm %d (%v)", fi, m, tg, ppem, gid, w, ftref.ErrName(w), got, in.LastGlyphFault())
						}
					}
				}
			}
		}
	}
	t.Logf("pedantic random programs: %d/%d glyph loads with FreeType's error code (%d failing in FreeType, by code %v)", same, total, failing, codes)
	if same != total {
		t.Errorf("%d glyph loads differ", total-same)
	}
	if failing < total/10 || len(codes) < 3 {
		t.Fatalf("too few FreeType errors to compare: %d of %d, codes %v", failing, total, codes)
	}
}

// TestPedanticCasesReference: pedanticCases' codes are FreeType's, at two
// sizes in every mode.
func TestPedanticCasesReference(t *testing.T) {
	data, err := pedanticFont().Bytes()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, m := range []ftref.Mode{ftref.ModeV35, ftref.ModeV40} {
		for _, tg := range []ftref.Target{ftref.TargetNormal, ftref.TargetMono} {
			errs, _, err := ftref.PedanticErrors(data, []int{12, 30}, m, tg, len(pedanticCases)+1)
			if err != nil {
				t.Fatal(err)
			}
			for _, row := range errs {
				for i, c := range pedanticCases {
					n++
					if row[i+1] != c.code {
						t.Errorf("%v/%v %s: FreeType %#x, table %#x", m, tg, c.name, row[i+1], c.code)
					}
				}
			}
		}
	}
	if n != 8*len(pedanticCases) {
		t.Fatalf("compared %d", n)
	}
}
