// Package corrupt makes deterministic corrupted copies of fonts for the
// robustness campaigns and fuzz tests: the i-th copy for a seed is always
// the same bytes, and every copy says what was hit (table, offset, value).
//
// Three kinds of damage:
//
//   - bytes: 1 to 4 bytes inside one chosen table are overwritten;
//   - table-length: the table's directory length is cut to a smaller value
//     (the table is truncated as the font's readers see it);
//   - truncate: the file is cut at an offset inside the chosen table.
//
// It also reads graphite2's fuzz regression files (ParseFuzz, ApplyEdits).
package corrupt

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
)

// GraphiteTables are the tables the Graphite engine reads.
var GraphiteTables = []string{"Silf", "Glat", "Gloc", "Feat", "Sill", "cmap"}

// TrueTypeTables are the tables the TrueType hinter reads.
var TrueTypeTables = []string{"glyf", "loca", "fpgm", "prep", "cvt ", "maxp", "hmtx", "hhea"}

// Kind is a kind of damage.
type Kind int

const (
	Bytes       Kind = iota // overwrite 1-4 bytes inside a table
	TableLength             // shorten the table's directory length
	Truncate                // cut the file inside a table
)

// String returns the kind's flag spelling ("bytes", "table-length",
// "truncate"), or kind(<n>) for an unknown kind.
func (k Kind) String() string {
	switch k {
	case Bytes:
		return "bytes"
	case TableLength:
		return "table-length"
	case Truncate:
		return "truncate"
	}
	return "kind(" + strconv.Itoa(int(k)) + ")"
}

// A Hit is one overwritten byte.
type Hit struct {
	Offset int  // offset inside the table
	Old    byte // the byte before
	New    byte // the byte written
}

// A Case is one corrupted copy.
type Case struct {
	Seed  uint64
	Index int
	Kind  Kind
	Table string // the table hit
	// TableOffset and TableLen are where the table was in the original file.
	TableOffset, TableLen int
	Hits                  []Hit // Bytes
	NewLen                int   // TableLength: the new length; Truncate: the new file length
	Data                  []byte
}

// String describes the damage, e.g. "seed 1 #17 Silf+0x1a=0x00(was 0x03)".
func (c *Case) String() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "seed %d #%d %s ", c.Seed, c.Index, c.Kind)
	switch c.Kind {
	case Bytes:
		for i, h := range c.Hits {
			if i > 0 {
				sb.WriteByte(',')
			}
			fmt.Fprintf(&sb, "%s+%#x=%#02x(was %#02x)", c.Table, h.Offset, h.New, h.Old)
		}
	case TableLength:
		fmt.Fprintf(&sb, "%s length %d->%d", c.Table, c.TableLen, c.NewLen)
	case Truncate:
		fmt.Fprintf(&sb, "file cut at %d (%s+%#x)", c.NewLen, c.Table, c.NewLen-c.TableOffset)
	}
	return sb.String()
}

// A Table is one table directory entry.
type Table struct {
	Tag         string
	Entry       int // file offset of the directory entry
	Offset, Len int
}

// ErrNoTable: the font has none of the tables asked for (inside the file).
var ErrNoTable = errors.New("corrupt: no candidate table in the font")

// Tables reads the sfnt table directory (TrueType or OpenType, not a
// collection), keeping entries whose table lies inside the file.
func Tables(font []byte) ([]Table, error) {
	if len(font) < 12 {
		return nil, errors.New("corrupt: file shorter than an sfnt header")
	}
	n := int(be16(font[4:]))
	if 12+16*n > len(font) {
		return nil, fmt.Errorf("corrupt: directory of %d tables runs past the file", n)
	}
	var ts []Table
	for i := 0; i < n; i++ {
		e := 12 + 16*i
		off, l := uint64(be32(font[e+8:])), uint64(be32(font[e+12:]))
		if off+l > uint64(len(font)) {
			continue
		}
		ts = append(ts, Table{Tag: string(font[e : e+4]), Entry: e, Offset: int(off), Len: int(l)})
	}
	return ts, nil
}

// Make returns the index-th corrupted copy of font for seed, damaging one
// of the given tables that the font has (non-empty). The same arguments
// give the same copy on every platform and Go version (math/rand/v2 PCG).
// font is not modified.
func Make(font []byte, seed uint64, index int, tables []string) (*Case, error) {
	all, err := Tables(font)
	if err != nil {
		return nil, err
	}
	var cand []Table
	for _, t := range all {
		for _, want := range tables {
			if t.Tag == want && t.Len > 0 {
				cand = append(cand, t)
				break
			}
		}
	}
	if len(cand) == 0 {
		return nil, ErrNoTable
	}
	rng := rand.New(rand.NewPCG(seed, uint64(index)))
	t := cand[rng.IntN(len(cand))]
	c := &Case{Seed: seed, Index: index, Table: t.Tag, TableOffset: t.Offset, TableLen: t.Len}
	switch p := rng.IntN(100); {
	case p < 90:
		c.Kind = Bytes
	case p < 95:
		c.Kind = TableLength
	default:
		c.Kind = Truncate
	}
	switch c.Kind {
	case Bytes:
		c.Data = append([]byte(nil), font...)
		n := 1 + rng.IntN(4)
		for i := 0; i < n; i++ {
			var off int
			// A quarter of the hits land in the table's first 64 bytes,
			// where headers, counts and offsets live.
			if rng.IntN(4) == 0 {
				off = rng.IntN(min(t.Len, 64))
			} else {
				off = rng.IntN(t.Len)
			}
			old := c.Data[t.Offset+off]
			var v byte
			switch rng.IntN(4) {
			case 0:
				v = byte(rng.IntN(256))
			case 1:
				v = []byte{0x00, 0xff, 0x7f, 0x80}[rng.IntN(4)]
			case 2:
				v = old + byte(1+rng.IntN(3))
			default:
				v = old ^ byte(1<<rng.IntN(8))
			}
			if v == old { // a hit always changes the byte
				v = ^old
			}
			c.Data[t.Offset+off] = v
			c.Hits = append(c.Hits, Hit{Offset: off, Old: old, New: v})
		}
	case TableLength:
		c.Data = append([]byte(nil), font...)
		c.NewLen = rng.IntN(t.Len)
		putBE32(c.Data[t.Entry+12:], uint32(c.NewLen))
	case Truncate:
		c.NewLen = t.Offset + rng.IntN(t.Len)
		c.Data = append([]byte(nil), font[:c.NewLen]...)
	}
	return c, nil
}

// An Edit sets one byte of a file, as a line of a graphite2 .fuzz file.
type Edit struct {
	Status   int
	Position int
	Value    byte
	Comment  string // e.g. "Silf+0x1234" when present
}

// fuzzLine is one edit line of a .fuzz file: status (may be empty),
// position (0X-prefixed hexadecimal or decimal), value (may be
// space-padded) and an optional comment naming table+offset.
var fuzzLine = regexp.MustCompile(`^\s*(-?\d*)\s*,\s*(0[xX][0-9a-fA-F]+|\d+)\s*,\s*(\d+)\s*(?:,(.*))?$`)

// ParseFuzz reads a graphite2 fuzz regression file. Lines that are not
// edits (blank lines, and the valgrind reports graphite2's harness appended
// to some files) are skipped and counted.
func ParseFuzz(r io.Reader) (edits []Edit, skipped int, err error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		m := fuzzLine.FindStringSubmatch(sc.Text())
		if m == nil {
			if strings.TrimSpace(sc.Text()) != "" {
				skipped++
			}
			continue
		}
		var e Edit
		if m[1] != "" {
			st, err := strconv.Atoi(m[1])
			if err != nil {
				return nil, skipped, fmt.Errorf("corrupt: fuzz line %d: %v", line, err)
			}
			e.Status = st
		}
		pos, err := strconv.ParseInt(m[2], 0, 64)
		if err != nil || pos < 0 {
			return nil, skipped, fmt.Errorf("corrupt: fuzz line %d: bad position %q", line, m[2])
		}
		v, err := strconv.Atoi(m[3])
		if err != nil || v > 255 {
			return nil, skipped, fmt.Errorf("corrupt: fuzz line %d: bad value %q", line, m[3])
		}
		e.Position, e.Value, e.Comment = int(pos), byte(v), strings.TrimSpace(m[4])
		edits = append(edits, e)
	}
	return edits, skipped, sc.Err()
}

// ApplyEdits returns a copy of font with every edit applied; an edit past
// the end of the font is an error.
func ApplyEdits(font []byte, edits []Edit) ([]byte, error) {
	out := append([]byte(nil), font...)
	for _, e := range edits {
		if e.Position >= len(out) {
			return nil, fmt.Errorf("corrupt: edit at %d past the end of a %d-byte font", e.Position, len(out))
		}
		out[e.Position] = e.Value
	}
	return out, nil
}

// be16 reads the big-endian uint16 at b[0:2]; the caller checks bounds.
func be16(b []byte) uint16 { return uint16(b[0])<<8 | uint16(b[1]) }

// be32 reads the big-endian uint32 at b[0:4]; the caller checks bounds.
func be32(b []byte) uint32 {
	return uint32(b[0])<<24 | uint32(b[1])<<16 | uint32(b[2])<<8 | uint32(b[3])
}

// putBE32 writes v big-endian into b[0:4]; the caller checks bounds.
func putBE32(b []byte, v uint32) {
	b[0], b[1], b[2], b[3] = byte(v>>24), byte(v>>16), byte(v>>8), byte(v)
}
