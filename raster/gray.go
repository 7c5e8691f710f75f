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
	cells []grayCell // the grid, then one spare cell (the null cell)
	w, h  int        // cell grid: w+1 columns (the first is x = -1), h rows
	cell  int        // index of the current cell, null for the null cell
	null  int        // index of the null cell: (w+1)*h

	x, y int64 // current position, 1/256 pixel

	bzx [16*3 + 1 + 3*8][2]int64

	o      *Outline
	tx, ty int64 // translation into raster space, 26.6
	scale  int64 // 1, or grayOverlap for oversampled rendering
}

// setCell is gray_set_cell: make (ex, ey) the current cell, or the null
// cell when it lies above, below or right of the grid (cells left of it
// go to the column x = -1).
func (g *Gray) setCell(ex, ey int64) {
	if uint64(ey) >= uint64(g.h) || ex >= int64(g.w) {
		g.cell = g.null
		return
	}
	ex = max(ex, -1)
	g.cell = int(ey)*(g.w+1) + int(ex) + 1
}

// integrate is FT_INTEGRATE: add cover a and area a*b to the current
// cell. Like FreeType's cell_null, the null cell takes the sums of cells
// outside the grid, which nothing reads.
func (g *Gray) integrate(a, b int32) {
	c := &g.cells[g.cell]
	c.cover += a
	c.area += a * b
}

// trunc8 is TRUNC into a TCoord (int). newFrame bounds every coordinate
// to maxReach (2^16 pixels, 2^26 units at 4x oversampling), so the
// result always fits in an int32 and no truncation is needed.
func trunc8(x int64) int64 { return x >> grayPixelBits }
func fract8(x int64) int32 { return int32(x & (grayOnePixel - 1)) }

// renderLine is gray_render_line (64-bit version).
func (g *Gray) renderLine(toX, toY int64) {
	ey1 := trunc8(g.y)
	ey2 := trunc8(toY)
	h := int64(g.h)
	if (ey1 >= h && ey2 >= h) || (ey1 < 0 && ey2 < 0) {
		g.x, g.y = toX, toY
		return
	}
	ex1 := trunc8(g.x)
	ex2 := trunc8(toX)
	fx1 := fract8(g.x)
	fy1 := fract8(g.y)
	dx := toX - g.x
	dy := toY - g.y
	switch {
	case ex1 == ex2 && ey1 == ey2:
		// inside one cell
	case dy == 0:
		g.setCell(ex2, ey2)
		g.x, g.y = toX, toY
		return
	case dx == 0:
		if dy > 0 {
			for {
				g.integrate(grayOnePixel-fy1, fx1*2)
				fy1 = 0
				ey1++
				g.setCell(ex1, ey1)
				if ey1 == ey2 {
					break
				}
			}
		} else {
			for {
				g.integrate(0-fy1, fx1*2)
				fy1 = grayOnePixel
				ey1--
				g.setCell(ex1, ey1)
				if ey1 == ey2 {
					break
				}
			}
		}
	default:
		prod := dx*int64(fy1) - dy*int64(fx1)
		var dxR, dyR int64
		if ex1 != ex2 {
			dxR = 0xffffffff / dx
		}
		if ey1 != ey2 {
			dyR = 0xffffffff / dy
		}
		udiv := func(a, r int64) int32 { return int32((uint64(a) * uint64(r)) >> 32) }
		for {
			var fx2, fy2 int32
			switch {
			case prod-dx*grayOnePixel > 0 && prod <= 0: // left
				fx2 = 0
				fy2 = udiv(-prod, -dxR)
				prod -= dy * grayOnePixel
				g.integrate(fy2-fy1, fx1+fx2)
				fx1 = grayOnePixel
				fy1 = fy2
				ex1--
			case prod-dx*grayOnePixel+dy*grayOnePixel > 0 && prod-dx*grayOnePixel <= 0: // up
				prod -= dx * grayOnePixel
				fx2 = udiv(-prod, dyR)
				fy2 = grayOnePixel
				g.integrate(fy2-fy1, fx1+fx2)
				fx1 = fx2
				fy1 = 0
				ey1++
			case prod+dy*grayOnePixel >= 0 && prod-dx*grayOnePixel+dy*grayOnePixel <= 0: // right
				prod += dy * grayOnePixel
				fx2 = grayOnePixel
				fy2 = udiv(prod, dxR)
				g.integrate(fy2-fy1, fx1+fx2)
				fx1 = 0
				fy1 = fy2
				ex1++
			default: // down
				fx2 = udiv(prod, -dyR)
				fy2 = 0
				prod += dx * grayOnePixel
				g.integrate(fy2-fy1, fx1+fx2)
				fx1 = fx2
				fy1 = grayOnePixel
				ey1--
			}
			g.setCell(ex1, ey1)
			if ex1 == ex2 && ey1 == ey2 {
				break
			}
		}
	}
	fx2 := fract8(toX)
	fy2 := fract8(toY)
	g.integrate(fy2-fy1, fx1+fx2)
	g.x, g.y = toX, toY
}

// renderConic is gray_render_conic (forward differences).
func (g *Gray) renderConic(cx, cy, tx, ty int64) {
	p0x, p0y := g.x, g.y
	p1x, p1y := cx*4, cy*4
	p2x, p2y := tx*4, ty*4
	h := int64(g.h)
	if (trunc8(p0y) >= h && trunc8(p1y) >= h && trunc8(p2y) >= h) ||
		(trunc8(p0y) < 0 && trunc8(p1y) < 0 && trunc8(p2y) < 0) {
		g.x, g.y = p2x, p2y
		return
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

func abs64(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// renderCubic is gray_render_cubic (adaptive bisection).
func (g *Gray) renderCubic(c1x, c1y, c2x, c2y, tx, ty int64) {
	a := g.bzx[:]
	a[0] = [2]int64{tx * 4, ty * 4}
	a[1] = [2]int64{c2x * 4, c2y * 4}
	a[2] = [2]int64{c1x * 4, c1y * 4}
	a[3] = [2]int64{g.x, g.y}
	h := int64(g.h)
	if (trunc8(a[0][1]) >= h && trunc8(a[1][1]) >= h && trunc8(a[2][1]) >= h && trunc8(a[3][1]) >= h) ||
		(trunc8(a[0][1]) < 0 && trunc8(a[1][1]) < 0 && trunc8(a[2][1]) < 0 && trunc8(a[3][1]) < 0) {
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

func (g *Gray) moveTo(x, y int64) {
	x, y = x*4, y*4
	g.setCell(trunc8(x), trunc8(y))
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

// reset prepares an all-zero cell grid of w×h pixels.
func (g *Gray) reset(w, h int) {
	n := (w + 1) * h
	if cap(g.cells) < n+1 {
		g.cells = make([]grayCell, n+1)
	}
	g.cells = g.cells[:n+1]
	clear(g.cells)
	g.w, g.h = w, h
	g.null = n
	g.cell = n
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
	evenOdd := o.Flags&FlagEvenOddFill != 0
	base := dst.PixOffset(dst.Rect.Min.X, dst.Rect.Max.Y-1) // bottom row
	if o.Flags&FlagOverlap == 0 {
		g.scale = 1
		g.reset(fr.w, fr.h)
		if err := g.decompose(); err != nil {
			clearRect(dst)
			return err
		}
		// The sweep below writes every pixel of dst.Rect.
		w := fr.w
		for y := 0; y < fr.h; y++ {
			row := g.cells[y*(w+1) : (y+1)*(w+1)]
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
	g.reset(sw, sh)
	if err := g.decompose(); err != nil {
		return err
	}
	for y := 0; y < sh; y++ {
		row := g.cells[y*(sw+1):]
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
