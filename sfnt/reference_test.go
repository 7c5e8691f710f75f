//go:build reference

package sfnt_test

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"fontvm/internal/corpus"
	"fontvm/internal/fontwriter"
	"fontvm/internal/ftref"
	"fontvm/sfnt"
	"fontvm/sfnt/internal/ftcmap"
)

// parityInputs returns fonts to load with both FreeType and this package:
// corpus fonts, writer fonts, and deterministic corruptions of them
// (random bytes in glyf and loca, loca length, maxp.numGlyphs,
// indexToLocFormat).
func parityInputs(t *testing.T) map[string][]byte {
	in := map[string][]byte{}
	in["GoRegular"] = corpus.GoFonts[0].Data
	in["GoMonoBold"] = corpus.GoFonts[7].Data
	w, err := writerFont().Bytes()
	if err != nil {
		t.Fatal(err)
	}
	in["writer"] = w
	for _, tag := range []sfnt.Tag{sfnt.TagHead, sfnt.TagMaxp, sfnt.TagHhea, sfnt.TagHmtx, sfnt.TagLoca, sfnt.TagGlyf, sfnt.TagCmap, sfnt.TagCvt} {
		for _, base := range []string{"GoRegular", "writer"} {
			d := append([]byte(nil), in[base]...)
			renameTable(t, d, tag, "zzzz")
			in[base+"-no-"+tag.String()] = d
		}
	}
	rng := rand.New(rand.NewSource(7))
	n := 480
	if v, err := strconv.Atoi(os.Getenv("SFNT_PARITY_VARIANTS")); err == nil && v > 0 {
		n = v // more corruptions for a longer one-off search
	}
	for i := 0; i < n; i++ {
		src := in["GoRegular"]
		name := "GoRegular"
		if i%2 == 1 {
			src, name = w, "writer"
		}
		d := append([]byte(nil), src...)
		f, err := sfnt.Parse(d)
		if err != nil {
			t.Fatal(err)
		}
		entry := func(tag sfnt.Tag) (int, int) {
			for _, r := range f.Tables() {
				if r.Tag == tag {
					return int(r.Offset), int(r.Length)
				}
			}
			t.Fatal("no table")
			return 0, 0
		}
		switch i % 8 {
		case 0, 1, 2: // glyf bytes
			off, n := entry(sfnt.TagGlyf)
			for k := 0; k < 1+rng.Intn(20); k++ {
				d[off+rng.Intn(n)] = byte(rng.Intn(256))
			}
		case 3, 4: // loca entries
			off, n := entry(sfnt.TagLoca)
			for k := 0; k < 1+rng.Intn(4); k++ {
				p := off + rng.Intn(n)
				d[p] = byte(rng.Intn(256))
			}
		case 5: // loca length
			setLength(t, d, sfnt.TagLoca, uint32(rng.Intn(3000)))
		case 6: // maxp.numGlyphs
			off, _ := entry(sfnt.TagMaxp)
			binary.BigEndian.PutUint16(d[off+4:], uint16(rng.Intn(2000)))
		case 7: // indexToLocFormat
			off, _ := entry(sfnt.TagHead)
			d[off+51] ^= 1
		}
		in[name+"-"+strconv.Itoa(i)] = d
	}
	return in
}

// TestFreeTypeParity checks, against FreeType 2.12.1 loading unhinted at
// ppem == unitsPerEm (so 26.6 outlines are font units * 64): the glyph
// count, which glyphs fail to load, and every point of every simple
// glyph.
func TestFreeTypeParity(t *testing.T) {
	fonts, glyphs, failing, namedErrs := 0, 0, 0, 0
	for name, data := range parityInputs(t) {
		f, perr := sfnt.Parse(data)
		if perr == nil {
			if _, gerr := f.GlyphData(0); errors.Is(gerr, sfnt.ErrMissingTable) {
				perr = gerr // FreeType cannot open a font without loca
			}
		}
		var upem int
		if perr == nil {
			upem = int(f.Head().UnitsPerEm)
		} else {
			upem = 1000
		}
		gss, ferr := ftref.Outlines(data, []int{upem}, ftref.ModeNone, ftref.TargetNormal)
		if perr != nil || ferr != nil {
			if (perr == nil) != (ferr == nil) {
				t.Errorf("%s: Parse error %v, FreeType error %v", name, perr, ferr)
			}
			continue
		}
		fonts++
		gs := gss[0]
		if len(gs) != f.NumGlyphs() {
			t.Errorf("%s: %d glyphs, FreeType %d", name, f.NumGlyphs(), len(gs))
			continue
		}
		ok := loadable(f)
		var g sfnt.Glyph
		for gid, fg := range gs {
			glyphs++
			if fg.Err != "" {
				failing++
			}
			if ok[gid] != (fg.Err == "") {
				lerr := f.LoadGlyph(uint16(gid), &g)
				t.Errorf("%s: glyph %d: loadable %v (%v), FreeType error %q; %d contours, components %+v", name, gid, ok[gid], lerr, fg.Err, g.NumContours, g.Components)
				for _, c := range g.Components {
					var h sfnt.Glyph
					e := f.LoadGlyph(c.GlyphIndex, &h)
					t.Logf("component %d: %v, %d contours, %d points, %+v", c.GlyphIndex, e, h.NumContours, len(h.X), h.Components)
				}
				continue
			}
			lerr := f.LoadGlyph(uint16(gid), &g)
			if fg.Err != "" {
				// When the glyph's own record is bad, the FreeType
				// error name matches (unhinted: Too_Many_Hints is
				// reported as Invalid_Outline).
				var fe *sfnt.FormatError
				if errors.As(lerr, &fe) {
					want := fe.FreeType
					if want == "Too_Many_Hints" {
						want = "Invalid_Outline"
					}
					if want != fg.Err {
						t.Errorf("%s: glyph %d: %v (FreeType %q), FreeType reports %q", name, gid, lerr, fe.FreeType, fg.Err)
					}
					namedErrs++
				}
				continue
			}
			if lerr != nil || g.NumContours <= 0 {
				continue
			}
			if len(fg.XY) != 2*len(g.X) || len(fg.Ends) != len(g.EndPts) {
				t.Errorf("%s: glyph %d: %d points, FreeType %d", name, gid, len(g.X), len(fg.XY)/2)
				continue
			}
			// FreeType moves the origin to phantom point 1:
			// pp1.x = bbox.xMin (glyph header) - lsb (hmtx).
			_, lsb, _ := f.HMetric(uint16(gid))
			shift := int64(g.XMin) - int64(lsb)
			for i := range g.X {
				if fg.XY[2*i] != (int64(g.X[i])-shift)*64 || fg.XY[2*i+1] != int64(g.Y[i])*64 {
					t.Errorf("%s: glyph %d point %d: (%d,%d), FreeType (%d,%d)/64", name, gid, i, g.X[i], g.Y[i], fg.XY[2*i], fg.XY[2*i+1])
					break
				}
			}
		}
	}
	if fonts < 50 || failing == 0 {
		t.Fatalf("compared only %d fonts (%d failing glyphs)", fonts, failing)
	}
	t.Logf("compared %d fonts, %d glyphs (%d failing in FreeType, %d error names compared) with FreeType %s", fonts, glyphs, failing, namedErrs, ftref.Version())
}

// loadable reports per glyph whether LoadGlyph succeeds for it and,
// recursively, for its components without a cycle, with point-matching
// arguments inside the points loaded so far (as FreeType's
// load_truetype_glyph and TT_Process_Composite_Component require).
func loadable(f *sfnt.Font) []bool {
	n := f.NumGlyphs()
	state := make([]int8, n) // 0 unknown, 1 ok, -1 bad, 2 in progress
	points := make([]int, n)
	var g sfnt.Glyph
	var visit func(gid int, depth int) bool
	visit = func(gid, depth int) bool {
		switch state[gid] {
		case 1:
			return true
		case -1:
			return false
		case 2:
			return false // recursion
		}
		if err := f.LoadGlyph(uint16(gid), &g); err != nil {
			state[gid] = -1
			return false
		}
		if g.NumContours >= 0 {
			state[gid] = 1
			points[gid] = len(g.X)
			return true
		}
		comps := append([]sfnt.Component(nil), g.Components...)
		state[gid] = 2
		good := true
		acc := 0
		for _, c := range comps {
			if !visit(int(c.GlyphIndex), depth+1) {
				good = false
				break
			}
			np := points[c.GlyphIndex]
			if np == 0 {
				continue // components adding no points are not processed
			}
			if c.Flags&sfnt.ARGS_ARE_XY_VALUES == 0 && (int(uint32(c.Arg1)) >= acc || int(uint32(c.Arg2)) >= np) {
				good = false
				break
			}
			acc += np
		}
		points[gid] = acc
		if good {
			state[gid] = 1
		} else {
			state[gid] = -1
		}
		return good
	}
	out := make([]bool, n)
	for gid := range out {
		out[gid] = visit(gid, 0)
	}
	return out
}

// cmapParityInputs: corpus fonts and corruptions of their cmap tables.
func cmapParityInputs(t *testing.T) map[string][]byte {
	in := map[string][]byte{}
	for _, cf := range append(append([]corpus.Font{}, corpus.GoFonts[:2]...), corpus.HintedFonts...) {
		in[cf.Name] = corpus.Load(t, cf)
	}
	dir := filepath.Join(corpus.Graphite2Tests(t), "fonts")
	files, _ := filepath.Glob(filepath.Join(dir, "*.ttf"))
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		in[filepath.Base(p)] = b
	}
	sentinel := seg4{start: 0xFFFF, end: 0xFFFF, delta: 1}
	hand := map[string][]byte{
		"overlap":  cmapTable(rec{3, 1, format4([]seg4{{start: 0x41, end: 0x50, delta: 1}, {start: 0x48, end: 0x60, delta: 2}, sentinel})}),
		"unsorted": cmapTable(rec{3, 1, format4([]seg4{{start: 0x50, end: 0x58, delta: 1}, {start: 0x41, end: 0x45, delta: 2}, sentinel})}),
		"ranges": cmapTable(rec{3, 1, format4([]seg4{{start: 0x30, end: 0x32, delta: 10, ids: []uint16{5, 0, 200}},
			{start: 0x41, end: 0x46, delta: 30}, {start: 0xFFFF, end: 0xFFFF, rangeOffset: 0x7FFF}})}),
		"ffff":     cmapTable(rec{3, 1, format4([]seg4{{start: 0x41, end: 0x46, delta: 1}, {start: 0xFFFF, end: 0xFFFF, rangeOffset: 0xFFFF}})}),
		"selected": cmapTable(rec{0, 3, format6(0x100, 3, 4, 5)}, rec{1, 0, format0(map[byte]byte{'A': 7})}, rec{3, 1, format4([]seg4{{start: 'A', end: 'Z', delta: -60}, sentinel})}),
		"fmt14":    cmapTable(rec{0, 3, format6(0x100, 3, 4, 5)}, rec{0, 5, format14()}),
		"fmt2":     cmapTable(rec{0, 3, format2()}, rec{3, 2, format2()}),
		"fmt12": cmapTable(rec{3, 10, format1213(12, [3]uint32{'A', 'Z', 1}, [3]uint32{0x1F600, 0x1F610, 80}, [3]uint32{0x20000, 0x20001, 0xFFFFFFFF})},
			rec{0, 6, format1213(13, [3]uint32{0x100, 0x1FF, 9})}, rec{3, 1, format4([]seg4{{start: 'A', end: 'Z', delta: -60}, sentinel})}),
	}
	for name, cm := range hand {
		fw := &fontwriter.Font{Glyphs: make([]fontwriter.Glyph, 100), Tables: map[string][]byte{"cmap": cm}}
		b, err := fw.Bytes()
		if err != nil {
			t.Fatal(err)
		}
		in["hand-"+name] = b
	}
	rng := rand.New(rand.NewSource(11))
	bases := []string{"GoRegular", "hand-overlap", "hand-ranges", "hand-fmt12", "hand-selected", "hand-fmt2"}
	n := 400
	if v, err := strconv.Atoi(os.Getenv("SFNT_PARITY_VARIANTS")); err == nil && v > 0 {
		n = v
	}
	for i := 0; i < n; i++ {
		base := bases[i%len(bases)]
		d := append([]byte(nil), in[base]...)
		e := dirEntry(t, d, sfnt.TagCmap)
		off, n := int(binary.BigEndian.Uint32(d[e+8:])), int(binary.BigEndian.Uint32(d[e+12:]))
		for k := 0; k < 1+rng.Intn(6); k++ {
			p := off + rng.Intn(min(n, 64+rng.Intn(n)))
			switch rng.Intn(3) {
			case 0:
				d[p] = byte(rng.Intn(256))
			case 1:
				d[p] = 0xFF
			case 2:
				d[p] ^= 1 << uint(rng.Intn(8))
			}
		}
		in[base+"-"+strconv.Itoa(i)] = d
	}
	return in
}

// TestFreeTypeCmapParity compares the charmaps FreeType accepts, the one it
// selects by default and FT_Get_Char_Index over 0..0x2FFFF (and a few
// large codes) with CmapEncodings, Cmap and Lookup.
func TestFreeTypeCmapParity(t *testing.T) {
	var codes []uint32
	for c := uint32(0); c <= 0x2FFFF; c++ {
		codes = append(codes, c)
	}
	codes = append(codes, 0x10FFFF, 0x110000, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF)
	fonts, lookups, mapped, synthesized := 0, 0, 0, 0
	for name, data := range cmapParityInputs(t) {
		f, perr := sfnt.Parse(data)
		if perr == nil {
			if _, gerr := f.GlyphData(0); errors.Is(gerr, sfnt.ErrMissingTable) {
				perr = gerr // FreeType cannot open a font without loca
			}
		}
		ft, ferr := ftcmap.Lookup(data, codes)
		if perr != nil || ferr != nil {
			if (perr == nil) != (ferr == nil) {
				t.Errorf("%s: Parse error %v, FreeType error %v", name, perr, ferr)
			}
			continue
		}
		encs, err := f.CmapEncodings()
		var accepted []ftcmap.Charmap
		unsupported := false
		if err == nil {
			for _, e := range encs {
				if errors.Is(e.Err, sfnt.ErrUnsupported) && (e.Format == 8 || e.Format == 10) {
					unsupported = true
				}
				if e.Err == nil {
					accepted = append(accepted, ftcmap.Charmap{PlatformID: int(e.PlatformID), EncodingID: int(e.EncodingID)})
				}
			}
		}
		if unsupported {
			continue // formats FreeType decodes and this package does not
		}
		if _, cerr := f.Cmap(); cerr != nil && len(ft.Charmaps) == len(accepted)+1 &&
			ft.Charmaps[len(accepted)] == (ftcmap.Charmap{PlatformID: 3, EncodingID: 1}) {
			// Without a Unicode subtable FreeType synthesizes a
			// Unicode charmap from the post table's glyph names,
			// which this package does not do (documented).
			synthesized++
			continue
		}
		if fmt.Sprint(accepted) != fmt.Sprint(ft.Charmaps) {
			t.Errorf("%s: accepted charmaps %v, FreeType %v (%+v)", name, accepted, ft.Charmaps, encs)

			continue
		}
		fonts++
		cm, cerr := f.Cmap()
		if (cerr == nil) != (ft.Selected >= 0) {
			t.Errorf("%s: Cmap() error %v, FreeType selected %d", name, cerr, ft.Selected)
			continue
		}
		if cerr == nil {
			sel := ft.Charmaps[ft.Selected]
			if int(cm.PlatformID) != sel.PlatformID || int(cm.EncodingID) != sel.EncodingID {
				t.Errorf("%s: selected (%d,%d), FreeType %v", name, cm.PlatformID, cm.EncodingID, sel)
				continue
			}
		}
		bad := 0
		for i, c := range codes {
			got := cm.Lookup(rune(c))
			lookups++
			if got != 0 {
				mapped++
			}
			if uint32(got) != ft.Glyphs[i] {
				if bad++; bad <= 5 {
					t.Errorf("%s: %U -> %d, FreeType %d", name, rune(c), got, ft.Glyphs[i])
				}
			}
		}
	}
	if fonts < 100 || mapped == 0 {
		t.Fatalf("compared only %d fonts", fonts)
	}
	t.Logf("compared %d fonts, %d lookups (%d mapped) with FreeType; %d fonts skipped for FreeType's glyph-name charmap", fonts, lookups, mapped, synthesized)
}
