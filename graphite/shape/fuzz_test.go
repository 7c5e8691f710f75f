package shape

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
	"time"

	"fontvm/internal/corpus"
)

// applyFuzz applies a graphite2 .fuzz file (lines of status,position,value[,where]).
func applyFuzz(font []byte, spec string) ([]byte, error) {
	out := append([]byte(nil), font...)
	for _, l := range strings.Split(spec, "\n") {
		l = strings.TrimSpace(l)
		if l == "" {
			continue
		}
		f := strings.Split(l, ",")
		if len(f) < 3 {
			continue // the files also hold valgrind's report
		}
		if _, err := strconv.Atoi(strings.TrimSpace(f[0])); err != nil {
			continue
		}
		pos, err := strconv.ParseUint(strings.TrimPrefix(strings.ToLower(strings.TrimSpace(f[1])), "0x"), 16, 64)
		if err != nil {
			return nil, fmt.Errorf("bad position in %q", l)
		}
		v, err := strconv.Atoi(strings.TrimSpace(f[2]))
		if err != nil {
			return nil, fmt.Errorf("bad value in %q", l)
		}
		if pos >= uint64(len(out)) {
			return nil, fmt.Errorf("position past end in %q", l)
		}
		out[pos] = byte(v)
	}
	return out, nil
}

// shapeSafely shapes one text and turns a panic into an error.
func shapeSafely(sh *Shaper, text []rune, opts *Options) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v\n%s", r, debug.Stack())
		}
	}()
	_, err = sh.Shape(text, opts)
	if err != nil {
		return nil // a failed segment is a valid outcome
	}
	return nil
}

func loadSafely(data []byte) (f *Font, err error) {
	defer func() {
		if r := recover(); r != nil {
			f, err = nil, fmt.Errorf("panic: %v\n%s", r, debug.Stack())
		}
	}()
	return Load(data)
}

// TestFuzzRegressions applies each of graphite2's fuzz regressions and
// shapes its texts both ways: the engine must load or refuse the font and
// shape or fail each text, without panicking and in bounded time.
func TestFuzzRegressions(t *testing.T) {
	dir := corpus.Graphite2Tests(t)
	texts, _ := filepath.Glob(filepath.Join(dir, "texts", "*.txt"))
	fonts, _ := filepath.Glob(filepath.Join(dir, "fuzz-tests", "*", "*", "*.fuzz"))
	n := 0
	for _, fz := range fonts {
		rel, _ := filepath.Rel(filepath.Join(dir, "fuzz-tests"), fz)
		parts := strings.Split(rel, string(filepath.Separator))
		if parts[0] == "libfuzz-corpus" {
			continue
		}
		font, err := os.ReadFile(filepath.Join(dir, "fonts", parts[0]+".ttf"))
		if err != nil {
			t.Errorf("%s: %v", rel, err)
			continue
		}
		spec, err := os.ReadFile(fz)
		if err != nil {
			t.Fatal(err)
		}
		data, err := applyFuzz(font, string(spec))
		if err != nil {
			t.Errorf("%s: %v", rel, err)
			continue
		}
		want := strings.ReplaceAll(strings.TrimSuffix(parts[1], "-r"), "-", "_")
		var lines [][]rune
		for _, tp := range texts {
			if strings.HasPrefix(filepath.Base(tp), want) || strings.HasPrefix(filepath.Base(tp), strings.TrimSuffix(want, "s")) {
				b, _ := os.ReadFile(tp)
				for _, l := range strings.Split(string(b), "\n") {
					if l = strings.TrimSpace(l); l != "" {
						lines = append(lines, []rune(l))
					}
				}
			}
		}
		if len(lines) == 0 {
			t.Errorf("%s: no texts for %q", rel, want)
			continue
		}
		n++
		start := time.Now()
		f, err := loadSafely(data)
		if err != nil {
			if strings.HasPrefix(err.Error(), "panic") {
				t.Errorf("%s: load: %v", rel, err)
			}
			continue
		}
		sh := NewShaper(f)
		for _, l := range lines {
			for _, rtl := range []bool{false, true} {
				if err := shapeSafely(sh, l, &Options{RTL: rtl}); err != nil {
					t.Errorf("%s %q: %v", rel, string(l), err)
					goto next
				}
			}
		}
	next:
		if d := time.Since(start); d > 20*time.Second {
			t.Errorf("%s: took %v", rel, d)
		}
	}
	if n == 0 {
		t.Fatal("no fuzz regressions found")
	}
	t.Logf("%d fuzz regressions survived", n)
}

var fuzzFonts = []string{"Padauk.ttf", "charis_r_gr.ttf", "Scheherazadegr.ttf", "Annapurnarc2.ttf", "Awami_test.ttf", "grtest1gr.ttf", "general.ttf", "MagyarLinLibertineG.ttf"}

// loadFuzzFonts reads the fuzzFonts.
func loadFuzzFonts(f *testing.F) [][]byte {
	dir := corpus.Graphite2Tests(f)
	var fonts [][]byte
	for _, n := range fuzzFonts {
		b, err := os.ReadFile(filepath.Join(dir, "fonts", n))
		if err != nil {
			f.Fatal(err)
		}
		fonts = append(fonts, b)
	}
	return fonts
}

// FuzzCorruptFont corrupts up to three bytes of a suite font and shapes a
// text: loading or shaping may fail, never panic.
func FuzzCorruptFont(f *testing.F) {
	fonts := loadFuzzFonts(f)
	f.Add(uint8(0), uint32(0x2118D), uint8(32), uint32(0), uint8(0), uint32(0), uint8(0), "\u1000\u103c\u102d\u102f", false)
	f.Add(uint8(1), uint32(1000), uint8(7), uint32(5000), uint8(0xff), uint32(0), uint8(0), "Hello world", false)
	f.Add(uint8(2), uint32(40000), uint8(1), uint32(0), uint8(0), uint32(0), uint8(0), "\u0628\u0628\u064e\u0644", true)
	f.Add(uint8(4), uint32(90000), uint8(0), uint32(0), uint8(0), uint32(0), uint8(0), "\u0628\u06cc", true)
	f.Fuzz(func(t *testing.T, fi uint8, o1 uint32, v1 uint8, o2 uint32, v2 uint8, o3 uint32, v3 uint8, text string, rtl bool) {
		src := fonts[int(fi)%len(fonts)]
		data := append([]byte(nil), src...)
		for _, e := range [][2]uint32{{o1, uint32(v1)}, {o2, uint32(v2)}, {o3, uint32(v3)}} {
			data[int(e[0]%uint32(len(data)))] = byte(e[1])
		}
		face, err := Load(data)
		if err != nil {
			return
		}
		sh := NewShaper(face)
		rs := []rune(text)
		if len(rs) > 64 {
			rs = rs[:64]
		}
		sh.Shape(rs, &Options{RTL: rtl})
		sh.Shape(rs, &Options{RTL: rtl, Justify: 500, Scale: 0.5})
	})
}
