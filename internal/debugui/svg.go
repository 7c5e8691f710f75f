package debugui

import (
	"fmt"
	"image"
	"math"
	"strings"

	"golang.org/x/image/math/fixed"

	"fontvm/raster"
	"fontvm/truetype/hint"
)

// view is a pixel grid: pixel columns gx0..gx0+w-1, rows from gyTop down,
// each pixel s screen units wide.
type view struct {
	gx0, gyTop, w, h int
	s                float64
}

// maxReachPx bounds how far from the glyph the grid extends to show
// points (twilight points may lie anywhere).
const maxReachPx = 64

// newView returns a grid covering the points (26.6) and the origin.
func newView(xs, ys []int64, ppem int) view {
	xmin, xmax, ymin, ymax := int64(0), int64(ppem)*64, int64(-ppem*64/4), int64(ppem)*64
	for i := range xs {
		xmin, xmax = min(xmin, xs[i]), max(xmax, xs[i])
		ymin, ymax = min(ymin, ys[i]), max(ymax, ys[i])
	}
	lim := int64(ppem+maxReachPx) * 64
	xmin, xmax = max(xmin, -lim), min(xmax, 2*lim)
	ymin, ymax = max(ymin, -lim), min(ymax, 2*lim)
	v := view{gx0: int(floorDiv(xmin, 64)) - 1, gyTop: int(ceilDiv(ymax, 64)) + 1}
	v.w = int(ceilDiv(xmax, 64)) + 1 - v.gx0
	v.h = v.gyTop - (int(floorDiv(ymin, 64)) - 1)
	v.s = math.Max(4, math.Min(40, 560/float64(max(v.w, v.h))))
	return v
}

// floorDiv is a/b rounded toward minus infinity (b > 0).
func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

// ceilDiv is a/b rounded toward plus infinity (b > 0).
func ceilDiv(a, b int64) int64 { return -floorDiv(-a, b) }

// x and y map 26.6 font coordinates to screen units.
func (v view) x(x int64) float64 { return (float64(x)/64 - float64(v.gx0)) * v.s }

// y maps a 26.6 y coordinate (y up) to the SVG's y (down) in the view.
func (v view) y(y int64) float64 { return (float64(v.gyTop) - float64(y)/64) * v.s }

// outlinePath is the SVG path of a TrueType outline (quadratic splines,
// implied on-curve points between two off-curve ones).
func outlinePath(v view, pts []hint.ZonePoint, ends []int, orig bool) string {
	var b strings.Builder
	at := func(p hint.ZonePoint) (float64, float64) {
		if orig {
			return v.x(p.OrgX), v.y(p.OrgY)
		}
		return v.x(p.X), v.y(p.Y)
	}
	start := 0
	for _, e := range ends {
		if e < start || e >= len(pts) {
			break
		}
		c := pts[start : e+1]
		start = e + 1
		n := len(c)
		if n == 0 {
			continue
		}
		// start at an on-curve point, or the midpoint of the first two
		first := -1
		for i, p := range c {
			if p.On {
				first = i
				break
			}
		}
		var sx, sy float64
		if first >= 0 {
			sx, sy = at(c[first])
		} else {
			ax, ay := at(c[0])
			bx, by := at(c[1%n])
			sx, sy, first = (ax+bx)/2, (ay+by)/2, 0
		}
		fmt.Fprintf(&b, "M%.2f %.2f", sx, sy)
		var cx, cy float64
		haveCtl := false
		for k := 1; k <= n; k++ {
			p := c[(first+k)%n]
			px, py := at(p)
			if p.On {
				if haveCtl {
					fmt.Fprintf(&b, "Q%.2f %.2f %.2f %.2f", cx, cy, px, py)
				} else {
					fmt.Fprintf(&b, "L%.2f %.2f", px, py)
				}
				haveCtl = false
				continue
			}
			if haveCtl {
				mx, my := (cx+px)/2, (cy+py)/2
				fmt.Fprintf(&b, "Q%.2f %.2f %.2f %.2f", cx, cy, mx, my)
			}
			cx, cy, haveCtl = px, py, true
		}
		if haveCtl {
			fmt.Fprintf(&b, "Q%.2f %.2f %.2f %.2f", cx, cy, sx, sy)
		}
		b.WriteString("Z")
	}
	return b.String()
}

// zoneFromGlyph turns a loaded glyph into zone points (original = current).
func zoneFromGlyph(g *hint.Glyph) ([]hint.ZonePoint, []int) {
	if g == nil {
		return nil, nil
	}
	pts := make([]hint.ZonePoint, len(g.Points))
	for i, p := range g.Points {
		pts[i] = hint.ZonePoint{X: p.X, Y: p.Y, OrgX: p.X, OrgY: p.Y, On: p.On}
	}
	return pts, append([]int(nil), g.Ends...)
}

// drawnGlyph is what the grid view shows at a step: the outline now (with
// its original positions), the phantom points and the twilight zone.
type drawnGlyph struct {
	pts      []hint.ZonePoint // outline points
	ends     []int
	phantom  []hint.ZonePoint
	twilight []hint.ZonePoint
	hinting  bool // the glyph program has run to this step (points may have moved)
}

// glyphAt returns what to draw after the step cur captured: during and
// after the glyph's program its zone; before it (fpgm, prep) the unhinted
// outline.
func glyphAt(cur *ttRun, unhinted *hint.Glyph, steps []stepRec, step int) drawnGlyph {
	var d drawnGlyph
	if cur != nil && cur.have && step > 0 && steps[step-1].prog == hint.ProgGlyph && len(cur.snap.Glyph.Points) >= 4 {
		z := cur.snap.Glyph
		n := len(z.Points) - 4
		d.pts, d.phantom, d.ends, d.hinting = z.Points[:n], z.Points[n:], z.Ends, true
	} else {
		d.pts, d.ends = zoneFromGlyph(unhinted)
	}
	if cur != nil && cur.have {
		d.twilight = cur.snap.Twilight.Points
	}
	return d
}

// glyphSVG draws the glyph on the pixel grid.
func glyphSVG(q *ttQuery, cur, run *ttRun, unhinted *hint.Glyph) string {
	d := glyphAt(cur, unhinted, run.steps, q.step)
	var xs, ys []int64
	for _, p := range d.pts {
		xs, ys = append(xs, p.X, p.OrgX), append(ys, p.Y, p.OrgY)
	}
	for _, p := range d.phantom {
		xs, ys = append(xs, p.X), append(ys, p.Y)
	}
	for _, p := range d.twilight {
		xs, ys = append(xs, p.X), append(ys, p.Y)
	}
	v := newView(xs, ys, q.ppem)
	W, H := float64(v.w)*v.s, float64(v.h)*v.s
	var b strings.Builder
	fmt.Fprintf(&b, `<svg id="glyph" xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" font-family="sans-serif">`, W, H, W, H)
	b.WriteString(`<rect width="100%" height="100%" fill="#fff"/>`)
	// rendered pixels under the grid
	mono := q.mode == "v40mono"
	if img := rasterize(d.pts, d.ends, v, q.ppem, mono, scanAt(cur, run)); img != nil {
		for r := 0; r < v.h; r++ {
			for c := 0; c < v.w; c++ {
				a := img.Pix[r*img.Stride+c]
				if a != 0 {
					fmt.Fprintf(&b, `<rect x="%.2f" y="%.2f" width="%.2f" height="%.2f" fill="#9aa7b8" fill-opacity="%.3f"/>`, float64(c)*v.s, float64(r)*v.s, v.s, v.s, float64(a)/255)
				}
			}
		}
	}
	// grid
	b.WriteString(`<g stroke="#dde3ea" stroke-width="1">`)
	for c := 0; c <= v.w; c++ {
		fmt.Fprintf(&b, `<line x1="%.2f" y1="0" x2="%.2f" y2="%.0f"/>`, float64(c)*v.s, float64(c)*v.s, H)
	}
	for r := 0; r <= v.h; r++ {
		fmt.Fprintf(&b, `<line x1="0" y1="%.2f" x2="%.0f" y2="%.2f"/>`, float64(r)*v.s, W, float64(r)*v.s)
	}
	b.WriteString(`</g>`)
	// baseline and origin
	fmt.Fprintf(&b, `<line x1="0" y1="%.2f" x2="%.0f" y2="%.2f" stroke="#8a9" stroke-width="1.5"/>`, v.y(0), W, v.y(0))
	fmt.Fprintf(&b, `<line x1="%.2f" y1="0" x2="%.2f" y2="%.0f" stroke="#8a9" stroke-width="1.5"/>`, v.x(0), v.x(0), H)
	// outlines
	if len(d.pts) > 0 {
		fmt.Fprintf(&b, `<path id="original" d="%s" fill="none" stroke="#36c" stroke-width="1.2" stroke-dasharray="4 3"/>`, outlinePath(v, d.pts, d.ends, true))
		fmt.Fprintf(&b, `<path id="hinted" d="%s" fill="none" stroke="#111" stroke-width="1.6"/>`, outlinePath(v, d.pts, d.ends, false))
	}
	fs := math.Max(7, math.Min(12, v.s*0.45))
	// points
	for i, p := range d.pts {
		col := "#333"
		switch {
		case p.TouchedX && p.TouchedY:
			col = "#a2a"
		case p.TouchedX:
			col = "#c22"
		case p.TouchedY:
			col = "#2a2"
		}
		fill := col
		if !p.On {
			fill = "#fff"
		}
		x, y := v.x(p.X), v.y(p.Y)
		fmt.Fprintf(&b, `<circle class="pt" cx="%.2f" cy="%.2f" r="3.2" fill="%s" stroke="%s" stroke-width="1.3"/>`, x, y, fill, col)
		fmt.Fprintf(&b, `<text x="%.2f" y="%.2f" font-size="%.1f" fill="%s">%d</text>`, x+4, y-4, fs, col, i)
	}
	for i, p := range d.phantom {
		x, y := v.x(p.X), v.y(p.Y)
		fmt.Fprintf(&b, `<rect x="%.2f" y="%.2f" width="6" height="6" fill="none" stroke="#888"/><text x="%.2f" y="%.2f" font-size="%.1f" fill="#888">%d</text>`, x-3, y-3, x+4, y+10, fs, len(d.pts)+i)
	}
	for i, p := range d.twilight {
		if p.X == 0 && p.Y == 0 && p.OrgX == 0 && p.OrgY == 0 {
			continue // unused twilight points stay at the origin
		}
		x, y := v.x(p.X), v.y(p.Y)
		fmt.Fprintf(&b, `<path d="M%.2f %.2fl4 4l-4 4l-4 -4z" fill="#e80"/><text x="%.2f" y="%.2f" font-size="%.1f" fill="#e80" text-anchor="end">t%d</text>`, x, y-4, x-5, y+4, fs, i)
	}
	b.WriteString(`</svg>`)
	return b.String()
}

// scan is the dropout control the rendering uses (SCANCTRL, SCANTYPE).
type scan struct {
	control bool
	typ     int
}

// scanAt is the dropout control in force after the captured step (the
// loaded glyph's final one when no step has run).
func scanAt(cur, run *ttRun) scan {
	if cur != nil && cur.have {
		return scan{cur.snap.GS.ScanControl, cur.snap.GS.ScanType}
	}
	return scan{run.glyph.ScanControl, run.glyph.ScanType}
}

// rasterize renders the outline on the view's grid with FreeType's
// anti-aliasing or monochrome rasterizer (the outline as it is now).
func rasterize(pts []hint.ZonePoint, ends []int, v view, ppem int, mono bool, sc scan) *image.Alpha {
	if len(pts) == 0 || len(ends) == 0 || ends[len(ends)-1] != len(pts)-1 {
		return nil
	}
	o := raster.Outline{Flags: raster.ScanFlags(ppem, true, sc.control, sc.typ)}
	for _, p := range pts {
		o.Points = append(o.Points, fixed.Point26_6{X: fixed.Int26_6(p.X), Y: fixed.Int26_6(p.Y)})
		t := uint8(0)
		if p.On {
			t = raster.TagOn
		}
		o.Tags = append(o.Tags, t)
	}
	o.Contours = append(o.Contours, ends...)
	img := image.NewAlpha(image.Rect(0, 0, v.w, v.h))
	origin := fixed.Point26_6{X: fixed.Int26_6(-v.gx0 * 64), Y: fixed.Int26_6(v.gyTop * 64)}
	var err error
	if mono {
		var r raster.Mono
		err = r.Render(img, &o, origin)
	} else {
		var r raster.Gray
		err = r.Render(img, &o, origin)
	}
	if err != nil {
		return nil
	}
	return img
}

// renderSVGs shows the outline as it is now rendered in both modes, at
// one screen pixel per... a few screen units per pixel, like a magnifier.
func renderSVGs(q *ttQuery, cur, run *ttRun) string {
	d := glyphAt(cur, nil, run.steps, q.step)
	if len(d.pts) == 0 {
		// before the glyph program: the final result of the run
		d.pts, d.ends = zoneFromGlyph(&run.glyph)
	}
	var xs, ys []int64
	for _, p := range d.pts {
		xs, ys = append(xs, p.X), append(ys, p.Y)
	}
	v := newView(xs, ys, q.ppem)
	v.s = math.Max(2, math.Min(8, 200/float64(max(v.w, v.h))))
	var b strings.Builder
	for _, mono := range []bool{false, true} {
		id, label := "aa", "AA"
		if mono {
			id, label = "mono", "mono"
		}
		img := rasterize(d.pts, d.ends, v, q.ppem, mono, scanAt(cur, run))
		W, H := float64(v.w)*v.s, float64(v.h)*v.s
		fmt.Fprintf(&b, `<figure style="display:inline-block;margin:4px"><svg id="%s" xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f"><rect width="100%%" height="100%%" fill="#fff" stroke="#ccc"/>`, id, W, H)
		if img != nil {
			for r := 0; r < v.h; r++ {
				for c := 0; c < v.w; c++ {
					if a := img.Pix[r*img.Stride+c]; a != 0 {
						fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="#000" fill-opacity="%.3f"/>`, float64(c)*v.s, float64(r)*v.s, v.s, v.s, float64(a)/255)
					}
				}
			}
		}
		fmt.Fprintf(&b, `</svg><figcaption>%s</figcaption></figure>`, label)
	}
	return b.String()
}
