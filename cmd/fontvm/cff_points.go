package main

import (
	"bufio"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"fontvm/cff"
	"fontvm/sfnt"
	"fontvm/size"
)

func init() {
	register("cff", "points", "print CFF/CFF2 outlines in ftpoints2's format: fontvm cff points FONT (--ppem P | --size PT --dpi XxY) --mode hinted|none [--var tag=v,...] [--glyphs A-B]", runCFFPoints)
}

// FreeType error codes ftpoints2 prints for CFF glyphs.
const (
	ftErrInvalidFileFormat = 3
	ftErrInvalidArgument   = 6
	ftErrInvalidOutline    = 20
)

// parseCFFSize reads --ppem or --size/--dpi as ftpoints2 does: the
// size rounded to 26.6 (FT_Set_Char_Size(face, 0, h, dx, dy); 72 dpi for
// --ppem).
func parseCFFSize(ppem, sz float64, dpi string) (size.Request, error) {
	if sz > 0 {
		dx, dy := uint32(72), uint32(72)
		if dpi != "" {
			a, b, found := strings.Cut(dpi, "x")
			x, err := strconv.Atoi(a)
			if err != nil || x <= 0 {
				return size.Request{}, usagef("bad --dpi %q", dpi)
			}
			dx, dy = uint32(x), uint32(x)
			if found {
				y, err := strconv.Atoi(b)
				if err != nil || y <= 0 {
					return size.Request{}, usagef("bad --dpi %q", dpi)
				}
				dy = uint32(y)
			}
		}
		return size.Points(int64(sz*64+0.5), dx, dy), nil
	}
	if ppem <= 0 || ppem > size.MaxPPEM {
		return size.Request{}, usagef("--ppem must be in (0, %d]", size.MaxPPEM)
	}
	return size.Pixels(int64(ppem*64 + 0.5)), nil
}

// cffInstance is a parsed --var: the normalized coordinates (16.16) and
// the HVAR table for the advances (nil without one).
type cffInstance struct {
	coords []int32
	hvar   *sfnt.MetricsVar
}

// parseCFFVar reads --var tag=value,... (design units; other axes at
// their defaults) into normalized coordinates as
// FT_Set_Var_Design_Coordinates computes them. "" is the default
// instance without a variation call (nil).
func parseCFFVar(sf *sfnt.Font, spec string) (*cffInstance, error) {
	if spec == "" {
		return nil, nil
	}
	v, err := sf.Variations()
	if err != nil {
		return nil, fmt.Errorf("--var: %w", err)
	}
	var tags []sfnt.Tag
	var vals []float64
	for _, kv := range strings.Split(spec, ",") {
		k, val, ok := strings.Cut(kv, "=")
		if !ok || len(k) == 0 || len(k) > 4 {
			return nil, usagef("--var: bad %q (want tag=value)", kv)
		}
		x, err := strconv.ParseFloat(val, 64)
		if err != nil {
			return nil, usagef("--var: bad value in %q", kv)
		}
		tags = append(tags, sfnt.MakeTag(k))
		vals = append(vals, x)
	}
	design, err := v.ParseDesign(tags, vals)
	if err != nil {
		return nil, fmt.Errorf("--var: %w", err)
	}
	coords, err := v.Normalize(nil, design)
	if err != nil {
		return nil, fmt.Errorf("--var: %w", err)
	}
	in := &cffInstance{coords: coords}
	if h, err := sf.MetricsVar(sfnt.TagHVAR, len(coords)); err == nil {
		in.hvar = h
	}
	return in, nil
}

// advance returns glyph g's hmtx advance, with the HVAR delta at a
// variation instance (tt_face_get_metrics: the sum truncated to 16 bits).
func (in *cffInstance) advance(sf *sfnt.Font, g int) int {
	adv, _, _ := sf.HMetric(uint16(g))
	if in != nil && in.hvar != nil {
		if d, ok := in.hvar.AdvanceDelta(g, in.coords); ok {
			return int(uint16(int(adv) + d))
		}
	}
	return int(adv)
}

// ndv converts normalized coordinates for cff.Parse.
func (in *cffInstance) ndv() []int64 {
	if in == nil {
		return nil
	}
	out := make([]int64, len(in.coords))
	for i, c := range in.coords {
		out[i] = int64(c)
	}
	return out
}

// runCFFPoints prints each glyph's outline as ftpoints2 does.
func runCFFPoints(args []string) error {
	fs := newFlagSet("cff points")
	ppem := fs.Float64("ppem", 12, "pixels per em (26.6 precision)")
	size := fs.Float64("size", 0, "size in `points` (with --dpi)")
	dpi := fs.String("dpi", "72", "resolution `XxY`")
	mode := fs.String("mode", "hinted", "hinted or none")
	vars := fs.String("var", "", "variation `tag=value,...` (design coordinates)")
	glyphs := fs.String("glyphs", "", "glyph range `A-B`")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("usage: fontvm cff points FONT (--ppem P | --size PT --dpi XxY) --mode hinted|none [--var tag=v,...] [--glyphs A-B]")
	}
	var hinted bool
	switch *mode {
	case "hinted":
		hinted = true
	case "none":
	default:
		return usagef("--mode must be hinted or none")
	}
	req, err := parseCFFSize(*ppem, *size, *dpi)
	if err != nil {
		return err
	}
	sf, _, err := openCFF(pos[0], nil)
	if err != nil {
		return err
	}
	inst, err := parseCFFVar(sf, *vars)
	if err != nil {
		return err
	}
	_, cf, err := openCFF(pos[0], inst.ndv())
	if err != nil {
		return err
	}
	met, err := req.Metrics(int(sf.Head().UnitsPerEm))
	if err != nil {
		return err
	}
	sc := cff.Scale{X: met.XScale, Y: met.YScale}
	first, last, err := glyphRange(*glyphs, sf.NumGlyphs())
	if err != nil {
		return err
	}
	w := bufio.NewWriter(cffStdout)
	defer w.Flush()
	l := cff.NewLoader(cf, int(sf.Head().UnitsPerEm))
	var o cff.Outline
	for g := first; g <= last && g < sf.NumGlyphs(); g++ {
		if err := l.Load(g, sc, hinted, inst.advance(sf, g), &o); err != nil {
			fmt.Fprintf(w, "gid %d err %d\n", g, ftErrorCode(err))
			continue
		}
		writeCFFPoints(w, g, &o)
	}
	return nil
}

// writeCFFPoints writes one ftpoints2 line.
func writeCFFPoints(w *bufio.Writer, g int, o *cff.Outline) {
	b := w.AvailableBuffer()
	b = append(b, "gid "...)
	b = strconv.AppendInt(b, int64(g), 10)
	b = append(b, " adv "...)
	b = strconv.AppendInt(b, o.Advance, 10)
	b = append(b, " n "...)
	b = strconv.AppendInt(b, int64(len(o.Points)), 10)
	b = append(b, " c "...)
	b = strconv.AppendInt(b, int64(len(o.Ends)), 10)
	b = append(b, " pts"...)
	for _, p := range o.Points {
		b = append(b, ' ')
		b = strconv.AppendInt(b, p.X, 10)
		b = append(b, ',')
		b = strconv.AppendInt(b, p.Y, 10)
	}
	b = append(b, " ends"...)
	for _, e := range o.Ends {
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(e), 10)
	}
	b = append(b, '\n')
	w.Write(b)
}

// ftErrorCode is the FreeType error code FT_Load_Glyph returns for err.
func ftErrorCode(err error) int {
	var ce *cff.CharstringError
	switch {
	case errors.As(err, &ce) && ce.FreeType == "Invalid_Outline":
		return ftErrInvalidOutline
	case errors.Is(err, cff.ErrGlyphIndex):
		return ftErrInvalidArgument
	}
	return ftErrInvalidFileFormat
}
