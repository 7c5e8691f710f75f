package debugui

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"

	"fontvm/graphite/shape"
	"fontvm/truetype/hint"
)

// grSlot is a slot of graphite2's trace (the fields the view shows).
type grSlot struct {
	ID       string `json:"id"`
	GID      int    `json:"gid"`
	CharInfo struct {
		Original, Before, After int
	} `json:"charinfo"`
	Origin        [2]float64 `json:"origin"`
	Shift         [2]float64 `json:"shift"`
	Advance       [2]float64 `json:"advance"`
	Justification *float64   `json:"justification"`
	Parent        *struct {
		ID     string     `json:"id"`
		Level  int        `json:"level"`
		Offset [2]float64 `json:"offset"`
	} `json:"parent"`
	Children  []string        `json:"children"`
	Collision json.RawMessage `json:"collision"`
}

// grRuleEvent is one position of a pass where rules matched.
type grRuleEvent struct {
	Considered []struct {
		ID     int  `json:"id"`
		Failed bool `json:"failed"`
		Input  struct {
			Start  string `json:"start"`
			Length int    `json:"length"`
		} `json:"input"`
	} `json:"considered"`
	Output *struct {
		Range struct {
			Start string `json:"start"`
			End   string `json:"end"`
		} `json:"range"`
		Slots     []grSlot   `json:"slots"`
		Postshift [2]float64 `json:"postshift"`
	} `json:"output"`
	Cursor string `json:"cursor"`
}

// grPass is one pass of the trace.
type grPass struct {
	ID         int             `json:"id"`
	SlotsDir   string          `json:"slotsdir"`
	PassDir    string          `json:"passdir"`
	Slots      []grSlot        `json:"slots"`
	Rules      []grRuleEvent   `json:"rules"`
	Constraint *bool           `json:"constraint"`
	Collisions json.RawMessage `json:"collisions"`
}

// grPhase is one collision phase of a pass (Pass::collisionShift and
// collisionKern): its moves, each a glyph the collider tried to place.
type grPhase struct {
	NumLoops *int   `json:"num-loops"`
	Phase    string `json:"phase"`
	Loop     *int   `json:"loop"`
	Moves    []struct {
		Slot     string     `json:"slot"`
		Missed   string     `json:"missed"`
		GID      int        `json:"gid"`
		Result   any        `json:"result"`
		StillBad *bool      `json:"stillBad"`
		Vectors  []struct{} `json:"vectors"`
		Slices   []struct{} `json:"slices"`
	} `json:"moves"`
}

// grSegment is a segment object or a justification object of the trace.
type grSegment struct {
	Justifies string     `json:"justifies"`
	Passes    []grPass   `json:"passes"`
	OutputDir string     `json:"outputdir"`
	Output    []grSlot   `json:"output"`
	Advance   [2]float64 `json:"advance"`
}

// grForm is the form of the shaping view.
func grForm(text string, rtl bool, feat string, justify int) string {
	chk := ""
	if rtl {
		chk = " checked"
	}
	j := ""
	if justify > 0 {
		j = strconv.Itoa(justify)
	}
	return `<form action="/gr" method="get">text <input name="text" size="40" value="` + esc(text) + `"> or codes <input name="codes" size="20" placeholder="1000 103C"> <label><input type="checkbox" name="rtl" value="1"` + chk + `> rtl</label> features <input name="feat" size="14" value="` + esc(feat) + `" placeholder="kdot=1,lang=vie"> justify % <input name="justify" size="4" value="` + j + `"> <button>shape</button></form>`
}

// serveGR is the shaping view.
func (s *Server) serveGR(w http.ResponseWriter, r *http.Request) {
	if s.gr == nil {
		fail(w, http.StatusNotFound, "this font has no Graphite tables")
		return
	}
	v := r.URL.Query()
	text := []rune(v.Get("text"))
	if c := strings.Fields(v.Get("codes")); len(c) > 0 {
		text = text[:0]
		for _, h := range c {
			n, err := strconv.ParseUint(strings.TrimPrefix(h, "U+"), 16, 32)
			if err != nil || n == 0 || n > 0x10FFFF {
				fail(w, http.StatusBadRequest, fmt.Sprintf("bad code point %q", h))
				return
			}
			text = append(text, rune(n))
		}
	}
	if len(text) > maxTextLen {
		fail(w, http.StatusBadRequest, fmt.Sprintf("text longer than %d characters", maxTextLen))
		return
	}
	rtl := v.Get("rtl") != ""
	feat := v.Get("feat")
	justify, _ := strconv.Atoi(v.Get("justify"))
	var b strings.Builder
	fmt.Fprintf(&b, `<header><h1><a href="/">fontvm debug</a></h1><span class="font">%s</span>%s</header><main>`, esc(s.name), grForm(string(text), rtl, feat, justify))
	if len(text) == 0 {
		b.WriteString(`<section><p>Type a text to shape: the view shows graphite2's trace of it (gr trace), pass by pass.</p></section></main>`)
		page(w, "fontvm debug: shaping", b.String())
		return
	}
	segs, out, err := s.grTrace(text, rtl, feat, justify)
	if err != nil {
		fmt.Fprintf(&b, `<p class="err" id="error">%s</p>`, esc(err.Error()))
	}
	names := map[string]string{}
	name := func(id string) string {
		if id == "0000-00-0000" || id == "" {
			return "none"
		}
		n, ok := names[id]
		if !ok {
			n = "s" + strconv.Itoa(len(names))
			names[id] = n
		}
		return n
	}
	outlines := newOutlineCache(s)
	if out != nil {
		fmt.Fprintf(&b, `<section id="final"><h2>final positions (%d glyphs, advance %.1f at 12 pt)</h2>`, len(out.Glyphs), out.AdvanceX)
		b.WriteString(outlines.strip(finalSlots(out), 1/float64(s.gr.Scale(12))))
		b.WriteString(`</section>`)
	}
	for si, seg := range segs {
		title := "segment"
		if seg.Justifies != "" {
			title = "justification"
		}
		fmt.Fprintf(&b, `<section class="segment" id="seg%d"><h2>%s: %d passes</h2>`, si, title, len(seg.Passes))
		for pi, p := range seg.Passes {
			after := seg.Output
			if pi+1 < len(seg.Passes) {
				after = seg.Passes[pi+1].Slots
			}
			label := "pass " + strconv.Itoa(p.ID)
			if p.ID < 0 {
				label = "bidi reordering"
			}
			fmt.Fprintf(&b, `<div class="pass" id="pass%d-%d"><b>%s</b> · slots %s, pass %s`, si, pi, label, p.SlotsDir, p.PassDir)
			if p.Constraint != nil {
				fmt.Fprintf(&b, " · pass constraint %v", *p.Constraint)
			}
			fired, tried := 0, 0
			for _, e := range p.Rules {
				for _, c := range e.Considered {
					tried++
					if !c.Failed {
						fired++
					}
				}
			}
			fmt.Fprintf(&b, " · %d rules tried, %d fired", tried, fired)
			var phases []grPhase
			if len(p.Collisions) > 0 && json.Unmarshal(p.Collisions, &phases) == nil {
				b.WriteString(`<div class="ev">collision avoidance:`)
				for _, ph := range phases {
					if ph.NumLoops != nil {
						fmt.Fprintf(&b, " %d loops;", *ph.NumLoops)
						continue
					}
					fmt.Fprintf(&b, ` <b>phase %s</b>`, esc(ph.Phase))
					if ph.Loop != nil {
						fmt.Fprintf(&b, " (loop %d)", *ph.Loop)
					}
					if len(ph.Moves) == 0 {
						b.WriteString(": no moves;")
						continue
					}
					b.WriteString(":")
					for _, mv := range ph.Moves {
						switch {
						case mv.Missed != "":
							fmt.Fprintf(&b, ` <span class="fail">%s g%d collides with nothing</span>`, name(mv.Missed), mv.GID)
						default:
							res, _ := json.Marshal(mv.Result)
							bad := ""
							if mv.StillBad != nil && *mv.StillBad {
								bad = " (still colliding)"
							}
							kind := "shift"
							if len(mv.Slices) > 0 {
								kind = "kern"
							}
							fmt.Fprintf(&b, ` <span class="fire">%s %s g%d → %s%s</span>`, kind, name(mv.Slot), mv.GID, esc(string(res)), bad)
						}
					}
					b.WriteString(";")
				}
				b.WriteString(`</div>`)
			}
			b.WriteString(`<div class="slots">after: `)
			for _, sl := range after {
				cls := "slot"
				if sl.Parent != nil {
					cls += " att"
				}
				fmt.Fprintf(&b, `<span class="%s" title="%s: chars %d–%d, origin %.0f,%.0f">%s g%d</span>`, cls, name(sl.ID), sl.CharInfo.Before, sl.CharInfo.After, sl.Origin[0], sl.Origin[1], name(sl.ID), sl.GID)
			}
			b.WriteString(`</div>`)
			for k, e := range p.Rules {
				if k >= maxPassView {
					fmt.Fprintf(&b, `<div class="ev">… %d more positions</div>`, len(p.Rules)-k)
					break
				}
				b.WriteString(`<div class="ev">`)
				for _, c := range e.Considered {
					if c.Failed {
						fmt.Fprintf(&b, `<span class="fail">rule %d ✗ at %s+%d</span> `, c.ID, name(c.Input.Start), c.Input.Length)
					} else {
						fmt.Fprintf(&b, `<span class="fire">rule %d ✓ at %s+%d</span> `, c.ID, name(c.Input.Start), c.Input.Length)
					}
				}
				if e.Output != nil {
					b.WriteString("→ ")
					for _, sl := range e.Output.Slots {
						fmt.Fprintf(&b, "%s:g%d ", name(sl.ID), sl.GID)
					}
					if e.Output.Postshift != [2]float64{} {
						fmt.Fprintf(&b, "(shift after %.0f,%.0f) ", e.Output.Postshift[0], e.Output.Postshift[1])
					}
				} else {
					b.WriteString("→ no rule passed ")
				}
				fmt.Fprintf(&b, "· cursor %s</div>", name(e.Cursor))
			}
			b.WriteString(`</div>`)
		}
		if len(seg.Output) > 0 {
			fmt.Fprintf(&b, `<div class="pass"><b>output</b> (%s)`, seg.OutputDir)
			b.WriteString(`<table><tr><th>slot</th><th>gid</th><th>origin</th><th>shift</th><th>advance</th><th>chars</th><th>attached to</th><th>justification</th><th>collision</th></tr>`)
			for _, sl := range seg.Output {
				att := ""
				if sl.Parent != nil {
					att = fmt.Sprintf("%s at %.0f,%.0f", name(sl.Parent.ID), sl.Parent.Offset[0], sl.Parent.Offset[1])
				}
				j := ""
				if sl.Justification != nil {
					j = strconv.FormatFloat(*sl.Justification, 'g', 6, 64)
				}
				fmt.Fprintf(&b, `<tr><td>%s</td><td>%d</td><td>%.1f, %.1f</td><td>%.0f, %.0f</td><td>%.0f</td><td>%d–%d</td><td>%s</td><td>%s</td><td>%s</td></tr>`,
					name(sl.ID), sl.GID, sl.Origin[0], sl.Origin[1], sl.Shift[0], sl.Shift[1], sl.Advance[0], sl.CharInfo.Before, sl.CharInfo.After, att, j, esc(string(sl.Collision)))
			}
			b.WriteString(`</table>`)
			b.WriteString(outlines.strip(seg.Output, 1))
			b.WriteString(`</div>`)
		}
		b.WriteString(`</section>`)
	}
	b.WriteString(`</main>`)
	page(w, "fontvm debug: shaping", b.String())
}

// grTrace shapes text with the font as gr trace does and returns the
// parsed trace and the final output (12 pt, as gr2fonttest).
func (s *Server) grTrace(text []rune, rtl bool, feat string, justify int) ([]grSegment, *shape.Output, error) {
	sh := shape.NewShaper(s.gr)
	opts := shape.Options{RTL: rtl, Scale: s.gr.Scale(12)}
	if feat != "" {
		opts.Lang, opts.Features, _ = shape.ParseFeatureString(s.gr, feat)
	}
	if justify > 0 {
		out, err := sh.Shape(text, &opts)
		if err != nil {
			return nil, nil, err
		}
		opts.Justify = shape.JustifyWidth(out.AdvanceX, justify)
	}
	tr := shape.NewTrace()
	sh.SetTrace(tr)
	out, serr := sh.Shape(text, &opts)
	var segs []grSegment
	if err := json.Unmarshal(tr.JSON(), &segs); err != nil {
		return nil, nil, err
	}
	return segs, out, serr
}

// finalSlots turns the shaper's output into slots (positions in output
// units at 12 pt).
func finalSlots(out *shape.Output) []grSlot {
	sl := make([]grSlot, len(out.Glyphs))
	for i, g := range out.Glyphs {
		sl[i].GID = int(g.ID)
		sl[i].Origin = [2]float64{float64(g.X), float64(g.Y)}
	}
	return sl
}

// outlineCache loads glyph outlines once per page (unhinted, in design units).
type outlineCache struct {
	s    *Server
	in   *hint.Instance
	ppem int
	m    map[int]string
}

// outlinePPEM is the size at which outlines are loaded for drawing.
const outlinePPEM = 256

// newOutlineCache returns an empty cache of glyph outlines for the
// Graphite view's drawings of s's font.
func newOutlineCache(s *Server) *outlineCache {
	c := &outlineCache{s: s, m: map[int]string{}, ppem: outlinePPEM}
	if s.tt != nil {
		c.in, _ = s.tt.NewInstance(outlinePPEM, hint.Options{Mode: hint.ModeNone})
	}
	return c
}

// path returns glyph gid's outline as an SVG path in design units, y up.
func (c *outlineCache) path(gid int) string {
	if p, ok := c.m[gid]; ok {
		return p
	}
	p := ""
	if c.in != nil {
		var g hint.Glyph
		if c.in.LoadGlyph(gid, &g) == nil {
			pts, ends := zoneFromGlyph(&g)
			// 26.6 at outlinePPEM to design units: identity view scaled
			k := float64(c.s.upem) / float64(c.ppem)
			v := view{s: k}
			p = outlinePath(v, pts, ends, false)
		}
	}
	c.m[gid] = p
	return p
}

// strip draws slots at their origins (multiplied by unit to reach design
// units) with their glyphs.
func (c *outlineCache) strip(slots []grSlot, unit float64) string {
	if len(slots) == 0 {
		return ""
	}
	upem := float64(c.s.upem)
	minX, maxX := math.Inf(1), math.Inf(-1)
	for _, sl := range slots {
		x := sl.Origin[0] * unit
		minX = math.Min(minX, x)
		maxX = math.Max(maxX, x+math.Max(sl.Advance[0], upem/2))
	}
	w := maxX - minX + upem/2
	h := upem * 2
	height := 140.0
	width := w / h * height
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="strip" xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="%.1f %.1f %.1f %.1f">`, width, height, minX-upem/4, -upem*1.4, w, h)
	fmt.Fprintf(&b, `<line x1="%.1f" y1="0" x2="%.1f" y2="0" stroke="#8a9" stroke-width="%.1f"/>`, minX-upem/4, minX-upem/4+w, upem/200)
	for i, sl := range slots {
		x, y := sl.Origin[0]*unit, sl.Origin[1]*unit
		// the path is in screen orientation (y down) from a view with gyTop 0
		fmt.Fprintf(&b, `<g transform="translate(%.1f %.1f)"><path d="%s" fill="#223"/><text y="%.1f" font-size="%.1f" fill="#c33">%d</text></g>`, x, -y, c.path(sl.GID), upem*0.5, upem/8, i)
	}
	b.WriteString(`</svg>`)
	return b.String()
}
