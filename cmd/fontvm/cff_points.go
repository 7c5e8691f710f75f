package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"

	"fontvm/cff"
	"fontvm/sfnt"
)

// init registers the "fontvm cff points" (runCFFPoints) command in the
// command table (see register).
func init() {
	register("cff", "points", "print CFF/CFF2 outlines in ftpoints2's format: fontvm cff points FONT (--ppem P | --size PT --dpi XxY) --mode hinted|none [--var tag=v,...] [--glyphs A-B]", runCFFPoints)
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

// openCFFSized opens a font for cff points and cff trace: the face at the
// --var instance, the scales of the size flags, and --mode (hinted or
// none; anything else is a usage error).
func openCFFSized(path, vars, mode string, sizes *sizeFlags) (*cff.Face, cff.Scale, bool, error) {
	if mode != "hinted" && mode != "none" {
		return nil, cff.Scale{}, false, usagef("--mode must be hinted or none")
	}
	req, err := sizes.request()
	if err != nil {
		return nil, cff.Scale{}, false, err
	}
	fc, err := openCFFFace(path, vars)
	if err != nil {
		return nil, cff.Scale{}, false, err
	}
	sc, err := fc.Scale(req)
	if err != nil {
		return nil, cff.Scale{}, false, err
	}
	return fc, sc, mode == "hinted", nil
}

// runCFFPoints prints each glyph's outline as ftpoints2 does.
func runCFFPoints(args []string) error {
	fs := newFlagSet("cff points")
	sizes := addSizeFlags(fs, "12")
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
	fc, sc, hinted, err := openCFFSized(pos[0], *vars, *mode, sizes)
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
