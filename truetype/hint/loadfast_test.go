package hint

import (
	"encoding/binary"
	"fmt"
	"math/rand"
	"os"
	"testing"

	"fontvm/internal/corpus"
	"fontvm/internal/corrupt"
	"fontvm/internal/fontwriter"
	"fontvm/sfnt"
)

// loaderOptions are the instance configurations the loader comparisons
// run: every mode and target.
var loaderOptions = []Options{
	{Mode: ModeV35}, {Mode: ModeV40}, {Mode: ModeNone},
	{Mode: ModeV35, Target: TargetMono}, {Mode: ModeV40, Target: TargetMono},
}

// compareLoaders loads glyphs gids of f at ppem with opts through
// LoadGlyph and through the oracle (refLoader, loadref_test.go), each on
// its own instance, in the same order, and reports every difference:
// error, points, contour ends, advance, scan state, glyph program fault.
// It returns the number of glyphs compared.
func compareLoaders(t *testing.T, what string, f *Font, ppem int, opts Options, gids []int) int {
	t.Helper()
	in, err := f.NewInstance(ppem, opts)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	rin, err := f.NewInstance(ppem, opts)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	ref := &refLoader{in: rin}
	var g, rg Glyph
	bad := 0
	for _, gid := range gids {
		err := in.LoadGlyph(gid, &g)
		rerr := ref.refLoadGlyph(gid, &rg)
		where := fmt.Sprintf("%s ppem %d %v/%v glyph %d", what, ppem, opts.Mode, opts.Target, gid)
		if msg := diffLoad(&g, err, in.LastGlyphFault(), &rg, rerr, rin.LastGlyphFault()); msg != "" {
			t.Errorf("%s: %s", where, msg)
			if bad++; bad > 10 {
				t.Fatalf("%s: too many differences", what)
			}
		}
	}
	return len(gids)
}

// diffLoad describes how a load (glyph, error, fault) differs from the
// oracle's, or returns "" when they are the same.
func diffLoad(g *Glyph, err error, fault *Error, rg *Glyph, rerr error, rfault *Error) string {
	if (err == nil) != (rerr == nil) || err != nil && err.Error() != rerr.Error() {
		return fmt.Sprintf("error %v, oracle %v", err, rerr)
	}
	if (fault == nil) != (rfault == nil) || fault != nil && *fault != *rfault {
		return fmt.Sprintf("fault %v, oracle %v", fault, rfault)
	}
	if err != nil {
		return ""
	}
	if len(g.Points) != len(rg.Points) {
		return fmt.Sprintf("%d points, oracle %d", len(g.Points), len(rg.Points))
	}
	for i := range g.Points {
		if g.Points[i] != rg.Points[i] {
			return fmt.Sprintf("point %d %v, oracle %v", i, g.Points[i], rg.Points[i])
		}
	}
	if fmt.Sprint(g.Ends) != fmt.Sprint(rg.Ends) {
		return fmt.Sprintf("ends %v, oracle %v", g.Ends, rg.Ends)
	}
	if g.Advance != rg.Advance || g.ScanControl != rg.ScanControl || g.ScanType != rg.ScanType {
		return fmt.Sprintf("advance/scan %d %v %d, oracle %d %v %d", g.Advance, g.ScanControl, g.ScanType,
			rg.Advance, rg.ScanControl, rg.ScanType)
	}
	return ""
}

// allGlyphs returns the glyph indices 0 to n-1.
func allGlyphs(n int) []int {
	gids := make([]int, n)
	for i := range gids {
		gids[i] = i
	}
	return gids
}

// TestLoaderMatchesRef compares LoadGlyph with the oracle on every glyph
// of the corpus fonts, in every mode and target, at sizes where the
// scale is below, at and above one (integer and fractional scales).
func TestLoaderMatchesRef(t *testing.T) {
	ppems := []int{7, 9, 12, 16, 24, 150}
	fonts := append(append([]corpus.Font(nil), corpus.GoFonts...), corpus.HintedFonts...)
	if testing.Short() {
		ppems = []int{9, 16}
		fonts = []corpus.Font{corpus.GoFonts[0], corpus.HintedFonts[0]}
	}
	total := 0
	for _, font := range fonts {
		data := font.Data
		if data == nil {
			var err error
			if data, err = os.ReadFile(font.Path); err != nil {
				if corpus.Required() {
					t.Fatalf("%s: %v", font.Name, err)
				}
				t.Logf("%s missing, skipped", font.Name)
				continue
			}
		}
		f := mustFont(t, data)
		gids := allGlyphs(f.NumGlyphs())
		for _, o := range loaderOptions {
			for _, p := range ppems {
				total += compareLoaders(t, font.Name, f, p, o, gids)
			}
		}
	}
	if total == 0 {
		t.Fatal("no glyph compared")
	}
	t.Logf("%d glyph loads compared", total)
}

// TestLoaderMatchesRefCorrupt compares LoadGlyph with the oracle on
// corrupted copies of corpus fonts (damaged glyf, loca, hmtx, hhea,
// programs...), where error paths, truncated metrics and odd glyphs are
// common.
func TestLoaderMatchesRefCorrupt(t *testing.T) {
	copies := 150
	if testing.Short() {
		copies = 30
	}
	total := 0
	for _, font := range []corpus.Font{corpus.GoFonts[0], corpus.HintedFonts[0]} {
		data := corpus.Load(t, font)
		for i := 0; i < copies; i++ {
			c, err := corrupt.Make(data, 3, i, corrupt.TrueTypeTables)
			if err != nil {
				t.Fatal(err)
			}
			sf, err := sfnt.Parse(c.Data)
			if err != nil {
				continue
			}
			f, err := NewFont(sf)
			if err != nil {
				continue
			}
			n := f.NumGlyphs()
			var gids []int
			for g := 0; g < n && g < 60; g++ {
				gids = append(gids, g)
			}
			for g := n - 20; g < n; g++ {
				if g >= 60 {
					gids = append(gids, g)
				}
			}
			for _, o := range loaderOptions[:3] {
				total += compareLoaders(t, c.String(), f, 11, o, gids)
			}
		}
	}
	if total == 0 {
		t.Fatal("no glyph compared")
	}
	t.Logf("%d glyph loads compared", total)
}

// mustFont parses data and returns its Font, failing t on an error.
func mustFont(t *testing.T, data []byte) *Font {
	t.Helper()
	sf, err := sfnt.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	f, err := NewFont(sf)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// loaderTestFonts are small fonts built to reach every branch of the
// loader: prep programs that set the scan control or INSTCTRL selectors
// 1, 2 and 3 (so the glyph graphics state, hinting off and backward
// compatibility vary), glyph programs that set the scan control,
// composites with offsets, anchors, scales, USE_MY_METRICS, their own
// program, nesting, recursion and bad components; vertical metrics,
// OS/2 ascenders, short hmtx, fixed pitch and hdmx.
func loaderTestFonts(t *testing.T) map[string][]byte {
	t.Helper()
	sq := func(x0, y0, x1, y1 int16) []fontwriter.Point {
		return []fontwriter.Point{{X: x0, Y: y0, On: true}, {X: x0, Y: y1, On: true}, {X: x1, Y: y1, On: false}, {X: x1, Y: y0, On: true}}
	}
	lsb := int16(-37)
	// SVTCA[x] MDAP[1] 0; PUSHB 1 100 SCFS; PUSHB 3 SCANTYPE; PUSHW 0x0123
	// SCANCTRL; SVTCA[y] MDAP[1] 2; then the phantom points made visible
	// (glyph 1 has 4 points, so pp1..pp4 are 4..7): y of point 1 aligned
	// to pp3, of point 0 to pp4; x of point 3 to pp2, of point 2 to pp3.
	prog := []byte{0x01, 0xB0, 0, 0x2F, 0xB1, 1, 100, 0x48, 0xB0, 3, 0x8D, 0xB8, 0x01, 0x23, 0x85, 0x00, 0xB0, 2, 0x2F,
		0x00, 0xB1, 1, 6, 0x10, 0x3C, 0xB1, 0, 7, 0x10, 0x3C,
		0x01, 0xB1, 3, 5, 0x10, 0x3C, 0xB1, 2, 6, 0x10, 0x3C}
	// composite program (8 points, phantoms 8..11): SVTCA[y] PUSHB 1 64
	// SHPIX; x of point 0 aligned to pp2, y of point 4 to pp3.
	cprog := []byte{0x00, 0xB1, 1, 64, 0x38, 0x01, 0xB1, 0, 9, 0x10, 0x3C, 0x00, 0xB1, 4, 10, 0x10, 0x3C}
	// composite program (8 points, phantoms 8..11): SVTCA[y], y of
	// point 3 aligned to pp4, of point 2 to pp3; SVTCA[x], x of point 1
	// aligned to pp2, of point 0 to pp1.
	ppProg := []byte{0x00, 0xB1, 3, 11, 0x10, 0x3C, 0xB1, 2, 10, 0x10, 0x3C,
		0x01, 0xB1, 1, 9, 0x10, 0x3C, 0xB1, 0, 8, 0x10, 0x3C}
	// simple program (4 points, phantoms 4..7): SVTCA[y] SHPIX pp4 by
	// -70, pp3 by 45, SVTCA[x] SHPIX pp2 by 20, pp1 by -30 (PUSHW 2:
	// the point, then the distance).
	movePP := []byte{0x00, 0xB9, 0, 7, 0xFF, 0xBA, 0x38, 0xB9, 0, 6, 0, 45, 0x38,
		0x01, 0xB9, 0, 5, 0, 20, 0x38, 0xB9, 0, 4, 0xFF, 0xE2, 0x38}
	glyphs := []fontwriter.Glyph{
		{},
		{Contours: [][]fontwriter.Point{sq(100, 0, 500, 700)}, Advance: 600, Instructions: prog},
		{Contours: [][]fontwriter.Point{sq(60, -20, 410, 330)}, Advance: 480, LSB: &lsb},
		{Components: []fontwriter.Component{{GlyphIndex: 1, Arg1: 10, Arg2: 20}, {GlyphIndex: 2, Arg1: 300, Flags: 0x0200}}, Advance: 900},
		{Components: []fontwriter.Component{{GlyphIndex: 1}, {GlyphIndex: 2, Arg1: 2, Arg2: 0, PointNumbers: true}}, Advance: 700},
		{Components: []fontwriter.Component{{GlyphIndex: 2, Arg1: 33, Arg2: 47, Flags: 0x0800 | 0x0004, Scale: []int16{0x2000}},
			{GlyphIndex: 1, Arg1: -25, Arg2: 13, Flags: 0x0004, Scale: []int16{0x3000, 0x4000}}}, Advance: 650},
		{Components: []fontwriter.Component{{GlyphIndex: 1}, {GlyphIndex: 2, Arg1: 120, Arg2: -40}}, Instructions: cprog, Advance: 640},
		{Components: []fontwriter.Component{{GlyphIndex: 3, Arg1: 7, Arg2: 9}, {GlyphIndex: 1, Arg1: 5, Arg2: 5, Flags: 0x0200}}, Advance: 1000},
		{Components: []fontwriter.Component{{GlyphIndex: 1}, {GlyphIndex: 8}}, Advance: 500},
		{Components: []fontwriter.Component{{GlyphIndex: 1}, {GlyphIndex: 200}}, Advance: 500},
		{Contours: [][]fontwriter.Point{sq(0, 0, 800, 800), sq(200, 200, 600, 600)}, Advance: 900, Instructions: prog},
		{Components: []fontwriter.Component{{GlyphIndex: 2, Arg1: 3, Arg2: 4}, {GlyphIndex: 10, Arg1: -3, Arg2: 8, Flags: 0x0200}}, Advance: 950},
		{Components: []fontwriter.Component{{GlyphIndex: 2, Scale: []int16{0x4000, 0x1000, -0x1000, 0x4000}}, {GlyphIndex: 0}}, Advance: 450},
		{Contours: [][]fontwriter.Point{sq(-300, -100, 1200, 900)}, Advance: 1300},
		// a program component after the first point, in a composite
		// with a program, then the same without (the glyph zone moves)
		{Components: []fontwriter.Component{{GlyphIndex: 2}, {GlyphIndex: 1, Arg1: 40, Arg2: 30}}, Instructions: cprog, Advance: 700},
		{Components: []fontwriter.Component{{GlyphIndex: 2}, {GlyphIndex: 1, Arg1: 40, Arg2: 30}}, Advance: 700},
		// a composite program after a USE_MY_METRICS component with a
		// program: the component's phantom points as its program left
		// them become the composite's (y of points 3 and 2 aligned to
		// pp4 and pp3, x of points 1 and 0 to pp2 and pp1)
		{Components: []fontwriter.Component{{GlyphIndex: 2}, {GlyphIndex: 1, Arg1: 40, Arg2: 30, Flags: 0x0200}}, Instructions: ppProg, Advance: 700},
		// the same after a component whose program moves its phantom
		// points (SHPIX of pp1..pp4 in y and x)
		{Components: []fontwriter.Component{{GlyphIndex: 2}, {GlyphIndex: 18, Arg1: -20, Arg2: 10, Flags: 0x0200}}, Instructions: ppProg, Advance: 700},
		{Contours: [][]fontwriter.Point{sq(30, 10, 420, 610)}, Advance: 520, Instructions: movePP},
	}
	n := len(glyphs)
	vhea := make([]byte, 36)
	vhea[1] = 1
	vhea[4], vhea[5] = 0x03, 0x20 // ascender 800
	vhea[6], vhea[7] = 0xFF, 0x38 // descender -200
	vhea[34], vhea[35] = 0, byte(n-3)
	var vmtx []byte
	for i := 0; i < n; i++ {
		if i < n-3 {
			vmtx = append(vmtx, 0x04, byte(i*9))
		}
		vmtx = append(vmtx, 0, byte(i*5))
	}
	os2 := make([]byte, 96)
	os2[1] = 4
	os2[68], os2[69] = 0x03, 0x52 // typo ascender 850
	os2[70], os2[71] = 0xFE, 0xD4 // typo descender -300
	size := (n + 2 + 3) &^ 3
	hdmx := []byte{0, 0, 0, 1, 0, 0, 0, byte(size)}
	rec := make([]byte, size)
	rec[0], rec[1] = 13, 40
	for g := 0; g < n; g++ {
		rec[2+g] = byte(2 + g*3)
	}
	hdmx = append(hdmx, rec...)
	fixedPost := make([]byte, 32)
	fixedPost[1], fixedPost[15] = 3, 1
	preps := map[string][]byte{
		"noprep": nil,
		// PUSHW 0x01FF SCANCTRL; PUSHB 2 SCANTYPE
		"scan": {0xB8, 0x01, 0xFF, 0x85, 0xB0, 2, 0x8D},
		// INSTCTRL 1 1: hinting off
		"off": {0xB8, 0x01, 0xFF, 0x85, 0xB1, 1, 1, 0x8E},
		// scan, INSTCTRL 2 2: default graphics state for glyphs
		"defaults": {0xB8, 0x01, 0xFF, 0x85, 0xB0, 2, 0x8D, 0xB1, 2, 2, 0x8E},
		// INSTCTRL 3 4: native ClearType (no backward compatibility)
		"native": {0xB1, 4, 3, 0x8E, 0xB0, 5, 0x8D},
	}
	fonts := map[string][]byte{}
	for name, prep := range preps {
		for _, v := range []string{"", "+vmtx", "+os2", "+hdmx", "+hdmx+fixed", "+shorthmtx"} {
			fw := &fontwriter.Font{HeadFlags: 8, Glyphs: glyphs, Prep: prep, Tables: map[string][]byte{}}
			switch v {
			case "+vmtx":
				fw.Tables["vhea"], fw.Tables["vmtx"] = vhea, vmtx
			case "+os2":
				fw.Tables["OS/2"] = os2
			case "+hdmx":
				fw.Tables["hdmx"] = hdmx
			case "+hdmx+fixed":
				fw.Tables["hdmx"], fw.Tables["post"] = hdmx, fixedPost
			}
			data, err := fw.Bytes()
			if err != nil {
				t.Fatal(err)
			}
			if v == "+shorthmtx" {
				// hhea.numberOfHMetrics = 5: later glyphs take the last
				// advance and their lsb from the bearing array, which
				// is cut short (the last glyphs read 0).
				data = shortenHmtx(t, data, 5)
			}
			fonts[name+v] = data
		}
	}
	return fonts
}

// shortenHmtx rewrites hhea.numberOfHMetrics to k and hmtx to k long
// metrics followed by the bearings of glyphs k..n-3 (the last two
// bearings missing).
func shortenHmtx(t *testing.T, data []byte, k int) []byte {
	t.Helper()
	sf, err := sfnt.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	n := sf.NumGlyphs()
	old := sf.Table(sfnt.TagHmtx)
	var hmtx []byte
	hmtx = append(hmtx, old[:4*k]...)
	for g := k; g < n-2; g++ {
		hmtx = append(hmtx, old[4*g+2:4*g+4]...)
	}
	numTables := int(binary.BigEndian.Uint16(data[4:]))
	out := append([]byte(nil), data...)
	for i := 0; i < numTables; i++ {
		p := 12 + 16*i
		off := int(binary.BigEndian.Uint32(data[p+8:]))
		switch sfnt.Tag(binary.BigEndian.Uint32(data[p:])) {
		case sfnt.TagHhea:
			binary.BigEndian.PutUint16(out[off+34:], uint16(k))
		case sfnt.TagHmtx:
			copy(out[off:], hmtx)
			binary.BigEndian.PutUint32(out[p+12:], uint32(len(hmtx)))
		}
	}
	return out
}

// TestLoaderMatchesRefSynthetic compares LoadGlyph with the oracle on
// loaderTestFonts, every glyph, mode and target, at sizes with and
// without an hdmx record, fractional and integer scales.
func TestLoaderMatchesRefSynthetic(t *testing.T) {
	fonts := loaderTestFonts(t)
	total := 0
	for name, data := range fonts {
		f := mustFont(t, data)
		gids := allGlyphs(f.NumGlyphs())
		// and out of order, repeated, out of range
		gids = append(gids, 7, 3, 1, 13, 2, -1, f.NumGlyphs(), 6, 6)
		for _, o := range loaderOptions {
			for _, p := range []int{9, 13, 20, 100} {
				total += compareLoaders(t, name, f, p, o, gids)
			}
		}
	}
	t.Logf("%d glyph loads compared", total)
}

// TestScaleSmall checks scaleSmall against scaleFUnits (itself checked
// against mulFix, FT_MulFix) minus the shift d: every scale in (0, 1.0)
// with edge and random coordinates and shifts, and every int16
// coordinate at the scales the corpus sizes produce.
func TestScaleSmall(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	as := []int32{0, 1, -1, 2, -2, 3, -3, 32767, -32768, 32768, -32769, 65535, -65536, 1 << 30, -(1 << 30),
		1<<31 - 1, -1 << 31, -(1<<31 - 1), 0x8000, -0x8000, 0x4000, -0x4000, 0x7FFF0000, -0x7FFF0000}
	ds := []int64{0, 64, -64, 1, -1, 1<<31 + 32, -(1<<31 + 32), 1<<40 - 1, -(1<<40 - 1)}
	check := func(a int32, s32, d int64) {
		want := sub(scaleFUnits(a, s32), d)
		if got := scaleSmall(a, s32, 0x8000-d<<16); got != want {
			t.Fatalf("scaleSmall(%d, %d, d=%d) = %d, want %d", a, s32, d, got, want)
		}
	}
	for s32 := int64(1); s32 < 1<<16; s32++ {
		for _, a := range as {
			for _, d := range ds {
				check(a, s32, d)
			}
		}
		for i := 0; i < 8; i++ {
			a := int32(rng.Uint32())
			if i&1 == 0 {
				a = int32(int16(a))
			}
			check(a, s32, int64(int32(rng.Uint32())))
		}
	}
	var scales []int64
	for _, upem := range []int64{16, 256, 1000, 1024, 2000, 2048, 4096, 16384} {
		for ppem := int64(1); ppem <= 300; ppem++ {
			if s := divFix(ppem<<6, upem); s > 0 && s < 1<<16 {
				scales = append(scales, s)
			}
		}
	}
	n := 0
	for i, s32 := range scales {
		if testing.Short() && i%16 != 0 {
			continue
		}
		d := int64(int32(rng.Uint32()))
		for a := int32(-32768); a <= 32767; a++ {
			check(a, s32, 0)
			check(a, s32, d)
		}
		n++
	}
	if n == 0 {
		t.Fatal("no corpus scale checked")
	}
}

// TestSmallScaleLoops compares the small-scale point loops with the
// general ones on random coordinates and shifts.
func TestSmallScaleLoops(t *testing.T) {
	rng := rand.New(rand.NewSource(12))
	for iter := 0; iter < 3000; iter++ {
		n := rng.Intn(40)
		s := int64(1 + rng.Intn(1<<16-1))
		dx := int64(int32(rng.Uint32())) >> uint(rng.Intn(32))
		xs, ys, flags := make([]int32, n), make([]int32, n), make([]uint8, n)
		for i := range xs {
			xs[i], ys[i], flags[i] = int32(rng.Uint32())>>uint(rng.Intn(32)), int32(rng.Uint32())>>uint(rng.Intn(32)), uint8(rng.Uint32())
		}
		p1, p2 := make([]Point, n), make([]Point, n)
		storeScaled(p1, xs, ys, flags, s, s, dx)
		storeScaledMoved(p2, xs, ys, flags, s, 0x8000-dx<<16, 0x8000)
		c1, c2 := make([]vec, n), make([]vec, n)
		loadPoints(c1, xs, ys, s, s)
		loadPointsSmall(c2, xs, ys, s)
		o1, o2, u1, u2, d2 := make([]vec, n), make([]vec, n), make([]vec, n), make([]vec, n), make([]vec, n)
		loadPointsOrg(d2, o1, u1, xs, ys, s, s)
		loadPointsOrgSmall(c2, o2, u2, xs, ys, s)
		for i := 0; i < n; i++ {
			if p1[i] != p2[i] || c1[i] != c2[i] || o1[i] != o2[i] || u1[i] != u2[i] || d2[i] != c1[i] || o1[i] != c1[i] {
				t.Fatalf("scale %d dx %d point %d (%d, %d): %v %v, %v %v, %v %v, %v %v", s, dx, i, xs[i], ys[i],
					p1[i], p2[i], c1[i], c2[i], o1[i], o2[i], u1[i], u2[i])
			}
		}
	}
}

// TestLoadGlyphResultsIndependent loads every glyph into a Glyph of its
// own and checks, after all loads, each against the oracle's result
// taken at the time: LoadGlyph must leave nothing of the caller's
// buffers in the instance (loadCompositeDirect borrows Glyph.Ends,
// loadSimpleProgram's zone reads it), or later loads would change
// earlier glyphs.
func TestLoadGlyphResultsIndependent(t *testing.T) {
	fonts := loaderTestFonts(t)
	names := []string{"noprep", "scan+hdmx"}
	if data, err := os.ReadFile(corpus.HintedFonts[0].Path); err == nil {
		fonts["DejaVuSans"] = data
		names = append(names, "DejaVuSans")
	}
	for _, name := range names {
		f := mustFont(t, fonts[name])
		for _, o := range loaderOptions[:3] {
			in, err := f.NewInstance(12, o)
			if err != nil {
				t.Fatal(err)
			}
			rin, _ := f.NewInstance(12, o)
			ref := &refLoader{in: rin}
			n := f.NumGlyphs()
			got, want := make([]Glyph, n), make([]Glyph, n)
			errs := make([]error, n)
			for gid := 0; gid < n; gid++ {
				errs[gid] = in.LoadGlyph(gid, &got[gid])
				ref.refLoadGlyph(gid, &want[gid])
			}
			for gid := 0; gid < n; gid++ {
				if errs[gid] != nil {
					continue
				}
				if msg := diffLoad(&got[gid], nil, nil, &want[gid], nil, nil); msg != "" {
					t.Fatalf("%s %v glyph %d after all loads: %s", name, o.Mode, gid, msg)
				}
			}
		}
	}
}
