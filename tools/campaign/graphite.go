package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"fontvm/graphite"
	"fontvm/graphite/shape"
	"fontvm/internal/corpus"
	"fontvm/internal/corrupt"
	"fontvm/internal/grcompare"
	"fontvm/internal/grref"
)

// The graphite target: the Debian Graphite fonts and graphite2's suite
// fonts; fontvm's loader (graphite.Load) decides accept/refuse, and an
// accepted copy is shaped with graphite/shape on real texts of its script.
func init() {
	register(&target{
		name:   "graphite",
		tables: corrupt.GraphiteTables,
		fonts:  graphiteFonts,
		check:  graphiteCheck,

		workName: "texts shaped",
		failName: "no segment",
	})
}

// suiteTexts maps graphite2's suite fonts to a text file of their script
// in graphite2-tests/texts (others get udhr_eng.txt).
var suiteTexts = map[string]string{
	"Padauk.ttf":                 "my_HeadwordSyllables.txt",
	"Scheherazadegr.ttf":         "udhr_arb.txt",
	"Scheherazadegr_noglyfs.ttf": "udhr_arb.txt",
	"Annapurnarc2.ttf":           "udhr_nep.txt",
	"AwamiNastaliq-Regular.ttf":  "awami_tests.txt",
	"Awami_test.ttf":             "awami_tests.txt",
	"Awami_compressed_test.ttf":  "awami_tests.txt",
	"charis_r_gr.ttf":            "udhr_eng.txt",
	"Charis5_eursub.ttf":         "udhr_yor.txt",
}

var rtlFonts = map[string]bool{
	"AwamiNastaliq": true, "Scheherazade": true,
	"Scheherazadegr.ttf": true, "Scheherazadegr_noglyfs.ttf": true,
	"AwamiNastaliq-Regular.ttf": true, "Awami_test.ttf": true, "Awami_compressed_test.ttf": true,
}

// readLines reads up to max non-empty lines of a text file (each cut to
// 64 characters); a file that cannot be read, or holds no text, is an
// error: a font without texts would be loaded but never shaped.
func readLines(path string, max int) ([][]rune, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var out [][]rune
	for _, l := range strings.Split(strings.TrimPrefix(string(b), "\uFEFF"), "\n") {
		l = strings.TrimSpace(l)
		if l == "" {
			continue
		}
		r := []rune(l)
		if len(r) > 64 {
			r = r[:64]
		}
		out = append(out, r)
		if len(out) == max {
			break
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no text", path)
	}
	return out, nil
}

// graphiteFonts returns the graphite target's fonts: the corpus Graphite
// fonts with their texts from graphite/shape/testdata/texts, and the fonts
// of graphite2's test suite (under FONTVM_SHARED when set) with the suite
// text of their script (udhr_eng.txt by default). A font without texts,
// an unreadable file or no font at all is an error.
func graphiteFonts() ([]fontFile, error) {
	fonts, err := readCorpus(corpus.GraphiteFonts)
	if err != nil {
		return nil, err
	}
	root := corpus.Root()
	for i := range fonts {
		fonts[i].texts, err = readLines(filepath.Join(root, "graphite", "shape", "testdata", "texts", fonts[i].name+".txt"), 200)
		if err != nil {
			return nil, err
		}
		fonts[i].rtl = rtlFonts[fonts[i].name]
	}
	suite := filepath.Join(root, "testdata", "graphite2-tests")
	if d := os.Getenv("FONTVM_SHARED"); d != "" {
		suite = filepath.Join(d, "graphite2-tests")
	}
	files, _ := filepath.Glob(filepath.Join(suite, "fonts", "*.ttf"))
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		name := filepath.Base(p)
		tf := suiteTexts[name]
		if tf == "" {
			tf = "udhr_eng.txt"
		}
		texts, err := readLines(filepath.Join(suite, "texts", tf), 200)
		if err != nil {
			return nil, err
		}
		fonts = append(fonts, fontFile{name: name, data: b, rtl: rtlFonts[name], texts: texts})
	}
	if len(fonts) == 0 {
		return nil, errNoFonts
	}
	return fonts, nil
}

// graphiteCheck loads data with fontvm's loader and with the shaping
// engine's own loader (which must agree with it) and, when both accept,
// shapes texts real texts (chosen from the case index pick, so that a case
// is reproducible) with the engine.
func graphiteCheck(f *fontFile, data []byte, texts, pick int) (v verdict) {
	_, err := graphite.Load(data)
	if err != nil {
		v.reason = firstLine(err.Error())
		var ge *graphite.Error
		if errors.As(err, &ge) && strings.HasPrefix(ge.Reason, "internal error") {
			// The loader recovered a panic of its own: a bug all the same.
			v.panicked = true
			v.panicMsg = "graphite.Load recovered: " + ge.Reason
		}
	} else {
		v.accepted = true
	}
	defer func() {
		if r := recover(); r != nil {
			v.panicked = true
			v.panicMsg = fmt.Sprintf("graphite/shape: %v", r)
		}
	}()
	face, err := shape.Load(data)
	v.engineAccepted = err == nil
	if err != nil || !v.accepted || texts <= 0 || len(f.texts) == 0 {
		return v
	}
	sh := shape.NewShaper(face)
	for _, text := range pickTexts(f, pick, texts) {
		r, err := grcompare.EngineShape(sh, text, grref.Options{RTL: f.rtl}, 1)
		line := grcompare.NoSegment
		if err != nil {
			v.shapeErrs++
		} else {
			line = r.Line()
		}
		v.outputs = append(v.outputs, line)
		v.shaped++
	}
	return v
}

// pickTexts chooses the n texts a case shapes from its index pick, so that
// a case is reproducible and the reference shapes the same texts.
func pickTexts(f *fontFile, pick, n int) [][]rune {
	var out [][]rune
	for k := 0; k < n && len(f.texts) > 0; k++ {
		out = append(out, f.texts[(pick*7+k*37)%len(f.texts)])
	}
	return out
}

// firstLine returns s up to its first newline, for one-line reasons.
func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
