//go:build reference

package rref

/*
#cgo pkg-config: freetype2
#include <stdlib.h>
#include <string.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_MODULE_H
#include FT_DRIVER_H
#include FT_OUTLINE_H

typedef struct {
	FT_Library lib;
	FT_Face face;
} rref_ctx;

static int rref_open(rref_ctx *c, const unsigned char *data, long size, unsigned int version, int ppem) {
	memset(c, 0, sizeof *c);
	int e = FT_Init_FreeType(&c->lib);
	if (e) return e;
	if (version) {
		FT_UInt v = version;
		e = FT_Property_Set(c->lib, "truetype", "interpreter-version", &v);
		if (e) return e;
	}
	e = FT_New_Memory_Face(c->lib, data, size, 0, &c->face);
	if (e) return e;
	return FT_Set_Pixel_Sizes(c->face, 0, (FT_UInt)ppem);
}

static void rref_close(rref_ctx *c) {
	if (c->face) FT_Done_Face(c->face);
	if (c->lib) FT_Done_FreeType(c->lib);
}

static long rref_num_glyphs(rref_ctx *c) { return c->face->num_glyphs; }

// rref_load loads glyph gid. It fills the outline sizes; the caller then
// copies the outline with rref_outline before rendering.
static int rref_load(rref_ctx *c, unsigned gid, FT_Int32 flags, int *npts, int *ncont, int *oflags) {
	int e = FT_Load_Glyph(c->face, gid, flags);
	if (e) return e;
	FT_Outline *o = &c->face->glyph->outline;
	*npts = o->n_points;
	*ncont = o->n_contours;
	*oflags = o->flags;
	return 0;
}

static void rref_outline(rref_ctx *c, int *xy, unsigned char *tags, int *ends) {
	FT_Outline *o = &c->face->glyph->outline;
	for (int i = 0; i < o->n_points; i++) {
		xy[2*i] = (int)o->points[i].x;
		xy[2*i+1] = (int)o->points[i].y;
		tags[i] = (unsigned char)o->tags[i];
	}
	for (int i = 0; i < o->n_contours; i++) ends[i] = o->contours[i];
}

// rref_render renders the loaded glyph; dims = width, rows, pitch, left, top.
static int rref_render(rref_ctx *c, int mono, int *dims) {
	int e = FT_Render_Glyph(c->face->glyph, mono ? FT_RENDER_MODE_MONO : FT_RENDER_MODE_NORMAL);
	if (e) return e;
	FT_GlyphSlot s = c->face->glyph;
	dims[0] = s->bitmap.width;
	dims[1] = s->bitmap.rows;
	dims[2] = s->bitmap.pitch;
	dims[3] = s->bitmap_left;
	dims[4] = s->bitmap_top;
	return 0;
}

// rref_pixels unpacks the bitmap to one byte per pixel (0 or 255 for mono),
// top row first.
static void rref_pixels(rref_ctx *c, unsigned char *dst) {
	FT_Bitmap *b = &c->face->glyph->bitmap;
	int ap = b->pitch < 0 ? -b->pitch : b->pitch;
	for (unsigned r = 0; r < b->rows; r++) {
		const unsigned char *row = b->pitch >= 0 ? b->buffer + (size_t)r * ap
			: b->buffer + (size_t)(b->rows - 1 - r) * ap;
		for (unsigned x = 0; x < b->width; x++) {
			unsigned char v;
			if (b->pixel_mode == FT_PIXEL_MODE_MONO)
				v = (row[x >> 3] & (0x80 >> (x & 7))) ? 255 : 0;
			else
				v = row[x];
			dst[(size_t)r * b->width + x] = v;
		}
	}
}

static int rref_kern(rref_ctx *c, unsigned l, unsigned r, unsigned mode, long *x) {
	FT_Vector v;
	int e = FT_Get_Kerning(c->face, l, r, mode, &v);
	*x = v.x;
	return e;
}

// rref_time_render renders n outlines (given as flat arrays, already in
// bitmap space) with FT_Outline_Get_Bitmap, rounds times, clearing the
// bitmap before each render; returns nanoseconds.
#include <time.h>
static long long rref_time_render(rref_ctx *c, int mono, int n, const int *npts, const int *ncont,
		const FT_Vector *pts, const char *tags, const short *ends, const int *flags,
		const int *dims, unsigned char *buf, int rounds) {
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (int r = 0; r < rounds; r++) {
		const FT_Vector *p = pts; const char *tg = tags; const short *e = ends;
		for (int i = 0; i < n; i++) {
			FT_Outline o;
			o.n_points = (short)npts[i]; o.n_contours = (short)ncont[i];
			o.points = (FT_Vector *)p; o.tags = (char *)tg; o.contours = (short *)e; o.flags = flags[i];
			FT_Bitmap b;
			b.width = dims[2*i]; b.rows = dims[2*i+1];
			b.pitch = mono ? ((b.width + 15) >> 4) << 1 : (int)b.width;
			b.buffer = buf; b.num_grays = 256;
			b.pixel_mode = mono ? FT_PIXEL_MODE_MONO : FT_PIXEL_MODE_GRAY;
			memset(buf, 0, (size_t)b.pitch * b.rows);
			FT_Outline_Get_Bitmap(c->lib, &o, &b);
			p += npts[i]; tg += npts[i]; e += ncont[i];
		}
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	return (long long)(t1.tv_sec - t0.tv_sec) * 1000000000LL + (t1.tv_nsec - t0.tv_nsec);
}

static void rref_metrics(rref_ctx *c, long *m) {
	FT_Size_Metrics *s = &c->face->size->metrics;
	m[0] = s->ascender; m[1] = s->descender; m[2] = s->height;
}

static FT_Int32 rref_flags(int hinting, int mono) {
	FT_Int32 f = FT_LOAD_NO_BITMAP | FT_LOAD_NO_AUTOHINT;
	f |= mono ? FT_LOAD_TARGET_MONO : FT_LOAD_TARGET_NORMAL;
	if (!hinting) f |= FT_LOAD_NO_HINTING;
	return f;
}
*/
import "C"

import (
	"fmt"
	"unsafe"
)

// Glyph is one glyph as FreeType loaded and rendered it.
type Glyph struct {
	GID      int
	Err      int     // FreeType error from loading or rendering, 0 if none
	XY       []int32 // outline points, 26.6, x then y
	Tags     []uint8 // FT_Outline tags
	Contours []int   // FT_Outline contour ends
	Flags    uint32  // FT_Outline flags
	Width    int     // bitmap width
	Rows     int     // bitmap rows
	Left     int     // bitmap_left
	Top      int     // bitmap_top
	Pix      []byte  // Width×Rows bytes, top row first (0/255 for mono)
}

// Mode is the interpreter setting: 0 unhinted (FT_LOAD_NO_HINTING), 35 or
// 40 the interpreter version.
type Mode int

// Version returns FreeType's version string.
func Version() string {
	var lib C.FT_Library
	if C.FT_Init_FreeType(&lib) != 0 {
		return "?"
	}
	defer C.FT_Done_FreeType(lib)
	var a, b, c C.FT_Int
	C.FT_Library_Version(lib, &a, &b, &c)
	return fmt.Sprintf("%d.%d.%d", a, b, c)
}

// Load loads every glyph of font at ppem in mode (with load target mono
// when mono is set), copies its outline and renders it in
// FT_RENDER_MODE_MONO (mono) or FT_RENDER_MODE_NORMAL.
func Load(font []byte, ppem int, mode Mode, mono bool) ([]Glyph, error) {
	if len(font) == 0 {
		return nil, fmt.Errorf("rref: empty font")
	}
	var c C.rref_ctx
	cfont := C.CBytes(font)
	defer C.free(cfont)
	defer C.rref_close(&c)
	hint := 1
	if mode == 0 {
		hint = 0
	}
	m := 0
	if mono {
		m = 1
	}
	if e := C.rref_open(&c, (*C.uchar)(cfont), C.long(len(font)), C.uint(mode), C.int(ppem)); e != 0 {
		return nil, fmt.Errorf("rref: FreeType setup error %d", int(e))
	}
	flags := C.rref_flags(C.int(hint), C.int(m))
	n := int(C.rref_num_glyphs(&c))
	out := make([]Glyph, n)
	var dims [5]C.int
	for gid := 0; gid < n; gid++ {
		g := &out[gid]
		g.GID = gid
		var np, nc, of C.int
		if e := C.rref_load(&c, C.uint(gid), flags, &np, &nc, &of); e != 0 {
			g.Err = int(e)
			continue
		}
		g.Flags = uint32(of)
		xy := make([]C.int, 2*int(np)+1)
		tags := make([]C.uchar, int(np)+1)
		ends := make([]C.int, int(nc)+1)
		C.rref_outline(&c, &xy[0], &tags[0], &ends[0])
		g.XY = make([]int32, 2*int(np))
		for i := range g.XY {
			g.XY[i] = int32(xy[i])
		}
		g.Tags = make([]uint8, int(np))
		for i := range g.Tags {
			g.Tags[i] = uint8(tags[i])
		}
		g.Contours = make([]int, int(nc))
		for i := range g.Contours {
			g.Contours[i] = int(ends[i])
		}
		if e := C.rref_render(&c, C.int(m), &dims[0]); e != 0 {
			g.Err = int(e)
			continue
		}
		g.Width, g.Rows = int(dims[0]), int(dims[1])
		g.Left, g.Top = int(dims[3]), int(dims[4])
		g.Pix = make([]byte, g.Width*g.Rows)
		if len(g.Pix) > 0 {
			C.rref_pixels(&c, (*C.uchar)(unsafe.Pointer(&g.Pix[0])))
		}
	}
	return out, nil
}

// Kerning returns FT_Get_Kerning's x for each pair (left<<16|right) at
// ppem, with FT_KERNING_DEFAULT (fitted) or FT_KERNING_UNFITTED.
func Kerning(font []byte, ppem int, pairs []uint32, fitted bool) ([]int, error) {
	var c C.rref_ctx
	cfont := C.CBytes(font)
	defer C.free(cfont)
	defer C.rref_close(&c)
	if e := C.rref_open(&c, (*C.uchar)(cfont), C.long(len(font)), 0, C.int(ppem)); e != 0 {
		return nil, fmt.Errorf("rref: FreeType setup error %d", int(e))
	}
	mode := C.uint(C.FT_KERNING_UNFITTED)
	if fitted {
		mode = C.FT_KERNING_DEFAULT
	}
	out := make([]int, len(pairs))
	for i, p := range pairs {
		var x C.long
		if e := C.rref_kern(&c, C.uint(p>>16), C.uint(p&0xffff), mode, &x); e != 0 {
			return nil, fmt.Errorf("rref: FT_Get_Kerning error %d", int(e))
		}
		out[i] = int(x)
	}
	return out, nil
}

// Placed is an outline already translated into its bitmap's space, with
// the bitmap size.
type Placed struct {
	XY       []int32
	Tags     []uint8
	Contours []int
	Flags    uint32
	W, H     int
}

// TimeRender renders the outlines rounds times with FreeType's
// FT_Outline_Get_Bitmap (mono: ftraster, else ftgrays), clearing the
// bitmap before each render, and returns the nanoseconds spent.
func TimeRender(os []Placed, mono bool, rounds int) (int64, error) {
	var c C.rref_ctx
	if e := C.FT_Init_FreeType(&c.lib); e != 0 {
		return 0, fmt.Errorf("rref: FT_Init_FreeType error %d", int(e))
	}
	defer C.rref_close(&c)
	var npts, ncont, flags, dims []C.int
	var pts []C.FT_Vector
	var tags []C.char
	var ends []C.short
	maxBuf := 1
	for _, o := range os {
		npts = append(npts, C.int(len(o.Tags)))
		ncont = append(ncont, C.int(len(o.Contours)))
		flags = append(flags, C.int(o.Flags))
		dims = append(dims, C.int(o.W), C.int(o.H))
		for i := range o.Tags {
			pts = append(pts, C.FT_Vector{x: C.FT_Pos(o.XY[2*i]), y: C.FT_Pos(o.XY[2*i+1])})
			tags = append(tags, C.char(o.Tags[i]))
		}
		for _, e := range o.Contours {
			ends = append(ends, C.short(e))
		}
		maxBuf = max(maxBuf, (o.W+16)*o.H)
	}
	if len(pts) == 0 || len(ends) == 0 {
		return 0, fmt.Errorf("rref: nothing to render")
	}
	cp := (*C.FT_Vector)(C.malloc(C.size_t(len(pts)) * C.size_t(unsafe.Sizeof(pts[0]))))
	defer C.free(unsafe.Pointer(cp))
	copy(unsafe.Slice(cp, len(pts)), pts)
	ct := (*C.char)(C.malloc(C.size_t(len(tags))))
	defer C.free(unsafe.Pointer(ct))
	copy(unsafe.Slice(ct, len(tags)), tags)
	ce := (*C.short)(C.malloc(C.size_t(len(ends)) * 2))
	defer C.free(unsafe.Pointer(ce))
	copy(unsafe.Slice(ce, len(ends)), ends)
	buf := (*C.uchar)(C.malloc(C.size_t(maxBuf)))
	defer C.free(unsafe.Pointer(buf))
	m := 0
	if mono {
		m = 1
	}
	ns := C.rref_time_render(&c, C.int(m), C.int(len(os)), &npts[0], &ncont[0], cp, ct, ce, &flags[0], &dims[0], buf, C.int(rounds))
	return int64(ns), nil
}

// SizeMetrics returns face->size->metrics ascender, descender and height
// (26.6) after FT_Set_Pixel_Sizes(face, 0, ppem).
func SizeMetrics(font []byte, ppem int) ([3]int, error) {
	var c C.rref_ctx
	cfont := C.CBytes(font)
	defer C.free(cfont)
	defer C.rref_close(&c)
	if e := C.rref_open(&c, (*C.uchar)(cfont), C.long(len(font)), 0, C.int(ppem)); e != 0 {
		return [3]int{}, fmt.Errorf("rref: FreeType setup error %d", int(e))
	}
	var m [3]C.long
	C.rref_metrics(&c, &m[0])
	return [3]int{int(m[0]), int(m[1]), int(m[2])}, nil
}
