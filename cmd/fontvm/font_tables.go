package main

import (
	"bufio"
	"fmt"
	"os"

	"fontvm/sfnt"
)

// init registers the "fontvm font tables" (runFontTables) and "fontvm
// font info" (runFontInfo) commands in the command table (see register).
func init() {
	register("font", "tables", "list a font's table directory (tag, offset, length, checksum)", runFontTables)
	register("font", "info", "summarise a font's head, maxp and hhea tables", runFontInfo)
}

// openFont reads and parses FONT, selecting face -index of a collection.
func openFont(path string, index int) (*sfnt.Font, []byte, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	f, err := sfnt.ParseIndex(data, index)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	return f, data, nil
}

// runFontTables implements "fontvm font tables [-index N] FONT": one line
// per directory entry sfnt kept (tag, offset, length, checksum), with a
// status of ok, a checksum mismatch (head is not checked, its
// checkSumAdjustment changes its sum) or the length the entry was clipped
// to.
func runFontTables(args []string) error {
	fs := newFlagSet("font tables")
	index := fs.Int("index", 0, "font index in a collection")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("usage: fontvm font tables [-index N] FONT")
	}
	f, _, err := openFont(pos[0], *index)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(os.Stdout)
	fmt.Fprintf(w, "%-6s %10s %10s %10s %s\n", "tag", "offset", "length", "checksum", "status")
	for _, r := range f.Tables() {
		status := "ok"
		if r.Tag != sfnt.TagHead {
			if s := sfnt.Checksum(f.Table(r.Tag)); s != r.Checksum {
				status = fmt.Sprintf("checksum mismatch (computed 0x%08x)", s)
			}
		}
		if n := len(f.Table(r.Tag)); uint32(n) != r.Length {
			status = fmt.Sprintf("clipped to %d bytes", n)
		}
		fmt.Fprintf(w, "%-6s 0x%08x %10d 0x%08x %s\n", "'"+r.Tag.String()+"'", r.Offset, r.Length, r.Checksum, status)
	}
	return w.Flush()
}

// runFontInfo implements "fontvm font info [-index N] FONT": a summary of
// the face's head and maxp (with the usable glyph count), and of hhea
// when the font has one.
func runFontInfo(args []string) error {
	fs := newFlagSet("font info")
	index := fs.Int("index", 0, "font index in a collection")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("usage: fontvm font info [-index N] FONT")
	}
	f, data, err := openFont(pos[0], *index)
	if err != nil {
		return err
	}
	n, _ := sfnt.NumFonts(data)
	h, m := f.Head(), f.Maxp()
	w := bufio.NewWriter(os.Stdout)
	fmt.Fprintf(w, "font:              %s (face %d of %d)\n", pos[0], *index, n)
	fmt.Fprintf(w, "tables:            %d\n", len(f.Tables()))
	fmt.Fprintf(w, "head:\n")
	fmt.Fprintf(w, "  unitsPerEm       %d\n", h.UnitsPerEm)
	fmt.Fprintf(w, "  flags            0x%04x\n", h.Flags)
	fmt.Fprintf(w, "  fontRevision     0x%08x\n", h.FontRevision)
	fmt.Fprintf(w, "  bbox             %d %d %d %d\n", h.XMin, h.YMin, h.XMax, h.YMax)
	fmt.Fprintf(w, "  macStyle         0x%04x\n", h.MacStyle)
	fmt.Fprintf(w, "  lowestRecPPEM    %d\n", h.LowestRecPPEM)
	fmt.Fprintf(w, "  indexToLocFormat %d\n", h.IndexToLocFormat)
	fmt.Fprintf(w, "maxp:\n")
	fmt.Fprintf(w, "  version          0x%08x\n", m.Version)
	fmt.Fprintf(w, "  numGlyphs        %d (usable: %d)\n", m.NumGlyphs, f.NumGlyphs())
	if m.HasExtendedFields() {
		for _, kv := range []struct {
			k string
			v uint16
		}{
			{"maxPoints", m.MaxPoints}, {"maxContours", m.MaxContours},
			{"maxCompositePoints", m.MaxCompositePoints}, {"maxCompositeContours", m.MaxCompositeContours},
			{"maxZones", m.MaxZones}, {"maxTwilightPoints", m.MaxTwilightPoints}, {"maxStorage", m.MaxStorage},
			{"maxFunctionDefs", m.MaxFunctionDefs}, {"maxInstructionDefs", m.MaxInstructionDefs},
			{"maxStackElements", m.MaxStackElements}, {"maxSizeOfInstructions", m.MaxSizeOfInstructions},
			{"maxComponentElements", m.MaxComponentElements}, {"maxComponentDepth", m.MaxComponentDepth},
		} {
			fmt.Fprintf(w, "  %-22s %d\n", kv.k, kv.v)
		}
	}
	if hh, err := f.Hhea(); err == nil {
		fmt.Fprintf(w, "hhea:\n")
		fmt.Fprintf(w, "  ascender         %d\n", hh.Ascender)
		fmt.Fprintf(w, "  descender        %d\n", hh.Descender)
		fmt.Fprintf(w, "  lineGap          %d\n", hh.LineGap)
		fmt.Fprintf(w, "  advanceWidthMax  %d\n", hh.AdvanceWidthMax)
		fmt.Fprintf(w, "  numberOfHMetrics %d\n", hh.NumberOfHMetrics)
	} else {
		fmt.Fprintf(w, "hhea:              none\n")
	}
	fmt.Fprintf(w, "programs:          fpgm %d bytes, prep %d bytes, cvt %d entries\n", len(f.Fpgm()), len(f.Prep()), f.CVT().Len())
	if cm, err := f.Cmap(); err == nil {
		fmt.Fprintf(w, "cmap:              (%d,%d) format %d\n", cm.PlatformID, cm.EncodingID, cm.Format)
	} else {
		fmt.Fprintf(w, "cmap:              %v\n", err)
	}
	writeVariations(w, f)
	return w.Flush()
}
