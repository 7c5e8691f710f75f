package hint

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"testing"

	"fontvm/internal/conformance/golden"
	"fontvm/internal/corpus"
	"fontvm/sfnt"
)

// appendLine formats a loaded glyph (or its error) as the golden line.
func appendLine(dst []byte, gid int, g *Glyph, err error, xy []int64, ends []int32) ([]byte, []int64, []int32) {
	if err != nil {
		name := Name(err)
		if name == "" {
			name = err.Error()
		}
		return golden.AppendErrLine(dst, gid, name), xy, ends
	}
	xy = xy[:0]
	for _, p := range g.Points {
		xy = append(xy, p.X, p.Y)
	}
	ends = ends[:0]
	for _, e := range g.Ends {
		ends = append(ends, int32(e))
	}
	return golden.AppendLine(dst, gid, g.Advance, xy, ends), xy, ends
}

// parseGoldenMode returns the Options a golden file's mode and target
// columns name.
func parseGoldenMode(m, t string) Options {
	var o Options
	switch m {
	case "v35":
		o.Mode = ModeV35
	case "v40":
		o.Mode = ModeV40
	}
	if t == "mono" {
		o.Target = TargetMono
	}
	return o
}

// goldenPPEMs selects the ppems TestGolden compares: with -short 9, 12
// and 16; by default 6, 9, 12, 16, 20, 32 and 72 (all five modes each);
// with FONTVM_GOLDEN_ALL=1 every ppem of the golden files. The test logs
// how many configurations it compared.
func goldenPPEMs() map[int]bool {
	if os.Getenv("FONTVM_GOLDEN_ALL") != "" {
		return nil
	}
	if testing.Short() {
		return map[int]bool{9: true, 12: true, 16: true}
	}
	return map[int]bool{6: true, 9: true, 12: true, 16: true, 20: true, 32: true, 72: true}
}

// TestGolden compares every glyph of every corpus font with the FreeType
// 2.12.1 digests committed in testdata/golden (see goldenPPEMs).
func TestGolden(t *testing.T) {
	dir := golden.Dir(corpus.Root())
	fonts := append(append([]corpus.Font(nil), corpus.GoFonts...), corpus.HintedFonts...)
	for _, font := range fonts {
		font := font
		t.Run(font.Name, func(t *testing.T) {
			gf, err := golden.ReadFile(filepath.Join(dir, golden.FileName(font.Name)))
			if err != nil {
				if os.IsNotExist(err) {
					corpus.Missing(t, "golden file for "+font.Name)
				}
				t.Fatal(err)
			}
			data := corpus.Load(t, font)
			sum := sha256.Sum256(data)
			if hex.EncodeToString(sum[:]) != gf.FontSHA {
				t.Fatalf("font %s differs from the one the golden file was recorded with", font.Name)
			}
			sf, err := sfnt.Parse(data)
			if err != nil {
				t.Fatal(err)
			}
			hf, err := NewFont(sf)
			if err != nil {
				t.Fatal(err)
			}
			if gf.NumGlyphs != hf.NumGlyphs() {
				t.Fatalf("golden has %d glyphs, font %d", gf.NumGlyphs, hf.NumGlyphs())
			}
			var g Glyph
			var line []byte
			var xy []int64
			var ends []int32
			checked := 0
			sel := goldenPPEMs()
			for i := range gf.Records {
				rec := &gf.Records[i]
				if sel != nil && !sel[rec.PPEM] {
					continue
				}
				in, err := hf.NewInstance(rec.PPEM, parseGoldenMode(rec.Mode, rec.Target))
				if err != nil {
					t.Fatal(err)
				}
				c := golden.NewComparer(rec)
				for gid := 0; gid < hf.NumGlyphs(); gid++ {
					err := in.LoadGlyph(gid, &g)
					line, xy, ends = appendLine(line[:0], gid, &g, err, xy, ends)
					c.Add(line)
				}
				d := c.Result()
				checked++
				if !d.HashOK {
					t.Errorf("%s %v: %d/%d glyphs exact (%.2f%%), first differing: %v", font.Name, rec.Config, d.Match, d.Glyphs, d.Rate(), d.First)
				}
			}
			want := len(gf.Records)
			if sel != nil {
				want = len(sel) * len(golden.Modes)
			}
			if checked == 0 || checked != want {
				t.Fatalf("%d configurations compared, want %d", checked, want)
			}
			t.Logf("%s: compared %d of %d configurations (%d glyphs each)", font.Name, checked, len(gf.Records), hf.NumGlyphs())
		})
	}
}
