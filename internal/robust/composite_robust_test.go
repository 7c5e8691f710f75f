package robust

import (
	"encoding/binary"
	"fontvm/internal/hinttest"
	"testing"
	"time"

	"fontvm/internal/fontwriter"
	"fontvm/truetype/hint"
)

// fanoutFont builds a font whose glyph k (1 <= k <= depth) is a composite
// of n copies of glyph k-1, glyph 0 being an empty glyph (or a one-point
// glyph with points set): loading glyph depth visits n^depth glyphs.
func fanoutFont(t *testing.T, n, depth int, points bool) []byte {
	f := &fontwriter.Font{UnitsPerEm: 1000, HeadFlags: 1<<3 | 1}
	leaf := fontwriter.Glyph{Advance: 500}
	if points {
		leaf.Contours = [][]fontwriter.Point{{{X: 10, Y: 10, On: true}}}
	}
	f.Glyphs = append(f.Glyphs, leaf)
	// The composite records are written raw: fontwriter derives maxp and
	// bounding boxes by walking composites, which is n^depth here too.
	for k := 1; k <= depth; k++ {
		rec := []byte{0xFF, 0xFF, 0, 0, 0, 0, 0, 100, 0, 100} // numberOfContours -1, bbox
		for i := 0; i < n; i++ {
			flags := uint16(0x0002) // ARGS_ARE_XY_VALUES, byte arguments
			if i < n-1 {
				flags |= 0x0020 // MORE_COMPONENTS
			}
			rec = binary.BigEndian.AppendUint16(rec, flags)
			rec = binary.BigEndian.AppendUint16(rec, uint16(k-1))
			rec = append(rec, 0, 0)
		}
		f.Glyphs = append(f.Glyphs, fontwriter.Glyph{Raw: rec, Advance: 500})
	}
	data, err := f.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestCompositeFanout loads composite glyphs whose components fan out:
// glyph k is a composite of n copies of glyph k-1, so glyph depth visits
// n^depth glyphs while the file holds only n*depth component records.
// With empty leaves no point limit (hint.MaxPoints) stops the recursion,
// and the recursion check (a glyph may not be its own ancestor) does not
// either: 2000^3 is 8·10^9 glyph loads from a 36 KiB font. FreeType
// 2.12.1 has no bound either (it is slower than fontvm on these fonts:
// see TestFanoutFreeType), but the time a font can take must be bounded.
func TestCompositeFanout(t *testing.T) {
	for _, tc := range []struct {
		n, depth int
		points   bool
	}{{2000, 2, true}, {2000, 3, true}, {2000, 3, false}} {
		data := fanoutFont(t, tc.n, tc.depth, tc.points)
		_, hf := hinttest.Font(t, data)
		in, err := hf.NewInstance(12, hint.Options{Mode: hint.ModeV40})
		if err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		start := time.Now()
		go func() {
			var g hint.Glyph
			done <- in.LoadGlyph(tc.depth, &g)
		}()
		select {
		case err := <-done:
			t.Logf("%d^%d (points %v, %d bytes): %v in %v", tc.n, tc.depth, tc.points, len(data), err, time.Since(start))
		case <-time.After(maxInput):
			t.Fatalf("%d^%d (points %v, %d bytes): LoadGlyph still running after %v", tc.n, tc.depth, tc.points, len(data), maxInput)
		}
	}
}
