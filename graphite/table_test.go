package graphite

import (
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"fontvm/internal/corpus"
)

// A tableCase corrupts a loaded font at a place found through its loaded
// structure, and names graphite2's error code for it.
type tableCase struct {
	name  string
	patch func(c []byte, l *fontLayout)
	want  ErrCode
}

// fontLayout locates a font's tables and its first Silf subtable and pass.
type fontLayout struct {
	face              *Tables
	tab               map[string]int // file offsets of tables
	silf, sub, pass0  int            // Silf table, first subtable, first pass
	hdr               int            // subtable header start (after ruleVersion etc.)
	afterJusts        int            // subtable offset of aLig
	passRules, passFx int
}

func put16(c []byte, o, v int) { binary.BigEndian.PutUint16(c[o:], uint16(v)) }
func put32(c []byte, o int, v uint32) {
	binary.BigEndian.PutUint32(c[o:], v)
}

func layout(t *testing.T, data []byte) *fontLayout {
	f, err := Load(data)
	if err != nil {
		t.Fatal(err)
	}
	l := &fontLayout{face: f, tab: map[string]int{}}
	n := int(binary.BigEndian.Uint16(data[4:]))
	for i := 0; i < n; i++ {
		e := data[12+16*i:]
		l.tab[string(e[:4])] = int(binary.BigEndian.Uint32(e[8:]))
	}
	l.silf = l.tab["Silf"]
	s := f.Silfs[0]
	l.sub = l.silf + s.Offset
	l.hdr = l.sub
	if f.SilfVersion >= 0x00030000 {
		l.hdr += 8
	}
	l.afterJusts = l.hdr + 20 + 8*len(s.Justs)
	l.pass0 = l.sub + s.Passes[0].Offset
	return l
}

var tableCases = []tableCase{
	{"sfnt version OTTO", func(c []byte, l *fontLayout) { copy(c, "OTTO") }, ENoTable},
	{"directory past the end", func(c []byte, l *fontLayout) { put16(c, 4, 0xFFFF) }, ENoTable},
	{"Silf tag renamed", func(c []byte, l *fontLayout) { renameTag(c, "Silf", "Silx") }, ENoSilf},
	{"Silf version 1.0", func(c []byte, l *fontLayout) { put32(c, l.silf, 0x00010000) }, ETooOld},
	{"no Silf subtables", func(c []byte, l *fontLayout) { put16(c, l.silf+silfCountAt(l), 0) }, ENoPasses},
	{"maxGlyph too high", func(c []byte, l *fontLayout) { put16(c, l.hdr, 0xFFFF) }, EBadMaxGlyph},
	{"pseudo attribute", func(c []byte, l *fontLayout) { c[l.hdr+14] = 0xFF }, EBadAPseudo},
	{"breakweight attribute", func(c []byte, l *fontLayout) { c[l.hdr+15] = 0xFF }, EBadABreak},
	{"bidi attribute", func(c []byte, l *fontLayout) { c[l.hdr+16] = 0xFF }, EBadABidi},
	{"mirror attribute", func(c []byte, l *fontLayout) { c[l.hdr+17] = 0xFF }, EBadAMirror},
	{"129 passes", func(c []byte, l *fontLayout) { c[l.hdr+6] = 129 }, EBadNumPasses},
	{"positioning before substitution", func(c []byte, l *fontLayout) { c[l.hdr+7] = c[l.hdr+8] + 1 }, EBadPassBound},
	{"justification before positioning", func(c []byte, l *fontLayout) { c[l.hdr+9] = c[l.hdr+8] - 1 }, EBadJPassBound},
	{"bidi pass before justification", func(c []byte, l *fontLayout) { c[l.hdr+10] = c[l.hdr+9] - 1 }, EBadBPass},
	{"ligature attribute 128", func(c []byte, l *fontLayout) { put16(c, l.afterJusts, 128) }, EBadALig},
	{"collision attribute", func(c []byte, l *fontLayout) { c[l.afterJusts+5] = 0xFF }, EBadACollision},
	{"collision flags on a substitution pass", func(c []byte, l *fontLayout) { c[l.pass0] |= 1 }, EBadCollisionPass},
	{"pass without rules", func(c []byte, l *fontLayout) { put16(c, l.pass0+4, 0) }, EBadEmptyPass},
	{"more transition states than states", func(c []byte, l *fontLayout) { put16(c, l.pass0+26, be16(c, l.pass0+24)+1) }, EBadNumTrans},
	{"more success states than states", func(c []byte, l *fontLayout) { put16(c, l.pass0+28, be16(c, l.pass0+24)+1) }, EBadNumSuccess},
	{"states unaccounted for", func(c []byte, l *fontLayout) { put16(c, l.pass0+24, be16(c, l.pass0+26)+be16(c, l.pass0+28)+1) }, EBadNumStates},
	{"no ranges", func(c []byte, l *fontLayout) { put16(c, l.pass0+32, 0) }, ENoRanges},
	{"0x8000 columns", func(c []byte, l *fontLayout) { put16(c, l.pass0+30, 0x8000) }, EBadNumColumns},
	{"pass constraint offset", func(c []byte, l *fontLayout) { put32(c, l.pass0+8, be32(c, l.pass0+8)+1) }, EBadPassCCodePtr},
	{"rule constraint offset", func(c []byte, l *fontLayout) { put32(c, l.pass0+12, be32(c, l.pass0+12)+1) }, EBadRuleCCodePtr},
	{"action offset", func(c []byte, l *fontLayout) { put32(c, l.pass0+16, be32(c, l.pass0+16)+1) }, EBadActionCodePtr},
	{"Gloc version 2", func(c []byte, l *fontLayout) { put32(c, l.tab["Gloc"], 0x00020000) }, ENoGlyphs},
	{"Gloc without attributes", func(c []byte, l *fontLayout) { put16(c, l.tab["Gloc"]+6, 0) }, ENoGlyphs},
	{"Glat version 4", func(c []byte, l *fontLayout) { put32(c, l.tab["Glat"], 0x00040000) }, ENoGlyphs},
	{"unitsPerEm 0", func(c []byte, l *fontLayout) { put16(c, l.tab["head"]+18, 0) }, EBadUpem},
	{"cmap version 1", func(c []byte, l *fontLayout) { put16(c, l.tab["cmap"], 1) }, EBadCmap},
	{"Feat version 0.5", func(c []byte, l *fontLayout) { put32(c, l.tab["Feat"], 0x00008000) }, EBadFeature},
	{"Sill version 2", func(c []byte, l *fontLayout) { put32(c, l.tab["Sill"], 0x00020000) }, EBadFeature},
}

func silfCountAt(l *fontLayout) int {
	if l.face.SilfVersion >= 0x00030000 {
		return 8
	}
	return 4
}

func renameTag(c []byte, from, to string) {
	n := int(binary.BigEndian.Uint16(c[4:]))
	for i := 0; i < n; i++ {
		if string(c[12+16*i:16+16*i]) == from {
			copy(c[12+16*i:], to)
		}
	}
}

func tableTestFont(t *testing.T) []byte {
	b, err := os.ReadFile(filepath.Join(corpus.Graphite2Tests(t), "fonts", "Padauk.ttf"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestTableErrors: each corruption is refused with graphite2's error code.
func TestTableErrors(t *testing.T) {
	font := tableTestFont(t)
	l := layout(t, font)
	for _, tc := range tableCases {
		t.Run(tc.name, func(t *testing.T) {
			c := append([]byte(nil), font...)
			tc.patch(c, l)
			_, err := Load(c)
			var e *Error
			if !errors.As(err, &e) || !errors.Is(err, ErrRefused) {
				t.Fatalf("got %v, want a refusal %v", err, tc.want)
			}
			if e.Code != tc.want {
				t.Fatalf("got %v, want %v", err, tc.want)
			}
			if e.Reason == "" || e.Table == "" {
				t.Fatalf("refusal without table or reason: %v", err)
			}
		})
	}
}

// TestCompressedSilf: LZ4-compressed tables load; a damaged stream makes
// the table unusable, as in graphite2.
func TestCompressedSilf(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(corpus.Graphite2Tests(t), "fonts", "Awami_compressed_test.ttf"))
	if err != nil {
		t.Fatal(err)
	}
	f, err := Load(b)
	if err != nil {
		t.Fatal(err)
	}
	plain, err := os.ReadFile(filepath.Join(corpus.Graphite2Tests(t), "fonts", "Awami_test.ttf"))
	if err != nil {
		t.Fatal(err)
	}
	g, err := Load(plain)
	if err != nil {
		t.Fatal(err)
	}
	rules := func(f *Tables) (n int) {
		for _, p := range f.Silfs[0].Passes {
			n += len(p.Rules)
		}
		return n
	}
	if f.SilfVersion>>16 != 5 || len(f.Silfs[0].Passes) != len(g.Silfs[0].Passes) || rules(f) != rules(g) {
		t.Fatalf("compressed Awami (Silf 0x%08X): %d passes %d rules; plain: %d passes %d rules",
			f.SilfVersion, len(f.Silfs[0].Passes), rules(f), len(g.Silfs[0].Passes), rules(g))
	}
	l := map[string]int{}
	n := int(binary.BigEndian.Uint16(b[4:]))
	for i := 0; i < n; i++ {
		e := b[12+16*i:]
		l[string(e[:4])] = int(binary.BigEndian.Uint32(e[8:]))
	}
	if be32(b, l["Silf"]+4)>>27 != 1 {
		t.Fatalf("Silf of Awami_compressed_test is not LZ4")
	}
	c := append([]byte(nil), b...)
	put32(c, l["Silf"]+4, be32(c, l["Silf"]+4)+1) // one byte more than the stream yields
	if _, err := Load(c); err == nil || err.(*Error).Code != ENoSilf {
		t.Fatalf("wrong uncompressed size: %v, want E_NOSILF", err)
	}
	c = append([]byte(nil), b...)
	put32(c, l["Silf"]+4, be32(c, l["Silf"]+4)&0x07ffffff|2<<27) // unknown scheme
	if _, err := Load(c); err == nil || err.(*Error).Code != ENoSilf {
		t.Fatalf("unknown scheme: %v, want E_NOSILF", err)
	}
}

// TestLZ4 checks graphite2's LZ4 block rules on hand-made streams.
func TestLZ4(t *testing.T) {
	// 13 literals "ABCDEFGHIJKLM" then a match of 8 at distance 13, then 5 literals.
	lit := []byte("ABCDEFGHIJKLM")
	src := append([]byte{0xD4}, lit...)              // 13 literals, match length 4+4
	src = append(src, 13, 0)                         // distance 13
	src = append(src, 0x50, 'v', 'w', 'x', 'y', 'z') // final 5 literals
	out, n := lz4Decompress(src, 13+8+5)
	if n != 26 || string(out[:n]) != "ABCDEFGHIJKLMABCDEFGHvwxyz" {
		t.Fatalf("got %q (%d)", out[:max(n, 0)], n)
	}
	if _, n := lz4Decompress(src, 27); n == 27 {
		t.Fatalf("size mismatch accepted")
	}
	bad := append([]byte(nil), src...)
	bad[14] = 14 // distance before the start
	if _, n := lz4Decompress(bad, 26); n != -1 {
		t.Fatalf("match before the output start accepted (%d)", n)
	}
	if _, n := lz4Decompress(src[:12], 26); n != -1 {
		t.Fatalf("stream shorter than 13 bytes accepted")
	}
	if _, n := lz4Decompress(src, 20); n != -1 {
		t.Fatalf("output smaller than input accepted")
	}
}
