package main

import (
	"bufio"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"
	"os"
	"strconv"
	"strings"

	"fontvm/face"
	"fontvm/graphite/shape"
	"fontvm/sfnt"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/math/fixed"
)

const renderSummary = "render a waterfall of text, unhinted and hinted (v40, v35; CFF fonts: FreeType's CFF hinter), to a PNG"

// init registers the "fontvm render" (runRender) command in the command
// table (see register).
func init() { register("", "render", renderSummary, runRender) }

// defaultPangram is the waterfall's default text.
const defaultPangram = "Sphinx of black quartz, judge my vow."

// A renderMode is one column of the waterfall.
type renderMode struct {
	name    string // as given to --mode
	label   string // column heading
	hinting font.Hinting
	// variation is the column's variation instance (FaceOptions.Variation;
	// "" for the default).
	variation string
}

var renderModes = []renderMode{
	{"none", "unhinted", font.HintingNone, ""},
	{"v40", "hinted, version 40 (HintingVertical)", font.HintingVertical, ""},
	{"v35", "hinted, version 35 (HintingFull)", font.HintingFull, ""},
}

// cffHinted is the one hinted column of a CFF or CFF2 font: face runs
// FreeType's CFF hinter (its "adobe" engine) for any hinting but None, so
// the TrueType interpreter versions do not apply.
var cffHinted = renderMode{"cff", "hinted, FreeType CFF hinter (adobe)", font.HintingVertical, ""}

// cffColumns returns the columns drawn for a CFF font: the unhinted
// columns as asked, and the hinted ones (v40, v35) of each variation
// instance replaced by one cffHinted column, at the place of the first.
func cffColumns(modes []renderMode) []renderMode {
	var out []renderMode
	hinted := map[string]bool{}
	for _, m := range modes {
		switch {
		case m.hinting == font.HintingNone:
			out = append(out, m)
		case !hinted[m.variation]:
			hinted[m.variation] = true
			c := cffHinted
			if c.variation = m.variation; c.variation != "" {
				c.label = c.name + " " + c.variation
			}
			out = append(out, c)
		}
	}
	return out
}

type renderOptions struct {
	fontData []byte
	fontName string
	text     string
	sizes    []float64 // pixels per em at 72 dpi, or points at xdpi × ydpi
	xdpi     uint32
	ydpi     uint32
	modes    []renderMode
	mono     bool
}

// runRender implements "fontvm render": it parses the font, text, sizes,
// resolution, modes, variation instances and output flags, draws the
// waterfall (renderWaterfall) and writes it as a PNG to -o. Bad flags
// are usage errors; font and file errors are returned.
func runRender(args []string) error {
	fs := newFlagSet("render")
	fontPath := fs.String("font", "", "TrueType font file (default: the embedded Go Regular)")
	text := fs.String("text", defaultPangram, "text to render")
	sizes := fs.String("sizes", "8-32", "sizes in pixels per em (points with --dpi): a list of sizes (may be fractional) and whole ranges, e.g. 8-16,10.5,24")
	dpi := fs.String("dpi", "72", "resolution: X or XxY dots per inch (FT_Set_Char_Size's; the sizes are then points)")
	modes := fs.String("mode", "none,v40,v35", "columns: a list of none (unhinted), v40, v35 (a CFF font has one hinted column, its CFF hinter, for v40 and v35)")
	mono := fs.Bool("mono", false, "monochrome rendering (hinted for the mono target, with drop-out control)")
	out := fs.String("o", "fontvm-waterfall.png", "output PNG file")
	varList := fs.String("var", "", "variation instances, one column group each: SPEC;SPEC;... with SPEC tag=value,... (design units) or named=N")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("render: unexpected argument %q", pos[0])
	}
	opts := renderOptions{text: *text, mono: *mono, fontData: goregular.TTF, fontName: "Go Regular (embedded)"}
	if *fontPath != "" {
		b, err := os.ReadFile(*fontPath)
		if err != nil {
			return err
		}
		opts.fontData, opts.fontName = b, *fontPath
	}
	if opts.sizes, err = parseSizes(*sizes); err != nil {
		return usagef("render: --sizes: %v", err)
	}
	if opts.xdpi, opts.ydpi, err = parseDPI(*dpi); err != nil {
		return err
	}
	if opts.xdpi == 0 && opts.ydpi == 0 {
		opts.xdpi, opts.ydpi = 72, 72
	}
	if opts.modes, err = parseModes(*modes); err != nil {
		return usagef("render: --mode: %v", err)
	}
	opts.modes = varColumns(opts.modes, *varList)
	if opts.text == "" {
		return usagef("render: --text is empty")
	}
	img, err := renderWaterfall(&opts)
	if err != nil {
		return err
	}
	f, err := os.Create(*out)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	if err := png.Encode(w, img); err != nil {
		f.Close()
		return err
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	fmt.Printf("wrote %s (%d×%d): %s, %d sizes, %d columns\n", *out, img.Rect.Dx(), img.Rect.Dy(), opts.fontName, len(opts.sizes), len(opts.modes))
	return nil
}

// parseSizes parses "8-32" or "8,10.5,12-14": sizes (possibly
// fractional) and ranges of whole sizes.
func parseSizes(s string) ([]float64, error) {
	var out []float64
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		lo, hi, isRange := strings.Cut(part, "-")
		if isRange {
			a, err1 := strconv.Atoi(lo)
			b, err2 := strconv.Atoi(hi)
			if err1 != nil || err2 != nil {
				return nil, fmt.Errorf("bad size range %q", part)
			}
			if a < 1 || b > 512 || a > b {
				return nil, fmt.Errorf("size %q out of range 1-512", part)
			}
			for p := a; p <= b && len(out) <= 512; p++ {
				out = append(out, float64(p))
			}
		} else {
			a, err := strconv.ParseFloat(lo, 64)
			if err != nil || math.IsNaN(a) {
				return nil, fmt.Errorf("bad size %q", part)
			}
			if a < 1 || a > 512 {
				return nil, fmt.Errorf("size %q out of range 1-512", part)
			}
			out = append(out, a)
		}
		if len(out) > 512 {
			return nil, errors.New("too many sizes")
		}
	}
	return out, nil
}

// parseModes parses --mode: a comma-separated list of none, v40 and v35,
// one column each in the order given; any other name is an error.
func parseModes(s string) ([]renderMode, error) {
	var out []renderMode
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		found := false
		for _, m := range renderModes {
			if m.name == part {
				out = append(out, m)
				found = true
			}
		}
		if !found {
			return nil, fmt.Errorf("unknown mode %q (want none, v40 or v35)", part)
		}
	}
	return out, nil
}

// Colours of the picture: dark text on white.
var (
	inkText  = image.NewUniform(color.Gray{Y: 0x10})
	inkLabel = image.NewUniform(color.Gray{Y: 0x70})
	inkRule  = color.Gray{Y: 0xd8}
)

const (
	margin    = 24
	columnGap = 40
	rowGap    = 6
	labelPx   = 15
)

// sizeLabel is a row's label: "N px" at 72 dpi, "N pt" otherwise.
func (opts *renderOptions) sizeLabel(sz float64) string {
	if opts.xdpi == 72 && opts.ydpi == 72 {
		return fmt.Sprintf("%g px", sz)
	}
	return fmt.Sprintf("%g pt", sz)
}

// renderWaterfall draws opts.text at every size in every mode, one column
// per mode, with headings and size labels drawn by a hinted Face of the
// embedded Go Regular. For a CFF or CFF2 font, opts.modes becomes
// cffColumns' (one hinted column, labelled as the hinter that ran).
func renderWaterfall(opts *renderOptions) (*image.Gray, error) {
	sf, err := sfnt.Parse(opts.fontData)
	if err != nil {
		return nil, err
	}
	if sf.IsCFF() {
		opts.modes = cffColumns(opts.modes)
	}
	shaper, err := newShaper(sf, opts.fontData)
	if err != nil {
		return nil, err
	}
	labelFont, err := sfnt.Parse(goregular.TTF)
	if err != nil {
		return nil, err
	}
	label, err := face.NewFace(labelFont, &face.FaceOptions{Size: labelPx, DPI: 72, Hinting: font.HintingVertical})
	if errors.Is(err, face.ErrHintingUnavailable) {
		label, err = face.NewFace(labelFont, &face.FaceOptions{Size: labelPx, DPI: 72})
	}
	if err != nil {
		return nil, err
	}

	// Faces per column and size.
	faces := make([][]*face.Face, len(opts.modes))
	for c, m := range opts.modes {
		faces[c] = make([]*face.Face, len(opts.sizes))
		for r, sz := range opts.sizes {
			fo := &face.FaceOptions{Size: sz, DPI: float64(opts.xdpi), YDPI: float64(opts.ydpi), Hinting: m.hinting, Mono: opts.mono, Variation: m.variation}
			fc, err := face.NewFace(sf, fo)
			if err != nil {
				return nil, fmt.Errorf("%s at %s: %w", m.label, opts.sizeLabel(sz), err)
			}
			faces[c][r] = fc
		}
	}

	// Layout.
	sizeLabelW := 0
	for _, sz := range opts.sizes {
		sizeLabelW = max(sizeLabelW, font.MeasureString(label, opts.sizeLabel(sz)).Ceil())
	}
	colX := make([]int, len(opts.modes))
	x := margin + sizeLabelW + columnGap/2
	for c, m := range opts.modes {
		colX[c] = x
		w := font.MeasureString(label, m.label).Ceil()
		for r := range opts.sizes {
			w = max(w, shaper.width(faces[c][r], opts.text))
		}
		x += w + columnGap
	}
	width := x - columnGap + margin
	lm := label.Metrics()
	headerH := (lm.Ascent + lm.Descent).Ceil() + 2*rowGap
	rowY := make([]int, len(opts.sizes)) // baselines
	y := margin + headerH + rowGap
	for r := range opts.sizes {
		am := fixed.Int26_6(0)
		dm := fixed.Int26_6(0)
		for c := range opts.modes {
			m := faces[c][r].Metrics()
			am, dm = max(am, m.Ascent), max(dm, m.Descent)
		}
		am = max(am, lm.Ascent)
		rowY[r] = y + am.Ceil()
		y = rowY[r] + dm.Ceil() + rowGap
	}
	height := y + margin - rowGap
	if width > 1<<15 || height > 1<<15 {
		return nil, errors.New("render: picture too large; use fewer sizes or shorter text")
	}

	img := image.NewGray(image.Rect(0, 0, width, height))
	draw.Draw(img, img.Rect, image.White, image.Point{}, draw.Src)
	// Headings and a rule under them; light rules between columns.
	headBase := margin + lm.Ascent.Ceil()
	ld := font.Drawer{Dst: img, Src: inkLabel, Face: label}
	for c, m := range opts.modes {
		ld.Dot = fixed.P(colX[c], headBase)
		ld.DrawString(m.label)
	}
	ruleY := margin + headerH - rowGap
	for x := margin; x < width-margin; x++ {
		img.SetGray(x, ruleY, inkRule)
	}
	for c := 1; c < len(opts.modes); c++ {
		rx := colX[c] - columnGap/2
		for y := ruleY; y < height-margin; y++ {
			img.SetGray(rx, y, inkRule)
		}
	}
	for r, sz := range opts.sizes {
		s := opts.sizeLabel(sz)
		ld.Dot = fixed.P(margin+sizeLabelW-font.MeasureString(label, s).Ceil(), rowY[r])
		ld.DrawString(s)
		for c := range opts.modes {
			if err := shaper.draw(img, faces[c][r], fixed.P(colX[c], rowY[r]), opts.text); err != nil {
				return nil, err
			}
		}
	}
	return img, nil
}

// A shaper lays out text for a face: rune by rune through the cmap with
// font.Drawer, or, for a font with Graphite tables (Silf), with the
// Graphite engine (graphite/shape), whose glyph positions are design
// positions scaled to the face's size; a hinted face then places each
// glyph at the nearest whole pixel.
type shaper struct {
	gr   *shape.Shaper
	upem int
}

// newShaper returns the shaper for the font: the cmap with font.Drawer
// when it has no Silf table, else a Graphite shaper of its tables (an
// error if graphite2 would refuse them).
func newShaper(sf *sfnt.Font, data []byte) (*shaper, error) {
	if !sf.HasTable(sfnt.MakeTag("Silf")) {
		return &shaper{}, nil
	}
	gf, err := shape.Load(data)
	if err != nil {
		return nil, fmt.Errorf("graphite: %w", err)
	}
	return &shaper{gr: shape.NewShaper(gf), upem: gf.UnitsPerEm()}, nil
}

// shape shapes text with the Graphite engine at f's size: positions in
// pixels (the face's requested width per design unit), right to left
// when the text is (isRTL).
func (s *shaper) shape(f *face.Face, text string) (*shape.Output, error) {
	runes := []rune(text)
	// the face's horizontal size in pixels (FT_REQUEST_WIDTH) per unit
	w, _ := f.SizeRequest().Scaled()
	opts := &shape.Options{Scale: float32(w) / 64 / float32(s.upem), RTL: isRTL(runes)}
	return s.gr.Shape(runes, opts)
}

// width returns the advance of text at f's size in whole pixels, rounded
// up: font.MeasureString's without Graphite, the shaped advance with it
// (0 if shaping fails).
func (s *shaper) width(f *face.Face, text string) int {
	if s.gr == nil {
		return font.MeasureString(f, text).Ceil()
	}
	out, err := s.shape(f, text)
	if err != nil {
		return 0
	}
	return int(math.Ceil(float64(out.AdvanceX)))
}

// draw draws text on dst with its origin at dot, in the text ink: through
// font.Drawer without Graphite; with it, each shaped glyph at its position
// rounded to 1/64 pixel (glyphs the face cannot draw are skipped). A
// shaping failure is returned.
func (s *shaper) draw(dst draw.Image, f *face.Face, dot fixed.Point26_6, text string) error {
	if s.gr == nil {
		d := font.Drawer{Dst: dst, Src: inkText, Face: f, Dot: dot}
		d.DrawString(text)
		return nil
	}
	out, err := s.shape(f, text)
	if err != nil {
		return fmt.Errorf("graphite: %w", err)
	}
	for _, g := range out.Glyphs {
		p := fixed.Point26_6{
			X: dot.X + fixed.Int26_6(math.Round(float64(g.X)*64)),
			Y: dot.Y - fixed.Int26_6(math.Round(float64(g.Y)*64)),
		}
		dr, mask, mp, _, ok := f.GlyphByIndex(p, g.ID)
		if !ok {
			continue
		}
		draw.DrawMask(dst, dr, inkText, image.Point{}, mask, mp, draw.Over)
	}
	return nil
}

// isRTL reports whether text holds a right-to-left letter (Hebrew,
// Arabic, Syriac, Thaana, NKo and their presentation forms).
func isRTL(text []rune) bool {
	for _, r := range text {
		if (r >= 0x0590 && r <= 0x08FF) || (r >= 0xFB1D && r <= 0xFDFF) || (r >= 0xFE70 && r <= 0xFEFF) {
			return true
		}
	}
	return false
}
