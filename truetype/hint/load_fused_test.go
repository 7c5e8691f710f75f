package hint

import (
	"encoding/binary"
	"fmt"
	"math/rand"
	"os"
	"testing"

	"fontvm/internal/corpus"
	"fontvm/internal/glyfcode"
	"fontvm/sfnt"
)

// refDecodeDeltas is the branching decoder of TT_Load_Simple_Glyph: the
// x deltas from a[0:], then the y deltas, summed into absolute
// coordinates; it returns them and the sizes of the two arrays.
func refDecodeDeltas(a []byte, flags []uint8) (xs, ys []int32, xSize, ySize int) {
	xs, ys = make([]int32, len(flags)), make([]int32, len(flags))
	p := 0
	axis := func(short, same uint8, out []int32) {
		var v int32
		for i, c := range flags {
			switch {
			case c&short != 0:
				d := int32(a[p])
				p++
				if c&same == 0 {
					d = -d
				}
				v += d
			case c&same == 0:
				v += int32(int16(uint16(a[p])<<8 | uint16(a[p+1])))
				p += 2
			}
			out[i] = v
		}
	}
	axis(sfnt.FlagXShort, sfnt.FlagXSame, xs)
	xSize = p
	axis(sfnt.FlagYShort, sfnt.FlagYSame, ys)
	return xs, ys, xSize, p - xSize
}

// TestFusedDecoders compares decodeStoreSmall and decodeCurSmall with
// the two-pass path they replace (a branching decoder, then
// storeScaledMoved, loadPointsSmall)
// on random flags, coordinate bytes, scales and shifts, up to the
// window's largest glyph.
func TestFusedDecoders(t *testing.T) {
	rng := rand.New(rand.NewSource(77))
	for iter := 0; iter < 4000; iter++ {
		n := rng.Intn(60)
		switch iter % 10 {
		case 0:
			n = glyfcode.WindowPoints - rng.Intn(3)
		case 1:
			n = rng.Intn(glyfcode.WindowPoints + 1)
		}
		flags := make([]uint8, n)
		bias := rng.Intn(4)
		for i := range flags {
			flags[i] = uint8(rng.Uint32())
			if bias == 0 {
				flags[i] &^= sfnt.FlagXShort | sfnt.FlagYShort | sfnt.FlagXSame | sfnt.FlagYSame // all long
			}
		}
		a := new([coordWin + 1]byte)
		for i := range a {
			a[i] = byte(rng.Uint32())
		}
		s32 := int64(1 + rng.Intn(1<<16-1))
		if iter%7 == 0 {
			s32 = 1<<16 - 1 - int64(rng.Intn(3))
		}
		dx := int64(int32(rng.Uint32())) >> uint(rng.Intn(32))
		dy := int64(int32(rng.Uint32())) >> uint(rng.Intn(32))
		cx, cy := 0x8000-dx<<16, 0x8000+dy<<16
		xs, ys, xSize, ySize := refDecodeDeltas(a[:], flags)

		want, got := make([]Point, n), make([]Point, n)
		storeScaledMoved(want, xs, ys, flags, s32, cx, cy)
		gx, gy := decodeStoreSmall(got, a, flags, s32, cx, cy)
		if gx != xSize || gy != ySize {
			t.Fatalf("iter %d: decodeStoreSmall sizes %d, %d, want %d, %d", iter, gx, gy, xSize, ySize)
		}
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("iter %d point %d: decodeStoreSmall %v, want %v", iter, i, got[i], want[i])
			}
		}

		wc, gc := make([]vec, n), make([]vec, n)
		loadPointsSmall(wc, xs, ys, s32)
		gx, gy = decodeCurSmall(gc, a, flags, s32)
		if gx != xSize || gy != ySize {
			t.Fatalf("iter %d: decodeCurSmall sizes %d, %d, want %d, %d", iter, gx, gy, xSize, ySize)
		}
		for i := range wc {
			if gc[i] != wc[i] {
				t.Fatalf("iter %d point %d: decodeCurSmall %v, want %v", iter, i, gc[i], wc[i])
			}
		}
	}
}

// truncateGlyph returns a copy of data in which the record of glyph gid
// ends cut bytes earlier (its loca end moved back; the next glyph's
// record starts there), or nil if loca cannot express it.
func truncateGlyph(t *testing.T, data []byte, gid, cut int) []byte {
	t.Helper()
	numTables := int(binary.BigEndian.Uint16(data[4:]))
	locaOff, long := -1, false
	for i := 0; i < numTables; i++ {
		p := 12 + 16*i
		off := int(binary.BigEndian.Uint32(data[p+8:]))
		switch sfnt.Tag(binary.BigEndian.Uint32(data[p:])) {
		case sfnt.TagLoca:
			locaOff = off
		case sfnt.TagHead:
			long = binary.BigEndian.Uint16(data[off+50:]) != 0
		}
	}
	if locaOff < 0 {
		return nil
	}
	out := append([]byte(nil), data...)
	if long {
		p := locaOff + 4*(gid+1)
		binary.BigEndian.PutUint32(out[p:], binary.BigEndian.Uint32(out[p:])-uint32(cut))
	} else {
		if cut%2 != 0 {
			return nil
		}
		p := locaOff + 2*(gid+1)
		binary.BigEndian.PutUint16(out[p:], binary.BigEndian.Uint16(out[p:])-uint16(cut/2))
	}
	return out
}

// TestLoaderMatchesRefTruncatedCoords compares LoadGlyph with the oracle
// on fonts in which one simple glyph without instructions has its
// coordinates cut short: the fused decoders read past such a record
// (through sfnt's window) and must report sfnt's error, for the glyph
// itself (loadSimpleDirect) and for the composites that use it
// (loadSimplePlain, loadCompositeDirect), in every mode.
func TestLoaderMatchesRefTruncatedCoords(t *testing.T) {
	fonts := [][]byte{corpus.GoFonts[0].Data}
	if data, err := os.ReadFile(corpus.HintedFonts[0].Path); err == nil {
		fonts = append(fonts, data)
	}
	rng := rand.New(rand.NewSource(5))
	total := 0
	for fi, data := range fonts {
		sf, err := sfnt.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		// simple glyphs without instructions, those used as components
		// first
		used := map[int]bool{}
		var g sfnt.Glyph
		var comps, others []int
		for gid := 0; gid < sf.NumGlyphs(); gid++ {
			if sf.LoadGlyph(uint16(gid), &g) == nil && g.NumContours < 0 {
				for _, c := range g.Components {
					used[int(c.GlyphIndex)] = true
				}
			}
		}
		for gid := 0; gid < sf.NumGlyphs(); gid++ {
			if sf.LoadGlyph(uint16(gid), &g) != nil || g.NumContours <= 0 || len(g.Instructions) > 0 || g.NumPoints() < 3 {
				continue
			}
			if used[gid] {
				comps = append(comps, gid)
			} else {
				others = append(others, gid)
			}
		}
		picks := append(comps[:min(len(comps), 12)], others[:min(len(others), 6)]...)
		if len(picks) == 0 {
			t.Fatalf("font %d: no simple glyph without instructions", fi)
		}
		for k, gid := range picks {
			if err := sf.LoadGlyph(uint16(gid), &g); err != nil {
				t.Fatal(err)
			}
			for _, cut := range []int{2, 2 + 2*rng.Intn(g.NumPoints())} {
				bad := truncateGlyph(t, data, gid, cut)
				if bad == nil {
					continue
				}
				f := mustFont(t, bad)
				o := loaderOptions[k%len(loaderOptions)]
				total += compareLoaders(t, fmt.Sprintf("font %d glyph %d cut %d", fi, gid, cut), f, 12+k%5, o, allGlyphs(f.NumGlyphs()))
			}
		}
	}
	t.Logf("%d glyph loads compared", total)
}
