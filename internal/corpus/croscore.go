package corpus

// CroscoreFonts are the Chrome OS core fonts (Debian's fonts-croscore),
// hinted TrueType: Arimo, Cousine and Tinos in four styles each.
var CroscoreFonts = func() []Font {
	var fs []Font
	for _, fam := range []string{"Arimo", "Cousine", "Tinos"} {
		for _, st := range []string{"Regular", "Bold", "Italic", "BoldItalic"} {
			fs = append(fs, Font{Name: fam + "-" + st, Path: sys + "croscore/" + fam + "-" + st + ".ttf"})
		}
	}
	return fs
}()
