package sfnt

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand"
	"os"
	"reflect"
	"testing"

	"fontvm/internal/corpus"
	"fontvm/internal/glyfcode"
)

// parseSimpleV1 is the straightforward simple-glyph decoder that the
// table-driven one in glyf.go replaced (flags measured, then expanded,
// then x, then y), kept as the oracle for the differential tests below.
// It decodes file[start:end] like parseGlyph.
func parseSimpleV1(file []byte, base, start, end int, gid uint16, g *Glyph) error {
	g.reset()
	if end == start {
		return nil
	}
	bad := func(p int, format string, args ...any) *FormatError {
		return &FormatError{Table: "glyf", Offset: p - base, Msg: fmt.Sprintf("glyph %d: ", gid) + fmt.Sprintf(format, args...), FreeType: "Invalid_Outline"}
	}
	if end-start < 10 {
		return bad(start, "record of %d bytes is shorter than the 10-byte glyph header", end-start)
	}
	rec := file[start:end]
	nc := int(i16(rec, 0))
	if nc <= 0 {
		return errors.New("not a simple glyph")
	}
	g.XMin, g.YMin, g.XMax, g.YMax = i16(rec, 2), i16(rec, 4), i16(rec, 6), i16(rec, 8)
	g.NumContours = nc
	p := 10
	if nc >= 0xFFF || p+(nc+1)*2 > len(rec) {
		if nc >= 0xFFF {
			return bad(start, "%d contours (FreeType accepts at most 4094)", nc)
		}
		return bad(start+p, "%d contour end points run past the end of the record", nc)
	}
	g.EndPts = grow16(g.EndPts, nc)
	prev := int(i16(rec, p))
	if prev < 0 {
		return bad(start+p, "negative contour end point %d", prev)
	}
	g.EndPts[0] = uint16(prev)
	for i := 1; i < nc; i++ {
		e := int(i16(rec, p+2*i))
		if e <= prev {
			return bad(start+p+2*i, "contour end point %d does not follow %d", e, prev)
		}
		g.EndPts[i] = uint16(e)
		prev = e
	}
	p += 2 * nc
	nPts := prev + 1
	nIns := int(u16(rec, p))
	p += 2
	if nIns > len(rec)-p {
		e := bad(start+p-2, "%d instruction bytes run past the end of the record", nIns)
		e.FreeType = "Too_Many_Hints"
		return e
	}
	if nIns > 0 {
		g.Instructions = rec[p : p+nIns : p+nIns]
	}
	p += nIns
	q := p
	xs, ys := 0, 0
	for i := 0; i < nPts; {
		if q >= len(rec) {
			return bad(start+q, "flags run past the end of the record (point %d of %d)", i, nPts)
		}
		c := rec[q]
		q++
		cnt := 1
		if c&FlagRepeat != 0 {
			if q >= len(rec) {
				return bad(start+q, "flag repeat count runs past the end of the record")
			}
			cnt += int(rec[q])
			q++
			if i+cnt > nPts {
				return bad(start+q-1, "flag repeat count %d runs past the last point", cnt-1)
			}
		}
		xs += cnt * coordSize(c, FlagXShort, FlagXSame)
		ys += cnt * coordSize(c, FlagYShort, FlagYSame)
		i += cnt
	}
	if xs > len(rec)-q {
		return bad(start+q, "x coordinates (%d bytes) run past the end of the record", xs)
	}
	if ys > len(rec)-q-xs {
		return bad(start+q+xs, "y coordinates (%d bytes) run past the end of the record", ys)
	}
	g.Flags = make([]uint8, nPts)
	for i := 0; i < nPts; {
		c := rec[p]
		p++
		g.Flags[i] = c
		i++
		if c&FlagRepeat != 0 {
			cnt := int(rec[p])
			p++
			for ; cnt > 0; cnt-- {
				g.Flags[i] = c
				i++
			}
		}
	}
	g.X = make([]int32, nPts)
	g.Y = make([]int32, nPts)
	var x int32
	for i, c := range g.Flags {
		if c&FlagXShort != 0 {
			d := int32(rec[p])
			p++
			if c&FlagXSame == 0 {
				d = -d
			}
			x += d
		} else if c&FlagXSame == 0 {
			x += int32(i16(rec, p))
			p += 2
		}
		g.X[i] = x
	}
	var y int32
	for i, c := range g.Flags {
		if c&FlagYShort != 0 {
			d := int32(rec[p])
			p++
			if c&FlagYSame == 0 {
				d = -d
			}
			y += d
		} else if c&FlagYSame == 0 {
			y += int32(i16(rec, p))
			p += 2
		}
		g.Y[i] = y
	}
	return nil
}

// sameSimple compares parseGlyph on file[start:end] with parseSimpleV1,
// for simple glyph records: decoding into a reused, possibly dirty
// Glyph, into a fresh one (the paths that grow the buffers: measuring
// first) and, for a valid record, into one whose buffers have exactly
// the glyph's size (no room past the last flag). The errors must be
// equal in every field (message, offset, FreeType's name).
func sameSimple(t *testing.T, what string, file []byte, start, end int, reused *Glyph) {
	t.Helper()
	if end-start >= 2 && int16(uint16(file[start])<<8|uint16(file[start+1])) <= 0 {
		return
	}
	file = file[:len(file):len(file)] // nothing readable past the data
	var want Glyph
	errWant := parseSimpleV1(file, 0, start, end, 7, &want)
	// same checks the result of one decoder against the reference's
	// error and glyph.
	same := func(how string, g *Glyph, errGot error) {
		t.Helper()
		if (errWant == nil) != (errGot == nil) || errWant != nil && !reflect.DeepEqual(errGot, errWant) {
			t.Fatalf("%s (%s): error %#v, want %#v", what, how, errGot, errWant)
		}
		if errWant != nil {
			return
		}
		if g.NumContours != want.NumContours || g.XMin != want.XMin || g.YMin != want.YMin || g.XMax != want.XMax ||
			g.YMax != want.YMax || !reflect.DeepEqual(append([]uint16{}, g.EndPts...), append([]uint16{}, want.EndPts...)) ||
			!bytes.Equal(g.Flags, want.Flags) || !bytes.Equal(g.Instructions, want.Instructions) ||
			!reflect.DeepEqual(append([]int32{}, g.X...), append([]int32{}, want.X...)) ||
			!reflect.DeepEqual(append([]int32{}, g.Y...), append([]int32{}, want.Y...)) ||
			len(g.Components) != 0 || g.InstructionsErr != nil {
			t.Fatalf("%s (%s): decoded glyph differs from the reference decoder", what, how)
		}
	}
	check := func(how string, g *Glyph) {
		t.Helper()
		same(how, g, parseGlyph(file, 0, start, end, 0, 1<<16, 7, g))
	}
	// loadGlyphFlags' path: parseGlyphLazy, then the sizes the flags
	// give checked by Coords.Check (what hint's fused decoders do), and
	// decodeCoords; both must report the reference's error, and
	// decodeCoords its glyph. Coords.Window must be the file after the
	// flags exactly when the glyph and the file admit a window.
	checkFlags := func(how string, g *Glyph) {
		t.Helper()
		c, errGot := parseGlyphLazy(file, 0, start, end, 0, 1<<16, 7, g)
		deferred := errGot == nil && g.NumContours > 0 && len(g.Instructions) == 0
		if (c != nil) != deferred || c != nil && c != &g.coords {
			t.Fatalf("%s (%s): parseGlyphLazy's Coords %p (glyph's %p), want one: %v", what, how, c, &g.coords, deferred)
		}
		if errGot == nil && g.NumContours > 0 && len(g.Instructions) > 0 {
			// loaded completely
			if len(g.X) != len(g.Flags) {
				t.Fatalf("%s (%s): instructed glyph not decoded", what, how)
			}
		} else if deferred {
			if len(g.X) != 0 || len(g.Y) != 0 || g.NumPoints() != len(g.Flags) {
				t.Fatalf("%s (%s): parseGlyphLazy left coordinates", what, how)
			}
			px := c.At
			a := c.Window(len(g.Flags))
			if wantWin := len(g.Flags) <= winPoints && len(file)-px > win; (a != nil) != wantWin ||
				a != nil && &a[0] != &file[px] {
				t.Fatalf("%s (%s): Coords.Window %v, want a window: %v", what, how, a != nil, wantWin)
			}
			errSizes := c.Check(glyfcode.Measure(g.Flags))
			errGot = g.decodeCoords()
			if (errSizes == nil) != (errGot == nil) || errGot != nil && !reflect.DeepEqual(errSizes, errGot) {
				t.Fatalf("%s (%s): Coords.Check %#v, decodeCoords %#v", what, how, errSizes, errGot)
			}
		}
		same(how+", flags first", g, errGot)
	}
	check("reused", reused)
	check("fresh", new(Glyph))
	checkFlags("reused", reused)
	checkFlags("fresh", new(Glyph))
	// The same record without its instructions (loadGlyphFlags defers
	// only such glyphs), when they are in it.
	if end-start >= 12 {
		nc := int(int16(uint16(file[start])<<8 | uint16(file[start+1])))
		if p := start + 10 + 2*nc; nc < 0xFFF && p+2 <= end {
			if nIns := int(uint16(file[p])<<8 | uint16(file[p+1])); nIns > 0 && p+2+nIns <= end {
				stripped := append(append(append([]byte{}, file[:p]...), 0, 0), file[p+2+nIns:]...)
				sameSimple(t, what+" stripped", stripped, start, end-nIns, reused)
			}
		}
	}
	if errWant == nil {
		n := want.NumPoints()
		check("tight", &Glyph{EndPts: make([]uint16, 0, want.NumContours), Flags: make([]uint8, 0, n),
			X: make([]int32, 0, n), Y: make([]int32, 0, n)})
	}
}

// TestSimpleGlyphDecoderDifferential checks the table-driven decoder
// against the old one on every simple glyph of the corpus fonts, in the
// file (fast path: bytes follow the record) and as exact records (the
// last coordinates end the data), and on random mutations of them.
func TestSimpleGlyphDecoderDifferential(t *testing.T) {
	fonts := append([]corpus.Font{}, corpus.GoFonts[:2]...)
	for _, f := range corpus.HintedFonts {
		if _, err := os.Stat(f.Path); err == nil {
			fonts = append(fonts, f)
		}
	}
	rng := rand.New(rand.NewSource(1))
	var reused Glyph
	n := 0
	for _, cf := range fonts {
		data := cf.Data
		if data == nil {
			var err error
			if data, err = os.ReadFile(cf.Path); err != nil {
				t.Fatal(err)
			}
		}
		f, err := Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		for gid := 0; gid < f.NumGlyphs(); gid++ {
			off, ln := f.location(gid)
			s := f.glyfOff + off
			sameSimple(t, fmt.Sprintf("%s/%d in file", cf.Name, gid), data, s, s+ln, &reused)
			rec := append([]byte(nil), data[s:s+ln]...)
			sameSimple(t, fmt.Sprintf("%s/%d exact", cf.Name, gid), rec, 0, len(rec), &reused)
			if ln < 12 || gid%3 != 0 {
				continue
			}
			for k := 0; k < 8; k++ {
				m := append([]byte(nil), rec...)
				for j := rng.Intn(4); j >= 0; j-- {
					m[10+rng.Intn(len(m)-10)] = byte(rng.Intn(256))
				}
				cut := len(m)
				if k&1 == 1 {
					cut = 10 + rng.Intn(len(m)-9)
				}
				sameSimple(t, fmt.Sprintf("%s/%d mutation %d exact", cf.Name, gid, k), m[:cut], 0, cut, &reused)
				padded := append(m[:cut:cut], 0xFF, 0x7F, 0x80)
				sameSimple(t, fmt.Sprintf("%s/%d mutation %d padded", cf.Name, gid, k), padded, 0, cut, &reused)
				// Followed by more than a window of bytes: the decoder
				// that reads past the record and checks afterwards.
				windowed := append(m[:cut:cut], randomBytes(rng, win+16)...)
				sameSimple(t, fmt.Sprintf("%s/%d mutation %d windowed", cf.Name, gid, k), windowed, 0, cut, &reused)
				n++
			}
		}
	}
	if n == 0 {
		t.Fatal("no glyphs compared")
	}
}

func randomBytes(rng *rand.Rand, n int) []byte {
	b := make([]byte, n)
	rng.Read(b)
	return b
}

// makeSimpleGlyph builds a simple glyph record of nPts points in nc
// contours whose flags are drawn by flag (called with the point index)
// and whose coordinate bytes are random; runs of equal flags are
// sometimes stored with a repeat count. It returns the record and the
// offset of its coordinates.
func makeSimpleGlyph(rng *rand.Rand, nPts, nc int, flag func(int) uint8) ([]byte, int) {
	rec := []byte{byte(nc >> 8), byte(nc), 0, 1, 0, 2, 0, 3, 0, 4}
	for i := 1; i <= nc; i++ {
		e := nPts - 1 - (nc-i)*(nPts/nc)/2
		if i < nc {
			e = i * (nPts - 1) / nc / 2
		}
		rec = append(rec, byte(e>>8), byte(e))
	}
	nIns := rng.Intn(4)
	rec = append(rec, 0, byte(nIns))
	rec = append(rec, randomBytes(rng, nIns)...)
	flags := make([]uint8, nPts)
	for i := range flags {
		flags[i] = flag(i) &^ FlagRepeat
	}
	for i := 0; i < nPts; {
		j := i + 1
		for j < nPts && j-i < 256 && flags[j] == flags[i] {
			j++
		}
		if j-i > 1 && rng.Intn(4) != 0 {
			rec = append(rec, flags[i]|FlagRepeat, byte(j-i-1))
			i = j
			continue
		}
		rec = append(rec, flags[i])
		i++
	}
	q := len(rec)
	var xs, ys int
	for _, c := range flags {
		xs += coordSize(c, FlagXShort, FlagXSame)
		ys += coordSize(c, FlagYShort, FlagYSame)
	}
	return append(rec, randomBytes(rng, xs+ys)...), q
}

// TestSimpleGlyphDecoderSizes compares the decoders on generated glyphs
// of every flag mix around the window's limits (winPoints points, all
// coordinates long, and more points than the window holds, decoded by
// the branching decoder), exact, truncated, and followed by as many
// bytes as make the data after the flags one byte shorter or longer
// than the window.
func TestSimpleGlyphDecoderSizes(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	mixes := map[string]func(int) uint8{
		"long":   func(int) uint8 { return FlagOnCurve },
		"short":  func(int) uint8 { return FlagXShort | FlagYShort | uint8(rng.Intn(2))*FlagXSame },
		"same":   func(int) uint8 { return FlagXSame | FlagYSame },
		"random": func(int) uint8 { return uint8(rng.Intn(256)) },
		"runs":   func(i int) uint8 { return uint8(i/7*0x35) &^ FlagRepeat },
	}
	var reused Glyph
	n := 0
	for _, nPts := range []int{1, 2, 7, 8, 9, 15, 16, 17, 33, 200, winPoints - 1, winPoints, winPoints + 1, winPoints + 2, 2000, 9000} {
		for name, mix := range mixes {
			for _, nc := range []int{1, 3} {
				if nc > nPts {
					continue
				}
				rec, q := makeSimpleGlyph(rng, nPts, nc, mix)
				what := fmt.Sprintf("%d points %s %d contours", nPts, name, nc)
				if err := parseSimpleV1(rec, 0, 0, len(rec), 0, new(Glyph)); err != nil {
					t.Fatalf("%s: generated record invalid: %v", what, err)
				}
				sameSimple(t, what+" exact", rec, 0, len(rec), &reused)
				for _, d := range []int{-1, 0, 1, 2} {
					if pad := win + d - (len(rec) - q); pad >= 0 {
						file := append(rec[:len(rec):len(rec)], randomBytes(rng, pad)...)
						sameSimple(t, fmt.Sprintf("%s, window%+d", what, d), file, 0, len(rec), &reused)
					}
				}
				for k := 0; k < 4; k++ {
					cut := 10 + rng.Intn(len(rec)-9)
					file := append(rec[:cut:cut], randomBytes(rng, win+8)...)
					sameSimple(t, fmt.Sprintf("%s cut at %d", what, cut), file, 0, cut, &reused)
					sameSimple(t, fmt.Sprintf("%s cut at %d, exact", what, cut), file[:cut], 0, cut, &reused)
				}
				n++
			}
		}
	}
	if n == 0 {
		t.Fatal("no glyphs compared")
	}
}

// FuzzSimpleGlyphDecoder compares the two decoders on arbitrary
// records, exact, followed by two more bytes, and followed by more than
// a window of bytes.
func FuzzSimpleGlyphDecoder(f *testing.F) {
	font, err := Parse(corpus.GoFonts[0].Data)
	if err != nil {
		f.Fatal(err)
	}
	for _, gid := range []uint16{3, 36, 68, 100} {
		rec, err := font.GlyphData(gid)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(rec)
	}
	var reused Glyph
	filler := randomBytes(rand.New(rand.NewSource(9)), win+8)
	f.Fuzz(func(t *testing.T, data []byte) {
		sameSimple(t, "exact", data, 0, len(data), &reused)
		padded := append(data[:len(data):len(data)], 0x80, 0x01)
		sameSimple(t, "padded", padded, 0, len(data), &reused)
		windowed := append(data[:len(data):len(data)], filler...)
		sameSimple(t, "windowed", windowed, 0, len(data), &reused)
	})
}

// BenchmarkLoadGlyphDejaVu loads every glyph of DejaVu Sans (ns per
// glyph record).
func BenchmarkLoadGlyphDejaVu(b *testing.B) {
	data, err := os.ReadFile(corpus.HintedFonts[0].Path)
	if err != nil {
		b.Skip(err)
	}
	f, err := Parse(data)
	if err != nil {
		b.Fatal(err)
	}
	var g Glyph
	n := f.NumGlyphs()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := f.LoadGlyph(uint16(i%n), &g); err != nil {
			b.Fatal(err)
		}
	}
}

// coordSize is the size in bytes of one coordinate of a point with
// flag byte c, for the axis whose short and "same" bits are given.
func coordSize(c, short, same uint8) int {
	if c&short != 0 {
		return 1
	}
	if c&same != 0 {
		return 0
	}
	return 2
}
