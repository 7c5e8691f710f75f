// Package rref gives raster's reference tests FreeType's own outlines,
// outline flags and bitmaps, glyph by glyph, through cgo. Everything but
// this comment is compiled only with the build tag "reference".
package rref
