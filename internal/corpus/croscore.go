package corpus

// CrosCoreFonts are Debian's fonts-croscore (Chrome OS core fonts: Arimo,
// Cousine, Tinos), hinted TrueType fonts whose head.flags do not ask for
// integer ppem: FreeType scales their hinted outlines by fractional
// sizes, which the char-size tests cover.
var CrosCoreFonts = []Font{
	{Name: "Arimo-Regular", Path: sys + "croscore/Arimo-Regular.ttf"},
	{Name: "Arimo-Bold", Path: sys + "croscore/Arimo-Bold.ttf"},
	{Name: "Arimo-Italic", Path: sys + "croscore/Arimo-Italic.ttf"},
	{Name: "Arimo-BoldItalic", Path: sys + "croscore/Arimo-BoldItalic.ttf"},
	{Name: "Cousine-Regular", Path: sys + "croscore/Cousine-Regular.ttf"},
	{Name: "Cousine-Bold", Path: sys + "croscore/Cousine-Bold.ttf"},
	{Name: "Cousine-Italic", Path: sys + "croscore/Cousine-Italic.ttf"},
	{Name: "Cousine-BoldItalic", Path: sys + "croscore/Cousine-BoldItalic.ttf"},
	{Name: "Tinos-Regular", Path: sys + "croscore/Tinos-Regular.ttf"},
	{Name: "Tinos-Bold", Path: sys + "croscore/Tinos-Bold.ttf"},
	{Name: "Tinos-Italic", Path: sys + "croscore/Tinos-Italic.ttf"},
	{Name: "Tinos-BoldItalic", Path: sys + "croscore/Tinos-BoldItalic.ttf"},
}
