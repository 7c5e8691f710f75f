package raster

import (
	"encoding/binary"
	"errors"
	"fontvm/internal/ftmath"
	"image"
	"math"
	"math/bits"

	"golang.org/x/image/math/fixed"
)

// The monochrome scan converter follows FreeType 2.12.1's src/raster/ftraster.c
// step by step, because drop-out control makes the result depend on every
// detail: how arcs are flattened, which scanline crossings are recorded,
// how profiles are linked and sorted, and even when the render pool runs
// out and the glyph is redone in bands.
//
// Coordinates are scaled so that pixel centres fall on multiples of the
// precision (64 or, for FlagHighPrecision, 4096 units per pixel). The glyph
// is decomposed into "profiles": y-monotonic runs of the outline, each an
// array of x crossings at consecutive scanlines. A sweep pairs ascending
// (left) and descending (right) profiles on each scanline, fills the pixel
// centres between them, and applies drop-out control where a span misses
// every pixel centre. A second sweep over the transposed outline adds the
// drop-outs of horizontal features.

const (
	monoPoolSize   = 16384 / 8 // FT_RENDER_POOL_SIZE / sizeof(long): FT_MAX_BLACK_POOL
	monoProfSize   = 8         // AlignProfileSize on LP64: a profile header, in pool longs
	monoMaxBezier  = 64        // Bezier stack depth (FreeType: 32, which never fills for glyphs)
	monoBandStack  = 32
	monoArcs       = 3*monoMaxBezier + 1 // the Bezier stack's size in points
	maxMonoProfile = monoPoolSize/monoProfSize + 1
	// arcMask and poolMask are no-op index masks (monoArcs <= arcMask,
	// monoPoolSize = poolMask+1) that spare hot loops a bounds check.
	arcMask  = 255
	poolMask = monoPoolSize - 1
	profMask = 511 // the profile array's size less one; maxMonoProfile <= profMask
	// turnWords is the y-turn bit set's size in words: a turn is a
	// scanline of the target or the one above it, 0..MaxSize.
	turnWords = MaxSize/64 + 1 // a power of two, so that w&(turnWords-1) is a no-op mask
)

// The index masks must not change an index in range.
var (
	_ [arcMask - monoArcs]struct{}
	_ [poolMask + 1 - monoPoolSize]struct{}
	_ [monoPoolSize - poolMask - 1]struct{}
	_ [profMask - maxMonoProfile]struct{}
	_ [-(turnWords & (turnWords - 1))]struct{} // turnWords is a power of two
)

// Profile flags.
const (
	flowUp          = 0x08
	overshootTop    = 0x10
	overshootBottom = 0x20
)

type monoState int

const (
	stateUnknown monoState = iota
	stateAscending
	stateDescending
)

type monoProfile struct {
	x      int64 // current crossing during the sweep
	link   int   // next profile in the list it is in, -1 for none
	offset int   // pool index of its crossings
	flags  uint16
	// countL is FreeType's countL once the profile is drawn: the
	// drop-out mark (FreeType's count of scanlines to wait before
	// drawing it is replaced by a comparison with start).
	countL uint8
	dir    int   // +1 for an ascending profile, -1 for a descending one (the step of offset in the sweep)
	height int64 // number of crossings
	start  int64 // first scanline
	next   int   // next profile of the same contour, -1 for none
}

type monoPoint struct{ x, y int64 }

// Mono is FreeType's monochrome rasterizer (ftraster.c). The zero value is
// ready to use. A Mono is not safe for concurrent use.
type Mono struct {
	// precision
	prec, precHalf, precScale, precStep, precJitter int64
	// precBits is log2(prec); it is 6 or 12, and a uint below 64 spares
	// the compiler's code for shifts of 64 or more
	precBits uint8

	pool    [monoPoolSize]int64
	top     int // first free pool slot
	maxBuff int // pool limit: the y-turns and one profile header live above it
	// turns is the set of y-turns, one bit per scanline; turnLo and
	// turnHi are the words the current band can use.
	turns          [turnWords]uint64
	turnLo, turnHi int
	numTurns       int

	profs    [profMask + 1]monoProfile // maxMonoProfile used
	nProfs   int                       // profile slots in use (the last one is cProfile)
	numProfs int                       // finished profiles
	cProf    int
	fProf    int // -1 when there is none
	gProf    int // first profile of the current contour, -1 for none

	dropOut      uint8
	lastX, lastY int64
	vStart       monoPoint // the current contour's start (decomposeCurve)
	minY, maxY   int64
	fresh, joint bool
	state        monoState

	// arcs is the Bezier stack: monoArcs points, and spare ones so that
	// conicUp can view any masked arc index's split window without a
	// bounds check.
	arcs [arcMask + 5]monoPoint

	o       *Outline
	points  []fixed.Point26_6 // o.Points
	flipped bool
	tx, ty  int64 // translation into raster space, 26.6
	sx, sy  int64 // SCALED(tx), SCALED(ty)

	// quietSweep's state (mono_quiet.go): the cell table and its
	// current stamp, and the table's row length (rows+1)
	cells  []quietCell
	qGen   uint32
	qRows1 int
	// fullPasses makes Render sweep the horizontal pass even when
	// quietSweep proves the sweep sets nothing (for the oracle tests).
	fullPasses bool
	// quietSkips counts the horizontal sweeps skipped and bands the
	// render pool's overflows split (for the tests).
	quietSkips, bands uint64

	// target
	pix            []uint8
	base, stride   int
	width, rows    int
	horizontalPass bool
}

// setPrecision is Set_High_Precision: high precision (12 bits, steps of
// 1/16 pixel, jitter 30) for outlines that ask for it, low precision
// (6 bits, half-pixel steps, jitter 2) otherwise.
func (m *Mono) setPrecision(high bool) {
	if high {
		m.precBits, m.precStep, m.precJitter = 12, 256, 30
	} else {
		m.precBits, m.precStep, m.precJitter = 6, 32, 2
	}
	m.prec = 1 << m.precBits
	m.precHalf = m.prec >> 1
	m.precScale = m.prec >> 6
}

// floor, ceil, trunc, frac and scaled are ftraster's FLOOR, CEILING,
// TRUNC, FRAC and SCALED at the current precision; isBottomOvershoot and
// isTopOvershoot are IS_BOTTOM_OVERSHOOT and IS_TOP_OVERSHOOT, and smart
// is SMART (the drop-out pixel between two crossings, rounded as
// FreeType rounds it).
func (m *Mono) floor(x int64) int64 { return x & -m.prec }

// ceil is CEILING.
func (m *Mono) ceil(x int64) int64 { return (x + m.prec - 1) & -m.prec }

// trunc is TRUNC.
func (m *Mono) trunc(x int64) int64 { return x >> (m.precBits & 63) }

// frac is FRAC.
func (m *Mono) frac(x int64) int64 { return x & (m.prec - 1) }

// scaled is SCALED: a 26.6 coordinate in raster precision, moved by
// half a pixel so that pixel centres fall on whole units.
func (m *Mono) scaled(x int64) int64 { return x*m.precScale - m.precHalf }

// isBottomOvershoot is IS_BOTTOM_OVERSHOOT.
func (m *Mono) isBottomOvershoot(x int64) bool { return m.ceil(x)-x >= m.precHalf }

// isTopOvershoot is IS_TOP_OVERSHOOT.
func (m *Mono) isTopOvershoot(x int64) bool { return x-m.floor(x) >= m.precHalf }

// smart is SMART: the pixel a smart drop-out rule picks between the
// crossings p and q.
func (m *Mono) smart(p, q int64) int64 { return m.floor((p + q + m.prec*63/64) >> 1) }

// Render draws o into dst with FreeType's monochrome rasterizer: every
// pixel of dst.Rect is first cleared, then set to 0xff where FreeType
// would set a bit. An outline reaching more than 0x10000 pixels away from
// dst is refused with ErrOverflow (FreeType refuses glyph boxes beyond
// ±0x8000 pixels), which bounds the work per segment. origin is where o's (0, 0) lands, in 26.6 image
// coordinates (y down). With dst.Rect = MonoBounds(o, 0, 0) and a zero
// origin, dst holds exactly the bitmap FT_Render_Glyph(FT_RENDER_MODE_MONO)
// makes of o.
func (m *Mono) Render(dst *image.Alpha, o *Outline, origin fixed.Point26_6) error {
	return m.RenderBox(dst, o, origin, o.Box())
}

// RenderBox is Render for an outline whose control box b the caller has
// already computed (b must be o.Box(): Render's bound on how far o may
// reach relies on it), to save a pass over the points.
func (m *Mono) RenderBox(dst *image.Alpha, o *Outline, origin fixed.Point26_6, b Box) (err error) {
	fr, err := newFrame(dst, b, origin)
	if err != nil {
		return err
	}
	clearRect(dst)
	ok, err := o.check()
	if !ok || err != nil || fr.w == 0 || fr.h == 0 {
		return err
	}
	m.o = o
	defer func() { m.o = nil; m.points = nil; m.pix = nil }()
	m.pix = dst.Pix
	m.stride = dst.Stride
	m.width, m.rows = fr.w, fr.h
	// Pixel (x, 0) of raster space (the bottom row) is at base.
	m.base = dst.PixOffset(dst.Rect.Min.X, dst.Rect.Max.Y-1)

	m.setPrecision(o.Flags&FlagHighPrecision != 0)
	if o.Flags&FlagIgnoreDropouts != 0 {
		m.dropOut = 2
	} else {
		if o.Flags&FlagSmartDropouts != 0 {
			m.dropOut = 4
		} else {
			m.dropOut = 0
		}
		if o.Flags&FlagIncludeStubs == 0 {
			m.dropOut++
		}
	}
	m.tx, m.ty = fr.dx, fr.dy
	m.sx, m.sy = m.scaled(m.tx), m.scaled(m.ty)
	m.points = o.Points

	m.horizontalPass = false
	if err := m.renderPass(false, 0, int64(fr.h)-1); err != nil {
		return err
	}
	if o.Flags&FlagSinglePass == 0 {
		m.horizontalPass = true
		if err := m.renderPass(true, 0, int64(fr.w)-1); err != nil {
			return err
		}
	}
	return nil
}

// clearRect zeroes dst's pixels.
func clearRect(dst *image.Alpha) {
	r := dst.Rect
	if r.Empty() {
		return
	}
	w := r.Dx()
	if dst.Stride == w {
		// the rows are contiguous: one clear
		i := dst.PixOffset(r.Min.X, r.Min.Y)
		clear(dst.Pix[i : i+w*r.Dy()])
		return
	}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		i := dst.PixOffset(r.Min.X, y)
		clear(dst.Pix[i : i+w])
	}
}

// renderPass is Render_Single_Pass: convert and sweep, halving the band
// whenever the render pool overflows.
func (m *Mono) renderPass(flipped bool, yMin, yMax int64) error {
	var bandStack [monoBandStack]int64
	bandTop := 0
	m.flipped = flipped
	for {
		m.minY = yMin * m.prec
		m.maxY = yMax * m.prec
		m.top = 0
		overflow, err := m.convertGlyph()
		if err == errStopPass {
			return nil
		}
		if err != nil && err != errQuietBand {
			return err
		}
		if overflow {
			if yMin == yMax || bandTop == len(bandStack) {
				return ErrOverflow
			}
			m.bands++
			yMid := (yMin + yMax) >> 1
			bandStack[bandTop] = yMin
			bandTop++
			yMin = yMid + 1
			continue
		}
		if err == errQuietBand {
			m.quietSkips++
		} else if m.fProf >= 0 {
			if err := m.drawSweep(); err != nil {
				return err
			}
		}
		bandTop--
		if bandTop < 0 {
			return nil
		}
		yMax = yMin - 1
		yMin = bandStack[bandTop]
	}
}

// errPoolOverflow reports internally that the render pool is full and the
// band must be halved.
var errPoolOverflow = errors.New("raster: render pool overflow")

// errQuietBand reports internally that quietSweep proved the band's
// sweep changes nothing: it is skipped.
var errQuietBand = errors.New("raster: quiet band")

// errStopPass ends a pass silently, as FreeType's Convert_Glyph does when
// it fails without an error code.
var errStopPass = errors.New("raster: pass ends")

// endProfile is End_Profile.
func (m *Mono) endProfile(overshoot bool) error {
	p := &m.profs[m.cProf&profMask]
	h := int64(m.top - p.offset)
	if h < 0 {
		return ErrInvalidOutline // Raster_Negative_Height
	}
	if h > 0 {
		p.height = h
		if overshoot {
			if p.flags&flowUp != 0 {
				p.flags |= overshootTop
			} else {
				p.flags |= overshootBottom
			}
		}
		if m.nProfs >= maxMonoProfile {
			return errPoolOverflow
		}
		old := m.cProf
		m.cProf = m.nProfs
		m.nProfs++
		m.top += monoProfSize
		np := &m.profs[m.cProf&profMask]
		np.height = 0
		np.offset = m.top
		np.flags = 0
		m.profs[old&profMask].next = m.cProf
		m.numProfs++
	}
	if m.top >= m.maxBuff {
		return errPoolOverflow
	}
	m.joint = false
	return nil
}

// insertYTurn is Insert_Y_Turn: add y to the set of scanlines where
// profiles start or end. FreeType keeps the set as a sorted array below
// the render pool's top, each new value taking one slot from the pool;
// here the set is a bit set (m.turns), and only the pool limit moves as in
// FreeType, so that overflows and sub-banding stay the same.
func (m *Mono) insertYTurn(y int64) error {
	w := int(y >> 6)
	// one unsigned comparison for w < turnLo (y < 0 included) and
	// w > turnHi
	if uint(w-m.turnLo) > uint(m.turnHi-m.turnLo) {
		return ErrInvalidOutline // out of the band: cannot happen for clipped profiles
	}
	// A turn already in the set takes no slot; fresh is 1 for a new one
	// (arithmetic, not a branch). The pool's room is checked either way:
	// for a turn already in the set the check is the one the last new
	// turn passed (convert leaves top below maxBuff, and finalizing moves
	// only maxBuff), so it passes again, as FreeType's early return does.
	t := &m.turns[w&(turnWords-1)]
	fresh := int(*t>>(y&63)&1 ^ 1)
	m.maxBuff -= fresh
	if m.maxBuff <= m.top {
		return errPoolOverflow
	}
	m.numTurns += fresh
	*t |= uint64(1) << (y & 63)
	return nil
}

// nextTurn returns the smallest y-turn at or above y, and false when
// there is none: Draw_Sweep's reading of the next turn from the sorted
// array (ras.sizeBuff[-ras.numTurns]), on the bit set insertYTurn fills.
func (m *Mono) nextTurn(y int64) (int64, bool) {
	w := int(y >> 6)
	if w < m.turnLo {
		w, y = m.turnLo, int64(m.turnLo)<<6
	}
	if w > m.turnHi {
		return 0, false
	}
	b := m.turns[w] >> (y & 63) << (y & 63)
	for b == 0 {
		w++
		if w > m.turnHi {
			return 0, false
		}
		b = m.turns[w]
	}
	return int64(w)<<6 + int64(bits.TrailingZeros64(b)), true
}

// finalizeProfileTable is Finalize_Profile_Table.
func (m *Mono) finalizeProfileTable() error {
	n := m.numProfs
	if n > 1 && m.fProf >= 0 {
		p := m.fProf
		for ; n > 0; n-- {
			pp := &m.profs[p&profMask]
			if n > 1 {
				pp.link = p + 1
			} else {
				pp.link = -1
			}
			// A descending profile's start moves from its top to its
			// bottom scanline and its offset to its last crossing: down
			// is all ones for it, zero for an ascending one, and masks
			// the move (no branch on the direction).
			down := int64(pp.flags&flowUp)>>3 - 1
			shift := (pp.height - 1) & down
			bottom := pp.start - shift
			top := bottom + pp.height - 1
			pp.start = bottom
			pp.offset += int(shift)
			if err := m.insertYTurn(bottom); err != nil {
				return err
			}
			if err := m.insertYTurn(top + 1); err != nil {
				return err
			}
			p = pp.link
		}
	} else {
		m.fProf = -1
	}
	return nil
}

// push stores one crossing x on the render pool (ftraster's *top++ = x);
// callers have checked the pool's room.
func (m *Mono) push(x int64) {
	m.pool[m.top] = x
	m.top++
}

// splitCubic is Split_Cubic: it splits the cubic arc b[0..3] at t = 1/2
// into b[0..3] and b[3..6] with FreeType's integer halvings, so that the
// arcs and hence the crossings are FreeType's to the bit.
func splitCubic(b []monoPoint) {
	b[6].x = b[3].x
	a := b[0].x + b[1].x
	bb := b[1].x + b[2].x
	c := b[2].x + b[3].x
	b[5].x = c >> 1
	c += bb
	b[4].x = c >> 2
	b[1].x = a >> 1
	a += bb
	b[2].x = a >> 2
	b[3].x = (a + c) >> 3
	b[6].y = b[3].y
	a = b[0].y + b[1].y
	bb = b[1].y + b[2].y
	c = b[2].y + b[3].y
	b[5].y = c >> 1
	c += bb
	b[4].y = c >> 2
	b[1].y = a >> 1
	a += bb
	b[2].y = a >> 2
	b[3].y = (a + c) >> 3
}

// split splits the arc at m.arcs[arc] in two (Split_Conic, Split_Cubic),
// the new arc above it, or reports errPoolOverflow when the arc stack is
// full.
func (m *Mono) split(arc, degree int) error {
	if arc < 0 || arc+2*degree >= monoArcs {
		return errPoolOverflow
	}
	if degree == 2 {
		splitConic5((*[5]monoPoint)(m.arcs[arc : arc+5]))
	} else {
		splitCubic(m.arcs[arc:])
	}
	return nil
}

// splitConic5 is Split_Conic: it splits the conic b[0..2] (end point
// first) at its middle into b[2..4] and b[0..2]. (conicUp has an inline
// copy.)
func splitConic5(b *[5]monoPoint) {
	b[4].x = b[2].x
	a := b[0].x + b[1].x
	c := b[1].x + b[2].x
	b[3].x = c >> 1
	b[2].x = (a + c) >> 2
	b[1].x = a >> 1
	b[4].y = b[2].y
	a = b[0].y + b[1].y
	c = b[1].y + b[2].y
	b[3].y = c >> 1
	b[2].y = (a + c) >> 2
	b[1].y = a >> 1
}

// bezierUp is Bezier_Up: record the crossings of an ascending arc whose
// points are m.arcs[arc : arc+degree+1] (end point first).
func (m *Mono) bezierUp(degree, arc int, miny, maxy int64) error {
	a := &m.arcs
	// arc+degree < monoArcs: the masks change nothing but spare the
	// bounds checks
	first := (arc + degree) & arcMask
	y1 := a[first].y
	y2 := a[arc&arcMask].y
	if y2 < miny || y1 > maxy {
		return nil
	}
	e2 := m.floor(y2)
	if e2 > maxy {
		e2 = maxy
	}
	e0 := miny
	var e int64
	if y1 < miny {
		e = miny
	} else {
		e = m.ceil(y1)
		f1 := m.frac(y1)
		e0 = e
		if f1 == 0 {
			if m.joint {
				m.top--
				m.joint = false
			}
			m.push(a[first].x)
			e += m.prec
		}
	}
	if m.fresh {
		m.profs[m.cProf&profMask].start = m.trunc(e0)
		m.fresh = false
	}
	if e2 < e {
		return nil
	}
	if int64(m.top)+m.trunc(e2-e)+1 >= int64(m.maxBuff) {
		return errPoolOverflow
	}
	if degree == 2 {
		return m.conicCrossings(arc, e, e2)
	}
	// The loop keeps the pool top, the joint flag and the precision in
	// locals (written back on the way out); the pool cannot overflow in
	// it, as checked above.
	start := arc
	top, joint := m.top, m.joint
	pool := &m.pool
	prec, precStep := m.prec, m.precStep
	for {
		joint = false
		y2 = a[arc].y
		if y2 > e {
			y1 = a[arc+degree].y
			if y2-y1 >= precStep {
				if err := m.split(arc, degree); err != nil {
					m.top, m.joint = top, joint
					return err
				}
				arc += degree
			} else {
				pool[top] = a[arc+degree].x + (a[arc].x-a[arc+degree].x)*(e-y1)/(y2-y1)
				top++
				arc -= degree
				e += prec
			}
		} else {
			if y2 == e {
				joint = true
				pool[top] = a[arc].x
				top++
				e += prec
			}
			arc -= degree
		}
		if !(arc >= start && e <= e2) {
			break
		}
	}
	m.top, m.joint = top, joint
	return nil
}

// conicUp is Bezier_Up's loop for a conic arc (degree 2) at m.arcs[start],
// recording crossings from scanline e up to e2 (e <= e2; the pool has
// room for them): bezierUp's loop with the degree a constant and
// Split_Conic inline. A split whose lower half lies wholly below scanline
// e writes only the upper half and goes on with it: FreeType would pop
// that lower half in its next iteration without using it. (Checked by
// TestReferenceRasterizers and face's TestReferenceFaceBitmaps against
// FreeType's bitmaps.)
func (m *Mono) conicUp(start int, e, e2 int64) error {
	a := &m.arcs
	pool := &m.pool
	prec, precStep := m.prec, m.precStep
	arc := start
	// The pool top stays in m.top: kept in a local, it costs register
	// moves on every split, which outnumber the crossings.
	for {
		// the arc b[0..2] and the two points a split adds (spare slots
		// of m.arcs when the stack is full); arc < monoArcs, so the mask
		// changes nothing but lets the compiler drop the bounds check.
		b := (*[5]monoPoint)(a[arc&arcMask : arc&arcMask+5])
		y2 := b[0].y
		if y2 > e {
			y1 := b[2].y
			if y2-y1 >= precStep {
				if arc >= monoArcs-4 {
					// the arc stack is full (m.split's overflow)
					m.joint = false
					return errPoolOverflow
				}
				// Split_Conic, y first: it decides which halves are
				// kept
				ym := b[1].y
				py, qy := y2+ym, ym+y1
				mid := (py + qy) >> 2
				if mid < e {
					// the lower half b[2..4] is popped unused
					b[2].y = mid
					b[1].y = py >> 1
					x1 := b[1].x
					p, q := b[0].x+x1, x1+b[2].x
					b[2].x = (p + q) >> 2
					b[1].x = p >> 1
					continue
				}
				b[4].y = y1
				b[3].y = qy >> 1
				b[2].y = mid
				b[1].y = py >> 1
				x1 := b[1].x
				p, q := b[0].x+x1, x1+b[2].x
				b[4].x = b[2].x
				b[3].x = q >> 1
				b[2].x = (p + q) >> 2
				b[1].x = p >> 1
				arc += 2
				continue
			}
			pool[m.top&poolMask] = b[2].x + (b[0].x-b[2].x)*(e-y1)/(y2-y1)
			m.top++
			e += prec
		} else if y2 == e {
			pool[m.top&poolMask] = b[0].x
			m.top++
			e += prec
			arc -= 2
			if arc < start || e > e2 {
				// FreeType's joint flag: the last crossing is this
				// arc's end, on the scanline
				m.joint = true
				return nil
			}
			continue
		}
		arc -= 2
		if arc < start || e > e2 {
			break
		}
	}
	m.joint = false
	return nil
}

// conicCrossings records the crossings of the ascending conic piece at
// m.arcs[start] on scanlines e..e2 (e <= e2; the pool has room for them):
// conicDescend for a piece at the bottom of the Bezier stack with at
// most three crossings and lower than descendReach, conicUp (the stack
// walk, which shares the upper levels of the tree between many crossings
// and fails where FreeType's stack fills) for the rest.
func (m *Mono) conicCrossings(start int, e, e2 int64) error {
	a := &m.arcs
	if start == 0 && e2-e < 3*m.prec && a[0].y-a[2].y < descendReach {
		m.conicDescend(a[0].x, a[0].y, a[1].x, a[1].y, a[2].x, a[2].y, e, e2)
		return nil
	}
	return m.conicUp(start, e, e2)
}

// descendReach bounds the height of an arc that conicDescend takes:
// below it, a descent from the bottom of the Bezier stack cannot fill the
// stack. A monotonic conic of height h >= 4 splits into halves of height
// at most 3h/4 + 3/4 (each keeps its control point between its ends), so
// after d splits the height is at most (3/4)^d (h-3) + 3; a node is split
// only while its height is at least the precision step (32 or more), so
// an arc below 2^40 is split at most 85 times on the way to one crossing.
// Before its last split the descent has taken at most 84 lower halves,
// 168 points of stack, and conicUp fails only at 189 (monoArcs-4).
const descendReach = 1 << 40

// conicDescend is Bezier_Up for a conic piece at the bottom of the Bezier
// stack with few crossings and lower than descendReach, its points
// (r0x, r0y) (the end), (r1x, r1y) and (r2x, r2y) (the start) passed in
// registers. Each scanline's crossing is found by descending Bezier_Up's
// subdivision tree from the piece, with the node in locals, no stack and
// no branch on the half taken (which is as good as random, so that a
// branch on it is mispredicted half the time, as conicUp's stack walk
// pays on every split). Bezier_Up handles scanline e at the first node,
// lowest first, whose top is e, or which lies above e and is flatter than
// the precision step; descending, that node is in the lower half when
// the half's top is at or above e, else in the upper one. The nodes split
// are those Bezier_Up splits; such a piece cannot fill the stack (see
// descendReach), so the descent keeps no stack height and checks none.
// conicTo and conicCrossings hand it the pieces with at most three
// crossings. (Held to conicUp by TestConicDescend, and to FreeType's
// bitmaps by TestReferenceRasterizers and face's
// TestReferenceFaceBitmaps.)
func (m *Mono) conicDescend(r0x, r0y, r1x, r1y, r2x, r2y, e, e2 int64) {
	prec, step := m.prec, m.precStep
	joint := false
	for ; e <= e2; e += prec {
		x0, y0, x1, y1, x2, y2 := r0x, r0y, r1x, r1y, r2x, r2y
		for y0 != e && y0-y2 >= step {
			// Split_Conic, y first: k is -1 when the lower half's top
			// my is below e (the upper half is taken), else 0
			py, qy := y0+y1, y1+y2
			my := (py + qy) >> 2
			k := (my - e) >> 63
			py, qy = py>>1, qy>>1
			y1 = qy ^ (qy^py)&k
			y0 ^= (y0 ^ my) &^ k
			y2 ^= (y2 ^ my) & k
			px, qx := x0+x1, x1+x2
			mx := (px + qx) >> 2
			px, qx = px>>1, qx>>1
			x1 = qx ^ (qx^px)&k
			x0 ^= (x0 ^ mx) &^ k
			x2 ^= (x2 ^ mx) & k
		}
		var x int64
		if y0 == e {
			x = x0
			joint = true
		} else {
			x = x2 + (x0-x2)*(e-y2)/(y0-y2)
			joint = false
		}
		m.pool[m.top&poolMask] = x
		m.top++
	}
	m.joint = joint
}

// bezierDown is Bezier_Down: Bezier_Up on the arc mirrored in y. Only the
// end point is restored afterwards, as in FreeType (the rest is popped).
func (m *Mono) bezierDown(degree, arc int, miny, maxy int64) error {
	a := m.arcs[:]
	for i := 0; i <= degree; i++ {
		a[arc+i].y = -a[arc+i].y
	}
	fresh := m.fresh
	err := m.bezierUp(degree, arc, -maxy, -miny)
	if fresh && !m.fresh {
		m.profs[m.cProf&profMask].start = -m.profs[m.cProf&profMask].start
	}
	a[arc].y = -a[arc].y
	return err
}

// lineTo is Line_To, with Line_Up and Line_Down inline (a descending
// segment is taken mirrored in y, as Line_Down does).
func (m *Mono) lineTo(x, y int64) error {
	if y == m.lastY {
		// A horizontal segment changes no state and records no crossing
		// (Line_Up and Line_Down return at once for dy == 0); checked by
		// TestReferenceRasterizers and face's TestReferenceFaceBitmaps
		// against FreeType's bitmaps.
		m.lastX = x
		return nil
	}
	st := stateDescending
	if y > m.lastY {
		st = stateAscending
	}
	if m.state != st {
		if err := m.switchProfile(st, m.lastY); err != nil {
			return err
		}
	}
	// Line_Up, or Line_Down (Line_Up on the segment mirrored in y),
	// inline.
	x1, y1, x2, y2 := m.lastX, m.lastY, x, y
	m.lastX, m.lastY = x, y
	miny, maxy := m.minY, m.maxY
	desc := m.state != stateAscending
	if desc {
		y1, y2 = -y1, -y2
		miny, maxy = -maxy, -miny
	}
	dx := x2 - x1
	dy := y2 - y1
	if dy <= 0 || y2 < miny || y1 > maxy {
		return nil
	}
	// A vertical segment (dx == 0) skips the MulDivs: with dy > 0 they
	// are 0.
	var e1, e2, f1, f2 int64
	if y1 < miny {
		if dx != 0 {
			x1 += ftmath.MulDiv(dx, miny-y1, dy)
		}
		e1 = m.trunc(miny)
		f1 = 0
	} else {
		e1 = m.trunc(y1)
		f1 = m.frac(y1)
	}
	if y2 > maxy {
		e2 = m.trunc(maxy)
		f2 = 0
	} else {
		e2 = m.trunc(y2)
		f2 = m.frac(y2)
	}
	if f1 > 0 {
		if e1 == e2 {
			return nil
		}
		if dx != 0 {
			x1 += ftmath.MulDiv(dx, m.prec-f1, dy)
		}
		e1++
	} else if m.joint {
		m.top--
		m.joint = false
	}
	m.joint = f2 == 0
	if m.fresh {
		s := e1
		if desc {
			s = -s
		}
		m.profs[m.cProf&profMask].start = s
		m.fresh = false
	}
	size := e2 - e1 + 1
	if int64(m.top)+size >= int64(m.maxBuff) {
		return errPoolOverflow
	}
	// Ix and Rx: FreeType's SMulDiv_No_Round and remainder of
	// precision*|dx| by dy, both positive here, so one unsigned division
	// gives both (and a vertical segment none).
	var ix, rx int64
	step := int64(1)
	adx := dx
	if dx <= 0 {
		adx, step = -dx, -1
	}
	if adx != 0 {
		n, d := uint64(m.prec)*uint64(adx), uint64(dy)
		ix, rx = int64(n/d), int64(n%d)
		if dx < 0 {
			ix = -ix
		}
	}
	// The crossings are written in blocks (four of a vertical segment,
	// two of a slanted one), so that the loops' trip counts vary less
	// (most segments take one block) and mispredict less. A block may
	// write up to three slots past the segment's last crossing: nothing
	// lives above the pool top (the y-turns and profile headers that
	// FreeType keeps there are elsewhere here), and as the check above
	// keeps the top below maxBuff, which is at least monoProfSize slots
	// below the pool's end, they are in the pool. The indices are masked
	// (a no-op) to spare the bounds checks. (Checked by
	// TestReferenceRasterizers and face's TestReferenceFaceBitmaps against
	// FreeType's bitmaps.)
	ax := -dy
	top, pool := m.top, &m.pool
	end := top + int(size)
	if dx == 0 {
		// a vertical segment: every crossing is x1
		for i := top; i < end; i += 4 {
			pool[i&poolMask] = x1
			pool[(i+1)&poolMask] = x1
			pool[(i+2)&poolMask] = x1
			pool[(i+3)&poolMask] = x1
		}
		m.top = end
		return nil
	}
	for i := top; i < end; i += 2 {
		pool[i&poolMask] = x1
		x1 += ix
		ax += rx
		if ax >= 0 {
			ax -= dy
			x1 += step
		}
		pool[(i+1)&poolMask] = x1
		x1 += ix
		ax += rx
		if ax >= 0 {
			ax -= dy
			x1 += step
		}
	}
	m.top = end
	return nil
}

// arcTo is Conic_To (degree 2) and Cubic_To (degree 3): split the arc
// until each piece is y-monotonic and record each piece's crossings.
func (m *Mono) arcTo(degree int, c1, c2, to monoPoint) error {
	a := m.arcs[:]
	arc := 0
	a[degree] = monoPoint{m.lastX, m.lastY}
	if degree == 2 {
		a[1] = c1
	} else {
		a[2] = c1
		a[1] = c2
	}
	a[0] = to
	var endX, endY int64
	for {
		y1 := a[arc+degree].y
		yEnd := a[arc].y
		endX, endY = a[arc].x, yEnd
		ymin, ymax := y1, yEnd
		if y1 > yEnd {
			ymin, ymax = yEnd, y1
		}
		var split bool
		if degree == 2 {
			y2 := a[arc+1].y
			split = y2 < ymin || y2 > ymax
		} else {
			y2, y3 := a[arc+2].y, a[arc+1].y
			ymin2, ymax2 := y2, y3
			if y2 > y3 {
				ymin2, ymax2 = y3, y2
			}
			split = ymin2 < ymin || ymax2 > ymax
		}
		switch {
		case split:
			if err := m.split(arc, degree); err != nil {
				return err
			}
			arc += degree
		case y1 == yEnd:
			arc -= degree
		default:
			var st monoState
			if degree == 2 {
				if y1 < yEnd {
					st = stateAscending
				} else {
					st = stateDescending
				}
			} else {
				if y1 <= yEnd {
					st = stateAscending
				} else {
					st = stateDescending
				}
			}
			if m.state != st {
				if err := m.switchProfile(st, y1); err != nil {
					return err
				}
			}
			var err error
			if st == stateAscending {
				err = m.bezierUp(degree, arc, m.minY, m.maxY)
			} else {
				err = m.bezierDown(degree, arc, m.minY, m.maxY)
			}
			if err != nil {
				return err
			}
			arc -= degree
		}
		if arc < 0 {
			break
		}
	}
	m.lastX, m.lastY = endX, endY
	return nil
}

// switchProfile is Line_To's, Conic_To's and Cubic_To's change of
// profile when a piece starting at height y1 runs in direction st, not
// the current state's: End_Profile (endProfile, unless the state is
// unknown) and New_Profile, inline.
//
// New_Profile's stores of start, height, link and next are left out:
// every profile
// that ends with crossings (the only ones read) has its start set by the
// first piece that records a crossing (the fresh flag), its height and
// next set by End_Profile, and its link set by Finalize_Profile_Table
// before the sweep reads it. (Checked by TestReferenceRasterizers and
// face's TestReferenceFaceBitmaps against FreeType's bitmaps.)
func (m *Mono) switchProfile(st monoState, y1 int64) error {
	var o bool
	if st == stateAscending {
		o = m.isBottomOvershoot(y1)
	} else {
		o = m.isTopOvershoot(y1)
	}
	if m.state != stateUnknown {
		if err := m.endProfile(o); err != nil {
			return err
		}
	} else if m.fProf < 0 {
		// New_Profile's first profile
		m.cProf, m.nProfs, m.fProf = 0, 1, 0
		m.top += monoProfSize
	}
	top, cp := m.top, m.cProf
	if top >= m.maxBuff {
		return errPoolOverflow
	}
	// New_Profile
	p := &m.profs[cp&profMask]
	p.offset = top
	flags := uint16(m.dropOut)
	if st == stateAscending {
		flags |= flowUp
		p.dir = 1
		if o {
			flags |= overshootBottom
		}
	} else {
		p.dir = -1
		if o {
			flags |= overshootTop
		}
	}
	p.flags = flags
	if m.gProf < 0 {
		m.gProf = cp
	}
	m.state = st
	m.fresh = true
	m.joint = false
	return nil
}

// conicTo is Conic_To from the current point through control c to to.
// A conic that is already y-monotonic (the common case) skips arcTo's
// loop: its profile change is made here, and a descending one is taken
// mirrored in y, as Bezier_Down would do. Bezier_Up's work before its
// loop is done here too, on the three points in registers: a piece with
// no crossing to record (a third of them) changes the profile state as
// Bezier_Up would and returns without storing the arc; one with at most
// three crossings (and lower than descendReach) is handed, still in
// registers, to conicDescend, and the others are stored and handed
// to conicCrossings. (Checked by TestReferenceRasterizers
// and face's TestReferenceFaceBitmaps against FreeType's bitmaps.)
func (m *Mono) conicTo(c, to monoPoint) error {
	y0 := m.lastY
	lo, hi := y0, to.y
	if lo > hi {
		lo, hi = hi, lo
	}
	if c.y < lo || c.y > hi {
		return m.arcTo(2, c, monoPoint{}, to)
	}
	x0 := m.lastX
	// The current point moves before the arc is drawn (nothing below
	// reads it; an error ends the conversion), so that to need not
	// outlive the calls.
	m.lastX, m.lastY = to.x, to.y
	if y0 == to.y {
		return nil
	}
	st := stateDescending
	if y0 < to.y {
		st = stateAscending
	}
	if m.state != st {
		if err := m.switchProfile(st, y0); err != nil {
			return err
		}
	}
	// Bezier_Up on the arc (x0, y1), (c.x, cy), (to.x, y2), mirrored in
	// y when it descends (Bezier_Down).
	y1, cy, y2 := y0, c.y, to.y
	miny, maxy := m.minY, m.maxY
	if st == stateDescending {
		y1, cy, y2 = -y1, -cy, -y2
		miny, maxy = -maxy, -miny
	}
	if y2 < miny || y1 > maxy {
		return nil
	}
	e2 := min(m.floor(y2), maxy)
	e0, e := miny, miny
	if y1 >= miny {
		e = m.ceil(y1)
		e0 = e
		if m.frac(y1) == 0 {
			if m.joint {
				m.top--
				m.joint = false
			}
			m.push(x0)
			e += m.prec
		}
	}
	if m.fresh {
		s := m.trunc(e0)
		if st == stateDescending {
			s = -s
		}
		m.profs[m.cProf&profMask].start = s
		m.fresh = false
	}
	if e2 < e {
		return nil
	}
	if int64(m.top)+m.trunc(e2-e)+1 >= int64(m.maxBuff) {
		return errPoolOverflow
	}
	if e2-e < 3*m.prec && y2-y1 < descendReach {
		// a short piece, at the bottom of the Bezier stack: descended
		// with the arc in registers, never stored
		m.conicDescend(to.x, y2, c.x, cy, x0, y1, e, e2)
		return nil
	}
	a := &m.arcs
	a[2] = monoPoint{x0, y1}
	a[1] = monoPoint{c.x, cy}
	a[0] = monoPoint{to.x, y2}
	return m.conicCrossings(0, e, e2)
}

// pt returns outline point i in raster precision (SCALED after the
// translation into raster space), with x and y exchanged in the
// horizontal pass (FreeType's flipped outline).
//
// SCALED(p + t) is p*precScale + SCALED(t) (exact in int64's wrapping
// arithmetic), and SCALED(t) is kept in m.sx, m.sy; the points are
// pts, which decomposeCurve holds in a local (m.points).
func (m *Mono) pt(pts []fixed.Point26_6, i int) monoPoint {
	p := pts[i]
	x, y := int64(p.X)*m.precScale+m.sx, int64(p.Y)*m.precScale+m.sy
	if m.flipped {
		x, y = y, x
	}
	return monoPoint{x, y}
}

// decomposeCurve is Decompose_Curve for the contour of points first..last.
func (m *Mono) decomposeCurve(first, last int) error {
	tags, pts := m.o.Tags, m.points
	start := m.pt(pts, first)
	vLast := m.pt(pts, last)
	control := start
	limit := last
	point := first
	if tags[first]&TagHasScanMode != 0 {
		m.dropOut = tags[first] >> 5
	}
	tag := tags[first] & 3
	if tag == TagCubic {
		return ErrInvalidOutline
	}
	if tag == 0 { // conic: start at the last point or between the two
		if tags[last]&3 == TagOn {
			start = vLast
			limit--
		} else {
			start.x = (start.x + vLast.x) / 2
			start.y = (start.y + vLast.y) / 2
		}
		point--
	}
	m.lastX, m.lastY = start.x, start.y
	// In the loop both slices end at the contour's last point (which
	// Outline.check has bounded): one length serves both bounds checks.
	tags, pts = tags[:last+1], pts[:last+1]
	// The start waits in m for the contour's end, which spares the loop
	// two reloads after each call.
	m.vStart = start
	for point < limit {
		point++
		switch tags[point] & 3 {
		case TagOn:
			p := m.pt(pts, point)
			if p.y == m.lastY {
				// lineTo's horizontal segment, without the call
				m.lastX = p.x
				continue
			}
			if err := m.lineTo(p.x, p.y); err != nil {
				return err
			}
			continue
		case 0:
			control = m.pt(pts, point)
			for {
				if point < limit {
					point++
					p := m.pt(pts, point)
					t := tags[point] & 3
					if t == TagOn {
						if err := m.conicTo(control, p); err != nil {
							return err
						}
						break
					}
					if t != 0 {
						return ErrInvalidOutline
					}
					mid := monoPoint{(control.x + p.x) / 2, (control.y + p.y) / 2}
					if err := m.conicTo(control, mid); err != nil {
						return err
					}
					control = p
					continue
				}
				return m.conicTo(control, m.vStart)
			}
			continue
		default: // cubic
			if point+1 > limit || tags[point+1]&3 != TagCubic {
				return ErrInvalidOutline
			}
			point += 2
			c1, c2 := m.pt(pts, point-2), m.pt(pts, point-1)
			if point <= limit {
				if err := m.arcTo(3, c1, c2, m.pt(pts, point)); err != nil {
					return err
				}
				continue
			}
			return m.arcTo(3, c1, c2, m.vStart)
		}
	}
	return m.lineTo(m.vStart.x, m.vStart.y)
}

// convertGlyph is Convert_Glyph: build the profiles of the whole outline
// for the current band. It reports a pool overflow as overflow=true.
func (m *Mono) convertGlyph() (overflow bool, err error) {
	err = m.convert()
	if err == errPoolOverflow {
		return true, nil
	}
	return false, err
}

// convert is Convert_Glyph's body (convertGlyph maps its pool overflow):
// it decomposes each contour into the current band's profiles
// (Decompose_Curve), drops the doubled crossing where a contour's two
// extreme arcs join on a scanline, ends the contour's last profile and
// links it to the contour's first, then finalizes the profile table
// (Finalize_Profile_Table). A full pool is errPoolOverflow, which makes
// the caller split the band as Render_Single_Pass does; a pool filled
// past its limit at the end is errStopPass, FreeType's silent end of
// the pass.
func (m *Mono) convert() error {
	m.fProf = -1
	m.joint = false
	m.fresh = false
	m.maxBuff = monoPoolSize - monoProfSize
	m.numTurns = 0
	// the band's turns: its scanlines and the one above it
	m.turnLo = int(m.trunc(m.minY) >> 6)
	m.turnHi = int((m.trunc(m.maxY) + 1) >> 6)
	clear(m.turns[m.turnLo : m.turnHi+1])
	m.cProf = 0
	m.nProfs = 1
	m.profs[0] = monoProfile{offset: m.top, link: -1, next: -1}
	m.numProfs = 0
	first := 0
	for _, last := range m.o.Contours {
		m.state = stateUnknown
		m.gProf = -1
		if err := m.decomposeCurve(first, last); err != nil {
			return err
		}
		first = last + 1
		// Do the contour's two extreme arcs join on a scanline?
		if m.frac(m.lastY) == 0 && m.lastY >= m.minY && m.lastY <= m.maxY {
			if m.gProf >= 0 && m.profs[m.gProf&profMask].flags&flowUp == m.profs[m.cProf&profMask].flags&flowUp {
				m.top--
			}
		}
		last := m.cProf
		var o bool
		if m.top != m.profs[m.cProf&profMask].offset && m.profs[m.cProf&profMask].flags&flowUp != 0 {
			o = m.isTopOvershoot(m.lastY)
		} else {
			o = m.isBottomOvershoot(m.lastY)
		}
		if err := m.endProfile(o); err != nil {
			return err
		}
		if m.gProf >= 0 {
			m.profs[last&profMask].next = m.gProf
		}
	}
	// The horizontal pass's sweep can be skipped (quietSweep), and with
	// it Finalize_Profile_Table, when its y-turns cannot fill the pool.
	if m.horizontalPass && !m.fullPasses && m.fProf >= 0 && m.numProfs > 1 &&
		m.top+2*m.numProfs+1 < m.maxBuff && m.quietSweep() {
		return errQuietBand
	}
	if err := m.finalizeProfileTable(); err != nil {
		return err
	}
	if m.top >= m.maxBuff {
		// FreeType fails here without setting an error code, which ends
		// the pass silently.
		return errStopPass
	}
	return nil
}

// List helpers (InsNew, DelOld, Sort). Lists are chained through link.

// insNew is InsNew: it inserts profile p into the list at *list, kept in
// ascending order of the profiles' current x.
func (m *Mono) insNew(list *int, p int) {
	old := list
	cur := *old
	x := m.profs[p&profMask].x
	for cur >= 0 {
		if x < m.profs[cur&profMask].x {
			break
		}
		old = &m.profs[cur&profMask].link
		cur = *old
	}
	m.profs[p&profMask].link = cur
	*old = p
}

// stepList is sortLists' walk of what is left of one list from profile
// l once the other list has ended: each profile advances to its next
// crossing, prev is the crossing before l's, and the differences of
// neighbours are or-ed into u, which it returns.
func (m *Mono) stepList(l int, prev, u int64) int64 {
	ps, pool := &m.profs, &m.pool
	for ; l >= 0; l = ps[l&profMask].link {
		p := &ps[l&profMask]
		x := pool[p.offset&poolMask]
		p.x = x
		u |= x - prev
		prev = x
		p.offset += p.dir
		p.height--
	}
	return u
}

// sortLists is Sort on Draw_Sweep's two lists, the left one's then the
// right one's: it advances every profile of each list to its next
// crossing and puts the list in ascending order of x (sortList). The
// two lists are walked in step, so that their chains of links are
// followed side by side.
func (m *Mono) sortLists(left, right *int) {
	// Advance every profile to its next crossing, noting whether each
	// list is still in order: then FreeType's sort would change nothing,
	// and it is skipped (checked by TestReferenceRasterizers and face's
	// TestReferenceFaceBitmaps against FreeType's bitmaps). uL and uR
	// collect the differences of neighbours: the sign is set when one
	// is negative (crossings are far below 2^61 in magnitude, so no
	// difference overflows).
	var uL, uR int64
	prevL, prevR := int64(-1<<62), int64(-1<<62)
	// Profile indices are masked with profMask (a no-op) to spare the
	// bounds checks.
	ps, pool := &m.profs, &m.pool
	l, r := *left, *right
	for l >= 0 && r >= 0 {
		p, q := &ps[l&profMask], &ps[r&profMask]
		xl, xr := pool[p.offset&poolMask], pool[q.offset&poolMask]
		p.x, q.x = xl, xr
		uL |= xl - prevL
		uR |= xr - prevR
		prevL, prevR = xl, xr
		p.offset += p.dir
		q.offset += q.dir
		p.height--
		q.height--
		l, r = p.link, q.link
	}
	uL = m.stepList(l, prevL, uL)
	uR = m.stepList(r, prevR, uR)
	if uL < 0 {
		m.sortList(left)
	}
	if uR < 0 {
		m.sortList(right)
	}
}

// sortList is Sort's reordering of a list whose profiles sortLists has
// advanced: FreeType's Sort swaps neighbours out of order and starts
// over until none is. It never swaps equal neighbours, so its result is
// the list sorted stably by x, which an insertion sort gives in one walk
// (checked by TestReferenceRasterizers and face's
// TestReferenceFaceBitmaps against FreeType's bitmaps).
func (m *Mono) sortList(list *int) {
	ps := &m.profs
	head := *list
	tail := head // the sorted part is head..tail
	for cur := ps[tail&profMask].link; cur >= 0; {
		next := ps[cur&profMask].link
		x := ps[cur&profMask].x
		if x >= ps[tail&profMask].x {
			tail = cur
			cur = next
			continue
		}
		ps[tail&profMask].link = next
		if x < ps[head&profMask].x {
			ps[cur&profMask].link = head
			head = cur
		} else {
			// after the last one not above x; tail is above x
			q := head
			for {
				n := ps[q&profMask].link
				if ps[n&profMask].x > x {
					break
				}
				q = n
			}
			ps[cur&profMask].link = ps[q&profMask].link
			ps[q&profMask].link = cur
		}
		cur = next
	}
	*list = head
}

// drawSweep is Draw_Sweep.
func (m *Mono) drawSweep() error {
	drawLeft, drawRight := -1, -1
	maxY := int64(int16(m.trunc(m.minY)))
	minY := int64(int16(m.trunc(m.maxY)))
	// FreeType inserts every profile, x = 0, into the waiting list with
	// InsNew, which appends each after the equal ones: the list is the
	// profile list as it is (checked by TestReferenceRasterizers and face's
	// TestReferenceFaceBitmaps against FreeType's bitmaps).
	waiting := m.fProf
	// nextStart is the lowest start of a waiting profile: the waiting
	// list need not be walked at a turn below it.
	nextStart := int64(math.MaxInt64)
	for p := m.fProf; p >= 0; {
		pp := &m.profs[p&profMask]
		bottom := int64(int16(pp.start))
		top := int64(int16(pp.start + pp.height - 1))
		minY = min(minY, bottom)
		maxY = max(maxY, top)
		nextStart = min(nextStart, pp.start)
		pp.x = 0
		p = pp.link
	}
	if m.numTurns == 0 {
		return ErrInvalidOutline
	}
	// FreeType counts down each waiting profile's distance to the sweep
	// (countL = start - min_Y, less each turn's height), which reaches
	// zero on the profile's first scanline: the waiting walk compares the
	// start with the scanline instead.
	y := minY
	// The turns are taken in ascending order from the bit set; turn is
	// the next one to take.
	nt := m.numTurns
	turn, _ := m.nextTurn(0)
	if nt > 0 && turn == minY {
		turn, _ = m.nextTurn(turn + 1)
		nt--
	}
	for nt > 0 {
		// DelOld of the profile in hand unlinks it from its predecessor.
		// No waiting profile starts at y when all start above it. (A
		// profile starting below y stays waiting for ever, as in
		// FreeType.)
		if nextStart <= y {
			nextStart = math.MaxInt64
			for prev, p := &waiting, waiting; p >= 0; {
				pp := &m.profs[p&profMask]
				q := pp.link
				if pp.start != y {
					prev = &pp.link
					nextStart = min(nextStart, pp.start)
				} else {
					*prev = q
					pp.countL = 0 // no drop-out mark
					if pp.flags&flowUp != 0 {
						m.insNew(&drawLeft, p)
					} else {
						m.insNew(&drawRight, p)
					}
				}
				p = q
			}
		}
		m.sortLists(&drawLeft, &drawRight)
		yChange := int64(int16(turn))
		turn, _ = m.nextTurn(turn + 1)
		nt--
		for y < yChange {
			var dropouts int
			if !m.horizontalPass {
				dropouts = m.verticalSpans(y, drawLeft, drawRight)
			} else {
				dropouts = m.horizontalSpans(y, drawLeft, drawRight)
			}
			if dropouts > 0 {
				pl, pr := drawLeft, drawRight
				for pl >= 0 && pr >= 0 {
					if m.profs[pl&profMask].countL != 0 {
						m.profs[pl&profMask].countL = 0
						m.drop(y, m.profs[pl&profMask].x, m.profs[pr&profMask].x, pl, pr)
					}
					pl, pr = m.profs[pl&profMask].link, m.profs[pr&profMask].link
				}
			}
			y = int64(int16(y + 1))
			if y < yChange {
				m.sortLists(&drawLeft, &drawRight)
			}
		}
		m.dropFinished(&drawLeft)
		m.dropFinished(&drawRight)
	}
	return nil
}

// dropFinished is Draw_Sweep's DelOld of every profile of list whose
// height is used up, done in one walk.
func (m *Mono) dropFinished(list *int) {
	// The link into p is always rewritten (with p itself when p stays),
	// so that the choice is two conditional moves, not a branch.
	prev := list
	for p := *list; p >= 0; {
		pp := &m.profs[p&profMask]
		next := pp.link
		keep, link := &pp.link, p
		if pp.height == 0 {
			keep, link = prev, next
		}
		*prev = link
		prev = keep
		p = next
	}
}

// setPixel sets pixel (x, y) of raster space (y up from the bottom row).
func (m *Mono) setPixel(x, y int64) {
	m.pix[m.base-int(y)*m.stride+int(x)] = 0xff
}

// pixelSet reports whether the pixel at column x, row y of the target
// is set.
func (m *Mono) pixelSet(x, y int64) bool {
	return m.pix[m.base-int(y)*m.stride+int(x)] != 0
}

// verticalSpans is Draw_Sweep's loop over the pairs of left (pl) and
// right (pr) profiles on scanline y of the vertical pass, with
// Vertical_Sweep_Span inline: fill the pixel centres between each pair,
// or mark the pair for drop-out control. It returns the number of pairs
// marked. (The sweep loop of drawSweep with the span code inline and the
// precision in locals; checked by TestReferenceRasterizers and face's
// TestReferenceFaceBitmaps against FreeType's bitmaps.)
func (m *Mono) verticalSpans(y int64, pl, pr int) (dropouts int) {
	prec, jitter, bits := m.prec, m.precJitter, m.precBits&63
	// the scanline's pixels, to which each span is clamped (the
	// loop's index lies in it: no bounds check)
	row := m.base - int(y)*m.stride
	pix := m.pix[row : row+m.width]
	w := int64(len(pix))
	for pl >= 0 && pr >= 0 {
		lp, rp := &m.profs[pl&profMask], &m.profs[pr&profMask]
		x1, x2 := min(lp.x, rp.x), max(lp.x, rp.x)
		e1 := (x1 + prec - 1) & -prec
		e2 := x2 & -prec
		if e1 > e2 { // isDropout(x1, x2, prec)
			dropouts += markDropout(lp, rp, x1, x2)
		} else {
			// Both contours lie just beside pixel centres: draw one pixel.
			if lp.flags&7 != 2 && x2-x1-prec <= jitter && e1 != x1 && e2 != x2 {
				e2 = e1
			}
			e1 >>= bits
			e2 >>= bits
			// Fill the clamped span [a, b) by words: one
			// read-modify-write of the word at a for a span of at
			// most 8 pixels (the mask sets its first n bytes), whole
			// words and a last overlapping one for a longer span,
			// bytes only where the row has no word left at a. The
			// span lengths vary from pair to pair; this branches on
			// them less than a loop over the bytes. (Checked by
			// TestReferenceRasterizers and face's
			// TestReferenceFaceBitmaps against FreeType's bitmaps.)
			a, b := int(max(e1, 0)), int(min(e2+1, w))
			if n := b - a; n > 0 {
				if a+8 <= len(pix) {
					if n <= 8 {
						v := binary.LittleEndian.Uint64(pix[a:])
						binary.LittleEndian.PutUint64(pix[a:], v|^uint64(0)>>(64-8*uint(n)))
					} else {
						for ; a < b-8; a += 8 {
							binary.LittleEndian.PutUint64(pix[a:], ^uint64(0))
						}
						binary.LittleEndian.PutUint64(pix[b-8:], ^uint64(0))
					}
				} else {
					for ; a < b; a++ {
						pix[a] = 0xff
					}
				}
			}
		}
		pl, pr = lp.link, rp.link
	}
	return dropouts
}

// isDropout is Draw_Sweep's test for a span [x1, x2] (x1 <= x2) that
// contains no pixel centre, at precision prec. FreeType tests
//
//	x2-x1 <= prec && FLOOR(x1) != x1 && CEILING(x2) != x2 &&
//	(FLOOR(x1) > CEILING(x2) || CEILING(x2) == FLOOR(x1)+prec)
//
// which, for x1 <= x2, holds exactly when CEILING(x1) > FLOOR(x2): no
// multiple of prec lies in [x1, x2] (TestIsDropout compares the two).
func isDropout(x1, x2, prec int64) bool {
	return (x1+prec-1)&-prec > x2&-prec
}

// markDropout marks the pair of profiles lp, rp whose span [x1, x2] is a
// drop-out for drop-out control, unless lp's mode has none, and reports
// how many pairs it marked (0 or 1).
func markDropout(lp, rp *monoProfile, x1, x2 int64) int {
	if lp.flags&7 == 2 {
		return 0
	}
	lp.x, rp.x, lp.countL = x1, x2, 1
	return 1
}

// horizontalSpans is verticalSpans for the horizontal pass, with
// Horizontal_Sweep_Span inline: in the transposed sweep only span ends
// lying exactly on pixel centres are drawn (horizontal edges through pixel
// centres that the vertical sweep misses). (Checked by
// TestReferenceRasterizers and face's TestReferenceFaceBitmaps against
// FreeType's bitmaps.)
func (m *Mono) horizontalSpans(y int64, pl, pr int) (dropouts int) {
	prec, bits := m.prec, m.precBits&63
	rows := int64(m.rows)
	for pl >= 0 && pr >= 0 {
		lp, rp := &m.profs[pl&profMask], &m.profs[pr&profMask]
		x1, x2 := min(lp.x, rp.x), max(lp.x, rp.x)
		if isDropout(x1, x2, prec) {
			dropouts += markDropout(lp, rp, x1, x2)
		} else {
			if x1&(prec-1) == 0 {
				if e := x1 >> bits; e >= 0 && e < rows {
					m.setPixel(y, e)
				}
			}
			if x2&(prec-1) == 0 {
				if e := x2 >> bits; e >= 0 && e < rows {
					m.setPixel(y, e)
				}
			}
		}
		pl, pr = lp.link, rp.link
	}
	return dropouts
}

// drop is Vertical_Sweep_Drop and Horizontal_Sweep_Drop: drop-out control
// for a span [x1, x2] on scanline y that contains no pixel centre.
//
//	mode  rules (OpenType scan conversion rules)
//	0     simple drop-outs including stubs
//	1     simple drop-outs excluding stubs
//	4     smart drop-outs including stubs
//	5     smart drop-outs excluding stubs
//	2,3,6,7 no drop-out control
func (m *Mono) drop(y, x1, x2 int64, left, right int) {
	e1 := m.ceil(x1)
	e2 := m.floor(x2)
	pxl := e1
	// the size of the other dimension: columns for the vertical sweep,
	// rows for the horizontal one
	limit := int64(m.width)
	if m.horizontalPass {
		limit = int64(m.rows)
	}
	if e1 > e2 {
		if e1 != e2+m.prec {
			return
		}
		lp := &m.profs[left&profMask]
		switch lp.flags & 7 {
		case 0:
			pxl = e2
		case 4:
			pxl = m.smart(x1, x2)
		case 1, 5:
			// upper (rightmost) stub
			if lp.next == right && lp.height <= 0 &&
				!(lp.flags&overshootTop != 0 && x2-x1 >= m.precHalf) {
				return
			}
			// lower (leftmost) stub
			if m.profs[right&profMask].next == left && lp.start == y &&
				!(lp.flags&overshootBottom != 0 && x2-x1 >= m.precHalf) {
				return
			}
			if lp.flags&7 == 1 {
				pxl = e2
			} else {
				pxl = m.smart(x1, x2)
			}
		default:
			return
		}
		// A drop-out pixel outside the bitmap moves to the one inside.
		if pxl < 0 {
			pxl = e1
		} else if m.trunc(pxl) >= limit {
			pxl = e2
		}
		// Nothing to do if the other candidate pixel is already set.
		other := e1
		if pxl == e1 {
			other = e2
		}
		other = m.trunc(other)
		if other >= 0 && other < limit && m.isSet(y, other) {
			return
		}
	}
	e1 = m.trunc(pxl)
	if e1 >= 0 && e1 < limit {
		if m.horizontalPass {
			m.setPixel(y, e1)
		} else {
			m.setPixel(e1, y)
		}
	}
}

// isSet reports whether the pixel at scanline y, position x of the
// current pass is set: (x, y) in the vertical pass, transposed in the
// horizontal one (the drop-out tests of Vertical_Sweep_Drop and
// Horizontal_Sweep_Drop).
func (m *Mono) isSet(y, x int64) bool {
	if m.horizontalPass {
		return m.pixelSet(y, x)
	}
	return m.pixelSet(x, y)
}
