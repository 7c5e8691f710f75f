package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"

	"fontvm/cff"
	"fontvm/sfnt"
	"fontvm/size"
)

func init() {
	register("cff", "points", "print CFF/CFF2 outlines in ftpoints2's format: fontvm cff points FONT (--ppem P | --size PT --dpi XxY) --mode hinted|none [--var tag=v,...] [--glyphs A-B]", runCFFPoints)
}

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

// parseVarSpec splits --var tag=value,... into tags and values.
func parseVarSpec(spec string) ([]sfnt.Tag, []float64, error) {
	if spec == "" {
		return nil, nil, nil
	}
	var tags []sfnt.Tag
	var vals []float64
	for _, kv := range strings.Split(spec, ",") {
		k, val, ok := strings.Cut(kv, "=")
		if !ok || len(k) == 0 || len(k) > 4 {
			return nil, nil, usagef("--var: bad %q (want tag=value)", kv)
		}
		x, err := strconv.ParseFloat(val, 64)
		if err != nil {
			return nil, nil, usagef("--var: bad value in %q", kv)
		}
		tags = append(tags, sfnt.MakeTag(k))
		vals = append(vals, x)
	}
	return tags, vals, nil
}

// openCFFFace opens path as a cff.Face at the --var instance.
func openCFFFace(path, spec string) (*cff.Face, error) {
	tags, vals, err := parseVarSpec(spec)
	if err != nil {
		return nil, err
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	sf, err := sfnt.Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	fc, err := cff.NewFace(sf, tags, vals)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return fc, nil
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
	fc, err := openCFFFace(pos[0], *vars)
	if err != nil {
		return err
	}
	sc, err := fc.Scale(req)
	if err != nil {
		return err
	}
	first, last, err := glyphRange(*glyphs, fc.NumGlyphs())
	if err != nil {
		return err
	}
	w := bufio.NewWriter(cffStdout)
	defer w.Flush()
	l := fc.NewLoader()
	var o cff.Outline
	var buf []byte
	for g := first; g <= last && g < fc.NumGlyphs(); g++ {
		if err := fc.Load(l, g, sc, hinted, &o); err != nil {
			fmt.Fprintf(w, "gid %d err %d\n", g, cff.FreeTypeError(err))
			continue
		}
		buf = o.AppendFTPoints(buf[:0], g)
		w.Write(buf)
	}
	return nil
}
