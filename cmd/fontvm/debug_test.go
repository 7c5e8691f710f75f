package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/image/font/gofont/goregular"

	"fontvm/internal/corpus"
)

// debugServer starts fontvm debug (the command itself, in this process)
// with args and returns the URL its first line of output names.
func debugServer(t *testing.T, args ...string) string {
	t.Helper()
	pr, pw := io.Pipe()
	debugMu.Lock()
	debugStdout = pw
	go func() {
		if err := runDebug(args); err != nil {
			pw.CloseWithError(err)
		}
	}()
	line, err := bufio.NewReader(pr).ReadString('\n')
	debugStdout = os.Stdout
	debugMu.Unlock()
	if err != nil {
		t.Fatalf("fontvm debug %v: %v", args, err)
	}
	u := strings.TrimSpace(line)
	if !strings.HasPrefix(u, "http://127.0.0.1:") || !strings.HasSuffix(u, "/") {
		t.Fatalf("first line %q is not a loopback URL", line)
	}
	return u
}

var debugMu sync.Mutex

// TestDebugServes checks the command's first line and its pages over HTTP
// (no browser): the index, a state, a bad request and the shaping view.
func TestDebugServes(t *testing.T) {
	u := debugServer(t)
	get := func(path string) (int, string) {
		resp, err := http.Get(u + strings.TrimPrefix(path, "/"))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	if st, body := get("/"); st != 200 || !strings.Contains(body, "Go-Regular") {
		t.Errorf("index: %d", st)
	}
	if st, body := get("/tt?glyph=68&ppem=12&mode=v40&step=10"); st != 200 || !strings.Contains(body, `id="state"`) {
		t.Errorf("/tt: %d", st)
	}
	if st, _ := get("/tt?glyph=68&ppem=12&mode=v41"); st != 400 {
		t.Errorf("bad mode: status %d, want 400", st)
	}
	if st, _ := get("/gr?text=a"); st != 404 {
		t.Errorf("Go Regular has no Graphite: status %d, want 404", st)
	}
	if st, _ := get("/tt?glyph=999999&ppem=12"); st != 400 {
		t.Errorf("glyph out of range: status %d, want 400", st)
	}
}

// ttTraceLine is one line of tt trace --json.
type ttTraceLine struct {
	Program string  `json:"program"`
	PC      int     `json:"pc"`
	After   []int64 `json:"stack_after"`
	SPAfter int     `json:"depth_after"`
}

// ttTraceLines runs fontvm tt trace --json and returns its instruction lines.
func ttTraceLines(t *testing.T, font string, glyph, ppem int, mode string, programs bool) []ttTraceLine {
	t.Helper()
	m, target := mode, "normal"
	if mode == "v40mono" {
		m, target = "v40", "mono"
	}
	args := []string{"tt", "trace", font, "--glyph", strconv.Itoa(glyph), "--ppem", strconv.Itoa(ppem), "--mode", m, "--target", target, "--json"}
	if programs {
		args = append(args, "--programs")
	}
	var out bytes.Buffer
	old := ttHintStdout
	ttHintStdout = &out
	st := run(args)
	ttHintStdout = old
	if st != 0 {
		t.Fatalf("tt trace %v: status %d", args, st)
	}
	var lines []ttTraceLine
	for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		if strings.HasPrefix(l, `{"result"`) {
			continue
		}
		var x ttTraceLine
		if err := json.Unmarshal([]byte(l), &x); err != nil {
			t.Fatalf("tt trace line %q: %v", l, err)
		}
		lines = append(lines, x)
	}
	return lines
}

// chromium returns the path of headless Chromium, skipping (or, under
// FONTVM_REQUIRE_CORPUS, failing) the test when it is missing.
func chromium(t *testing.T) string {
	t.Helper()
	for _, n := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(n); err == nil {
			return p
		}
	}
	corpus.Missing(t, "headless Chromium (Debian package chromium)")
	return ""
}

// chromiumRun runs headless Chromium with args and returns its standard output.
func chromiumRun(t *testing.T, bin string, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, append([]string{"--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
		"--user-data-dir=" + t.TempDir()}, args...)...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("chromium %v: %v\n%s", args, err, errb.String())
	}
	return out.String()
}

var (
	stateRE = regexp.MustCompile(`<div id="state" data-program="([^"]*)" data-pc="([^"]*)" data-depth="([^"]*)"`)
	stackRE = regexp.MustCompile(`<div id="stack">([^<]*)</div>`)
)

// TestDebugChromium loads debugger states in headless Chromium and checks
// that the page (#state's data-program, data-pc and data-depth, #stack's
// values) shows exactly what fontvm tt trace reports at that step: steps in
// fpgm and prep against tt trace --programs, steps of the glyph's program
// against tt trace of the glyph, at several glyphs, sizes, modes and
// steps. It writes screenshots of the TrueType and Graphite views to the
// test's artifact directory.
func TestDebugChromium(t *testing.T) {
	bin := chromium(t)
	dir := t.TempDir()
	font := filepath.Join(dir, "Go-Regular.ttf")
	if err := os.WriteFile(font, goregular.TTF, 0o644); err != nil {
		t.Fatal(err)
	}
	u := debugServer(t)
	type state struct {
		glyph, ppem int
		mode        string
		// where: "fpgm"/"prep"/"glyph"; at: which step of that part (from 1;
		// negative counts from its end)
		where string
		at    int
	}
	states := []state{
		{68, 12, "v40", "fpgm", 40}, {68, 12, "v40", "prep", 1500}, {68, 12, "v40", "glyph", 1}, {68, 12, "v40", "glyph", 700}, {68, 12, "v40", "glyph", -1},
		{74, 9, "v35", "prep", -1}, {74, 9, "v35", "glyph", 300}, {74, 9, "v35", "glyph", -20},
		{53, 17, "v40mono", "fpgm", -1}, {53, 17, "v40mono", "glyph", 111}, {53, 17, "v40mono", "glyph", -2},
		{19, 31, "v40", "prep", 4000}, {19, 31, "v40", "glyph", 55},
	}
	checked := 0
	for _, s := range states {
		all := ttTraceLines(t, font, s.glyph, s.ppem, s.mode, true)
		own := ttTraceLines(t, font, s.glyph, s.ppem, s.mode, false)
		nf, np := 0, 0
		for _, l := range all {
			switch l.Program {
			case "fpgm":
				nf++
			case "prep":
				np++
			}
		}
		var want ttTraceLine
		var step int
		pick := func(lines []ttTraceLine, at int) (ttTraceLine, int) {
			k := at - 1
			if at < 0 {
				k = len(lines) + at
			}
			if k < 0 || k >= len(lines) {
				t.Fatalf("%+v: tt trace has %d lines", s, len(lines))
			}
			return lines[k], k + 1
		}
		switch s.where {
		case "fpgm":
			want, step = pick(all[:nf], s.at)
		case "prep":
			want, step = pick(all[nf:nf+np], s.at)
			step += nf
		default:
			want, step = pick(own, s.at)
			step += nf + np
		}
		if want.Program != s.where {
			t.Fatalf("%+v: tt trace step %d is in %s", s, step, want.Program)
		}
		page := fmt.Sprintf("%stt?glyph=%d&ppem=%d&mode=%s&step=%d", u, s.glyph, s.ppem, s.mode, step)
		dom := chromiumRun(t, bin, "--dump-dom", page)
		m := stateRE.FindStringSubmatch(dom)
		k := stackRE.FindStringSubmatch(dom)
		if m == nil || k == nil {
			t.Errorf("%s: no #state or #stack in the DOM (%d bytes)", page, len(dom))
			continue
		}
		var stack []int64
		for _, f := range strings.Fields(html.UnescapeString(k[1])) {
			v, err := strconv.ParseInt(f, 10, 64)
			if err != nil {
				t.Fatalf("%s: stack value %q", page, f)
			}
			stack = append(stack, v)
		}
		top := stack[max(0, len(stack)-8):]
		ok := m[1] == want.Program && m[2] == strconv.Itoa(want.PC) && m[3] == strconv.Itoa(want.SPAfter) &&
			len(stack) == want.SPAfter && fmt.Sprint(top) == fmt.Sprint(want.After)
		if !ok {
			t.Errorf("%s: page shows program %s pc %s depth %s stack top %v (%d values); tt trace: %s pc %d depth %d stack top %v",
				page, m[1], m[2], m[3], top, len(stack), want.Program, want.PC, want.SPAfter, want.After)
			continue
		}
		checked++
	}
	t.Logf("%d/%d debugger states in Chromium equal to tt trace's", checked, len(states))
	if checked != len(states) || checked < 13 {
		t.Errorf("%d/%d states checked equal", checked, len(states))
	}
	// screenshots
	art := t.ArtifactDir()
	shot := func(name, page, size string) {
		p := filepath.Join(art, name)
		chromiumRun(t, bin, "--screenshot="+p, "--window-size="+size, page)
		st, err := os.Stat(p)
		if err != nil || st.Size() < 10000 {
			t.Errorf("screenshot %s: %v", p, err)
			return
		}
		t.Logf("screenshot: %s (%d bytes) of %s", p, st.Size(), page)
	}
	shot("tt-glyph68-12ppem-v40.png", u+"tt?glyph=68&ppem=12&mode=v40&step=7000", "1500,1000")
	shot("tt-glyph74-9ppem-v35-end.png", u+"tt?glyph=74&ppem=9&mode=v35&step=999999", "1500,1000")
	for _, c := range []struct {
		font       corpus.Font
		name, path string
	}{
		{corpus.GraphiteFonts[0], "gr-padauk.png", "gr?codes=1000+103C+102D+102F"},
		{corpus.GraphiteFonts[1], "gr-awami-collisions.png", "gr?codes=067E+06CC+0645+0627+06AF+0627+062A&rtl=1"},
	} {
		if _, err := os.Stat(c.font.Path); err != nil {
			corpus.Missing(t, c.font.Path)
			continue
		}
		g := debugServer(t, c.font.Path)
		shot(c.name, g+c.path, "1400,1600")
	}
}
