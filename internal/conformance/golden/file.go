package golden

import (
	"bufio"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Reference names the engine and build the golden files were recorded from.
// Generators write what they measure; Reference is what this repository
// expects them to be.
const Reference = "FreeType 2.12.1 (Debian 12, libfreetype6 2.12.1+dfsg-5+deb12u4)"

// Flags documents how the reference loads glyphs (package ftref).
const Flags = "FT_LOAD_NO_BITMAP|FT_LOAD_NO_AUTOHINT, +FT_LOAD_TARGET_NORMAL or +FT_LOAD_TARGET_MONO, " +
	"mode none: +FT_LOAD_NO_HINTING; v35/v40: FT_Property_Set(library, \"truetype\", \"interpreter-version\"); " +
	"size: fresh FT_Size per ppem, FT_Set_Pixel_Sizes(face, 0, ppem), x_ppem = y_ppem = ppem; " +
	"glyphs loaded in glyph-id order"

// PPEMs are the sizes the corpus golden files cover.
var PPEMs = []int{6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 24, 32, 48, 72}

// A Config is one way of loading a font: hinting mode ("none", "v35",
// "v40"), target ("normal", "mono") and size.
type Config struct {
	Mode   string
	Target string
	PPEM   int
}

// String formats the configuration as mode/target/ppem, e.g. v40/mono/12.
func (c Config) String() string { return fmt.Sprintf("%s/%s/%d", c.Mode, c.Target, c.PPEM) }

// Modes lists (mode, target) pairs in the order the golden files store
// them at each ppem; neighbours are similar, which the delta coding uses.
var Modes = [][2]string{{"none", "normal"}, {"v35", "normal"}, {"v35", "mono"}, {"v40", "mono"}, {"v40", "normal"}}

// Configs returns every configuration of the corpus golden files, in file
// order: for each of PPEMs, each of Modes.
func Configs() []Config {
	var cs []Config
	for _, p := range PPEMs {
		for _, m := range Modes {
			cs = append(cs, Config{Mode: m[0], Target: m[1], PPEM: p})
		}
	}
	return cs
}

// A Record holds one configuration's digests: Hash, the 64-bit hash of all
// lines (Hasher), and Short, the 16-bit digest of each glyph's line.
type Record struct {
	Config
	Hash  uint64
	Short []uint16
}

// A File is the golden data of one font.
type File struct {
	Font      string // corpus name
	FontSHA   string // hex SHA-256 of the font file
	NumGlyphs int
	Reference string // engine and build that produced the data
	Flags     string
	Records   []Record
}

// Lookup returns the record for c, or nil.
func (f *File) Lookup(c Config) *Record {
	for i := range f.Records {
		if f.Records[i].Config == c {
			return &f.Records[i]
		}
	}
	return nil
}

// FileName returns the golden file name for a corpus font.
func FileName(font string) string { return font + ".golden.gz" }

// Dir returns the directory of the corpus golden files, given the
// repository root.
func Dir(root string) string { return filepath.Join(root, "truetype", "hint", "testdata", "golden") }

const magic = "fontvm-golden 1"

// ErrFormat is wrapped by errors about malformed golden files.
var ErrFormat = errors.New("golden: malformed file")

// Write writes f, gzip-compressed, to w.
//
// Format (inside gzip): text header lines "key value", an empty line, then
// per record a line "rec MODE TARGET PPEM HASH" (HASH 16 hex digits)
// followed by 2×NumGlyphs bytes: the 16-bit digests, big-endian, each XORed
// with the same glyph's digest in the preceding record when that record has
// the same ppem (so identical glyphs across modes cost zero bytes after
// compression), and a newline.
func Write(w io.Writer, f *File) error {
	zw, err := gzip.NewWriterLevel(w, gzip.BestCompression)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(zw)
	fmt.Fprintf(bw, "%s\nfont %s\nsha256 %s\nglyphs %d\nreference %s\nflags %s\n"+
		"digest line FNV-1a 64 of the line; rec hash over lines each + \"\\n\"; glyph 16-bit fold (golden.Short), xor-delta vs previous rec at same ppem\n"+
		"records %d\n\n",
		magic, f.Font, f.FontSHA, f.NumGlyphs, f.Reference, f.Flags, len(f.Records))
	var prev *Record
	buf := make([]byte, 2*f.NumGlyphs)
	for i := range f.Records {
		r := &f.Records[i]
		if len(r.Short) != f.NumGlyphs {
			return fmt.Errorf("golden: record %v has %d glyphs, font %d", r.Config, len(r.Short), f.NumGlyphs)
		}
		if strings.ContainsAny(r.Mode+r.Target, " \n") {
			return fmt.Errorf("golden: bad config %q", r.Config)
		}
		fmt.Fprintf(bw, "rec %s %s %d %016x\n", r.Mode, r.Target, r.PPEM, r.Hash)
		for g, s := range r.Short {
			if prev != nil && prev.PPEM == r.PPEM {
				s ^= prev.Short[g]
			}
			buf[2*g], buf[2*g+1] = byte(s>>8), byte(s)
		}
		bw.Write(buf)
		bw.WriteByte('\n')
		prev = r
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	return zw.Close()
}

// Read reads a file written by Write.
func Read(r io.Reader) (*File, error) {
	zr, err := gzip.NewReader(r)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrFormat, err)
	}
	br := bufio.NewReader(zr)
	line := func() (string, error) {
		s, err := br.ReadString('\n')
		if err != nil {
			return "", fmt.Errorf("%w: %v", ErrFormat, err)
		}
		return strings.TrimSuffix(s, "\n"), nil
	}
	s, err := line()
	if err != nil {
		return nil, err
	}
	if s != magic {
		return nil, fmt.Errorf("%w: first line %q, want %q", ErrFormat, s, magic)
	}
	f := &File{}
	nrec := -1
	for {
		s, err := line()
		if err != nil {
			return nil, err
		}
		if s == "" {
			break
		}
		k, v, _ := strings.Cut(s, " ")
		switch k {
		case "font":
			f.Font = v
		case "sha256":
			f.FontSHA = v
		case "glyphs":
			f.NumGlyphs, err = strconv.Atoi(v)
		case "reference":
			f.Reference = v
		case "flags":
			f.Flags = v
		case "records":
			nrec, err = strconv.Atoi(v)
		}
		if err != nil {
			return nil, fmt.Errorf("%w: header %q: %v", ErrFormat, s, err)
		}
	}
	if f.NumGlyphs <= 0 || f.NumGlyphs > 65536 || nrec < 0 || nrec > 100000 {
		return nil, fmt.Errorf("%w: glyphs %d, records %d", ErrFormat, f.NumGlyphs, nrec)
	}
	buf := make([]byte, 2*f.NumGlyphs+1)
	var prev *Record
	f.Records = make([]Record, 0, nrec)
	for i := 0; i < nrec; i++ {
		s, err := line()
		if err != nil {
			return nil, err
		}
		fs := strings.Fields(s)
		if len(fs) != 5 || fs[0] != "rec" {
			return nil, fmt.Errorf("%w: record %d: %q", ErrFormat, i, s)
		}
		ppem, err1 := strconv.Atoi(fs[3])
		hash, err2 := strconv.ParseUint(fs[4], 16, 64)
		if err1 != nil || err2 != nil {
			return nil, fmt.Errorf("%w: record %d: %q", ErrFormat, i, s)
		}
		if _, err := io.ReadFull(br, buf); err != nil || buf[len(buf)-1] != '\n' {
			return nil, fmt.Errorf("%w: record %d (%s): short data", ErrFormat, i, s)
		}
		f.Records = append(f.Records, Record{Config: Config{Mode: fs[1], Target: fs[2], PPEM: ppem}, Hash: hash,
			Short: make([]uint16, f.NumGlyphs)})
		r := &f.Records[i]
		for g := range r.Short {
			v := uint16(buf[2*g])<<8 | uint16(buf[2*g+1])
			if prev != nil && prev.PPEM == r.PPEM {
				v ^= prev.Short[g]
			}
			r.Short[g] = v
		}
		prev = r
	}
	if _, err := br.ReadByte(); err != io.EOF {
		return nil, fmt.Errorf("%w: data after %d records", ErrFormat, nrec)
	}
	return f, nil
}

// ReadFile reads the golden file at path.
func ReadFile(path string) (*File, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	return Read(fh)
}

// A Diff summarises how one configuration's lines compare with a Record.
type Diff struct {
	Config
	Glyphs   int   // glyphs compared
	Match    int   // glyphs whose 16-bit digest matches
	First    []int // first differing glyph ids (at most MaxFirst)
	HashOK   bool  // the 64-bit hash over all lines matches: the configuration is exact
	Compared bool  // lines were produced for every glyph
}

// MaxFirst bounds Diff.First.
const MaxFirst = 8

// Rate returns the exact-match rate in percent.
func (d *Diff) Rate() float64 {
	if d.Glyphs == 0 {
		return 0
	}
	return 100 * float64(d.Match) / float64(d.Glyphs)
}

// A Comparer compares a stream of lines, in glyph order, with a Record.
type Comparer struct {
	rec  *Record
	h    Hasher
	d    Diff
	next int
}

// NewComparer starts comparing against r.
func NewComparer(r *Record) *Comparer {
	return &Comparer{rec: r, h: NewHasher(), d: Diff{Config: r.Config}}
}

// Add compares the line of the next glyph.
func (c *Comparer) Add(line []byte) {
	g := c.next
	c.next++
	c.h.Add(line)
	c.d.Glyphs++
	if g < len(c.rec.Short) && Short(Digest(line)) == c.rec.Short[g] {
		c.d.Match++
	} else if len(c.d.First) < MaxFirst {
		c.d.First = append(c.d.First, g)
	}
}

// Result returns the comparison so far.
func (c *Comparer) Result() Diff {
	d := c.d
	d.Compared = c.next == len(c.rec.Short)
	d.HashOK = d.Compared && c.h.Sum() == c.rec.Hash
	d.First = append([]int(nil), d.First...)
	return d
}
