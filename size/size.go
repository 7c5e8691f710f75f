// Package size is FreeType 2.12.1's size request for scalable fonts: a
// character size in 26.6 points at a horizontal and a vertical
// resolution (FT_Set_Char_Size), and the scales and pixels per em that
// FT_Request_Metrics derives from it for a font's units per em.
//
// The computation here is the format-independent one (src/base/ftobjs.c);
// what a font driver does on top of it (the TrueType driver's rounding of
// the ppem for fonts whose head.flags bit 3 is set, tt_size_reset) belongs
// to that driver's package (truetype/hint).
//
// Every value is an integer as FreeType keeps it: sizes in 26.6, scales
// in 16.16, ppem whole pixels.
package size

import (
	"errors"
	"fmt"

	"fontvm/internal/ftmath"
)

// Limits.
const (
	// MaxPPEM is the largest x or y ppem FT_Request_Metrics accepts
	// (FT_USHORT_MAX); larger requests fail with ErrPixelSize.
	MaxPPEM = 0xFFFF
	// MaxCharSize bounds a char width or height in 26.6 points so that
	// FT_REQUEST_WIDTH's product with any resolution stays in 64 bits:
	// 2^31 (32 million points) is far above any use.
	MaxCharSize = 1 << 31
)

// Errors. Request.Metrics wraps them with the values at fault.
var (
	// ErrArgument is FreeType's Invalid_Argument from FT_Request_Size: a
	// negative or too large char size.
	ErrArgument = errors.New("size: invalid argument")
	// ErrPixelSize is Invalid_Pixel_Size from FT_Request_Metrics: the
	// resulting ppem exceeds MaxPPEM.
	ErrPixelSize = errors.New("size: resulting ppem too large")
	// ErrUnitsPerEm is a font with 0 units per em (FreeType refuses to
	// open it as a scalable face).
	ErrUnitsPerEm = errors.New("size: units per em is 0")
)

// Request mirrors FreeType's FT_Size_RequestRec of type
// FT_SIZE_REQUEST_TYPE_NOMINAL as FT_Set_Char_Size fills it: Width and
// Height are the char size in 26.6 points, HRes and VRes the
// resolutions in dots per inch. A Request built by CharSize, Pixels or
// Points is normalised (both sizes at least one point, both
// resolutions set); a Request built otherwise is taken as it is, as
// FT_Request_Size takes one (a zero size or resolution then means
// "scale from the other axis" and "the size is already in pixels").
type Request struct {
	Width, Height int64  // char width and height, 26.6 points
	HRes, VRes    uint32 // horizontal and vertical resolution, dpi
}

// CharSize is FT_Set_Char_Size's filling of the request: a char width or
// height of 0 means the same as the other; a resolution of 0 the same as
// the other, and 72 when both are 0; sizes below one point become one
// point (64).
func CharSize(width, height int64, hres, vres uint32) Request {
	if width == 0 {
		width = height
	} else if height == 0 {
		height = width
	}
	if hres == 0 {
		hres = vres
	} else if vres == 0 {
		vres = hres
	}
	if width < 64 {
		width = 64
	}
	if height < 64 {
		height = 64
	}
	if hres == 0 {
		hres, vres = 72, 72
	}
	return Request{Width: width, Height: height, HRes: hres, VRes: vres}
}

// Pixels is the request for a size of p pixels per em as a 26.6 value
// (64 per pixel): FT_Set_Char_Size(face, 0, p, 72, 72), the square size
// FT_Set_Pixel_Sizes(face, 0, p/64) sets for whole p.
func Pixels(p int64) Request { return CharSize(0, p, 72, 72) }

// Points is the request for a size of pt points (26.6) at xdpi × ydpi:
// FT_Set_Char_Size(face, 0, pt, xdpi, ydpi).
func Points(pt int64, xdpi, ydpi uint32) Request { return CharSize(0, pt, xdpi, ydpi) }

// Scaled returns the request's width and height in 26.6 pixels:
// FT_REQUEST_WIDTH and FT_REQUEST_HEIGHT, (size × dpi + 36) / 72 rounded
// down, or the size itself when the resolution is 0.
func (r Request) Scaled() (w, h int64) {
	w, h = r.Width, r.Height
	if r.HRes != 0 {
		w = (r.Width*int64(r.HRes) + 36) / 72
	}
	if r.VRes != 0 {
		h = (r.Height*int64(r.VRes) + 36) / 72
	}
	return w, h
}

// Square reports whether the request gives the same scale on both axes
// for every font (the same scaled width and height, or a zero width or
// height, which FT_Request_Metrics scales from the other axis).
func (r Request) Square() bool {
	if r.Width == 0 || r.Height == 0 {
		return true
	}
	w, h := r.Scaled()
	return w == h
}

// String formats the request as "W×H pt at X×Y dpi" in 26.6 units shown
// as decimals.
func (r Request) String() string {
	return fmt.Sprintf("%gx%gpt@%dx%ddpi", float64(r.Width)/64, float64(r.Height)/64, r.HRes, r.VRes)
}

// Metrics is what FT_Request_Metrics sets in FT_Size_Metrics for a
// scalable font: the scales from font units to 26.6 pixels (16.16), the
// ppem (whole pixels, rounded), and, once ScaleFaceMetrics has run, the
// face's ascender, descender, line height and maximum advance grid-fitted
// as ft_recompute_scaled_metrics does.
type Metrics struct {
	XPPEM, YPPEM   int   // x_ppem, y_ppem
	XScale, YScale int64 // x_scale, y_scale (16.16)
	// Ascender (rounded up), Descender (rounded down), Height and
	// MaxAdvance (rounded) in 26.6 pixels.
	Ascender, Descender, Height, MaxAdvance int64
}

// Metrics is FT_Request_Metrics for a nominal request on a scalable font
// of upem units per em: x_scale = FT_DivFix(scaled width, upem), y_scale
// likewise (the other axis's scale where a size is 0), and each ppem the
// scaled size rounded to whole pixels. It fails as FT_Request_Size does
// for a negative size (ErrArgument) and as FT_Request_Metrics does for a
// ppem above MaxPPEM (ErrPixelSize); a ppem of 0 is returned as it is
// (drivers refuse it: tt_size_reset's Invalid_PPem).
func (r Request) Metrics(upem int) (Metrics, error) {
	var m Metrics
	if upem == 0 {
		return m, ErrUnitsPerEm
	}
	if r.Width < 0 || r.Height < 0 || r.Width > MaxCharSize || r.Height > MaxCharSize {
		return m, fmt.Errorf("%w: char size %d×%d/64", ErrArgument, r.Width, r.Height)
	}
	u := int64(upem)
	if u < 0 {
		u = -u
	}
	sw, sh := r.Scaled()
	switch {
	case r.Width != 0 && r.Height != 0:
		m.XScale = ftmath.DivFix(sw, u)
		m.YScale = ftmath.DivFix(sh, u)
	case r.Width != 0:
		m.XScale = ftmath.DivFix(sw, u)
		m.YScale = m.XScale
		sh = ftmath.MulDiv(sw, u, u)
	default:
		m.XScale = ftmath.DivFix(sh, u)
		m.YScale = m.XScale
		sw = ftmath.MulDiv(sh, u, u)
	}
	sw = (sw + 32) >> 6
	sh = (sh + 32) >> 6
	if sw > MaxPPEM || sh > MaxPPEM {
		return Metrics{}, fmt.Errorf("%w: %d×%d ppem", ErrPixelSize, sw, sh)
	}
	m.XPPEM, m.YPPEM = int(sw), int(sh)
	return m, nil
}

// ScaleFaceMetrics is ft_recompute_scaled_metrics as FreeType builds it
// (GRID_FIT_METRICS): the face's ascender scaled by y_scale and rounded
// up, its descender rounded down, its height rounded, and its maximum
// advance width scaled by x_scale and rounded, all in 26.6. The face
// values are FreeType's face->ascender, descender, height and
// max_advance_width, in font units.
func (m *Metrics) ScaleFaceMetrics(ascender, descender, height, maxAdvance int) {
	m.Ascender = ftmath.PixCeil(ftmath.MulFix(int64(ascender), m.YScale))
	m.Descender = ftmath.PixFloor(ftmath.MulFix(int64(descender), m.YScale))
	m.Height = ftmath.PixRound(ftmath.MulFix(int64(height), m.YScale))
	m.MaxAdvance = ftmath.PixRound(ftmath.MulFix(int64(maxAdvance), m.XScale))
}
