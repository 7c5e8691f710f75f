package shape

import (
	"bufio"
	"fmt"
	"io"
	"unicode/utf16"
	"unicode/utf8"
)

// GR2Options are gr2fonttest's shaping options.
type GR2Options struct {
	RTL     bool
	Feat    string // the -feat argument, "" when absent
	HasFeat bool   // -feat was given
	Justify int    // -j percentage, 0 when absent
	Spec    bool   // run 0x3E/0x3F with the seed document's meaning
}

// GR2Log writes, byte for byte, the log gr2fonttest -codes writes at its
// defaults (12 pt, 72 dpi): the text codes, the features set, the slot table,
// the advance and the character table. A failed segment prints only the codes,
// as gr2fonttest does; the error is returned after the log is written.
func GR2Log(w io.Writer, f *Font, codes []rune, o GR2Options) error {
	bw := bufio.NewWriter(w)
	defer bw.Flush()
	fmt.Fprintf(bw, "Text codes\n")
	if len(codes) == 0 {
		// gr2fonttest -codes with no code lists the features instead
		bw.Flush()
		return GR2Features(w, f)
	}
	for i, c := range codes {
		if (i+1)%10 == 0 {
			fmt.Fprintf(bw, "%4x\n", uint32(c))
		} else {
			fmt.Fprintf(bw, "%4x\t", uint32(c))
		}
	}
	fmt.Fprintf(bw, "\n")
	opts := Options{RTL: o.RTL, SpecBitOps: o.Spec}
	if o.HasFeat {
		opts.Lang, opts.Features = parseGR2Features(bw, f, o.Feat)
	}
	opts.Scale = float32(12) / float32(f.upem)
	sh := NewShaper(f)
	if o.Justify > 0 {
		// gr2fonttest justifies to advance * j / 100 computed in double
		out, err := sh.Shape(codes, &Options{RTL: opts.RTL, Lang: opts.Lang, Features: opts.Features, Scale: opts.Scale, SpecBitOps: o.Spec})
		if err != nil {
			return err
		}
		opts.Justify = float32(float64(out.AdvanceX) * float64(o.Justify) / 100.)
	}
	out, err := sh.Shape(codes, &opts)
	if err != nil {
		return err
	}
	fmt.Fprintf(bw, "Segment length: %d\n", len(out.Glyphs))
	fmt.Fprintf(bw, "pos  gid   attach\t     x\t     y\tins bw\t  chars\t\tUnicode\t")
	fmt.Fprintf(bw, "\n")
	for i, g := range out.Glyphs {
		ins := 0
		if g.Insert {
			ins = 1
		}
		bwt := 0
		if g.Original >= 0 && g.Original < len(out.Chars) {
			bwt = out.Chars[g.Original].Break
		}
		fmt.Fprintf(bw, "%02d  %4d %3d@%d,%d\t%6.1f\t%6.1f\t%2d%4d\t%3d %3d\t",
			i, g.ID, g.Parent, g.AttachX, g.AttachY, g.X, g.Y, ins, bwt, g.Before, g.After)
		if g.Before >= 0 && g.Before < len(codes) && g.After >= 0 && g.After < len(codes) {
			fmt.Fprintf(bw, "%7x\t%7x", uint32(codes[g.Before]), uint32(codes[g.After]))
		}
		fmt.Fprintf(bw, "\n")
	}
	fmt.Fprintf(bw, "Advance width = %6.1f\n", out.AdvanceX)
	fmt.Fprintf(bw, "\nChar\tUnicode\tBefore\tAfter\tBase\n")
	for j, c := range out.Chars {
		fmt.Fprintf(bw, "%d\t%04X\t%d\t%d\t%d\n", j, uint32(c.Rune), c.Before, c.After, c.Base)
	}
	return nil
}

// parseGR2Features is gr2fonttest's parseFeatures: it returns the language and
// the settings, printing each setting it applies.
func parseGR2Features(w io.Writer, f *Font, s string) (uint32, []Feature) {
	var lang uint32
	if i := indexOf(s, "lang="); i >= 0 {
		p := i + 5
		for k := 4; k > 0; k-- {
			lang <<= 8
			if p >= len(s) || s[p] == '0' || s[p] == '&' {
				continue
			}
			lang |= uint32(s[p])
			p++
		}
	}
	var feats []Feature
	if len(s) == 0 {
		return lang, nil
	}
	name := 0
	valueText := -1
	ref := -1
	var featID uint32
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ',', '&':
			ref = -1
			valueText = -1
			name = i + 1
			featID = 0
		case '=':
			ref = f.findFeat(featID)
			if ref < 0 && name >= 0 {
				featID = uint32(atoi(s[name:]))
				ref = f.findFeat(featID)
			}
			valueText = i + 1
			name = -1
		default:
			if valueText < 0 {
				featID = featID<<8 | uint32(s[i])
			}
		}
		if ref >= 0 {
			v := atoi(s[valueText:])
			feats = append(feats, Feature{ID: f.feats[ref].id, Value: int32(uint16(v))})
			if featID > 0x20000000 {
				fmt.Fprintf(w, "%c%c%c%c=%d\n", byte(featID>>24), byte(featID>>16), byte(featID>>8), byte(featID), v)
			} else {
				fmt.Fprintf(w, "%d=%d\n", featID, v)
			}
			ref = -1
		}
	}
	return lang, feats
}

// indexOf is the first index of sub in s, or -1 (strings.Index).
func indexOf(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return i
		}
	}
	return -1
}

// atoi is C's atoi: leading blanks, a sign, digits; 0 when there are none.
func atoi(s string) int32 {
	i := 0
	for i < len(s) && (s[i] == ' ' || (s[i] >= '\t' && s[i] <= '\r')) {
		i++
	}
	neg := false
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		neg = s[i] == '-'
		i++
	}
	var v int64
	for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
		v = v*10 + int64(s[i]-'0')
		if v > 1<<40 {
			v = 1 << 40
		}
	}
	if neg {
		v = -v
	}
	return int32(v)
}

// nameTable is graphite2's NameTable for platform 3, encoding 1.
type nameTable struct {
	t       []byte
	data    int
	dataLen int
	first   int
	last    int
	ok      bool
}

// newNameTable reads a name table's header as graphite2's NameTable
// constructor does; the result is unusable (ok false) when it is too short.
func newNameTable(t []byte) *nameTable {
	n := &nameTable{t: t}
	r := rd{t}
	count := r.u16(2)
	if len(t) > 18 && len(t) > 18+12*(count-1) {
		off := r.u16(4)
		if off < len(t) {
			n.data = off
			n.dataLen = int(uint16(len(t) - off))
			n.ok = true
			i := 0
			for ; i < count; i++ {
				e := 6 + 12*i
				if r.u16(e) == 3 && r.u16(e+2) == 1 {
					n.first = i
					break
				}
			}
			for i++; i < count; i++ {
				e := 6 + 12*i
				if !(r.u16(e) == 3 && r.u16(e+2) == 1) {
					break
				}
				n.last = i
			}
		}
	}
	return n
}

// getName is NameTable::getName with UTF-8 output; lang is updated as graphite2 updates it.
func (n *nameTable) getName(lang *uint16, nameID uint16) (string, bool) {
	if !n.ok {
		*lang = 0
		return "", false
	}
	r := rd{n.t}
	var anyLang, enUS, best int
	for i := n.first; i <= n.last; i++ {
		e := 6 + 12*i
		if uint16(r.u16(e+6)) == nameID {
			l := uint16(r.u16(e + 4))
			if l == *lang {
				best = i
				break
			} else if l&0xFF == *lang&0xFF {
				best = i
			} else if l == 0x409 {
				enUS = i
			} else {
				anyLang = i
			}
		}
	}
	if best == 0 {
		if enUS != 0 {
			best = enUS
		} else {
			best = anyLang
			if anyLang == 0 {
				*lang = 0
				return "", false
			}
		}
	}
	e := 6 + 12*best
	*lang = uint16(r.u16(e + 4))
	length, off := r.u16(e+8), r.u16(e+10)
	if off+length > n.dataLen || n.data+off+length > len(n.t) {
		*lang = 0
		return "", false
	}
	u := make([]uint16, length/2)
	for i := range u {
		u[i] = uint16(r.u16(n.data + off + 2*i))
	}
	for i := 0; i < len(u); i++ {
		c := u[i]
		if c >= 0xD800 && c < 0xDC00 {
			if i+1 >= len(u) || u[i+1] < 0xDC00 || u[i+1] >= 0xE000 {
				*lang = 0
				return "", false
			}
			i++
		} else if c >= 0xDC00 && c < 0xE000 {
			*lang = 0
			return "", false
		}
	}
	var b []byte
	for _, c := range utf16.Decode(u) {
		b = utf8.AppendRune(b, c)
	}
	return string(b), true
}

// GR2Features writes, byte for byte, what gr2fonttest writes for a font and no
// text: the features with their labels and settings, then the languages.
func GR2Features(w io.Writer, f *Font) error {
	bw := bufio.NewWriter(w)
	defer bw.Flush()
	fmt.Fprintf(bw, "%d features\n", len(f.feats))
	nt := newNameTable(f.names)
	lang := uint16(0x0409)
	pr := func(c byte) bool { return c >= 0x20 && c < 0x7F }
	for _, fr := range f.feats {
		label, ok := nt.getName(&lang, fr.nameID)
		id := fr.id
		if ok {
			if pr(byte(id>>24)) && pr(byte(id>>16)) && pr(byte(id>>8)) && pr(byte(id)) {
				fmt.Fprintf(bw, "%d %c%c%c%c %s\n", int32(id), byte(id>>24), byte(id>>16), byte(id>>8), byte(id), label)
			} else {
				fmt.Fprintf(bw, "%d %s\n", int32(id), label)
			}
		} else {
			fmt.Fprintf(bw, "%d\n", int32(id))
		}
		for _, st := range fr.settings {
			l, ok := nt.getName(&lang, st.label)
			if !ok {
				l = "(null)"
			}
			fmt.Fprintf(bw, "\t%d\t%s\n", st.value, l)
		}
	}
	fmt.Fprintf(bw, "Feature Languages:")
	for _, l := range f.langs {
		fmt.Fprintf(bw, "\t")
		for j := 4; j > 0; j-- {
			c := byte(l.lang >> (j*8 - 8))
			if c >= 0x20 && c < 0x80 {
				bw.WriteByte(c)
			}
		}
	}
	fmt.Fprintf(bw, "\n")
	return nil
}
