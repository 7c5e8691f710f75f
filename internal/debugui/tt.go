package debugui

import (
	"fmt"
	"html"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"fontvm/truetype/asm"
	"fontvm/truetype/hint"
	"fontvm/truetype/isa"
)

// esc escapes text for HTML.
func esc(s string) string { return html.EscapeString(s) }

// ttQuery is a /tt request.
type ttQuery struct {
	glyph, ppem, step int
	mode              string
	bps               []string // breakpoints "range:pc"
	bpts              []int    // breakpoints on a glyph point being moved
}

// url returns the query's URL with step replaced.
func (q *ttQuery) url(step int) string {
	v := url.Values{}
	v.Set("glyph", strconv.Itoa(q.glyph))
	v.Set("ppem", strconv.Itoa(q.ppem))
	v.Set("mode", q.mode)
	v.Set("step", strconv.Itoa(step))
	if len(q.bps) > 0 {
		v.Set("bp", strings.Join(q.bps, ","))
	}
	if len(q.bpts) > 0 {
		v.Set("bpt", joinInts(q.bpts))
	}
	return "/tt?" + v.Encode()
}

// withBP returns the query's URL at step with breakpoint bp toggled.
func (q *ttQuery) withBP(step int, bp string) string {
	c := *q
	c.bps = nil
	found := false
	for _, b := range q.bps {
		if b == bp {
			found = true
			continue
		}
		c.bps = append(c.bps, b)
	}
	if !found {
		c.bps = append(c.bps, bp)
	}
	return c.url(step)
}

// joinInts formats v as space-separated decimal numbers.
func joinInts(v []int) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, ",")
}

// modeOptions maps a mode name to hint options.
func modeOptions(mode string) (hint.Options, bool) {
	switch mode {
	case "v35":
		return hint.Options{Mode: hint.ModeV35}, true
	case "v40":
		return hint.Options{Mode: hint.ModeV40}, true
	case "v40mono":
		return hint.Options{Mode: hint.ModeV40, Target: hint.TargetMono}, true
	}
	return hint.Options{}, false
}

// parseTTQuery reads a /tt request; the glyph may be given as a character (ch).
func (s *Server) parseTTQuery(r *http.Request) (*ttQuery, error) {
	v := r.URL.Query()
	q := &ttQuery{glyph: -1, ppem: 12, mode: "v40"}
	num := func(name string, dst *int) error {
		if t := v.Get(name); t != "" {
			n, err := strconv.Atoi(t)
			if err != nil {
				return fmt.Errorf("%s=%q is not a number", name, t)
			}
			*dst = n
		}
		return nil
	}
	for _, p := range []struct {
		n string
		d *int
	}{{"glyph", &q.glyph}, {"ppem", &q.ppem}, {"step", &q.step}} {
		if err := num(p.n, p.d); err != nil {
			return nil, err
		}
	}
	if ch := v.Get("ch"); ch != "" && s.hasC {
		q.glyph = int(s.cmap.Lookup([]rune(ch)[0]))
	}
	if q.glyph < 0 {
		q.glyph = 0
	}
	if m := v.Get("mode"); m != "" {
		q.mode = m
	}
	if _, ok := modeOptions(q.mode); !ok {
		return nil, fmt.Errorf("mode=%q: want v35, v40 or v40mono", q.mode)
	}
	if q.ppem < 1 || q.ppem > maxViewPPEM {
		return nil, fmt.Errorf("ppem=%d: want 1..%d", q.ppem, maxViewPPEM)
	}
	if q.step < 0 {
		q.step = 0
	}
	for _, b := range strings.Split(v.Get("bp"), ",") {
		if rng, pc, ok := strings.Cut(b, ":"); ok {
			if _, err := strconv.Atoi(pc); err == nil && (rng == "fpgm" || rng == "prep" || rng == "glyph") {
				q.bps = append(q.bps, b)
			}
		}
	}
	for _, b := range strings.Split(v.Get("bpt"), ",") {
		if n, err := strconv.Atoi(strings.TrimSpace(b)); err == nil && n >= 0 {
			q.bpts = append(q.bpts, n)
		}
	}
	return q, nil
}

// ttForm is the form that picks a state.
func ttForm(glyph, ppem int, mode string, step int, bp string) string {
	var b strings.Builder
	b.WriteString(`<form action="/tt" method="get">glyph <input type="number" name="glyph" min="0" value="` + strconv.Itoa(glyph) + `">`)
	b.WriteString(` or char <input name="ch" size="2" maxlength="2"> ppem <input type="number" name="ppem" min="1" max="` + strconv.Itoa(maxViewPPEM) + `" value="` + strconv.Itoa(ppem) + `"> mode <select name="mode">`)
	for _, m := range []string{"v35", "v40", "v40mono"} {
		sel := ""
		if m == mode {
			sel = " selected"
		}
		b.WriteString(`<option` + sel + `>` + m + `</option>`)
	}
	b.WriteString(`</select> step <input type="number" name="step" min="0" value="` + strconv.Itoa(step) + `">`)
	b.WriteString(` break at <input name="bp" size="12" placeholder="glyph:12,fpgm:40" value="` + esc(bp) + `">`)
	b.WriteString(` <button>show</button></form>`)
	return b.String()
}

// serveTT is the hinting view.
func (s *Server) serveTT(w http.ResponseWriter, r *http.Request) {
	if s.tt == nil {
		fail(w, http.StatusNotFound, "this font has no TrueType outlines")
		return
	}
	q, err := s.parseTTQuery(r)
	if err != nil {
		fail(w, http.StatusBadRequest, err.Error())
		return
	}
	opts, _ := modeOptions(q.mode)
	// first run: the step records, to clamp the step and find where the
	// current program began; second run: the states wanted
	run, err := runTT(s.tt, q.glyph, q.ppem, opts, 0)
	if err != nil {
		fail(w, http.StatusBadRequest, err.Error())
		return
	}
	total := len(run.steps)
	if q.step > total {
		q.step = total
	}
	var cur, prev, start *ttRun
	if q.step > 0 {
		cur, _ = runTT(s.tt, q.glyph, q.ppem, opts, q.step)
		if q.step > 1 {
			prev, _ = runTT(s.tt, q.glyph, q.ppem, opts, q.step-1)
		}
		// the state before the current program's first instruction
		k := q.step - 1
		for k > 0 && run.steps[k-1].prog == run.steps[q.step-1].prog {
			k--
		}
		if k > 0 {
			start, _ = runTT(s.tt, q.glyph, q.ppem, opts, k)
		}
	}
	unhinted := s.unhinted(q.glyph, q.ppem)
	page(w, fmt.Sprintf("glyph %d at %d ppem %s, step %d", q.glyph, q.ppem, q.mode, q.step), s.ttBody(q, run, cur, prev, start, unhinted))
}

// unhinted returns the glyph's unhinted outline at ppem (FT_LOAD_NO_HINTING).
func (s *Server) unhinted(gid, ppem int) *hint.Glyph {
	in, err := s.tt.NewInstance(ppem, hint.Options{Mode: hint.ModeNone})
	if err != nil {
		return nil
	}
	var g hint.Glyph
	if in.LoadGlyph(gid, &g) != nil {
		return nil
	}
	return &g
}

// programCounts returns how many steps fpgm and prep, the glyph programs
// of the glyphs loaded before, and this glyph's program took.
func programCounts(steps []stepRec) (fpgm, prep, glyph int) {
	for _, st := range steps {
		switch st.prog {
		case hint.ProgFpgm:
			fpgm++
		case hint.ProgPrep:
			prep++
		default:
			glyph++
		}
	}
	return
}

// ttBody renders the hinting view.
func (s *Server) ttBody(q *ttQuery, run, cur, prev, start *ttRun, unhinted *hint.Glyph) string {
	var b strings.Builder
	steps := run.steps
	total := len(steps)
	nf, np, ng := programCounts(steps)
	fmt.Fprintf(&b, `<header><h1><a href="/">fontvm debug</a></h1><span class="font">%s</span>%s</header>`, esc(s.name), ttForm(q.glyph, q.ppem, q.mode, q.step, strings.Join(q.bps, ",")))
	// the state line
	var rec *stepRec
	if q.step > 0 {
		rec = &steps[q.step-1]
	}
	prog, pc, depth, instr := "", "", 0, "(no instruction executed yet)"
	if rec != nil {
		prog, pc, depth = rec.prog.String(), strconv.Itoa(rec.pc), rec.depthAfter
		instr = fmt.Sprintf("%s %s:%d %s", rec.prog, rec.rng, rec.pc, opName(rec.op))
		if rec.err != "" {
			instr += " ERROR " + rec.err
		}
	}
	fmt.Fprintf(&b, `<div id="state" data-program="%s" data-pc="%s" data-depth="%d" data-step="%d" data-steps="%d">step <b>%d</b> of %d · %s · stack depth %d`,
		esc(prog), pc, depth, q.step, total, q.step, total, esc(instr), depth)
	fmt.Fprintf(&b, ` · programs: fpgm %d, prep %d, glyph %d steps`, nf, np, ng)
	if run.pErr != nil {
		fmt.Fprintf(&b, ` · <span class="err">fpgm/prep: %s</span>`, esc(run.pErr.Error()))
	}
	if run.err != nil {
		fmt.Fprintf(&b, ` · <span class="err">glyph: %s</span>`, esc(run.err.Error()))
	}
	b.WriteString("</div>")
	b.WriteString(s.navBar(q, steps))
	b.WriteString(`<main class="tt">`)
	// column 1: the glyph on the grid and the rendered pixels
	b.WriteString(`<section><h2>glyph on the pixel grid</h2>`)
	b.WriteString(glyphSVG(q, cur, run, unhinted))
	b.WriteString(`<div class="legend"><span style="color:#36c">- - original</span><span>— hinted (now)</span><span style="color:#c22">● touched x</span><span style="color:#2a2">● touched y</span><span style="color:#a2a">● both</span><span>○ off-curve</span><span style="color:#e80">◆ twilight</span><span style="color:#888">□ phantom</span></div>`)
	b.WriteString(`<h2>rendered pixels (AA, mono), outline now</h2>`)
	b.WriteString(renderSVGs(q, cur, run))
	b.WriteString(`</section>`)
	// column 2: the program
	b.WriteString(`<section><h2>program</h2>`)
	b.WriteString(s.listing(q, steps, cur))
	b.WriteString(`</section>`)
	// column 3: machine state
	b.WriteString(`<section>`)
	b.WriteString(stateTables(cur, prev, start, rec))
	b.WriteString(`</section></main>`)
	return b.String()
}

// opName is the instruction's ttx name.
func opName(op byte) string {
	o := isa.Opcodes[op]
	if !o.Defined() {
		return fmt.Sprintf("INSTR%d", op)
	}
	return o.Variant(op)
}

// navBar is the row of stepping links.
func (s *Server) navBar(q *ttQuery, steps []stepRec) string {
	total := len(steps)
	n := q.step
	var b strings.Builder
	b.WriteString(`<div class="nav section" style="padding:4px 10px">`)
	link := func(id, label string, to int, ok bool) {
		if ok {
			fmt.Fprintf(&b, `<a id="%s" href="%s">%s</a>`, id, esc(q.url(to)), label)
		} else {
			fmt.Fprintf(&b, `<span class="fail">%s</span>`, label)
		}
	}
	link("first", "⏮ start", 0, n > 0)
	link("back", "◀ step back", n-1, n > 0)
	link("step", "step ▶", n+1, n < total)
	// step over: run the next instruction and any call it makes
	over := n + 1
	if n < total {
		d := steps[n].depth
		for over < total && steps[over].depth > d {
			over++
		}
	}
	link("over", "step over ⤼", over, n < total)
	// out of the current call
	outTo := -1
	if n > 0 && n < total && steps[n-1].depth > 0 {
		d := steps[n-1].depth
		outTo = total // the call returns with the last instruction
		for k := n; k < total; k++ {
			if steps[k].depth < d {
				outTo = k
				break
			}
		}
	}
	link("out", "step out ⤴", outTo, outTo >= 0)
	// continue to the next breakpoint
	bpAt := -1
	if len(q.bps) > 0 || len(q.bpts) > 0 {
		for k := n; k < total; k++ {
			if hitsBreakpoint(q, &steps[k]) {
				bpAt = k + 1
				break
			}
		}
	}
	link("continue", "continue to breakpoint ⏭", bpAt, bpAt >= 0)
	link("end", "run to end ⏭", total, n < total)
	// the glyph program's first step
	for k := range steps {
		if steps[k].prog == hint.ProgGlyph {
			link("glyphstart", "glyph program ↦", k+1, true)
			break
		}
	}
	v := url.Values{}
	fmt.Fprintf(&b, `<form action="/tt" method="get"><input type="hidden" name="glyph" value="%d"><input type="hidden" name="ppem" value="%d"><input type="hidden" name="mode" value="%s"><input type="hidden" name="step" value="%d"><input type="hidden" name="bp" value="%s"> break when point <input type="number" name="bpt" min="0" value="%s"> moves <button>set</button></form>`,
		q.glyph, q.ppem, esc(q.mode), n, esc(strings.Join(q.bps, ",")), esc(joinInts(q.bpts)))
	_ = v
	if len(q.bps) > 0 || len(q.bpts) > 0 {
		fmt.Fprintf(&b, ` <span>breakpoints: %s`, esc(strings.Join(q.bps, " ")))
		for _, p := range q.bpts {
			fmt.Fprintf(&b, " point %d moves", p)
		}
		b.WriteString("</span>")
	}
	b.WriteString(`</div>`)
	return b.String()
}

// hitsBreakpoint reports whether step rec stops at a breakpoint of q: its
// code range and pc, or a glyph point it moves.
func hitsBreakpoint(q *ttQuery, rec *stepRec) bool {
	at := rec.rng.String() + ":" + strconv.Itoa(rec.pc)
	for _, b := range q.bps {
		if b == at {
			return true
		}
	}
	for _, p := range q.bpts {
		for _, m := range rec.moved {
			if int(m) == p {
				return true
			}
		}
	}
	return false
}

// listing is the disassembly of the current code range around the pc.
func (s *Server) listing(q *ttQuery, steps []stepRec, cur *ttRun) string {
	if cur == nil || !cur.have || q.step == 0 {
		return `<p>No instruction has run yet: step to see fpgm run first, then prep, then the glyph's program.</p>`
	}
	rec := &steps[q.step-1]
	var nextPC = -1
	if q.step < len(steps) && steps[q.step].rng == rec.rng {
		nextPC = steps[q.step].pc
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<p>%s program, code range <b>%s</b> (%d bytes); executed: pc %d; next: `, rec.prog, rec.rng, len(cur.code), rec.pc)
	if q.step < len(steps) {
		fmt.Fprintf(&b, "%s:%d", steps[q.step].rng, steps[q.step].pc)
	} else {
		b.WriteString("none (end)")
	}
	b.WriteString(`</p>`)
	// call stack
	if len(cur.snap.Calls) > 0 {
		b.WriteString(`<h2>call stack</h2><table id="calls"><tr><th>#</th><th>function</th><th>called from</th><th>loop count</th></tr>`)
		for i := len(cur.snap.Calls) - 1; i >= 0; i-- {
			c := cur.snap.Calls[i]
			fmt.Fprintf(&b, `<tr><td>%d</td><td>%d</td><td>%s:%d</td><td>%d</td></tr>`, i, c.Function, c.CallerRange, c.CallerPC, c.Count)
		}
		b.WriteString(`</table>`)
	}
	type line struct {
		pc   int
		text string
	}
	var lines []line
	code := cur.code
	curLine := 0
	for pc := 0; pc < len(code) && len(lines) < 1<<20; {
		in, next, err := asm.Decode(code, pc)
		t := in.String()
		if err != nil {
			t += "  ; " + err.Error()
		}
		if in.Op == 0x2C && in.Info != nil { // FDEF: show the function number pushed before it
			t += "  ; function definition"
		}
		if pc == rec.pc {
			curLine = len(lines)
		}
		lines = append(lines, line{pc, t})
		if next <= pc {
			break
		}
		pc = next
	}
	lo, hi := max(0, curLine-listBefore), min(len(lines), curLine+listAfter+1)
	b.WriteString(`<div class="code" id="listing">`)
	if lo > 0 {
		fmt.Fprintf(&b, "<div>… %d instructions before</div>", lo)
	}
	bpSet := map[string]bool{}
	for _, x := range q.bps {
		bpSet[x] = true
	}
	for _, l := range lines[lo:hi] {
		cls := ""
		switch {
		case l.pc == rec.pc:
			cls = "cur"
		case l.pc == nextPC:
			cls = "next"
		}
		key := rec.rng.String() + ":" + strconv.Itoa(l.pc)
		mark := "○"
		if bpSet[key] {
			mark = `<span class="bp">●</span>`
		}
		id := ""
		if cls == "cur" {
			id = ` id="cur"`
		}
		fmt.Fprintf(&b, `<div class="%s"%s><a href="%s" title="toggle a breakpoint">%s</a> %5d  %s</div>`, cls, id, esc(q.withBP(q.step, key)), mark, l.pc, esc(l.text))
	}
	if hi < len(lines) {
		fmt.Fprintf(&b, "<div>… %d instructions after</div>", len(lines)-hi)
	}
	b.WriteString(`</div>`)
	return b.String()
}

var roundNames = [...]string{"half grid", "grid", "double grid", "down to grid", "up to grid", "off", "super", "super 45"}

// stateTables renders the stack, graphics state, storage and CVT.
func stateTables(cur, prev, start *ttRun, rec *stepRec) string {
	var b strings.Builder
	var sn *hint.Snapshot
	if cur != nil && cur.have {
		sn = &cur.snap
	}
	b.WriteString(`<h2>stack (bottom to top)</h2><div id="stack">`)
	if sn != nil {
		for i, v := range sn.Stack {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(strconv.FormatInt(v, 10))
		}
	}
	b.WriteString(`</div>`)
	if sn == nil {
		b.WriteString(`<p>The machine has not started.</p>`)
		return b.String()
	}
	g := &sn.GS
	rs := strconv.Itoa(g.RoundState)
	if g.RoundState >= 0 && g.RoundState < len(roundNames) {
		rs = roundNames[g.RoundState]
	}
	vec := func(v [2]int32) string {
		return fmt.Sprintf("(%.4f, %.4f)", float64(v[0])/16384, float64(v[1])/16384)
	}
	b.WriteString(`<h2>graphics state</h2><table id="gstate">`)
	row := func(k, v string) { fmt.Fprintf(&b, "<tr><th>%s</th><td>%s</td></tr>", k, esc(v)) }
	row("rp0 rp1 rp2", fmt.Sprintf("%d %d %d", g.RP0, g.RP1, g.RP2))
	row("zp0 zp1 zp2", fmt.Sprintf("%d %d %d", g.ZP0, g.ZP1, g.ZP2))
	row("projection", vec(g.Proj))
	row("freedom", vec(g.Free))
	row("dual", vec(g.Dual))
	row("round state", rs)
	row("loop", strconv.FormatInt(g.Loop, 10))
	row("minimum distance", strconv.FormatInt(g.MinimumDistance, 10))
	row("cvt cut-in", strconv.FormatInt(g.ControlValueCutIn, 10))
	row("single width cut-in, value", fmt.Sprintf("%d, %d", g.SingleWidthCutIn, g.SingleWidthValue))
	row("delta base, shift", fmt.Sprintf("%d, %d", g.DeltaBase, g.DeltaShift))
	row("auto flip", strconv.FormatBool(g.AutoFlip))
	row("instruct control", strconv.Itoa(g.InstructControl))
	row("scan control, type", fmt.Sprintf("%v, %d", g.ScanControl, g.ScanType))
	b.WriteString(`</table>`)
	var pv, sv *hint.Snapshot
	if prev != nil && prev.have {
		pv = &prev.snap
	}
	if start != nil && start.have {
		sv = &start.snap
	}
	cells := func(id, title string, now []int64, before, atStart func(*hint.Snapshot) []int64) {
		fmt.Fprintf(&b, `<h2>%s (%d)</h2><div class="grid" id="%s">`, title, len(now), id)
		var p, st []int64
		if pv != nil {
			p = before(pv)
		}
		if sv != nil {
			st = atStart(sv)
		}
		for i, v := range now {
			cls := ""
			if i < len(st) && st[i] != v {
				cls = "chgp"
			}
			if i < len(p) && p[i] != v {
				cls = "chg"
			}
			fmt.Fprintf(&b, `<span class="%s" title="%s[%d]">%d: %d</span>`, cls, id, i, i, v)
		}
		b.WriteString(`</div>`)
	}
	cells("cvt", "CVT (26.6; red: changed by this step, yellow: changed by this program)", sn.CVT, func(s *hint.Snapshot) []int64 { return s.CVT }, func(s *hint.Snapshot) []int64 { return s.CVT })
	cells("storage", "storage", sn.Storage, func(s *hint.Snapshot) []int64 { return s.Storage }, func(s *hint.Snapshot) []int64 { return s.Storage })
	if rec != nil && len(rec.moved) > 0 {
		b.WriteString(`<h2>moved by this step</h2><p>`)
		for _, m := range rec.moved {
			if m < 0 {
				fmt.Fprintf(&b, "twilight %d ", -1-m)
			} else {
				fmt.Fprintf(&b, "point %d ", m)
			}
		}
		b.WriteString(`</p>`)
	}
	return b.String()
}
