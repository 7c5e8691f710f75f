//go:build reference

package ftref

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/image/font/gofont/goregular"

	"fontvm/internal/conformance/golden"
	"fontvm/internal/corpus"
)

func TestVersion(t *testing.T) {
	if v := Version(); !strings.Contains(golden.Reference, "FreeType "+v+" ") {
		t.Errorf("linked FreeType %s; golden data expects %q", v, golden.Reference)
	}
	out, err := exec.Command("dpkg-query", "-W", "-f=${Version}", "libfreetype6").Output()
	if err != nil {
		t.Fatalf("dpkg-query: %v", err)
	}
	if want := "libfreetype6 " + string(out) + ")"; !strings.HasSuffix(golden.Reference, want) {
		t.Errorf("installed libfreetype6 %s; golden data expects %q", out, golden.Reference)
	}
}

func TestErrName(t *testing.T) {
	for code, want := range map[int]string{0x80: "Invalid_Opcode", 0xA1: "Stack_Underflow", 0x8B: "Execution_Too_Long",
		0x10: "Invalid_Glyph_Index", 0xFE: "0xFE"} {
		if got := ErrName(code); got != want {
			t.Errorf("ErrName(%#x) = %q, want %q", code, got, want)
		}
	}
}

// TestUnhinted checks the whole path (library, face, size, load, copy-out)
// against an independent reading of the glyf table (minimal parser below):
// in mode none at ppem = unitsPerEm/64, FreeType's scale is exactly 1, so
// every simple glyph's 26.6 points equal its font-unit points.
func TestUnhinted(t *testing.T) {
	font := goregular.TTF
	head, maxp, loca, glyf := table(t, font, "head"), table(t, font, "maxp"), table(t, font, "loca"), table(t, font, "glyf")
	upem := int(be16(head[18:]))
	longLoca := be16(head[50:]) != 0
	numGlyphs := int(be16(maxp[4:]))
	if upem%64 != 0 {
		t.Fatalf("unitsPerEm %d not a multiple of 64", upem)
	}
	gss, err := Outlines(font, []int{upem / 64}, ModeNone, TargetNormal)
	if err != nil {
		t.Fatal(err)
	}
	if len(gss[0]) != numGlyphs {
		t.Fatalf("got %d glyphs, font has %d", len(gss[0]), numGlyphs)
	}
	simple := 0
	for _, g := range gss[0] {
		var lo, hi int
		if longLoca {
			lo, hi = int(be32(loca[4*g.GID:])), int(be32(loca[4*g.GID+4:]))
		} else {
			lo, hi = 2*int(be16(loca[2*g.GID:])), 2*int(be16(loca[2*g.GID+2:]))
		}
		if hi <= lo || int16(be16(glyf[lo:])) < 0 {
			continue // empty or composite
		}
		xy, ends := simpleGlyph(glyf[lo:hi])
		if g.Err != "" || !reflect.DeepEqual(xy, g.XY) || !reflect.DeepEqual(ends, g.Ends) {
			t.Errorf("gid %d: FreeType %s\nglyf: %v ends %v", g.GID, g.Line(), xy, ends)
		}
		simple++
	}
	if simple < numGlyphs/2 {
		t.Errorf("only %d simple glyphs checked", simple)
	}
}

func be16(b []byte) uint16 { return uint16(b[0])<<8 | uint16(b[1]) }
func be32(b []byte) uint32 { return uint32(be16(b))<<16 | uint32(be16(b[2:])) }

func table(t *testing.T, font []byte, tag string) []byte {
	n := int(be16(font[4:]))
	for i := 0; i < n; i++ {
		r := font[12+16*i:]
		if string(r[:4]) == tag {
			off, l := be32(r[8:]), be32(r[12:])
			return font[off : off+l]
		}
	}
	t.Fatalf("no %s table", tag)
	return nil
}

// simpleGlyph decodes a simple glyf entry's points (interleaved) and ends.
func simpleGlyph(g []byte) (xy []int64, ends []int32) {
	nc := int(be16(g))
	p := 10
	for i := 0; i < nc; i++ {
		ends = append(ends, int32(be16(g[p:])))
		p += 2
	}
	np := int(ends[nc-1]) + 1
	p += 2 + int(be16(g[p:]))
	flags := make([]byte, 0, np)
	for len(flags) < np {
		f := g[p]
		p++
		flags = append(flags, f)
		if f&8 != 0 {
			for r := g[p]; r > 0; r-- {
				flags = append(flags, f)
			}
			p++
		}
	}
	xy = make([]int64, 2*np)
	for axis := 0; axis < 2; axis++ {
		short, same := byte(2<<axis), byte(16<<axis)
		v := int64(0)
		for i, f := range flags {
			switch {
			case f&short != 0 && f&same != 0:
				v += int64(g[p])
				p++
			case f&short != 0:
				v -= int64(g[p])
				p++
			case f&same == 0:
				v += int64(int16(be16(g[p:])))
				p += 2
			}
			xy[2*i+axis] = v
		}
	}
	return xy, ends
}

func TestOutlinesShape(t *testing.T) {
	gss, err := Outlines(goregular.TTF, []int{9, 12}, ModeV40, TargetNormal)
	if err != nil {
		t.Fatal(err)
	}
	for k, gs := range gss {
		nonEmpty := 0
		for _, g := range gs {
			if g.Err != "" {
				t.Errorf("ppem #%d gid %d: %s", k, g.GID, g.Err)
				continue
			}
			if len(g.XY)%2 != 0 {
				t.Fatalf("gid %d: odd coordinate count", g.GID)
			}
			if len(g.Ends) > 0 {
				nonEmpty++
				if int(g.Ends[len(g.Ends)-1]) != len(g.XY)/2-1 {
					t.Errorf("gid %d: last contour end %d, %d points", g.GID, g.Ends[len(g.Ends)-1], len(g.XY)/2)
				}
			}
			// Hinted advances are whole pixels.
			if g.Adv%64 != 0 {
				t.Errorf("gid %d: hinted advance %d not a whole pixel", g.GID, g.Adv)
			}
		}
		if nonEmpty < len(gs)/2 {
			t.Errorf("only %d of %d glyphs have contours", nonEmpty, len(gs))
		}
	}
	if reflect.DeepEqual(gss[0], gss[1]) {
		t.Error("ppem 9 and 12 gave the same outlines")
	}
}

func TestBadPPEM(t *testing.T) {
	if _, err := Outlines(goregular.TTF, []int{0}, ModeV35, TargetMono); err == nil {
		t.Error("ppem 0 accepted")
	}
	if _, err := Outlines([]byte("not a font at all"), []int{12}, ModeV35, TargetMono); err == nil {
		t.Error("garbage font accepted")
	}
}

func TestTime(t *testing.T) {
	ns, loads, err := Time(goregular.TTF, []int{12, 16}, ModeV35, TargetNormal, 2)
	if err != nil {
		t.Fatal(err)
	}
	if want := int64(2 * 2 * 712); loads != want || ns <= 0 {
		t.Errorf("Time = %d ns, %d loads; want >0 ns, %d loads", ns, loads, want)
	}
	t.Logf("FreeType v35: %.0f ns/glyph", float64(ns)/float64(loads))
}

func TestRender(t *testing.T) {
	// Glyph 43 of Go Regular is "H" (cmap U+0048).
	const gH = 43
	for _, rm := range []RenderMode{RenderMono, RenderNormal} {
		bms, err := Render(goregular.TTF, 16, ModeV40, TargetNormal, rm, []int{gH, 0xFFFFF})
		if err != nil {
			t.Fatal(err)
		}
		h := bms[0]
		if h.Err != "" || h.Width <= 0 || h.Rows <= 0 || h.Top <= 0 {
			t.Fatalf("mode %d: H bitmap %+v", rm, h)
		}
		minPitch := h.Width
		if rm == RenderMono {
			minPitch = (h.Width + 7) / 8
		}
		if h.Pitch < minPitch || len(h.Buffer) != h.Pitch*h.Rows {
			t.Errorf("mode %d: width %d pitch %d rows %d buffer %d", rm, h.Width, h.Pitch, h.Rows, len(h.Buffer))
		}
		// An H has ink in its top row and its crossbar row.
		ink := 0
		for _, c := range h.Buffer {
			if c != 0 {
				ink++
			}
		}
		if ink == 0 {
			t.Errorf("mode %d: H has no ink", rm)
		}
		if bms[1].Err != "Invalid_Argument" {
			t.Errorf("mode %d: gid 0xFFFFF: err %q, want Invalid_Argument (FT_Load_Glyph on gid >= num_glyphs)", rm, bms[1].Err)
		}
	}
}

// TestGoldenCurrent checks that the committed corpus golden files are what
// the linked FreeType produces now, so golden data cannot rot.
func TestGoldenCurrent(t *testing.T) {
	dir := golden.Dir(corpus.Root())
	fonts := append(append([]corpus.Font(nil), corpus.GoFonts...), corpus.HintedFonts...)
	for _, cf := range fonts {
		t.Run(cf.Name, func(t *testing.T) {
			t.Parallel()
			data := corpus.Load(t, cf)
			want, err := golden.ReadFile(filepath.Join(dir, golden.FileName(cf.Name)))
			if err != nil {
				t.Fatalf("%v (regenerate: go run -tags reference ./internal/ftref/cmd/gengolden)", err)
			}
			got, err := Golden(cf.Name, data, golden.Configs(), want.Reference)
			if err != nil {
				t.Fatal(err)
			}
			if got.FontSHA != want.FontSHA {
				t.Fatalf("font sha256 %s, golden recorded %s", got.FontSHA, want.FontSHA)
			}
			if want.Reference != golden.Reference || want.Flags != golden.Flags {
				t.Errorf("golden header reference %q flags %q; want %q, %q", want.Reference, want.Flags, golden.Reference, golden.Flags)
			}
			if len(got.Records) != len(want.Records) {
				t.Fatalf("%d records, golden has %d", len(got.Records), len(want.Records))
			}
			bad := 0
			for i := range got.Records {
				if !reflect.DeepEqual(got.Records[i], want.Records[i]) {
					if bad++; bad <= 5 {
						t.Errorf("record %v differs from golden", got.Records[i].Config)
					}
				}
			}
			if bad > 0 {
				t.Errorf("%d of %d records differ", bad, len(got.Records))
			}
		})
	}
}

func ExampleLines() {
	lines, err := Lines(goregular.TTF, 12, ModeV35, TargetMono)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(lines))
	// Output: 712
}
