//go:build reference

package ftref

/*
#cgo pkg-config: freetype2
#include <stdlib.h>
#include <stdint.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_MODULE_H
#include FT_DRIVER_H
#include FT_MULTIPLE_MASTERS_H

typedef struct {
	int64_t *p;
	size_t n, cap;
} ftvert_i64;

static int ftvert_grow(ftvert_i64 *b, size_t more) {
	if (b->n + more <= b->cap) return 0;
	size_t c = b->cap ? b->cap : 4096;
	while (c < b->n + more) c *= 2;
	int64_t *q = realloc(b->p, c * sizeof(int64_t));
	if (!q) return -1;
	b->p = q;
	b->cap = c;
	return 0;
}

// ftvert_outlines is ftvar_outlines (interpreter version, design
// coordinates with FT_Set_Var_Design_Coordinates unless ncoords < 0,
// FT_Set_Char_Size, every glyph in order) with flags | FT_LOAD_VERTICAL_LAYOUT;
// per glyph: err, metrics.horiAdvance, advance.x, advance.y,
// metrics.vertAdvance, metrics.vertBearingY, linearVertAdvance, npts,
// ncont, x0, y0, ..., ends... It returns 0 or the failing step (as
// ftvar_outlines) with FreeType's error in *err.
static int ftvert_outlines(const unsigned char *data, long size, unsigned int version,
		const FT_Fixed *coords, int ncoords, long charSize, int dpi, FT_Int32 flags,
		ftvert_i64 *out, long *nglyphs, int *err) {
	FT_Library lib = NULL;
	FT_Face face = NULL;
	int st = 0;
	FT_Error e = FT_Init_FreeType(&lib);
	if (e) { *err = e; return 1; }
	if (version) {
		FT_UInt v = version;
		e = FT_Property_Set(lib, "truetype", "interpreter-version", &v);
		if (e) { *err = e; st = 2; goto done; }
	}
	e = FT_New_Memory_Face(lib, data, size, 0, &face);
	if (e) { *err = e; face = NULL; st = 3; goto done; }
	if (ncoords >= 0) {
		e = FT_Set_Var_Design_Coordinates(face, (FT_UInt)ncoords, (FT_Fixed *)coords);
		if (e) { *err = e; st = 5; goto done; }
	}
	e = FT_Set_Char_Size(face, 0, charSize, dpi, dpi);
	if (e) { *err = e; st = 8; goto done; }
	*nglyphs = face->num_glyphs;
	for (long g = 0; g < face->num_glyphs; g++) {
		e = FT_Load_Glyph(face, (FT_UInt)g, flags | FT_LOAD_VERTICAL_LAYOUT);
		if (e) {
			if (ftvert_grow(out, 1)) { st = 7; break; }
			out->p[out->n++] = e;
			continue;
		}
		FT_GlyphSlot s = face->glyph;
		FT_Outline *o = &s->outline;
		size_t need = 9 + 2 * (size_t)o->n_points + (size_t)o->n_contours;
		if (ftvert_grow(out, need)) { st = 7; break; }
		int64_t *p = out->p + out->n;
		*p++ = 0;
		*p++ = s->metrics.horiAdvance;
		*p++ = s->advance.x;
		*p++ = s->advance.y;
		*p++ = s->metrics.vertAdvance;
		*p++ = s->metrics.vertBearingY;
		*p++ = s->linearVertAdvance;
		*p++ = o->n_points;
		*p++ = o->n_contours;
		for (int i = 0; i < o->n_points; i++) { *p++ = o->points[i].x; *p++ = o->points[i].y; }
		for (int i = 0; i < o->n_contours; i++) *p++ = o->contours[i];
		out->n += need;
	}
done:
	if (face) FT_Done_Face(face);
	FT_Done_FreeType(lib);
	return st;
}
*/
import "C"

import (
	"fmt"
	"unsafe"
)

// A VertGlyph is a glyph FreeType loaded with FT_LOAD_VERTICAL_LAYOUT:
// its outline and horizontal advance as Glyph holds them (Adv is
// metrics.horiAdvance: advance.x is 0 in vertical layout) and the
// vertical metrics compute_glyph_metrics and FT_Load_Glyph derive from
// the loader's phantom points pp3 and pp4.
type VertGlyph struct {
	Glyph
	AdvX, AdvY   int64 // slot->advance (x 0; y = metrics.vertAdvance), 26.6
	VertAdvance  int64 // metrics.vertAdvance, 26.6 (rounded when hinting)
	VertBearingY int64 // metrics.vertBearingY, 26.6 (floored when hinting)
	LinearVert   int64 // linearVertAdvance, 16.16 pixels
}

// VarVertical loads every glyph of font as VarOutlines does (16.16
// design coordinates design, nil for none; char size charSize in 26.6
// points at dpi × dpi; mode and target) with FT_LOAD_VERTICAL_LAYOUT
// added to the load flags, and returns the outlines with the vertical
// metrics.
func VarVertical(font []byte, design []int64, charSize int64, dpi int, mode Mode, target Target) ([]VertGlyph, error) {
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
	var out C.ftvert_i64
	var ng C.long
	var e C.int
	st := C.ftvert_outlines((*C.uchar)(unsafe.Pointer(&font[0])), C.long(len(font)), v, cp, C.int(n),
		C.long(charSize), C.int(dpi), C.FT_Int32(LoadFlags(mode, target)), &out, &ng, &e)
	_ = keep
	defer C.free(unsafe.Pointer(out.p))
	if st != 0 {
		return nil, varErr(st, e)
	}
	var rec []int64
	if out.n > 0 {
		rec = unsafe.Slice((*int64)(unsafe.Pointer(out.p)), int(out.n))
	}
	gs := make([]VertGlyph, int(ng))
	pos := 0
	for g := range gs {
		vg := &gs[g]
		vg.GID = g
		if rec[pos] != 0 {
			vg.Err = ErrName(int(rec[pos]))
			pos++
			continue
		}
		vg.Adv, vg.AdvX, vg.AdvY = rec[pos+1], rec[pos+2], rec[pos+3]
		vg.VertAdvance, vg.VertBearingY, vg.LinearVert = rec[pos+4], rec[pos+5], rec[pos+6]
		np, nc := int(rec[pos+7]), int(rec[pos+8])
		pos += 9
		vg.XY = append([]int64(nil), rec[pos:pos+2*np]...)
		pos += 2 * np
		vg.Ends = make([]int32, nc)
		for i := range vg.Ends {
			vg.Ends[i] = int32(rec[pos+i])
		}
		pos += nc
	}
	return gs, nil
}
