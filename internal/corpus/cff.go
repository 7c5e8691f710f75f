package corpus

import (
	"os"
	"path/filepath"
)

// CFFDir is the directory of the shared CFF test fonts (with cases.tsv):
// $FONTVM_SHARED/fonts/cff if set, else ../shared/fonts/cff beside the
// repository (or ../../shared from a worktree one level further down).
func CFFDir() string {
	if s := os.Getenv("FONTVM_SHARED"); s != "" {
		return filepath.Join(s, "fonts", "cff")
	}
	for _, up := range []string{"..", filepath.Join("..", "..")} {
		d := filepath.Join(Root(), up, "shared", "fonts", "cff")
		if _, err := os.Stat(d); err == nil {
			return d
		}
	}
	return filepath.Join(Root(), "..", "shared", "fonts", "cff")
}

const (
	otf    = "/usr/share/fonts/opentype/"
	texgyr = "/usr/share/texmf/fonts/opentype/public/tex-gyre/"
)

// CFFFonts are the CFF and CFF2 fonts of issue 16: the shared CFF2 and
// CFF test fonts and Debian's fonts-cantarell, fonts-ebgaramond,
// fonts-linuxlibertine and fonts-texgyre faces of cases.tsv.
var CFFFonts = []Font{
	{Name: "AdobeVFPrototype", Path: filepath.Join(CFFDir(), "AdobeVFPrototype.otf")},
	{Name: "SourceSerif4Subset", Path: filepath.Join(CFFDir(), "SourceSerif4Variable-Roman_subset.otf")},
	{Name: "TestCFFThree", Path: filepath.Join(CFFDir(), "TestCFFThree.otf")},
	{Name: "Cantarell", Path: otf + "cantarell/Cantarell-Regular.otf"},
	{Name: "EBGaramond12", Path: otf + "ebgaramond/EBGaramond12-Regular.otf"},
	{Name: "LinLibertineR", Path: otf + "linux-libertine/LinLibertine_R.otf"},
	{Name: "TeXGyreHeros", Path: texgyr + "texgyreheros-regular.otf"},
}

// MoreCFFFonts are further Debian CFF fonts of the same packages (other
// weights and styles) for the wider comparisons.
var MoreCFFFonts = []Font{
	{Name: "CantarellBold", Path: otf + "cantarell/Cantarell-Bold.otf"},
	{Name: "CantarellThin", Path: otf + "cantarell/Cantarell-Thin.otf"},
	{Name: "EBGaramond08Italic", Path: otf + "ebgaramond/EBGaramond08-Italic.otf"},
	{Name: "EBGaramond12Bold", Path: otf + "ebgaramond/EBGaramond12-Bold.otf"},
	{Name: "LinBiolinumR", Path: otf + "linux-libertine/LinBiolinum_R.otf"},
	{Name: "LinLibertineRZI", Path: otf + "linux-libertine/LinLibertine_RZI.otf"},
	{Name: "LinLibertineM", Path: otf + "linux-libertine/LinLibertine_M.otf"},
	{Name: "TeXGyrePagellaBold", Path: texgyr + "texgyrepagella-bold.otf"},
	{Name: "TeXGyreTermesItalic", Path: texgyr + "texgyretermes-italic.otf"},
	{Name: "TeXGyreChorus", Path: texgyr + "texgyrechorus-mediumitalic.otf"},
	{Name: "TeXGyreCursor", Path: texgyr + "texgyrecursor-regular.otf"},
}
