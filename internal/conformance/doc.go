// Package conformance holds fontvm's TrueType conformance suite and its
// comparisons with FreeType 2.12.1, the reference (see DEVELOPERS.md).
//
// # Corpus comparison
//
// TestCorpus runs fontvm's interpreter (fontvm/truetype/hint) on every
// glyph of every corpus font (corpus.GoFonts, corpus.HintedFonts) in every
// configuration of golden.Configs (modes none, v35, v40; targets normal,
// mono; ppems 6-20, 24, 32, 48, 72) and compares with the digests of
// FreeType's lines committed in truetype/hint/testdata/golden (package
// golden). Under the build tag "reference", TestCorpusLive compares full
// lines with the linked FreeType (package fontvm/internal/ftref), and
// ftref's TestGoldenCurrent checks that the committed digests are what
// FreeType produces now. The command ttcompare prints the match table.
//
// # Suites
//
// testdata/*.ttasm are small synthetic fonts, one per instruction family
// or error path, built with fontvm/internal/fontwriter and assembled with
// fontvm/truetype/asm. Each glyph is one case. TestSuites compares every
// case in every configuration of Suite.Configs with FreeType's lines in
// testdata/golden/NAME.txt; under the reference tag TestSuitesLive
// compares with the linked FreeType and TestSuiteGoldenCurrent checks (or,
// with -update, rewrites) the golden lines.
//
// A .ttasm file is a sequence of @directives; lines starting with # are
// comments (and /* */ inside assembly):
//
//	@upem N               units per em (default 2048)
//	@headflags N          head.flags (default 0; bit 3 forces integer ppem)
//	@ppem N N ...         sizes to run at (default DefaultPPEMs)
//	@cvt V V ...          the cvt table, FUnits
//	@maxp key=N ...       override maxp limits derived by fontwriter:
//	                      zones twilight storage fdefs idefs stack
//	                      instructions points contours components depth
//	@table TAG            the following lines are a raw table (hex bytes),
//	                      written verbatim (e.g. hdmx)
//	@fpgm / @prep         the following lines (up to the next @) are the
//	                      font program / CVT program in ttx assembly
//	@fpgm-hex / @prep-hex the same as hexadecimal bytes
//	@glyph NAME [adv=N] [lsb=N]
//	                      starts a case: the next glyph (glyph 0 is an
//	                      empty .notdef, named "notdef")
//	@contour x,y ~x,y ... one contour of the glyph; ~ marks off-curve
//	                      points (without @contour or @component a glyph
//	                      gets DefaultContours: points 0-7)
//	@component GLYPH A1 A2 [match] [round] [metrics] [overlap] [scaled]
//	                      [unscaled] [flags=N] [scale=S] [xy=SX,SY]
//	                      [2x2=XX,01,10,YY]
//	                      one component (GLYPH by name or index); A1 A2 are
//	                      offsets, or point numbers with match; scales are
//	                      F2Dot14 values written as decimals
//	@program / @hex       the glyph's instructions, as assembly or hex
//	@empty                the glyph has no outline (no glyf data)
//
// Most cases make their results visible in the outline: "SVTCA[0]" then
// "point value SCFS[ ]" sets a point's y to a computed value. Cases that
// test errors move a point before the faulting instruction and another
// after it, so the line shows where execution stopped. FreeType ignores
// errors in glyph programs (the outline keeps what ran), while errors in
// fpgm or prep fail every hinted load of the size with the error's name.
package conformance
