package raster

import (
	"image"

	"golang.org/x/image/math/fixed"
)

// The anti-aliasing rasterizer follows FreeType 2.12.1's src/smooth/ftgrays.c
// as built on 64-bit x86 (FT_INT64 defined, quadratic arcs flattened by
// forward differences). Each segment adds, to every cell (pixel) it
// crosses, its signed height ("cover") and twice the area it leaves on the
// cell's left ("area"), in 1/256 pixel units. A sweep from left to right
// turns the running cover and each cell's area into a coverage byte.
//
// FreeType keeps the cells in sorted lists inside a fixed pool and renders
// tall glyphs in bands; the sums per cell do not depend on either, so Gray
// keeps them in one dense array instead (one column more on the left for
// everything left of the bitmap, as FreeType clamps such cells there).

const (
	grayPixelBits = 8
	grayOnePixel  = 1 << grayPixelBits
	grayOverlap   = 4 // oversampling of FlagOverlap outlines, per axis
)

// grayCell is one pixel's sums: cover and area (see above).
type grayCell struct{ cover, area int32 }

// Gray is FreeType's anti-aliasing rasterizer (ftgrays.c with the ftsmooth.c
// renderer around it). The zero value is ready to use. A Gray is not safe
// for concurrent use.
type Gray struct {
	// cells is the grid: h+1 rows of stride = w+2 cells. Column 0 takes
	// every cell left of the bitmap (x < 0, FreeType's min_ex - 1), the
	// next w columns are the pixels, the last one takes the cells right
	// of the bitmap; row h takes the cells above and below it. Like
	// FreeType's cell_null, the last column and row take sums that
	// nothing reads.
	cells  []grayCell
	w, h   int
	stride int  // w + 2
	cell   int  // index of the current cell (the one holding (x, y))
	clip   bool // the outline may leave the grid: cells are found by cellAt, not stepped to

	x, y int64 // current position, 1/256 pixel

	bzx [16*3 + 1 + 3*8][2]int64

	o      *Outline
	tx, ty int64 // translation into raster space, 26.6
	scale  int64 // 1, or grayOverlap for oversampled rendering
}

// cellAt is gray_set_cell's choice of a cell: the index of cell (ex, ey),
// with ex clamped to the columns left and right of the bitmap and ey to
// the last row when it lies above or below the grid.
func (g *Gray) cellAt(ex, ey int64) int {
	if uint64(ey) >= uint64(g.h) {
		ey = int64(g.h)
	}
	ex = min(max(ex, -1), int64(g.w))
	return int(ey)*g.stride + int(ex) + 1
}

// add is FT_INTEGRATE on cell c: cover a, area a*b.
func (c *grayCell) add(a, b int32) {
	c.cover += a
	c.area += a * b
}

// trunc8 is TRUNC into a TCoord (int). newFrame bounds every coordinate
// to maxReach (2^16 pixels, 2^26 units at 4x oversampling), so the
// result always fits in an int32 and no truncation is needed.
func trunc8(x int64) int64 { return x >> grayPixelBits }

// fract8 is FRACT: the position inside the cell, 0 to ONE_PIXEL-1.
func fract8(x int64) int32 { return int32(x & (grayOnePixel - 1)) }

// udiv is FT_UDIV: a/b for a ≥ 0 as a times r, b's 0xffffffff/b.
func udiv(a, r int64) int32 { return int32((uint64(a) * uint64(r)) >> 32) }

// lineSetup is the start of gray_render_line's cell-by-cell loop for a
// line (dx, dy) from (fx1, fy1) in its first cell: prod, the cross
// product of the line with the cell's bottom left corner, and
// FT_UDIVPREP's reciprocals of dx (if the line changes column) and dy
// (if it changes row).
func lineSetup(dx, dy int64, fx1, fy1 int32, xMoves, yMoves bool) (prod, dxR, dyR int64) {
	prod = dx*int64(fy1) - dy*int64(fx1)
	if xMoves {
		dxR = 0xffffffff / dx
	}
	if yMoves {
		dyR = 0xffffffff / dy
	}
	return prod, dxR, dyR
}

// The four moves of gray_render_line's cell-by-cell loop, dxs and dys
// being dx and dy times ONE_PIXEL. Each integrates the part of the line
// in the current cell c, from (fx1, fy1) to the edge it leaves by, and
// returns the new prod and where the line crosses that edge; the caller
// sets the other coordinate and moves to the next cell.

// moveLeft is the loop's left case: the line leaves c at (0, fy2).
func moveLeft(c *grayCell, prod, dys, dxR int64, fx1, fy1 int32) (int64, int32) {
	fy2 := udiv(-prod, -dxR)
	c.add(fy2-fy1, fx1)
	return prod - dys, fy2
}

// moveUp is the loop's up case: the line leaves c at (fx2, ONE_PIXEL).
func moveUp(c *grayCell, prod, dxs, dyR int64, fx1, fy1 int32) (int64, int32) {
	prod -= dxs
	fx2 := udiv(-prod, dyR)
	c.add(grayOnePixel-fy1, fx1+fx2)
	return prod, fx2
}

// moveRight is the loop's right case: the line leaves c at (ONE_PIXEL, fy2).
func moveRight(c *grayCell, prod, dys, dxR int64, fx1, fy1 int32) (int64, int32) {
	prod += dys
	fy2 := udiv(prod, dxR)
	c.add(fy2-fy1, fx1+grayOnePixel)
	return prod, fy2
}

// moveDown is the loop's down case: the line leaves c at (fx2, 0).
func moveDown(c *grayCell, prod, dxs, dyR int64, fx1, fy1 int32) (int64, int32) {
	fx2 := udiv(prod, -dyR)
	c.add(-fy1, fx1+fx2)
	return prod + dxs, fx2
}

// renderLine is gray_render_line (64-bit version) for an outline inside
// the grid (renderLineClip otherwise). gray_set_cell's moves are steps
// through the grid from the current cell. The cell-by-cell loop runs
// once per cell boundary crossed, |ex2-ex1| + |ey2-ey1| times (each of
// FreeType's moves goes one cell towards the line's end, where its loop
// ends), and tests only what decides between the two moves a line's
// direction allows: with prod exact, the line passes through the closed
// current cell, so the corner values (prod at the cell's corners) are
// not all of one sign. Up and right (dx, dy > 0): the top left corner
// is the least and the bottom right the greatest, so the line goes up
// if the top right corner is above it, else right. Left and up: the
// bottom left is the least, the top right the greatest and above zero
// (it would be zero only with the line's point in that corner, which
// FreeType's moves never reach: a left move enters below the top edge,
// an up move at the bottom edge), so the line goes left if the top
// left corner is above it, else up. Going down, FreeType's right and
// left tests decide alone.
func (g *Gray) renderLine(toX, toY int64) {
	if g.clip {
		g.renderLineClip(toX, toY)
		return
	}
	x, y := g.x, g.y
	g.x, g.y = toX, toY
	ex1, ey1 := trunc8(x), trunc8(y)
	ex2, ey2 := trunc8(toX), trunc8(toY)
	fx1, fy1 := fract8(x), fract8(y)
	dx, dy := toX-x, toY-y
	cells := g.cells
	ci := g.cell
	switch {
	case ex1 == ex2 && ey1 == ey2:
		// inside one cell
	case dy == 0:
		g.cell = ci + int(ex2-ex1)
		return
	case dx == 0:
		s, edge := g.stride, int32(grayOnePixel)
		if dy < 0 {
			s, edge = -s, 0
		}
		a := fx1 * 2
		cells[ci].add(edge-fy1, a)
		for n := abs64(ey2-ey1) - 1; n > 0; n-- {
			ci += s
			cells[ci].add(2*edge-grayOnePixel, a)
		}
		ci += s
		fy1 = grayOnePixel - edge
	default:
		prod, dxR, dyR := lineSetup(dx, dy, fx1, fy1, ex1 != ex2, ey1 != ey2)
		dxs, dys := dx*grayOnePixel, dy*grayOnePixel
		s := g.stride
		n := abs64(ex2-ex1) + abs64(ey2-ey1)
		switch {
		case dx > 0 && dy > 0:
			for ; n > 0; n-- {
				if prod-dxs+dys > 0 {
					prod, fx1 = moveUp(&cells[ci], prod, dxs, dyR, fx1, fy1)
					fy1 = 0
					ci += s
				} else {
					prod, fy1 = moveRight(&cells[ci], prod, dys, dxR, fx1, fy1)
					fx1 = 0
					ci++
				}
			}
		case dy > 0:
			for ; n > 0; n-- {
				if prod-dxs > 0 {
					prod, fy1 = moveLeft(&cells[ci], prod, dys, dxR, fx1, fy1)
					fx1 = grayOnePixel
					ci--
				} else {
					prod, fx1 = moveUp(&cells[ci], prod, dxs, dyR, fx1, fy1)
					fy1 = 0
					ci += s
				}
			}
		case dx > 0:
			for ; n > 0; n-- {
				if prod+dys >= 0 && prod-dxs+dys <= 0 {
					prod, fy1 = moveRight(&cells[ci], prod, dys, dxR, fx1, fy1)
					fx1 = 0
					ci++
				} else {
					prod, fx1 = moveDown(&cells[ci], prod, dxs, dyR, fx1, fy1)
					fy1 = grayOnePixel
					ci -= s
				}
			}
		default:
			for ; n > 0; n-- {
				if prod-dxs > 0 && prod <= 0 {
					prod, fy1 = moveLeft(&cells[ci], prod, dys, dxR, fx1, fy1)
					fx1 = grayOnePixel
					ci--
				} else {
					prod, fx1 = moveDown(&cells[ci], prod, dxs, dyR, fx1, fy1)
					fy1 = grayOnePixel
					ci -= s
				}
			}
		}
	}
	cells[ci].add(fract8(toY)-fy1, fx1+fract8(toX))
	g.cell = ci
}

// renderLineClip is gray_render_line (64-bit version) as FreeType runs
// it, for an outline that may leave the grid: every cell change looks
// the cell up (cellAt), lines wholly above or below the grid are
// skipped.
func (g *Gray) renderLineClip(toX, toY int64) {
	x, y := g.x, g.y
	g.x, g.y = toX, toY
	ey1, ey2 := trunc8(y), trunc8(toY)
	h := int64(g.h)
	if (ey1 >= h && ey2 >= h) || (ey1 < 0 && ey2 < 0) {
		return
	}
	ex1, ex2 := trunc8(x), trunc8(toX)
	fx1, fy1 := fract8(x), fract8(y)
	dx, dy := toX-x, toY-y
	switch {
	case ex1 == ex2 && ey1 == ey2:
		// inside one cell
	case dy == 0:
		g.cell = g.cellAt(ex2, ey2)
		return
	case dx == 0:
		sy, edge := int64(1), int32(grayOnePixel)
		if dy < 0 {
			sy, edge = -1, 0
		}
		for {
			g.cells[g.cell].add(edge-fy1, fx1*2)
			fy1 = grayOnePixel - edge
			ey1 += sy
			g.cell = g.cellAt(ex1, ey1)
			if ey1 == ey2 {
				break
			}
		}
	default:
		prod, dxR, dyR := lineSetup(dx, dy, fx1, fy1, ex1 != ex2, ey1 != ey2)
		dxs, dys := dx*grayOnePixel, dy*grayOnePixel
		for {
			c := &g.cells[g.cell]
			switch {
			case prod-dxs > 0 && prod <= 0:
				prod, fy1 = moveLeft(c, prod, dys, dxR, fx1, fy1)
				fx1 = grayOnePixel
				ex1--
			case prod-dxs+dys > 0 && prod-dxs <= 0:
				prod, fx1 = moveUp(c, prod, dxs, dyR, fx1, fy1)
				fy1 = 0
				ey1++
			case prod+dys >= 0 && prod-dxs+dys <= 0:
				prod, fy1 = moveRight(c, prod, dys, dxR, fx1, fy1)
				fx1 = 0
				ex1++
			default:
				prod, fx1 = moveDown(c, prod, dxs, dyR, fx1, fy1)
				fy1 = grayOnePixel
				ey1--
			}
			g.cell = g.cellAt(ex1, ey1)
			if ex1 == ex2 && ey1 == ey2 {
				break
			}
		}
	}
	g.cells[g.cell].add(fract8(toY)-fy1, fx1+fract8(toX))
}

// renderConic is gray_render_conic (forward differences).
func (g *Gray) renderConic(cx, cy, tx, ty int64) {
	p0x, p0y := g.x, g.y
	p1x, p1y := cx*4, cy*4
	p2x, p2y := tx*4, ty*4
	if g.clip {
		h := int64(g.h)
		if (trunc8(p0y) >= h && trunc8(p1y) >= h && trunc8(p2y) >= h) ||
			(trunc8(p0y) < 0 && trunc8(p1y) < 0 && trunc8(p2y) < 0) {
			g.x, g.y = p2x, p2y
			return
		}
	}
	bx := p1x - p0x
	by := p1y - p0y
	ax := p2x - p1x - bx
	ay := p2y - p1y - by
	d := max(abs64(ax), abs64(ay))
	if d <= grayOnePixel/4 {
		g.renderLine(p2x, p2y)
		return
	}
	shift := uint(0)
	for {
		d >>= 2
		shift++
		if d <= grayOnePixel/4 {
			break
		}
	}
	rx := ax << (33 - 2*shift)
	ry := ay << (33 - 2*shift)
	qx := bx<<(33-shift) + ax<<(32-2*shift)
	qy := by<<(33-shift) + ay<<(32-2*shift)
	px := p0x << 32
	py := p0y << 32
	for count := uint32(1) << shift; count > 0; count-- {
		px += qx
		py += qy
		qx += rx
		qy += ry
		// The SSE2 build keeps the high halves as 32-bit integers.
		g.renderLine(int64(int32(px>>32)), int64(int32(py>>32)))
	}
}

// abs64 is FT_ABS on a 64-bit value.
func abs64(x int64) int64 {
	s := x >> 63
	return (x ^ s) - s
}

// renderCubic is gray_render_cubic (adaptive bisection).
func (g *Gray) renderCubic(c1x, c1y, c2x, c2y, tx, ty int64) {
	a := g.bzx[:]
	a[0] = [2]int64{tx * 4, ty * 4}
	a[1] = [2]int64{c2x * 4, c2y * 4}
	a[2] = [2]int64{c1x * 4, c1y * 4}
	a[3] = [2]int64{g.x, g.y}
	if h := int64(g.h); g.clip &&
		((trunc8(a[0][1]) >= h && trunc8(a[1][1]) >= h && trunc8(a[2][1]) >= h && trunc8(a[3][1]) >= h) ||
			(trunc8(a[0][1]) < 0 && trunc8(a[1][1]) < 0 && trunc8(a[2][1]) < 0 && trunc8(a[3][1]) < 0)) {
		g.x, g.y = a[0][0], a[0][1]
		return
	}
	arc := 0
	for {
		b := a[arc:]
		if arc+6 < len(a) && (abs64(2*b[0][0]-3*b[1][0]+b[3][0]) > grayOnePixel/2 ||
			abs64(2*b[0][1]-3*b[1][1]+b[3][1]) > grayOnePixel/2 ||
			abs64(b[0][0]-3*b[2][0]+2*b[3][0]) > grayOnePixel/2 ||
			abs64(b[0][1]-3*b[2][1]+2*b[3][1]) > grayOnePixel/2) {
			splitCubic2(b)
			arc += 3
			continue
		}
		g.renderLine(b[0][0], b[0][1])
		if arc == 0 {
			return
		}
		arc -= 3
	}
}

// splitCubic2 is gray_split_cubic: b[0:4] (end first) becomes the two
// halves b[0:4] and b[3:7], in place.
func splitCubic2(b [][2]int64) {
	for k := 0; k < 2; k++ {
		b[6][k] = b[3][k]
		a := b[0][k] + b[1][k]
		bb := b[1][k] + b[2][k]
		c := b[2][k] + b[3][k]
		b[5][k] = c >> 1
		c += bb
		b[4][k] = c >> 2
		b[1][k] = a >> 1
		a += bb
		b[2][k] = a >> 2
		b[3][k] = (a + c) >> 3
	}
}

// moveTo is gray_move_to: start a contour at (x, y) (26.6, times the
// oversampling scale).
func (g *Gray) moveTo(x, y int64) {
	x, y = x*4, y*4
	g.cell = g.cellAt(trunc8(x), trunc8(y))
	g.x, g.y = x, y
}

// decompose is FT_Outline_Decompose driving the gray callbacks.
func (g *Gray) decompose() error {
	o := g.o
	// pt is point i in raster space (26.6, times the oversampling
	// scale); the points and the transform stay in locals rather than
	// being reloaded through g for every point.
	pts, tags := o.Points, o.Tags
	tx, ty, sc := g.tx, g.ty, g.scale
	pt := func(i int) (int64, int64) {
		p := pts[i]
		return (int64(p.X) + tx) * sc, (int64(p.Y) + ty) * sc
	}
	first := 0
	for _, last := range o.Contours {
		sx, sy := pt(first)
		lx, ly := pt(last)
		cx, cy := sx, sy
		limit := last
		point := first
		tag := tags[first] & 3
		if tag == TagCubic {
			return ErrInvalidOutline
		}
		if tag == 0 {
			if tags[last]&3 == TagOn {
				sx, sy = lx, ly
				limit--
			} else {
				sx, sy = (sx+lx)/2, (sy+ly)/2
			}
			point--
		}
		g.moveTo(sx, sy)
		closed := false
	contour:
		for point < limit {
			point++
			switch tags[point] & 3 {
			case TagOn:
				x, y := pt(point)
				g.renderLine(x*4, y*4)
			case 0:
				cx, cy = pt(point)
				for {
					if point < limit {
						point++
						x, y := pt(point)
						t := tags[point] & 3
						if t == TagOn {
							g.renderConic(cx, cy, x, y)
							break
						}
						if t != 0 {
							return ErrInvalidOutline
						}
						g.renderConic(cx, cy, (cx+x)/2, (cy+y)/2)
						cx, cy = x, y
						continue
					}
					g.renderConic(cx, cy, sx, sy)
					closed = true
					break contour
				}
			default:
				if point+1 > limit || tags[point+1]&3 != TagCubic {
					return ErrInvalidOutline
				}
				point += 2
				c1x, c1y := pt(point - 2)
				c2x, c2y := pt(point - 1)
				if point <= limit {
					x, y := pt(point)
					g.renderCubic(c1x, c1y, c2x, c2y, x, y)
					continue
				}
				g.renderCubic(c1x, c1y, c2x, c2y, sx, sy)
				closed = true
				break contour
			}
		}
		if !closed {
			g.renderLine(sx*4, sy*4)
		}
		first = last + 1
	}
	return nil
}

// reset prepares an all-zero cell grid for w×h pixels (see Gray.cells);
// clip tells whether the outline may reach outside it.
func (g *Gray) reset(w, h int, clip bool) {
	n := (w + 2) * (h + 1)
	if cap(g.cells) < n {
		g.cells = make([]grayCell, n)
	}
	g.cells = g.cells[:n]
	clear(g.cells)
	g.w, g.h, g.stride = w, h, w+2
	g.clip = clip
	g.cell = h * g.stride
	g.x, g.y = 0, 0
}

// coverage is FT_FILL_RULE followed by the cast to a byte.
func coverage(area int32, evenOdd bool) uint8 {
	c := area >> (grayPixelBits*2 + 1 - 8)
	if evenOdd {
		if c&0x100 != 0 {
			c = ^c
		}
		return uint8(c)
	}
	if c < 0 {
		c = ^c
	}
	if c > 255 {
		c = 255
	}
	return uint8(c)
}

// sweepNonZero turns one row of cells into coverage bytes with the
// non-zero winding rule: coverage(cover-area, false) for each pixel, the
// running cover starting at cover0 (the cells left of the bitmap). cells
// must be at least as long as line.
func sweepNonZero(line []uint8, cells []grayCell, cover0 int32) {
	cells = cells[:len(line)]
	c := cover0
	for x := range line {
		c += cells[x].cover * (grayOnePixel * 2)
		v := (c - cells[x].area) >> (grayPixelBits*2 + 1 - 8)
		v ^= v >> 31 // ^v for negative v
		line[x] = uint8(min(v, 255))
	}
}

// Render draws o into dst with FreeType's anti-aliasing rasterizer: every
// pixel of dst.Rect is set to o's coverage, 0 to 0xff. origin is where o's
// (0, 0) lands, in 26.6 image coordinates (y down). With dst.Rect =
// GrayBounds(o, 0, 0) and a zero origin, dst holds exactly the bitmap
// FT_Render_Glyph(FT_RENDER_MODE_NORMAL) makes of o, including FreeType's
// 4×4 oversampling for outlines with FlagOverlap.
func (g *Gray) Render(dst *image.Alpha, o *Outline, origin fixed.Point26_6) error {
	return g.RenderBox(dst, o, origin, o.Box())
}

// RenderBox is Render for an outline whose control box b the caller has
// already computed (b must be o.Box(): Render's bound on how far o may
// reach relies on it), to save a pass over the points.
func (g *Gray) RenderBox(dst *image.Alpha, o *Outline, origin fixed.Point26_6, b Box) error {
	fr, err := newFrame(dst, b, origin)
	if err != nil {
		return err
	}
	ok, err := o.check()
	if !ok || err != nil || fr.w == 0 || fr.h == 0 {
		clearRect(dst)
		return err
	}
	g.o = o
	defer func() { g.o = nil }()
	g.tx, g.ty = fr.dx, fr.dy
	// Inside the grid, every cell the outline's segments cross (points,
	// arc splits and forward differences stay inside the control box)
	// has 0 <= x <= w and 0 <= y <= h, the last column and row being
	// the spare ones.
	clip := int64(b.XMin)+fr.dx < 0 || int64(b.YMin)+fr.dy < 0 ||
		int64(b.XMax)+fr.dx > int64(fr.w)*64 || int64(b.YMax)+fr.dy > int64(fr.h)*64
	evenOdd := o.Flags&FlagEvenOddFill != 0
	base := dst.PixOffset(dst.Rect.Min.X, dst.Rect.Max.Y-1) // bottom row
	if o.Flags&FlagOverlap == 0 {
		g.scale = 1
		g.reset(fr.w, fr.h, clip)
		if err := g.decompose(); err != nil {
			clearRect(dst)
			return err
		}
		// The sweep below writes every pixel of dst.Rect.
		w := fr.w
		for y := 0; y < fr.h; y++ {
			row := g.cells[y*(w+2) : (y+1)*(w+2)]
			line := dst.Pix[base-y*dst.Stride:][:w]
			if evenOdd {
				cover := row[0].cover * (grayOnePixel * 2)
				for x := range line {
					cover += row[x+1].cover * (grayOnePixel * 2)
					line[x] = coverage(cover-row[x+1].area, true)
				}
				continue
			}
			sweepNonZero(line, row[1:], row[0].cover*(grayOnePixel*2))
		}
		return nil
	}
	// Oversampled rendering: coverage of each 1/4-pixel sub-cell, rounded
	// to 1/16 and summed per pixel; a full pixel (256) becomes 255.
	clearRect(dst) // the oversampled sweep adds to the pixels
	if fr.w*grayOverlap > 0x7fff {
		return ErrOverflow
	}
	sw, sh := fr.w*grayOverlap, fr.h*grayOverlap
	g.scale = grayOverlap
	g.reset(sw, sh, clip)
	if err := g.decompose(); err != nil {
		return err
	}
	for y := 0; y < sh; y++ {
		row := g.cells[y*(sw+2):]
		line := dst.Pix[base-(y/grayOverlap)*dst.Stride:]
		var cover int32
		cover += row[0].cover * (grayOnePixel * 2)
		for x := 0; x < sw; x++ {
			cover += row[x+1].cover * (grayOnePixel * 2)
			c := uint32(coverage(cover-row[x+1].area, evenOdd))
			c = (c + grayOverlap*grayOverlap/2) / (grayOverlap * grayOverlap)
			sum := uint32(line[x/grayOverlap]) + c
			line[x/grayOverlap] = uint8(sum - sum>>8)
		}
	}
	return nil
}
