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
#include FT_SIZES_H

// ftref_rtime_run loads and renders (flags include FT_LOAD_RENDER) every
// code point of cps at every ppem, rounds times over, on one FT_Size per
// ppem made beforehand and warmed by one untimed pass. It returns the
// nanoseconds of the timed rounds, the glyph count and the failed loads;
// status < 0 reports a setup failure (FreeType error in *err).
static int ftref_rtime_run(const unsigned char *data, long size, unsigned int version, FT_Int32 flags,
		const int *ppems, int nppem, const unsigned int *cps, int ncp, int rounds,
		long long *ns, long *glyphs, long *failed, int *err) {
	FT_Library lib = NULL;
	FT_Face face = NULL;
	FT_Size sizes[16];
	int rc = -1;
	if (nppem > 16) { *err = -1; return -1; }
	FT_Error e = FT_Init_FreeType(&lib);
	if (e) { *err = e; return -1; }
	if (version) {
		FT_UInt v = version;
		e = FT_Property_Set(lib, "truetype", "interpreter-version", &v);
		if (e) goto out;
	}
	e = FT_New_Memory_Face(lib, data, size, 0, &face);
	if (e) { face = NULL; goto out; }
	for (int k = 0; k < nppem; k++) {
		e = FT_New_Size(face, &sizes[k]);
		if (!e) e = FT_Activate_Size(sizes[k]);
		if (!e) e = FT_Set_Pixel_Sizes(face, 0, (FT_UInt)ppems[k]);
		if (e) goto out;
		for (int i = 0; i < ncp; i++) FT_Load_Glyph(face, FT_Get_Char_Index(face, cps[i]), flags);
	}
	struct timespec t0, t1;
	long n = 0, bad = 0;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (int r = 0; r < rounds; r++) {
		for (int k = 0; k < nppem; k++) {
			FT_Activate_Size(sizes[k]);
			for (int i = 0; i < ncp; i++) {
				if (FT_Load_Glyph(face, FT_Get_Char_Index(face, cps[i]), flags)) bad++;
			}
			n += ncp;
		}
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	*ns = (long long)(t1.tv_sec - t0.tv_sec) * 1000000000LL + (t1.tv_nsec - t0.tv_nsec);
	*glyphs = n;
	*failed = bad;
	rc = 0;
out:
	*err = e;
	if (face) FT_Done_Face(face);
	FT_Done_FreeType(lib);
	return rc;
}
*/
import "C"

import (
	"fmt"
	"unsafe"
)

// TimeRender loads and renders (FT_Load_Glyph with FT_LOAD_RENDER and
// LoadFlags(mode, target): FT_RENDER_MODE_NORMAL for target normal,
// MONO for target mono) every code point of cps, mapped by
// FT_Get_Char_Index, at each ppem (at most 16), rounds times over, on one
// FT_Size per ppem set up and warmed beforehand. It returns the
// nanoseconds of the rounds measured inside C (library, face and size
// setup and the warm-up pass excluded), the number of glyphs and of
// failed loads.
func TimeRender(font []byte, ppems []int, mode Mode, target Target, cps []rune, rounds int) (ns, glyphs, failed int64, err error) {
	if err := check(font, ppems); err != nil {
		return 0, 0, 0, err
	}
	if len(ppems) > 16 || len(cps) == 0 {
		return 0, 0, 0, fmt.Errorf("ftref: TimeRender: %d ppems (at most 16), %d code points", len(ppems), len(cps))
	}
	v, err := version(mode)
	if err != nil {
		return 0, 0, 0, err
	}
	pp, keep := cInts(ppems)
	cp := make([]C.uint, len(cps))
	for i, r := range cps {
		cp[i] = C.uint(r)
	}
	var cns C.longlong
	var cg, cf C.long
	var ce C.int
	rc := C.ftref_rtime_run((*C.uchar)(unsafe.Pointer(&font[0])), C.long(len(font)), v,
		C.FT_Int32(LoadFlags(mode, target)|C.FT_LOAD_RENDER), pp, C.int(len(ppems)), &cp[0], C.int(len(cp)),
		C.int(rounds), &cns, &cg, &cf, &ce)
	_ = keep
	if rc != 0 {
		return 0, 0, 0, fmt.Errorf("ftref: TimeRender setup: FreeType error %s", ErrName(int(ce)))
	}
	return int64(cns), int64(cg), int64(cf), nil
}
