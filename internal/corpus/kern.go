package corpus

// KernFonts are the fonts the kerning tests compare with HarfBuzz: fonts
// that kern in GPOS (DejaVu, Liberation, Charis SIL, Noto Sans, Lato, the
// Chrome OS core fonts, Open Sans) and Go Regular, which has no kerning
// at all (an all-zero case on the legacy path).
var KernFonts = []Font{
	{Name: "DejaVuSans", Path: sys + "dejavu/DejaVuSans.ttf"},
	{Name: "DejaVuSerif", Path: sys + "dejavu/DejaVuSerif.ttf"},
	{Name: "LiberationSans", Path: sys + "liberation2/LiberationSans-Regular.ttf"},
	{Name: "LiberationSerif", Path: sys + "liberation2/LiberationSerif-Regular.ttf"},
	{Name: "CharisSIL", Path: sys + "charis/CharisSIL-Regular.ttf"},
	{Name: "NotoSans", Path: sys + "noto/NotoSans-Regular.ttf"},
	{Name: "NotoSerif", Path: sys + "noto/NotoSerif-Regular.ttf"},
	{Name: "Lato", Path: sys + "lato/Lato-Regular.ttf"},
	{Name: "Arimo", Path: sys + "croscore/Arimo-Regular.ttf"},
	{Name: "Tinos", Path: sys + "croscore/Tinos-Regular.ttf"},
	{Name: "Cousine", Path: sys + "croscore/Cousine-Regular.ttf"},
	{Name: "OpenSans", Path: sys + "open-sans/OpenSans-Regular.ttf"},
	{Name: "GoRegular", Data: GoFonts[0].Data},
}
