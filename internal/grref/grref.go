//go:build reference

package grref

/*
#cgo pkg-config: graphite2
#define _GNU_SOURCE
#include <stdbool.h>
#include <stdio.h>
#include <graphite2/Font.h>
#include <graphite2/Log.h>
#include <graphite2/Segment.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <unistd.h>
#include <sys/mman.h>

// An in-memory font as graphite2's FileFace sees a file: the whole file,
// its 12-byte offset table and its table directory (NULL when the
// directory could not be read, which makes FileFace refuse the font).
typedef struct {
	const unsigned char *data;
	size_t len;
	unsigned int num_tables;
	const unsigned char *dir;
} grref_mem;

static unsigned int grref_u16(const unsigned char *p) { return (p[0] << 8) | p[1]; }
static unsigned int grref_u32(const unsigned char *p) {
	return ((unsigned int)p[0] << 24) | (p[1] << 16) | (p[2] << 8) | p[3];
}

// grref_mem_init mirrors FileFace's constructor and operator bool: the
// offset table must be readable and have sfnt version 0x00010000
// (TtfUtil::CheckHeader), and numTables*16 directory bytes must follow it.
static int grref_mem_init(grref_mem *m, const unsigned char *data, size_t len) {
	m->data = data;
	m->len = len;
	m->dir = NULL;
	m->num_tables = 0;
	if (len < 12) return 0;
	if (grref_u32(data) != 0x00010000) return 0;
	m->num_tables = grref_u16(data + 4);
	if ((size_t)m->num_tables * 16 > len - 12) return 0;
	m->dir = data + 12;
	return 1;
}

// grref_get_table mirrors FileFace::get_table_fn with TtfUtil::GetTableInfo:
// at most 40 directory entries are searched (more: no table at all), the
// first entry with the tag wins, and the table must lie inside the file.
// The table is returned in place (FileFace returns a copy of the same bytes).
static const void *grref_get_table(const void *h, unsigned int name, size_t *len) {
	const grref_mem *m = (const grref_mem *)h;
	if (!m || !m->dir || m->num_tables > 40) return NULL;
	for (unsigned int i = 0; i < m->num_tables; i++) {
		const unsigned char *e = m->dir + 16 * i;
		if (grref_u32(e) != name) continue;
		size_t off = grref_u32(e + 8), l = grref_u32(e + 12);
		if (off > m->len || l > m->len - off) return NULL;
		if (len) *len = l;
		return m->data + off;
	}
	return NULL;
}

static gr_face *grref_make_face(grref_mem *m, unsigned int opts) {
	gr_face_ops ops;
	memset(&ops, 0, sizeof ops);
	ops.size = sizeof ops;
	ops.get_table = grref_get_table;
	ops.release_table = NULL;
	return gr_make_face_with_ops(m, &ops, opts);
}

// grref_file_accepts runs the exact gr2fonttest path, gr_make_file_face,
// on an anonymous in-memory file (memfd) holding the bytes.
static int grref_file_accepts(const unsigned char *data, size_t len, unsigned int opts) {
	int fd = memfd_create("grref", 0);
	if (fd < 0) return -1;
	size_t done = 0;
	while (done < len) {
		ssize_t n = write(fd, data + done, len - done);
		if (n <= 0) { close(fd); return -1; }
		done += (size_t)n;
	}
	char path[64];
	snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
	gr_face *f = gr_make_file_face(path, opts);
	close(fd);
	if (!f) return 0;
	gr_face_destroy(f);
	return 1;
}

typedef struct {
	int ok;
	int nslots, nchars;
	unsigned short *gid;
	float *x, *y;
	int *before, *after;
	float advance;
} grref_seg;

// grref_shape shapes UTF-32 text the way gr2fonttest does (script 0,
// optional justification to pct% of the natural width) and copies the
// slots and character infos into malloc'd arrays the caller frees.
static void grref_shape(gr_face *face, gr_font *font, const gr_feature_val *feats,
		const unsigned int *text, size_t n, int rtl, int pct, grref_seg *out) {
	memset(out, 0, sizeof *out);
	gr_segment *seg = gr_make_seg(font, face, 0, feats, gr_utf32, text, n, rtl);
	if (!seg) return;
	float adv;
	if (pct > 0)
		adv = gr_seg_justify(seg, gr_seg_first_slot(seg), font, gr_seg_advance_X(seg) * pct / 100., gr_justCompleteLine, NULL, NULL);
	else
		adv = gr_seg_advance_X(seg);
	int ns = (int)gr_seg_n_slots(seg), nc = (int)gr_seg_n_cinfo(seg);
	out->gid = malloc(sizeof(unsigned short) * (ns + 1));
	out->x = malloc(sizeof(float) * (ns + 1));
	out->y = malloc(sizeof(float) * (ns + 1));
	out->before = malloc(sizeof(int) * (nc + 1));
	out->after = malloc(sizeof(int) * (nc + 1));
	int i = 0;
	for (const gr_slot *s = gr_seg_first_slot(seg); s && i < ns; s = gr_slot_next_in_segment(s), i++) {
		out->gid[i] = gr_slot_gid(s);
		out->x[i] = gr_slot_origin_X(s);
		out->y[i] = gr_slot_origin_Y(s);
	}
	out->nslots = i;
	for (int j = 0; j < nc; j++) {
		const gr_char_info *c = gr_seg_cinfo(seg, j);
		out->before[j] = gr_cinfo_before(c);
		out->after[j] = gr_cinfo_after(c);
	}
	out->nchars = nc;
	out->advance = adv;
	out->ok = 1;
	gr_seg_destroy(seg);
}

static void grref_seg_free(grref_seg *s) {
	free(s->gid); free(s->x); free(s->y); free(s->before); free(s->after);
	memset(s, 0, sizeof *s);
}

// grref_shape_rounds shapes every text rounds times and discards the
// results (the speed comparison); returns the number of failed segments.
static int grref_shape_rounds(gr_face *face, gr_font *font, const gr_feature_val *feats,
		const unsigned int *texts, const int *lens, int ntexts, int rtl, int rounds) {
	int failed = 0;
	for (int r = 0; r < rounds; r++) {
		const unsigned int *p = texts;
		for (int t = 0; t < ntexts; t++) {
			gr_segment *seg = gr_make_seg(font, face, 0, feats, gr_utf32, p, lens[t], rtl);
			if (seg) gr_seg_destroy(seg); else failed++;
			p += lens[t];
		}
	}
	return failed;
}

static int grref_tracing_available(void) {
	char path[] = "/tmp/grref-trace-XXXXXX";
	int fd = mkstemp(path);
	if (fd < 0) return 0;
	close(fd);
	int ok = gr_start_logging(NULL, path);
	if (ok) gr_stop_logging(NULL);
	unlink(path);
	return ok;
}
*/
import "C"

import (
	"errors"
	"fmt"
	"time"
	"unsafe"
)

// FaceOptions is what gr2fonttest passes to gr_make_file_face by default:
// gr_face_preloadAll (preload glyphs and cache the cmap).
const FaceOptions = C.gr_face_preloadAll

// ErrRefused: graphite2 returned no face.
var ErrRefused = errors.New("grref: graphite2 refused the font (gr_make_face returned NULL)")

// ErrNoSegment: graphite2 returned no segment.
var ErrNoSegment = errors.New("grref: graphite2 returned no segment")

// Accepts reports whether graphite2 builds a face from the in-memory font
// bytes exactly as gr2fonttest would from a file holding them:
// gr_make_face_with_ops with a table callback that reads the sfnt directory
// under FileFace's rules (see grref_mem_init, grref_get_table) and
// gr_face_preloadAll.
//
// Refusal is detected by gr_make_face_with_ops returning NULL. graphite2
// keeps the reason (Face::error(), an error code and context) only in its
// tracing log, and Debian's build compiles tracing out (TracingAvailable
// reports false), so errCode is 0 when accepted and -1 when refused.
func Accepts(fontData []byte) (ok bool, errCode int) {
	return AcceptsOptions(fontData, FaceOptions)
}

// Face options for AcceptsOptions (gr_face_options).
const (
	FaceDefault       = C.gr_face_default       // load glyphs on demand (gr2fonttest -demand)
	FacePreloadGlyphs = C.gr_face_preloadGlyphs // read every glyph at load time
	FaceCacheCmap     = C.gr_face_cacheCmap     // build the cached cmap
)

// AcceptsOptions is Accepts with chosen gr_face_options.
func AcceptsOptions(fontData []byte, opts uint) (ok bool, errCode int) {
	if len(fontData) == 0 {
		// FileFace refuses files shorter than its 12-byte header.
		return false, -1
	}
	p := C.CBytes(fontData)
	defer C.free(p)
	var m C.grref_mem
	if C.grref_mem_init(&m, (*C.uchar)(p), C.size_t(len(fontData))) == 0 {
		return false, -1
	}
	f := C.grref_make_face(&m, C.uint(opts))
	if f == nil {
		return false, -1
	}
	C.gr_face_destroy(f)
	return true, 0
}

// AcceptsFile is Accepts through graphite2's own file reader
// (gr_make_file_face on a memfd holding the bytes), the exact gr2fonttest
// path. It is slower than Accepts and exists to check that Accepts'
// directory reader matches FileFace.
func AcceptsFile(fontData []byte) (bool, error) {
	if len(fontData) == 0 {
		return false, nil
	}
	p := C.CBytes(fontData)
	defer C.free(p)
	switch C.grref_file_accepts((*C.uchar)(p), C.size_t(len(fontData)), FaceOptions) {
	case 1:
		return true, nil
	case 0:
		return false, nil
	}
	return false, errors.New("grref: memfd_create or write failed")
}

// TracingAvailable reports whether this libgraphite2 was built with its
// JSON tracing log (gr_start_logging succeeds); Debian 12's is not.
func TracingAvailable() bool { return C.grref_tracing_available() != 0 }

// A Face is a graphite2 face built from in-memory bytes, with a font at
// scale 1 (ppm = unitsPerEm) so that positions are in design units.
// A Face is not safe for concurrent use.
type Face struct {
	mem  *C.grref_mem
	data unsafe.Pointer
	face *C.gr_face
	font *C.gr_font
	upem int
}

// Open builds a face as Accepts does and keeps it for shaping, with a
// font at scale 1 (positions in design units).
func Open(fontData []byte) (*Face, error) {
	upem, err := unitsPerEm(fontData)
	if err != nil {
		return nil, err
	}
	return OpenPPM(fontData, float32(upem))
}

// OpenPPM is Open with a font of ppm pixels per em (gr2fonttest uses
// pointSize*dpi/72 = 12); positions are then in pixels.
func OpenPPM(fontData []byte, ppm float32) (*Face, error) {
	upem, err := unitsPerEm(fontData)
	if err != nil {
		return nil, err
	}
	f := &Face{upem: upem}
	f.data = C.CBytes(fontData)
	f.mem = (*C.grref_mem)(C.malloc(C.size_t(unsafe.Sizeof(C.grref_mem{}))))
	if C.grref_mem_init(f.mem, (*C.uchar)(f.data), C.size_t(len(fontData))) == 0 {
		f.Close()
		return nil, ErrRefused
	}
	f.face = C.grref_make_face(f.mem, FaceOptions)
	if f.face == nil {
		f.Close()
		return nil, ErrRefused
	}
	f.font = C.gr_make_font(C.float(ppm), f.face)
	if f.font == nil {
		f.Close()
		return nil, errors.New("grref: gr_make_font failed")
	}
	return f, nil
}

// Close frees the face.
func (f *Face) Close() {
	if f.font != nil {
		C.gr_font_destroy(f.font)
		f.font = nil
	}
	if f.face != nil {
		C.gr_face_destroy(f.face)
		f.face = nil
	}
	if f.mem != nil {
		C.free(unsafe.Pointer(f.mem))
		f.mem = nil
	}
	if f.data != nil {
		C.free(f.data)
		f.data = nil
	}
}

// UnitsPerEm is the head table's unitsPerEm, the font's scale.
func (f *Face) UnitsPerEm() int { return f.upem }

// NumGlyphs is gr_face_n_glyphs.
func (f *Face) NumGlyphs() int { return int(C.gr_face_n_glyphs(f.face)) }

// featureVal builds the feature values for o: the language's defaults
// (gr_face_featureval_for_lang) with o.Features set over them; unknown ids
// and out-of-range values are ignored, as gr2fonttest ignores them.
func (f *Face) featureVal(o Options) *C.gr_feature_val {
	var lang C.gr_uint32
	if o.Lang != "" {
		lang = C.gr_uint32(Tag(o.Lang))
	}
	fv := C.gr_face_featureval_for_lang(f.face, lang)
	for _, ft := range o.Features {
		ref := C.gr_face_find_fref(f.face, C.gr_uint32(ft.ID))
		if ref != nil {
			C.gr_fref_set_feature_value(ref, C.gr_uint16(ft.Value), fv)
		}
	}
	return fv
}

// cText copies text into a C array of 32-bit code points allocated with
// C.malloc (at least one element, so that an empty text has a valid
// pointer); the caller frees it with C.free.
func cText(text []rune) unsafe.Pointer {
	n := len(text)
	if n == 0 {
		n = 1
	}
	p := C.malloc(C.size_t(4 * n))
	s := unsafe.Slice((*C.uint)(p), n)
	for i, r := range text {
		s[i] = C.uint(r)
	}
	return p
}

// Shape shapes text with o; positions and advance are in design units
// (pixels for a face from OpenPPM).
//
// Like gr2fonttest, it passes no feature values at all (NULL) when o has
// neither features nor a language. That matters beyond style: on
// graphite2's underflow.ttf, 1.3.14 reads and writes outside its slot
// buffers (valgrind shows it), and whether it then returns no segment, as
// the suite's standard records, or crashes depends on the heap layout,
// which a different feature-value allocation changes.
func (f *Face) Shape(text []rune, o Options) (*Result, error) {
	var fv *C.gr_feature_val
	if len(o.Features) > 0 || o.Lang != "" {
		fv = f.featureVal(o)
		defer C.gr_featureval_destroy(fv)
	}
	p := cText(text)
	defer C.free(p)
	rtl, pct := C.int(0), C.int(o.Justify)
	if o.RTL {
		rtl = 1
	}
	var s C.grref_seg
	C.grref_shape(f.face, f.font, fv, (*C.uint)(p), C.size_t(len(text)), rtl, pct, &s)
	defer C.grref_seg_free(&s)
	if s.ok == 0 {
		return nil, ErrNoSegment
	}
	r := &Result{Advance: float32(s.advance)}
	ns, nc := int(s.nslots), int(s.nchars)
	gid := unsafe.Slice(s.gid, ns)
	x := unsafe.Slice(s.x, ns)
	y := unsafe.Slice(s.y, ns)
	r.Glyphs = make([]Glyph, ns)
	for i := range r.Glyphs {
		r.Glyphs[i] = Glyph{GID: uint16(gid[i]), X: float32(x[i]), Y: float32(y[i])}
	}
	b := unsafe.Slice(s.before, nc)
	a := unsafe.Slice(s.after, nc)
	r.Before = make([]int, nc)
	r.After = make([]int, nc)
	for i := 0; i < nc; i++ {
		r.Before[i], r.After[i] = int(b[i]), int(a[i])
	}
	return r, nil
}

// Shape opens fontData, shapes text once and closes the face.
func Shape(fontData []byte, text []rune, o Options) (*Result, error) {
	f, err := Open(fontData)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return f.Shape(text, o)
}

// Time shapes every text rounds times with o (building and destroying each
// segment, reading nothing back) and returns the elapsed wall time in
// nanoseconds and the number of texts that gave no segment (per round).
func (f *Face) Time(texts [][]rune, o Options, rounds int) (ns int64, failed int) {
	total := 0
	for _, t := range texts {
		total += len(t)
	}
	var fv *C.gr_feature_val
	if len(o.Features) > 0 || o.Lang != "" {
		fv = f.featureVal(o)
		defer C.gr_featureval_destroy(fv)
	}
	p := C.malloc(C.size_t(4*total + 4))
	defer C.free(p)
	lp := C.malloc(C.size_t(4*len(texts) + 4))
	defer C.free(lp)
	all := unsafe.Slice((*C.uint)(p), total+1)
	lens := unsafe.Slice((*C.int)(lp), len(texts)+1)
	k := 0
	for i, t := range texts {
		lens[i] = C.int(len(t))
		for _, r := range t {
			all[k] = C.uint(r)
			k++
		}
	}
	rtl := C.int(0)
	if o.RTL {
		rtl = 1
	}
	start := time.Now()
	n := C.grref_shape_rounds(f.face, f.font, fv, (*C.uint)(p), (*C.int)(lp), C.int(len(texts)), rtl, C.int(rounds))
	ns = time.Since(start).Nanoseconds()
	if rounds > 0 {
		failed = int(n) / rounds
	}
	return ns, failed
}

// A FeatureInfo describes one feature of a face (gr_face_fref).
type FeatureInfo struct {
	ID      uint32
	Label   string // in the face's default language, UTF-8
	Default int    // the value for language 0
	Values  []int  // the settings the Feat table lists
}

// Features lists the face's features in the Feat table's order.
func (f *Face) Features() []FeatureInfo {
	fv := C.gr_face_featureval_for_lang(f.face, 0)
	defer C.gr_featureval_destroy(fv)
	n := int(C.gr_face_n_fref(f.face))
	out := make([]FeatureInfo, 0, n)
	for i := 0; i < n; i++ {
		ref := C.gr_face_fref(f.face, C.gr_uint16(i))
		if ref == nil {
			continue
		}
		fi := FeatureInfo{
			ID:      uint32(C.gr_fref_id(ref)),
			Default: int(C.gr_fref_feature_value(ref, fv)),
		}
		var lang C.gr_uint16
		var length C.gr_uint32
		if l := C.gr_fref_label(ref, &lang, C.gr_utf8, &length); l != nil {
			fi.Label = C.GoStringN((*C.char)(l), C.int(length))
			C.gr_label_destroy(l)
		}
		nv := int(C.gr_fref_n_values(ref))
		for j := 0; j < nv; j++ {
			fi.Values = append(fi.Values, int(C.gr_fref_value(ref, C.gr_uint16(j))))
		}
		out = append(out, fi)
	}
	return out
}

// Languages lists the language tags of the face's Sill table.
func (f *Face) Languages() []string {
	n := int(C.gr_face_n_languages(f.face))
	out := make([]string, 0, n)
	for i := 0; i < n; i++ {
		out = append(out, TagString(uint32(C.gr_face_lang_by_index(f.face, C.gr_uint16(i)))))
	}
	return out
}

// EngineVersion is gr_engine_version as "major.minor.bugfix".
func EngineVersion() string {
	var a, b, c C.int
	C.gr_engine_version(&a, &b, &c)
	return fmt.Sprintf("%d.%d.%d", a, b, c)
}
