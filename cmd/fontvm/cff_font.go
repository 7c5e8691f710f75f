package main

import (
	"fmt"
	"io"
	"os"

	"fontvm/cff"
	"fontvm/sfnt"
)

// cffStdout is where the cff commands write (tests replace it).
var cffStdout io.Writer = os.Stdout

// glyphRange parses --glyphs A-B (or N) against n glyphs; "" is all.
func glyphRange(s string, n int) (first, last int, err error) {
	if s == "" {
		return 0, n - 1, nil
	}
	var a, b int
	if k, _ := fmt.Sscanf(s, "%d-%d", &a, &b); k == 2 {
		return a, b, nil
	}
	if k, _ := fmt.Sscanf(s, "%d", &a); k == 1 {
		return a, a, nil
	}
	return 0, 0, usagef("bad --glyphs %q (want A-B or N)", s)
}

// postNames returns the glyph names of a version 2.0 post table (nil for
// other versions or a malformed table), as fontTools reads them.
func postNames(sf *sfnt.Font) []string {
	t := sf.Table(sfnt.MakeTag("post"))
	if len(t) < 34 || t[0] != 0 || t[1] != 2 || t[2] != 0 || t[3] != 0 {
		return nil
	}
	n := int(t[32])<<8 | int(t[33])
	if len(t) < 34+2*n {
		return nil
	}
	var extra []string
	for p := 34 + 2*n; p < len(t); {
		l := int(t[p])
		if p+1+l > len(t) {
			break
		}
		extra = append(extra, string(t[p+1:p+1+l]))
		p += 1 + l
	}
	names := make([]string, n)
	for i := range names {
		idx := int(t[34+2*i])<<8 | int(t[35+2*i])
		switch {
		case idx < 258:
			names[i] = macGlyphName(idx)
		case idx-258 < len(extra):
			names[i] = extra[idx-258]
		}
	}
	return names
}

// glyphName is the name `cff disasm` prints: the charset's (CFF), the post
// table's, or glyphNNNNN.
func glyphName(cf *cff.Font, post []string, gid int) string {
	if s := cf.GlyphName(gid); s != "" {
		return s
	}
	if gid < len(post) && post[gid] != "" {
		return post[gid]
	}
	if gid == 0 {
		return ".notdef"
	}
	return fmt.Sprintf("glyph%05d", gid)
}
