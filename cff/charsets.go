package cff

// The predefined charsets a Top DICT selects with charset offsets 1 and 2
// (CFF specification, Appendix C; FreeType's cff_expert_charset and
// cff_expertsubset_charset): glyph index -> SID, every SID a standard
// string. A font using one may have at most as many glyphs as the
// charset has entries (cff_charset_load refuses more). Offset 0, ISOAdobe,
// is the identity on SIDs 0..228.
var (
	// expertCharset is the Expert charset (offset 1; 166 glyphs).
	expertCharset = [...]uint16{
		0, 1, 229, 230, 231, 232, 233, 234, 235, 236, 237, 238, 13, 14, 15, 99,
		239, 240, 241, 242, 243, 244, 245, 246, 247, 248, 27, 28, 249, 250, 251, 252,
		253, 254, 255, 256, 257, 258, 259, 260, 261, 262, 263, 264, 265, 266, 109, 110,
		267, 268, 269, 270, 271, 272, 273, 274, 275, 276, 277, 278, 279, 280, 281, 282,
		283, 284, 285, 286, 287, 288, 289, 290, 291, 292, 293, 294, 295, 296, 297, 298,
		299, 300, 301, 302, 303, 304, 305, 306, 307, 308, 309, 310, 311, 312, 313, 314,
		315, 316, 317, 318, 158, 155, 163, 319, 320, 321, 322, 323, 324, 325, 326, 150,
		164, 169, 327, 328, 329, 330, 331, 332, 333, 334, 335, 336, 337, 338, 339, 340,
		341, 342, 343, 344, 345, 346, 347, 348, 349, 350, 351, 352, 353, 354, 355, 356,
		357, 358, 359, 360, 361, 362, 363, 364, 365, 366, 367, 368, 369, 370, 371, 372,
		373, 374, 375, 376, 377, 378,
	}
	// expertSubsetCharset is the ExpertSubset charset (offset 2; 87
	// glyphs).
	expertSubsetCharset = [...]uint16{
		0, 1, 231, 232, 235, 236, 237, 238, 13, 14, 15, 99, 239, 240, 241, 242,
		243, 244, 245, 246, 247, 248, 27, 28, 249, 250, 251, 253, 254, 255, 256, 257,
		258, 259, 260, 261, 262, 263, 264, 265, 266, 109, 110, 267, 268, 269, 270, 272,
		300, 301, 302, 305, 314, 315, 158, 155, 163, 320, 321, 322, 323, 324, 325, 326,
		150, 164, 169, 327, 328, 329, 330, 331, 332, 333, 334, 335, 336, 337, 338, 339,
		340, 341, 342, 343, 344, 345, 346,
	}
)

// isoAdobeGlyphs is the length of the predefined ISOAdobe charset.
const isoAdobeGlyphs = 229
