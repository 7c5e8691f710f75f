package conformance

import (
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"fontvm/internal/fontwriter"
	"fontvm/truetype/asm"
)

// DefaultPPEMs are the sizes a suite runs at unless it says @ppem.
var DefaultPPEMs = []int{8, 12, 17, 32}

// DefaultContours is the outline of a case glyph that gives none: an
// 8-point glyph (points 0-4 and 5-7, one off-curve point), so programs can
// address points 0..7 and the phantom points after them.
var DefaultContours = [][]fontwriter.Point{
	{{X: 100, Y: 0, On: true}, {X: 100, Y: 700, On: true}, {X: 400, Y: 760, On: false}, {X: 700, Y: 700, On: true}, {X: 700, Y: 0, On: true}},
	{{X: 250, Y: 200, On: true}, {X: 550, Y: 200, On: true}, {X: 400, Y: 500, On: true}},
}

// A Case is one glyph of a suite: a program (and outline) under test.
type Case struct {
	Name string
	GID  int
	Line int // line of its @glyph directive
}

// A Suite is one .ttasm file built into a font.
type Suite struct {
	Name  string // file name without .ttasm
	Path  string
	Font  []byte // the font built with internal/fontwriter
	PPEMs []int
	Cases []Case // in glyph order; glyph 0 is an empty .notdef
	// Programs are the suite's fpgm, prep and glyph programs.
	Programs [][]byte
}

// ErrSuite is wrapped by errors in .ttasm files.
var ErrSuite = errors.New("conformance: bad suite")

type parser struct {
	path  string
	font  fontwriter.Font
	maxp  map[string]int
	ppems []int
	cases []Case
	names map[string]int
	// pending component references by name, resolved at the end.
	fix []func() error
}

// errf returns an error at line of the suite file, wrapping ErrSuite, with
// the message formatted as fmt.Sprintf does.
func (p *parser) errf(line int, format string, args ...any) error {
	return fmt.Errorf("%w: %s:%d: %s", ErrSuite, p.path, line, fmt.Sprintf(format, args...))
}

// ParseSuite parses a .ttasm suite (see the package documentation) and
// builds its font.
func ParseSuite(path, src string) (*Suite, error) {
	p := &parser{path: path, maxp: map[string]int{}, names: map[string]int{"notdef": 0}}
	p.font.UnitsPerEm = 2048
	p.font.Glyphs = []fontwriter.Glyph{{Advance: 0}}
	lines := strings.Split(src, "\n")
	var cur *fontwriter.Glyph // glyph being defined
	hasContour := false
	finishGlyph := func() {
		if cur != nil && !hasContour && len(cur.Components) == 0 {
			cur.Contours = DefaultContours
		}
	}
	for i := 0; i < len(lines); i++ {
		ln := i + 1
		s := strings.TrimSpace(lines[i])
		if s == "" || strings.HasPrefix(s, "#") {
			continue
		}
		if !strings.HasPrefix(s, "@") {
			return nil, p.errf(ln, "expected a @directive, got %q", s)
		}
		fs := strings.Fields(s)
		dir, args := fs[0], fs[1:]
		// Block directives take the following lines up to the next @.
		block := func() (string, int) {
			start := i + 1
			j := start
			for j < len(lines) && !strings.HasPrefix(strings.TrimSpace(lines[j]), "@") {
				j++
			}
			var b strings.Builder
			b.WriteString(strings.Repeat("\n", start)) // keep file line numbers in asm errors
			for _, l := range lines[start:j] {
				if strings.HasPrefix(strings.TrimSpace(l), "#") {
					l = ""
				}
				b.WriteString(l)
				b.WriteByte('\n')
			}
			i = j - 1
			return b.String(), start + 1
		}
		code := func(isHex bool) ([]byte, error) {
			text, start := block()
			if isHex {
				h := strings.Join(strings.Fields(text), "")
				b, err := hex.DecodeString(h)
				if err != nil {
					return nil, p.errf(start, "bad hex: %v", err)
				}
				return b, nil
			}
			b, err := asm.Assemble(text, p.path)
			if err != nil {
				return nil, fmt.Errorf("%w: %v", ErrSuite, err)
			}
			return b, nil
		}
		var err error
		switch dir {
		case "@upem":
			var v int
			if v, err = p.ints(ln, args, 1, 16, 16384); err == nil {
				p.font.UnitsPerEm = uint16(v)
			}
		case "@headflags":
			var v int
			if v, err = p.ints(ln, args, 1, 0, 0xFFFF); err == nil {
				p.font.HeadFlags = uint16(v)
			}
		case "@ppem":
			p.ppems = nil
			for _, a := range args {
				v, e := strconv.Atoi(a)
				if e != nil || v < 1 || v > 1000 {
					return nil, p.errf(ln, "bad ppem %q", a)
				}
				p.ppems = append(p.ppems, v)
			}
		case "@cvt":
			for _, a := range args {
				v, e := strconv.ParseInt(a, 0, 16)
				if e != nil {
					return nil, p.errf(ln, "bad cvt value %q", a)
				}
				p.font.CVT = append(p.font.CVT, int16(v))
			}
		case "@maxp":
			for _, a := range args {
				k, v, ok := strings.Cut(a, "=")
				n, e := strconv.Atoi(v)
				if !ok || e != nil || n < 0 || n > 0xFFFF || !maxpKeys[k] {
					return nil, p.errf(ln, "bad maxp setting %q (keys: %s)", a, keys(maxpKeys))
				}
				p.maxp[k] = n
			}
		case "@table":
			if len(args) != 1 || len(args[0]) > 4 {
				return nil, p.errf(ln, "@table TAG (then hex bytes)")
			}
			var b []byte
			if b, err = code(true); err == nil {
				if p.font.Tables == nil {
					p.font.Tables = map[string][]byte{}
				}
				p.font.Tables[args[0]] = b
			}
		case "@fpgm", "@fpgm-hex":
			p.font.Fpgm, err = code(dir == "@fpgm-hex")
		case "@prep", "@prep-hex":
			p.font.Prep, err = code(dir == "@prep-hex")
		case "@glyph":
			finishGlyph()
			if len(args) < 1 {
				return nil, p.errf(ln, "@glyph needs a name")
			}
			name := args[0]
			if _, dup := p.names[name]; dup {
				return nil, p.errf(ln, "duplicate glyph %q", name)
			}
			g := fontwriter.Glyph{Advance: 800}
			for _, a := range args[1:] {
				k, v, _ := strings.Cut(a, "=")
				n, e := strconv.Atoi(v)
				switch {
				case e != nil:
					return nil, p.errf(ln, "bad glyph setting %q", a)
				case k == "adv" && n >= 0 && n <= 0xFFFF:
					g.Advance = uint16(n)
				case k == "lsb" && n >= math.MinInt16 && n <= math.MaxInt16:
					l := int16(n)
					g.LSB = &l
				default:
					return nil, p.errf(ln, "bad glyph setting %q (adv=, lsb=)", a)
				}
			}
			gid := len(p.font.Glyphs)
			p.names[name] = gid
			p.cases = append(p.cases, Case{Name: name, GID: gid, Line: ln})
			p.font.Glyphs = append(p.font.Glyphs, g)
			cur = &p.font.Glyphs[gid]
			hasContour = false
		case "@contour", "@component", "@program", "@hex":
			if cur == nil {
				return nil, p.errf(ln, "%s outside a @glyph", dir)
			}
			switch dir {
			case "@contour":
				var c []fontwriter.Point
				if c, err = p.contour(ln, args); err == nil {
					cur.Contours = append(cur.Contours, c)
					hasContour = true
				}
			case "@component":
				err = p.component(ln, args, len(p.font.Glyphs)-1)
			default:
				cur.Instructions, err = code(dir == "@hex")
			}
		case "@empty":
			// The current glyph has no outline at all (no glyf data).
			if cur == nil {
				return nil, p.errf(ln, "@empty outside a @glyph")
			}
			hasContour = true
		default:
			return nil, p.errf(ln, "unknown directive %s", dir)
		}
		if err != nil {
			return nil, err
		}
	}
	finishGlyph()
	for _, f := range p.fix {
		if err := f(); err != nil {
			return nil, err
		}
	}
	if len(p.cases) == 0 {
		return nil, p.errf(1, "no @glyph")
	}
	if len(p.maxp) > 0 {
		m := p.font.DerivedMaxp()
		for k, v := range p.maxp {
			*maxpField(&m, k) = uint16(v)
		}
		p.font.Maxp = &m
	}
	data, err := p.font.Bytes()
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrSuite, path, err)
	}
	ppems := p.ppems
	if ppems == nil {
		ppems = DefaultPPEMs
	}
	name := strings.TrimSuffix(filepath.Base(path), ".ttasm")
	progs := [][]byte{p.font.Fpgm, p.font.Prep}
	for _, g := range p.font.Glyphs {
		progs = append(progs, g.Instructions)
	}
	return &Suite{Name: name, Path: path, Font: data, PPEMs: ppems, Cases: p.cases, Programs: progs}, nil
}

var maxpKeys = map[string]bool{"zones": true, "twilight": true, "storage": true, "fdefs": true, "idefs": true,
	"stack": true, "instructions": true, "points": true, "contours": true, "components": true, "depth": true}

// keys returns m's keys sorted and joined by spaces, to list the valid
// keys in error messages.
func keys(m map[string]bool) string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return strings.Join(ks, " ")
}

// maxpField returns the field of m that maxp key k sets; k must be one of
// maxpKeys (it panics otherwise, which the caller's check rules out).
func maxpField(m *fontwriter.Maxp, k string) *uint16 {
	switch k {
	case "zones":
		return &m.MaxZones
	case "twilight":
		return &m.MaxTwilightPoints
	case "storage":
		return &m.MaxStorage
	case "fdefs":
		return &m.MaxFunctionDefs
	case "idefs":
		return &m.MaxInstructionDefs
	case "stack":
		return &m.MaxStackElements
	case "instructions":
		return &m.MaxSizeOfInstructions
	case "points":
		return &m.MaxPoints
	case "contours":
		return &m.MaxContours
	case "components":
		return &m.MaxComponentElements
	case "depth":
		return &m.MaxComponentDepth
	}
	panic("unreachable")
}

// ints parses the directive arguments of line ln: exactly n of them, the
// first an integer (any base strconv.ParseInt accepts with base 0) in
// lo..hi, which it returns. Anything else is an errf error.
func (p *parser) ints(ln int, args []string, n, lo, hi int) (int, error) {
	if len(args) != n {
		return 0, p.errf(ln, "want %d argument(s)", n)
	}
	v, err := strconv.ParseInt(args[0], 0, 64)
	if err != nil || v < int64(lo) || v > int64(hi) {
		return 0, p.errf(ln, "bad value %q (range %d..%d)", args[0], lo, hi)
	}
	return int(v), nil
}

// contour parses "x,y" (on-curve) and "~x,y" (off-curve) points.
func (p *parser) contour(ln int, args []string) ([]fontwriter.Point, error) {
	var c []fontwriter.Point
	for _, a := range args {
		on := !strings.HasPrefix(a, "~")
		xs, ys, ok := strings.Cut(strings.TrimPrefix(a, "~"), ",")
		x, e1 := strconv.ParseInt(xs, 10, 16)
		y, e2 := strconv.ParseInt(ys, 10, 16)
		if !ok || e1 != nil || e2 != nil {
			return nil, p.errf(ln, "bad point %q (x,y or ~x,y)", a)
		}
		c = append(c, fontwriter.Point{X: int16(x), Y: int16(y), On: on})
	}
	if len(c) == 0 {
		return nil, p.errf(ln, "empty contour")
	}
	return c, nil
}

// component parses "@component GLYPH A1 A2 [options]".
func (p *parser) component(ln int, args []string, gid int) error {
	if len(args) < 3 {
		return p.errf(ln, "@component GLYPH ARG1 ARG2 [match] [round] [metrics] [overlap] [scaled] [unscaled] [flags=N] [scale=S] [xy=SX,SY] [2x2=XX,01,10,YY]")
	}
	a1, e1 := strconv.ParseInt(args[1], 0, 32)
	a2, e2 := strconv.ParseInt(args[2], 0, 32)
	if e1 != nil || e2 != nil {
		return p.errf(ln, "bad component arguments %q %q", args[1], args[2])
	}
	c := fontwriter.Component{Arg1: int32(a1), Arg2: int32(a2)}
	for _, o := range args[3:] {
		k, v, _ := strings.Cut(o, "=")
		switch k {
		case "match":
			c.PointNumbers = true
		case "round":
			c.Flags |= 0x0004
		case "metrics":
			c.Flags |= 0x0200
		case "overlap":
			c.Flags |= 0x0400
		case "scaled":
			c.Flags |= 0x0800
		case "unscaled":
			c.Flags |= 0x1000
		case "flags":
			n, err := strconv.ParseUint(v, 0, 16)
			if err != nil {
				return p.errf(ln, "bad flags %q", v)
			}
			c.Flags |= uint16(n)
		case "scale", "xy", "2x2":
			want := map[string]int{"scale": 1, "xy": 2, "2x2": 4}[k]
			parts := strings.Split(v, ",")
			if len(parts) != want {
				return p.errf(ln, "%s needs %d F2Dot14 values", k, want)
			}
			for _, s := range parts {
				f, err := strconv.ParseFloat(s, 64)
				if err != nil || f < -2 || f >= 2 {
					return p.errf(ln, "bad F2Dot14 %q", s)
				}
				c.Scale = append(c.Scale, int16(math.Round(f*16384)))
			}
		default:
			return p.errf(ln, "unknown component option %q", o)
		}
	}
	g := &p.font.Glyphs[gid]
	idx := len(g.Components)
	g.Components = append(g.Components, c)
	ref := args[0]
	p.fix = append(p.fix, func() error {
		n, ok := p.names[ref]
		if !ok {
			v, err := strconv.Atoi(ref)
			if err != nil || v < 0 || v > 0xFFFF {
				return p.errf(ln, "unknown glyph %q", ref)
			}
			n = v
		}
		p.font.Glyphs[gid].Components[idx].GlyphIndex = uint16(n)
		return nil
	})
	return nil
}

// LoadSuites parses every .ttasm file in dir, in name order.
func LoadSuites(dir string) ([]*Suite, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.ttasm"))
	if err != nil {
		return nil, err
	}
	if len(paths) == 0 {
		return nil, fmt.Errorf("%w: no .ttasm files in %s", ErrSuite, dir)
	}
	sort.Strings(paths)
	var ss []*Suite
	for _, path := range paths {
		src, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		s, err := ParseSuite(path, string(src))
		if err != nil {
			return nil, err
		}
		ss = append(ss, s)
	}
	return ss, nil
}

// SuiteDir returns the directory of the .ttasm suites, given the
// repository root.
func SuiteDir(root string) string { return filepath.Join(root, "internal", "conformance", "testdata") }
