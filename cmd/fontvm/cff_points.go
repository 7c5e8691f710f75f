package main

import (
	"bufio"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"fontvm/cff"
	"fontvm/internal/ftmath"
	"fontvm/sfnt"
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

// cffRequest is the char-size request of ftpoints2: FT_Set_Char_Size(face,
// 0, h, dx, dy) with h the size in 26.6 points.
type cffRequest struct {
	height int64 // 26.6 points
	dx, dy int64 // resolution
}

// parseCFFSize reads --ppem or --size/--dpi as ftpoints2 does.
func parseCFFSize(ppem, size float64, dpi string) (cffRequest, error) {
	if size > 0 {
		dx, dy := int64(72), int64(72)
		if dpi != "" {
			a, b, found := strings.Cut(dpi, "x")
			x, err := strconv.Atoi(a)
			if err != nil || x <= 0 {
				return cffRequest{}, usagef("bad --dpi %q", dpi)
			}
			dx, dy = int64(x), int64(x)
			if found {
				y, err := strconv.Atoi(b)
				if err != nil || y <= 0 {
					return cffRequest{}, usagef("bad --dpi %q", dpi)
				}
				dy = int64(y)
			}
		}
		return cffRequest{int64(size*64 + 0.5), dx, dy}, nil
	}
	if ppem <= 0 || ppem > 16384 {
		return cffRequest{}, usagef("--ppem must be in (0, 16384]")
	}
	return cffRequest{int64(ppem*64 + 0.5), 72, 72}, nil
}

// scales mirrors FT_Request_Metrics for a nominal request (the CFF
// driver's cff_size_request uses its scales as they are).
func (r cffRequest) scales(upem int64) cff.Scale {
	w := (r.height*r.dx + 36) / 72
	h := (r.height*r.dy + 36) / 72
	return cff.Scale{X: ftmath.DivFix(w, upem), Y: ftmath.DivFix(h, upem)}
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
	if *vars != "" {
		return fmt.Errorf("cff points: --var is not supported yet (design coordinates need the fvar/avar reader)")
	}
	sf, cf, err := openCFF(pos[0], nil)
	if err != nil {
		return err
	}
	sc := req.scales(int64(sf.Head().UnitsPerEm))
	first, last, err := glyphRange(*glyphs, sf.NumGlyphs())
	if err != nil {
		return err
	}
	w := bufio.NewWriter(cffStdout)
	defer w.Flush()
	l := cff.NewLoader(cf)
	var o cff.Outline
	for g := first; g <= last && g < sf.NumGlyphs(); g++ {
		adv, _, _ := sf.HMetric(uint16(g))
		if err := l.Load(g, sc, hinted, int(adv), &o); err != nil {
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

var _ = math.Round
var _ = sfnt.TagCFF
