package corpus

import (
	"os"
	"path/filepath"
)

// VariableDir is the directory of the variable test fonts (with
// cases.tsv): $FONTVM_SHARED/fonts/variable if set, else
// ../shared/fonts/variable beside the repository as CI clones it (or
// ../../shared from a worktree one level further down).
func VariableDir() string {
	if s := os.Getenv("FONTVM_SHARED"); s != "" {
		return filepath.Join(s, "fonts", "variable")
	}
	for _, up := range []string{"..", filepath.Join("..", "..")} {
		d := filepath.Join(Root(), up, "shared", "fonts", "variable")
		if _, err := os.Stat(d); err == nil {
			return d
		}
	}
	return filepath.Join(Root(), "..", "shared", "fonts", "variable")
}

// VariableFonts are the variable TrueType fonts of issue 15: the shared
// ones (Selawik, Comfortaa, Roboto, Fraunces, Source Serif and the
// unicode-org text-rendering-tests fonts) and Debian's
// fonts-inter-variable.
var VariableFonts = []Font{
	{Name: "Comfortaa", Path: filepath.Join(VariableDir(), "Comfortaa-Regular-new.ttf")},
	{Name: "Fraunces", Path: filepath.Join(VariableDir(), "Fraunces.ttf")},
	{Name: "Roboto", Path: filepath.Join(VariableDir(), "Roboto-Variable.ttf")},
	{Name: "Selawik", Path: filepath.Join(VariableDir(), "Selawik-variable.ttf")},
	{Name: "SourceSerif", Path: filepath.Join(VariableDir(), "SourceSerifVariable-Roman.ttf")},
	{Name: "TestAVAR", Path: filepath.Join(VariableDir(), "TestAVAR.ttf")},
	{Name: "TestCVARGVAROne", Path: filepath.Join(VariableDir(), "TestCVARGVAROne.ttf")},
	{Name: "TestCVARGVARTwo", Path: filepath.Join(VariableDir(), "TestCVARGVARTwo.ttf")},
	{Name: "TestGVARComposite0", Path: filepath.Join(VariableDir(), "TestGVAR-Composite-0.ttf")},
	{Name: "TestHVARTwo", Path: filepath.Join(VariableDir(), "TestHVARTwo.ttf")},
	{Name: "InterRoman", Path: sys + "inter-vf/Inter-roman.var.ttf"},
	{Name: "InterItalic", Path: sys + "inter-vf/Inter-italic.var.ttf"},
}
