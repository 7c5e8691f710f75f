// Package raster turns glyph outlines into bitmaps the way FreeType 2.12.1
// does.
//
// Two scan converters are provided:
//
//   - Mono reproduces FreeType's monochrome rasterizer (src/raster/ftraster.c,
//     FT_RENDER_MODE_MONO): pixel-centre sampling, a vertical and a horizontal
//     sweep, and the drop-out control modes that a TrueType glyph program
//     selects with SCANCTRL/SCANTYPE (modes 0, 1, 2, 4, 5 and their aliases
//     3, 6, 7), including smart drop-outs and stub detection, the render
//     pool and its sub-banding.
//   - Gray reproduces FreeType's anti-aliasing rasterizer
//     (src/smooth/ftgrays.c, FT_RENDER_MODE_NORMAL): exact-area coverage from
//     cells holding cover and area at 1/256 pixel, quadratic arcs flattened
//     by the same forward differences, cubic arcs by the same bisection, and
//     the 4×4 oversampling FreeType applies to outlines flagged as
//     overlapping.
//
// Both take an Outline in FreeType's FT_Outline form: 26.6 fixed-point
// points with y pointing up, per-point tags and contour end indices. Both
// write one byte per pixel into a caller-owned *image.Alpha (0 or 0xff for
// Mono, 0 to 0xff for Gray) and allocate nothing per glyph once their
// internal buffers have grown to the largest glyph seen.
//
// MonoBounds and GrayBounds compute the bitmap box FreeType gives a glyph
// (ft_glyphslot_preset_bitmap), so that rendering an outline into an image
// of that size at that offset reproduces FreeType's bitmap byte for byte.
//
// Neither Mono nor Gray is safe for concurrent use; use one per goroutine.
package raster

import (
	"errors"
	"image"

	"golang.org/x/image/math/fixed"
)

// Point tags, as in FreeType's FT_Outline tags.
const (
	// TagOn marks an on-curve point. A point without TagOn is a quadratic
	// control point, or a cubic one when TagCubic is set.
	TagOn = 0x01
	// TagCubic marks a cubic control point (only meaningful without TagOn).
	TagCubic = 0x02
	// TagHasScanMode marks a point whose bits 5-7 hold a drop-out mode
	// (SCANTYPE value). FreeType's TrueType loader sets it on the first
	// point of every glyph whose instructions ran; Mono switches to that
	// mode from the contour starting at that point on.
	TagHasScanMode = 0x04
)

// Flags are outline flags, with the meaning of FreeType's FT_OUTLINE_XXX
// flags of the same name (the bit values are FreeType's too).
type Flags uint32

const (
	FlagEvenOddFill    Flags = 0x2   // FT_OUTLINE_EVEN_ODD_FILL
	FlagIgnoreDropouts Flags = 0x8   // FT_OUTLINE_IGNORE_DROPOUTS: Mono mode 2
	FlagSmartDropouts  Flags = 0x10  // FT_OUTLINE_SMART_DROPOUTS
	FlagIncludeStubs   Flags = 0x20  // FT_OUTLINE_INCLUDE_STUBS
	FlagOverlap        Flags = 0x40  // FT_OUTLINE_OVERLAP: Gray oversamples 4×4
	FlagHighPrecision  Flags = 0x100 // FT_OUTLINE_HIGH_PRECISION: Mono works at 1/4096 px
	FlagSinglePass     Flags = 0x200 // FT_OUTLINE_SINGLE_PASS: Mono skips the horizontal sweep
)

// ScanFlags returns the outline flags FreeType's TrueType loader sets for a
// glyph: FlagHighPrecision below 24 ppem, and, for a hinted glyph, the
// drop-out flags that match the glyph program's final SCANCTRL/SCANTYPE
// state (scanControl is whether SCANCTRL enabled drop-out control at this
// size; scanType is the SCANTYPE mode). For an unhinted glyph no drop-out
// flag is set, which Mono treats as mode 1 (simple drop-outs excluding
// stubs), as FreeType does.
func ScanFlags(ppem int, hinted, scanControl bool, scanType int) Flags {
	var f Flags
	if ppem < 24 {
		f |= FlagHighPrecision
	}
	if !hinted {
		return f
	}
	if !scanControl {
		return f | FlagIgnoreDropouts
	}
	switch scanType {
	case 0:
		f |= FlagIncludeStubs
	case 1:
	case 4:
		f |= FlagSmartDropouts | FlagIncludeStubs
	case 5:
		f |= FlagSmartDropouts
	default:
		f |= FlagIgnoreDropouts
	}
	return f
}

// An Outline is a glyph outline in FreeType's FT_Outline form. Points are
// in 26.6 fixed-point pixels with y pointing up. Contours holds the index of
// each contour's last point, in increasing order; the last one must be
// len(Points)-1. Tags holds one tag per point (TagOn, TagCubic,
// TagHasScanMode with the mode in bits 5-7).
type Outline struct {
	Points   []fixed.Point26_6
	Tags     []uint8
	Contours []int
	Flags    Flags
}

// Errors.
var (
	// ErrInvalidOutline reports an outline whose tags or contours are
	// inconsistent (FreeType's Invalid_Outline).
	ErrInvalidOutline = errors.New("raster: invalid outline")
	// ErrOverflow reports a glyph too complex or too large to render
	// (FreeType's Raster_Overflow).
	ErrOverflow = errors.New("raster: raster overflow")
	// ErrTooLarge reports a target image wider or taller than MaxSize.
	ErrTooLarge = errors.New("raster: bitmap too large")
)

// MaxSize is the largest width or height, in pixels, of a bitmap the
// rasterizers accept (FreeType uses 16-bit scanline numbers).
const MaxSize = 0x7fff

// check validates o's structure the way FreeType's raster_render entry
// points do, and refuses the empty first and last contours FreeType
// would read out of bounds on. It reports whether there is anything to
// draw.
func (o *Outline) check() (bool, error) {
	if len(o.Points) == 0 || len(o.Contours) == 0 {
		return false, nil
	}
	if len(o.Tags) != len(o.Points) {
		return false, ErrInvalidOutline
	}
	if o.Contours[len(o.Contours)-1] != len(o.Points)-1 {
		return false, ErrInvalidOutline
	}
	// Contour ends never decrease and lie among the points. A contour
	// may be empty (its end repeats the one before; FreeType's
	// rasterizers decompose it as they find it, from the point after
	// that end), but not the first one (an end of -1, an error in
	// FT_Outline_Decompose) nor the last (its first point would be past
	// the end: FreeType reads out of bounds there, fontvm refuses it).
	prev := -1
	for _, c := range o.Contours {
		if c < max(prev, 0) || c >= len(o.Points) {
			return false, ErrInvalidOutline
		}
		prev = c
	}
	if n := len(o.Contours); n > 1 && o.Contours[n-2] == o.Contours[n-1] {
		return false, ErrInvalidOutline
	}
	return true, nil
}

// CBox returns the control box of o's points: the smallest rectangle, in
// 26.6 units with y up, holding every point (FT_Outline_Get_CBox). An empty
// outline has an all-zero box.
func (o *Outline) CBox() (xMin, yMin, xMax, yMax fixed.Int26_6) {
	if len(o.Points) == 0 {
		return 0, 0, 0, 0
	}
	xMin, xMax = o.Points[0].X, o.Points[0].X
	yMin, yMax = o.Points[0].Y, o.Points[0].Y
	for _, p := range o.Points[1:] {
		xMin = min(xMin, p.X)
		xMax = max(xMax, p.X)
		yMin = min(yMin, p.Y)
		yMax = max(yMax, p.Y)
	}
	return
}

// MonoBounds returns the pixel box FreeType gives o when rendering it in
// FT_RENDER_MODE_MONO with its origin moved by (dx, dy) (26.6, y up): the
// result is in image coordinates (y down), so Min.X is FreeType's
// bitmap_left and -Min.Y its bitmap_top. Render o with Mono into an image
// with exactly these bounds to get FreeType's bitmap.
func MonoBounds(o *Outline, dx, dy fixed.Int26_6) image.Rectangle {
	return presetBounds(o, dx, dy, true)
}

// GrayBounds is like MonoBounds for FT_RENDER_MODE_NORMAL (Gray).
func GrayBounds(o *Outline, dx, dy fixed.Int26_6) image.Rectangle {
	return presetBounds(o, dx, dy, false)
}

// presetBounds mirrors ft_glyphslot_preset_bitmap.
func presetBounds(o *Outline, dx, dy fixed.Int26_6, mono bool) image.Rectangle {
	return boxBounds(o.Box(), dx, dy, mono)
}

// boxBounds is presetBounds for an outline whose control box is b.
func boxBounds(b Box, dx, dy fixed.Int26_6, mono bool) image.Rectangle {
	cxMin, cyMin, cxMax, cyMax := b.XMin, b.YMin, b.XMax, b.YMax
	xs, ys := int64(dx), int64(dy)
	// Rough pixel box and the tiny remainder box.
	pxMin := int64(cxMin)>>6 + xs>>6
	pyMin := int64(cyMin)>>6 + ys>>6
	pxMax := int64(cxMax)>>6 + xs>>6
	pyMax := int64(cyMax)>>6 + ys>>6
	rxMin := int64(cxMin)&63 + xs&63
	ryMin := int64(cyMin)&63 + ys&63
	rxMax := int64(cxMax)&63 + xs&63
	ryMax := int64(cyMax)&63 + ys&63
	if mono {
		// Asymmetric rounding so that a pixel centre is always included;
		// a collapsed box gets one pixel on the side of the larger
		// remainder.
		pxMin += (rxMin + 31) >> 6
		pxMax += (rxMax + 32) >> 6
		if pxMin == pxMax {
			if ((rxMin+31)&63)-31+((rxMax+32)&63)-32 < 0 {
				pxMin--
			} else {
				pxMax++
			}
		}
		pyMin += (ryMin + 31) >> 6
		pyMax += (ryMax + 32) >> 6
		if pyMin == pyMax {
			if ((ryMin+31)&63)-31+((ryMax+32)&63)-32 < 0 {
				pyMin--
			} else {
				pyMax++
			}
		}
	} else {
		pxMin += rxMin >> 6
		pyMin += ryMin >> 6
		pxMax += (rxMax + 63) >> 6
		pyMax += (ryMax + 63) >> 6
	}
	if pxMin < -0x8000 || pxMax > 0x7fff || pyMin < -0x8000 || pyMax > 0x7fff {
		return image.Rectangle{}
	}
	return image.Rect(int(pxMin), int(-pyMax), int(pxMax), int(-pyMin))
}

// frame describes how an outline is placed into a target image: the
// translation, in 26.6 units, from outline space (y up) to the raster space
// of the image (origin at the bottom-left corner of dst.Rect, y up).
type frame struct {
	dx, dy int64
	w, h   int
}

// maxReach bounds, in 26.6 units, how far from the target's corner an
// outline may reach: 0x10000 pixels, the most a FreeType glyph bitmap box
// (within ±0x8000 pixels) can put between a point and the bitmap.
const maxReach = 0x10000 * 64

// newFrame places o (whose control box is b) into dst with its origin at
// origin, refusing outlines that reach farther than maxReach.
func newFrame(dst *image.Alpha, b Box, origin fixed.Point26_6) (frame, error) {
	r := dst.Rect
	w, h := r.Dx(), r.Dy()
	if w > MaxSize || h > MaxSize {
		return frame{}, ErrTooLarge
	}
	fr := frame{
		dx: int64(origin.X) - int64(r.Min.X)*64,
		dy: int64(r.Max.Y)*64 - int64(origin.Y),
		w:  w, h: h,
	}
	xMin, yMin, xMax, yMax := b.XMin, b.YMin, b.XMax, b.YMax
	if abs64(int64(xMin)+fr.dx) > maxReach || abs64(int64(xMax)+fr.dx) > maxReach ||
		abs64(int64(yMin)+fr.dy) > maxReach || abs64(int64(yMax)+fr.dy) > maxReach {
		return frame{}, ErrOverflow
	}
	return fr, nil
}
