//go:build reference

// Package ftref runs FreeType (the system libfreetype, through cgo and
// pkg-config) as the reference for fontvm's TrueType interpreter. It is
// test-only code: it is compiled only with the build tag "reference".
//
// Every function creates its own FT_Library (so the interpreter version set
// with FT_Property_Set(library, "truetype", "interpreter-version", ...) is
// private to the call), one FT_Face over the font bytes, and one fresh
// FT_Size per ppem (FT_New_Size + FT_Activate_Size), so nothing a font
// program stores at one size leaks into another. Within one size, glyphs are
// loaded in increasing glyph-id order, as FreeType would load them for a
// client walking the font; state a glyph program leaves behind (storage, CVT
// writes) is seen by later glyphs exactly as FreeType keeps it.
//
// The size is set with FT_Set_Pixel_Sizes(face, 0, ppem): a pixel width of 0
// means "same as the height", so FT_Request_Size gets a nominal request of
// ppem×ppem pixels and the TrueType driver sets x_ppem = y_ppem = ppem. Each
// call checks face->size->metrics.x_ppem and y_ppem against ppem and fails
// otherwise. (FT_Set_Char_Size(face, 0, ppem*64, 72, 72) is the equivalent
// call in points.)
//
// Load flags (see LoadFlags): FT_LOAD_NO_BITMAP | FT_LOAD_NO_AUTOHINT, plus
// FT_LOAD_TARGET_NORMAL or FT_LOAD_TARGET_MONO, plus FT_LOAD_NO_HINTING in
// ModeNone.
package ftref

/*
#cgo pkg-config: freetype2
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <time.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_MODULE_H
#include FT_DRIVER_H
#include FT_SIZES_H

// Growable int32 buffer owned by C; Go copies it out and frees it.
typedef struct {
	int32_t *p;
	size_t n, cap;
} ftref_i32;

static int ftref_grow(ftref_i32 *b, size_t more) {
	if (b->n + more <= b->cap) return 0;
	size_t c = b->cap ? b->cap : 4096;
	while (c < b->n + more) c *= 2;
	int32_t *q = realloc(b->p, c * sizeof(int32_t));
	if (!q) return -1;
	b->p = q;
	b->cap = c;
	return 0;
}

typedef struct {
	int64_t *p;
	size_t n, cap;
} ftref_i64;

static int ftref_grow64(ftref_i64 *b, size_t more) {
	if (b->n + more <= b->cap) return 0;
	size_t c = b->cap ? b->cap : 4096;
	while (c < b->n + more) c *= 2;
	int64_t *q = realloc(b->p, c * sizeof(int64_t));
	if (!q) return -1;
	b->p = q;
	b->cap = c;
	return 0;
}

typedef struct {
	uint8_t *p;
	size_t n, cap;
} ftref_u8;

static int ftref_grow8(ftref_u8 *b, size_t more) {
	if (b->n + more <= b->cap) return 0;
	size_t c = b->cap ? b->cap : 4096;
	while (c < b->n + more) c *= 2;
	uint8_t *q = realloc(b->p, c);
	if (!q) return -1;
	b->p = q;
	b->cap = c;
	return 0;
}

// Setup failures are reported as (stage, FreeType error).
enum {
	ST_OK = 0, ST_INIT, ST_PROPERTY, ST_FACE, ST_NEWSIZE, ST_ACTIVATE, ST_SETSIZE, ST_PPEM, ST_NOMEM
};

typedef struct {
	FT_Library lib;
	FT_Face face;
	int stage;
	int err;
} ftref_ctx;

static void ftref_close(ftref_ctx *c) {
	if (c->face) FT_Done_Face(c->face);
	if (c->lib) FT_Done_FreeType(c->lib);
	c->face = NULL;
	c->lib = NULL;
}

// version 0 leaves the library default.
static int ftref_open(ftref_ctx *c, const unsigned char *data, long size, long index, unsigned int version) {
	memset(c, 0, sizeof *c);
	FT_Error e = FT_Init_FreeType(&c->lib);
	if (e) { c->stage = ST_INIT; c->err = e; c->lib = NULL; return -1; }
	if (version) {
		FT_UInt v = version;
		e = FT_Property_Set(c->lib, "truetype", "interpreter-version", &v);
		if (e) { c->stage = ST_PROPERTY; c->err = e; ftref_close(c); return -1; }
	}
	e = FT_New_Memory_Face(c->lib, data, size, index, &c->face);
	if (e) { c->stage = ST_FACE; c->err = e; c->face = NULL; ftref_close(c); return -1; }
	return 0;
}

// ftref_size makes a fresh size object at ppem the active one.
static int ftref_size(ftref_ctx *c, int ppem, FT_Size *sz) {
	FT_Error e = FT_New_Size(c->face, sz);
	if (e) { c->stage = ST_NEWSIZE; c->err = e; return -1; }
	e = FT_Activate_Size(*sz);
	if (e) { c->stage = ST_ACTIVATE; c->err = e; return -1; }
	e = FT_Set_Pixel_Sizes(c->face, 0, (FT_UInt)ppem);
	if (e) { c->stage = ST_SETSIZE; c->err = e; return -1; }
	if (c->face->size->metrics.x_ppem != ppem || c->face->size->metrics.y_ppem != ppem) {
		c->stage = ST_PPEM;
		c->err = c->face->size->metrics.x_ppem << 16 | c->face->size->metrics.y_ppem;
		return -1;
	}
	return 0;
}

// ftref_outlines loads every glyph at every ppem. Per ppem and glyph it
// appends the record: err, adv, npts, ncont, x0, y0, ..., ends... (FT_Pos
// values are 64-bit on 64-bit Linux and programs can produce values beyond
// 32 bits, so records are int64).
static int ftref_outlines(ftref_ctx *c, const unsigned char *data, long size, long index,
		unsigned int version, FT_Int32 flags, const int *ppems, int nppem, ftref_i64 *out, long *nglyphs) {
	if (ftref_open(c, data, size, index, version)) return -1;
	long ng = c->face->num_glyphs;
	*nglyphs = ng;
	for (int k = 0; k < nppem; k++) {
		FT_Size sz = NULL;
		if (ftref_size(c, ppems[k], &sz)) { ftref_close(c); return -1; }
		for (long g = 0; g < ng; g++) {
			FT_Error e = FT_Load_Glyph(c->face, (FT_UInt)g, flags);
			if (e) {
				if (ftref_grow64(out, 1)) goto nomem;
				out->p[out->n++] = e;
				continue;
			}
			FT_GlyphSlot s = c->face->glyph;
			FT_Outline *o = &s->outline;
			size_t need = 4 + 2 * (size_t)o->n_points + (size_t)o->n_contours;
			if (ftref_grow64(out, need)) goto nomem;
			int64_t *p = out->p + out->n;
			*p++ = 0;
			*p++ = s->advance.x;
			*p++ = o->n_points;
			*p++ = o->n_contours;
			for (int i = 0; i < o->n_points; i++) {
				*p++ = o->points[i].x;
				*p++ = o->points[i].y;
			}
			for (int i = 0; i < o->n_contours; i++) *p++ = o->contours[i];
			out->n += need;
		}
		FT_Done_Size(sz);
	}
	ftref_close(c);
	return 0;
nomem:
	c->stage = ST_NOMEM;
	ftref_close(c);
	return -1;
}

// ftref_time hints every glyph at every ppem, rounds times over; each round
// and ppem uses a fresh size (so the CVT program runs each time, as it would
// for a new size). Returns nanoseconds, excluding library and face setup.
static int ftref_time(ftref_ctx *c, const unsigned char *data, long size, long index,
		unsigned int version, FT_Int32 flags, const int *ppems, int nppem, int rounds,
		long long *ns, long *loads) {
	if (ftref_open(c, data, size, index, version)) return -1;
	long ng = c->face->num_glyphs;
	struct timespec t0, t1;
	long n = 0;
	volatile long sink = 0;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (int r = 0; r < rounds; r++) {
		for (int k = 0; k < nppem; k++) {
			FT_Size sz = NULL;
			if (ftref_size(c, ppems[k], &sz)) { ftref_close(c); return -1; }
			for (long g = 0; g < ng; g++) {
				if (FT_Load_Glyph(c->face, (FT_UInt)g, flags) == 0) sink += c->face->glyph->outline.n_points;
				n++;
			}
			FT_Done_Size(sz);
		}
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	*ns = (long long)(t1.tv_sec - t0.tv_sec) * 1000000000LL + (t1.tv_nsec - t0.tv_nsec);
	*loads = n;
	ftref_close(c);
	return 0;
}

// ftref_render loads and renders the given glyphs at ppem. Per glyph it
// appends to hdr: err, width, rows, pitch, left, top, byte offset into pix;
// the rows are copied to pix (|pitch| bytes each, top row first).
static int ftref_render(ftref_ctx *c, const unsigned char *data, long size, long index,
		unsigned int version, FT_Int32 flags, int ppem, FT_Render_Mode rmode,
		const int *gids, int ngid, ftref_i32 *hdr, ftref_u8 *pix) {
	if (ftref_open(c, data, size, index, version)) return -1;
	FT_Size sz = NULL;
	if (ftref_size(c, ppem, &sz)) { ftref_close(c); return -1; }
	for (int i = 0; i < ngid; i++) {
		if (ftref_grow(hdr, 7)) goto nomem;
		int32_t *h = hdr->p + hdr->n;
		hdr->n += 7;
		memset(h, 0, 7 * sizeof(int32_t));
		FT_Error e = FT_Load_Glyph(c->face, (FT_UInt)gids[i], flags);
		if (!e) e = FT_Render_Glyph(c->face->glyph, rmode);
		if (e) { h[0] = e; continue; }
		FT_GlyphSlot s = c->face->glyph;
		FT_Bitmap *b = &s->bitmap;
		int ap = b->pitch < 0 ? -b->pitch : b->pitch;
		size_t nb = (size_t)ap * b->rows;
		if (ftref_grow8(pix, nb)) goto nomem;
		h[1] = b->width; h[2] = b->rows; h[3] = b->pitch;
		h[4] = s->bitmap_left; h[5] = s->bitmap_top; h[6] = (int32_t)pix->n;
		for (unsigned r = 0; r < b->rows; r++) {
			const unsigned char *row = b->pitch >= 0 ? b->buffer + (size_t)r * ap
				: b->buffer + (size_t)(b->rows - 1 - r) * ap;
			memcpy(pix->p + pix->n + (size_t)r * ap, row, ap);
		}
		pix->n += nb;
	}
	FT_Done_Size(sz);
	ftref_close(c);
	return 0;
nomem:
	c->stage = ST_NOMEM;
	ftref_close(c);
	return -1;
}

static void ftref_version(int *a, int *b, int *c) {
	FT_Library lib;
	*a = *b = *c = 0;
	if (FT_Init_FreeType(&lib)) return;
	FT_Library_Version(lib, a, b, c);
	FT_Done_FreeType(lib);
}

// Error names: FreeType's own list, through the documented FT_ERRORDEF hook.
#define FTREF_STR_(x) #x
#define FTREF_STR(x) FTREF_STR_(x)
#undef FTERRORS_H_
#undef __FTERRORS_H__
#define FT_ERROR_START_LIST static const struct { int code; const char *name; } ftref_errnames[] = {
#define FT_ERRORDEF(e, v, s) { v, FTREF_STR(e) },
#define FT_ERROR_END_LIST { -1, NULL } };
#include FT_ERRORS_H

static const char *ftref_errname(int code) {
	for (int i = 0; ftref_errnames[i].name; i++)
		if (ftref_errnames[i].code == code) return ftref_errnames[i].name;
	return NULL;
}

static FT_Int32 ftref_load_flags(int hinting, int mono) {
	FT_Int32 f = FT_LOAD_NO_BITMAP | FT_LOAD_NO_AUTOHINT;
	f |= mono ? FT_LOAD_TARGET_MONO : FT_LOAD_TARGET_NORMAL;
	if (!hinting) f |= FT_LOAD_NO_HINTING;
	return f;
}
*/
import "C"

import (
	"errors"
	"fmt"
	"strings"
	"unsafe"

	"fontvm/internal/conformance/golden"
)

// Mode is the hinting mode.
type Mode int

const (
	ModeNone Mode = iota // FT_LOAD_NO_HINTING: scaled outlines, no bytecode
	ModeV35              // interpreter-version 35
	ModeV40              // interpreter-version 40
)

// String returns "none", "v35" or "v40", or Mode(<n>) for an unknown
// mode.
func (m Mode) String() string {
	switch m {
	case ModeNone:
		return "none"
	case ModeV35:
		return "v35"
	case ModeV40:
		return "v40"
	}
	return fmt.Sprintf("Mode(%d)", int(m))
}

// Target is the rendering target the load flags name.
type Target int

const (
	TargetNormal Target = iota // FT_LOAD_TARGET_NORMAL (grayscale)
	TargetMono                 // FT_LOAD_TARGET_MONO
)

// String returns "normal" or "mono", or Target(<n>) for an unknown
// target.
func (t Target) String() string {
	switch t {
	case TargetNormal:
		return "normal"
	case TargetMono:
		return "mono"
	}
	return fmt.Sprintf("Target(%d)", int(t))
}

// LoadFlags returns the FT_Load_Glyph flags used for mode and target.
func LoadFlags(mode Mode, target Target) int32 {
	var hinting, mono C.int
	if mode != ModeNone {
		hinting = 1
	}
	if target == TargetMono {
		mono = 1
	}
	return int32(C.ftref_load_flags(hinting, mono))
}

// version returns the interpreter-version property FreeType is set to for
// mode (35 or 40; 0 for ModeNone, which loads unhinted), or an error for
// an unknown mode.
func version(mode Mode) (C.uint, error) {
	switch mode {
	case ModeNone:
		return 0, nil
	case ModeV35:
		return 35, nil
	case ModeV40:
		return 40, nil
	}
	return 0, fmt.Errorf("ftref: unknown mode %d", int(mode))
}

// Version returns the version of the linked FreeType, e.g. "2.12.1".
func Version() string {
	var a, b, c C.int
	C.ftref_version(&a, &b, &c)
	return fmt.Sprintf("%d.%d.%d", a, b, c)
}

// ErrName returns FreeType's name for an error code without the FT_Err_
// prefix, or "0xNN" for a code FreeType does not name.
func ErrName(code int) string {
	n := C.ftref_errname(C.int(code & 0xFF))
	if n == nil {
		return fmt.Sprintf("0x%02X", code)
	}
	return strings.TrimPrefix(C.GoString(n), "FT_Err_")
}

// ErrSetup is wrapped by errors in setting up a font or a size.
var ErrSetup = errors.New("ftref: FreeType setup failed")

var stageName = map[C.int]string{
	C.ST_INIT: "FT_Init_FreeType", C.ST_PROPERTY: "FT_Property_Set(interpreter-version)",
	C.ST_FACE: "FT_New_Memory_Face", C.ST_NEWSIZE: "FT_New_Size", C.ST_ACTIVATE: "FT_Activate_Size",
	C.ST_SETSIZE: "FT_Set_Pixel_Sizes", C.ST_NOMEM: "malloc",
}

// setupErr describes the failed setup stage c reports, wrapping ErrSetup:
// the FreeType call that failed with its error name, or, for the ppem
// check, the x and y ppem FT_Set_Pixel_Sizes gave.
func setupErr(c *C.ftref_ctx) error {
	if c.stage == C.ST_PPEM {
		return fmt.Errorf("%w: FT_Set_Pixel_Sizes gave x_ppem %d, y_ppem %d", ErrSetup, c.err>>16, c.err&0xFFFF)
	}
	return fmt.Errorf("%w: %s: %s", ErrSetup, stageName[c.stage], ErrName(int(c.err)))
}

// Glyph is one loaded glyph as FreeType left it in its glyph slot.
type Glyph struct {
	GID  int
	Err  string  // FreeType error name when FT_Load_Glyph failed; "" otherwise
	Adv  int64   // slot->advance.x, 26.6
	XY   []int64 // slot->outline.points, interleaved x, y; 26.6, y up
	Ends []int32 // slot->outline.contours
}

// AppendLine appends g's line (golden.AppendLine / golden.AppendErrLine).
func (g *Glyph) AppendLine(dst []byte) []byte {
	if g.Err != "" {
		return golden.AppendErrLine(dst, g.GID, g.Err)
	}
	return golden.AppendLine(dst, g.GID, g.Adv, g.XY, g.Ends)
}

// Line returns g's line.
func (g *Glyph) Line() string { return string(g.AppendLine(nil)) }

// cInts copies v into a C int array for the C side, with one extra 0
// element so that an empty v still has a first element. It returns the
// pointer to pass and the slice, which the caller keeps alive until the
// call returns.
func cInts(v []int) (*C.int, []C.int) {
	cs := make([]C.int, len(v)+1)
	for i, x := range v {
		cs[i] = C.int(x)
	}
	return &cs[0], cs
}

// check rejects what the C side must not see: an empty font, or a ppem
// outside 1..65535.
func check(font []byte, ppems []int) error {
	if len(font) == 0 {
		return fmt.Errorf("ftref: empty font")
	}
	for _, p := range ppems {
		if p <= 0 || p > 0xFFFF {
			return fmt.Errorf("ftref: ppem %d out of range", p)
		}
	}
	return nil
}

// Outlines loads every glyph of font (face index 0) at each ppem in ppems,
// in mode and target, and returns them per ppem, in glyph-id order.
func Outlines(font []byte, ppems []int, mode Mode, target Target) ([][]Glyph, error) {
	if err := check(font, ppems); err != nil {
		return nil, err
	}
	v, err := version(mode)
	if err != nil {
		return nil, err
	}
	pp, keep := cInts(ppems)
	var out C.ftref_i64
	var ng C.long
	var ctx C.ftref_ctx
	rc := C.ftref_outlines(&ctx, (*C.uchar)(unsafe.Pointer(&font[0])), C.long(len(font)), 0, v,
		C.FT_Int32(LoadFlags(mode, target)), pp, C.int(len(ppems)), &out, &ng)
	_ = keep
	defer C.free(unsafe.Pointer(out.p))
	if rc != 0 {
		return nil, setupErr(&ctx)
	}
	var rec []int64
	if out.n > 0 {
		rec = unsafe.Slice((*int64)(unsafe.Pointer(out.p)), int(out.n))
	}
	res := make([][]Glyph, len(ppems))
	pos := 0
	for k := range ppems {
		res[k], pos = decodeGlyphs(rec, pos, int(ng))
	}
	return res, nil
}

// decodeGlyphs reads n glyph records from rec at pos, as the C helpers
// write them (per glyph: an error code, or 0, the advance, the point and
// contour counts, the points' x,y and the contour ends), and returns them
// with the position after the last.
func decodeGlyphs(rec []int64, pos, n int) ([]Glyph, int) {
	gs := make([]Glyph, n)
	for g := range gs {
		gs[g].GID = g
		if rec[pos] != 0 {
			gs[g].Err = ErrName(int(rec[pos]))
			pos++
			continue
		}
		gs[g].Adv = rec[pos+1]
		np, nc := int(rec[pos+2]), int(rec[pos+3])
		pos += 4
		gs[g].XY = append([]int64(nil), rec[pos:pos+2*np]...)
		pos += 2 * np
		gs[g].Ends = make([]int32, nc)
		for i := range gs[g].Ends {
			gs[g].Ends[i] = int32(rec[pos+i])
		}
		pos += nc
	}
	return gs, pos
}

// Lines returns the lines of every glyph of font at ppem (see Outlines).
func Lines(font []byte, ppem int, mode Mode, target Target) ([]string, error) {
	gss, err := Outlines(font, []int{ppem}, mode, target)
	if err != nil {
		return nil, err
	}
	lines := make([]string, len(gss[0]))
	var buf []byte
	for i := range gss[0] {
		buf = gss[0][i].AppendLine(buf[:0])
		lines[i] = string(buf)
	}
	return lines, nil
}

// Time hints every glyph of font at each ppem, rounds times over, and
// returns the elapsed nanoseconds measured inside C (library and face setup
// excluded; a fresh FT_Size per round and ppem, so the CVT program runs each
// time) and the number of FT_Load_Glyph calls.
func Time(font []byte, ppems []int, mode Mode, target Target, rounds int) (ns int64, loads int64, err error) {
	if err := check(font, ppems); err != nil {
		return 0, 0, err
	}
	v, err := version(mode)
	if err != nil {
		return 0, 0, err
	}
	pp, keep := cInts(ppems)
	var cns C.longlong
	var cl C.long
	var ctx C.ftref_ctx
	rc := C.ftref_time(&ctx, (*C.uchar)(unsafe.Pointer(&font[0])), C.long(len(font)), 0, v,
		C.FT_Int32(LoadFlags(mode, target)), pp, C.int(len(ppems)), C.int(rounds), &cns, &cl)
	_ = keep
	if rc != 0 {
		return 0, 0, setupErr(&ctx)
	}
	return int64(cns), int64(cl), nil
}

// RenderMode selects FT_Render_Glyph's mode.
type RenderMode int

const (
	RenderNormal RenderMode = iota // FT_RENDER_MODE_NORMAL: 8-bit coverage
	RenderMono                     // FT_RENDER_MODE_MONO: 1 bit per pixel, MSB first
)

// Bitmap is a rendered glyph as FreeType left it in slot->bitmap,
// slot->bitmap_left and slot->bitmap_top.
type Bitmap struct {
	GID    int
	Err    string // FreeType error name from FT_Load_Glyph or FT_Render_Glyph
	Width  int    // pixels
	Rows   int
	Pitch  int // bytes per row as FreeType reports it (sign = flow)
	Left   int // bitmap_left
	Top    int // bitmap_top (y up)
	Buffer []byte
	// Buffer holds Rows rows of |Pitch| bytes, top row first.
}

// Render loads the glyphs gids of font at ppem with mode and target and
// renders them with FT_Render_Glyph in render mode.
func Render(font []byte, ppem int, mode Mode, target Target, render RenderMode, gids []int) ([]Bitmap, error) {
	if err := check(font, []int{ppem}); err != nil {
		return nil, err
	}
	v, err := version(mode)
	if err != nil {
		return nil, err
	}
	rm := C.FT_Render_Mode(C.FT_RENDER_MODE_NORMAL)
	if render == RenderMono {
		rm = C.FT_RENDER_MODE_MONO
	}
	gp, keep := cInts(gids)
	var hdr C.ftref_i32
	var pix C.ftref_u8
	var ctx C.ftref_ctx
	rc := C.ftref_render(&ctx, (*C.uchar)(unsafe.Pointer(&font[0])), C.long(len(font)), 0, v,
		C.FT_Int32(LoadFlags(mode, target)), C.int(ppem), rm, gp, C.int(len(gids)), &hdr, &pix)
	_ = keep
	defer C.free(unsafe.Pointer(hdr.p))
	defer C.free(unsafe.Pointer(pix.p))
	if rc != 0 {
		return nil, setupErr(&ctx)
	}
	var h []int32
	if hdr.n > 0 {
		h = unsafe.Slice((*int32)(unsafe.Pointer(hdr.p)), int(hdr.n))
	}
	var px []byte
	if pix.n > 0 {
		px = unsafe.Slice((*byte)(unsafe.Pointer(pix.p)), int(pix.n))
	}
	res := make([]Bitmap, len(gids))
	for i, g := range gids {
		r := h[7*i : 7*i+7]
		b := Bitmap{GID: g}
		if r[0] != 0 {
			b.Err = ErrName(int(r[0]))
		} else {
			b.Width, b.Rows, b.Pitch, b.Left, b.Top = int(r[1]), int(r[2]), int(r[3]), int(r[4]), int(r[5])
			ap := b.Pitch
			if ap < 0 {
				ap = -ap
			}
			b.Buffer = append([]byte(nil), px[int(r[6]):int(r[6])+ap*b.Rows]...)
		}
		res[i] = b
	}
	return res, nil
}
