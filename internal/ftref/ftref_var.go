//go:build reference

package ftref

/*
#cgo pkg-config: freetype2
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <time.h>
#include <ft2build.h>
#include FT_SIZES_H
#include FT_FREETYPE_H
#include FT_MODULE_H
#include FT_DRIVER_H
#include FT_MULTIPLE_MASTERS_H

typedef struct {
	int64_t *p;
	size_t n, cap;
} ftvar_i64;

static int ftvar_grow(ftvar_i64 *b, size_t more) {
	if (b->n + more <= b->cap) return 0;
	size_t c = b->cap ? b->cap : 4096;
	while (c < b->n + more) c *= 2;
	int64_t *q = realloc(b->p, c * sizeof(int64_t));
	if (!q) return -1;
	b->p = q;
	b->cap = c;
	return 0;
}

// ftvar_open opens a face and, when ncoords >= 0, sets the design
// coordinates with FT_Set_Var_Design_Coordinates (16.16). It returns a
// stage number on failure (1 init, 2 property, 3 face, 4 MM var, 5 set
// coordinates) with the FreeType error in *err.
static int ftvar_open(FT_Library *lib, FT_Face *face, const unsigned char *data, long size,
		unsigned int version, const FT_Fixed *coords, int ncoords, int *err) {
	*lib = NULL; *face = NULL;
	FT_Error e = FT_Init_FreeType(lib);
	if (e) { *err = e; *lib = NULL; return 1; }
	if (version) {
		FT_UInt v = version;
		e = FT_Property_Set(*lib, "truetype", "interpreter-version", &v);
		if (e) { *err = e; return 2; }
	}
	e = FT_New_Memory_Face(*lib, data, size, 0, face);
	if (e) { *err = e; *face = NULL; return 3; }
	if (ncoords >= 0) {
		e = FT_Set_Var_Design_Coordinates(*face, (FT_UInt)ncoords, (FT_Fixed *)coords);
		if (e) { *err = e; return 5; }
	}
	return 0;
}

static void ftvar_close(FT_Library lib, FT_Face face) {
	if (face) FT_Done_Face(face);
	if (lib) FT_Done_FreeType(lib);
}

// ftvar_blend returns the normalized coordinates FreeType keeps after
// setting the design coordinates.
static int ftvar_blend(const unsigned char *data, long size, const FT_Fixed *coords, int ncoords,
		FT_Fixed *out, int *err) {
	FT_Library lib; FT_Face face;
	int st = ftvar_open(&lib, &face, data, size, 0, coords, ncoords, err);
	if (!st) {
		FT_Error e = FT_Get_Var_Blend_Coordinates(face, (FT_UInt)ncoords, out);
		if (e) { *err = e; st = 6; }
	}
	ftvar_close(lib, face);
	return st;
}

// ftvar_linear loads every glyph unscaled and unhinted and records
// linearHoriAdvance (font units: hmtx plus HVAR, or the varied phantom
// points).
static int ftvar_linear(const unsigned char *data, long size, const FT_Fixed *coords, int ncoords,
		ftvar_i64 *out, int *err) {
	FT_Library lib; FT_Face face;
	int st = ftvar_open(&lib, &face, data, size, 0, coords, ncoords, err);
	if (!st) {
		for (long g = 0; g < face->num_glyphs; g++) {
			if (ftvar_grow(out, 2)) { st = 7; break; }
			FT_Error e = FT_Load_Glyph(face, (FT_UInt)g, FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP | FT_LOAD_LINEAR_DESIGN);
			out->p[out->n++] = e;
			out->p[out->n++] = e ? 0 : face->glyph->linearHoriAdvance;
		}
	}
	ftvar_close(lib, face);
	return st;
}

// ftvar_outlines sets the coordinates, then the char size (26.6 points at
// dpi x dpi), and loads every glyph with flags in glyph order; records as
// ftref_outlines's: err, adv, npts, ncont, x0, y0, ..., ends... With
// vertical, flags get FT_LOAD_VERTICAL_LAYOUT and adv (then
// metrics.horiAdvance: advance.x is 0) is followed by advance.x,
// advance.y, metrics.vertAdvance, metrics.vertBearingY and
// linearVertAdvance.
static int ftvar_outlines(const unsigned char *data, long size, unsigned int version,
		const FT_Fixed *coords, int ncoords, long charSize, int dpiX, int dpiY, FT_Int32 flags,
		int vertical, ftvar_i64 *out, long *nglyphs, int *err) {
	FT_Library lib; FT_Face face;
	int st = ftvar_open(&lib, &face, data, size, version, coords, ncoords, err);
	if (st) { ftvar_close(lib, face); return st; }
	FT_Error e = FT_Set_Char_Size(face, 0, charSize, dpiX, dpiY);
	if (e) { *err = e; ftvar_close(lib, face); return 8; }
	*nglyphs = face->num_glyphs;
	if (vertical) flags |= FT_LOAD_VERTICAL_LAYOUT;
	for (long g = 0; g < face->num_glyphs; g++) {
		e = FT_Load_Glyph(face, (FT_UInt)g, flags);
		if (e) {
			if (ftvar_grow(out, 1)) { st = 7; break; }
			out->p[out->n++] = e;
			continue;
		}
		FT_GlyphSlot s = face->glyph;
		FT_Outline *o = &s->outline;
		size_t need = (vertical ? 9 : 4) + 2 * (size_t)o->n_points + (size_t)o->n_contours;
		if (ftvar_grow(out, need)) { st = 7; break; }
		int64_t *p = out->p + out->n;
		*p++ = 0;
		if (vertical) {
			*p++ = s->metrics.horiAdvance;
			*p++ = s->advance.x;
			*p++ = s->advance.y;
			*p++ = s->metrics.vertAdvance;
			*p++ = s->metrics.vertBearingY;
			*p++ = s->linearVertAdvance;
		} else {
			*p++ = s->advance.x;
		}
		*p++ = o->n_points;
		*p++ = o->n_contours;
		for (int i = 0; i < o->n_points; i++) { *p++ = o->points[i].x; *p++ = o->points[i].y; }
		for (int i = 0; i < o->n_contours; i++) *p++ = o->contours[i];
		out->n += need;
	}
	ftvar_close(lib, face);
	return st;
}

// ftvar_time sets the coordinates once, then per round and ppem makes a
// fresh size (FT_New_Size, FT_Activate_Size, FT_Set_Pixel_Sizes: prep runs
// on the first load) and loads every glyph; returns the nanoseconds of the
// rounds (library, face and coordinates setup excluded).
static int ftvar_time(const unsigned char *data, long size, unsigned int version,
		const FT_Fixed *coords, int ncoords, FT_Int32 flags, const int *ppems, int nppem, int rounds,
		long long *ns, long *loads, int *err) {
	FT_Library lib; FT_Face face;
	int st = ftvar_open(&lib, &face, data, size, version, coords, ncoords, err);
	if (st) { ftvar_close(lib, face); return st; }
	long ng = face->num_glyphs, n = 0;
	volatile long sink = 0;
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (int r = 0; r < rounds; r++) {
		for (int k = 0; k < nppem; k++) {
			FT_Size sz = NULL;
			if (FT_New_Size(face, &sz) || FT_Activate_Size(sz) || FT_Set_Pixel_Sizes(face, 0, (FT_UInt)ppems[k])) {
				ftvar_close(lib, face);
				return 8;
			}
			for (long g = 0; g < ng; g++) {
				if (FT_Load_Glyph(face, (FT_UInt)g, flags) == 0) sink += face->glyph->outline.n_points;
				n++;
			}
			FT_Done_Size(sz);
		}
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	*ns = (long long)(t1.tv_sec - t0.tv_sec) * 1000000000LL + (t1.tv_nsec - t0.tv_nsec);
	*loads = n;
	ftvar_close(lib, face);
	return 0;
}
*/
import "C"

import (
	"fmt"
	"unsafe"
)

var varStage = map[C.int]string{
	1: "FT_Init_FreeType", 2: "FT_Property_Set(interpreter-version)", 3: "FT_New_Memory_Face",
	5: "FT_Set_Var_Design_Coordinates", 6: "FT_Get_Var_Blend_Coordinates", 7: "malloc", 8: "FT_Set_Char_Size",
}

// ErrVarCoords is wrapped by the error FT_Set_Var_Design_Coordinates gives.
var ErrVarCoords = fmt.Errorf("%w: FT_Set_Var_Design_Coordinates failed", ErrSetup)

// varErr turns the C helper's failing step st and FreeType error e into
// an error: ErrVarCoords when the variation call failed (step 5), else
// ErrSetup naming the step.
func varErr(st C.int, e C.int) error {
	if st == 5 {
		return fmt.Errorf("%w: %s", ErrVarCoords, ErrName(int(e)))
	}
	return fmt.Errorf("%w: %s: %s", ErrSetup, varStage[st], ErrName(int(e)))
}

// cFixed copies 16.16 design coordinates into a C array of FT_Fixed; the
// returned slice keeps it alive for the call.
func cFixed(design []int64) (*C.FT_Fixed, []C.FT_Fixed) {
	cs := make([]C.FT_Fixed, len(design)+1)
	for i, x := range design {
		cs[i] = C.FT_Fixed(x)
	}
	return &cs[0], cs
}

// VarBlend sets the 16.16 design coordinates design (one per axis) with
// FT_Set_Var_Design_Coordinates and returns FreeType's normalized 16.16
// coordinates (FT_Get_Var_Blend_Coordinates).
func VarBlend(font []byte, design []int64) ([]int64, error) {
	if len(font) == 0 || len(design) == 0 {
		return nil, fmt.Errorf("ftref: empty font or coordinates")
	}
	cp, keep := cFixed(design)
	out := make([]C.FT_Fixed, len(design))
	var e C.int
	st := C.ftvar_blend((*C.uchar)(unsafe.Pointer(&font[0])), C.long(len(font)), cp, C.int(len(design)), &out[0], &e)
	_ = keep
	if st != 0 {
		return nil, varErr(st, e)
	}
	res := make([]int64, len(out))
	for i, x := range out {
		res[i] = int64(x)
	}
	return res, nil
}

// VarLinearAdvances returns every glyph's linearHoriAdvance in font units
// (FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING) at design, and FreeType's error
// code per glyph (0 when it loaded).
func VarLinearAdvances(font []byte, design []int64) (adv []int64, errs []int, err error) {
	if len(font) == 0 || len(design) == 0 {
		return nil, nil, fmt.Errorf("ftref: empty font or coordinates")
	}
	cp, keep := cFixed(design)
	var out C.ftvar_i64
	var e C.int
	st := C.ftvar_linear((*C.uchar)(unsafe.Pointer(&font[0])), C.long(len(font)), cp, C.int(len(design)), &out, &e)
	_ = keep
	defer C.free(unsafe.Pointer(out.p))
	if st != 0 {
		return nil, nil, varErr(st, e)
	}
	rec := unsafe.Slice((*int64)(unsafe.Pointer(out.p)), int(out.n))
	for i := 0; i+1 < len(rec); i += 2 {
		errs = append(errs, int(rec[i]))
		adv = append(adv, rec[i+1])
	}
	return adv, errs, nil
}

// VarOutlines loads every glyph of font at the 16.16 design coordinates
// design (nil: no FT_Set_Var_Design_Coordinates call) and the char size
// charSize (26.6 points) at dpiX × dpiY, as ftpoints2 does: coordinates
// first, then FT_Set_Char_Size, then the glyphs in order.
func VarOutlines(font []byte, design []int64, charSize int64, dpiX, dpiY int, mode Mode, target Target) ([]Glyph, error) {
	var gs []Glyph
	err := varLoad(font, design, charSize, dpiX, dpiY, mode, target, false, func(rec []int64, n int) {
		gs, _ = decodeGlyphs(rec, 0, n)
	})
	return gs, err
}

// varLoad runs ftvar_outlines (vertical: with FT_LOAD_VERTICAL_LAYOUT
// and the vertical metrics in the records) for VarOutlines and
// VarVertical, and hands decode the records and the glyph count.
func varLoad(font []byte, design []int64, charSize int64, dpiX, dpiY int, mode Mode, target Target, vertical bool, decode func(rec []int64, n int)) error {
	if len(font) == 0 {
		return fmt.Errorf("ftref: empty font")
	}
	v, err := version(mode)
	if err != nil {
		return err
	}
	n := -1
	var cp *C.FT_Fixed
	var keep []C.FT_Fixed
	if design != nil {
		n = len(design)
		cp, keep = cFixed(design)
	}
	var vert C.int
	if vertical {
		vert = 1
	}
	var out C.ftvar_i64
	var ng C.long
	var e C.int
	st := C.ftvar_outlines((*C.uchar)(unsafe.Pointer(&font[0])), C.long(len(font)), v, cp, C.int(n),
		C.long(charSize), C.int(dpiX), C.int(dpiY), C.FT_Int32(LoadFlags(mode, target)), vert, &out, &ng, &e)
	_ = keep
	defer C.free(unsafe.Pointer(out.p))
	if st != 0 {
		return varErr(st, e)
	}
	var rec []int64
	if out.n > 0 {
		rec = unsafe.Slice((*int64)(unsafe.Pointer(out.p)), int(out.n))
	}
	decode(rec, int(ng))
	return nil
}

// VarTime is Time at the 16.16 design coordinates design (set once, with
// FT_Set_Var_Design_Coordinates): every glyph at each ppem, rounds times,
// a fresh FT_Size per round and ppem; nanoseconds measured inside C and
// the number of FT_Load_Glyph calls.
func VarTime(font []byte, design []int64, ppems []int, mode Mode, target Target, rounds int) (ns int64, loads int64, err error) {
	if err := check(font, ppems); err != nil {
		return 0, 0, err
	}
	if len(design) == 0 {
		return 0, 0, fmt.Errorf("ftref: no coordinates")
	}
	v, err := version(mode)
	if err != nil {
		return 0, 0, err
	}
	pp, keepP := cInts(ppems)
	cp, keepC := cFixed(design)
	var cns C.longlong
	var cl C.long
	var e C.int
	st := C.ftvar_time((*C.uchar)(unsafe.Pointer(&font[0])), C.long(len(font)), v, cp, C.int(len(design)),
		C.FT_Int32(LoadFlags(mode, target)), pp, C.int(len(ppems)), C.int(rounds), &cns, &cl, &e)
	_, _ = keepP, keepC
	if st != 0 {
		return 0, 0, varErr(st, e)
	}
	return int64(cns), int64(cl), nil
}

// SetVarDesign sets the 16.16 design coordinates of an open SizedFace
// (FT_Set_Var_Design_Coordinates on its face, after its size was set:
// FreeType then re-runs prep with the varied CVT at the next load).
func (f *SizedFace) SetVarDesign(design []int64) error {
	if len(design) == 0 {
		return fmt.Errorf("ftref: no coordinates")
	}
	cp, keep := cFixed(design)
	e := C.FT_Set_Var_Design_Coordinates(f.s.face, C.FT_UInt(len(design)), cp)
	_ = keep
	if e != 0 {
		return fmt.Errorf("%w: %s", ErrVarCoords, ErrName(int(e)))
	}
	return nil
}
