package gasm_test

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"

	"fontvm/graphite"
	"fontvm/graphite/gasm"
	"fontvm/graphite/isa"
	"fontvm/internal/corpus"
)

// TestRoundTripCorpus: every code block of every corpus Graphite font
// disassembles and reassembles to the same bytes, in both dialects.
func TestRoundTripCorpus(t *testing.T) {
	n := 0
	for _, cf := range corpus.GraphiteFonts {
		data, err := os.ReadFile(cf.Path)
		if err != nil {
			corpus.Missing(t, cf.Path)
			continue
		}
		f, err := graphite.Load(data)
		if err != nil {
			t.Fatalf("%s: %v", cf.Name, err)
		}
		for _, s := range f.Silfs {
			for _, p := range s.Passes {
				codes := []*graphite.Code{p.Constraint}
				for _, r := range p.Rules {
					codes = append(codes, r.Constraint, r.Action)
				}
				for _, c := range codes {
					if c == nil {
						continue
					}
					for _, d := range []isa.Dialect{isa.Graphite2, isa.Document} {
						text := gasm.Format(c.Raw, d, "")
						back, err := gasm.Assemble(text, d)
						if err != nil {
							t.Fatalf("%s pass %d: %v\n%s", cf.Name, p.Index, err, text)
						}
						if !bytes.Equal(back, c.Raw) {
							t.Fatalf("%s pass %d: round trip differs\n%x\n%x\n%s", cf.Name, p.Index, c.Raw, back, text)
						}
					}
					n++
				}
			}
		}
	}
	t.Logf("%d code blocks round-tripped", n)
}

func TestAssembleSyntax(t *testing.T) {
	cases := []struct {
		src  string
		want []byte
	}{
		{"PushByte 3\nPopRet", []byte{0x01, 3, 0x30}},
		{"PushByte -1 ; comment\nRetTrue", []byte{0x01, 0xFF, 0x32}},
		{"PutSubs 0 12 13", []byte{0x38, 0, 0, 12, 0, 13}},
		{"PutSubs8 -1 12 13", []byte{0x1D, 0xFF, 12, 13}},
		{"AttrSet shift_x", []byte{0x23, 20}},
		{"IAttrSet user 1", []byte{0x33, 55, 1}},
		{"PushGlyphMetric bb_top 0 0", []byte{0x2A, 2, 0, 0}},
		{"Assoc -1 0 1", []byte{0x21, 3, 0xFF, 0, 1}},
		{"PushLong -2", []byte{0x05, 0xFF, 0xFF, 0xFF, 0xFE}},
		{"PushShortU 65535", []byte{0x04, 0xFF, 0xFF}},
		{"SetBits 0xFF00 0x0100", []byte{0x41, 0xFF, 0, 1, 0}},
		{"ContextItem 1 end\nPushByte 1\nPopRet\nend: RetTrue", []byte{0x22, 1, 3, 0x01, 1, 0x30, 0x32}},
		{"0000: NOP\n0001: .byte 0x43 7", []byte{0, 0x43, 7}},
		{"push_byte 1", []byte{0x01, 1}},
		{"BitOr\nBitAnd", []byte{0x3E, 0x3F}},
	}
	for _, c := range cases {
		got, err := gasm.Assemble(c.src, isa.Graphite2)
		if err != nil || !bytes.Equal(got, c.want) {
			t.Errorf("%q: got %x %v, want %x", c.src, got, err, c.want)
		}
	}
	if got, _ := gasm.Assemble("BitAnd\nBitOr", isa.Document); !bytes.Equal(got, []byte{0x3E, 0x3F}) {
		t.Errorf("document dialect BitAnd BitOr: %x, want 3e3f", got)
	}
	for _, bad := range []string{"Frobnicate", "PushByte", "PushByte 200", "PushByteU -1", "AttrSet nosuch",
		"ContextItem 0 nowhere", "PushShort 70000", ".byte 300", "a:\na:"} {
		if _, err := gasm.Assemble(bad, isa.Graphite2); !errors.Is(err, gasm.ErrSyntax) {
			t.Errorf("%q: err %v, want a syntax error", bad, err)
		}
	}
}

func TestDisassemble(t *testing.T) {
	code := []byte{0x22, 0, 3, 0x01, 1, 0x30, 0x32, 0x05, 1}
	got := gasm.Format(code, isa.Graphite2, "")
	want := "0000: ContextItem 0 3\n0003:   PushByte 1\n0005:   PopRet\n0006: RetTrue\n0007: .byte 0x05\n0008: .byte 0x01\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if g := gasm.Format([]byte{0x3E}, isa.Document, ""); !strings.Contains(g, "BitAnd") {
		t.Errorf("document dialect 0x3E: %q", g)
	}
}
