//go:build reference

package ftref

/*
#cgo pkg-config: freetype2
#include <stdlib.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_MULTIPLE_MASTERS_H
#include FT_TRUETYPE_TABLES_H

// ftvarsz_metrics opens a face, sets the 16.16 design coordinates with
// FT_Set_Var_Design_Coordinates (tt_apply_mvar runs there), then the
// char size, and copies face->size->metrics and the face values as
// ftrefsz_metrics does, then face->os2's version, sxHeight and
// sCapHeight (version -1 without OS/2) and face->horizontal's
// caret_Slope_Rise and caret_Slope_Run (0 if FT_Get_Sfnt_Table has no
// hhea), as tt_apply_mvar left them. It returns 0 or the failing step (1
// init, 3 face, 5 coordinates, 8 FT_Set_Char_Size) with FreeType's error
// in *err.
static int ftvarsz_metrics(const unsigned char *data, long len, const FT_Fixed *coords, int ncoords,
		long w, long h, unsigned int hres, unsigned int vres, long *m, int *err) {
	FT_Library lib = NULL;
	FT_Face face = NULL;
	int st = 0;
	FT_Error e = FT_Init_FreeType(&lib);
	if (e) { *err = e; return 1; }
	e = FT_New_Memory_Face(lib, data, len, 0, &face);
	if (e) { *err = e; st = 3; face = NULL; goto done; }
	e = FT_Set_Var_Design_Coordinates(face, (FT_UInt)ncoords, (FT_Fixed *)coords);
	if (e) { *err = e; st = 5; goto done; }
	e = FT_Set_Char_Size(face, w, h, hres, vres);
	if (e) { *err = e; st = 8; goto done; }
	FT_Size_Metrics *sm = &face->size->metrics;
	m[0] = sm->x_ppem; m[1] = sm->y_ppem; m[2] = sm->x_scale; m[3] = sm->y_scale;
	m[4] = sm->ascender; m[5] = sm->descender; m[6] = sm->height; m[7] = sm->max_advance;
	m[8] = face->units_per_EM; m[9] = face->ascender; m[10] = face->descender; m[11] = face->height;
	m[12] = face->max_advance_width;
	TT_OS2 *os2 = (TT_OS2 *)FT_Get_Sfnt_Table(face, FT_SFNT_OS2);
	m[13] = os2 ? os2->version : -1;
	m[14] = os2 ? os2->sxHeight : 0;
	m[15] = os2 ? os2->sCapHeight : 0;
	TT_HoriHeader *hhea = (TT_HoriHeader *)FT_Get_Sfnt_Table(face, FT_SFNT_HHEA);
	m[16] = hhea ? hhea->caret_Slope_Rise : 0;
	m[17] = hhea ? hhea->caret_Slope_Run : 0;
done:
	if (face) FT_Done_Face(face);
	FT_Done_FreeType(lib);
	return st;
}
*/
import "C"

import "fmt"

// VarSizeMetrics opens font (face 0), sets the 16.16 design coordinates
// design with FT_Set_Var_Design_Coordinates (which applies MVAR:
// tt_apply_mvar), then the size with FT_Set_Char_Size(face, w, h, hres,
// vres), and returns face->size->metrics, the face's values (its
// ascender, descender and height as tt_apply_mvar left them) and the
// table values tt_apply_mvar moves that fontvm exposes
// (FT_Get_Sfnt_Table(face, FT_SFNT_OS2) and (face, FT_SFNT_HHEA)).
func VarSizeMetrics(font []byte, design []int64, w, h int64, hres, vres uint32) (SizeMetrics, FaceValues, VarTableValues, error) {
	if len(font) == 0 || len(design) == 0 {
		return SizeMetrics{}, FaceValues{}, VarTableValues{}, fmt.Errorf("ftref: empty font or coordinates")
	}
	cdata := C.CBytes(font)
	defer C.free(cdata)
	cp, _ := cFixed(design)
	var m [18]C.long
	var e C.int
	st := C.ftvarsz_metrics((*C.uchar)(cdata), C.long(len(font)), cp, C.int(len(design)),
		C.long(w), C.long(h), C.uint(hres), C.uint(vres), &m[0], &e)
	if st != 0 {
		return SizeMetrics{}, FaceValues{}, VarTableValues{}, varErr(st, e)
	}
	return SizeMetrics{XPPEM: int(m[0]), YPPEM: int(m[1]), XScale: int64(m[2]), YScale: int64(m[3]),
			Ascender: int64(m[4]), Descender: int64(m[5]), Height: int64(m[6]), MaxAdvance: int64(m[7])},
		FaceValues{UnitsPerEm: int(m[8]), Ascender: int(m[9]), Descender: int(m[10]), Height: int(m[11]), MaxAdvanceWidth: int(m[12])},
		VarTableValues{OS2Version: int(m[13]), XHeight: int(m[14]), CapHeight: int(m[15]),
			CaretSlopeRise: int(m[16]), CaretSlopeRun: int(m[17])},
		nil
}

// VarTableValues are the face's table values that tt_apply_mvar moves
// and fontvm exposes, in font units: face->os2's version (-1 for a face
// without OS/2), sxHeight and sCapHeight (0 below version 2), and
// face->horizontal's caret_Slope_Rise and caret_Slope_Run.
type VarTableValues struct {
	OS2Version, XHeight, CapHeight int
	CaretSlopeRise, CaretSlopeRun  int
}
