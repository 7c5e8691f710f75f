package fontwriter_test

import (
	"bytes"
	"testing"

	"fontvm/internal/fontwriter"
	"fontvm/sfnt"
)

func i16p(v int16) *int16 { return &v }

// testFont exercises every feature of the writer.
func testFont() *fontwriter.Font {
	square := [][]fontwriter.Point{{
		{X: 100, Y: 0, On: true}, {X: 100, Y: 700, On: true}, {X: 600, Y: 700, On: true}, {X: 600, Y: 0, On: true},
	}}
	curvy := [][]fontwriter.Point{
		{{X: 50, Y: 50, On: false}, {X: 300, Y: -20, On: false}, {X: 550, Y: 50, On: true}, {X: 2000, Y: 400, On: false}},
		{{X: -300, Y: 0, On: true}, {X: -300, Y: 0, On: true}, {X: -300, Y: 0, On: true}, {X: -300, Y: 0, On: true}, {X: -299, Y: 1, On: true}},
	}
	return &fontwriter.Font{
		UnitsPerEm: 2048,
		HeadFlags:  0x0009,
		Glyphs: []fontwriter.Glyph{
			{Contours: square, Advance: 700}, // .notdef
			{Advance: 500},                   // space
			{Contours: square, Instructions: []byte{0xB0, 0x01, 0x2A}, Advance: 700},          // A
			{Contours: curvy, Instructions: bytes.Repeat([]byte{0xB0, 3}, 300), Advance: 800}, // B
			{Components: []fontwriter.Component{
				{GlyphIndex: 2, Arg1: 10, Arg2: -20},
				{GlyphIndex: 3, Arg1: 1000, Arg2: -2000, Flags: sfnt.ROUND_XY_TO_GRID | sfnt.USE_MY_METRICS, Scale: []int16{0x2000}},
				{GlyphIndex: 2, Arg1: 3, Arg2: 2, PointNumbers: true, Scale: []int16{0x4000, -0x4000}},
				{GlyphIndex: 3, Arg1: 1, Arg2: 2, PointNumbers: true, Scale: []int16{0x1000, 0x0100, -0x0200, 0x3000}},
			}, Instructions: []byte{0xB0, 7}, Advance: 900, LSB: i16p(-5)},
			{Components: []fontwriter.Component{{GlyphIndex: 4, Arg1: 0, Arg2: 0, Flags: sfnt.OVERLAP_COMPOUND}}, Advance: 901},
		},
		Fpgm: []byte{0xB0, 0x00, 0x2C, 0x2D},
		Prep: []byte{0xB8, 0x01, 0x00},
		CVT:  []int16{0, 100, -100, 32767, -32768},
		Gasp: []fontwriter.GaspRange{{MaxPPEM: 8, Behavior: 2}, {MaxPPEM: 0xFFFF, Behavior: 15}},
		Cmap: map[rune]uint16{' ': 1, 'A': 2, 'B': 3, 'C': 4, 'D': 5, 'a': 2, 0xFFFE: 3, 0x10000: 4, 0x1F600: 5, 0x10FFFF: 2},
		Tables: map[string][]byte{
			"Silf": {0, 3, 0, 0, 1, 2, 3},
			"Feat": {0, 1, 0, 0},
		},
	}
}

func TestRoundTrip(t *testing.T) {
	for _, long := range []bool{false, true} {
		for _, ro := range []bool{false, true} {
			fw := testFont()
			fw.LongLoca = long
			fw.CmapRangeOffsets = ro
			data, err := fw.Bytes()
			if err != nil {
				t.Fatal(err)
			}
			checkRoundTrip(t, fw, data)
		}
	}
}

func checkRoundTrip(t *testing.T, fw *fontwriter.Font, data []byte) {
	t.Helper()
	f, err := sfnt.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	h := f.Head()
	if h.UnitsPerEm != 2048 || h.Flags != 0x0009 || h.MagicNumber != 0x5F0F3CF5 {
		t.Errorf("head = %+v", h)
	}
	if (h.IndexToLocFormat != 0) != fw.LongLoca {
		t.Errorf("IndexToLocFormat %d, LongLoca %v", h.IndexToLocFormat, fw.LongLoca)
	}
	// The file checksum with checkSumAdjustment is 0xB1B0AFBA.
	if s := sfnt.Checksum(data); s != 0xB1B0AFBA {
		t.Errorf("file checksum 0x%08x", s)
	}
	for _, r := range f.Tables() {
		if r.Tag == sfnt.TagHead {
			continue
		}
		if s := sfnt.Checksum(f.Table(r.Tag)); s != r.Checksum {
			t.Errorf("%v checksum 0x%08x, directory 0x%08x", r.Tag, s, r.Checksum)
		}
	}
	want := fw.DerivedMaxp()
	m := f.Maxp()
	if m.Version != 0x10000 || m.NumGlyphs != 6 || m.MaxPoints != want.MaxPoints || m.MaxPoints != 9 ||
		m.MaxContours != 2 || m.MaxSizeOfInstructions != 600 || m.MaxComponentElements != 4 ||
		m.MaxComponentDepth != 2 || m.MaxCompositePoints != 2*4+2*9 || m.MaxCompositeContours != 2*1+2*2 ||
		m.MaxZones != 2 || m.MaxFunctionDefs != 64 || m.MaxStackElements != 256 {
		t.Errorf("maxp = %+v", m)
	}
	hh, err := f.Hhea()
	if err != nil || hh.NumberOfHMetrics != 6 || hh.AdvanceWidthMax != 901 {
		t.Errorf("hhea = %+v, %v", hh, err)
	}
	for gid, g := range fw.Glyphs {
		adv, lsb, err := f.HMetric(uint16(gid))
		if err != nil {
			t.Fatal(err)
		}
		if adv != g.Advance {
			t.Errorf("glyph %d: advance %d, want %d", gid, adv, g.Advance)
		}
		if g.LSB != nil && lsb != *g.LSB {
			t.Errorf("glyph %d: lsb %d, want %d", gid, lsb, *g.LSB)
		}
	}
	if !bytes.Equal(f.Fpgm(), fw.Fpgm) || !bytes.Equal(f.Prep(), fw.Prep) {
		t.Errorf("fpgm/prep differ")
	}
	cvt := f.CVT()
	if got := cvt.AppendTo(nil); len(got) != len(fw.CVT) || cvt.Len() != len(fw.CVT) {
		t.Errorf("cvt %v, want %v", got, fw.CVT)
	} else {
		for i, v := range fw.CVT {
			if got[i] != v || cvt.At(i) != v {
				t.Errorf("cvt[%d] = %d, want %d", i, got[i], v)
			}
		}
	}
	gasp, err := f.Gasp()
	if err != nil || gasp.Len() != 2 || gasp.Range(1) != (sfnt.GaspRange{MaxPPEM: 0xFFFF, Behavior: 15}) {
		t.Errorf("gasp %+v %v", gasp, err)
	}
	if b, ok := gasp.Behavior(9); !ok || b != 15 {
		t.Errorf("gasp behavior(9) = %d %v", b, ok)
	}
	if string(f.Table(sfnt.TagSilf)) != string(fw.Tables["Silf"]) || !f.HasTable(sfnt.TagFeat) {
		t.Errorf("extra tables lost")
	}

	// Glyphs.
	var g sfnt.Glyph
	for gid, wg := range fw.Glyphs {
		if err := f.LoadGlyph(uint16(gid), &g); err != nil {
			t.Fatalf("glyph %d: %v", gid, err)
		}
		if !bytes.Equal(g.Instructions, wg.Instructions) {
			t.Errorf("glyph %d: instructions %x, want %x", gid, g.Instructions, wg.Instructions)
		}
		switch {
		case len(wg.Contours) > 0:
			if g.NumContours != len(wg.Contours) {
				t.Fatalf("glyph %d: %d contours", gid, g.NumContours)
			}
			k := 0
			for c, pts := range wg.Contours {
				for _, p := range pts {
					if g.X[k] != int32(p.X) || g.Y[k] != int32(p.Y) || (g.Flags[k]&sfnt.FlagOnCurve != 0) != p.On {
						t.Errorf("glyph %d point %d: (%d,%d,%#x), want %+v", gid, k, g.X[k], g.Y[k], g.Flags[k], p)
					}
					k++
				}
				if int(g.EndPts[c]) != k-1 {
					t.Errorf("glyph %d: end point %d = %d, want %d", gid, c, g.EndPts[c], k-1)
				}
			}
			if len(g.X) != k {
				t.Errorf("glyph %d: %d points, want %d", gid, len(g.X), k)
			}
		case len(wg.Components) > 0:
			if g.NumContours != -1 || len(g.Components) != len(wg.Components) {
				t.Fatalf("glyph %d: %d contours, %d components", gid, g.NumContours, len(g.Components))
			}
			for k, wc := range wg.Components {
				c := g.Components[k]
				if c.GlyphIndex != wc.GlyphIndex || c.Arg1 != wc.Arg1 || c.Arg2 != wc.Arg2 {
					t.Errorf("glyph %d component %d: %+v, want %+v", gid, k, c, wc)
				}
				if (c.Flags&sfnt.ARGS_ARE_XY_VALUES == 0) != wc.PointNumbers {
					t.Errorf("glyph %d component %d: flags %#x", gid, k, c.Flags)
				}
				if c.Flags&wc.Flags != wc.Flags {
					t.Errorf("glyph %d component %d: flags %#x lack %#x", gid, k, c.Flags, wc.Flags)
				}
				if more := k < len(wg.Components)-1; (c.Flags&sfnt.MORE_COMPONENTS != 0) != more {
					t.Errorf("glyph %d component %d: MORE_COMPONENTS wrong", gid, k)
				}
				var ws [4]int32
				switch len(wc.Scale) {
				case 0:
					ws = [4]int32{0x4000, 0, 0, 0x4000}
				case 1:
					ws = [4]int32{int32(wc.Scale[0]), 0, 0, int32(wc.Scale[0])}
				case 2:
					ws = [4]int32{int32(wc.Scale[0]), 0, 0, int32(wc.Scale[1])}
				case 4: // file order xx, scale01 (yx), scale10 (xy), yy
					ws = [4]int32{int32(wc.Scale[0]), int32(wc.Scale[2]), int32(wc.Scale[1]), int32(wc.Scale[3])}
				}
				if c.Scale != ws {
					t.Errorf("glyph %d component %d: scale %v, want %v", gid, k, c.Scale, ws)
				}
			}
		default:
			if g.NumContours != 0 {
				t.Errorf("glyph %d: not empty", gid)
			}
		}
	}

	// cmap: FreeType's default choice is the (3,10) format-12 subtable.
	cm, err := f.Cmap()
	if err != nil {
		t.Fatal(err)
	}
	if cm.PlatformID != 3 || cm.EncodingID != 10 || cm.Format != 12 {
		t.Errorf("default cmap (%d,%d) format %d", cm.PlatformID, cm.EncodingID, cm.Format)
	}
	c4, err := f.CmapFor(3, 1)
	if err != nil || c4.Format != 4 {
		t.Fatalf("(3,1): %v format %d", err, c4.Format)
	}
	for r := rune(0); r <= 0x10FFFF; r++ {
		want := fw.Cmap[r]
		if got := cm.Lookup(r); got != want {
			t.Errorf("format 12: %U -> %d, want %d", r, got, want)
		}
		if r == 0xFFFF {
			want = 0 // left to the sentinel segment
		}
		if r > 0xFFFF {
			want = 0
		}
		if got := c4.Lookup(r); got != want {
			t.Errorf("format 4: %U -> %d, want %d", r, got, want)
		}
	}
}

// TestTableToEnd: the moved glyf table ends extra bytes before the end of
// the file, and the font still decodes to the same glyphs.
func TestTableToEnd(t *testing.T) {
	data, err := testFont().Bytes()
	if err != nil {
		t.Fatal(err)
	}
	want, err := sfnt.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	for _, extra := range []int{0, 3} {
		moved, err := fontwriter.TableToEnd(data, "glyf", extra)
		if err != nil {
			t.Fatal(err)
		}
		got, err := sfnt.Parse(moved)
		if err != nil {
			t.Fatal(err)
		}
		glyf := got.Table(sfnt.MakeTag("glyf"))
		if len(glyf) == 0 || &glyf[len(glyf)-1] != &moved[len(moved)-1-extra] {
			t.Fatalf("extra %d: glyf does not end %d bytes before the end of the file", extra, extra)
		}
		for gid := 0; gid < want.NumGlyphs(); gid++ {
			var a, b sfnt.Glyph
			ea, eb := want.LoadGlyph(uint16(gid), &a), got.LoadGlyph(uint16(gid), &b)
			if (ea == nil) != (eb == nil) || !bytes.Equal(i32bytes(a.X), i32bytes(b.X)) || !bytes.Equal(i32bytes(a.Y), i32bytes(b.Y)) {
				t.Fatalf("extra %d: glyph %d differs after the move (%v / %v)", extra, gid, ea, eb)
			}
		}
	}
	if _, err := fontwriter.TableToEnd(data, "zzzz", 0); err == nil {
		t.Error("missing table: no error")
	}
}

func i32bytes(v []int32) []byte {
	b := make([]byte, 0, 4*len(v))
	for _, x := range v {
		b = append(b, byte(x>>24), byte(x>>16), byte(x>>8), byte(x))
	}
	return b
}
