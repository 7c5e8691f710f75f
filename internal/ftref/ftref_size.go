//go:build reference

package ftref

/*
#cgo pkg-config: freetype2
#include <stdlib.h>
#include <string.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_MODULE_H
#include FT_DRIVER_H

// A face at one char size: its own library (the interpreter version is a
// library property) and face.
typedef struct {
	FT_Library lib;
	FT_Face face;
} ftrefsz;

static void ftrefsz_close(ftrefsz *s) {
	if (s->face) FT_Done_Face(s->face);
	if (s->lib) FT_Done_FreeType(s->lib);
	s->face = NULL;
	s->lib = NULL;
}

// ftrefsz_open opens the face and sets the char size. It returns 0, or
// the failing step (1 init, 2 property, 3 face, 4 FT_Set_Char_Size) with
// FreeType's error in *err.
static int ftrefsz_open(ftrefsz *s, const unsigned char *data, long len, unsigned int version,
		long w, long h, unsigned int hres, unsigned int vres, int *err) {
	memset(s, 0, sizeof *s);
	FT_Error e = FT_Init_FreeType(&s->lib);
	if (e) { *err = e; s->lib = NULL; return 1; }
	if (version) {
		FT_UInt v = version;
		e = FT_Property_Set(s->lib, "truetype", "interpreter-version", &v);
		if (e) { *err = e; ftrefsz_close(s); return 2; }
	}
	e = FT_New_Memory_Face(s->lib, data, len, 0, &s->face);
	if (e) { *err = e; s->face = NULL; ftrefsz_close(s); return 3; }
	e = FT_Set_Char_Size(s->face, w, h, hres, vres);
	if (e) { *err = e; ftrefsz_close(s); return 4; }
	return 0;
}

// ftrefsz_metrics copies face->size->metrics (x_ppem, y_ppem, x_scale,
// y_scale, ascender, descender, height, max_advance), then the face's
// units_per_EM, ascender, descender, height and max_advance_width.
static void ftrefsz_metrics(ftrefsz *s, long *m) {
	FT_Size_Metrics *sm = &s->face->size->metrics;
	m[0] = sm->x_ppem; m[1] = sm->y_ppem; m[2] = sm->x_scale; m[3] = sm->y_scale;
	m[4] = sm->ascender; m[5] = sm->descender; m[6] = sm->height; m[7] = sm->max_advance;
	FT_Face f = s->face;
	m[8] = f->units_per_EM; m[9] = f->ascender; m[10] = f->descender; m[11] = f->height;
	m[12] = f->max_advance_width;
}

// ftrefsz_load loads one glyph; the outline stays in the slot until the
// next call.
static int ftrefsz_load(ftrefsz *s, unsigned int gid, FT_Int32 flags) {
	return FT_Load_Glyph(s->face, gid, flags);
}

static FT_GlyphSlot ftrefsz_slot(ftrefsz *s) { return s->face->glyph; }

static int ftrefsz_render(ftrefsz *s, FT_Render_Mode m) { return FT_Render_Glyph(s->face->glyph, m); }
*/
import "C"

import (
	"fmt"
	"unsafe"
)

// SizedFace is a FreeType face at one char size set with
// FT_Set_Char_Size (fontvm/size.Request's fields as its arguments), in one
// hinting mode, for loading and rendering glyphs one at a time. Close
// frees it.
type SizedFace struct {
	s     C.ftrefsz
	mode  Mode
	cdata unsafe.Pointer // the font bytes in C memory (FT_New_Memory_Face keeps using them)
}

// SizeMetrics is FreeType's public face->size->metrics.
type SizeMetrics struct {
	XPPEM, YPPEM                            int
	XScale, YScale                          int64
	Ascender, Descender, Height, MaxAdvance int64
}

// FaceValues are the FT_FaceRec fields size metrics are computed from,
// in font units.
type FaceValues struct {
	UnitsPerEm, Ascender, Descender, Height, MaxAdvanceWidth int
}

// SetCharSizeError is FT_Set_Char_Size's failure, with FreeType's error
// name (e.g. "Invalid_Pixel_Size", "Invalid_PPem").
type SetCharSizeError struct{ Name string }

// Error returns FreeType's error name for the failed FT_Set_Char_Size.
func (e *SetCharSizeError) Error() string { return "ftref: FT_Set_Char_Size: " + e.Name }

// OpenSize opens font (face 0) in mode and sets its size with
// FT_Set_Char_Size(face, w, h, hres, vres) (w, h in 26.6 points). A
// failing FT_Set_Char_Size is a *SetCharSizeError.
func OpenSize(font []byte, mode Mode, w, h int64, hres, vres uint32) (*SizedFace, error) {
	if len(font) == 0 {
		return nil, fmt.Errorf("ftref: empty font")
	}
	v, err := version(mode)
	if err != nil {
		return nil, err
	}
	sf := &SizedFace{mode: mode}
	cdata := C.CBytes(font)
	var e C.int
	st := C.ftrefsz_open(&sf.s, (*C.uchar)(cdata), C.long(len(font)), v,
		C.long(w), C.long(h), C.uint(hres), C.uint(vres), &e)
	if st != 0 {
		C.free(cdata)
		if st == 4 {
			return nil, &SetCharSizeError{Name: ErrName(int(e))}
		}
		return nil, fmt.Errorf("%w: step %d: %s", ErrSetup, int(st), ErrName(int(e)))
	}
	sf.cdata = cdata
	return sf, nil
}

// Close frees the face and its library.
func (f *SizedFace) Close() {
	C.ftrefsz_close(&f.s)
	if f.cdata != nil {
		C.free(f.cdata)
		f.cdata = nil
	}
}

// NumGlyphs is face->num_glyphs.
func (f *SizedFace) NumGlyphs() int { return int(f.s.face.num_glyphs) }

// Metrics returns face->size->metrics.
func (f *SizedFace) Metrics() SizeMetrics {
	m := f.metrics()
	return SizeMetrics{XPPEM: int(m[0]), YPPEM: int(m[1]), XScale: int64(m[2]), YScale: int64(m[3]),
		Ascender: int64(m[4]), Descender: int64(m[5]), Height: int64(m[6]), MaxAdvance: int64(m[7])}
}

// Face returns the face's units per em, ascender, descender, height and
// maximum advance width.
func (f *SizedFace) Face() FaceValues {
	m := f.metrics()
	return FaceValues{UnitsPerEm: int(m[8]), Ascender: int(m[9]), Descender: int(m[10]), Height: int(m[11]), MaxAdvanceWidth: int(m[12])}
}

// metrics is ftrefsz_metrics.
func (f *SizedFace) metrics() [13]C.long {
	var m [13]C.long
	C.ftrefsz_metrics(&f.s, &m[0])
	return m
}

// Outline loads glyph gid with LoadFlags(mode, target) and returns it as
// the slot holds it (advance.x, points, contours).
func (f *SizedFace) Outline(gid int, target Target) Glyph {
	g := Glyph{GID: gid}
	if e := C.ftrefsz_load(&f.s, C.uint(gid), C.FT_Int32(LoadFlags(f.mode, target))); e != 0 {
		g.Err = ErrName(int(e))
		return g
	}
	s := C.ftrefsz_slot(&f.s)
	o := &s.outline
	g.Adv = int64(s.advance.x)
	if n := int(o.n_points); n > 0 {
		pts := unsafe.Slice(o.points, n)
		g.XY = make([]int64, 0, 2*n)
		for _, p := range pts {
			g.XY = append(g.XY, int64(p.x), int64(p.y))
		}
	}
	if n := int(o.n_contours); n > 0 {
		cs := unsafe.Slice(o.contours, n)
		g.Ends = make([]int32, n)
		for i, c := range cs {
			g.Ends[i] = int32(c)
		}
	}
	return g
}

// Outlines loads every glyph in glyph-id order (see Outline).
func (f *SizedFace) Outlines(target Target) []Glyph {
	gs := make([]Glyph, f.NumGlyphs())
	for i := range gs {
		gs[i] = f.Outline(i, target)
	}
	return gs
}

// SizedBitmap is a rendered glyph and its slot->advance.x (26.6).
type SizedBitmap struct {
	Bitmap
	AdvanceX int64
}

// Render loads glyph gid with LoadFlags(mode, target) and renders it with
// FT_Render_Glyph in render mode.
func (f *SizedFace) Render(gid int, target Target, render RenderMode) SizedBitmap {
	var sb SizedBitmap
	b := &sb.Bitmap
	b.GID = gid
	e := C.ftrefsz_load(&f.s, C.uint(gid), C.FT_Int32(LoadFlags(f.mode, target)))
	if e == 0 {
		rm := C.FT_Render_Mode(C.FT_RENDER_MODE_NORMAL)
		if render == RenderMono {
			rm = C.FT_RENDER_MODE_MONO
		}
		e = C.ftrefsz_render(&f.s, rm)
	}
	if e != 0 {
		b.Err = ErrName(int(e))
		return sb
	}
	s := C.ftrefsz_slot(&f.s)
	sb.AdvanceX = int64(s.advance.x)
	bm := &s.bitmap
	b.Width, b.Rows, b.Pitch = int(bm.width), int(bm.rows), int(bm.pitch)
	b.Left, b.Top = int(s.bitmap_left), int(s.bitmap_top)
	ap := b.Pitch
	if ap < 0 {
		ap = -ap
	}
	if n := ap * b.Rows; n > 0 {
		buf := unsafe.Slice((*byte)(unsafe.Pointer(bm.buffer)), n)
		b.Buffer = make([]byte, n)
		for r := 0; r < b.Rows; r++ {
			src := r
			if b.Pitch < 0 {
				src = b.Rows - 1 - r
			}
			copy(b.Buffer[r*ap:(r+1)*ap], buf[src*ap:(src+1)*ap])
		}
	}
	return sb
}
