package cff

import "fontvm/internal/ftmath"

// Glyph loading as FreeType 2.12.1's cff_slot_load (src/cff/cffgload.c)
// does it with the "adobe" engine (src/psaux/psft.c
// cf2_decoder_parse_charstrings, psfont.c cf2_getGlyphOutline): the
// charstring is run at unit scale (1/64 in 16.16) when unhinted, then
// the outline is transformed by the font matrix and scaled by the size's
// 16.16 scales with FT_MulFix; the advance is hmtx's, scaled the same
// way (and rounded to whole pixels when hinting, FT_Load_Glyph's
// ft_glyphslot_grid_fit_metrics).

// A Loader runs charstrings of one Font. It holds the machines and
// buffers, so that steady-state loading allocates nothing; it is not safe
// for concurrent use (use one per goroutine).
type Loader struct {
	f   *Font
	p   *Private
	fd  int
	gid int
	b   builder
	m   [2]machine // the glyph's, and a seac component's

	errName string
	err     *CharstringError

	hinted         bool
	scaleX, scaleY int32
	nominalWidth   int32
	defaultWidth   int32

	bv      []int64
	bvBuilt bool
	bvIndex int
	vsindex int
	usedBV  bool

	random []uint32 // per Font DICT, as FreeType keeps it per subfont across loads

	tracer  Tracer
	step    Step
	pending bool

	upem       int
	useWidth   bool         // advance from the charstring width (cff_slot_load without hmtx)
	topFM      fontMatrix   // the Top DICT's font matrix, normalized
	subFM      []fontMatrix // the Font DICTs' (nil for fonts without)
	blues      blues        // the Font DICT's blue zones at the current scale
	bluesOK    bool         // blues holds Font DICT bluesFD at bluesScale
	bluesFD    int
	bluesScale int32
	counterMap hintMap // cntrmask's temporary map
}

// NewLoader returns a Loader for f, a font of upem units per em (the
// face's: head.unitsPerEm for OpenType fonts).
func NewLoader(f *Font, upem int) *Loader {
	l := &Loader{f: f, upem: upem}
	l.topFM, l.subFM = f.matrices(int64(upem))
	size := stackSizeCFF
	if f.cff2 {
		size = stackSizeCFF2
	}
	for i := range l.m {
		l.m[i].l = l
		l.m[i].size = size
		l.m[i].stack = make([]number, 0, size)
	}
	l.random = make([]uint32, len(f.fds))
	for i := range f.fds {
		l.random[i] = f.fds[i].seed
	}
	return l
}

// seac returns the machine for a seac component.
func (l *Loader) seac() *machine { return &l.m[1] }

// seacComponent mirrors cf2_getSeacComponent: the charstring of the glyph
// whose charset SID is the standard encoding's for code.
func (l *Loader) seacComponent(code int) ([]byte, bool) {
	g := l.f.glyphByStdCode(code)
	if g < 0 {
		return nil, false
	}
	return l.f.charStrings.element(g), true
}

// Scale is a size's horizontal and vertical 16.16 scales (font units to
// 26.6 pixels: FT_Size_Metrics x_scale, y_scale).
type Scale struct{ X, Y int64 }

// Load loads glyph gid into out at scale sc, hinted (the adobe engine's
// hinter) or not. advance is the glyph's hmtx advance in font units
// (ignored by a Face's loader when the face's advances are the
// charstrings' widths: Face.CharstringAdvances).
// Errors are *CharstringError values (FreeType fails the glyph with
// Invalid_File_Format, or Invalid_Outline), or ErrGlyphIndex.
func (l *Loader) Load(gid int, sc Scale, hinted bool, advance int, out *Outline) error {
	f := l.f
	if gid < 0 || gid >= f.charStrings.count {
		return ErrGlyphIndex
	}
	grid := hinted
	l.b.reset(out)
	out.Advance = 0
	l.gid = gid
	l.errName, l.err = "", nil
	fd := f.fdSel.get(gid)
	if fd >= len(f.fds) {
		return &CharstringError{Glyph: gid, FreeType: "Invalid_File_Format", Msg: "FDSelect names a missing Font DICT"}
	}
	l.p, l.fd = &f.fds[fd], fd
	// cff_slot_load: fonts with Font DICTs use their own matrix, and the
	// scales are adjusted when its units per em differ from the Top
	// DICT's
	fm := &l.topFM
	if l.subFM != nil {
		fm = &l.subFM[fd]
		if l.topFM.upm != fm.upm {
			sc.X = ftmath.MulDiv(sc.X, l.topFM.upm, fm.upm)
			sc.Y = ftmath.MulDiv(sc.Y, l.topFM.upm, fm.upm)
		}
	}
	if l.upem > 0x7FFF {
		// cf2_checkTransform refuses a face of more than 0x7FFF units
		// per em (possible only for pure CFF fonts, whose units per em
		// come from the FontMatrix), hinted and again on cff_slot_load's
		// unhinted retry
		return &CharstringError{Glyph: gid, FreeType: "Glyph_Too_Big", Msg: "units per em exceed 0x7FFF"}
	}
	if hinted {
		// cf2_getScaleAndHintFlag, cf2_checkTransform: beyond 2000 ppem
		// (Glyph_Too_Big) cff_slot_load loads unhinted and scales
		sx := add32(int32(sc.X), 32) / 64
		sy := add32(int32(sc.Y), 32) / 64
		if sx <= 0 || sy <= 0 {
			return &CharstringError{Glyph: gid, FreeType: "Invalid_Size_Handle", Msg: "scale not positive"}
		}
		max := int32(divFix(2000<<16, int64(intToFixed(int64(l.upem)))))
		if sx > max || sy > max {
			hinted = false
		} else {
			l.scaleX, l.scaleY = sx, sy
		}
	}
	l.hinted = hinted
	if !hinted {
		l.scaleX, l.scaleY = 0x400, 0x400
	} else if !l.bluesOK || l.bluesFD != fd || l.bluesScale != l.scaleY {
		// cf2_font_setup recomputes the blue zones when the Font DICT or
		// the scale changes
		l.blues.init(l.p, l.scaleY)
		l.bluesOK, l.bluesFD, l.bluesScale = true, fd, l.scaleY
	}
	l.nominalWidth = int32(uint32(l.p.NominalWidthX) << 16)
	l.defaultWidth = int32(uint32(l.p.DefaultWidthX) << 16)
	l.bvBuilt, l.usedBV, l.vsindex = false, false, l.p.Vsindex
	m := &l.m[0]
	width := m.run(f.charStrings.element(gid), false, 0, 0)
	if l.errName == "" && l.b.err != "" {
		l.errName = l.b.err
		l.err = &CharstringError{Glyph: gid, FreeType: l.b.err, Msg: "outline too large"}
	}
	if l.err != nil {
		l.b.reset(out)
		return l.err
	}
	l.b.closeContour()
	if err := checkOutline(out, gid); err != nil {
		l.b.reset(out)
		return err
	}
	// cff_slot_load: font matrix, offset, then the size's scales
	mx := fm.m
	adv := int64(advance)
	if l.useWidth {
		// cf2_setGlyphWidth: decoder->glyph_width = cf2_fixedToInt(width),
		// rounded and truncated to FT_Short
		adv = int64(int16(uint16((uint32(width) + 0x8000) >> 16)))
	}
	if mx[0] != 0x10000 || mx[3] != 0x10000 || mx[1] != 0 || mx[2] != 0 {
		for i, p := range out.Points {
			out.Points[i] = Point{mulFix(p.X, mx[0]) + mulFix(p.Y, mx[2]), mulFix(p.X, mx[1]) + mulFix(p.Y, mx[3])}
		}
		adv = mulFix(adv, mx[0])
	}
	if fm.off[0] != 0 || fm.off[1] != 0 {
		for i := range out.Points {
			out.Points[i].X += fm.off[0]
			out.Points[i].Y += fm.off[1]
		}
		adv += fm.off[0]
	}
	if !hinted {
		for i, p := range out.Points {
			out.Points[i] = Point{mulFix(p.X, sc.X), mulFix(p.Y, sc.Y)}
		}
	}
	out.Advance = mulFix(adv, sc.X)
	if grid {
		out.Advance = (out.Advance + 32) &^ 63 // ft_glyphslot_grid_fit_metrics
	}
	return nil
}

// checkOutline is FT_Outline_Check, run by FT_Load_Glyph on the result
// (Invalid_Outline).
func checkOutline(o *Outline, gid int) error {
	n := len(o.Points)
	if n == 0 && len(o.Ends) == 0 {
		return nil
	}
	end0 := -1
	end := -1
	for _, e := range o.Ends {
		end = e
		if end <= end0 || end >= n {
			return &CharstringError{Glyph: gid, FreeType: "Invalid_Outline", Msg: "inconsistent contour ends"}
		}
		end0 = end
	}
	if end != n-1 {
		return &CharstringError{Glyph: gid, FreeType: "Invalid_Outline", Msg: "inconsistent contour ends"}
	}
	return nil
}

// ftmathDivFix is FT_DivFix.
func ftmathDivFix(a, b int64) int64 { return ftmath.DivFix(a, b) }

// ftmathMulDiv is FT_MulDiv.
func ftmathMulDiv(a, b, c int64) int64 { return ftmath.MulDiv(a, b, c) }
