package hint

import (
	"errors"
	"fmt"

	"fontvm/internal/glyfcode"
	"fontvm/sfnt"
)

// varFont is the size-independent variation data of a variable font
// (nil in Font for other fonts): what FreeType 2.12.1 loads for its blend
// (TT_Get_MM_Var, ft_var_load_gvar, ft_var_load_hvvar, ft_var_load_mvar).
type varFont struct {
	vars    *sfnt.Variations
	gvar    *sfnt.Gvar
	gvarErr error
	// hvar and vvar are nil when absent or unusable: FreeType then
	// takes the advances from the varied phantom points
	// (TT_FACE_FLAG_VAR_HADVANCE / VADVANCE unset). vvar is loaded only
	// with vertical metrics (FreeType asks for it only then).
	hvar, vvar *sfnt.MetricsVar
	mvar       *sfnt.MVAR
}

// newVarFont loads f's variation tables, or returns nil when FreeType
// would not treat f as a variation font.
func newVarFont(f *sfnt.Font, hasVMetrics bool) *varFont {
	v, err := f.Variations()
	if err != nil {
		return nil
	}
	vf := &varFont{vars: v}
	n := v.NumAxes()
	vf.gvar, vf.gvarErr = f.Gvar(n)
	if m, err := f.MetricsVar(sfnt.TagHVAR, n); err == nil {
		vf.hvar = m
	}
	if hasVMetrics {
		if m, err := f.MetricsVar(sfnt.TagVVAR, n); err == nil {
			vf.vvar = m
		}
	}
	if m, err := f.MVAR(n); err == nil {
		vf.mvar = m
	}
	return vf
}

// Variations returns the font's axes and named instances, or nil if it
// is not a variable font (as FreeType sees it: see sfnt.Font.Variations).
func (f *Font) Variations() *sfnt.Variations {
	if f.vf == nil {
		return nil
	}
	return f.vf.vars
}

// instVar is an Instance's variation state: FreeType's blend after
// FT_Set_Var_Design_Coordinates.
type instVar struct {
	coords []int32 // normalized, 16.16
	cvt    []int64 // the unscaled CVT with the cvar deltas (nil without a CVT)
	vg     sfnt.VarGlyph
	// The MVAR-varied vertical metrics the loader emulates without
	// vmtx (TT_Get_VMetrics after tt_apply_mvar).
	vAscender int16
	vAdvance  int64
	// The HVAR and VVAR stores' region scalars at coords (nil without
	// the table), computed once for every glyph's advance delta.
	hScalars, vScalars []int64
}

// ErrNotVariable is wrapped by the error of an instance asking for a
// variation of a font without variations (FreeType's
// FT_Set_Var_Design_Coordinates fails with Invalid_Argument).
var ErrNotVariable = errors.New("hint: not a variable font")

// setupVariation is FT_Set_Var_Design_Coordinates with all of design
// (16.16 design coordinates; missing trailing axes at their defaults):
// the normalized coordinates, the gvar check of tt_set_mm_blend, the
// cvar deltas of tt_face_vary_cvt and the MVAR deltas of tt_apply_mvar
// that the loader uses. Errors are those that make FreeType's call fail.
func (in *Instance) setupVariation(design []int64) error {
	f := in.font
	vf := f.vf
	if vf == nil {
		return &Error{Code: "Invalid_Argument", Glyph: -1, Detail: "font has no usable fvar/gvar", kind: fmt.Errorf("%w", ErrNotVariable)}
	}
	coords, err := vf.vars.Normalize(nil, design)
	if err != nil {
		return &Error{Code: "Invalid_Argument", Glyph: -1, Detail: err.Error(), kind: ErrArgument}
	}
	if vf.gvarErr != nil {
		return &Error{Code: freeTypeCode(vf.gvarErr, "Invalid_Stream_Operation"), Glyph: -1, Detail: vf.gvarErr.Error(), kind: ErrArgument}
	}
	v := &instVar{coords: coords}
	if vf.hvar != nil {
		v.hScalars = vf.hvar.Store().RegionScalars(nil, coords)
	}
	if vf.vvar != nil {
		v.vScalars = vf.vvar.Store().RegionScalars(nil, coords)
	}
	v.vg.Reserve(in.ld.sizeHint.points + 4)
	if len(f.cvt) > 0 {
		v.cvt = append([]int64(nil), f.cvt...)
		var sc sfnt.CvarScratch
		if err := f.sf.ApplyCvar(vf.gvar, vf.vars.NumAxes(), coords, v.cvt, &sc); err != nil {
			return &Error{Code: freeTypeCode(err, "Invalid_Table"), Glyph: -1, Detail: err.Error(), kind: ErrArgument}
		}
	}
	asc, desc := f.hheaAsc, f.hheaDesc
	if f.os2Valid {
		asc = vf.mvar.Vary(mvarHasc, coords, f.typoAsc)
		desc = vf.mvar.Vary(mvarHdsc, coords, f.typoDesc)
	}
	v.vAscender = asc
	v.vAdvance = int64(uint16(abs64(int64(asc) - int64(desc))))
	if vf.mvar != nil {
		in.applyMVARSize(f.sizeFace.varied(vf.mvar, coords))
	}
	in.vary = v
	in.e.blend, in.e.coords = true, coords
	return nil
}

// freeTypeCode returns the FreeType error name an sfnt error carries, or
// def.
func freeTypeCode(err error, def string) string {
	var fe *sfnt.FormatError
	if errors.As(err, &fe) && fe.FreeType != "" {
		return fe.FreeType
	}
	return def
}

// NormalizedCoords returns the instance's normalized coordinates (16.16,
// as FreeType keeps them; GETVARIATION pushes them shifted right by 2),
// nil for an instance without variation.
func (in *Instance) NormalizedCoords() []int32 {
	if in.vary == nil {
		return nil
	}
	return append([]int32(nil), in.vary.coords...)
}

// baseCVT returns the unscaled CVT prep starts from: the font's, or the
// instance's with the cvar deltas.
func (in *Instance) baseCVT() []int64 {
	if in.vary != nil && in.vary.cvt != nil {
		return in.vary.cvt
	}
	return in.font.cvt
}

// insGETVARIATION is Ins_GETVARIATION (0x91) for a font with a blend:
// it pushes the normalized coordinates as F2Dot14 (the 16.16 values
// shifted right by 2), one per axis, or fails with Stack_Overflow when
// they do not fit (TT_RunIns's new_top check).
func (e *exec) insGETVARIATION(a []int64) {
	n := len(e.coords)
	if e.args+n > len(e.stack) {
		e.err = errStackOverflow
		return
	}
	for i, c := range e.coords {
		a[i] = int64(c >> 2)
	}
	e.newTop = e.args + n
}

// loadVar is load (load_truetype_glyph) at a non-default instance: the
// metrics with the HVAR/VVAR/MVAR deltas (tt_get_metrics), the phantom
// points (tt_loader_set_pp), and the gvar deltas of a simple glyph
// (TT_Process_Simple_Glyph), of a composite's component offsets and
// phantom points, or of an empty glyph's phantom points
// (TT_Vary_Apply_Glyph_Deltas in load_truetype_glyph). c is where the
// coordinates of a simple glyph are that loadGlyphFlags left undecoded
// (nil if none); they are decoded here, before the deltas apply.
func (in *Instance) loadVar(gid uint16, g *sfnt.Glyph, c *glyfcode.Coords, depth int) error {
	f := in.font
	vf := f.vf
	v := in.vary
	ld := &in.ld
	aw, lsb := tableMetric(f.hmtx, f.nHMetrics, int(gid))
	hadv := vf.hvar != nil
	if hadv {
		if d, ok := vf.hvar.AdvanceDeltaScalars(int(gid), v.hScalars); ok {
			aw = int64(uint16(aw + int64(d)))
		}
	}
	var tsb, ah int64
	vadv := false
	if f.hasVMetrics {
		ah, tsb = tableMetric(f.vmtx, f.nVMetrics, int(gid))
		if vadv = vf.vvar != nil; vadv {
			if d, ok := vf.vvar.AdvanceDeltaScalars(int(gid), v.vScalars); ok {
				ah = int64(uint16(ah + int64(d)))
			}
		}
	} else {
		tsb = int64(int16(int32(v.vAscender) - int32(g.YMax)))
		ah = v.vAdvance
	}
	ld.setPP(g, aw, lsb, tsb, ah)
	vg := &v.vg
	switch {
	case g.NumContours > 0:
		if ld.nPoints+len(g.Flags)+4 > sfnt.MaxGlyphLoaderPoints || ld.nContours+len(g.EndPts) > sfnt.MaxGlyphLoaderContours {
			return glyphErr(int(gid), "Array_Too_Large", "too many points or contours for FreeType's glyph loader")
		}
		if c != nil {
			if err := decodeCoords(g, c); err != nil {
				return ld.recordError(int(gid), g, err)
			}
		}
		return in.loadSimpleVar(gid, g, depth, hadv, vadv)
	case g.NumContours == 0:
		in.varPhantoms(0)
		if err := vf.gvar.Apply(int(gid), v.coords, vg, nil, hadv, vadv); err != nil {
			return glyphErr(int(gid), freeTypeCode(err, "Invalid_Table"), err.Error())
		}
		in.takePhantoms(0)
		in.scalePP()
		return nil
	}
	nc := len(g.Components)
	in.varPhantoms(nc)
	for i := range g.Components {
		vg.X[i], vg.Y[i] = int64(g.Components[i].Arg1), int64(g.Components[i].Arg2)
	}
	if err := vf.gvar.Apply(int(gid), v.coords, vg, nil, hadv, vadv); err != nil {
		return glyphErr(int(gid), freeTypeCode(err, "Invalid_Table"), err.Error())
	}
	for i := range g.Components {
		c := &g.Components[i]
		if c.Flags&sfnt.ARGS_ARE_XY_VALUES != 0 {
			c.Arg1, c.Arg2 = int32(int16(vg.X[i])), int32(int16(vg.Y[i]))
		}
	}
	in.takePhantoms(nc)
	return in.loadComposite(gid, g, depth)
}

// varPhantoms sizes the instance's VarGlyph to n points plus the four
// phantom points, which it sets to the loader's (font units).
func (in *Instance) varPhantoms(n int) {
	vg := &in.vary.vg
	if cap(vg.X) < n+4 {
		vg.X, vg.Y = make([]int64, n+4, 2*n+8), make([]int64, n+4, 2*n+8)
	}
	vg.X, vg.Y = vg.X[:n+4], vg.Y[:n+4]
	ld := &in.ld
	vg.X[n], vg.Y[n] = ld.pp1.x, ld.pp1.y
	vg.X[n+1], vg.Y[n+1] = ld.pp2.x, ld.pp2.y
	vg.X[n+2], vg.Y[n+2] = ld.pp3.x, ld.pp3.y
	vg.X[n+3], vg.Y[n+3] = ld.pp4.x, ld.pp4.y
}

// takePhantoms sets the loader's phantom points to the varied ones (font
// units) after n points.
func (in *Instance) takePhantoms(n int) {
	vg := &in.vary.vg
	ld := &in.ld
	ld.pp1 = vec{vg.X[n], vg.Y[n]}
	ld.pp2 = vec{vg.X[n+1], vg.Y[n+1]}
	ld.pp3 = vec{vg.X[n+2], vg.Y[n+2]}
	ld.pp4 = vec{vg.X[n+3], vg.Y[n+3]}
}

// loadSimpleVar is TT_Process_Simple_Glyph at a non-default instance:
// the gvar deltas applied to the glyph's points and phantom points in
// font units; orus get the rounded varied points, cur (and org) the
// unrounded ones scaled as FreeType scales them ((FT_MulFix(u, scale) +
// 32) >> 6 of the 26.6 values); the loader's phantom points are the
// varied scaled ones, except that with HVAR (VVAR) and hinting pp1, pp2
// (pp3, pp4) are the unvaried ones scaled with FT_MulFix, as FreeType
// sets them (TT_Hint_Glyph then replaces them unless v40's backward
// compatibility is on). g's coordinates are decoded.
func (in *Instance) loadSimpleVar(gid uint16, g *sfnt.Glyph, depth int, hadv, vadv bool) error {
	ld := &in.ld
	v := in.vary
	vg := &v.vg
	n, nc := len(g.Flags), len(g.EndPts)
	in.varPhantoms(n)
	xs, ys, gx, gy := vg.X[:n], vg.Y[:n], g.X[:n], g.Y[:n]
	for i := range xs {
		xs[i], ys[i] = int64(gx[i]), int64(gy[i])
	}
	pp1, pp2, pp3, pp4 := ld.pp1, ld.pp2, ld.pp3, ld.pp4
	if err := in.font.vf.gvar.Apply(int(gid), v.coords, vg, g.EndPts, hadv, vadv); err != nil {
		return glyphErr(int(gid), freeTypeCode(err, "Invalid_Table"), err.Error())
	}
	base := ld.nPoints
	m := n + 4
	if base+m > len(ld.cur) {
		ld.ensure(base + m)
	}
	ends := ld.addContours(nc)
	for i, e := range g.EndPts[:len(ends)] {
		ends[i] = int(e)
	}
	sx, sy := in.xScale, in.yScale
	cur, tags := ld.cur[base:base+m], ld.tags[base:base+m]
	ux, uy := vg.UX[:m], vg.UY[:m]
	for i := range cur {
		cur[i] = vec{add(mulFix(ux[i], sx), 32) >> 6, add(mulFix(uy[i], sy), 32) >> 6}
	}
	onBits(tags[:n], g.Flags)
	tags[n], tags[n+1], tags[n+2], tags[n+3] = 0, 0, 0, 0
	if hadv && ld.hinted {
		ld.pp1, ld.pp2 = vec{mulFix(pp1.x, sx), pp1.y}, vec{mulFix(pp2.x, sx), pp2.y}
	} else {
		ld.pp1, ld.pp2 = cur[n], cur[n+1]
	}
	if vadv && ld.hinted {
		ld.pp3, ld.pp4 = vec{mulFix(pp3.x, sx), mulFix(pp3.y, sy)}, vec{mulFix(pp4.x, sx), mulFix(pp4.y, sy)}
	} else {
		ld.pp3, ld.pp4 = cur[n+2], cur[n+3]
	}
	if ld.hinted && len(g.Instructions) > 0 {
		orus, org := ld.orus[base:base+m], ld.org[base:base+m]
		vx, vy := vg.X[:m], vg.Y[:m]
		for i := range orus {
			orus[i] = vec{vx[i], vy[i]}
		}
		copy(org, cur)
		z := &in.e.pts
		if !ld.zoneOK || ld.zoneBase != base {
			z.org, z.cur, z.orus, z.tags = ld.org[base:], ld.cur[base:], ld.orus[base:], ld.tags[base:]
			ld.zoneOK, ld.zoneBase = true, base
		}
		z.contours = ends
		z.nPoints, z.nContours, z.firstPoint = m, nc, 0
		in.hintGlyph(false, g.Instructions)
	} else if ld.hinted {
		// TT_Hint_Glyph without a program: the zone's phantom points
		// rounded and, unless v40's backward compatibility keeps the
		// loader's, taken as the loader's.
		in.sizeScan()
		if e := &in.e; !(e.version == 40 && e.backwardCompat) {
			ld.pp1 = vec{pixRound(cur[n].x), cur[n].y}
			ld.pp2 = vec{pixRound(cur[n+1].x), cur[n+1].y}
			ld.pp3 = vec{cur[n+2].x, pixRound(cur[n+2].y)}
			ld.pp4 = vec{cur[n+3].x, pixRound(cur[n+3].y)}
		}
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

// ParseVariation parses a variation spec, "tag=value,..." (design units,
// e.g. "wght=700,wdth=87.5"; axes not named at their defaults) or
// "named=N" (FreeType's named instance N, counted from 1), into design
// coordinates for Options.Design, converting values as the reference
// tools do (value × 65536 rounded half away from zero). v is the font's
// Variations (nil: not a variable font, an error).
func ParseVariation(v *sfnt.Variations, spec string) ([]int64, error) {
	if v == nil {
		return nil, fmt.Errorf("%w", ErrNotVariable)
	}
	if rest, ok := cutPrefix(spec, "named="); ok {
		var n int
		if _, err := fmt.Sscanf(rest, "%d", &n); err != nil || n < 1 || n > len(v.Instances) {
			return nil, fmt.Errorf("hint: named instance %q not in 1..%d", rest, len(v.Instances))
		}
		return append([]int64(nil), v.Instances[n-1].Coords...), nil
	}
	var tags []sfnt.Tag
	var vals []float64
	for _, item := range splitComma(spec) {
		k, val, ok := cutByte(item, '=')
		if !ok || len(k) == 0 || len(k) > 4 {
			return nil, fmt.Errorf("hint: bad variation %q (want tag=value)", item)
		}
		var x float64
		if _, err := fmt.Sscanf(val, "%g", &x); err != nil {
			return nil, fmt.Errorf("hint: bad variation value %q", item)
		}
		tags = append(tags, sfnt.MakeTag(k))
		vals = append(vals, x)
	}
	return v.ParseDesign(tags, vals)
}

// cutPrefix is strings.CutPrefix.
func cutPrefix(s, p string) (string, bool) {
	if len(s) >= len(p) && s[:len(p)] == p {
		return s[len(p):], true
	}
	return s, false
}

// cutByte splits s around the first c.
func cutByte(s string, c byte) (string, string, bool) {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return s[:i], s[i+1:], true
		}
	}
	return s, "", false
}

// splitComma splits s at commas, dropping empty items.
func splitComma(s string) []string {
	var out []string
	for len(s) > 0 {
		a, b, _ := cutByte(s, ',')
		if a != "" {
			out = append(out, a)
		}
		s = b
	}
	return out
}

// insGETVARIATIONH is GETVARIATION (0x91) as dispatched: a font with a
// blend runs insGETVARIATION, others insUnknown (FreeType's TT_RunIns).
func (e *exec) insGETVARIATIONH(a []int64) {
	if e.blend {
		e.insGETVARIATION(a)
		return
	}
	e.insUnknown()
}

// insGETDATA is Ins_GETDATA (0x92, pushes 1): 17, in a font with a blend
// only (others: insUnknown).
func (e *exec) insGETDATA(a []int64) {
	if e.blend {
		a[0] = 17
		return
	}
	e.insUnknown()
}
