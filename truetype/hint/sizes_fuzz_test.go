package hint

import (
	"errors"
	"testing"

	"fontvm/internal/corpus"
	"fontvm/internal/corrupt"
	"fontvm/sfnt"
	"fontvm/size"
)

// FuzzCharSize loads glyphs at arbitrary size requests (any char size
// and resolutions, non-square ones included) in every mode, from one of
// a fixed set of fonts (Go Regular, Go Regular without integer ppem,
// corrupted copies of both): NewInstanceRequest fails only with
// ErrArgument, and LoadGlyph never panics and returns only package
// errors. (The fonts are fixed so that the fuzzer spends its time on the
// sizes: mutating whole fonts is FuzzLoadGlyph's business.)
func FuzzCharSize(f *testing.F) {
	var fonts []*Font
	for _, data := range [][]byte{corpus.GoFonts[0].Data, corpus.GoRegularFractional().Data} {
		for i := 0; i < 4; i++ {
			d := data
			if i > 0 {
				c, err := corrupt.Make(data, 3, i, corrupt.TrueTypeTables)
				if err != nil {
					continue
				}
				d = c.Data
			}
			sf, err := sfnt.Parse(d)
			if err != nil {
				continue
			}
			if ft, err := NewFont(sf); err == nil {
				fonts = append(fonts, ft)
			}
		}
	}
	if len(fonts) < 2 {
		f.Fatalf("%d fonts", len(fonts))
	}
	f.Add(uint8(0), int64(0), int64(704), uint32(96), uint32(96), uint16(36))
	f.Add(uint8(4), int64(0), int64(768), uint32(96), uint32(72), uint16(36))
	f.Add(uint8(1), int64(640), int64(0), uint32(72), uint32(120), uint16(100))
	f.Fuzz(func(t *testing.T, font uint8, w, h int64, hres, vres uint32, gid uint16) {
		ft := fonts[int(font)%len(fonts)]
		var g Glyph
		for _, o := range []Options{{Mode: ModeV40}, {Mode: ModeV35, Target: TargetMono}, {Mode: ModeNone}} {
			in, err := ft.NewInstanceRequest(size.CharSize(w, h, hres, vres), o)
			if err != nil {
				var e *Error
				if !errors.As(err, &e) || !errors.Is(err, ErrArgument) {
					t.Fatalf("NewInstanceRequest: %v", err)
				}
				return
			}
			for k := 0; k < 4; k++ {
				if err := in.LoadGlyph((int(gid)+k)%ft.NumGlyphs(), &g); err != nil {
					var e *Error
					if !errors.As(err, &e) {
						t.Fatalf("glyph %d: foreign error %v", gid, err)
					}
				}
			}
		}
	})
}
