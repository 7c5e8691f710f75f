// Package fuzzoutline decodes fuzzer bytes into an outline in FreeType's
// FT_Outline form (points, tags, contour ends), for the raster fuzz
// targets (raster's FuzzQuietSweep, internal/robust's FuzzRaster). It
// does not import raster, so that raster's own tests can use it.
package fuzzoutline

import "golang.org/x/image/math/fixed"

// Decode reads the outline's points from pts, five bytes each: x and y as
// big-endian int16, then a byte whose low four bits are the point's tag
// and whose high bits (mod 8) scale both coordinates by that power of two,
// up (grow) or down. At most maxPoints points are read. The points are
// split into 1 + contours%8 contours of about equal size; ends lists each
// contour's last point index. Bits 6 and 7 of contours ask for empty
// contours too (see below). No points gives nil slices.
func Decode(pts []byte, contours uint8, maxPoints int, grow bool) (points []fixed.Point26_6, tags []uint8, ends []int) {
	for i := 0; i+5 <= len(pts) && len(points) < maxPoints; i += 5 {
		sh := pts[i+4] >> 4 % 8
		x := int32(int16(uint16(pts[i])<<8 | uint16(pts[i+1])))
		y := int32(int16(uint16(pts[i+2])<<8 | uint16(pts[i+3])))
		if grow {
			x, y = x<<sh, y<<sh
		} else {
			x, y = x>>sh, y>>sh
		}
		points = append(points, fixed.Point26_6{X: fixed.Int26_6(x), Y: fixed.Int26_6(y)})
		tags = append(tags, pts[i+4]&0x0f)
	}
	n := len(points)
	if n == 0 {
		return nil, nil, nil
	}
	k := 1 + int(contours)%8
	// bit 6 keeps repeated and negative ends (empty contours, which a
	// glyph loader never makes but a caller of the raster can); bit 7
	// adds an empty last contour
	empty := contours&0x40 != 0
	for c := 1; c <= k; c++ {
		end := c*n/k - 1
		if empty || end >= 0 && (len(ends) == 0 || end > ends[len(ends)-1]) {
			ends = append(ends, end)
		}
	}
	if contours&0x80 != 0 {
		ends = append(ends, n-1)
	}
	return points, tags, ends
}
