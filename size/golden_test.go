package size

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
)

// goldenFile holds FreeType's size metrics for testRequests on a few
// fonts, written by TestReferenceMetrics (FONTVM_UPDATE_GOLDEN=1).
const goldenFile = "testdata/metrics.golden"

// faceValues are FT_FaceRec's units_per_EM, ascender, descender, height
// and max_advance_width.
type faceValues [5]int

// resultLine formats what FreeType's FT_Set_Char_Size leaves for
// request r on a TrueType face with values fv: "err NAME" for the
// requests FreeType refuses (FT_Request_Size's Invalid_Argument,
// FT_Request_Metrics' Invalid_Pixel_Size, tt_size_reset's Invalid_PPem),
// else the public face->size->metrics.
func resultLine(r Request, fv faceValues) string {
	m, err := r.Metrics(fv[0])
	switch {
	case errors.Is(err, ErrArgument):
		return "err Invalid_Argument"
	case errors.Is(err, ErrPixelSize):
		return "err Invalid_Pixel_Size"
	case err != nil:
		return "err " + err.Error()
	case m.XPPEM < 1 || m.YPPEM < 1:
		return "err Invalid_PPem"
	}
	m.ScaleFaceMetrics(fv[1], fv[2], fv[3], fv[4])
	return metricsLine(m.XPPEM, m.YPPEM, m.XScale, m.YScale, m.Ascender, m.Descender, m.Height, m.MaxAdvance)
}

// metricsLine formats FT_Size_Metrics' fields.
func metricsLine(xppem, yppem int, xs, ys, asc, desc, height, maxAdv int64) string {
	return fmt.Sprintf("ppem %d %d scale %d %d asc %d desc %d height %d maxadv %d", xppem, yppem, xs, ys, asc, desc, height, maxAdv)
}

// goldenKey formats a golden line's inputs: the font's values and the
// FT_Set_Char_Size arguments.
func goldenKey(name string, fv faceValues, a [4]int64) string {
	return fmt.Sprintf("%s upem %d asc %d desc %d height %d maxw %d | char %d %d dpi %d %d |", name, fv[0], fv[1], fv[2], fv[3], fv[4], a[0], a[1], a[2], a[3])
}

// TestGolden recomputes every line of the golden file (FreeType's
// metrics) from its inputs.
func TestGolden(t *testing.T) {
	f, err := os.Open(goldenFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n, version := 0, ""
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			if strings.HasPrefix(line, "# FreeType ") {
				version = strings.TrimSuffix(strings.Fields(line)[2], ":")
			}
			continue
		}
		var name string
		var fv faceValues
		var a [4]int64
		if _, err := fmt.Sscanf(line, "%s upem %d asc %d desc %d height %d maxw %d | char %d %d dpi %d %d |",
			&name, &fv[0], &fv[1], &fv[2], &fv[3], &fv[4], &a[0], &a[1], &a[2], &a[3]); err != nil {
			t.Fatalf("bad line %q: %v", line, err)
		}
		key := goldenKey(name, fv, a)
		want := strings.TrimSpace(strings.TrimPrefix(line, key))
		r := CharSize(a[0], a[1], uint32(a[2]), uint32(a[3]))
		if got := resultLine(r, fv); got != want {
			t.Errorf("%s\n got  %s\n want %s", key, got, want)
		}
		n++
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if version == "" {
		t.Error("golden file does not name the FreeType version")
	}
	if n < len(testRequests()) {
		t.Fatalf("golden file has %d lines, want at least %d", n, len(testRequests()))
	}
	t.Logf("%d requests agree with FreeType %s", n, version)
}
