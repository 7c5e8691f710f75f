package grcompare

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"fontvm/graphite"
	"fontvm/graphite/shape"
	"fontvm/internal/corpus"
	"fontvm/internal/corrupt"
)

// fuzzCaseTimeout bounds one fuzz regression (load twice, shape every
// line): graphite2's own harness allows 20 s under valgrind.
const fuzzCaseTimeout = 20 * time.Second

// fuzzText finds the text of a fuzz-tests folder: TEXT.txt, else with '-'
// read as '_' (udhr-hin -> udhr_hin.txt), else the one text whose name
// starts with the folder's, ignoring case (my_Headwords ->
// my_HeadwordSyllables.txt).
// graphite2's harness names texts/FOLDER.txt, which does not exist for the
// last two forms.
func fuzzText(textsDir, folder string) (string, error) {
	for _, n := range []string{folder, strings.ReplaceAll(folder, "-", "_")} {
		p := filepath.Join(textsDir, n+".txt")
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
	}
	ents, _ := os.ReadDir(textsDir)
	var m []string
	for _, e := range ents {
		if strings.HasSuffix(e.Name(), ".txt") && strings.HasPrefix(strings.ToLower(e.Name()), strings.ToLower(folder)) {
			m = append(m, filepath.Join(textsDir, e.Name()))
		}
	}
	if len(m) == 1 {
		return m[0], nil
	}
	return "", fmt.Errorf("no text for fuzz folder %q", folder)
}

// rtlName is graphite2's harness rule: "-r" ending a name part means
// right to left.
var rtlName = regexp.MustCompile(`-r(\.|$)`)

// TestFuzzRegressionsSurvive applies each graphite2 fuzz regression
// (fuzz-tests/FONT/TEXT/NAME.fuzz) to its font, loads it with fontvm's
// loader in both of graphite2's modes (preloadAll, and on demand as the
// harness's --demand run) and, when the engine accepts it, shapes every
// line of the text at 12 ppem: no panic, no hang, an error or a result.
// (libfuzz-corpus/ holds libFuzzer seeds, font and text packed together in
// the harness's own layout; they are fuzzer seeds, not regressions, and
// are not run here.)
func TestFuzzRegressionsSurvive(t *testing.T) {
	dir := corpus.Graphite2Tests(t)
	files, _ := filepath.Glob(filepath.Join(dir, "fuzz-tests", "*", "*", "*.fuzz"))
	ran := 0
	for _, f := range files {
		rel, _ := filepath.Rel(filepath.Join(dir, "fuzz-tests"), f)
		parts := strings.Split(rel, string(filepath.Separator))
		if parts[0] == "libfuzz-corpus" {
			continue
		}
		ran++
		t.Run(rel, func(t *testing.T) {
			font, err := os.ReadFile(filepath.Join(dir, "fonts", parts[0]+".ttf"))
			if err != nil {
				t.Fatal(err)
			}
			r, err := os.Open(f)
			if err != nil {
				t.Fatal(err)
			}
			edits, _, err := corrupt.ParseFuzz(r)
			r.Close()
			if err != nil {
				t.Fatal(err)
			}
			data, err := corrupt.ApplyEdits(font, edits)
			if err != nil {
				t.Fatal(err)
			}
			tp, err := fuzzText(filepath.Join(dir, "texts"), parts[1])
			if err != nil {
				t.Fatal(err)
			}
			lines, err := ReadTexts(tp)
			if err != nil {
				t.Fatal(err)
			}
			rtl := rtlName.MatchString(parts[2])
			done := make(chan string, 1)
			go func() { done <- survive(data, lines, rtl) }()
			select {
			case msg := <-done:
				if strings.HasPrefix(msg, "PANIC") {
					t.Fatal(msg)
				}
				t.Log(msg)
			case <-time.After(fuzzCaseTimeout):
				t.Fatalf("no result after %v: hang", fuzzCaseTimeout)
			}
		})
	}
	if ran == 0 {
		t.Fatal("no fuzz regressions found")
	}
}

// survive runs one regression and describes the outcome; a panic becomes
// a message starting with "PANIC".
func survive(data []byte, lines [][]rune, rtl bool) (msg string) {
	defer func() {
		if r := recover(); r != nil {
			msg = fmt.Sprintf("PANIC: %v", r)
		}
	}()
	var parts []string
	for _, mode := range []struct {
		name string
		opts graphite.Options
	}{{"preloadAll", graphite.PreloadAll}, {"demand", 0}} {
		_, err := graphite.LoadOptions(data, mode.opts)
		var ge *graphite.Error
		if errors.As(err, &ge) && strings.HasPrefix(ge.Reason, "internal error") {
			return "PANIC (recovered by the loader): " + ge.Reason
		}
		if err != nil {
			parts = append(parts, fmt.Sprintf("%s: refused (%v)", mode.name, err))
		} else {
			parts = append(parts, mode.name+": accepted")
		}
	}
	face, err := shape.Load(data)
	if err != nil {
		parts = append(parts, fmt.Sprintf("engine: refused (%v)", err))
		return strings.Join(parts, "; ")
	}
	sh := shape.NewShaper(face)
	scale := float32(12) / float32(face.UnitsPerEm())
	ok, failed := 0, 0
	for _, l := range lines {
		if _, err := sh.Shape(l, &shape.Options{RTL: rtl, Scale: scale}); err != nil {
			failed++
		} else {
			ok++
		}
	}
	parts = append(parts, fmt.Sprintf("engine: %d lines shaped, %d without segment", ok, failed))
	return strings.Join(parts, "; ")
}
