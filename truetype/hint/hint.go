package hint

import (
	"errors"
	"fmt"
	"strings"

	"fontvm/sfnt"
	"fontvm/size"
)

// Mode selects the hinting engine.
type Mode int

// The modes.
const (
	ModeNone Mode = iota // no hinting: FreeType's FT_LOAD_NO_HINTING outline
	ModeV35              // interpreter version 35
	ModeV40              // interpreter version 40 (FreeType's default)
)

// String returns the mode's name: "none", "v35" or "v40".
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

// Target selects the rendering target the hinting is for.
type Target int

// The targets.
const (
	TargetNormal Target = iota // FT_LOAD_TARGET_NORMAL (anti-aliased)
	TargetMono                 // FT_LOAD_TARGET_MONO (bi-level)
)

// String returns the target's name: "normal" or "mono".
func (t Target) String() string {
	switch t {
	case TargetNormal:
		return "normal"
	case TargetMono:
		return "mono"
	}
	return fmt.Sprintf("Target(%d)", int(t))
}

// Options configure an Instance.
type Options struct {
	Mode   Mode
	Target Target
	// Tracer, if not nil, sees every instruction the instance runs,
	// from fpgm and prep in NewInstance on (see also SetTracer).
	Tracer Tracer
	// Design, if not nil, selects a variation instance of a variable
	// font by its design coordinates, 16.16, one per axis in fvar order
	// (missing trailing axes at their defaults), as
	// FT_Set_Var_Design_Coordinates sets them before the size (see
	// ParseVariation, NamedInstanceDesign). nil: the font as FreeType
	// loads it without a variation call.
	Design []int64
	// Pedantic is FreeType's FT_LOAD_PEDANTIC: the instructions fail
	// where FreeType's pedantic_hinting makes them fail (out-of-range
	// points, CVT and storage indices, zones, INSTCTRL selectors, too
	// few arguments), fpgm and prep included, and a glyph program's
	// failure fails LoadGlyph (an *Error of class ErrProgram, Program
	// ProgGlyph) instead of being ignored.
	Pedantic bool
}

// A Point is one outline point: 26.6 coordinates, y up as in the font,
// 64-bit as FreeType's FT_Pos (hostile programs can move points beyond
// 32 bits, and FreeType reports them so).
type Point struct {
	// On comes first: the loader's per-point stores address it as
	// element base + 0, which saves an address computation a point.
	On   bool // on-curve point (after FLIPPT/FLIPRGON/FLIPRGOFF)
	X, Y int64
}

// A Glyph is a loaded glyph. The caller owns it; LoadGlyph reuses its
// slices' capacity.
type Glyph struct {
	Points []Point // outline points, phantom points excluded
	Ends   []int   // index of each contour's last point
	// Advance is the horizontal advance in 26.6, FreeType's
	// slot->advance.x (rounded to whole pixels when hinting).
	Advance int64
	// ScanControl and ScanType are the glyph's final SCANCTRL/SCANTYPE
	// state (for a rasterizer's dropout control); ScanControl is false
	// without hinting.
	ScanControl bool
	ScanType    int
}

// Font is the size-independent part of a TrueType font for hinting.
type Font struct {
	sf        *sfnt.Font
	numGlyphs int
	upem      int64
	headFlags uint16
	maxp      sfnt.Maxp
	cvt       []int64 // unscaled, in 26.6 (FUnits * 64) as FreeType keeps them
	fpgm      []byte
	prep      []byte

	hasVMetrics  bool
	os2Valid     bool
	typoAsc      int16
	typoDesc     int16
	hheaAsc      int16
	hheaDesc     int16
	isFixedPitch bool
	hdmx         [][]byte // records: ppem, max width, widths[numGlyphs]
	sizeFace     sizeFace // what size metrics are computed from (size.go)

	// The metrics tables as sfnt's HMetric and VMetric read them (see
	// tableMetric): hmtx with hhea.numberOfHMetrics long metrics, vmtx
	// (if hasVMetrics) with vhea's. Without vertical metrics, the
	// advance height is vAdvance and the top side bearing vAscender
	// minus the glyph's yMax (tt_get_metrics).
	hmtx, vmtx []byte
	nHMetrics  int
	nVMetrics  int
	vAscender  int16
	vAdvance   int64

	vf *varFont // variation tables; nil for fonts without variations
}

// NewFont prepares f for hinting. It fails if f lacks what FreeType
// needs to load TrueType outlines (head, hhea/hmtx, and loca unless the
// font has embedded bitmaps: see sfnt.Font.LocaErr), where FreeType's
// FT_New_Face fails.
func NewFont(f *sfnt.Font) (*Font, error) {
	if f == nil {
		return nil, &Error{Code: "Invalid_Argument", Glyph: -1, Detail: "nil font", kind: ErrArgument}
	}
	head := f.Head()
	if head.UnitsPerEm == 0 {
		return nil, &Error{Code: "Invalid_Table", Glyph: -1, Detail: "head: units per em is 0", kind: ErrArgument}
	}
	if _, err := f.Hhea(); err != nil {
		return nil, &Error{Code: "Invalid_Table", Glyph: -1, Detail: err.Error(), kind: ErrArgument}
	}
	if err := f.LocaErr(); err != nil {
		// tt_face_init: tt_face_load_loca fails without a loca table
		// (one running past the end of the file counts as absent), with
		// or without glyf, and FT_New_Face fails.
		return nil, &Error{Code: "Locations_Missing", Glyph: -1, Detail: err.Error(), kind: ErrArgument}
	}
	ft := &Font{
		sf:        f,
		numGlyphs: f.NumGlyphs(),
		upem:      int64(head.UnitsPerEm),
		headFlags: head.Flags,
		maxp:      f.Maxp(),
		fpgm:      f.Fpgm(),
		prep:      f.Prep(),
	}
	c := f.CVT()
	ft.cvt = make([]int64, c.Len())
	for i := range ft.cvt {
		ft.cvt[i] = int64(c.At(i)) * 64
	}
	if h, err := f.Hhea(); err == nil {
		ft.hheaAsc, ft.hheaDesc = h.Ascender, h.Descender
		ft.hmtx, ft.nHMetrics = f.Table(sfnt.TagHmtx), int(h.NumberOfHMetrics)
	}
	if v, err := f.Vhea(); err == nil {
		ft.hasVMetrics = true
		ft.vmtx, ft.nVMetrics = f.Table(sfnt.TagVmtx), int(v.NumberOfHMetrics)
	}
	if t := f.Table(sfnt.MakeTag("OS/2")); len(t) >= 78 {
		v := uint16(t[0])<<8 | uint16(t[1])
		if v != 0xFFFF {
			ft.os2Valid = true
			ft.typoAsc = int16(uint16(t[68])<<8 | uint16(t[69]))
			ft.typoDesc = int16(uint16(t[70])<<8 | uint16(t[71]))
		}
	}
	if t := f.Table(sfnt.MakeTag("post")); len(t) >= 16 {
		ft.isFixedPitch = t[12]|t[13]|t[14]|t[15] != 0
	}
	ft.hdmx = loadHdmx(f.Table(sfnt.MakeTag("hdmx")), ft.numGlyphs)
	ft.sizeFace = newSizeFace(f)
	asc, desc := ft.hheaAsc, ft.hheaDesc
	if ft.os2Valid {
		asc, desc = ft.typoAsc, ft.typoDesc
	}
	ft.vAscender = asc
	ft.vAdvance = int64(uint16(abs64(int64(asc) - int64(desc))))
	if f.HasTable(sfnt.TagFvar) {
		ft.vf = newVarFont(f, ft.hasVMetrics)
	}
	return ft, nil
}

// loadHdmx is tt_face_load_hdmx: the records of a well-formed hdmx table,
// sorted by ppem.
func loadHdmx(t []byte, numGlyphs int) [][]byte {
	if len(t) < 8 {
		return nil
	}
	n := int(uint16(t[2])<<8 | uint16(t[3]))
	size := uint32(t[4])<<24 | uint32(t[5])<<16 | uint32(t[6])<<8 | uint32(t[7])
	if size >= 0xFFFF0000 {
		size &= 0xFFFF
	}
	if n > 255 || n == 0 {
		return nil
	}
	if int64(size) != int64((numGlyphs+2+3)&^3) {
		return nil
	}
	var recs [][]byte
	p := 8
	for i := 0; i < n; i++ {
		if p+int(size) > len(t) {
			break
		}
		recs = append(recs, t[p:p+int(size)])
		p += int(size)
	}
	// insertion sort by ppem (stable, like a sort of well-formed data)
	for i := 1; i < len(recs); i++ {
		for j := i; j > 0 && recs[j][0] < recs[j-1][0]; j-- {
			recs[j], recs[j-1] = recs[j-1], recs[j]
		}
	}
	return recs
}

// NumGlyphs returns the number of glyphs.
func (f *Font) NumGlyphs() int { return f.numGlyphs }

// MaxPPEM is the largest ppem NewInstance accepts (and the largest x
// or y ppem of any instance: FT_Request_Metrics' limit).
const MaxPPEM = size.MaxPPEM

// NewInstance returns the font at ppem pixels per em (x and y) in the
// given mode: NewInstanceRequest(size.Pixels(ppem*64), opts), the size
// FT_Set_Pixel_Sizes(face, 0, ppem) sets.
func (f *Font) NewInstance(ppem int, opts Options) (*Instance, error) {
	if ppem < 1 || ppem > MaxPPEM {
		return nil, &Error{Code: "Invalid_Argument", Glyph: -1, Detail: fmt.Sprintf("ppem %d out of range", ppem), kind: ErrArgument}
	}
	return f.NewInstanceRequest(size.Pixels(int64(ppem)<<6), opts)
}

// NewInstanceRequest returns the font at the size req asks for (any
// char size and resolutions, as FT_Set_Char_Size with req's fields
// sets it; see package size) in the given mode. The size model is
// FreeType's tt_size_request (see SizeMetrics): unhinted outlines are
// scaled by the request's exact x and y scales; hinted ones by scales
// from the rounded ppem when the font's head.flags bit 3 asks for
// integer ppem; with x and y ppem different, the instructions see
// FreeType's stretched CVT and ppem. For hinted modes it runs fpgm and
// prep as FreeType runs them for a fresh size. A failing fpgm or prep
// does not fail NewInstanceRequest: as in FreeType, it makes every
// hinted LoadGlyph fail with that error (see ProgramErr). The error is
// for requests FreeType refuses (Invalid_Argument, Invalid_Pixel_Size,
// Invalid_PPem) and bad options.
func (f *Font) NewInstanceRequest(req size.Request, opts Options) (*Instance, error) {
	if opts.Mode < ModeNone || opts.Mode > ModeV40 || opts.Target < TargetNormal || opts.Target > TargetMono {
		return nil, &Error{Code: "Invalid_Argument", Glyph: -1, Detail: "bad options", kind: ErrArgument}
	}
	sm, err := f.newSizeModel(req)
	if err != nil {
		return nil, err
	}
	in := &Instance{font: f, req: req, sm: sm, ppem: int(sm.ppem), opts: opts}
	in.ld.sizeHint = newSizeHint(f.maxp)
	// tt_glyph_load: hinted loads use the hinted metrics, unhinted
	// ones the public ones.
	m := in.SizeMetrics()
	in.xScale, in.yScale = m.XScale, m.YScale
	s32 := int64(int32(in.xScale))
	in.smallScale = in.xScale == in.yScale && s32 > 0 && s32 < 1<<16
	if opts.Tracer != nil {
		in.SetTracer(opts.Tracer)
	}
	if opts.Design != nil {
		if err := in.setupVariation(opts.Design); err != nil {
			return nil, err
		}
	}
	if opts.Mode != ModeNone {
		in.setupBytecode()
		in.setupLoader()
	}
	return in, nil
}

// setupLoader is the part of tt_loader_init that depends only on the
// size: what prep's INSTCTRL left in the size's graphics state
// (selector 1 turns hinting off, selector 2 asks for the default
// graphics state for glyphs, selector 3 turns v40's backward
// compatibility off), the v40 half advance of phantom point 3, and the
// hdmx advances, which FreeType uses unless v40's backward
// compatibility is on or the font is fixed-pitch. LoadGlyph applies
// them to each glyph.
func (in *Instance) setupLoader() {
	e := &in.e
	ic := in.sizeGS.instructControl
	in.glyphHinted = ic&1 == 0
	in.glyphDefaultGS = ic&2 != 0
	if in.glyphDefaultGS {
		ic = defaultGraphicsState.instructControl
	}
	in.glyphBackwardCompat = e.version == 40 && e.subpixelLean && ic&4 == 0
	in.glyphUseAw2 = e.subpixelLean && e.grayscaleCT
	if !(e.version == 40 && in.glyphBackwardCompat) && !in.font.isFixedPitch {
		in.glyphWidths = in.widths
	}
	gs := in.sizeGS
	gs.gep0, gs.gep1, gs.gep2 = 1, 1, 1
	gs.projVector = unitVec{0x4000, 0}
	gs.freeVector = gs.projVector
	gs.dualVector = gs.projVector
	gs.roundState = roundToGrid
	gs.loop = 1
	in.glyphGS = gs
}

// An Instance is a font at one size in one mode, ready to load glyphs.
type Instance struct {
	font *Font
	req  size.Request
	sm   sizeModel
	ppem int // tt_metrics.ppem: the larger of x and y ppem
	opts Options
	// xScale and yScale scale the outlines (16.16): the hinted
	// metrics' for hinted modes, the public ones for ModeNone.
	xScale, yScale int64
	// smallScale says xScale = yScale and 0 < int32(xScale) < 1.0,
	// where the loader scales with the shorter loops (see scaleSmall).
	smallScale bool

	e       exec
	progErr error
	sizeGS  graphicsState
	widths  []byte // hdmx record for ppem, nil if none
	ld      loader
	vary    *instVar // variation instance (Options.Design); nil: default
	// Set by setupLoader for hinted modes (see there).
	glyphHinted         bool
	glyphDefaultGS      bool
	glyphBackwardCompat bool
	glyphUseAw2         bool
	glyphWidths         []byte
	// glyphGS is the graphics state a glyph program starts with
	// (TT_Run_Context on the size's state).
	glyphGS   graphicsState
	faulted   bool
	fault     Error
	traceSnap *traceSnap
}

// ProgramErr returns the error of fpgm or prep, nil if they ran
// successfully or the mode is ModeNone.
func (in *Instance) ProgramErr() error { return in.progErr }

// PPEM returns the instance's pixels per em: the larger of its x and y
// ppem (FreeType's tt_metrics.ppem, which MPPEM returns for square
// pixels). SizeMetrics has both.
func (in *Instance) PPEM() int { return in.ppem }

// Options returns the instance's options.
func (in *Instance) Options() Options { return in.opts }

// setupBytecode is tt_size_init_bytecode, tt_size_run_fpgm and
// tt_size_ready_bytecode/tt_size_run_prep as the first hinted
// FT_Load_Glyph on a fresh size runs them (including the second prep
// run tt_loader_init asks for when the target's flags differ from a new
// execution context's).
func (in *Instance) setupBytecode() {
	f := in.font
	e := &in.e
	if in.opts.Mode == ModeV35 {
		e.version = 35
	} else {
		e.version = 40
	}
	e.numGlyphs = f.numGlyphs
	e.pedantic = in.opts.Pedantic
	mp := f.maxp
	e.fdefs = make([]defRec, mp.FreeTypeMaxFunctionDefs())
	e.idefs = make([]defRec, mp.MaxInstructionDefs)
	e.cvt = make([]int64, len(f.cvt))
	e.glyfCvt = make([]int64, len(f.cvt))
	e.storage = make([]int64, mp.MaxStorage)
	e.glyfStorage = make([]int64, mp.MaxStorage)
	e.stack = make([]int64, int(mp.MaxStackElements)+StackExtra)
	nTw := int(mp.FreeTypeMaxTwilightPoints()) + 4
	e.twilight = zone{
		org: make([]vec, nTw), cur: make([]vec, nTw), orus: make([]vec, nTw),
		tags: make([]uint8, nTw), nPoints: nTw,
	}
	e.twilightFull = nTw
	e.ranges[rangeFont] = f.fpgm
	// TT_Load_Context for fpgm: metrics zeroed by tt_size_run_fpgm
	// (square: x_ppem = y_ppem = 0).
	e.pointSize = in.sm.pointSize
	e.period, e.phase, e.threshold = 64, 0, 0
	e.fDotP = 0x4000
	e.gs = defaultGraphicsState
	e.loadContext()
	e.ppem, e.scale, e.xScale, e.yScale = 0, 0, 0, 0
	if len(f.fpgm) > 0 {
		e.callTop, e.top = 0, 0
		e.gotoCodeRange(rangeFont, 0)
		e.prog = ProgFpgm
		if c := e.run(); c != errOK {
			in.progErr = e.progError(ProgFpgm, c)
			return
		}
	}
	// tt_size_ready_bytecode: twilight and storage cleared, default GS.
	for i := range e.twilight.cur {
		e.twilight.cur[i] = vec{}
		e.twilight.org[i] = vec{}
	}
	for i := range e.storage {
		e.storage[i] = 0
	}
	in.sizeGS = defaultGraphicsState
	if err := in.runPrep(); err != nil {
		in.progErr = err
		return
	}
	// tt_loader_init: a change of the subpixel, ClearType-grayscale or
	// grayscale flags from a fresh context's (all false) re-runs prep.
	lean := e.version == 40 && in.opts.Target != TargetMono
	ct := lean
	gray := !lean && in.opts.Target != TargetMono
	if e.version == 35 {
		gray = in.opts.Target != TargetMono
	}
	if lean || ct || gray {
		e.subpixelLean, e.grayscaleCT, e.grayscale = lean, ct, gray
		if err := in.runPrep(); err != nil {
			in.progErr = err
			return
		}
	}
	if w := f.hdmx; w != nil {
		// tt_face_get_device_metrics at x_ppem
		for _, r := range w {
			if int(r[0]) == in.sm.hinted.XPPEM {
				in.widths = r[2:]
				break
			}
		}
	}
}

// runPrep is tt_size_run_prep: scale the CVT, run prep, reset the
// vectors, reference points, zone pointers and loop, and keep the
// graphics state as the size's.
func (in *Instance) runPrep() error {
	f := in.font
	e := &in.e
	s := in.sm.scale >> 6
	for i, v := range in.baseCVT() {
		e.cvt[i] = mulFix(v, s)
	}
	e.gs = in.sizeGS
	e.loadContext()
	e.setMetrics(in)
	e.callTop, e.top = 0, 0
	e.ranges[rangeCVT] = f.prep
	e.ranges[rangeGlyph] = nil
	var err error
	if len(f.prep) > 0 {
		e.gotoCodeRange(rangeCVT, 0)
		e.prog = ProgPrep
		if c := e.run(); c != errOK {
			err = e.progError(ProgPrep, c)
		}
	}
	e.gs.dualVector = unitVec{0x4000, 0}
	e.gs.projVector = unitVec{0x4000, 0}
	e.gs.freeVector = unitVec{0x4000, 0}
	e.gs.rp0, e.gs.rp1, e.gs.rp2 = 0, 0, 0
	e.gs.gep0, e.gs.gep1, e.gs.gep2 = 1, 1, 1
	e.gs.loop = 1
	in.sizeGS = e.gs
	return err
}

// loadContext is the part of TT_Load_Context that matters between runs:
// the twilight zone regains its full size and the zone pointers point to
// an empty glyph zone.
func (e *exec) loadContext() {
	e.twilight.nPoints = e.twilightFull
	e.pts = zone{}
	e.zp0, e.zp1, e.zp2 = &e.pts, &e.pts, &e.pts
}

// setMetrics is TT_Load_Context's copy of the size's metrics (the
// hinted ones, tt_size_reset's) and tt_metrics, and TT_RunIns' choice of
// the stretched routines for non-square pixels (aspect.go).
func (e *exec) setMetrics(in *Instance) {
	sm := &in.sm
	e.ppem = sm.ppem
	e.scale = sm.scale
	e.xScale = sm.hinted.XScale
	e.yScale = sm.hinted.YScale
	e.pointSize = sm.pointSize
	e.stretched = sm.hinted.XPPEM != sm.hinted.YPPEM
	e.xRatio, e.yRatio = sm.xRatio, sm.yRatio
}

// progError returns the Error for a failed run of program p: FreeType's
// error c and where the run stopped (code range, pc, opcode).
func (e *exec) progError(p Program, c errCode) error {
	return &Error{Code: c.String(), Program: p, Range: Program(e.errRng), PC: e.errIP, Opcode: e.errOp, Glyph: -1, kind: ErrProgram}
}

// glyphError converts an sfnt decoding error to FreeType's error.
func glyphError(gid int, err error, hinted bool) error {
	code := "Invalid_Outline"
	msg := err.Error()
	switch {
	case errors.Is(err, sfnt.ErrGlyphIndex):
		code = "Invalid_Glyph_Index"
	case errors.Is(err, sfnt.ErrMissingTable):
		code = "Invalid_Table"
	case strings.Contains(msg, "component") || strings.Contains(msg, "MaxCompositeComponents"):
		code = "Invalid_Composite"
	case strings.Contains(msg, "instruction") && hinted:
		code = "Too_Many_Hints"
	}
	return &Error{Code: code, Glyph: gid, Detail: msg, kind: ErrGlyph}
}
