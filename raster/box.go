package raster

import (
	"image"

	"golang.org/x/image/math/fixed"
)

// A Box is an outline's control box (FT_Outline_Get_CBox): the smallest
// rectangle holding every point, in 26.6 units with y up.
type Box struct {
	XMin, YMin, XMax, YMax fixed.Int26_6
}

// Box returns o's control box (see CBox).
func (o *Outline) Box() Box {
	xMin, yMin, xMax, yMax := o.CBox()
	return Box{xMin, yMin, xMax, yMax}
}

// MonoBoundsBox is MonoBounds for an outline whose control box is b.
func MonoBoundsBox(b Box, dx, dy fixed.Int26_6) image.Rectangle { return boxBounds(b, dx, dy, true) }

// GrayBoundsBox is GrayBounds for an outline whose control box is b.
func GrayBoundsBox(b Box, dx, dy fixed.Int26_6) image.Rectangle { return boxBounds(b, dx, dy, false) }
