//go:build reference

package ftref

/*
#cgo pkg-config: freetype2
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_MODULE_H
#include FT_DRIVER_H
#include FT_SIZES_H

// ftref_pedantic loads every glyph of the face at every ppem with
// FT_LOAD_PEDANTIC added to flags, on a fresh FT_Size per ppem
// (FT_Set_Pixel_Sizes), and stores FT_Load_Glyph's error of glyph g at
// ppem k in errs[k*nglyphs + g] (errs holds nppem*maxglyphs ints; the
// face's glyph count is returned in *nglyphs and must not exceed
// maxglyphs). *ns is the time spent in the size setup and the loads
// (library and face setup excluded). Returns 0, or a negative stage:
// -1 library, -2 property, -3 face, -4 size, -5 too many glyphs.
static int ftref_pedantic(const unsigned char *data, long size, unsigned int version, FT_Int32 flags,
		const int *ppems, int nppem, int *errs, long maxglyphs, long *nglyphs, long long *ns) {
	FT_Library lib;
	FT_Face face;
	if (FT_Init_FreeType(&lib)) return -1;
	if (version) {
		FT_UInt v = version;
		if (FT_Property_Set(lib, "truetype", "interpreter-version", &v)) { FT_Done_FreeType(lib); return -2; }
	}
	if (FT_New_Memory_Face(lib, data, size, 0, &face)) { FT_Done_FreeType(lib); return -3; }
	long ng = face->num_glyphs;
	*nglyphs = ng;
	if (ng > maxglyphs) { FT_Done_Face(face); FT_Done_FreeType(lib); return -5; }
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (int k = 0; k < nppem; k++) {
		FT_Size sz;
		if (FT_New_Size(face, &sz) || FT_Activate_Size(sz) || FT_Set_Pixel_Sizes(face, 0, (FT_UInt)ppems[k])) {
			FT_Done_Face(face); FT_Done_FreeType(lib); return -4;
		}
		for (long g = 0; g < ng; g++)
			errs[(long)k * ng + g] = FT_Load_Glyph(face, (FT_UInt)g, flags | FT_LOAD_PEDANTIC);
		FT_Done_Size(sz);
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	*ns = (long long)(t1.tv_sec - t0.tv_sec) * 1000000000LL + (t1.tv_nsec - t0.tv_nsec);
	FT_Done_Face(face);
	FT_Done_FreeType(lib);
	return 0;
}
*/
import "C"

import (
	"fmt"
	"unsafe"
)

// PedanticErrors loads every glyph of font (face index 0) at each ppem with
// FT_LOAD_PEDANTIC in mode and target (a fresh FT_Size per ppem, glyphs in
// increasing order) and returns FT_Load_Glyph's error code per ppem and
// glyph (0: loaded), and the nanoseconds the sizes and loads took (library
// and face setup excluded).
func PedanticErrors(font []byte, ppems []int, mode Mode, target Target, numGlyphs int) ([][]int, int64, error) {
	if err := check(font, ppems); err != nil {
		return nil, 0, err
	}
	v, err := version(mode)
	if err != nil {
		return nil, 0, err
	}
	if numGlyphs <= 0 || len(ppems) == 0 {
		return nil, 0, fmt.Errorf("ftref: no glyphs or sizes")
	}
	pp, keep := cInts(ppems)
	errs := make([]C.int, len(ppems)*numGlyphs)
	var ng C.long
	var ns C.longlong
	rc := C.ftref_pedantic((*C.uchar)(unsafe.Pointer(&font[0])), C.long(len(font)), v,
		C.FT_Int32(LoadFlags(mode, target)), pp, C.int(len(ppems)), &errs[0], C.long(numGlyphs), &ng, &ns)
	_ = keep
	if rc != 0 {
		return nil, 0, fmt.Errorf("%w: ftref_pedantic stage %d (glyphs %d, expected %d)", ErrSetup, int(rc), int(ng), numGlyphs)
	}
	n := int(ng)
	out := make([][]int, len(ppems))
	for k := range out {
		out[k] = make([]int, n)
		for g := range out[k] {
			out[k][g] = int(errs[k*n+g])
		}
	}
	return out, int64(ns), nil
}
