//go:build reference

package ftcmap

/*
#cgo pkg-config: freetype2
#include <stdlib.h>
#include <stdint.h>
#include <ft2build.h>
#include FT_FREETYPE_H

typedef struct {
	int err;          // FreeType error of FT_Init_FreeType / FT_New_Memory_Face
	int num_charmaps;
	int selected;     // index of face->charmap, -1 if none
	long num_glyphs;
} ftcmap_info;

// ftcmap_run opens font and fills info, the charmaps' (platform, encoding)
// pairs (2 per charmap, at most 2*max_maps) and out[i] = FT_Get_Char_Index
// of codes[i] with the default charmap.
static void ftcmap_run(const unsigned char *font, long len, const uint32_t *codes, long n,
                       uint32_t *out, int *maps, int max_maps, ftcmap_info *info) {
	FT_Library lib;
	FT_Face face;
	info->selected = -1;
	info->err = FT_Init_FreeType(&lib);
	if (info->err) return;
	info->err = FT_New_Memory_Face(lib, font, len, 0, &face);
	if (info->err) { FT_Done_FreeType(lib); return; }
	info->num_charmaps = face->num_charmaps;
	info->num_glyphs = face->num_glyphs;
	for (int i = 0; i < face->num_charmaps && i < max_maps; i++) {
		maps[2*i] = face->charmaps[i]->platform_id;
		maps[2*i+1] = face->charmaps[i]->encoding_id;
		if (face->charmaps[i] == face->charmap) info->selected = i;
	}
	for (long i = 0; i < n; i++) out[i] = FT_Get_Char_Index(face, codes[i]);
	FT_Done_Face(face);
	FT_Done_FreeType(lib);
}
*/
import "C"

import (
	"fmt"
	"unsafe"
)

// A Charmap is one charmap FreeType built from the cmap table.
type Charmap struct{ PlatformID, EncodingID int }

// Result is what FreeType reports for a font.
type Result struct {
	NumGlyphs int
	Charmaps  []Charmap // in FreeType's order (cmap table order)
	Selected  int       // index into Charmaps of the default charmap, -1 if none
	Glyphs    []uint32  // FT_Get_Char_Index of each code
}

// Lookup opens font with FreeType and looks codes up with the default
// charmap FT_New_Memory_Face selects.
func Lookup(font []byte, codes []uint32) (*Result, error) {
	if len(font) == 0 {
		return nil, fmt.Errorf("ftcmap: empty font")
	}
	cfont := C.CBytes(font)
	defer C.free(cfont)
	n := len(codes)
	ccodes := (*C.uint32_t)(C.malloc(C.size_t(4 * (n + 1))))
	defer C.free(unsafe.Pointer(ccodes))
	cout := (*C.uint32_t)(C.malloc(C.size_t(4 * (n + 1))))
	defer C.free(unsafe.Pointer(cout))
	in := unsafe.Slice((*uint32)(unsafe.Pointer(ccodes)), n+1)
	copy(in, codes)
	const maxMaps = 1024
	cmaps := (*C.int)(C.malloc(C.size_t(4 * 2 * maxMaps)))
	defer C.free(unsafe.Pointer(cmaps))
	var info C.ftcmap_info
	C.ftcmap_run((*C.uchar)(cfont), C.long(len(font)), ccodes, C.long(n), cout, cmaps, maxMaps, &info)
	if info.err != 0 {
		return nil, fmt.Errorf("ftcmap: FreeType error 0x%x", int(info.err))
	}
	r := &Result{NumGlyphs: int(info.num_glyphs), Selected: int(info.selected)}
	maps := unsafe.Slice((*C.int)(unsafe.Pointer(cmaps)), 2*maxMaps)
	for i := 0; i < int(info.num_charmaps) && i < maxMaps; i++ {
		r.Charmaps = append(r.Charmaps, Charmap{int(maps[2*i]), int(maps[2*i+1])})
	}
	out := unsafe.Slice((*uint32)(unsafe.Pointer(cout)), n+1)
	r.Glyphs = append([]uint32(nil), out[:n]...)
	return r, nil
}
