// Package face is a golang.org/x/image/font.Face for TrueType fonts that
// really runs the fonts' hinting bytecode.
//
// golang.org/x/image/font/opentype accepts font.HintingFull but never
// executes a font's instructions. A Face from NewFace does: its outlines
// come from fontvm's TrueType interpreter (truetype/hint), which reproduces
// FreeType 2.12.1, and its bitmaps from fontvm's rasterizers (raster),
// which reproduce FreeType's. The hinting option selects:
//
//	font.HintingNone      no hinting: FreeType's FT_LOAD_NO_HINTING outline
//	font.HintingVertical  the bytecode with interpreter version 40 (FreeType's
//	                      default since 2.7: hinting acts mostly vertically)
//	font.HintingFull      the bytecode with interpreter version 35 (classic
//	                      hinting on both axes)
//
// With FaceOptions.Mono the glyphs are hinted for the monochrome target and
// drawn by the monochrome rasterizer, with the drop-out control the glyph
// programs select; otherwise they are anti-aliased.
//
// Like opentype's Face, a Face is not safe for concurrent use, and the mask
// returned by Glyph is valid only until the next call to Glyph.
package face

import (
	"errors"
	"fmt"
	"image"
	"math"
	"unicode"

	"fontvm/raster"
	"fontvm/sfnt"
	"fontvm/size"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// FaceOptions describes a Face. The zero values of Size and DPI mean 12
// and 72, as in golang.org/x/image/font/opentype; a nil *FaceOptions means
// all defaults (12 points at 72 DPI, no hinting, anti-aliased).
//
// The size is FreeType's FT_Set_Char_Size(face, 0, Size×64 rounded, DPI,
// YDPI): any size, fractional pixel sizes (11 points at 96 DPI is 14.667
// pixels) and non-square pixels (YDPI different from DPI) included, with
// FreeType's size model (see fontvm/size and truetype/hint's
// NewInstanceRequest). DPIs are whole numbers for FreeType; a DPI with a
// fraction is folded into the size instead (Size×DPI/72 pixels at 72
// DPI, rounded to 1/64 pixel).
type FaceOptions struct {
	Size float64 // font size in points
	DPI  float64 // dots per inch, horizontally and (unless YDPI is set) vertically
	// YDPI, if not 0, is the vertical resolution in dots per inch
	// (FT_Set_Char_Size's vert_resolution), for non-square pixels.
	YDPI    float64
	Hinting font.Hinting // None, Vertical (version 40) or Full (version 35)
	// Mono selects bi-level rendering: glyphs are hinted for the mono
	// target and the mask holds only 0x00 and 0xff.
	Mono bool
	// Variation selects an instance of a variable font: "tag=value,..."
	// in design units (other axes at their defaults; e.g. "wght=700") or
	// "named=N" (the font's named instance N, counted from 1, as FreeType
	// lists them), set as FT_Set_Var_Design_Coordinates sets it (see
	// truetype/hint's ParseVariation and Options.Design). Empty: the
	// font's default, without a variation call. The outlines and
	// advances vary (gvar, cvar, HVAR), and so do the line metrics
	// (SizeMetrics, Metrics): MVAR's hasc, hdsc and hlgp deltas move
	// the ascender, descender and height, and its xhgt and cpht deltas
	// Metrics' XHeight and CapHeight, as FreeType's tt_apply_mvar moves
	// them (for CFF2 fonts too), the variation being set before the
	// size.
	Variation string
}

// MaxPPEM is the largest size, in pixels per em on either axis, NewFace
// accepts.
const MaxPPEM = 2048

// Errors.
var (
	ErrSize = errors.New("face: size out of range")
)

// Face is a font.Face for a TrueType font. It is not safe for concurrent
// use.
type Face struct {
	f       *sfnt.Font
	cmap    sfnt.Cmap
	hinting font.Hinting
	mono    bool
	req     size.Request // the size, as FT_Set_Char_Size takes it
	sm      size.Metrics // FreeType's public face->size->metrics
	ppem    int          // x pixels per em (sm.XPPEM)
	scale   int64        // x scale (sm.XScale)
	src     outlineSource

	outline raster.Outline
	monoR   raster.Mono
	grayR   raster.Gray
	mask    image.Alpha
	metrics font.Metrics
	kern    kernTable
	runes   runeCache
}

// runeCacheBits sets the size of a Face's rune cache (runeCache).
const runeCacheBits = 12

// runeCache remembers the cmap's answers, direct-mapped by the rune's
// low runeCacheBits bits: an entry is 0 (empty) or runeCached | the
// rune's other bits << 16 | its glyph.
type runeCache [1 << runeCacheBits]uint32

// runeCached marks a filled runeCache entry.
const runeCached = 1 << 31

// NewFace returns a Face for f at the size opts asks for (see
// FaceOptions), sized as FreeType sizes TrueType fonts: the public
// metrics and unhinted outlines at the exact (possibly fractional) scale;
// hinted outlines at the scale of the rounded ppem when the font's
// head.flags bit 3 asks for integer scaling (nearly all hinted fonts do),
// at the exact scale otherwise (Charis SIL, Andika, Chrome OS's core
// fonts).
func NewFace(f *sfnt.Font, opts *FaceOptions) (*Face, error) {
	if f == nil {
		return nil, errors.New("face: nil font")
	}
	o := FaceOptions{Size: 12, DPI: 72}
	if opts != nil {
		o = *opts
		if o.Size == 0 {
			o.Size = 12
		}
		if o.DPI == 0 {
			o.DPI = 72
		}
	}
	if o.YDPI == 0 {
		o.YDPI = o.DPI
	}
	req, err := charSize(o)
	if err != nil {
		return nil, err
	}
	head := f.Head()
	if head.UnitsPerEm == 0 && !f.PureCFF() {
		return nil, errors.New("face: head.unitsPerEm is 0")
	}
	fc := &Face{f: f, hinting: o.Hinting, mono: o.Mono, req: req}
	if !f.PureCFF() {
		fc.cmap, _ = f.Cmap() // no usable cmap: every rune maps to glyph 0
	}
	// A pure CFF font (no head) has no sfnt charmaps in FreeType
	// (tt_face_build_cmaps runs in sfnt_load_face, which cff_face_init
	// skips); it synthesizes a Unicode charmap from the glyph names,
	// which fontvm does not: every rune maps to glyph 0, GlyphByIndex
	// loads glyphs.
	src, err := newLoader(f, req, o.Hinting, o.Mono, o.Variation)
	if err != nil {
		return nil, err
	}
	fc.src = src
	fc.sm = src.publicSizeMetrics()
	fc.ppem, fc.scale = fc.sm.XPPEM, fc.sm.XScale
	fc.metrics = fc.computeMetrics()
	fc.kern = loadKern(f)
	return fc, nil
}

// charSize returns the size request for o (Size, DPI and YDPI set):
// FT_Set_Char_Size(face, 0, Size×64, DPI, YDPI) for whole DPIs, else the
// pixel sizes at 72 DPI. Sizes of less than half a pixel or more than
// MaxPPEM pixels on either axis are refused.
func charSize(o FaceOptions) (size.Request, error) {
	px, py := o.Size*o.DPI/72, o.Size*o.YDPI/72
	for _, p := range []float64{px, py} {
		if math.IsNaN(p) || p < 0.5 || p > MaxPPEM {
			return size.Request{}, fmt.Errorf("%w: %g points at %gx%g DPI", ErrSize, o.Size, o.DPI, o.YDPI)
		}
	}
	if o.DPI == math.Trunc(o.DPI) && o.YDPI == math.Trunc(o.YDPI) && o.DPI <= math.MaxUint32 && o.YDPI <= math.MaxUint32 {
		return size.Points(int64(o.Size*64+0.5), uint32(o.DPI), uint32(o.YDPI)), nil
	}
	return size.CharSize(int64(px*64+0.5), int64(py*64+0.5), 72, 72), nil
}

// NormalizedCoords returns the face's normalized variation coordinates
// (16.16, as FreeType keeps them), nil without a variation.
func (f *Face) NormalizedCoords() []int32 { return f.src.normalizedCoords() }

// PPEM returns the face's horizontal size in whole pixels per em
// (FreeType's face->size->metrics.x_ppem: the size rounded).
func (f *Face) PPEM() int { return f.ppem }

// SizeMetrics returns FreeType's public size metrics for the face's size
// (face->size->metrics after FT_Set_Char_Size): x and y ppem, x and y
// scales, and the scaled ascender, descender, height and maximum
// advance.
func (f *Face) SizeMetrics() size.Metrics { return f.sm }

// SizeRequest returns the face's size as FreeType's FT_Set_Char_Size
// takes it.
func (f *Face) SizeRequest() size.Request { return f.req }

// Close satisfies font.Face. It does nothing.
func (f *Face) Close() error { return nil }

// Metrics returns the face's metrics: FreeType's public size metrics
// (SizeMetrics). The font's ascender, descender and line height come
// from hhea, or from the OS/2 typographic values when OS/2 fsSelection
// sets USE_TYPO_METRICS, or from OS/2 when hhea has none
// (sfnt_load_face), at a variation instance moved by MVAR's hasc, hdsc
// and hlgp deltas (tt_apply_mvar); they are scaled by the y scale and
// rounded to whole pixels as in FreeType's public size metrics
// (ft_recompute_scaled_metrics: ascender up, descender down, height to
// nearest). XHeight and CapHeight come from OS/2 version 2 or later
// (face->os2's sxHeight and sCapHeight), at a variation instance moved
// by MVAR's xhgt and cpht deltas (tt_apply_mvar), scaled by the
// outlines' y scale (and rounded for hinted faces). CaretSlope is
// hhea's caretSlopeRun and caretSlopeRise in font units (face->horizontal's
// caret_Slope_Run and caret_Slope_Rise), at a variation instance moved by
// MVAR's hcrn and hcrs deltas (tt_apply_mvar). MVAR applies to CFF2
// faces as to TrueType ones: FreeType's CFF driver runs tt_apply_mvar
// through cff_metrics_adjust when the variation is set.
func (f *Face) Metrics() font.Metrics { return f.metrics }

// computeMetrics builds Metrics from the size metrics and the font's
// hhea and OS/2 tables.
func (f *Face) computeMetrics() font.Metrics {
	var m font.Metrics
	h, err := f.f.Hhea()
	if err != nil {
		if f.f.PureCFF() {
			// cff_face_init's ascender, descender and height (from the
			// FontBBox), scaled: no hhea caret, no OS/2 heights
			m.Ascent = fixed.Int26_6(f.sm.Ascender)
			m.Descent = fixed.Int26_6(-f.sm.Descender)
			m.Height = fixed.Int26_6(f.sm.Height)
		}
		return m
	}
	m.Ascent = fixed.Int26_6(f.sm.Ascender)
	m.Descent = fixed.Int26_6(-f.sm.Descender)
	m.Height = fixed.Int26_6(f.sm.Height)
	rise, run := f.caretSlope(h)
	m.CaretSlope = image.Point{X: int(run), Y: int(rise)}
	if xh, ch, ok := f.os2Heights(); ok {
		ys := f.src.yScale()
		m.XHeight = fixed.Int26_6(mulFix(int64(xh), ys))
		m.CapHeight = fixed.Int26_6(mulFix(int64(ch), ys))
		if f.src.hinted() {
			m.XHeight = fixed.Int26_6(pixRound(int64(m.XHeight)))
			m.CapHeight = fixed.Int26_6(pixRound(int64(m.CapHeight)))
		}
	}
	return m
}

// MVAR tags whose deltas tt_apply_mvar adds to OS/2's x height and cap
// height and to hhea's caret slope rise and run (ft_var_get_value_pointer
// maps them to face->os2's sxHeight and sCapHeight and face->horizontal's
// caret_Slope_Rise and caret_Slope_Run). hcof (hhea's caret offset) and
// the vertical vcrs, vcrn and vcof move values fontvm does not expose.
var (
	mvarXhgt = sfnt.MakeTag("xhgt")
	mvarCpht = sfnt.MakeTag("cpht")
	mvarHcrs = sfnt.MakeTag("hcrs")
	mvarHcrn = sfnt.MakeTag("hcrn")
)

// instanceMVAR returns the font's MVAR and the face's normalized
// coordinates, what tt_apply_mvar adjusts the face's table values with
// (sfnt's MVAR.Vary). m is nil (Vary then leaves values as they are) at
// the default instance (no variation set), for a font without fvar or
// MVAR, and for an MVAR ft_var_load_mvar gives up on (FreeType then
// applies no deltas). For TrueType and CFF2 faces alike: FreeType's CFF
// driver applies MVAR through cff_metrics_adjust.
func (f *Face) instanceMVAR() (m *sfnt.MVAR, coords []int32) {
	coords = f.src.normalizedCoords()
	if len(coords) == 0 {
		return nil, nil
	}
	v, err := f.f.Variations()
	if err != nil {
		return nil, nil
	}
	m, err = f.f.MVAR(v.NumAxes())
	if err != nil {
		return nil, nil
	}
	return m, coords
}

// os2Heights returns OS/2's sxHeight and sCapHeight as FreeType's
// face->os2 holds them at the face's instance (ok false without an OS/2
// table of version 2 or later, which has them): at a variation instance
// moved by MVAR's xhgt and cpht deltas as tt_apply_mvar moves them
// (instanceMVAR).
func (f *Face) os2Heights() (xHeight, capHeight int16, ok bool) {
	os2 := f.f.Table(sfnt.MakeTag("OS/2"))
	if len(os2) < 90 || uint16(os2[0])<<8|uint16(os2[1]) < 2 {
		return 0, 0, false
	}
	xHeight = int16(uint16(os2[86])<<8 | uint16(os2[87]))
	capHeight = int16(uint16(os2[88])<<8 | uint16(os2[89]))
	m, coords := f.instanceMVAR()
	return m.Vary(mvarXhgt, coords, xHeight), m.Vary(mvarCpht, coords, capHeight), true
}

// caretSlope returns hhea h's caretSlopeRise and caretSlopeRun as
// FreeType's face->horizontal holds them at the face's instance
// (caret_Slope_Rise, caret_Slope_Run): at a variation instance moved by
// MVAR's hcrs and hcrn deltas as tt_apply_mvar moves them
// (instanceMVAR).
func (f *Face) caretSlope(h sfnt.Hhea) (rise, run int16) {
	m, coords := f.instanceMVAR()
	return m.Vary(mvarHcrs, coords, h.CaretSlopeRise), m.Vary(mvarHcrn, coords, h.CaretSlopeRun)
}

// glyphIndex is FT_Get_Char_Index on the face's Unicode cmap, its
// answers kept in f.runes (text repeats its characters, and a format 4
// or 12 cmap is a binary search).
func (f *Face) glyphIndex(r rune) uint16 {
	if uint32(r) > unicode.MaxRune {
		return f.cmap.Lookup(r)
	}
	e := &f.runes[uint32(r)&(1<<runeCacheBits-1)]
	key := runeCached | uint32(r)>>runeCacheBits<<16
	if *e&^0xffff == key {
		return uint16(*e)
	}
	g := f.cmap.Lookup(r)
	*e = key | uint32(g)
	return g
}

// GlyphIndex returns the glyph r maps to in the font's Unicode cmap, or 0.
func (f *Face) GlyphIndex(r rune) uint16 { return f.glyphIndex(r) }

// GlyphByIndex is Glyph for a glyph index rather than a rune, for text
// shaped by a shaping engine. ok is false if the glyph fails to load.
func (f *Face) GlyphByIndex(dot fixed.Point26_6, gid uint16) (dr image.Rectangle, mask image.Image, maskp image.Point, advance fixed.Int26_6, ok bool) {
	dr, m, adv, err := f.glyphID(dot, gid)
	if err != nil {
		return image.Rectangle{}, nil, image.Point{}, 0, false
	}
	return dr, m, image.Point{}, adv, true
}

// LoadOutline loads glyph gid's outline as the face renders it (hinted or
// not, 26.6 pixels, y up, FreeType's tags and flags) into o, reusing o's
// slices, and returns the glyph's advance. The outline's origin is the
// glyph origin.
func (f *Face) LoadOutline(gid uint16, o *raster.Outline) (advance fixed.Int26_6, err error) {
	advance, _, err = f.src.load(gid, o)
	return advance, err
}

// Hinted reports whether the face's outlines are hinted.
func (f *Face) Hinted() bool { return f.src.hinted() }

// Scale returns the face's horizontal scale from font units to 26.6
// pixels, as a 16.16 fixed-point factor (FreeType's public x_scale;
// SizeMetrics has both).
func (f *Face) Scale() int64 { return f.scale }

// MaxMaskPixels bounds the area of one glyph mask. A hostile font can make
// a glyph tens of thousands of pixels wide at a small size (a 1 KiB font
// with 16 units per em and a 32,000-unit glyph gives a 24,000 x 24,000
// mask at 12 ppem); Glyph reports such glyphs as not ok instead of
// allocating gigabytes. 1<<24 pixels is a 4096 x 4096 glyph, far above any
// text size.
const MaxMaskPixels = 1 << 24

// Glyph satisfies font.Face. For a hinted face the glyph is placed at dot
// rounded to the nearest pixel (hinted outlines are fitted to the pixel
// grid; FreeType-based text renderers place them the same way), so the
// bitmap is exactly FreeType's FT_Render_Glyph bitmap. Unhinted glyphs are
// placed at dot's sub-pixel position. The mask is valid until the next
// call to Glyph. ok is false for runes the font does not map (their
// .notdef glyph is still drawn) and for glyphs that fail to load.
func (f *Face) Glyph(dot fixed.Point26_6, r rune) (dr image.Rectangle, mask image.Image, maskp image.Point, advance fixed.Int26_6, ok bool) {
	gid := f.glyphIndex(r)
	dr, m, adv, err := f.glyphID(dot, gid)
	if err != nil {
		return image.Rectangle{}, nil, image.Point{}, 0, false
	}
	return dr, m, image.Point{}, adv, gid != 0
}

// glyphID renders glyph gid at dot into f.mask; see Glyph.
func (f *Face) glyphID(dot fixed.Point26_6, gid uint16) (image.Rectangle, *image.Alpha, fixed.Int26_6, error) {
	adv, box, err := f.src.load(gid, &f.outline)
	if err != nil {
		return image.Rectangle{}, nil, 0, err
	}
	if f.src.hinted() {
		dot.X = fixed.I(dot.X.Round())
		dot.Y = fixed.I(dot.Y.Round())
	}
	ix, iy := int(dot.X>>6), int(dot.Y>>6)
	fx, fy := dot.X&63, dot.Y&63
	var b image.Rectangle
	// box (computed by the loader) serves the bounds and the
	// rasterizer's reach check
	if f.mono {
		b = raster.MonoBoundsBox(box, fx, -fy)
	} else {
		b = raster.GrayBoundsBox(box, fx, -fy)
	}
	w, h := b.Dx(), b.Dy()
	if w > raster.MaxSize || h > raster.MaxSize || w*h > MaxMaskPixels {
		return image.Rectangle{}, nil, 0, raster.ErrTooLarge
	}
	if cap(f.mask.Pix) < w*h {
		f.mask.Pix = make([]uint8, 2*w*h)
	}
	f.mask.Pix = f.mask.Pix[:w*h]
	f.mask.Stride = w
	f.mask.Rect = image.Rect(0, 0, w, h)
	origin := fixed.Point26_6{X: fx - fixed.Int26_6(b.Min.X*64), Y: fy - fixed.Int26_6(b.Min.Y*64)}
	if f.mono {
		err = f.monoR.RenderBox(&f.mask, &f.outline, origin, box)
	} else {
		err = f.grayR.RenderBox(&f.mask, &f.outline, origin, box)
	}
	if err != nil {
		return image.Rectangle{}, nil, 0, err
	}
	return b.Add(image.Pt(ix, iy)), &f.mask, adv, nil
}

// GlyphBounds satisfies font.Face: the control box of the (hinted)
// outline, relative to the dot, y down.
func (f *Face) GlyphBounds(r rune) (bounds fixed.Rectangle26_6, advance fixed.Int26_6, ok bool) {
	gid := f.glyphIndex(r)
	adv, b, err := f.src.load(gid, &f.outline)
	if err != nil {
		return fixed.Rectangle26_6{}, 0, false
	}
	bounds = fixed.Rectangle26_6{
		Min: fixed.Point26_6{X: b.XMin, Y: -b.YMax},
		Max: fixed.Point26_6{X: b.XMax, Y: -b.YMin},
	}
	return bounds, adv, gid != 0
}

// GlyphAdvance satisfies font.Face. Hinted faces return the hinted advance
// (whole pixels, as FreeType's advance.x).
func (f *Face) GlyphAdvance(r rune) (advance fixed.Int26_6, ok bool) {
	gid := f.glyphIndex(r)
	adv, _, err := f.src.load(gid, &f.outline)
	if err != nil {
		return 0, false
	}
	return adv, gid != 0
}

// FreeType's fixed-point helpers (64-bit builds).

// mulFix is FT_MulFix (64-bit build).
func mulFix(a, b int64) int64 {
	ab := a * b
	if ab < 0 {
		return (ab + 0x8000 - 1) >> 16
	}
	return (ab + 0x8000) >> 16
}

// pixRound is FT_PIX_ROUND.
func pixRound(x int64) int64 { return (x + 32) &^ 63 }
