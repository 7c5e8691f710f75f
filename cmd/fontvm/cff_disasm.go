package main

import (
	"fmt"
	"strconv"
)

// init registers the "fontvm cff disasm" (runCFFDisasm) command in the
// command table (see register).
func init() {
	register("cff", "disasm", "disassemble CFF/CFF2 charstrings as ttx writes them: fontvm cff disasm FONT [--glyph N]", runCFFDisasm)
}

// runCFFDisasm prints, for each glyph, "glyph GID NAME" and then its
// charstring as fontTools 4.38's ttx writes it inside <CharString>.
func runCFFDisasm(args []string) error {
	fs := newFlagSet("cff disasm")
	glyph := fs.String("glyph", "", "only glyph `N`")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("usage: fontvm cff disasm FONT [--glyph N]")
	}
	fc, err := openCFFFace(pos[0], "")
	if err != nil {
		return err
	}
	sf, cf := fc.SFNT(), fc.Font()
	first, last := 0, cf.NumGlyphs()-1
	if *glyph != "" {
		g, err := strconv.Atoi(*glyph)
		if err != nil || g < 0 || g >= cf.NumGlyphs() {
			return usagef("cff disasm: bad --glyph %q (the font has %d glyphs)", *glyph, cf.NumGlyphs())
		}
		first, last = g, g
	}
	post := postNames(sf)
	w := cffStdout
	for g := first; g <= last; g++ {
		lines, note, err := cf.Disasm(g)
		if err != nil {
			return err
		}
		if _, err := fmt.Fprintf(w, "glyph %d %s\n", g, glyphName(cf, post, g)); err != nil {
			return err
		}
		for _, l := range lines {
			fmt.Fprintln(w, l)
		}
		if note != "" {
			fmt.Fprintf(w, "# stopped: %s\n", note)
		}
	}
	return nil
}
