package conformance

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"

	"fontvm/internal/conformance/golden"
	"fontvm/internal/corpus"
	"fontvm/sfnt"
	"fontvm/truetype/hint"
)

// ParseConfig maps a golden configuration to the interpreter's options.
func ParseConfig(c golden.Config) (hint.Options, error) {
	var o hint.Options
	switch c.Mode {
	case "none":
		o.Mode = hint.ModeNone
	case "v35":
		o.Mode = hint.ModeV35
	case "v40":
		o.Mode = hint.ModeV40
	default:
		return o, fmt.Errorf("conformance: unknown mode %q", c.Mode)
	}
	switch c.Target {
	case "normal":
		o.Target = hint.TargetNormal
	case "mono":
		o.Target = hint.TargetMono
	default:
		return o, fmt.Errorf("conformance: unknown target %q", c.Target)
	}
	return o, nil
}

// A Hinter produces fontvm's lines for one font.
type Hinter struct {
	font *hint.Font
	g    hint.Glyph
	line []byte
	xy   []int64
	ends []int32
}

// NewHinter parses font for fontvm's interpreter.
func NewHinter(font []byte) (*Hinter, error) {
	sf, err := sfnt.Parse(font)
	if err != nil {
		return nil, err
	}
	f, err := hint.NewFont(sf)
	if err != nil {
		return nil, err
	}
	return &Hinter{font: f}, nil
}

// NumGlyphs returns the font's number of glyphs.
func (h *Hinter) NumGlyphs() int { return h.font.NumGlyphs() }

// Lines loads every glyph, in glyph order, on a fresh instance for c and
// calls fn with each glyph's line (valid until fn returns). A failure to
// create the instance is reported as an error line for every glyph, the
// way FreeType's loads fail when its size cannot be set up.
func (h *Hinter) Lines(c golden.Config, fn func(gid int, line []byte)) error {
	opts, err := ParseConfig(c)
	if err != nil {
		return err
	}
	in, ierr := h.font.NewInstance(c.PPEM, opts)
	for gid := 0; gid < h.font.NumGlyphs(); gid++ {
		err := ierr
		if err == nil {
			err = in.LoadGlyph(gid, &h.g)
		}
		h.line = h.appendLine(h.line[:0], gid, err)
		fn(gid, h.line)
	}
	return nil
}

// LoadAll loads every glyph, in glyph order, on a fresh instance for c,
// discarding the results (as ftref.Time does; for speed comparisons).
func (h *Hinter) LoadAll(c golden.Config) error {
	opts, err := ParseConfig(c)
	if err != nil {
		return err
	}
	in, err := h.font.NewInstance(c.PPEM, opts)
	if err != nil {
		return err
	}
	for gid := 0; gid < h.font.NumGlyphs(); gid++ {
		_ = in.LoadGlyph(gid, &h.g) // per-glyph failures are part of the work
	}
	return nil
}

// appendLine appends glyph gid's golden line to dst: FreeType's error name
// when err has one (hint.Name), "fontvm:" and the error text when it has
// none (so it cannot match a FreeType line by accident), else the advance,
// points and contour ends of the glyph h last loaded. It reuses h's
// buffers, so it allocates nothing once warm.
func (h *Hinter) appendLine(dst []byte, gid int, err error) []byte {
	if err != nil {
		name := hint.Name(err)
		if name == "" {
			// Not a FreeType-named failure: keep the text so the line
			// cannot match FreeType's by accident.
			name = "fontvm:" + strings.ReplaceAll(err.Error(), "\n", " ")
		}
		return golden.AppendErrLine(dst, gid, name)
	}
	h.xy = h.xy[:0]
	for _, p := range h.g.Points {
		h.xy = append(h.xy, int64(p.X), int64(p.Y))
	}
	h.ends = h.ends[:0]
	for _, e := range h.g.Ends {
		h.ends = append(h.ends, int32(e))
	}
	return golden.AppendLine(dst, gid, int64(h.g.Advance), h.xy, h.ends)
}

// A Row is one line of the corpus match table.
type Row struct {
	Font string
	golden.Diff
}

// CompareFont compares fontvm with the golden file of one corpus font in
// the configurations keep accepts (all when keep is nil).
func CompareFont(name string, data []byte, gf *golden.File, keep func(golden.Config) bool) ([]Row, error) {
	sum := sha256.Sum256(data)
	if hex.EncodeToString(sum[:]) != gf.FontSHA {
		return nil, fmt.Errorf("conformance: %s differs from the font the golden file was recorded from (sha256 %s)", name, gf.FontSHA)
	}
	h, err := NewHinter(data)
	if err != nil {
		return nil, fmt.Errorf("conformance: %s: %w", name, err)
	}
	if h.NumGlyphs() != gf.NumGlyphs {
		return nil, fmt.Errorf("conformance: %s: fontvm sees %d glyphs, golden %d", name, h.NumGlyphs(), gf.NumGlyphs)
	}
	var rows []Row
	for i := range gf.Records {
		rec := &gf.Records[i]
		if keep != nil && !keep(rec.Config) {
			continue
		}
		c := golden.NewComparer(rec)
		if err := h.Lines(rec.Config, func(_ int, line []byte) { c.Add(line) }); err != nil {
			return nil, err
		}
		rows = append(rows, Row{Font: name, Diff: c.Result()})
	}
	return rows, nil
}

// CorpusFonts are the fonts with corpus golden files.
func CorpusFonts() []corpus.Font {
	return append(append([]corpus.Font(nil), corpus.GoFonts...), corpus.HintedFonts...)
}

// Summary aggregates rows per font and mode/target: "FONT MODE/TARGET
// exact-configs/configs glyph-match-rate first-differing".
func Summary(rows []Row) []string {
	type key struct{ font, mt string }
	type agg struct {
		cfgs, exact, glyphs, match int
		first                      []string
	}
	m := map[key]*agg{}
	var order []key
	for _, r := range rows {
		k := key{r.Font, r.Mode + "/" + r.Target}
		a := m[k]
		if a == nil {
			a = &agg{}
			m[k] = a
			order = append(order, k)
		}
		a.cfgs++
		if r.HashOK {
			a.exact++
		}
		a.glyphs += r.Glyphs
		a.match += r.Match
		if !r.HashOK && len(a.first) < 3 {
			a.first = append(a.first, fmt.Sprintf("ppem %d gids %v", r.PPEM, r.First))
		}
	}
	var out []string
	for _, k := range order {
		a := m[k]
		rate := 0.0
		if a.glyphs > 0 {
			rate = 100 * float64(a.match) / float64(a.glyphs)
		}
		s := fmt.Sprintf("%-18s %-11s %3d/%-3d sizes exact  %8d/%-8d glyph lines %7.3f%%", k.font, k.mt, a.exact, a.cfgs, a.match, a.glyphs, rate)
		if len(a.first) > 0 {
			s += "  first: " + strings.Join(a.first, "; ")
		}
		out = append(out, s)
	}
	return out
}
