package main

import (
	"flag"
	"math"
	"strconv"
	"strings"

	"fontvm/size"
)

// The size options of tt points, tt trace, render and bench tt:
//
//	--ppem P            P pixels per em, possibly fractional: FT_Set_Char_Size(face, 0, P*64 rounded, 72, 72)
//	--size PT --dpi X[xY]  PT points (possibly fractional) at X dpi horizontally and Y (default X) vertically:
//	                    FT_Set_Char_Size(face, 0, PT*64 rounded, X, Y)
//
// (ftpoints2's options, with its rounding: value × 64 + 0.5, truncated.)

// sizeFlags are the size options registered on a flag set.
type sizeFlags struct {
	ppem *string
	size *string
	dpi  *string
}

// addSizeFlags registers --ppem (default defPPEM), --size and --dpi on
// fs.
func addSizeFlags(fs *flag.FlagSet, defPPEM string) *sizeFlags {
	return &sizeFlags{
		ppem: fs.String("ppem", defPPEM, "pixels per em (may be fractional: a 26.6 size at 72 dpi)"),
		size: fs.String("size", "", "size in points (may be fractional), at --dpi, instead of --ppem"),
		dpi:  fs.String("dpi", "72", "resolution for --size: X or XxY dots per inch"),
	}
}

// requests returns the size requests the options ask for: each of the
// comma-separated --size values at --dpi if --size is given, else each
// --ppem value at 72 dpi. Errors are usage errors.
func (s *sizeFlags) requests() ([]size.Request, error) {
	if *s.size == "" {
		var out []size.Request
		for _, f := range strings.Split(*s.ppem, ",") {
			p, err := parse26_6(f, "--ppem")
			if err != nil {
				return nil, err
			}
			out = append(out, size.Pixels(p))
		}
		return out, nil
	}
	x, y, err := parseDPI(*s.dpi)
	if err != nil {
		return nil, err
	}
	var out []size.Request
	for _, f := range strings.Split(*s.size, ",") {
		p, err := parse26_6(f, "--size")
		if err != nil {
			return nil, err
		}
		out = append(out, size.Points(p, x, y))
	}
	return out, nil
}

// request is requests for options that take one size.
func (s *sizeFlags) request() (size.Request, error) {
	rs, err := s.requests()
	if err != nil {
		return size.Request{}, err
	}
	if len(rs) != 1 {
		return size.Request{}, usagef("give one size, not %d", len(rs))
	}
	return rs[0], nil
}

// parse26_6 reads a positive decimal size and returns it in 26.6,
// rounded as ftpoints2 rounds it (v × 64 + 0.5, truncated).
func parse26_6(f, name string) (int64, error) {
	v, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
	if err != nil || math.IsNaN(v) || v <= 0 || v > float64(size.MaxPPEM) {
		return 0, usagef("%s must be a number in (0, %d], not %q", name, size.MaxPPEM, f)
	}
	return int64(v*64 + 0.5), nil
}

// parseDPI reads "X" or "XxY" (dots per inch, 0 meaning "as the other
// axis", both 0 meaning 72, as FT_Set_Char_Size takes them).
func parseDPI(s string) (x, y uint32, err error) {
	a, b, found := strings.Cut(s, "x")
	xv, err1 := strconv.ParseUint(a, 10, 32)
	yv := xv
	var err2 error
	if found {
		yv, err2 = strconv.ParseUint(b, 10, 32)
	}
	if err1 != nil || err2 != nil {
		return 0, 0, usagef("--dpi must be X or XxY (whole dots per inch), not %q", s)
	}
	return uint32(xv), uint32(yv), nil
}
