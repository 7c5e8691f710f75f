package graphite

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"fontvm/internal/corpus"
)

// The tests of the API the shaping engine (graphite/shape) builds on:
// TempCopyAt, DecodeCode, AppendGlyphAttrs and CmapEach.

func suiteFont(t *testing.T, name string) *Tables {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(corpus.Graphite2Tests(t), "fonts", name))
	if err != nil {
		t.Fatal(err)
	}
	f, err := Load(data)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestTempCopyAt checks where the temporary copies go: at the start of the
// code of the slot that is changed and later referenced.
func TestTempCopyAt(t *testing.T) {
	for _, c := range []struct {
		src  string
		n    int
		want []int
	}{
		// slot 0 (entered at the start) changed, referenced from slot 1
		{"PutGlyph 1\nNext\nPutCopy -1\nNext\nRetZero", 2, []int{0}},
		// slot 1 (entered after PutCopy, Next: instruction 2) changed, referenced from slot 2
		{"PutCopy 0\nNext\nPutGlyph 1\nNext\nPutCopy -1\nNext\nRetZero", 3, []int{2}},
		// slots 0 and 1 both: the second index counts the first copy
		{"PutGlyph 1\nNext\nPutGlyph 1\nNext\nPutCopy -2\nPutCopy -1\nNext\nRetZero", 3, []int{0, 3}},
		// changed but not referenced: no copy
		{"PutGlyph 1\nNext\nRetZero", 1, nil},
	} {
		code, ce := loadCode(false, asm(t, c.src), 0, c.n, testLim, PassSubstitute)
		if ce != nil {
			t.Fatalf("%q refused: %v %s", c.src, ce.status, ce.reason)
		}
		if !slices.Equal(code.TempCopyAt, c.want) || code.TempCopies != len(c.want) {
			t.Errorf("%q: TempCopyAt %v (%d copies), want %v", c.src, code.TempCopyAt, code.TempCopies, c.want)
		}
	}
}

// TestDecodeCode checks DecodeCode against the face's limits.
func TestDecodeCode(t *testing.T) {
	f := suiteFont(t, "Padauk.ttf")
	s := f.Silfs[0]
	c, err := f.DecodeCode(s, false, asm(t, "PutGlyph 0\nNext\nRetZero"), 0, 1, PassSubstitute)
	if err != nil || c == nil || len(c.Instrs) != 3 || !c.Modifies {
		t.Fatalf("valid action: %+v, %v", c, err)
	}
	if c, err := f.DecodeCode(s, true, nil, 0, 1, PassSubstitute); c != nil || err != nil {
		t.Errorf("empty code: %v %v, want nil nil", c, err)
	}
	var ge *Error
	_, err = f.DecodeCode(s, false, asm(t, "PopRet"), 0, 1, PassSubstitute)
	if !errors.As(err, &ge) || ge.Status != UnderfullStack || ge.Kind != "action" || ge.PC != 0 || !errors.Is(err, ErrRefused) {
		t.Errorf("PopRet on an empty stack: %v", err)
	}
	// a class id at the subtable's class count is out of range
	bad := []byte{0x3B, byte(s.NumClasses >> 8), byte(s.NumClasses), 0x31} // PutGlyph <NumClasses>, RetZero
	if _, err := f.DecodeCode(s, false, bad, 0, 1, PassSubstitute); !errors.As(err, &ge) || ge.Status != OutOfRangeData {
		t.Errorf("class %d of %d: %v, want out of range", s.NumClasses, s.NumClasses, err)
	}
	// glyph attributes are checked against the face's count
	bad = []byte{0x3C, byte(f.NumAttrs >> 8), byte(f.NumAttrs), 0, 0x30} // PushGlyphAttr <NumAttrs> 0, PopRet
	if _, err := f.DecodeCode(s, true, bad, 0, 1, PassSubstitute); !errors.As(err, &ge) || ge.Status != OutOfRangeData {
		t.Errorf("glyph attribute %d of %d: %v, want out of range", f.NumAttrs, f.NumAttrs, err)
	}
}

// TestAppendGlyphAttrs checks AppendGlyphAttrs against Glyph.Attrs and
// GlyphAttr, also for glyphs whose attributes are read from the table.
func TestAppendGlyphAttrs(t *testing.T) {
	f := suiteFont(t, "Padauk.ttf")
	n := 0
	for g := range f.Glyphs {
		got := f.AppendGlyphAttrs([]Attr{{1, 2}}, g)
		if got[0] != (Attr{1, 2}) || !slices.Equal(got[1:], f.Glyphs[g].Attrs) {
			t.Fatalf("glyph %d: %v, want %v after the prefix", g, got, f.Glyphs[g].Attrs)
		}
		n += len(got) - 1
		// the same glyph with its attributes not kept in memory
		gl := f.Glyphs[g]
		f.Glyphs[g].Attrs, f.Glyphs[g].lazy = nil, true
		lazy := f.AppendGlyphAttrs(nil, g)
		f.Glyphs[g] = gl
		if !slices.Equal(lazy, gl.Attrs) {
			t.Fatalf("glyph %d read lazily: %v, want %v", g, lazy, gl.Attrs)
		}
		for _, a := range lazy {
			if v := f.GlyphAttr(g, int(a.ID)); v != a.Value {
				t.Fatalf("glyph %d attribute %d: GlyphAttr %d, AppendGlyphAttrs %d", g, a.ID, v, a.Value)
			}
		}
	}
	if n == 0 {
		t.Fatal("no attributes")
	}
	if got := f.AppendGlyphAttrs(nil, len(f.Glyphs)); got != nil {
		t.Errorf("glyph out of range: %v", got)
	}
}

// TestCmapEach checks that the code points CmapEach passes, later calls
// overriding earlier ones, map as Lookup maps them, and that the code
// points it does not pass (a sample of them) map to 0.
func TestCmapEach(t *testing.T) {
	for _, name := range []string{"Padauk.ttf", "charis_r_gr.ttf", "Scheherazadegr.ttf", "AwamiNastaliq-Regular.ttf"} {
		f := suiteFont(t, name)
		got := make([]uint16, 0x110000)
		passed := make([]bool, 0x110000)
		calls, top := 0, rune(0)
		f.CmapEach(func(cp uint32, g uint16) { got[cp], passed[cp] = g, true; calls++; top = max(top, rune(cp)) })
		if calls > 0x10FFFF+0xFFFF {
			t.Errorf("%s: %d calls", name, calls)
		}
		mapped := 0
		// every code point passed, and a sample of the others (Lookup scans
		// a format 12 subtable's groups one by one)
		for cp := rune(0); cp <= 0x10FFFF; cp++ {
			if !passed[cp] && cp%97 != 0 && cp != top+1 {
				continue
			}
			g, ok := got[cp], passed[cp]
			if want := f.Lookup(cp); g != want || (!ok && want != 0) {
				t.Fatalf("%s: U+%04X: CmapEach %d (passed %v), Lookup %d", name, cp, g, ok, want)
			}
			if g != 0 {
				mapped++
			}
		}
		if mapped == 0 {
			t.Errorf("%s: nothing mapped", name)
		}
	}
}
