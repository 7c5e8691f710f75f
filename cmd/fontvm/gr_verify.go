package main

import (
	"fmt"
	"os"

	"fontvm/graphite"
)

// init registers the "fontvm gr verify" command: it loads a font's
// Graphite tables as graphite2 does (graphite.LoadOptions; -lazy and
// -direct-cmap turn off gr_face_preloadGlyphs and gr_face_cacheCmap) and
// exits 0 with a summary if they are accepted, 1 with the reason if not.
func init() {
	register("gr", "verify", "load a font's Graphite tables as graphite2 does: exit 0 if accepted, 1 with the reason", func(args []string) error {
		fs := newFlagSet("gr verify")
		lazy := fs.Bool("lazy", false, "do not preload glyphs (gr_face_preloadGlyphs off)")
		direct := fs.Bool("direct-cmap", false, "do not cache the cmap (gr_face_cacheCmap off)")
		pos, err := parseFlags(fs, args)
		if err != nil {
			return err
		}
		if len(pos) != 1 {
			return usagef("usage: fontvm gr verify [-lazy] [-direct-cmap] FONT")
		}
		data, err := os.ReadFile(pos[0])
		if err != nil {
			return err
		}
		opts := graphite.PreloadAll
		if *lazy {
			opts &^= graphite.PreloadGlyphs
		}
		if *direct {
			opts &^= graphite.CacheCmap
		}
		f, err := graphite.LoadOptions(data, opts)
		if err != nil {
			return fmt.Errorf("%s: refused: %v", pos[0], err)
		}
		rules := 0
		passes := 0
		for _, s := range f.Silfs {
			passes += len(s.Passes)
			for _, p := range s.Passes {
				rules += len(p.Rules)
			}
		}
		fmt.Printf("%s: ok: Silf %d.%d, %d subtable(s), %d passes, %d rules, %d glyphs, %d glyph attributes, %d features\n",
			pos[0], f.SilfVersion>>16, f.SilfVersion&0xffff, len(f.Silfs), passes, rules, f.NumGlyphs, f.NumAttrs, len(f.Features))
		return nil
	})
}
