package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"

	"fontvm/sfnt"
)

// init registers the "fontvm font glyph" (runFontGlyph) command in the
// command table (see register).
func init() {
	register("font", "glyph", "dump one glyf record: contours, points, flags, components, instruction size", runFontGlyph)
}

// parseGlyphArg reads a glyph id ("65") or a character ("U+0041", "A")
// mapped through the default cmap.
func parseGlyphArg(f *sfnt.Font, s string) (uint16, error) {
	if n, err := strconv.ParseUint(s, 10, 16); err == nil {
		return uint16(n), nil
	}
	var r rune
	if strings.HasPrefix(s, "U+") || strings.HasPrefix(s, "u+") {
		n, err := strconv.ParseUint(s[2:], 16, 32)
		if err != nil {
			return 0, usagef("bad character %q", s)
		}
		r = rune(n)
	} else if rs := []rune(s); len(rs) == 1 {
		r = rs[0]
	} else {
		return 0, usagef("glyph must be a glyph id, U+XXXX or one character, not %q", s)
	}
	cm, err := f.Cmap()
	if err != nil {
		return 0, err
	}
	g := cm.Lookup(r)
	if g == 0 {
		return 0, fmt.Errorf("%U is not mapped by the (%d,%d) cmap", r, cm.PlatformID, cm.EncodingID)
	}
	return g, nil
}

// runFontGlyph implements "fontvm font glyph [-index N] FONT GLYPH": it
// loads one glyf record (GLYPH is a glyph id, U+XXXX or a character) with
// sfnt and prints its size, advance and side bearing, then either "empty",
// the contours' points with their flags, or the components with their
// arguments and scales. Load errors are returned as they are.
func runFontGlyph(args []string) error {
	fs := newFlagSet("font glyph")
	index := fs.Int("index", 0, "font index in a collection")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 2 {
		return usagef("usage: fontvm font glyph [-index N] FONT GLYPH (glyph id, U+XXXX or a character)")
	}
	f, _, err := openFont(pos[0], *index)
	if err != nil {
		return err
	}
	gid, err := parseGlyphArg(f, pos[1])
	if err != nil {
		return err
	}
	var g sfnt.Glyph
	if err := f.LoadGlyph(gid, &g); err != nil {
		return err
	}
	rec, _ := f.GlyphData(gid)
	adv, lsb, _ := f.HMetric(gid)
	w := bufio.NewWriter(os.Stdout)
	fmt.Fprintf(w, "glyph %d: %d bytes, advance %d, lsb %d\n", gid, len(rec), adv, lsb)
	switch {
	case g.NumContours == 0:
		fmt.Fprintf(w, "empty\n")
	case g.NumContours > 0:
		fmt.Fprintf(w, "simple: %d contours, %d points, bbox %d %d %d %d, %d instruction bytes\n",
			g.NumContours, len(g.X), g.XMin, g.YMin, g.XMax, g.YMax, len(g.Instructions))
		c := 0
		for i := range g.X {
			on := "off"
			if g.Flags[i]&sfnt.FlagOnCurve != 0 {
				on = "on"
			}
			end := ""
			if c < len(g.EndPts) && int(g.EndPts[c]) == i {
				end = fmt.Sprintf("  end of contour %d", c)
				c++
			}
			fmt.Fprintf(w, "  %5d %7d %7d %-3s flags 0x%02x%s\n", i, g.X[i], g.Y[i], on, g.Flags[i], end)
		}
	default:
		fmt.Fprintf(w, "composite: %d components, bbox %d %d %d %d, %d instruction bytes\n",
			len(g.Components), g.XMin, g.YMin, g.XMax, g.YMax, len(g.Instructions))
		if g.InstructionsErr != nil {
			fmt.Fprintf(w, "  instructions: %v\n", g.InstructionsErr)
		}
		for i, c := range g.Components {
			kind := "offset"
			if c.Flags&sfnt.ARGS_ARE_XY_VALUES == 0 {
				kind = "match points"
			}
			fmt.Fprintf(w, "  %d: glyph %d, flags 0x%04x, %s %d %d, scale [xx xy yx yy] %v (F2Dot14)\n",
				i, c.GlyphIndex, c.Flags, kind, c.Arg1, c.Arg2, c.Scale)
		}
	}
	return w.Flush()
}
