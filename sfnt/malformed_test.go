package sfnt_test

import (
	"encoding/binary"
	"errors"
	"strings"
	"testing"

	"fontvm/internal/corpus"
	"fontvm/internal/fontwriter"
	"fontvm/sfnt"
)

// exercise runs every accessor on f; it must not panic.
func exercise(f *sfnt.Font) {
	var g sfnt.Glyph
	for _, r := range f.Tables() {
		_ = f.Table(r.Tag)
	}
	_, _ = f.Hhea()
	_, _ = f.Vhea()
	for gid := 0; gid < f.NumGlyphs(); gid++ {
		_, _ = f.GlyphData(uint16(gid))
		_ = f.LoadGlyph(uint16(gid), &g)
		_, _, _ = f.HMetric(uint16(gid))
		_, _, _ = f.VMetric(uint16(gid))
	}
	_ = f.CVT().AppendTo(nil)
	if gs, err := f.Gasp(); err == nil {
		_, _ = gs.Behavior(12)
	}
	if cm, err := f.Cmap(); err == nil {
		for _, r := range []rune{0, 'A', 0x20AC, 0xFFFF, 0x10000, 0x1F600, -1} {
			_ = cm.Lookup(r)
		}
	}
	encs, _ := f.CmapEncodings()
	for i, e := range encs {
		if i >= 16 {
			break // CmapFor scans all records: keep the harness linear
		}
		if cm, err := f.CmapFor(e.PlatformID, e.EncodingID); err == nil {
			_ = cm.Lookup('a')
		}
	}
}

// checkErr checks that err is a *FormatError naming a table, or one of
// the sentinel errors.
func checkErr(t *testing.T, what string, err error) {
	t.Helper()
	var fe *sfnt.FormatError
	if errors.As(err, &fe) {
		if fe.Table == "" || fe.Offset < 0 || !errors.Is(err, sfnt.ErrMalformed) {
			t.Errorf("%s: bad FormatError %#v", what, fe)
		}
		if !strings.HasPrefix(err.Error(), "sfnt: "+fe.Table+"+0x") {
			t.Errorf("%s: error text %q", what, err)
		}
		return
	}
	for _, s := range []error{sfnt.ErrGlyphIndex, sfnt.ErrFontIndex, sfnt.ErrMissingTable, sfnt.ErrUnsupported, sfnt.ErrLimit} {
		if errors.Is(err, s) {
			return
		}
	}
	t.Errorf("%s: unexpected error type %T: %v", what, err, err)
}

// TestTruncations cuts fonts at and around every table boundary.
func TestTruncations(t *testing.T) {
	fw, err := writerFont().Bytes()
	if err != nil {
		t.Fatal(err)
	}
	inputs := map[string][]byte{"GoRegular": corpus.Load(t, corpus.GoFonts[0]), "writer": fw}
	for name, data := range inputs {
		f, err := sfnt.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		cuts := map[int]bool{}
		for i := 0; i <= 12+16*len(f.Tables()); i++ {
			cuts[i] = true
		}
		for _, r := range f.Tables() {
			for _, d := range []int{-1, 0, 1, 2, 4, 6, 10, 12, 32, 36, 53, 54, int(r.Length) / 2, int(r.Length) - 1, int(r.Length), int(r.Length) + 1} {
				cuts[int(r.Offset)+d] = true
			}
		}
		parsed, failed := 0, 0
		for c := range cuts {
			if c < 0 || c > len(data) {
				continue
			}
			cut := data[:c:c]
			g, err := sfnt.Parse(cut)
			if err != nil {
				checkErr(t, name, err)
				failed++
				continue
			}
			parsed++
			exercise(g)
		}
		if failed == 0 || parsed == 0 {
			t.Errorf("%s: %d truncations parsed, %d failed", name, parsed, failed)
		}
	}
}

func TestHeaderErrors(t *testing.T) {
	good, err := writerFont().Bytes()
	if err != nil {
		t.Fatal(err)
	}
	headOff := func(data []byte) int {
		f, err := sfnt.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range f.Tables() {
			if r.Tag == sfnt.TagHead {
				return int(r.Offset)
			}
		}
		t.Fatal("no head")
		return 0
	}
	ho := headOff(good)
	cases := []struct {
		name   string
		mutate func(b []byte) []byte
		table  string
		offset int
		is     error
	}{
		{"empty", func(b []byte) []byte { return nil }, "sfnt", 0, sfnt.ErrMalformed},
		{"short header", func(b []byte) []byte { return b[:11] }, "sfnt", 0, sfnt.ErrMalformed},
		{"bad version", func(b []byte) []byte { b[0] = 9; return b }, "sfnt", 0, sfnt.ErrMalformed},
		{"directory past end", func(b []byte) []byte { return b[:40] }, "sfnt", 12, sfnt.ErrMalformed},
		{"too many tables", func(b []byte) []byte { binary.BigEndian.PutUint16(b[4:], 2000); return b }, "sfnt", 4, sfnt.ErrLimit},
		{"unitsPerEm 0", func(b []byte) []byte { binary.BigEndian.PutUint16(b[ho+18:], 0); return b }, "head", 18, sfnt.ErrMalformed},
		{"unitsPerEm 16385", func(b []byte) []byte { binary.BigEndian.PutUint16(b[ho+18:], 16385); return b }, "head", 18, sfnt.ErrMalformed},
		{"head too short", func(b []byte) []byte {
			setLength(t, b, sfnt.TagHead, 53)
			return b
		}, "head", 0, sfnt.ErrMissingTable},
		{"no hhea", func(b []byte) []byte { renameTable(t, b, sfnt.TagHhea, "hhez"); return b }, "hhea", 0, sfnt.ErrMissingTable},
		{"no hmtx", func(b []byte) []byte { renameTable(t, b, sfnt.TagHmtx, "hmtz"); return b }, "hmtx", 0, sfnt.ErrMissingTable},
		{"ttc no fonts", func(b []byte) []byte { return []byte("ttcf\x00\x01\x00\x00\x00\x00\x00\x00") }, "sfnt", 8, sfnt.ErrMalformed},
		{"ttc offsets past end", func(b []byte) []byte { return []byte("ttcf\x00\x01\x00\x00\x00\x00\x00\x09") }, "sfnt", 12, sfnt.ErrMalformed},
		{"ttc font past end", func(b []byte) []byte { return []byte("ttcf\x00\x01\x00\x00\x00\x00\x00\x01\x00\x00\x10\x00") }, "sfnt", 0x1000, sfnt.ErrMalformed},
	}
	for _, c := range cases {
		b := c.mutate(append([]byte(nil), good...))
		_, err := sfnt.Parse(b)
		var fe *sfnt.FormatError
		if !errors.As(err, &fe) {
			t.Errorf("%s: error %v, want a FormatError", c.name, err)
			continue
		}
		if fe.Table != c.table || fe.Offset != c.offset || !errors.Is(err, c.is) || !errors.Is(err, sfnt.ErrMalformed) {
			t.Errorf("%s: %v (table %q offset %#x), want %s+%#x matching %v", c.name, err, fe.Table, fe.Offset, c.table, c.offset, c.is)
		}
	}
}

// TestMissingMaxp: FreeType ignores a missing maxp; the font has no glyphs.
func TestMissingMaxp(t *testing.T) {
	b, err := writerFont().Bytes()
	if err != nil {
		t.Fatal(err)
	}
	renameTable(t, b, sfnt.TagMaxp, "maxq")
	f, err := sfnt.Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	if f.NumGlyphs() != 0 || f.Maxp() != (sfnt.Maxp{}) {
		t.Errorf("NumGlyphs %d, maxp %+v", f.NumGlyphs(), f.Maxp())
	}
	var g sfnt.Glyph
	if err := f.LoadGlyph(0, &g); !errors.Is(err, sfnt.ErrGlyphIndex) {
		t.Errorf("LoadGlyph(0) = %v", err)
	}
}

// TestMaxpSignedVersion: FreeType's tt_face_load_maxp reads the version
// as a signed 32-bit value (FT_FRAME_LONG), so a damaged version with the
// top bit set counts as 0.5: the fields after numGlyphs stay zero and
// maxFunctionDefs is not raised to 64. Observed with FreeType 2.12.1 on
// this font (writerFont plus fpgm PUSHB[0] 0 FDEF ENDF): with version
// 0x00010000 glyph 1 loads at 12 ppem (v35 and v40); with 0x80010000
// FT_New_Face and FT_Set_Pixel_Sizes succeed and FT_Load_Glyph fails with
// Too_Many_Function_Defs (0x8C), the fpgm's FDEF finding no room.
func TestMaxpSignedVersion(t *testing.T) {
	fw := writerFont()
	fw.Fpgm = []byte{0xB0, 0x00, 0x2C, 0x2D}
	b, err := fw.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	f, err := sfnt.Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	if m := f.Maxp(); !m.HasExtendedFields() || m.MaxFunctionDefs == 0 || m.FreeTypeMaxFunctionDefs() < 64 {
		t.Fatalf("version 1.0: %+v", m)
	}
	p := binary.BigEndian.Uint32(b[dirEntry(t, b, sfnt.TagMaxp)+8:])
	for _, v := range []uint32{0x80010000, 0xFFFFFFFF, 0x80000000} {
		binary.BigEndian.PutUint32(b[p:], v)
		f, err := sfnt.Parse(b)
		if err != nil {
			t.Fatal(err)
		}
		want := sfnt.Maxp{Version: v, NumGlyphs: 4}
		if m := f.Maxp(); m != want || m.HasExtendedFields() || m.FreeTypeMaxFunctionDefs() != 0 {
			t.Errorf("version 0x%08x: maxp %+v, want %+v with FreeTypeMaxFunctionDefs 0", v, m, want)
		}
	}
}

// TestLocaPastEnd: a loca or glyf directory entry running past the end of
// the file is dropped (check_table_dir). Observed with FreeType 2.12.1 on
// writerFont with the length of loca, of glyf, or of both set to the file
// size: loca (alone or with glyf) makes FT_New_Face fail with
// Locations_Missing (0x90); glyf alone leaves a face whose glyph 1 loads
// at 12 ppem as an empty outline (advance 448).
func TestLocaPastEnd(t *testing.T) {
	for _, c := range []struct {
		name    string
		tables  []sfnt.Tag
		locaErr bool
	}{
		{"loca", []sfnt.Tag{sfnt.TagLoca}, true},
		{"glyf", []sfnt.Tag{sfnt.TagGlyf}, false},
		{"both", []sfnt.Tag{sfnt.TagLoca, sfnt.TagGlyf}, true},
	} {
		b, err := writerFont().Bytes()
		if err != nil {
			t.Fatal(err)
		}
		if f, err := sfnt.Parse(b); err != nil || f.LocaErr() != nil {
			t.Fatalf("%s: intact font: Parse %v, LocaErr %v", c.name, err, f.LocaErr())
		}
		for _, tag := range c.tables {
			setLength(t, b, tag, uint32(len(b)))
		}
		f, err := sfnt.Parse(b)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		err = f.LocaErr()
		if c.locaErr != (err != nil) || (err != nil && !errors.Is(err, sfnt.ErrMissingTable)) {
			t.Errorf("%s: LocaErr = %v, want missing table: %v", c.name, err, c.locaErr)
		}
		var g sfnt.Glyph
		err = f.LoadGlyph(1, &g)
		if c.locaErr {
			if !errors.Is(err, sfnt.ErrMissingTable) {
				t.Errorf("%s: LoadGlyph(1) = %v, want ErrMissingTable", c.name, err)
			}
		} else if err != nil || f.HasOutlines() || g.NumPoints() != 0 {
			t.Errorf("%s: LoadGlyph(1) = %v with %d points, HasOutlines %v; want an empty glyph", c.name, err, g.NumPoints(), f.HasOutlines())
		}
	}
}

func dirEntry(t *testing.T, b []byte, tag sfnt.Tag) int {
	t.Helper()
	n := int(binary.BigEndian.Uint16(b[4:]))
	for i := 0; i < n; i++ {
		p := 12 + 16*i
		if sfnt.Tag(binary.BigEndian.Uint32(b[p:])) == tag {
			return p
		}
	}
	t.Fatalf("no %v entry", tag)
	return 0
}

func setLength(t *testing.T, b []byte, tag sfnt.Tag, n uint32) {
	binary.BigEndian.PutUint32(b[dirEntry(t, b, tag)+12:], n)
}

func renameTable(t *testing.T, b []byte, tag sfnt.Tag, to string) {
	copy(b[dirEntry(t, b, tag):], to)
}

// writerFont is a small valid font; glyph 0 is empty so that glyph 1's
// record starts at glyf offset 0.
func writerFont() *fontwriter.Font {
	sq := [][]fontwriter.Point{{{X: 0, Y: 0, On: true}, {X: 0, Y: 500, On: true}, {X: 500, Y: 500, On: false}}}
	return &fontwriter.Font{
		Glyphs: []fontwriter.Glyph{
			{Advance: 100},
			{Contours: sq, Advance: 600, Instructions: []byte{0xB0, 1}},
			{Contours: sq, Advance: 600},
			{Components: []fontwriter.Component{{GlyphIndex: 1}, {GlyphIndex: 2, Arg1: 300, Arg2: 2}}, Advance: 700},
		},
		CVT:  []int16{1, 2, 3},
		Cmap: map[rune]uint16{'a': 1, 'b': 2, 'c': 3},
	}
}

func TestGlyphErrors(t *testing.T) {
	h := func(nc int16) []byte { // a glyph header
		b := make([]byte, 10)
		binary.BigEndian.PutUint16(b, uint16(nc))
		return b
	}
	cat := func(parts ...[]byte) []byte {
		var o []byte
		for _, p := range parts {
			o = append(o, p...)
		}
		return o
	}
	w := func(v ...uint16) []byte {
		var o []byte
		for _, x := range v {
			o = binary.BigEndian.AppendUint16(o, x)
		}
		return o
	}
	cases := []struct {
		name   string
		rec    []byte
		offset int
		msg    string
	}{
		{"short header", []byte{0, 1, 0, 0, 0}, 0, "shorter than the 10-byte glyph header"},
		{"4095 contours", cat(h(4095), make([]byte, 9000)), 0, "4095 contours"},
		{"end points past record", cat(h(3), w(1, 2)), 10, "contour end points run past"},
		{"negative end point", cat(h(1), w(0x8000, 0)), 10, "negative contour end point"},
		{"unordered end points", cat(h(2), w(5, 5, 0)), 12, "does not follow"},
		{"instructions past record", cat(h(1), w(0, 10), []byte{1, 2}), 12, "instruction bytes run past"},
		{"flags past record", cat(h(1), w(2, 0), []byte{0x37}), 15, "flags run past"},
		{"repeat count missing", cat(h(1), w(2, 0), []byte{0x3F}), 15, "repeat count runs past the end"},
		{"repeat past last point", cat(h(1), w(2, 0), []byte{0x39, 3}), 15, "runs past the last point"},
		{"x past record", cat(h(1), w(0, 0), []byte{0x00, 1}), 15, "x coordinates"},
		{"y past record", cat(h(1), w(0, 0), []byte{0x10, 1}), 15, "y coordinates"},
		{"component past record", cat(h(-1), w(0)), 10, "component record runs past"},
		{"component glyph index", cat(h(-1), w(0x0002, 99, 0)), 12, "component glyph index 99"},
		{"component args past record", cat(h(-1), w(0x0003, 1, 0)), 14, "component arguments"},
		{"component 2x2 past record", cat(h(-1), w(0x0082, 1, 0, 0x4000, 0)), 14, "component arguments (10 bytes)"},
		{"second component", cat(h(-1), w(0x0022, 1, 0), w(0x0003)), 16, "component record runs past"},
	}
	for _, c := range cases {
		fw := writerFont()
		fw.Glyphs[1] = fontwriter.Glyph{Raw: c.rec, Advance: 10}
		data, err := fw.Bytes()
		if err != nil {
			t.Fatal(err)
		}
		f, err := sfnt.Parse(data)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		var g sfnt.Glyph
		err = f.LoadGlyph(1, &g)
		var fe *sfnt.FormatError
		if !errors.As(err, &fe) {
			t.Errorf("%s: error %v, want a FormatError", c.name, err)
			continue
		}
		if fe.Table != "glyf" || fe.Offset != c.offset || !strings.Contains(fe.Msg, c.msg) || !strings.Contains(fe.Msg, "glyph 1") {
			t.Errorf("%s: %v, want glyf+%#x ... %q", c.name, err, c.offset, c.msg)
		}
		wantFT := "Invalid_Outline"
		switch {
		case strings.HasPrefix(c.name, "component") || c.name == "second component":
			wantFT = "Invalid_Composite"
		case strings.HasPrefix(c.name, "instructions"):
			wantFT = "Too_Many_Hints"
		}
		if fe.FreeType != wantFT {
			t.Errorf("%s: FreeType error %q, want %q", c.name, fe.FreeType, wantFT)
		}
		// ParseGlyph on the raw record agrees (offsets relative to it).
		rec, err := f.GlyphData(1)
		if err != nil {
			t.Fatal(err)
		}
		perr := sfnt.ParseGlyph(rec, &g)
		if c.name == "component glyph index" {
			if perr != nil {
				t.Errorf("%s: ParseGlyph does not check glyph indexes, got %v", c.name, perr)
			}
			continue
		}
		if !errors.As(perr, &fe) || fe.Offset != c.offset {
			t.Errorf("%s: ParseGlyph: %v", c.name, perr)
		}
	}
	// Valid records with trailing garbage and a good repeat load fine.
	fw := writerFont()
	fw.Glyphs[1] = fontwriter.Glyph{Raw: cat(h(1), w(3, 0), []byte{0x39, 2, 0x37}, []byte{5, 7}, []byte{0xFF, 0xFF}), Advance: 10}
	data, _ := fw.Bytes()
	f, err := sfnt.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	var g sfnt.Glyph
	if err := f.LoadGlyph(1, &g); err != nil {
		t.Fatal(err)
	}
	wantX, wantY := []int32{0, 0, 0, 5}, []int32{0, 0, 0, 7}
	for i := range wantX {
		if g.X[i] != wantX[i] || g.Y[i] != wantY[i] {
			t.Fatalf("points %v %v, want %v %v", g.X, g.Y, wantX, wantY)
		}
	}
}

func TestCompositeInstructions(t *testing.T) {
	comp := func(nIns uint16, have int) []byte {
		b := make([]byte, 10)
		binary.BigEndian.PutUint16(b, 0xFFFF)
		b = binary.BigEndian.AppendUint16(b, 0x0102) // XY values, have instructions
		b = binary.BigEndian.AppendUint16(b, 1)
		b = append(b, 0, 0)
		b = binary.BigEndian.AppendUint16(b, nIns)
		for i := 0; i < have; i++ {
			b = append(b, byte(i))
		}
		return b
	}
	cases := []struct {
		name    string
		rec     []byte
		maxIns  uint16
		wantLen int
		wantErr string
	}{
		{"inside record", comp(3, 3), 0, 3, ""},
		{"past record, within maxSizeOfInstructions", comp(40, 0), 40, 40, ""},
		{"past record and maxSizeOfInstructions", comp(40, 0), 39, 0, "exceeds maxSizeOfInstructions"},
		{"zero", comp(0, 0), 0, 0, ""},
	}
	for _, c := range cases {
		fw := writerFont()
		fw.Glyphs[1] = fontwriter.Glyph{Raw: c.rec, Advance: 10}
		m := fw.DerivedMaxp()
		m.MaxSizeOfInstructions = c.maxIns
		fw.Maxp = &m
		data, _ := fw.Bytes()
		f, err := sfnt.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		var g sfnt.Glyph
		if err := f.LoadGlyph(1, &g); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if len(g.Instructions) != c.wantLen {
			t.Errorf("%s: %d instruction bytes, want %d", c.name, len(g.Instructions), c.wantLen)
		}
		if (g.InstructionsErr == nil) != (c.wantErr == "") || (g.InstructionsErr != nil && !strings.Contains(g.InstructionsErr.Error(), c.wantErr)) {
			t.Errorf("%s: InstructionsErr %v, want %q", c.name, g.InstructionsErr, c.wantErr)
		}
	}
}

// TestLocaTolerance checks FreeType's loca/glyf tolerances.
func TestLocaTolerance(t *testing.T) {
	fw := writerFont()
	fw.LongLoca = true
	good, err := fw.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	f, _ := sfnt.Parse(good)
	rec := func(f *sfnt.Font, gid uint16) []byte {
		b, err := f.GlyphData(gid)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	glyfLen := len(f.Table(sfnt.TagGlyf))
	r1, r2, r3 := rec(f, 1), rec(f, 2), rec(f, 3)
	locaAt := dirEntry(t, good, sfnt.TagLoca)
	locaOff := int(binary.BigEndian.Uint32(good[locaAt+8:]))
	setLoca := func(b []byte, i int, v uint32) { binary.BigEndian.PutUint32(b[locaOff+4*i:], v) }
	loc := func(i int) uint32 { return binary.BigEndian.Uint32(good[locaOff+4*i:]) }

	// The last glyph's end past glyf: truncated at the end of glyf.
	b := append([]byte(nil), good...)
	setLoca(b, 4, uint32(glyfLen+100))
	f, _ = sfnt.Parse(b)
	if got := rec(f, 3); len(got) != glyfLen-int(loc(3)) {
		t.Errorf("last glyph: %d bytes, want %d", len(got), glyfLen-int(loc(3)))
	}
	// A middle glyph's end past glyf: empty.
	b = append([]byte(nil), good...)
	setLoca(b, 2, uint32(glyfLen+2))
	f, _ = sfnt.Parse(b)
	if got := rec(f, 1); len(got) != 0 {
		t.Errorf("glyph 1 with end past glyf: %d bytes, want 0", len(got))
	}
	if got := rec(f, 2); len(got) != 0 {
		t.Errorf("glyph 2 with start past glyf: %d bytes, want 0", len(got))
	}
	// Unordered: the record runs to the end of glyf.
	b = append([]byte(nil), good...)
	setLoca(b, 3, 0)
	f, _ = sfnt.Parse(b)
	if got := rec(f, 2); len(got) != glyfLen-int(loc(2)) || len(got) <= len(r2) {
		t.Errorf("glyph 2 unordered: %d bytes, want %d", len(got), glyfLen-int(loc(2)))
	}
	var g sfnt.Glyph
	if err := f.LoadGlyph(2, &g); err != nil || g.NumContours != 1 {
		t.Errorf("glyph 2 unordered: %v", err)
	}
	// Short loca directory entry with room after it: extended.
	b = append([]byte(nil), good...)
	setLength(t, b, sfnt.TagLoca, 16)
	f, _ = sfnt.Parse(b)
	if f.NumGlyphs() != 4 || len(rec(f, 3)) != len(r3) || len(rec(f, 1)) != len(r1) {
		t.Errorf("short loca with room: %d glyphs", f.NumGlyphs())
	}
	// maxp claims more glyphs than loca can hold: reduced.
	m := fw.DerivedMaxp()
	m.NumGlyphs = 40
	fw.Maxp = &m
	b, _ = fw.Bytes()
	f, err = sfnt.Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	if f.NumGlyphs() != 4 || f.Maxp().NumGlyphs != 40 {
		t.Errorf("numGlyphs %d (maxp %d), want 4", f.NumGlyphs(), f.Maxp().NumGlyphs)
	}
	if !errorsIs(f.LoadGlyph(4, &g), sfnt.ErrGlyphIndex) {
		t.Errorf("glyph 4 should be out of range")
	}
}

func errorsIs(err, target error) bool { return errors.Is(err, target) }

func TestMetricsTolerance(t *testing.T) {
	fw := writerFont()
	data, _ := fw.Bytes()
	// Two long metrics; glyphs 2 and 3 take advance 600 and read their
	// lsb from the (short) bearing array.
	hh := dirEntry(t, data, sfnt.TagHhea)
	hoff := int(binary.BigEndian.Uint32(data[hh+8:]))
	binary.BigEndian.PutUint16(data[hoff+34:], 2)
	f, err := sfnt.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	// hmtx holds 4 long metrics = 16 bytes: as a table of 2 long metrics
	// and bearings, glyph 2's lsb is bytes 8..9 (glyph 2's advance 600),
	// glyph 3's is bytes 10..11 (glyph 2's lsb 0).
	for gid, want := range [][2]int{{100, 0}, {600, 0}, {600, 600}, {600, 0}} {
		a, l, err := f.HMetric(uint16(gid))
		if err != nil || int(a) != want[0] || int(l) != want[1] {
			t.Errorf("glyph %d: %d %d %v, want %v", gid, a, l, err, want)
		}
	}
	// Truncated hmtx (10 bytes): glyph 3's bearing is missing and reads as zero.
	setLength(t, data, sfnt.TagHmtx, 10)
	f, _ = sfnt.Parse(data)
	for gid, want := range [][2]int{{100, 0}, {600, 0}, {600, 600}, {600, 0}} {
		a, l, err := f.HMetric(uint16(gid))
		if err != nil || int(a) != want[0] || int(l) != want[1] {
			t.Errorf("truncated: glyph %d: %d %d %v, want %v", gid, a, l, err, want)
		}
	}
	setLength(t, data, sfnt.TagHmtx, 5)
	f, _ = sfnt.Parse(data)
	if a, l, _ := f.HMetric(1); a != 0 || l != 0 {
		t.Errorf("long metric missing: %d %d, want 0 0", a, l)
	}
	if _, _, err := f.VMetric(0); !errors.Is(err, sfnt.ErrMissingTable) {
		t.Errorf("VMetric without vhea: %v", err)
	}
	if _, _, err := f.HMetric(4); !errors.Is(err, sfnt.ErrGlyphIndex) {
		t.Errorf("HMetric(4): %v", err)
	}
}

func TestTags(t *testing.T) {
	if sfnt.MakeTag("glyf") != 0x676C7966 || sfnt.MakeTag("cvt") != sfnt.TagCvt || sfnt.MakeTag("") != 0x20202020 {
		t.Error("MakeTag")
	}
	if s := sfnt.MakeTag("OS/2").String(); s != "OS/2" {
		t.Error(s)
	}
	if s := sfnt.Tag(0x00414243).String(); s != `\x00ABC` {
		t.Error(s)
	}
}

// ttc builds a collection of fonts, rebasing each font's table offsets.
func ttc(fonts ...[]byte) []byte {
	hdr := 12 + 4*len(fonts)
	out := append([]byte("ttcf\x00\x01\x00\x00"), 0, 0, 0, byte(len(fonts)))
	base := hdr
	var body []byte
	for _, f := range fonts {
		out = binary.BigEndian.AppendUint32(out, uint32(base))
		g := append([]byte(nil), f...)
		n := int(binary.BigEndian.Uint16(g[4:]))
		for i := 0; i < n; i++ {
			p := 12 + 16*i + 8
			binary.BigEndian.PutUint32(g[p:], binary.BigEndian.Uint32(g[p:])+uint32(base))
		}
		body = append(body, g...)
		base += len(g)
	}
	return append(out, body...)
}

func TestCollection(t *testing.T) {
	a := writerFont()
	b := writerFont()
	b.UnitsPerEm = 2048
	b.Glyphs = b.Glyphs[:2]
	ab, err := a.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	bb, err := b.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	data := ttc(ab, bb)
	if n, err := sfnt.NumFonts(data); n != 2 || err != nil {
		t.Fatalf("NumFonts = %d, %v", n, err)
	}
	f0, err := sfnt.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	f1, err := sfnt.ParseIndex(data, 1)
	if err != nil {
		t.Fatal(err)
	}
	if f0.Head().UnitsPerEm != 1000 || f1.Head().UnitsPerEm != 2048 || f0.NumGlyphs() != 4 || f1.NumGlyphs() != 2 {
		t.Errorf("faces: upem %d/%d, glyphs %d/%d", f0.Head().UnitsPerEm, f1.Head().UnitsPerEm, f0.NumGlyphs(), f1.NumGlyphs())
	}
	var g sfnt.Glyph
	if err := f1.LoadGlyph(1, &g); err != nil || g.NumContours != 1 || len(g.X) != 3 {
		t.Errorf("face 1 glyph 1: %v", err)
	}
	if cm, err := f1.Cmap(); err != nil || cm.Lookup('a') != 1 {
		t.Errorf("face 1 cmap: %v", err)
	}
	for _, i := range []int{-1, 2} {
		if _, err := sfnt.ParseIndex(data, i); !errors.Is(err, sfnt.ErrFontIndex) {
			t.Errorf("ParseIndex(%d) = %v", i, err)
		}
	}
	if n, err := sfnt.NumFonts(ab); n != 1 || err != nil {
		t.Errorf("NumFonts(single) = %d, %v", n, err)
	}
}
