// Package corpus locates the test fonts and data fontvm's tests run on.
//
// The Go fonts are embedded in golang.org/x/image/font/gofont and always
// available. The other corpus fonts come from Debian packages that .ci/run
// installs. A test asking for a missing font is skipped with a message,
// unless the environment variable FONTVM_REQUIRE_CORPUS is set (as .ci/run
// sets it), in which case the test fails: in CI nothing is skipped silently.
package corpus

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gobolditalic"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/gomedium"
	"golang.org/x/image/font/gofont/gomediumitalic"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/gomonobold"
	"golang.org/x/image/font/gofont/gomonobolditalic"
	"golang.org/x/image/font/gofont/gomonoitalic"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/gofont/gosmallcaps"
	"golang.org/x/image/font/gofont/gosmallcapsitalic"
)

// A Font is one corpus font: a name and either embedded data or a path.
type Font struct {
	Name string // short name, e.g. "DejaVuSans" or "GoRegular"
	Path string // file path for system fonts; empty for embedded fonts
	Data []byte // embedded data (Go fonts); nil for system fonts
}

// GoFonts are the twelve Go fonts, ttfautohint-hinted, always available.
var GoFonts = []Font{
	{Name: "GoRegular", Data: goregular.TTF},
	{Name: "GoBold", Data: gobold.TTF},
	{Name: "GoItalic", Data: goitalic.TTF},
	{Name: "GoBoldItalic", Data: gobolditalic.TTF},
	{Name: "GoMedium", Data: gomedium.TTF},
	{Name: "GoMediumItalic", Data: gomediumitalic.TTF},
	{Name: "GoMono", Data: gomono.TTF},
	{Name: "GoMonoBold", Data: gomonobold.TTF},
	{Name: "GoMonoItalic", Data: gomonoitalic.TTF},
	{Name: "GoMonoBoldItalic", Data: gomonobolditalic.TTF},
	{Name: "GoSmallcaps", Data: gosmallcaps.TTF},
	{Name: "GoSmallcapsItalic", Data: gosmallcapsitalic.TTF},
}

const sys = "/usr/share/fonts/truetype/"

// HintedFonts are the hinted TrueType corpus fonts from Debian packages.
var HintedFonts = []Font{
	{Name: "DejaVuSans", Path: sys + "dejavu/DejaVuSans.ttf"},
	{Name: "DejaVuSerif", Path: sys + "dejavu/DejaVuSerif.ttf"},
	{Name: "DejaVuSansMono", Path: sys + "dejavu/DejaVuSansMono.ttf"},
	{Name: "LiberationSans", Path: sys + "liberation2/LiberationSans-Regular.ttf"},
	{Name: "LiberationSerif", Path: sys + "liberation2/LiberationSerif-Regular.ttf"},
	{Name: "LiberationMono", Path: sys + "liberation2/LiberationMono-Regular.ttf"},
	{Name: "CharisSIL", Path: sys + "charis/CharisSIL-Regular.ttf"},
	{Name: "Andika", Path: sys + "andika/Andika-Regular.ttf"},
	{Name: "AnnapurnaSIL", Path: sys + "annapurna/AnnapurnaSIL-Regular.ttf"},
	{Name: "Scheherazade", Path: sys + "scheherazade/Scheherazade-Regular.ttf"},
}

// GraphiteFonts are the Graphite corpus fonts from Debian packages.
var GraphiteFonts = []Font{
	{Name: "Padauk", Path: sys + "padauk/Padauk-Regular.ttf"},
	{Name: "AwamiNastaliq", Path: sys + "awami/AwamiNastaliq-Regular.ttf"},
	{Name: "AbyssinicaSIL", Path: sys + "abyssinica/AbyssinicaSIL-Regular.ttf"},
	{Name: "AnnapurnaSIL", Path: sys + "annapurna/AnnapurnaSIL-Regular.ttf"},
	{Name: "Scheherazade", Path: sys + "scheherazade/Scheherazade-Regular.ttf"},
}

// Required reports whether missing corpus data must fail tests.
func Required() bool { return os.Getenv("FONTVM_REQUIRE_CORPUS") != "" }

// Missing skips or fails t because what is missing.
func Missing(t testing.TB, what string) {
	t.Helper()
	if Required() {
		t.Fatalf("corpus: %s is missing (FONTVM_REQUIRE_CORPUS is set; run .ci/run to install it)", what)
	}
	t.Skipf("corpus: %s is missing; install the packages .ci/run lists (skipped)", what)
}

// Load returns f's bytes, skipping or failing t when a system font is absent.
func Load(t testing.TB, f Font) []byte {
	t.Helper()
	if f.Data != nil {
		return f.Data
	}
	b, err := os.ReadFile(f.Path)
	if err != nil {
		Missing(t, f.Path)
	}
	return b
}

// Graphite2Tests returns the directory of graphite2's regression suite as
// data (fonts/, standards/, texts/, fuzz-tests/, cases.tsv). The repository
// keeps a copy in testdata/graphite2-tests.
func Graphite2Tests(t testing.TB) string {
	t.Helper()
	return filepath.Join(Shared(t), "graphite2-tests")
}

// Shared returns a directory holding graphite2-tests/ and spec/: the
// repository's testdata directory, or $FONTVM_SHARED. It skips or fails t
// when neither is present.
func Shared(t testing.TB) string {
	t.Helper()
	for _, p := range []string{os.Getenv("FONTVM_SHARED"), filepath.Join(Root(), "testdata")} {
		if p == "" {
			continue
		}
		if st, err := os.Stat(filepath.Join(p, "graphite2-tests")); err == nil && st.IsDir() {
			return p
		}
	}
	Missing(t, "the shared data directory (../shared/graphite2-tests)")
	return ""
}

// Root returns the repository root.
func Root() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..")
}
