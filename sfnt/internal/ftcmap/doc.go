// Package ftcmap asks FreeType (the system libfreetype, through cgo) how it
// maps characters to glyphs, as the reference for fontvm/sfnt's cmap code.
// It is test-only code: everything but this comment is compiled only with
// the build tag "reference".
package ftcmap
