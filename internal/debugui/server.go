// Package debugui is the web debugger fontvm debug serves: a TrueType
// hinting debugger (a glyph on the pixel grid at a size and mode, its
// program run instruction by instruction with the stack, storage, CVT and
// graphics state) and, for a Graphite font, a shaping view from graphite2's
// own trace (graphite/shape's Trace).
//
// Every state has its own URL, /tt?glyph=G&ppem=P&mode=v35|v40|v40mono&step=N,
// showing the state after N executed instructions, counted as fontvm tt trace
// --programs counts them for fpgm and prep (at instance creation) and then as
// fontvm tt trace counts the glyph's own program (the glyphs before it are
// loaded untraced, as tt trace loads them). Pages are rendered on the server
// (HTML with inline SVG and CSS, no script, no external asset), so that a
// test or a link addresses a state by its URL. The page marks the state up
// for tests: the element id="state" carries data-program, data-pc and
// data-depth (the stack depth after the step), and the element id="stack"
// holds every stack value, bottom to top, separated by spaces.
//
// The states come from the interpreter's own tracer (hint.Tracer,
// hint.Step.Snapshot): the debugger runs no interpreter of its own. Each
// request runs the hinting again from the start, so the server keeps no
// per-session state. The package is internal: it is the implementation of
// one command, not an API.
package debugui

import (
	"errors"
	"fmt"
	"net/http"
	"strings"

	"fontvm/graphite/shape"
	"fontvm/sfnt"
	"fontvm/truetype/hint"
)

// Limits of the views.
const (
	maxViewPPEM = 400  // largest ppem the pixel grid view draws
	maxTextLen  = 400  // longest text the shaping view shapes
	listBefore  = 12   // program lines shown before the current one
	listAfter   = 36   // and after it
	maxPassView = 1000 // rule events shown per pass
)

// ErrNoOutlines is returned by New for a font without glyf outlines and
// without Graphite tables: there is nothing to debug.
var ErrNoOutlines = errors.New("debugui: the font has neither TrueType outlines nor Graphite tables")

// A Server serves the debugger for one font.
type Server struct {
	name string
	sf   *sfnt.Font
	tt   *hint.Font  // nil without glyf outlines
	gr   *shape.Font // nil for a font without Graphite tables
	cmap sfnt.Cmap
	hasC bool
	upem int
}

// New returns a Server for the font data (name is shown in the pages).
func New(name string, data []byte) (*Server, error) {
	sf, err := sfnt.Parse(data)
	if err != nil {
		return nil, err
	}
	s := &Server{name: name, sf: sf, upem: int(sf.Head().UnitsPerEm)}
	if s.upem <= 0 {
		s.upem = 1000
	}
	if sf.HasOutlines() {
		if f, err := hint.NewFont(sf); err == nil {
			s.tt = f
		}
	}
	if sf.HasTable(sfnt.MakeTag("Silf")) {
		if f, err := shape.Load(data); err == nil {
			s.gr = f
		}
	}
	if c, err := sf.Cmap(); err == nil {
		s.cmap, s.hasC = c, true
	}
	if s.tt == nil && s.gr == nil {
		return nil, ErrNoOutlines
	}
	return s, nil
}

// Handler returns the debugger's HTTP handler: / (the index), /tt (a
// hinting state) and /gr (the shaping view).
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/", s.serveIndex)
	mux.HandleFunc("/tt", s.serveTT)
	mux.HandleFunc("/gr", s.serveGR)
	return mux
}

// page writes an HTML page around body.
func page(w http.ResponseWriter, title string, body string) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; img-src data:")
	var b strings.Builder
	b.WriteString("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>")
	b.WriteString(esc(title))
	b.WriteString("</title><style>")
	b.WriteString(css)
	b.WriteString("</style></head><body>")
	b.WriteString(body)
	b.WriteString("</body></html>\n")
	fmt.Fprint(w, b.String())
}

// fail writes an error page.
func fail(w http.ResponseWriter, code int, msg string) {
	w.WriteHeader(code)
	page(w, "fontvm debug: error", "<h1>fontvm debug</h1><p class=\"err\" id=\"error\">"+esc(msg)+"</p><p><a href=\"/\">back</a></p>")
}

// serveIndex is the start page: the font and forms for both views.
func (s *Server) serveIndex(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != "/" {
		fail(w, http.StatusNotFound, "no such page: "+r.URL.Path)
		return
	}
	var b strings.Builder
	fmt.Fprintf(&b, "<header><h1>fontvm debug</h1><span class=\"font\">%s</span> · %d glyphs · %d units per em</header><main class=\"index\">", esc(s.name), s.sf.NumGlyphs(), s.upem)
	if s.tt != nil {
		g := 0
		if s.hasC {
			g = int(s.cmap.Lookup('a'))
		}
		b.WriteString("<section><h2>TrueType hinting</h2>")
		b.WriteString(ttForm(g, 12, "v40", 0, ""))
		b.WriteString("</section>")
	}
	if s.gr != nil {
		b.WriteString("<section><h2>Graphite shaping</h2>")
		b.WriteString(grForm("", false, "", 0))
		b.WriteString("</section>")
	}
	b.WriteString("</main>")
	page(w, "fontvm debug: "+s.name, b.String())
}

// css is the pages' style sheet.
const css = `
body{font:13px/1.35 system-ui,sans-serif;margin:0;color:#222;background:#fafafa}
header{background:#2d3a4a;color:#fff;padding:6px 12px;display:flex;gap:14px;align-items:baseline;flex-wrap:wrap}
header h1{font-size:16px;margin:0}
header a{color:#cde}
form{display:inline-flex;gap:6px;align-items:center;flex-wrap:wrap}
input[type=number]{width:5em}
main{display:grid;gap:10px;padding:10px}
main.tt{grid-template-columns:minmax(420px,auto) minmax(260px,1fr) minmax(260px,1fr)}
main.index section{background:#fff;border:1px solid #ddd;padding:10px}
section{background:#fff;border:1px solid #ddd;padding:6px 8px;overflow:auto}
h2{font-size:13px;margin:2px 0 6px;color:#345}
.nav a,.nav span{margin-right:8px}
#state{font-family:ui-monospace,monospace;background:#fff7d6;padding:4px 8px;border-bottom:1px solid #e5d9a8}
#stack{font-family:ui-monospace,monospace;white-space:pre-wrap;word-break:break-all;max-height:160px;overflow:auto;background:#f4f6f8;padding:4px}
.code{font-family:ui-monospace,monospace;white-space:pre;overflow:auto}
.code div{padding:0 4px}
.code .cur{background:#ffd34d}
.code .next{outline:1px dashed #c90}
.code .bp{color:#b00;font-weight:bold}
.code a{color:#889;text-decoration:none}
table{border-collapse:collapse;font-family:ui-monospace,monospace;font-size:12px}
td,th{padding:1px 6px;border-bottom:1px solid #eee;text-align:right}
th{color:#567;font-weight:normal;text-align:left}
.chg{background:#ffe0e0;font-weight:bold}
.chgp{background:#fff0c8}
.grid{display:flex;flex-wrap:wrap;gap:4px}
.grid span{font-family:ui-monospace,monospace;font-size:11px;background:#f4f6f8;padding:0 3px}
.err{color:#b00}
.legend span{margin-right:10px}
.slots{display:flex;flex-wrap:wrap;gap:3px;margin:4px 0}
.slot{border:1px solid #bcd;background:#f4f8fc;padding:1px 4px;font-family:ui-monospace,monospace;font-size:11px}
.slot.att{border-style:dashed}
.ev{font-family:ui-monospace,monospace;font-size:12px;margin:2px 0}
.fail{color:#999}
.fire{color:#060;font-weight:bold}
.pass{border-top:2px solid #cdd;margin-top:8px;padding-top:4px}
`
