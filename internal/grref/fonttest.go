//go:build reference

package grref

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"time"
)

// FontTestBinary is the gr2fonttest executable FontTest runs.
var FontTestBinary = "gr2fonttest"

// FontTestTimeout bounds one gr2fonttest run (graphite2's own suite allows 3 s).
var FontTestTimeout = 30 * time.Second

// FontTest runs `gr2fonttest -log LOG font args...` as graphite2's test
// suite does (args is e.g. ["-codes", "1000", "102f", "-rtl"], or empty
// for the feature listing) and returns the log file's bytes and the
// program's stderr. err is set when the program cannot run, times out, or
// exits non-zero (a refused font exits 3); log is returned in every case.
func FontTest(font string, args ...string) (log []byte, stderr string, err error) {
	dir, err := os.MkdirTemp("", "grref-fonttest")
	if err != nil {
		return nil, "", err
	}
	defer os.RemoveAll(dir)
	logPath := filepath.Join(dir, "out.log")
	ctx, cancel := context.WithTimeout(context.Background(), FontTestTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, FontTestBinary, append([]string{"-log", logPath, font}, args...)...)
	var eb, ob bytes.Buffer
	cmd.Stderr = &eb
	cmd.Stdout = &ob
	runErr := cmd.Run()
	log, _ = os.ReadFile(logPath)
	if ctx.Err() != nil {
		return log, eb.String(), fmt.Errorf("grref: gr2fonttest %s: timed out after %v", font, FontTestTimeout)
	}
	if runErr != nil {
		return log, eb.String(), fmt.Errorf("grref: gr2fonttest %s: %v", font, runErr)
	}
	return log, eb.String(), nil
}

// FontTestBytes is FontTest on in-memory font bytes (written to a
// temporary file first).
func FontTestBytes(fontData []byte, args ...string) (log []byte, stderr string, err error) {
	f, err := os.CreateTemp("", "grref-*.ttf")
	if err != nil {
		return nil, "", err
	}
	defer os.Remove(f.Name())
	if _, err := f.Write(fontData); err != nil {
		f.Close()
		return nil, "", err
	}
	if err := f.Close(); err != nil {
		return nil, "", err
	}
	return FontTest(f.Name(), args...)
}

// FontTestArgs turns text and o into gr2fonttest arguments: -codes with
// the hexadecimal code points, then -rtl, -feat and -j as needed. (The
// log positions are then at 12 pt, 72 dpi, gr2fonttest's default size.)
func FontTestArgs(text []rune, o Options) []string {
	args := []string{"-codes"}
	for _, r := range text {
		args = append(args, fmt.Sprintf("%04x", r))
	}
	if o.RTL {
		args = append(args, "-rtl")
	}
	feat := FormatFeatures(o.Features)
	if o.Lang != "" {
		if feat != "" {
			feat = "lang=" + o.Lang + "," + feat
		} else {
			feat = "lang=" + o.Lang
		}
	}
	if feat != "" {
		args = append(args, "-feat", feat)
	}
	if o.Justify > 0 {
		args = append(args, "-j", fmt.Sprint(o.Justify))
	}
	return args
}
