package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"fontvm/graphite/shape"
)

var grShapeStdout io.Writer = os.Stdout

// init registers the "fontvm gr shape" (runGRShape) command in the
// command table (see register).
func init() {
	register("gr", "shape", "shape text with a Graphite font as graphite2 does (line, gr2log or json)", runGRShape)
}

// grShapeTag packs up to four bytes big-endian, left-aligned (gr_str_to_tag).
func grShapeTag(s string) uint32 {
	var t uint32
	for i := 0; i < 4; i++ {
		t <<= 8
		if i < len(s) {
			t |= uint32(s[i])
		}
	}
	return t
}

// runGRShape implements "fontvm gr shape": it shapes each text (the
// arguments after FONT, the lines of -f FILE, or --codes hex code points)
// with graphite/shape as graphite2 does, with the direction, features,
// language, justification and size the flags give, and prints each
// result in the --format chosen: a line of positions and clusters, JSON
// (writeGRShapeJSON), or gr2fonttest's log (gr2log). Bad flags are usage
// errors; a font graphite2 refuses or a shaping failure is returned.
func runGRShape(args []string) error {
	fs := newFlagSet("gr shape")
	rtl := fs.Bool("rtl", false, "shape right to left")
	feat := fs.String("feat", "", "feature settings `id=val,...` (ids are tags or numbers)")
	lang := fs.String("lang", "", "language `tag` for the feature defaults (Sill)")
	justify := fs.Int("justify", 0, "justify to `PERCENT` of the natural width (gr2fonttest -j)")
	file := fs.String("f", "", "shape each line of `FILE`")
	codes := fs.Bool("codes", false, "the arguments after FONT are hexadecimal code points of one text")
	format := fs.String("format", "line", "output `format`: line, gr2log or json")
	spec := fs.Bool("spec-bitops", false, "run 0x3E as AND and 0x3F as OR, as the seed document describes them")
	ppem := fs.Float64("ppem", 0, "shape at `P` pixels per em as gr_make_font(P, face): positions and advance in pixels, 6 decimals (default: design units, 3 decimals)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) < 1 {
		return usagef("usage: fontvm gr shape FONT [--rtl] [--feat id=val,...] [--lang xx] [--justify PERCENT] (TEXT... | -f FILE | --codes HEX...) [--format line|gr2log|json]")
	}
	switch *format {
	case "line", "gr2log", "json":
	default:
		return usagef("--format must be line, gr2log or json, not %q", *format)
	}
	if *justify < 0 {
		return usagef("--justify must be positive")
	}
	var texts [][]rune
	switch {
	case *codes:
		if *file != "" {
			return usagef("--codes and -f exclude each other")
		}
		t, err := parseGRCodes(pos[1:])
		if err != nil {
			return err
		}
		texts = append(texts, t)
	case *file != "":
		if len(pos) > 1 {
			return usagef("-f and TEXT arguments exclude each other")
		}
		b, err := os.ReadFile(*file)
		if err != nil {
			return err
		}
		for _, l := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n") {
			texts = append(texts, []rune(strings.TrimSuffix(l, "\r")))
		}
	default:
		for _, s := range pos[1:] {
			texts = append(texts, []rune(s))
		}
	}
	if len(texts) == 0 {
		return usagef("no text: give TEXT..., -f FILE or --codes HEX...")
	}
	data, err := os.ReadFile(pos[0])
	if err != nil {
		return err
	}
	face, err := shape.Load(data)
	if err != nil {
		return fmt.Errorf("%s: %w", pos[0], err)
	}
	scale, prec, err := grShapeSize(face, *ppem, *format)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(grShapeStdout)
	defer w.Flush()
	if *format == "gr2log" {
		o := shape.GR2Options{RTL: *rtl, Justify: *justify, Spec: *spec}
		if *feat != "" || *lang != "" {
			o.HasFeat = true
			o.Feat = *feat
			if *lang != "" {
				o.Feat = "lang=" + *lang + "&" + *feat
			}
		}
		for _, t := range texts {
			if err := shape.GR2Log(w, face, t, o); err != nil {
				w.Flush()
				return err
			}
		}
		return nil
	}
	sh := shape.NewShaper(face)
	opts := shape.Options{RTL: *rtl, SpecBitOps: *spec}
	opts.Lang, opts.Features = grShapeFeatures(face, *feat)
	if *lang != "" {
		opts.Lang = grShapeTag(*lang)
	}
	opts.Scale = scale
	for _, t := range texts {
		opts.Justify = 0
		if *justify > 0 {
			out, err := sh.Shape(t, &opts)
			if err != nil {
				w.Flush()
				return err
			}
			opts.Justify = float32(float64(float32(out.AdvanceX*float32(*justify))) / 100) // gr2fonttest: float product, double division
		}
		out, err := sh.Shape(t, &opts)
		if err != nil {
			w.Flush()
			return err
		}
		if *format == "json" {
			if err := writeGRShapeJSON(w, out); err != nil {
				return err
			}
			continue
		}
		fmt.Fprintln(w, grShapeLine(out, prec))
	}
	return nil
}

// grShapeLine is the line format: gid@x,y ... | adv A | clusters b:a ...
// with prec decimals (grShapeSize chooses them).
func grShapeLine(out *shape.Output, prec int) string {
	var sb strings.Builder
	for i, g := range out.Glyphs {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(strconv.Itoa(int(g.ID)))
		sb.WriteByte('@')
		sb.WriteString(grShapeF(g.X, prec))
		sb.WriteByte(',')
		sb.WriteString(grShapeF(g.Y, prec))
	}
	sb.WriteString(" | adv ")
	sb.WriteString(grShapeF(out.AdvanceX, prec))
	sb.WriteString(" | clusters")
	for _, c := range out.Chars {
		sb.WriteString(" " + strconv.Itoa(c.Before) + ":" + strconv.Itoa(c.After))
	}
	return sb.String()
}

// grShapeF prints v with prec decimals; -0 prints as 0.
func grShapeF(v float32, prec int) string {
	if v == 0 {
		v = 0
	}
	return strconv.FormatFloat(float64(v), 'f', prec, 32)
}

type grShapeJSONGlyph struct {
	GID     uint16  `json:"gid"`
	X       float32 `json:"x"`
	Y       float32 `json:"y"`
	Advance float32 `json:"advance"`
	Before  int     `json:"before"`
	After   int     `json:"after"`
	Parent  int     `json:"attached_to"`
}

type grShapeJSONChar struct {
	Code   int `json:"code"`
	Before int `json:"before"`
	After  int `json:"after"`
}

// writeGRShapeJSON writes out as one JSON object on a line: the glyphs
// (id, position, advance, character span and attachment parent), the
// total advance and the characters' glyph spans.
func writeGRShapeJSON(w io.Writer, out *shape.Output) error {
	v := struct {
		Glyphs  []grShapeJSONGlyph `json:"glyphs"`
		Advance float32            `json:"advance"`
		Chars   []grShapeJSONChar  `json:"chars"`
	}{Glyphs: []grShapeJSONGlyph{}, Advance: out.AdvanceX, Chars: []grShapeJSONChar{}}
	for _, g := range out.Glyphs {
		v.Glyphs = append(v.Glyphs, grShapeJSONGlyph{g.ID, g.X, g.Y, g.Advance, g.Before, g.After, g.Parent})
	}
	for _, c := range out.Chars {
		v.Chars = append(v.Chars, grShapeJSONChar{int(c.Rune), c.Before, c.After})
	}
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", b)
	return err
}
