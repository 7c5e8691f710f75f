// Package robust holds fontvm's cross-entry-point robustness tests: fuzz
// targets that feed hostile fonts, programs, outlines and texts to every
// public entry point (hinting programs in a synthetic font, loading and
// hinting corrupted fonts, rendering through face and raster, Graphite
// loading and shaping of corrupted fonts), and tests of the bounds a font
// controls (instructions executed, memory allocated from table counts).
//
// The package has no API; its tests are the contract described in
// docs/SECURITY.md. Crashers found by the fuzz targets are kept as
// regression inputs in testdata/fuzz/<FuzzTarget>/, which plain
// "go test" replays.
package robust
