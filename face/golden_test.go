package face

import (
	"bufio"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fontvm/sfnt"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// The golden file records, for the embedded Go Regular at 9-24 ppem, a
// SHA-256 over every glyph's bitmap as FreeType renders it (box and
// pixels; mono pixels as 0/255), per hinting mode and render mode. It is
// written and checked against FreeType by the reference test
// (TestReferenceGolden); plain go test checks fontvm against it.
const goldenFile = "testdata/goregular-bitmaps.golden"

// goldenLarge are extra mono sizes large enough for the monochrome
// rasterizer's render pool to overflow, so that its sub-banding is checked.
var goldenLarge = []int{100, 250}

// goldenSizes lists (mono, ppem) pairs of the golden file, in its order.
func goldenSizes() (out []struct {
	mono bool
	ppem int
}) {
	for _, mono := range []bool{false, true} {
		for ppem := 9; ppem <= 24; ppem++ {
			out = append(out, struct {
				mono bool
				ppem int
			}{mono, ppem})
		}
	}
	for _, ppem := range goldenLarge {
		out = append(out, struct {
			mono bool
			ppem int
		}{true, ppem})
	}
	return out
}

var goldenModes = []struct {
	name string
	h    font.Hinting
}{{"none", font.HintingNone}, {"v40", font.HintingVertical}, {"v35", font.HintingFull}}

// bitmapHasher accumulates glyph bitmaps in the golden format.
type bitmapHasher struct {
	h   [32]byte
	buf []byte
	sum interface {
		Write([]byte) (int, error)
		Sum([]byte) []byte
	}
}

func newBitmapHasher() *bitmapHasher { return &bitmapHasher{sum: sha256.New()} }

// add hashes one glyph: left, top (y up), width, rows, then rows×width
// pixel bytes, top row first.
func (b *bitmapHasher) add(left, top, width, rows int, pix func(x, y int) byte) {
	b.buf = b.buf[:0]
	for _, v := range []int{left, top, width, rows} {
		b.buf = binary.LittleEndian.AppendUint32(b.buf, uint32(int32(v)))
	}
	for y := 0; y < rows; y++ {
		for x := 0; x < width; x++ {
			b.buf = append(b.buf, pix(x, y))
		}
	}
	b.sum.Write(b.buf)
}

// addAdvance hashes an advance (26.6) as an int32.
func (b *bitmapHasher) addAdvance(adv int64) {
	b.sum.Write(binary.LittleEndian.AppendUint32(nil, uint32(int32(adv))))
}

func (b *bitmapHasher) hex() string { return hex.EncodeToString(b.sum.Sum(nil)) }

func goldenKey(mode string, mono bool, ppem int) string {
	r := "gray"
	if mono {
		r = "mono"
	}
	return fmt.Sprintf("%s %s %d", mode, r, ppem)
}

// readGolden reads goldenFile: hash by key, and the FreeType version.
func readGolden(t *testing.T) (map[string]string, string) { return readGoldenFile(t, goldenFile) }

// readGoldenFile reads a golden bitmap file: hash by key, and the
// FreeType version.
func readGoldenFile(t *testing.T, path string) (map[string]string, string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("golden data: %v", err)
	}
	defer f.Close()
	m := map[string]string{}
	version := ""
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if v, ok := strings.CutPrefix(line, "# FreeType "); ok {
			version = strings.Fields(v)[0]
		}
		if line == "" || line[0] == '#' {
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		m[line[:i]] = line[i+1:]
	}
	return m, version
}

// fontvmHash renders every glyph of Go Regular at ppem through a Face.
func fontvmHash(t *testing.T, h font.Hinting, mono bool, ppem int) string {
	return faceHash(t, goRegular(t), &FaceOptions{Size: float64(ppem), DPI: 72, Hinting: h, Mono: mono}, false)
}

// faceHash renders every glyph of sf through a Face with opts and hashes
// the bitmaps (bitmapHasher.add), each followed by its advance (26.6, as
// an int32) if withAdvance.
func faceHash(t *testing.T, sf *sfnt.Font, opts *FaceOptions, withAdvance bool) string {
	fc, err := NewFace(sf, opts)
	if err != nil {
		t.Fatal(err)
	}
	bh := newBitmapHasher()
	for gid := 0; gid < sf.NumGlyphs(); gid++ {
		dr, m, adv, err := fc.glyphID(fixed.Point26_6{}, uint16(gid))
		if err != nil {
			t.Fatalf("gid %d: %v", gid, err)
		}
		bh.add(dr.Min.X, -dr.Min.Y, dr.Dx(), dr.Dy(), func(x, y int) byte { return m.Pix[y*m.Stride+x] })
		if withAdvance {
			bh.addAdvance(int64(adv))
		}
	}
	return bh.hex()
}

// TestGoldenBitmaps checks fontvm's bitmaps of every Go Regular glyph at
// 9-24 ppem (unhinted, version 40, version 35; anti-aliased and mono) and
// at 100 and 250 ppem (mono) against FreeType's, recorded in testdata.
func TestGoldenBitmaps(t *testing.T) {
	golden, version := readGolden(t)
	if version == "" || len(golden) != 3*(2*16+len(goldenLarge)) {
		t.Fatalf("%s: %d entries, FreeType version %q", filepath.Base(goldenFile), len(golden), version)
	}
	for _, md := range goldenModes {
		for _, sz := range goldenSizes() {
			if testing.Short() && sz.ppem != 9 && sz.ppem != 13 && sz.ppem != 100 {
				continue
			}
			k := goldenKey(md.name, sz.mono, sz.ppem)
			if got := fontvmHash(t, md.h, sz.mono, sz.ppem); got != golden[k] {
				t.Errorf("%s: bitmaps differ from FreeType %s's", k, version)
			}
		}
	}
}
