package hint

import (
	"encoding/binary"
	"errors"

	"fontvm/internal/glyfcode"
	"fontvm/sfnt"
)

// loadGlyphFlags is sfnt's LoadGlyph with the coordinates of a simple
// glyph without instructions left undecoded (glyfcode.LoadFlags, which
// sfnt sets in its initialisation, before this package's): it returns
// where they are, or nil Coords for a glyph it loaded completely.
var loadGlyphFlags = glyfcode.LoadFlags.(func(*sfnt.Font, uint16, *sfnt.Glyph) (*glyfcode.Coords, error))

// decodeCoords decodes the coordinates c of the simple glyph g (loaded
// by loadGlyphFlags) into g.X and g.Y, as sfnt's LoadGlyph decodes
// them, with its error if they run past the record.
func decodeCoords(g *sfnt.Glyph, c *glyfcode.Coords) error {
	var err error
	g.X, g.Y, err = c.Decode(g.Flags, g.X, g.Y)
	return err
}

// FreeType's FT_OUTLINE_POINTS_MAX and FT_OUTLINE_CONTOURS_MAX: a glyph
// (with its components) may not have more points or contours. FreeType's
// glyph loader, which rounds its sizes up, refuses glyphs sooner: see
// sfnt.MaxGlyphLoaderPoints and sfnt.MaxGlyphLoaderContours, the limits
// LoadGlyph applies (Array_Too_Large), and processCompositeGlyph.
const (
	MaxPoints   = 0x7FFF
	MaxContours = 0x7FFF
)

// loader is TT_LoaderRec plus the glyph loader's outline: the points of
// all components loaded so far, with room for four phantom points.
type loader struct {
	cur, org, orus []vec
	tags           []uint8
	contours       []int
	nPoints        int
	nContours      int

	glyphs    []*sfnt.Glyph // one decoding buffer per composite depth
	ancestors []uint16      // composite glyphs being loaded
	loads     int           // glyph records loaded for this LoadGlyph call

	pp1, pp2, pp3, pp4 vec

	gid int // the glyph (or component) being loaded

	// out is the caller's Glyph during LoadGlyph; stored says that the
	// outline is in out.Points already (loadSimpleDirect,
	// loadCompositeDirect), so LoadGlyph does not copy it from cur.
	out        *Glyph
	stored     bool
	endsStored bool // the contour ends are in out.Ends already

	// During loadCompositeDirect's load of a component: direct is set,
	// directX, directY are the component's offset, directDX the pp1.x
	// its points are shifted by; directStored says that
	// loadSimplePlain stored them in out.
	direct                     bool
	directStored               bool
	directX, directY, directDX int64

	// zoneOK says that e.pts's point arrays are the loader's from
	// zoneBase on (set by loadSimpleProgram and processCompositeGlyph,
	// which slice them only when they are not in place; cleared by
	// ensure, which replaces the arrays; e.pts changes nowhere else
	// after setupBytecode).
	zoneOK   bool
	zoneBase int

	hinted bool // IS_HINTED(loader->load_flags)
	useAw2 bool

	sizeHint sizeHint
}

// ensure grows the point arrays (cur, org, orus, tags) to n points at
// least, keeping their contents.
func (ld *loader) ensure(n int) {
	if n <= len(ld.cur) {
		return
	}
	c := max(2*len(ld.cur), n, ld.sizeHint.points+4)
	grow := func(v []vec) []vec { w := make([]vec, c); copy(w, v); return w }
	ld.cur = grow(ld.cur)
	ld.org = grow(ld.org)
	ld.orus = grow(ld.orus)
	t := make([]uint8, c)
	copy(t, ld.tags)
	ld.tags = t
	ld.zoneOK = false
}

// glyph returns the decoding buffer for composite depth depth.
func (ld *loader) glyph(depth int) *sfnt.Glyph {
	for len(ld.glyphs) <= depth {
		h := &ld.sizeHint
		ld.glyphs = append(ld.glyphs, &sfnt.Glyph{
			X: make([]int32, 0, h.points), Y: make([]int32, 0, h.points),
			Flags:  make([]uint8, 0, h.points+7), // sfnt's flag expansion writes words
			EndPts: make([]uint16, 0, h.contours), Components: make([]sfnt.Component, 0, h.components),
		})
	}
	return ld.glyphs[depth]
}

// A sizeHint is the size the loader's buffers start at: maxp's largest
// glyph, up to sizeHintMax points, sizeHintMax/4 contours and
// sizeHintMax/64 components whatever maxp says (the buffers grow as
// the glyphs need; this saves their growing step by step in each new
// instance).
type sizeHint struct{ points, contours, components int }

const sizeHintMax = 1024

// newSizeHint returns the buffer sizes to preallocate for a font from its
// maxp counts, each capped (sizeHintMax) so that a hostile maxp cannot
// make an instance allocate much up front.
func newSizeHint(m sfnt.Maxp) sizeHint {
	return sizeHint{
		points:     min(int(max(m.MaxPoints, m.MaxCompositePoints)), sizeHintMax),
		contours:   min(int(max(m.MaxContours, m.MaxCompositeContours)), sizeHintMax/4),
		components: min(int(m.MaxComponentElements), sizeHintMax/64),
	}
}

// glyphErr returns the Error of kind ErrGlyph for glyph gid with
// FreeType's error name code.
func glyphErr(gid int, code string, detail string) error {
	return &Error{Code: code, Glyph: gid, Detail: detail, kind: ErrGlyph}
}

// LoadGlyph loads glyph gid into g, hinted as the instance's options say.
// It allocates nothing once the instance and g have grown to the font's
// largest glyph. Errors name FreeType's error (see Error and Name):
// fpgm/prep failures (ErrProgram), bad glyph data (ErrGlyph) and glyph
// indexes out of range (ErrArgument). Faults inside a glyph's own
// program do not fail the load: as FreeType does by default, the outline
// keeps what the program did up to the fault; with Options.Pedantic they
// do (ErrProgram, Program ProgGlyph), as with FT_LOAD_PEDANTIC. After an error, g's
// outline is unspecified (a composite's first components may have been
// stored in it).
func (in *Instance) LoadGlyph(gid int, g *Glyph) error {
	f := in.font
	if uint(gid) >= uint(f.numGlyphs) {
		return &Error{Code: "Invalid_Argument", Glyph: gid, Detail: "glyph index out of range", kind: ErrArgument}
	}
	if in.progErr != nil {
		return in.progErr
	}
	ld := &in.ld
	in.faulted = false
	ld.nPoints, ld.nContours, ld.loads = 0, 0, 0
	ld.contours = ld.contours[:0]
	ld.ancestors = ld.ancestors[:0]
	hinted := in.opts.Mode != ModeNone
	e := &in.e
	if hinted {
		// tt_loader_init and TT_Load_Context, with what depends only
		// on the size taken from setupLoader. The size's metrics are
		// in e since runPrep (no program changes them; hintGlyph sets
		// the scales of each glyph program), and of the glyph's
		// graphics state only the scan control is read before a
		// hintGlyph sets all of it (see sizeScan).
		e.twilight.nPoints = e.twilightFull
		gs := &in.sizeGS
		if in.glyphDefaultGS {
			gs = &defaultGraphicsState
		}
		e.gs.scanControl, e.gs.scanType = gs.scanControl, gs.scanType
		e.backwardCompat = in.glyphBackwardCompat
	}
	ld.hinted, ld.useAw2 = in.glyphHinted && hinted, in.glyphUseAw2 && hinted
	ld.out, ld.stored, ld.endsStored = g, false, false
	err := in.load(uint16(gid), 0)
	ld.out = nil
	if err != nil {
		return err
	}
	if !ld.stored {
		n := ld.nPoints
		if cap(g.Points) < n {
			g.Points = make([]Point, n, n+n/2)
		}
		g.Points = g.Points[:n]
		// shifted left by pp1.x (moving by -dx wraps as sub(x, dx)
		// does); the unshifted copy called directly for dx = 0, the
		// usual case
		if dx := ld.pp1.x; dx == 0 {
			storePointsUnshifted(g.Points, ld.cur, ld.tags)
		} else {
			storeMovedVec(g.Points, ld.cur, ld.tags, -dx, 0)
		}
	}
	if !ld.endsStored {
		g.Ends = append(g.Ends[:0], ld.contours[:ld.nContours]...)
	}
	var adv int64
	if widths := in.glyphWidths; uint(gid) < uint(len(widths)) {
		adv = int64(widths[gid]) * 64
	} else {
		adv = sub(ld.pp2.x, ld.pp1.x)
	}
	if hinted {
		adv = pixRound(adv)
		g.ScanControl = e.gs.scanControl
		g.ScanType = e.gs.scanType
	} else {
		g.ScanControl, g.ScanType = false, 0
	}
	g.Advance = adv
	return nil
}

// storePointsUnshifted stores cur and the on-curve bits of tags in out
// (len(cur), len(tags) >= len(out)): LoadGlyph's output copy for a glyph
// whose pp1.x is 0 after hinting (as when its left side bearing equals
// its xMin), and a composite's unmoved component.
//
// Sixteen points at a time through array pointers (their tags read as
// two words; the three slices advanced past each block, which costs fewer
// instructions a block than indexing them), then eight, four and one by
// one: this per-point copy is fontvm's alone (FreeType hints in the
// outline itself), so it is kept to two loads and three stores a point.
// storeMovedVec is the same copy with a move (two additions a point
// more), kept apart so that this common case does not pay them.
func storePointsUnshifted(out []Point, cur []vec, tags []uint8) {
	cur = cur[:len(out)]
	tags = tags[:len(out)]
	for len(out) >= 16 {
		o := (*[16]Point)(out)
		c := (*[16]vec)(cur)
		t, t2 := binary.LittleEndian.Uint64(tags), binary.LittleEndian.Uint64(tags[8:])
		o[0].X, o[0].Y, o[0].On = c[0].x, c[0].y, t&(tagOn<<0) != 0
		o[1].X, o[1].Y, o[1].On = c[1].x, c[1].y, t&(tagOn<<8) != 0
		o[2].X, o[2].Y, o[2].On = c[2].x, c[2].y, t&(tagOn<<16) != 0
		o[3].X, o[3].Y, o[3].On = c[3].x, c[3].y, t&(tagOn<<24) != 0
		o[4].X, o[4].Y, o[4].On = c[4].x, c[4].y, t&(tagOn<<32) != 0
		o[5].X, o[5].Y, o[5].On = c[5].x, c[5].y, t&(tagOn<<40) != 0
		o[6].X, o[6].Y, o[6].On = c[6].x, c[6].y, t&(tagOn<<48) != 0
		o[7].X, o[7].Y, o[7].On = c[7].x, c[7].y, t&(tagOn<<56) != 0
		o[8].X, o[8].Y, o[8].On = c[8].x, c[8].y, t2&(tagOn<<0) != 0
		o[9].X, o[9].Y, o[9].On = c[9].x, c[9].y, t2&(tagOn<<8) != 0
		o[10].X, o[10].Y, o[10].On = c[10].x, c[10].y, t2&(tagOn<<16) != 0
		o[11].X, o[11].Y, o[11].On = c[11].x, c[11].y, t2&(tagOn<<24) != 0
		o[12].X, o[12].Y, o[12].On = c[12].x, c[12].y, t2&(tagOn<<32) != 0
		o[13].X, o[13].Y, o[13].On = c[13].x, c[13].y, t2&(tagOn<<40) != 0
		o[14].X, o[14].Y, o[14].On = c[14].x, c[14].y, t2&(tagOn<<48) != 0
		o[15].X, o[15].Y, o[15].On = c[15].x, c[15].y, t2&(tagOn<<56) != 0
		out, cur, tags = out[16:], cur[16:], tags[16:]
	}
	if len(out) >= 8 {
		o := (*[8]Point)(out)
		c := (*[8]vec)(cur)
		t := binary.LittleEndian.Uint64(tags)
		o[0].X, o[0].Y, o[0].On = c[0].x, c[0].y, t&(tagOn<<0) != 0
		o[1].X, o[1].Y, o[1].On = c[1].x, c[1].y, t&(tagOn<<8) != 0
		o[2].X, o[2].Y, o[2].On = c[2].x, c[2].y, t&(tagOn<<16) != 0
		o[3].X, o[3].Y, o[3].On = c[3].x, c[3].y, t&(tagOn<<24) != 0
		o[4].X, o[4].Y, o[4].On = c[4].x, c[4].y, t&(tagOn<<32) != 0
		o[5].X, o[5].Y, o[5].On = c[5].x, c[5].y, t&(tagOn<<40) != 0
		o[6].X, o[6].Y, o[6].On = c[6].x, c[6].y, t&(tagOn<<48) != 0
		o[7].X, o[7].Y, o[7].On = c[7].x, c[7].y, t&(tagOn<<56) != 0
		out, cur, tags = out[8:], cur[8:], tags[8:]
	}
	if len(out) >= 4 {
		o := (*[4]Point)(out)
		c := (*[4]vec)(cur)
		t := binary.LittleEndian.Uint32(tags)
		o[0].X, o[0].Y, o[0].On = c[0].x, c[0].y, t&(tagOn<<0) != 0
		o[1].X, o[1].Y, o[1].On = c[1].x, c[1].y, t&(tagOn<<8) != 0
		o[2].X, o[2].Y, o[2].On = c[2].x, c[2].y, t&(tagOn<<16) != 0
		o[3].X, o[3].Y, o[3].On = c[3].x, c[3].y, t&(tagOn<<24) != 0
		out, cur, tags = out[4:], cur[4:], tags[4:]
	}
	for i := range out {
		p := &out[i]
		p.X, p.Y, p.On = cur[i].x, cur[i].y, tags[i]&tagOn != 0
	}
}

// LastGlyphFault returns the first fault of a glyph program during the
// last LoadGlyph (the glyph or component, code range, pc and opcode), or
// nil if its programs ran to the end. FreeType ignores such faults, and
// so does LoadGlyph; this is for diagnostics. The *Error belongs to the
// instance and is overwritten by the next LoadGlyph.
func (in *Instance) LastGlyphFault() *Error {
	if !in.faulted {
		return nil
	}
	return &in.fault
}

// tableMetric is tt_face_get_metrics as sfnt's HMetric and VMetric read
// it: the advance and side bearing of gid (< the font's glyph count) in
// a hmtx or vmtx table t with k long metrics. Glyphs at or past k take
// the last long metric's advance and their bearing from the array after
// the long metrics; what t is too short to hold reads as zero.
func tableMetric(t []byte, k, gid int) (adv, sb int64) {
	if gid < k {
		p := 4 * gid
		if p+4 > len(t) {
			return 0, 0
		}
		b := t[p : p+4]
		return int64(uint16(b[0])<<8 | uint16(b[1])), int64(int16(uint16(b[2])<<8 | uint16(b[3])))
	}
	if k == 0 {
		return 0, 0
	}
	p := 4 * (k - 1)
	if p+2 > len(t) {
		return 0, 0
	}
	adv = int64(uint16(t[p])<<8 | uint16(t[p+1]))
	p = 4*k + 2*(gid-k)
	if p+2 > len(t) {
		return adv, 0
	}
	return adv, int64(int16(uint16(t[p])<<8 | uint16(t[p+1])))
}

// MaxComponentLoads bounds the glyph records one LoadGlyph call may load.
// Recursion is already refused, but a composite listing n copies of a
// composite that lists n copies of ... reaches n^depth loads with few
// bytes (2,000 components at depth 3 in a 36 KiB font). FreeType 2.12.1
// has no such bound (it spends 3.5 s on 1,000 x 1,000); fontvm fails the
// glyph with Invalid_Composite past this count, which no real font
// approaches, and is otherwise identical.
const MaxComponentLoads = 1 << 16

// load is load_truetype_glyph for glyph gid at composite depth depth.
func (in *Instance) load(gid uint16, depth int) error {
	f := in.font
	ld := &in.ld
	if int(gid) >= f.numGlyphs {
		return glyphErr(int(gid), "Invalid_Composite", "component glyph index out of range")
	}
	if ld.loads++; ld.loads > MaxComponentLoads {
		return glyphErr(int(gid), "Invalid_Composite", "composite fan-out: more than hint.MaxComponentLoads (65536) glyph records")
	}
	var g *sfnt.Glyph
	if depth < len(ld.glyphs) {
		g = ld.glyphs[depth]
	} else {
		g = ld.glyph(depth)
	}
	ld.gid = int(gid)
	// The coordinates of a simple glyph without instructions are
	// decoded by the simple-glyph loaders below (loadGlyphFlags defers
	// them and returns where they are, c; then the fused decoders of
	// load_fused.go or decodeCoords); sfnt decodes those of a glyph
	// with instructions (c is nil). sfnt checks them last, as
	// LoadGlyph would, and nothing of the record is read in between
	// but the flags, so a coordinate error is the error LoadGlyph
	// would have given (recordError names it the same way).
	c, err := loadGlyphFlags(f.sf, gid, g)
	if err != nil {
		return ld.recordError(int(gid), g, err)
	}
	if in.vary != nil {
		return in.loadVar(gid, g, c, depth)
	}
	// tt_get_metrics and tt_loader_set_pp. The phantom points' y (pp1,
	// pp2) are 0 and their x (pp3, pp4) equal; the simple-glyph loaders rely on it.
	var aw, lsb int64
	if p := 4 * int(gid); int(gid) < f.nHMetrics && p+4 <= len(f.hmtx) {
		b := f.hmtx[p : p+4]
		aw, lsb = int64(uint16(b[0])<<8|uint16(b[1])), int64(int16(uint16(b[2])<<8|uint16(b[3])))
	} else {
		aw, lsb = tableMetric(f.hmtx, f.nHMetrics, int(gid))
	}
	var tsb, ah int64
	if f.hasVMetrics {
		ah, tsb = tableMetric(f.vmtx, f.nVMetrics, int(gid))
	} else {
		tsb = int64(int16(int32(f.vAscender) - int32(g.YMax)))
		ah = f.vAdvance
	}
	ld.setPP(g, aw, lsb, tsb, ah)
	if g.NumContours > 0 {
		// TT_Load_Simple_Glyph and TT_Process_Simple_Glyph (written
		// here rather than called: one call level less per glyph): a
		// glyph with a program to run goes through loadSimpleProgram,
		// a top-level glyph (depth 0) without one straight from font
		// units to the caller's Glyph (loadSimpleDirect), a component
		// without one through loadSimplePlain.
		if ld.nPoints+len(g.Flags)+4 > sfnt.MaxGlyphLoaderPoints || ld.nContours+len(g.EndPts) > sfnt.MaxGlyphLoaderContours {
			return glyphErr(int(gid), "Array_Too_Large", "too many points or contours for FreeType's glyph loader")
		}
		if ld.hinted && len(g.Instructions) > 0 {
			return in.loadSimpleProgram(g, depth)
		}
		if depth == 0 && ld.out != nil {
			err = in.loadSimpleDirect(g, c)
		} else {
			err = in.loadSimplePlain(g, c, depth)
		}
		if err != nil {
			return ld.recordError(int(gid), g, err)
		}
		return nil
	}
	if g.NumContours == 0 {
		in.scalePP()
		return nil
	}
	return in.loadComposite(gid, g, depth)
}

// setPP is tt_loader_set_pp: the phantom points in font units from the
// glyph's xMin and yMax and its metrics (advance width aw, left side
// bearing lsb, top side bearing tsb, advance height ah); pp3 and pp4 at
// half the advance width when v40's subpixel hinting asks for it.
func (ld *loader) setPP(g *sfnt.Glyph, aw, lsb, tsb, ah int64) {
	ld.pp1 = vec{int64(g.XMin) - lsb, 0}
	ld.pp2 = vec{ld.pp1.x + aw, 0}
	var x3 int64
	if ld.useAw2 {
		x3 = aw / 2
	}
	ld.pp3 = vec{x3, int64(g.YMax) + tsb}
	ld.pp4 = vec{x3, ld.pp3.y - ah}
}

// recordError is the error of glyph gid, whose record sfnt's LoadGlyph
// refused with err (g as it left it), named as FreeType names it, in
// FreeType's order: a stream frame that cannot be opened after the
// glyph header (sfnt names it Invalid_Stream_Operation); then, for a
// simple glyph, TT_Load_Simple_Glyph's glyph loader checks, which come
// before the data are read: the contours with those already loaded
// (checked before the end points, so with any count), then the points
// with theirs and four phantom points (once the end points are read;
// sfnt leaves g.EndPts empty until they are valid); then the record's
// own errors (glyphError).
func (ld *loader) recordError(gid int, g *sfnt.Glyph, err error) error {
	var fe *sfnt.FormatError
	if errors.As(err, &fe) && fe.FreeType == "Invalid_Stream_Operation" {
		return &Error{Code: fe.FreeType, Glyph: gid, Detail: err.Error(), kind: ErrGlyph}
	}
	if g.NumContours > 0 {
		if ld.nContours+g.NumContours > sfnt.MaxGlyphLoaderContours {
			return glyphErr(gid, "Array_Too_Large", "too many contours for FreeType's glyph loader")
		}
		if k := len(g.EndPts); k > 0 && ld.nPoints+int(g.EndPts[k-1])+1+4 > sfnt.MaxGlyphLoaderPoints {
			return glyphErr(gid, "Array_Too_Large", "too many points for FreeType's glyph loader")
		}
	}
	return glyphError(gid, err, ld.hinted)
}

// loadComposite is the composite part of load_truetype_glyph.
func (in *Instance) loadComposite(gid uint16, g *sfnt.Glyph, depth int) error {
	ld := &in.ld
	for _, a := range ld.ancestors {
		if a == gid {
			return glyphErr(int(gid), "Invalid_Composite", "recursive composite glyph")
		}
	}
	ld.ancestors = append(ld.ancestors, gid)
	startPoint, startContour := ld.nPoints, ld.nContours
	if depth == 0 && ld.out != nil && in.smallScale && in.vary == nil && directComposite(g, ld.hinted) {
		// scalePP for the two phantom points LoadGlyph reads after a
		// direct composite (pp1.x, pp2.x): loadCompositeDirect leaves
		// pp3 and pp4, which nothing reads then, unscaled.
		ld.pp1.x, ld.pp2.x = mulFix(ld.pp1.x, in.xScale), mulFix(ld.pp2.x, in.xScale)
		return in.loadCompositeDirect(g)
	}
	in.scalePP()
	numPoints := startPoint
	var last *sfnt.Component
	for i := range g.Components {
		c := &g.Components[i]
		last = c
		pp1, pp2, pp3, pp4 := ld.pp1, ld.pp2, ld.pp3, ld.pp4
		numBase := ld.nPoints
		if err := in.load(c.GlyphIndex, depth+1); err != nil {
			return err
		}
		if c.Flags&sfnt.USE_MY_METRICS == 0 {
			ld.pp1, ld.pp2, ld.pp3, ld.pp4 = pp1, pp2, pp3, pp4
		}
		numPoints = ld.nPoints
		if numPoints == numBase {
			continue
		}
		if err := in.processComponent(int(gid), c, startPoint, numBase); err != nil {
			return err
		}
	}
	ld.ancestors = ld.ancestors[:len(ld.ancestors)-1]
	if ld.hinted && last != nil && last.Flags&sfnt.WE_HAVE_INSTRUCTIONS != 0 && numPoints > startPoint {
		return in.processCompositeGlyph(int(gid), g, startPoint, startContour)
	}
	return nil
}

// directComposite says whether a top-level composite can go through
// loadCompositeDirect: every component placed by an offset (no anchor
// points, no transform) and no program of its own to run.
func directComposite(g *sfnt.Glyph, hinted bool) bool {
	const scaled = sfnt.WE_HAVE_A_SCALE | sfnt.WE_HAVE_AN_X_AND_Y_SCALE | sfnt.WE_HAVE_A_TWO_BY_TWO
	var flags uint16
	for i := range g.Components {
		f := g.Components[i].Flags
		if f&(sfnt.ARGS_ARE_XY_VALUES|scaled) != sfnt.ARGS_ARE_XY_VALUES {
			return false
		}
		flags = f
	}
	return len(g.Components) > 0 && !(hinted && flags&sfnt.WE_HAVE_INSTRUCTIONS != 0)
}

// loadCompositeDirect is the component loop of loadComposite for a
// top-level composite that directComposite admits, at a small scale
// (Instance.smallScale), storing each component's points in ld.out as
// soon as they are final, as LoadGlyph's output copy would store them:
// shifted by the component's offset and by the final pp1.x. A component
// without a program (loadSimplePlain at depth 1) goes from font units
// straight to ld.out; the others are loaded into the loader's arrays
// as usual and stored from there (storeMovedVec) instead of being moved
// in place (processComponent). Nothing else reads a component's points
// after that: no later component is placed by anchor points and the
// composite has no program. pp1.x, which the stored points are shifted
// by, changes only with a USE_MY_METRICS component; the points stored
// before are then shifted by the difference (storeMoved again).
func (in *Instance) loadCompositeDirect(g *sfnt.Glyph) error {
	ld := &in.ld
	// The components' contour ends go straight to out.Ends: the
	// loader's own buffer is set aside while ld.contours is the
	// caller's (no program reads them here; nested composites only
	// append to them).
	own := ld.contours
	ld.contours = ld.out.Ends[:0]
	err := in.directComponents(g)
	ld.out.Ends = ld.contours[:ld.nContours]
	ld.contours = own[:0]
	if err != nil {
		return err
	}
	ld.ancestors = ld.ancestors[:len(ld.ancestors)-1]
	ld.out.Points = ld.outPoints(ld.nPoints, ld.nPoints)
	ld.stored, ld.endsStored = true, true
	return nil
}

// directComponents is loadCompositeDirect's loop over the components.
//
// Of the phantom points, LoadGlyph reads only pp1.x and pp2.x after a
// direct composite (no program reads pp3 and pp4, and pp1.y = pp2.y =
// 0), so only those are kept: x1, x2 are the composite's, replaced by
// a USE_MY_METRICS component's (load_truetype_glyph saves the four
// phantom points before each component and restores them after one
// without USE_MY_METRICS; every load sets all four afresh, so the
// values seen by the later components are the same).
func (in *Instance) directComponents(g *sfnt.Glyph) error {
	ld := &in.ld
	x1, x2 := ld.pp1.x, ld.pp2.x
	s32 := int64(int32(in.xScale)) // = yScale (smallScale)
	roundX := ld.hinted && in.e.version == 35
	for i := range g.Components {
		c := &g.Components[i]
		numBase := ld.nPoints
		// componentOffset without a transform
		x, y := scaleFUnits(c.Arg1, s32), scaleFUnits(c.Arg2, s32)
		if c.Flags&sfnt.ROUND_XY_TO_GRID != 0 && ld.hinted {
			if roundX {
				x = pixRound(x)
			}
			y = pixRound(y)
		}
		ld.direct, ld.directDX, ld.directX, ld.directY, ld.directStored = true, x1, x, y, false
		err := in.load(c.GlyphIndex, 1)
		ld.direct = false
		if err != nil {
			return err
		}
		if c.Flags&sfnt.USE_MY_METRICS != 0 {
			// pp1.x, which the stored points are shifted by, is now
			// the component's: shift those stored so far by the
			// difference.
			if d := ld.pp1.x; d != x1 {
				end := numBase
				if ld.directStored {
					end = ld.nPoints
				}
				pts := ld.outPoints(end, end)
				storeMoved(pts, pts, sub(x1, d), 0)
			}
			x1, x2 = ld.pp1.x, ld.pp2.x
		}
		if !ld.directStored && ld.nPoints > numBase {
			pts := ld.outPoints(ld.nPoints, numBase)
			storeMovedVec(pts[numBase:], ld.cur[numBase:ld.nPoints], ld.tags[numBase:ld.nPoints], sub(x, x1), y)
		}
	}
	ld.pp1.x, ld.pp2.x = x1, x2
	return nil
}

// outPoints returns ld.out.Points resliced to n points, reallocated
// (keeping its first keep points) if it has not the room.
func (ld *loader) outPoints(n, keep int) []Point {
	out := ld.out
	if cap(out.Points) < n {
		p := make([]Point, n, n+n/2)
		copy(p, out.Points[:keep])
		out.Points = p
	}
	return out.Points[:n]
}

// storeMoved stores the points of src moved by (x, y) (wrapping, as add)
// in dst (len(dst) == len(src); they may be the same).
func storeMoved(dst, src []Point, x, y int64) {
	src = src[:len(dst)]
	for i, p := range src {
		dst[i] = Point{X: add(p.X, x), Y: add(p.Y, y), On: p.On}
	}
}

// storeMovedVec is storePointsUnshifted with a move: the points of cur
// moved by (x, y) (wrapping, as add) with the on-curve bits of tags, in
// out. LoadGlyph's shift by pp1.x is the move (-pp1.x, 0).
//
// Sixteen (then eight, four) points at a time, as storePointsUnshifted;
// without a move, storePointsUnshifted itself.
func storeMovedVec(out []Point, cur []vec, tags []uint8, x, y int64) {
	if x == 0 && y == 0 {
		// a composite's base component, typically
		storePointsUnshifted(out, cur, tags)
		return
	}
	cur = cur[:len(out)]
	tags = tags[:len(out)]
	for len(out) >= 16 {
		o := (*[16]Point)(out)
		c := (*[16]vec)(cur)
		t, t2 := binary.LittleEndian.Uint64(tags), binary.LittleEndian.Uint64(tags[8:])
		o[0].X, o[0].Y, o[0].On = c[0].x+x, c[0].y+y, t&(tagOn<<0) != 0
		o[1].X, o[1].Y, o[1].On = c[1].x+x, c[1].y+y, t&(tagOn<<8) != 0
		o[2].X, o[2].Y, o[2].On = c[2].x+x, c[2].y+y, t&(tagOn<<16) != 0
		o[3].X, o[3].Y, o[3].On = c[3].x+x, c[3].y+y, t&(tagOn<<24) != 0
		o[4].X, o[4].Y, o[4].On = c[4].x+x, c[4].y+y, t&(tagOn<<32) != 0
		o[5].X, o[5].Y, o[5].On = c[5].x+x, c[5].y+y, t&(tagOn<<40) != 0
		o[6].X, o[6].Y, o[6].On = c[6].x+x, c[6].y+y, t&(tagOn<<48) != 0
		o[7].X, o[7].Y, o[7].On = c[7].x+x, c[7].y+y, t&(tagOn<<56) != 0
		o[8].X, o[8].Y, o[8].On = c[8].x+x, c[8].y+y, t2&(tagOn<<0) != 0
		o[9].X, o[9].Y, o[9].On = c[9].x+x, c[9].y+y, t2&(tagOn<<8) != 0
		o[10].X, o[10].Y, o[10].On = c[10].x+x, c[10].y+y, t2&(tagOn<<16) != 0
		o[11].X, o[11].Y, o[11].On = c[11].x+x, c[11].y+y, t2&(tagOn<<24) != 0
		o[12].X, o[12].Y, o[12].On = c[12].x+x, c[12].y+y, t2&(tagOn<<32) != 0
		o[13].X, o[13].Y, o[13].On = c[13].x+x, c[13].y+y, t2&(tagOn<<40) != 0
		o[14].X, o[14].Y, o[14].On = c[14].x+x, c[14].y+y, t2&(tagOn<<48) != 0
		o[15].X, o[15].Y, o[15].On = c[15].x+x, c[15].y+y, t2&(tagOn<<56) != 0
		out, cur, tags = out[16:], cur[16:], tags[16:]
	}
	if len(out) >= 8 {
		o := (*[8]Point)(out)
		c := (*[8]vec)(cur)
		t := binary.LittleEndian.Uint64(tags)
		o[0].X, o[0].Y, o[0].On = c[0].x+x, c[0].y+y, t&(tagOn<<0) != 0
		o[1].X, o[1].Y, o[1].On = c[1].x+x, c[1].y+y, t&(tagOn<<8) != 0
		o[2].X, o[2].Y, o[2].On = c[2].x+x, c[2].y+y, t&(tagOn<<16) != 0
		o[3].X, o[3].Y, o[3].On = c[3].x+x, c[3].y+y, t&(tagOn<<24) != 0
		o[4].X, o[4].Y, o[4].On = c[4].x+x, c[4].y+y, t&(tagOn<<32) != 0
		o[5].X, o[5].Y, o[5].On = c[5].x+x, c[5].y+y, t&(tagOn<<40) != 0
		o[6].X, o[6].Y, o[6].On = c[6].x+x, c[6].y+y, t&(tagOn<<48) != 0
		o[7].X, o[7].Y, o[7].On = c[7].x+x, c[7].y+y, t&(tagOn<<56) != 0
		out, cur, tags = out[8:], cur[8:], tags[8:]
	}
	if len(out) >= 4 {
		o := (*[4]Point)(out)
		c := (*[4]vec)(cur)
		t := binary.LittleEndian.Uint32(tags)
		o[0].X, o[0].Y, o[0].On = c[0].x+x, c[0].y+y, t&(tagOn<<0) != 0
		o[1].X, o[1].Y, o[1].On = c[1].x+x, c[1].y+y, t&(tagOn<<8) != 0
		o[2].X, o[2].Y, o[2].On = c[2].x+x, c[2].y+y, t&(tagOn<<16) != 0
		o[3].X, o[3].Y, o[3].On = c[3].x+x, c[3].y+y, t&(tagOn<<24) != 0
		out, cur, tags = out[4:], cur[4:], tags[4:]
	}
	for i := range out {
		p := &out[i]
		p.X, p.Y, p.On = cur[i].x+x, cur[i].y+y, tags[i]&tagOn != 0
	}
}

// scalePP scales the phantom points as load_truetype_glyph does for an
// empty or composite glyph: x by x_scale, y by y_scale.
func (in *Instance) scalePP() {
	ld := &in.ld
	sx, sy := in.xScale, in.yScale
	ld.pp1.x = mulFix(ld.pp1.x, sx)
	ld.pp2.x = mulFix(ld.pp2.x, sx)
	ld.pp3.x = mulFix(ld.pp3.x, sx)
	ld.pp3.y = mulFix(ld.pp3.y, sy)
	ld.pp4.x = mulFix(ld.pp4.x, sx)
	ld.pp4.y = mulFix(ld.pp4.y, sy)
}

// addContours appends room for nc contour ends to ld.contours and
// returns it.
func (ld *loader) addContours(nc int) []int {
	nc0 := ld.nContours
	if cap(ld.contours) < nc0+nc {
		c := make([]int, nc0, max(2*(nc0+nc), ld.sizeHint.contours))
		copy(c, ld.contours)
		ld.contours = c
	}
	ld.contours = ld.contours[:nc0+nc]
	return ld.contours[nc0 : nc0+nc]
}

// loadSimpleProgram is load's simple-glyph path for a hinted glyph with
// instructions: the points go to the loader's arrays, unscaled to orus
// and scaled to cur and org (TT_Hint_Glyph's copy) in one pass, and the
// glyph's program runs on them (hintGlyph). FT_GlyphLoader_Add makes the
// contour ends absolute; the program sees them relative to the glyph's
// first point (its zone starts there), so that is done after hinting.
// g is loaded by loadGlyphFlags, which decodes the coordinates of a
// glyph with instructions (see load_fused.go for why no fused decoder).
func (in *Instance) loadSimpleProgram(g *sfnt.Glyph, depth int) error {
	ld := &in.ld
	n, nc := len(g.Flags), len(g.EndPts)
	base := ld.nPoints
	m := n + 4
	if base+m > len(ld.cur) {
		ld.ensure(base + m)
	}
	var ends []int
	if out := ld.out; depth == 0 && out != nil {
		// A top-level glyph's contour ends (base 0) are final: they
		// go to the caller's Glyph at once (the program only reads
		// them) and LoadGlyph does not copy them (endsStored).
		if cap(out.Ends) < nc {
			out.Ends = make([]int, nc, nc+nc/2)
		}
		ends = out.Ends[:nc]
		out.Ends = ends
		ld.endsStored = true
	} else {
		ends = ld.addContours(nc)
	}
	for i, e := range g.EndPts[:len(ends)] {
		ends[i] = int(e)
	}
	// The glyph's zone: the loader's arrays from base on (set up first,
	// so that the glyph's points are sliced from it: it is usually in
	// place already, and slicing it costs one bounds check per array).
	z := &in.e.pts
	if !ld.zoneOK || ld.zoneBase != base {
		z.org, z.cur, z.orus, z.tags = ld.org[base:], ld.cur[base:], ld.orus[base:], ld.tags[base:]
		ld.zoneOK, ld.zoneBase = true, base
	}
	sx, sy := in.xScale, in.yScale
	cur, org, orus, tags := z.cur[:m], z.org[:m], z.orus[:m], z.tags[:m]
	if in.smallScale {
		loadPointsOrgSmall(cur[:n], org[:n], orus[:n], g.X, g.Y, sx)
	} else {
		loadPointsOrg(cur[:n], org[:n], orus[:n], g.X, g.Y, sx, sy)
	}
	onBits(tags[:n], g.Flags)
	binary.LittleEndian.PutUint32(tags[n:], 0)
	// the phantom points (one bounds check per array): unscaled in
	// orus, scaled in cur and org (load set pp1.y = pp2.y = 0 and
	// pp3.x = pp4.x; FT_MulFix as scaleFUnits)
	pu, pc, po := (*[4]vec)(orus[n:]), (*[4]vec)(cur[n:]), (*[4]vec)(org[n:])
	pu[0], pu[1], pu[2], pu[3] = ld.pp1, ld.pp2, ld.pp3, ld.pp4
	x1, x2, x3, y3, y4 := in.scalePhantoms()
	ld.pp1, ld.pp2, ld.pp3, ld.pp4 = vec{x1, 0}, vec{x2, 0}, vec{x3, y3}, vec{x3, y4}
	pc[0], pc[1], pc[2], pc[3] = vec{x1, 0}, vec{x2, 0}, vec{x3, y3}, vec{x3, y4}
	po[0], po[1], po[2], po[3] = vec{x1, 0}, vec{x2, 0}, vec{x3, y3}, vec{x3, y4}
	z.contours = ends
	z.nPoints, z.nContours, z.firstPoint = m, nc, 0
	if err := in.hintGlyph(false, g.Instructions); err != nil {
		return err
	}
	if base != 0 {
		for i := range ends {
			ends[i] += base
		}
	}
	ld.nPoints += n
	ld.nContours += nc
	return nil
}

// loadSimplePlain is load's simple-glyph path for a component without a
// program (or any component when not hinting): the points go scaled to
// the loader's cur and tags (nothing reads the glyph's orus or org: no
// program sees this zone, and a composite's program sees its components'
// cur copied to orus by hintGlyph), and the contour ends are absolute at
// once. Its phantom points are only the loader's (the next component's
// points, or processCompositeGlyph's phantom points, take their place in
// cur): scaled and, when hinting, rounded as TT_Hint_Glyph rounds them
// (without a program to run; see also sizeScan). g is loaded by
// loadGlyphFlags: the coordinates c are decoded here (decodeStoreSmall,
// decodeCurSmall, or decodeCoords and the two-pass loops), with sfnt's
// error if they run past the record (then nothing is added to the
// loader), unless sfnt decoded them (c nil: a glyph with instructions,
// when not hinting).
func (in *Instance) loadSimplePlain(g *sfnt.Glyph, c *glyfcode.Coords, depth int) error {
	ld := &in.ld
	n, nc := len(g.Flags), len(g.EndPts)
	base := ld.nPoints
	if base+n+4 > len(ld.cur) {
		ld.ensure(base + n + 4)
	}
	ends := ld.addContours(nc)
	for i, e := range g.EndPts[:len(ends)] {
		ends[i] = int(e) + base
	}
	s := in.xScale // with smallScale, also yScale
	if a := c.Window(n); a != nil && in.smallScale {
		var xs, ys int
		if ld.direct && depth == 1 {
			// As below, fused.
			pts := ld.outPoints(base+n, base)
			xs, ys = decodeStoreSmall(pts[base:base+n], a, g.Flags, int64(int32(s)), 0x8000+sub(ld.directX, ld.directDX)<<16, 0x8000+ld.directY<<16)
			ld.directStored = true
		} else {
			xs, ys = decodeCurSmall(ld.cur[base:base+n], a, g.Flags, int64(int32(s)))
			onBits(ld.tags[base:base+n], g.Flags)
		}
		if err := c.Check(xs, ys); err != nil {
			return err
		}
	} else {
		if c != nil {
			if err := decodeCoords(g, c); err != nil {
				return err
			}
		}
		if ld.direct && depth == 1 {
			// A component of loadCompositeDirect: final at once, moved by
			// the component's offset and shifted by pp1.x (smallScale).
			pts := ld.outPoints(base+n, base)
			storeScaledMoved(pts[base:], g.X, g.Y, g.Flags, s, 0x8000+sub(ld.directX, ld.directDX)<<16, 0x8000+ld.directY<<16)
			ld.directStored = true
		} else {
			if in.smallScale {
				loadPointsSmall(ld.cur[base:base+n], g.X, g.Y, s)
			} else {
				loadPoints(ld.cur[base:base+n], g.X, g.Y, s, in.yScale)
			}
			onBits(ld.tags[base:base+n], g.Flags)
		}
	}
	// the phantom points scaled as in loadSimpleProgram
	x1, x2, x3, y3, y4 := in.scalePhantoms()
	if ld.hinted {
		in.sizeScan()
		if e := &in.e; !(e.version == 40 && e.backwardCompat) {
			x1, x2, y3, y4 = pixRound(x1), pixRound(x2), pixRound(y3), pixRound(y4)
		}
	}
	ld.pp1, ld.pp2, ld.pp3, ld.pp4 = vec{x1, 0}, vec{x2, 0}, vec{x3, y3}, vec{x3, y4}
	ld.nPoints += n
	ld.nContours += nc
	return nil
}

// loadSimpleDirect is load's simple-glyph path for a top-level simple
// glyph without a program (no points loaded yet): the phantom points pp1
// and pp2 are scaled and, when hinting, rounded as loadSimplePlain
// rounds them (pp3 and pp4, which LoadGlyph does not read, are left
// unscaled); then the contour ends go to ld.out.Ends and the outline
// points, which nothing else reads, from font units to ld.out.Points
// shifted by the final pp1.x, as LoadGlyph's output copy would store
// them. g is loaded by loadGlyphFlags: the coordinates c are decoded
// here (decodeStoreSmall, or decodeCoords and storeScaled[Moved]), with
// sfnt's error if they run past the record, unless sfnt decoded them (c
// nil: a glyph with instructions, when not hinting).
func (in *Instance) loadSimpleDirect(g *sfnt.Glyph, c *glyfcode.Coords) error {
	ld := &in.ld
	s := in.xScale // with smallScale, also yScale
	s32 := int64(int32(s))
	x1, x2 := scaleFUnits(int32(ld.pp1.x), s32), scaleFUnits(int32(ld.pp2.x), s32)
	if ld.hinted {
		e := &in.e
		// TT_Hint_Glyph: the size's graphics state and the rounded
		// phantom points, unless v40's backward compatibility keeps
		// them unrounded.
		in.sizeScan()
		if !(e.version == 40 && e.backwardCompat) {
			x1, x2 = pixRound(x1), pixRound(x2)
		}
	}
	ld.pp1.x, ld.pp2.x = x1, x2
	out := ld.out
	n, nc := len(g.Flags), len(g.EndPts)
	if cap(out.Ends) < nc {
		out.Ends = make([]int, nc, nc+nc/2)
	}
	ends := out.Ends[:nc]
	for i, e := range g.EndPts[:nc] {
		ends[i] = int(e)
	}
	out.Ends = ends
	if cap(out.Points) < n {
		out.Points = make([]Point, n, n+n/2)
	}
	out.Points = out.Points[:n]
	if a := c.Window(n); a != nil && in.smallScale {
		xs, ys := decodeStoreSmall(out.Points, a, g.Flags, s32, 0x8000-x1<<16, 0x8000)
		if err := c.Check(xs, ys); err != nil {
			return err
		}
	} else {
		if c != nil {
			if err := decodeCoords(g, c); err != nil {
				return err
			}
		}
		if in.smallScale {
			storeScaledMoved(out.Points, g.X, g.Y, g.Flags, s, 0x8000-x1<<16, 0x8000)
		} else {
			storeScaled(out.Points, g.X, g.Y, g.Flags, s, in.yScale, x1)
		}
	}
	ld.stored, ld.endsStored = true, true
	ld.nPoints += n
	ld.nContours += nc
	return nil
}

// storeScaled is loadPoints followed by LoadGlyph's output copy: the points xs, ys
// (font units) scaled by sx and sy and shifted left by dx, with the on-curve
// bits of flags, in out (len(xs) == len(ys) == len(flags) == len(out)).
func storeScaled(out []Point, xs, ys []int32, flags []uint8, sx, sy, dx int64) {
	xs = xs[:len(out)]
	ys = ys[:len(out)]
	flags = flags[:len(out)]
	sx32, sy32 := int64(int32(sx)), int64(int32(sy))
	for i := range out {
		// Field by field through p: a composite literal made the
		// compiler spill registers in this loop.
		p := &out[i]
		p.X = sub(scaleFUnits(xs[i], sx32), dx)
		p.Y = scaleFUnits(ys[i], sy32)
		p.On = flags[i]&tagOn != 0
	}
}

// loadPoints stores the points xs, ys (font units) scaled by sx and sy
// in cur: the FT_MulFix scaling of TT_Process_Simple_Glyph. len(cur) <=
// len(xs), len(ys).
func loadPoints(cur []vec, xs, ys []int32, sx, sy int64) {
	xs = xs[:len(cur)]
	ys = ys[:len(cur)]
	sx32, sy32 := int64(int32(sx)), int64(int32(sy))
	for i, x := range xs {
		cur[i] = vec{scaleFUnits(x, sx32), scaleFUnits(ys[i], sy32)}
	}
}

// scalePhantoms returns the loader's phantom points (in font units,
// with pp1.y = pp2.y = 0 and pp3.x = pp4.x, as load sets them) scaled
// as TT_Process_Simple_Glyph scales them with the outline: pp1.x,
// pp2.x, pp3.x (= pp4.x) by x_scale, pp3.y, pp4.y by y_scale.
func (in *Instance) scalePhantoms() (x1, x2, x3, y3, y4 int64) {
	ld := &in.ld
	sx32, sy32 := int64(int32(in.xScale)), int64(int32(in.yScale))
	x1, x2 = scaleFUnits(int32(ld.pp1.x), sx32), scaleFUnits(int32(ld.pp2.x), sx32)
	x3 = scaleFUnits(int32(ld.pp3.x), sx32)
	y3, y4 = scaleFUnits(int32(ld.pp3.y), sy32), scaleFUnits(int32(ld.pp4.y), sy32)
	return x1, x2, x3, y3, y4
}

// scaleFUnits is mulFix(int64(a), s) with s32 = int64(int32(s)) computed
// once by the caller (FT_MulFix truncates both operands to 32 bits).
func scaleFUnits(a int32, s32 int64) int64 {
	ret := int64(a) * s32
	ret += 0x8000 + (ret >> 63)
	return int64(int32(ret >> 16))
}

// loadPointsOrg is loadPoints that also stores the unscaled points in
// orus and the scaled ones in org (len(org), len(orus) >= len(cur)).
func loadPointsOrg(cur, org, orus []vec, xs, ys []int32, sx, sy int64) {
	xs = xs[:len(cur)]
	ys = ys[:len(cur)]
	org = org[:len(cur)]
	orus = orus[:len(cur)]
	sx32, sy32 := int64(int32(sx)), int64(int32(sy))
	for i, x32 := range xs {
		y32 := ys[i]
		orus[i] = vec{int64(x32), int64(y32)}
		v := vec{scaleFUnits(x32, sx32), scaleFUnits(y32, sy32)}
		cur[i] = v
		org[i] = v
	}
}

// clearTouch clears the touch bits (tagTouch) of tags, eight at a time.
func clearTouch(tags []uint8) {
	const keep8 = ^uint64(tagTouch * 0x0101010101010101)
	i := 0
	for ; i+8 <= len(tags); i += 8 {
		w := tags[i : i+8]
		binary.LittleEndian.PutUint64(w, binary.LittleEndian.Uint64(w)&keep8)
	}
	for ; i < len(tags); i++ {
		tags[i] &^= tagTouch
	}
}

// scaleSmall is scaleFUnits(a, s32) for 0 < s32 < 1<<16, with c added
// before the shift: c = 0x8000 gives scaleFUnits(a, s32) and c = 0x8000
// - d<<16 gives scaleFUnits(a, s32) - d, for |d| < 2^40. Proof: t =
// a*s32 has |t| < 2^31 * 2^16 = 2^47 for every int32 a, so (t + sign +
// 0x8000) >> 16 lies in [-2^31, 2^31) and FT_MulFix's truncation to 32
// bits changes nothing; an arithmetic shift floors the division by 2^16,
// so subtracting d<<16 before it subtracts d after it; and no sum leaves
// the int64 range. TestScaleSmall checks it.
func scaleSmall(a int32, s32, c int64) int64 {
	t := int64(a) * s32
	return (t + t>>63 + c) >> 16
}

// storeScaledMoved is storeScaled for a scale s with 0 < int32(s) <
// 1<<16 (Instance.smallScale), for points moved by (-dx, y): given
// cx = 0x8000 - dx<<16 and cy = 0x8000 + y<<16 (|dx|, |y| < 2^40)
// instead of the offsets, the shift is done inside the rounding
// (scaleSmall). (The caller computes cx and cy: here the compiler would
// split them into two additions per point.)
func storeScaledMoved(out []Point, xs, ys []int32, flags []uint8, s, cx, cy int64) {
	xs = xs[:len(out)]
	ys = ys[:len(out)]
	flags = flags[:len(out)]
	s32 := int64(int32(s))
	for i := range out {
		// scaleSmall written out: an inlined call leaves a marker
		// instruction in the loop.
		p := &out[i]
		tx, ty := int64(xs[i])*s32, int64(ys[i])*s32
		p.X = (tx + tx>>63 + cx) >> 16
		p.Y = (ty + ty>>63 + cy) >> 16
		p.On = flags[i]&tagOn != 0
	}
}

// loadPointsSmall is loadPoints for 0 < int32(s) < 1<<16 (scaleSmall).
func loadPointsSmall(cur []vec, xs, ys []int32, s int64) {
	xs = xs[:len(cur)]
	ys = ys[:len(cur)]
	s32 := int64(int32(s))
	for i, x := range xs {
		// scaleSmall written out: an inlined call leaves a marker
		// instruction in the loop.
		tx, ty := int64(x)*s32, int64(ys[i])*s32
		cur[i] = vec{(tx + tx>>63 + 0x8000) >> 16, (ty + ty>>63 + 0x8000) >> 16}
	}
}

// loadPointsOrgSmall is loadPointsOrg for 0 < int32(s) < 1<<16
// (scaleSmall).
func loadPointsOrgSmall(cur, org, orus []vec, xs, ys []int32, s int64) {
	xs = xs[:len(cur)]
	ys = ys[:len(cur)]
	org = org[:len(cur)]
	orus = orus[:len(cur)]
	s32 := int64(int32(s))
	for i, x32 := range xs {
		y32 := ys[i]
		orus[i] = vec{int64(x32), int64(y32)}
		// scaleSmall written out: an inlined call leaves a marker
		// instruction in the loop.
		tx, ty := int64(x32)*s32, int64(y32)*s32
		v := vec{(tx + tx>>63 + 0x8000) >> 16, (ty + ty>>63 + 0x8000) >> 16}
		cur[i] = v
		org[i] = v
	}
}

// onBits stores the on-curve bit (tagOn) of each of flags[:len(tags)]
// in tags, eight at a time. len(flags) >= len(tags).
func onBits(tags, flags []uint8) {
	flags = flags[:len(tags)]
	const on8 = tagOn * 0x0101010101010101
	i := 0
	for ; i+8 <= len(tags); i += 8 {
		binary.LittleEndian.PutUint64(tags[i:i+8], binary.LittleEndian.Uint64(flags[i:i+8])&on8)
	}
	for ; i < len(tags); i++ {
		tags[i] = flags[i] & tagOn
	}
}

// hintGlyph is TT_Hint_Glyph for a glyph with instructions ins: the
// caller has set e.pts to the glyph's zone, its four phantom points
// included, and, for a simple glyph, org to a copy of cur. A
// composite's zone gets org and orus copied from cur here (its
// program sees its components' hinted points as original outline).
// The program's fault is an error only for a pedantic instance (FreeType
// returns TT_Run_Context's error when pedantic_hinting is set); it is
// then the fault LastGlyphFault reports, and the load stops there.
func (in *Instance) hintGlyph(composite bool, ins []byte) error {
	ld := &in.ld
	e := &in.e
	z := &e.pts
	n := z.nPoints
	cur := z.cur[:n]
	if composite {
		copy(z.org[:n], cur)
		copy(z.orus[:n], cur)
		e.xScale, e.yScale = 0x10000, 0x10000
	} else {
		e.xScale, e.yScale = in.xScale, in.yScale
	}
	pp := (*[4]vec)(cur[n-4:])
	pp[0].x = pixRound(pp[0].x)
	pp[1].x = pixRound(pp[1].x)
	pp[2].y = pixRound(pp[2].y)
	pp[3].y = pixRound(pp[3].y)
	// TT_Run_Context: the size's graphics state with the zone
	// pointers, vectors, rounding and loop reset (glyphGS).
	e.gs = in.glyphGS
	e.ranges[rangeGlyph] = ins
	e.isComposite = composite
	e.gotoCodeRange(rangeGlyph, 0)
	e.zp0, e.zp1, e.zp2 = z, z, z
	e.top, e.callTop = 0, 0
	e.prog = ProgGlyph
	// Glyph program faults are not errors (FreeType, non-pedantic);
	// the first one is kept for LastGlyphFault.
	e.glyphFuncs()
	if c := e.runComputed(); c != errOK && !in.faulted {
		in.faulted = true
		in.fault = Error{Code: c.String(), Program: ProgGlyph, Range: Program(e.errRng), PC: e.errIP,
			Opcode: e.errOp, Glyph: ld.gid, kind: ErrProgram}
		if e.pedantic {
			f := in.fault
			return &f
		}
	}
	if !(e.version == 40 && e.backwardCompat) {
		// pp still addresses the zone's phantom points: a program
		// moves points, it never replaces the zone's arrays.
		ld.pp1, ld.pp2, ld.pp3, ld.pp4 = pp[0], pp[1], pp[2], pp[3]
	}
	return nil
}

// sizeScan records that the graphics state in effect for the glyph is
// the size's (TT_Hint_Glyph without a program to run): LoadGlyph
// reports its scan control. The rest of e.gs is read by nothing before
// the next hintGlyph or LoadGlyph sets all of it.
func (in *Instance) sizeScan() {
	in.e.gs.scanControl = in.sizeGS.scanControl
	in.e.gs.scanType = in.sizeGS.scanType
}

// processComponent is TT_Process_Composite_Component: transform and
// place the component just loaded (points numBase..nPoints-1).
func (in *Instance) processComponent(gid int, c *sfnt.Component, startPoint, numBase int) error {
	ld := &in.ld
	haveScale := c.Flags&(sfnt.WE_HAVE_A_SCALE|sfnt.WE_HAVE_AN_X_AND_Y_SCALE|sfnt.WE_HAVE_A_TWO_BY_TWO) != 0
	if !haveScale && c.Flags&sfnt.ARGS_ARE_XY_VALUES != 0 && c.Arg1 == 0 && c.Arg2 == 0 {
		// no transform, no offset: the points stay (the general code
		// below returns before moving them)
		return nil
	}
	pts := ld.cur[numBase:ld.nPoints]
	xx, xy, yx, yy := int64(c.Scale[0])*4, int64(c.Scale[1])*4, int64(c.Scale[2])*4, int64(c.Scale[3])*4
	if haveScale {
		for i := range pts {
			x, y := pts[i].x, pts[i].y
			pts[i].x = add(mulFix(x, xx), mulFix(y, xy))
			pts[i].y = add(mulFix(x, yx), mulFix(y, yy))
		}
	}
	var x, y int64
	if c.Flags&sfnt.ARGS_ARE_XY_VALUES == 0 {
		k := uint64(uint32(c.Arg1)) + uint64(startPoint)
		l := uint64(uint32(c.Arg2)) + uint64(numBase)
		if k >= uint64(numBase) || l >= uint64(ld.nPoints) {
			return glyphErr(gid, "Invalid_Composite", "component anchor point out of range")
		}
		x = sub(ld.cur[k].x, ld.cur[l].x)
		y = sub(ld.cur[k].y, ld.cur[l].y)
	} else {
		if c.Arg1 == 0 && c.Arg2 == 0 {
			return nil
		}
		x, y = in.componentOffset(c, haveScale, xx, xy, yx, yy)
	}
	if x != 0 || y != 0 {
		for i := range pts {
			pts[i].x = add(pts[i].x, x)
			pts[i].y = add(pts[i].y, y)
		}
	}
	return nil
}

// componentOffset is the offset of a component placed by its
// arguments (ARGS_ARE_XY_VALUES), scaled to 26.6 and, for
// ROUND_XY_TO_GRID when hinting, rounded (x only in v35), with the
// component's transform (xx, xy, yx, yy) when haveScale.
func (in *Instance) componentOffset(c *sfnt.Component, haveScale bool, xx, xy, yx, yy int64) (x, y int64) {
	x, y = int64(c.Arg1), int64(c.Arg2)
	if haveScale && c.Flags&sfnt.SCALED_COMPONENT_OFFSET != 0 {
		x = mulFix(x, hypot(xx, xy))
		y = mulFix(y, hypot(yy, yx))
	}
	x = mulFix(x, in.xScale)
	y = mulFix(y, in.yScale)
	if c.Flags&sfnt.ROUND_XY_TO_GRID != 0 && in.ld.hinted {
		if in.e.version == 35 {
			x = pixRound(x)
		}
		y = pixRound(y)
	}
	return x, y
}

// processCompositeGlyph is TT_Process_Composite_Glyph: run the composite's
// own program over all its points.
func (in *Instance) processCompositeGlyph(gid int, g *sfnt.Glyph, startPoint, startContour int) error {
	ld := &in.ld
	// FreeType makes room for the phantom points with
	// FT_GLYPHLOADER_CHECK_POINTS(gloader, n_points + 4, 0), n_points
	// being the base outline's, all points loaded: the glyph loader
	// adds that to the points it already holds, so it needs room for
	// 2n+4 points.
	if 2*ld.nPoints+4 > sfnt.MaxGlyphLoaderPoints {
		return glyphErr(gid, "Array_Too_Large", "too many points for FreeType's glyph loader (composite program)")
	}
	ld.ensure(ld.nPoints + 4)
	n := ld.nPoints
	pc := (*[4]vec)(ld.cur[n:])
	pc[0], pc[1], pc[2], pc[3] = ld.pp1, ld.pp2, ld.pp3, ld.pp4
	binary.LittleEndian.PutUint32(ld.tags[n:], 0)
	if g.InstructionsErr != nil {
		// sfnt names FreeType's error: Invalid_Stream_Operation (the
		// length or the bytes past the end of the file) or
		// Too_Many_Hints (the length).
		code := "Too_Many_Hints"
		var fe *sfnt.FormatError
		if errors.As(g.InstructionsErr, &fe) && fe.FreeType != "" {
			code = fe.FreeType
		}
		return glyphErr(gid, code, g.InstructionsErr.Error())
	}
	if len(g.Instructions) == 0 {
		return nil
	}
	clearTouch(ld.tags[startPoint:n])
	// The glyph zone: the loader's arrays from startPoint on (set
	// again only when e.pts does not hold them already: zoneOK, as in
	// loadSimpleProgram), its contours and its points with the
	// phantom points.
	z := &in.e.pts
	if !ld.zoneOK || ld.zoneBase != startPoint {
		z.org, z.cur, z.orus, z.tags = ld.org[startPoint:], ld.cur[startPoint:], ld.orus[startPoint:], ld.tags[startPoint:]
		ld.zoneOK, ld.zoneBase = true, startPoint
	}
	z.contours = ld.contours[startContour:ld.nContours]
	z.nPoints, z.nContours, z.firstPoint = n-startPoint+4, ld.nContours-startContour, startPoint
	return in.hintGlyph(true, g.Instructions)
}
