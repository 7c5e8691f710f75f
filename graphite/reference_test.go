//go:build reference

package graphite

import (
	"encoding/binary"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"testing"

	"fontvm/graphite/isa"
	"fontvm/internal/corpus"
	"fontvm/internal/grref"
)

type codeSlot struct {
	off, n     int // file offset and length of a rule's code
	constraint bool
}

// codeSlots lists where each rule's code lies in the font file.
func codeSlots(t *testing.T, font []byte) []codeSlot {
	face, err := Load(font)
	if err != nil {
		t.Fatal(err)
	}
	silfOff, _ := tableSpan(font, "Silf")
	var slots []codeSlot
	for _, s := range face.Silfs {
		for _, p := range s.Passes {
			for _, r := range p.Rules {
				for _, c := range []*Code{r.Constraint, r.Action} {
					if c != nil {
						slots = append(slots, codeSlot{silfOff + s.Offset + c.Offset, len(c.Raw), c.Constraint})
					}
				}
			}
		}
	}
	return slots
}

func tableSpan(d []byte, tag string) (int, int) {
	n := int(binary.BigEndian.Uint16(d[4:]))
	for i := 0; i < n; i++ {
		e := d[12+16*i:]
		if string(e[:4]) == tag {
			return int(binary.BigEndian.Uint32(e[8:])), int(binary.BigEndian.Uint32(e[12:]))
		}
	}
	return -1, 0
}

// TestReferenceVerifierCases embeds every hand-assembled program of the
// verifier tests (each opcode in both code kinds, and every refusal case)
// into rules of Padauk (NOPs in front, so that the program fills the
// rule's bytes) and checks that graphite2 accepts or refuses each font
// exactly as fontvm does.
func TestReferenceVerifierCases(t *testing.T) {
	font, err := os.ReadFile(filepath.Join(corpus.Graphite2Tests(t), "fonts", "Padauk.ttf"))
	if err != nil {
		t.Fatal(err)
	}
	slots := codeSlots(t, font)
	var progs []struct {
		name       string
		code       []byte
		constraint bool
	}
	for _, op := range isa.Table(isa.Graphite2) {
		for _, constraint := range []bool{true, false} {
			ret := map[bool]string{true: "RetTrue", false: "RetZero"}[constraint]
			progs = append(progs, struct {
				name       string
				code       []byte
				constraint bool
			}{op.Name, asm(t, instrSource(&op)+ret), constraint})
		}
	}
	for _, vc := range verifierCases {
		progs = append(progs, struct {
			name       string
			code       []byte
			constraint bool
		}{vc.name, asm(t, vc.src), vc.constraint})
	}
	accepted, refused := 0, 0
	for _, p := range progs {
		used := 0
		for _, sl := range slots {
			if sl.constraint != p.constraint || sl.n < len(p.code) || used >= 3 {
				continue
			}
			used++
			c := append([]byte(nil), font...)
			for i := 0; i < sl.n-len(p.code); i++ {
				c[sl.off+i] = isa.NOP
			}
			copy(c[sl.off+sl.n-len(p.code):], p.code)
			ref, _ := grref.Accepts(c)
			_, err := Load(c)
			if ref != (err == nil) {
				t.Errorf("%s (constraint %v) at %d: graphite2 accepts %v, fontvm: %v", p.name, p.constraint, sl.off, ref, err)
			}
			if ref {
				accepted++
			} else {
				refused++
			}
		}
	}
	t.Logf("%d embedded programs accepted, %d refused, by both", accepted, refused)
	if accepted == 0 || refused == 0 {
		t.Fatalf("embedding tested nothing: %d accepted, %d refused", accepted, refused)
	}
}

// TestReferenceCorruptions: seeded byte corruptions of every Graphite font
// (Silf, Glat, Gloc, Feat, Sill, cmap bytes, rule code bytes, truncated
// tables): fontvm accepts exactly when graphite2 does.
func TestReferenceCorruptions(t *testing.T) {
	var fonts [][]byte
	var names []string
	paths, _ := filepath.Glob(filepath.Join(corpus.Graphite2Tests(t), "fonts", "*.ttf"))
	for _, cf := range corpus.GraphiteFonts {
		paths = append(paths, cf.Path)
	}
	for _, p := range paths {
		if b, err := os.ReadFile(p); err == nil {
			fonts, names = append(fonts, b), append(names, filepath.Base(p))
		}
	}
	rng := rand.New(rand.NewSource(4))
	cases, agree := 0, 0
	for fi, d := range fonts {
		dir, err := readDirectory(d)
		if err != nil {
			continue
		}
		type span struct{ off, n int }
		var spans []span
		for _, tag := range []string{"Silf", "Glat", "Gloc", "Feat", "Sill", "cmap"} {
			if b := dir[tagOf(tag)]; len(b) > 0 {
				off, _ := tableSpan(d, tag)
				spans = append(spans, span{off, len(b)})
			}
		}
		if len(spans) == 0 {
			continue
		}
		for i := 0; i < 60; i++ {
			c := append([]byte(nil), d...)
			sp := spans[rng.Intn(len(spans))]
			desc := ""
			for k := 1 + rng.Intn(3); k > 0; k-- {
				o := sp.off + rng.Intn(min(sp.n, 64+rng.Intn(sp.n)))
				c[o] = byte(rng.Intn(256))
				desc += fmt.Sprintf(" +%d=%d", o-sp.off, c[o])
			}
			ref, _ := grref.Accepts(c)
			_, err := Load(c)
			cases++
			if ref == (err == nil) {
				agree++
			} else {
				t.Errorf("%s%s: graphite2 accepts %v, fontvm: %v", names[fi], desc, ref, err)
			}
		}
	}
	t.Logf("%d corruptions, %d agree", cases, agree)
	if cases < 500 {
		t.Fatalf("only %d cases", cases)
	}
}

// TestReferenceTableErrors: graphite2 refuses every corruption of the table
// error tests, and accepts the untouched font.
func TestReferenceTableErrors(t *testing.T) {
	font := tableTestFont(t)
	if ok, _ := grref.Accepts(font); !ok {
		t.Fatalf("graphite2 refuses the untouched font")
	}
	l := layout(t, font)
	for _, tc := range tableCases {
		c := append([]byte(nil), font...)
		tc.patch(c, l)
		if ok, _ := grref.Accepts(c); ok {
			t.Errorf("%s: graphite2 accepts it; fontvm expects %v", tc.name, tc.want)
		}
	}
}
