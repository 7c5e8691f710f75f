package sfnt

import (
	"errors"

	"fontvm/internal/ftmath"
)

// An avarPair is one avar axis value map entry in 16.16, as
// ft_var_load_avar converts the table's F2Dot14 values.
type avarPair struct{ from, to int64 }

// errAvarIgnored is the sentinel of the avar errors FreeType ignores.
var errAvarIgnored = errors.New("sfnt: avar ignored")

// loadAvar parses avar version 1.0 as ft_var_load_avar does, in a frame
// of the table's length with FreeType's checked reads (a value past the
// table's end reads as 0). FreeType ignores an unusable avar (a table
// past the end of the file, a wrong version, an axis count other than
// fvar's, a pairCount*4 above the table's length): the result is then
// nil with the reason.
func (f *Font) loadAvar(numAxes int) ([][]avarPair, error) {
	r, ok := f.lookup(TagAvar)
	if !ok {
		return nil, nil
	}
	bad := func(off int, msg string) error {
		return &FormatError{Table: "avar", Offset: off, Msg: msg, Err: errAvarIgnored}
	}
	start, tl := int(r.Offset), int(r.Length)
	if start+tl > len(f.data) {
		return nil, bad(0, "table runs past the end of the file")
	}
	s := &stream{d: f.data, pos: start, limit: start + tl}
	version, axes := s.u32(), s.u32()
	if version != 0x00010000 {
		return nil, bad(0, "version is not 1.0")
	}
	if int64(int32(axes)) != int64(numAxes) {
		return nil, bad(4, "axisCount differs from fvar's")
	}
	segs := make([][]avarPair, numAxes)
	for i := range segs {
		at := s.pos - start
		n := s.u16()
		if n*4 > tl {
			return nil, bad(at, "pairCount*4 exceeds the table's length")
		}
		sg := make([]avarPair, n)
		for j := range sg {
			sg[j].from = int64(s.i16()) * 4
			sg[j].to = int64(s.i16()) * 4
		}
		segs[i] = sg
	}
	return segs, nil
}

// Normalize converts 16.16 design coordinates (one per axis; missing
// trailing axes take their defaults) to normalized 16.16 coordinates as
// FT_Set_Var_Design_Coordinates does (TT_Set_Var_Design →
// ft_var_to_normalized, then tt_set_mm_blend's range check): each
// coordinate is clamped to its axis, mapped to -1..1 with FT_DivFix
// (no F2Dot14 rounding: FreeType 2.12.1 keeps the 16.16 value), then
// through avar with FT_MulDiv. A result outside -1..1 (possible only
// with a hostile avar) fails with ErrMalformed as FreeType fails with
// Invalid_Argument. dst is reused if it has the capacity.
func (v *Variations) Normalize(dst []int32, design []int64) ([]int32, error) {
	n := len(v.Axes)
	if cap(dst) < n {
		dst = make([]int32, n)
	}
	dst = dst[:n]
	for i := range v.Axes {
		a := &v.Axes[i]
		c := a.Default
		if i < len(design) {
			c = design[i]
		}
		var q int64
		switch {
		case c > a.Default:
			if c >= a.Max {
				q = 0x10000
			} else {
				q = ftmath.DivFix(c-a.Default, a.Max-a.Default)
			}
		case c < a.Default:
			if c <= a.Min {
				q = -0x10000
			} else {
				q = ftmath.DivFix(c-a.Default, a.Default-a.Min)
			}
		}
		if v.avar != nil {
			s := v.avar[i]
			for j := 1; j < len(s); j++ {
				if q < s[j].from {
					q = ftmath.MulDiv(q-s[j-1].from, s[j].to-s[j-1].to, s[j].from-s[j-1].from) + s[j-1].to
					break
				}
			}
		}
		if q < -0x10000 || q > 0x10000 {
			return dst, &FormatError{Table: "avar", Offset: 0, Msg: "normalized coordinate outside -1..1"}
		}
		dst[i] = int32(q)
	}
	return dst, nil
}

// ParseDesign converts design values per axis tag (as `wght=700` gives
// them) to 16.16 design coordinates the way the reference tools do:
// each value times 65536 rounded half away from zero; axes not named take
// their defaults. An unknown tag is an error.
func (v *Variations) ParseDesign(tags []Tag, values []float64) ([]int64, error) {
	c := v.DefaultDesign()
	for k, t := range tags {
		i := v.AxisIndex(t)
		if i < 0 {
			return nil, errors.New("sfnt: no axis " + t.String())
		}
		x := values[k] * 65536
		if x >= 0 {
			x += 0.5
		} else {
			x -= 0.5
		}
		c[i] = int64(x)
	}
	return c, nil
}
