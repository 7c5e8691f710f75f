package shape

import (
	"encoding/json"
	"reflect"
	"testing"
)

// TestTraceChangesNothing shapes every line of the benchmark texts with and
// without a trace: the outputs must be the same and each trace valid JSON
// with one segment object per shaping.
func TestTraceChangesNothing(t *testing.T) {
	n := 0
	for _, c := range benchCases {
		f := suiteFace(t, c.font)
		plain, traced := NewShaper(f), NewShaper(f)
		for i, tx := range suiteTexts(t, c.text) {
			if i%7 != 0 { // a seventh of the lines keeps the test short
				continue
			}
			opts := &Options{RTL: c.rtl, Scale: 0.01}
			want, werr := plain.Shape(tx, opts)
			tr := NewTrace()
			traced.SetTrace(tr)
			got, gerr := traced.Shape(tx, opts)
			traced.SetTrace(nil)
			if (werr == nil) != (gerr == nil) || werr == nil && !reflect.DeepEqual(*want, *got) {
				t.Fatalf("%s line %d: tracing changed the result", c.font, i)
			}
			var segs []map[string]any
			if err := json.Unmarshal(tr.JSON(), &segs); err != nil || len(segs) != 1 || segs[0]["passes"] == nil {
				t.Fatalf("%s line %d: trace %v, %d segments", c.font, i, err, len(segs))
			}
			n++
		}
	}
	t.Logf("%d shapings traced, results unchanged", n)
	if n < 100 {
		t.Errorf("only %d shapings compared", n)
	}
}

// TestTraceTruncated checks the size bound: past it list elements are
// left out, the JSON stays valid and Truncated says so.
func TestTraceTruncated(t *testing.T) {
	f := suiteFace(t, "Padauk.ttf")
	sh := NewShaper(f)
	full := NewTrace()
	sh.SetTrace(full)
	text := []rune("\u1000\u103c\u102d\u102f\u1015\u102f")
	sh.Shape(text, nil)
	small := NewTrace()
	small.limit = 3000
	sh.SetTrace(small)
	sh.Shape(text, nil)
	if full.Truncated() || !small.Truncated() {
		t.Fatalf("truncated: full %v, small %v", full.Truncated(), small.Truncated())
	}
	b := small.JSON()
	if !json.Valid(b) || len(b) > 3000+2000 || len(b) >= len(full.JSON()) {
		t.Errorf("truncated trace: valid %v, %d bytes (full %d)", json.Valid(b), len(b), len(full.JSON()))
	}
}

// FuzzTrace corrupts a suite font as FuzzCorruptFont does and shapes with a
// trace: no panic, and the trace is valid JSON.
func FuzzTrace(f *testing.F) {
	fonts := loadFuzzFonts(f)
	f.Add(uint8(0), uint32(0x2118D), uint8(32), "\u1000\u103c\u102d\u102f", false)
	f.Add(uint8(1), uint32(1000), uint8(7), "Hello world", false)
	f.Add(uint8(2), uint32(40000), uint8(1), "\u0628\u0628\u064e\u0644", true)
	f.Add(uint8(4), uint32(90000), uint8(0), "\u0628\u06cc", true)
	f.Fuzz(func(t *testing.T, fi uint8, o1 uint32, v1 uint8, text string, rtl bool) {
		src := fonts[int(fi)%len(fonts)]
		data := append([]byte(nil), src...)
		data[int(o1%uint32(len(data)))] = v1
		face, err := Load(data)
		if err != nil {
			return
		}
		sh := NewShaper(face)
		rs := []rune(text)
		if len(rs) > 32 {
			rs = rs[:32]
		}
		tr := NewTrace()
		sh.SetTrace(tr)
		sh.Shape(rs, &Options{RTL: rtl})
		sh.Shape(rs, &Options{RTL: rtl, Justify: 500, Scale: 0.5})
		if b := tr.JSON(); !json.Valid(b) {
			t.Fatalf("invalid trace JSON (%d bytes)", len(b))
		}
	})
}
