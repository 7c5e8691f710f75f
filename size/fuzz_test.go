package size

import (
	"errors"
	"testing"
)

// FuzzMetrics feeds arbitrary FT_Set_Char_Size arguments and units per
// em to CharSize and Metrics: no panics, errors only as documented, and
// a successful result within FreeType's limits (ppem at most MaxPPEM,
// ppem the scaled size rounded, equal scales for equal scaled sizes).
func FuzzMetrics(f *testing.F) {
	f.Add(int64(0), int64(704), uint32(96), uint32(96), 2048)
	f.Add(int64(768), int64(640), uint32(96), uint32(72), 1000)
	f.Add(int64(1), int64(1), uint32(1), uint32(1), 16)
	f.Add(int64(64*65536), int64(0), uint32(72), uint32(0), 2048)
	f.Fuzz(func(t *testing.T, w, h int64, hres, vres uint32, upem int) {
		for _, r := range []Request{CharSize(w, h, hres, vres), {Width: w, Height: h, HRes: hres, VRes: vres}} {
			m, err := r.Metrics(upem)
			if err != nil {
				if !errors.Is(err, ErrArgument) && !errors.Is(err, ErrPixelSize) && !errors.Is(err, ErrUnitsPerEm) {
					t.Fatalf("%v upem %d: undocumented error %v", r, upem, err)
				}
				continue
			}
			if m.XPPEM < 0 || m.XPPEM > MaxPPEM || m.YPPEM < 0 || m.YPPEM > MaxPPEM {
				t.Fatalf("%v upem %d: ppem %dx%d", r, upem, m.XPPEM, m.YPPEM)
			}
			sw, sh := r.Scaled()
			if r.Width != 0 && r.Height != 0 && (int64(m.XPPEM) != (sw+32)>>6 || int64(m.YPPEM) != (sh+32)>>6) {
				t.Fatalf("%v upem %d: ppem %dx%d for %d×%d/64 px", r, upem, m.XPPEM, m.YPPEM, sw, sh)
			}
			if sw == sh && r.Width != 0 && r.Height != 0 && m.XScale != m.YScale {
				t.Fatalf("%v upem %d: scales %d, %d for a square size", r, upem, m.XScale, m.YScale)
			}
			m.ScaleFaceMetrics(int(int16(upem)), -int(int16(upem)), upem, upem)
		}
	})
}
