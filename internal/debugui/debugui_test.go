package debugui

import (
	"encoding/json"
	"html"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/image/font/gofont/goregular"

	"fontvm/graphite/shape"
	"fontvm/internal/corpus"
	"fontvm/truetype/hint"
)

// get fetches a page and returns its status and body.
func get(t *testing.T, srv *httptest.Server, path string) (int, string) {
	t.Helper()
	resp, err := http.Get(srv.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

var (
	stepRE = regexp.MustCompile(`data-step="(\d+)"`)
	hrefRE = func(id string) *regexp.Regexp { return regexp.MustCompile(`id="` + id + `" href="([^"]*)"`) }
)

// follow returns the step the link with id leads to, or -1 without one.
func follow(t *testing.T, srv *httptest.Server, body, id string) int {
	t.Helper()
	m := hrefRE(id).FindStringSubmatch(body)
	if m == nil {
		return -1
	}
	st, b := get(t, srv, html.UnescapeString(m[1]))
	if st != 200 {
		t.Fatalf("%s link: status %d", id, st)
	}
	s := stepRE.FindStringSubmatch(b)
	n, _ := strconv.Atoi(s[1])
	return n
}

func goServer(t *testing.T) (*httptest.Server, *hint.Font) {
	s, err := New("Go-Regular", goregular.TTF)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(s.Handler())
	t.Cleanup(srv.Close)
	return srv, s.tt
}

// TestNavigation checks step over, step out and both kinds of breakpoint
// against the step records of the same run: over skips exactly the
// instructions of the call, out stops at the first step outside the
// function, continue stops at the first step at the breakpoint's pc or
// moving the breakpoint's point.
func TestNavigation(t *testing.T) {
	srv, f := goServer(t)
	const glyph, ppem = 68, 12
	run, err := runTT(f, glyph, ppem, hint.Options{Mode: hint.ModeV40}, 0)
	if err != nil {
		t.Fatal(err)
	}
	steps := run.steps
	base := "/tt?glyph=68&ppem=12&mode=v40"
	checked := 0
	// step over the glyph program's first CALL
	for n := 0; n < len(steps); n++ {
		if steps[n].prog != hint.ProgGlyph || steps[n].op != 0x2B {
			continue
		}
		_, body := get(t, srv, base+"&step="+strconv.Itoa(n))
		m := follow(t, srv, body, "over")
		if m <= n+1 || steps[m-1].depth <= steps[n].depth || (m < len(steps) && steps[m].depth > steps[n].depth) {
			t.Fatalf("over from step %d (CALL at depth %d) went to %d", n, steps[n].depth, m)
		}
		for k := n + 1; k < m; k++ {
			if steps[k].depth <= steps[n].depth {
				t.Fatalf("over from %d skipped step %d at depth %d", n, k+1, steps[k].depth)
			}
		}
		// inside the call, step out stops once it has returned: at the end,
		// or where the next instruction is the caller's
		_, body = get(t, srv, base+"&step="+strconv.Itoa(n+2))
		o := follow(t, srv, body, "out")
		d := steps[n+1].depth
		if o < n+2 || o < len(steps) && steps[o].depth >= d {
			t.Fatalf("out from step %d went to %d", n+2, o)
		}
		for k := n + 2; k < o; k++ {
			if steps[k].depth < d {
				t.Fatalf("out from step %d passed the return at %d", n+2, k)
			}
		}
		checked++
		break
	}
	// breakpoint on a glyph pc: the second time that pc runs
	var pc, first = -1, -1
	for k := range steps {
		if steps[k].prog == hint.ProgGlyph && steps[k].rng == hint.ProgGlyph && steps[k].pc > 10 {
			pc, first = steps[k].pc, k
			break
		}
	}
	if pc < 0 {
		t.Fatal("no glyph-range step")
	}
	_, body := get(t, srv, base+"&step=1&bp=glyph:"+strconv.Itoa(pc))
	if c := follow(t, srv, body, "continue"); c != first+1 {
		t.Errorf("continue to glyph:%d went to %d, want %d", pc, c, first+1)
	} else {
		checked++
	}
	// breakpoint on a point being moved
	for k := range steps {
		if steps[k].prog == hint.ProgGlyph && len(steps[k].moved) > 0 && steps[k].moved[0] >= 0 {
			p := steps[k].moved[0]
			want := -1
			for j := range steps {
				for _, mv := range steps[j].moved {
					if mv == p && want < 0 {
						want = j + 1
					}
				}
			}
			_, body := get(t, srv, base+"&step=0&bpt="+strconv.Itoa(int(p)))
			if c := follow(t, srv, body, "continue"); c != want {
				t.Errorf("continue to point %d moving went to %d, want %d", p, c, want)
			} else {
				checked++
			}
			break
		}
	}
	if checked != 3 {
		t.Errorf("%d/3 navigations checked", checked)
	}
}

// TestStatePage checks a state page against the tracer directly: the
// stack, data attributes, and the CVT/storage counts.
func TestStatePage(t *testing.T) {
	srv, f := goServer(t)
	for _, step := range []int{1, 281, 6000, 7500} {
		run, err := runTT(f, 68, 12, hint.Options{Mode: hint.ModeV35}, step)
		if err != nil || !run.have {
			t.Fatalf("step %d: %v", step, err)
		}
		_, body := get(t, srv, "/tt?glyph=68&ppem=12&mode=v35&step="+strconv.Itoa(step))
		var want []string
		for _, v := range run.snap.Stack {
			want = append(want, strconv.FormatInt(v, 10))
		}
		rec := run.steps[step-1]
		if !strings.Contains(body, `<div id="stack">`+strings.Join(want, " ")+`</div>`) ||
			!strings.Contains(body, `data-program="`+rec.prog.String()+`" data-pc="`+strconv.Itoa(rec.pc)+`" data-depth="`+strconv.Itoa(rec.depthAfter)+`"`) {
			t.Errorf("step %d: page does not show the tracer's state", step)
		}
		if !strings.Contains(body, `CVT (26.6; red: changed by this step, yellow: changed by this program) (`+strconv.Itoa(len(run.snap.CVT))+`)`) {
			t.Errorf("step %d: CVT count missing", step)
		}
	}
}

// TestGraphiteView checks the shaping view against gr trace's data: one
// pass block per pass of the trace, and the final glyph count.
func TestGraphiteView(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(corpus.Graphite2Tests(t), "fonts", "Padauk.ttf"))
	if err != nil {
		t.Fatal(err)
	}
	s, err := New("Padauk", data)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	text := []rune("\u1000\u103c\u102d\u102f")
	sh := shape.NewShaper(s.gr)
	tr := shape.NewTrace()
	sh.SetTrace(tr)
	out, err := sh.Shape(text, &shape.Options{Scale: s.gr.Scale(12)})
	if err != nil {
		t.Fatal(err)
	}
	var segs []grSegment
	if err := json.Unmarshal(tr.JSON(), &segs); err != nil || len(segs) != 1 {
		t.Fatal(err)
	}
	st, body := get(t, srv, "/gr?codes=1000+103C+102D+102F")
	if st != 200 {
		t.Fatalf("status %d", st)
	}
	if n := strings.Count(body, `<div class="pass" id="pass0-`); n != len(segs[0].Passes) || n < 5 {
		t.Errorf("%d pass blocks, trace has %d passes", n, len(segs[0].Passes))
	}
	if !strings.Contains(body, "final positions ("+strconv.Itoa(len(out.Glyphs))+" glyphs") {
		t.Errorf("final glyph count missing")
	}
	if st, _ := get(t, srv, "/gr?codes=zz"); st != 400 {
		t.Errorf("bad codes: status %d", st)
	}
}
