// Package grref drives the reference Graphite engine, graphite2 1.3.14 as
// Debian 12 ships it (libgraphite2-dev, gr2fonttest from libgraphite2-utils),
// for fontvm's comparison tests, golden-data generator and campaign tool.
//
// The cgo half (Accepts, Open, Face.Shape, FontTest, Time, ...) exists only
// with the build tag "reference"; it links libgraphite2 through pkg-config.
// This file is pure Go and always built: the shaping options, the result
// type and its one-line text form, which golden files and the comparison
// tests share with fontvm's own engine.
package grref

import (
	"fmt"
	"strconv"
	"strings"
)

// Version names the reference this package drives; golden files record it.
const Version = "graphite2 1.3.14 (Debian 12)"

// A Feature is one feature setting: a feature id (a tag such as "kdot"
// packed big-endian, or a number) and its value.
type Feature struct {
	ID    uint32
	Value int
}

// Options are the segment options gr2fonttest exposes.
type Options struct {
	RTL      bool      // right to left (gr2fonttest -rtl)
	Features []Feature // applied in order over the language's defaults (-feat)
	Lang     string    // language tag for the feature defaults ("" = none)
	Justify  int       // justify to this percentage of the natural width; 0 = off (-j)
}

// Tag packs up to four bytes of s big-endian, as graphite2's gr_str_to_tag
// does; shorter strings are left-aligned (zero-padded on the right).
func Tag(s string) uint32 {
	var t uint32
	for i := 0; i < 4; i++ {
		t <<= 8
		if i < len(s) {
			t |= uint32(s[i])
		}
	}
	return t
}

// TagString is the printable form of a feature id: four ASCII characters
// when all four bytes are printable (trailing NULs dropped), the decimal
// number otherwise.
func TagString(id uint32) string {
	b := []byte{byte(id >> 24), byte(id >> 16), byte(id >> 8), byte(id)}
	n := 4
	for n > 0 && b[n-1] == 0 {
		n--
	}
	if n == 0 {
		return "0"
	}
	for _, c := range b[:n] {
		if c < 0x20 || c >= 0x7f || c == '=' || c == ',' || c == ' ' {
			return strconv.FormatUint(uint64(id), 10)
		}
	}
	return string(b[:n])
}

// ParseFeatures reads "id=val,id=val" where id is a tag of up to four
// characters or a decimal number (numbers are taken as numbers only when
// every character is a digit, so "1234" is the number 1234).
func ParseFeatures(s string) ([]Feature, error) {
	if s == "" {
		return nil, nil
	}
	var fs []Feature
	for _, kv := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || k == "" {
			return nil, fmt.Errorf("grref: feature %q: want id=value", kv)
		}
		val, err := strconv.Atoi(v)
		if err != nil {
			return nil, fmt.Errorf("grref: feature %q: %v", kv, err)
		}
		var id uint32
		if n, err := strconv.ParseUint(k, 10, 32); err == nil {
			id = uint32(n)
		} else if len(k) <= 4 {
			id = Tag(k)
		} else {
			return nil, fmt.Errorf("grref: feature %q: id longer than four characters", kv)
		}
		fs = append(fs, Feature{ID: id, Value: val})
	}
	return fs, nil
}

// FormatFeatures is the inverse of ParseFeatures.
func FormatFeatures(fs []Feature) string {
	parts := make([]string, len(fs))
	for i, f := range fs {
		parts[i] = TagString(f.ID) + "=" + strconv.Itoa(f.Value)
	}
	return strings.Join(parts, ",")
}

// A Glyph is one slot of a segment: glyph id and origin.
type Glyph struct {
	GID  uint16
	X, Y float32
}

// A Result is a shaped segment in font design units.
type Result struct {
	Glyphs  []Glyph
	Advance float32 // segment advance (after justification when asked)
	// Before and After hold, for each input character, the indexes of the
	// first and last slot it maps to (gr_cinfo_before / gr_cinfo_after).
	Before, After []int
}

// Line is the one-line text form of r shared by golden files, the
// comparison tests and the shaping CLI:
//
//	gid@x,y gid@x,y ... | adv A | clusters b:a b:a ...
//
// with x, y and A printed with three decimals (design units).
func (r *Result) Line() string { return r.LinePrec(3) }

// LinePrec is Line with prec decimals: the CLI prints pixel positions
// (gr shape --ppem) with six.
func (r *Result) LinePrec(prec int) string {
	var sb strings.Builder
	for i, g := range r.Glyphs {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(strconv.Itoa(int(g.GID)))
		sb.WriteByte('@')
		sb.WriteString(fprec(g.X, prec))
		sb.WriteByte(',')
		sb.WriteString(fprec(g.Y, prec))
	}
	sb.WriteString(" | adv ")
	sb.WriteString(fprec(r.Advance, prec))
	sb.WriteString(" | clusters")
	for i := range r.Before {
		sb.WriteByte(' ')
		sb.WriteString(strconv.Itoa(r.Before[i]))
		sb.WriteByte(':')
		sb.WriteString(strconv.Itoa(r.After[i]))
	}
	return sb.String()
}

// fprec prints v with prec decimals; negative zero prints as 0.000 so
// that an engine computing -0 is not flagged for a sign nobody can see.
func fprec(v float32, prec int) string {
	if v == 0 {
		v = 0
	}
	return strconv.FormatFloat(float64(v), 'f', prec, 32)
}

// Codes formats text as space-separated hexadecimal code points (the form
// gr2fonttest -codes and the golden files use).
func Codes(text []rune) string {
	parts := make([]string, len(text))
	for i, r := range text {
		parts[i] = fmt.Sprintf("%04X", r)
	}
	return strings.Join(parts, " ")
}

// ParseCodes reads the form Codes writes.
func ParseCodes(s string) ([]rune, error) {
	var out []rune
	for _, f := range strings.Fields(s) {
		n, err := strconv.ParseUint(f, 16, 32)
		if err != nil {
			return nil, fmt.Errorf("grref: code %q: %v", f, err)
		}
		out = append(out, rune(n))
	}
	return out, nil
}

// unitsPerEm reads head.unitsPerEm through the directory the way graphite2's
// file reader finds tables (sfnt version 0x00010000, at most 40 entries
// searched, first match wins, table inside the file).
func unitsPerEm(b []byte) (int, error) {
	be16 := func(p []byte) int { return int(p[0])<<8 | int(p[1]) }
	be32 := func(p []byte) uint32 { return uint32(p[0])<<24 | uint32(p[1])<<16 | uint32(p[2])<<8 | uint32(p[3]) }
	if len(b) < 12 || be32(b) != 0x00010000 {
		return 0, fmt.Errorf("grref: not a TrueType sfnt (version 0x00010000)")
	}
	n := be16(b[4:])
	if n > 40 || 12+16*n > len(b) {
		return 0, fmt.Errorf("grref: table directory of %d entries unreadable", n)
	}
	for i := 0; i < n; i++ {
		e := b[12+16*i:]
		if be32(e) != Tag("head") {
			continue
		}
		off, l := uint64(be32(e[8:])), uint64(be32(e[12:]))
		if off+l > uint64(len(b)) || l < 20 {
			return 0, fmt.Errorf("grref: head table out of bounds")
		}
		u := be16(b[off+18:])
		if u == 0 {
			return 0, fmt.Errorf("grref: head.unitsPerEm is 0")
		}
		return u, nil
	}
	return 0, fmt.Errorf("grref: no head table")
}
