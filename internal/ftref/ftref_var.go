//go:build reference

package ftref

/*
#cgo pkg-config: freetype2
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <ft2build.h>
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
// ftref_outlines's: err, adv, npts, ncont, x0, y0, ..., ends...
static int ftvar_outlines(const unsigned char *data, long size, unsigned int version,
		const FT_Fixed *coords, int ncoords, long charSize, int dpiX, int dpiY, FT_Int32 flags,
		ftvar_i64 *out, long *nglyphs, int *err) {
	FT_Library lib; FT_Face face;
	int st = ftvar_open(&lib, &face, data, size, version, coords, ncoords, err);
	if (st) { ftvar_close(lib, face); return st; }
	FT_Error e = FT_Set_Char_Size(face, 0, charSize, dpiX, dpiY);
	if (e) { *err = e; ftvar_close(lib, face); return 8; }
	*nglyphs = face->num_glyphs;
	for (long g = 0; g < face->num_glyphs; g++) {
		e = FT_Load_Glyph(face, (FT_UInt)g, flags);
		if (e) {
			if (ftvar_grow(out, 1)) { st = 7; break; }
			out->p[out->n++] = e;
			continue;
		}
		FT_GlyphSlot s = face->glyph;
		FT_Outline *o = &s->outline;
		size_t need = 4 + 2 * (size_t)o->n_points + (size_t)o->n_contours;
		if (ftvar_grow(out, need)) { st = 7; break; }
		int64_t *p = out->p + out->n;
		*p++ = 0;
		*p++ = s->advance.x;
		*p++ = o->n_points;
		*p++ = o->n_contours;
		for (int i = 0; i < o->n_points; i++) { *p++ = o->points[i].x; *p++ = o->points[i].y; }
		for (int i = 0; i < o->n_contours; i++) *p++ = o->contours[i];
		out->n += need;
	}
	ftvar_close(lib, face);
	return st;
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

func varErr(st C.int, e C.int) error {
	if st == 5 {
		return fmt.Errorf("%w: %s", ErrVarCoords, ErrName(int(e)))
	}
	return fmt.Errorf("%w: %s: %s", ErrSetup, varStage[st], ErrName(int(e)))
}

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
	if len(font) == 0 {
		return nil, fmt.Errorf("ftref: empty font")
	}
	v, err := version(mode)
	if err != nil {
		return nil, err
	}
	n := -1
	var cp *C.FT_Fixed
	var keep []C.FT_Fixed
	if design != nil {
		n = len(design)
		cp, keep = cFixed(design)
	}
	var out C.ftvar_i64
	var ng C.long
	var e C.int
	st := C.ftvar_outlines((*C.uchar)(unsafe.Pointer(&font[0])), C.long(len(font)), v, cp, C.int(n),
		C.long(charSize), C.int(dpiX), C.int(dpiY), C.FT_Int32(LoadFlags(mode, target)), &out, &ng, &e)
	_ = keep
	defer C.free(unsafe.Pointer(out.p))
	if st != 0 {
		return nil, varErr(st, e)
	}
	var rec []int64
	if out.n > 0 {
		rec = unsafe.Slice((*int64)(unsafe.Pointer(out.p)), int(out.n))
	}
	gs := make([]Glyph, int(ng))
	pos := 0
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
	return gs, nil
}
