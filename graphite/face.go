// Package graphite loads the Graphite tables of a font (Silf, Glat, Gloc,
// Feat, Sill, cmap and the glyph metrics tables) and verifies every rule's
// code at load time, accepting and refusing exactly the fonts graphite2
// 1.3.14 accepts and refuses: gr_make_file_face with gr_face_preloadAll,
// gr2fonttest's default.
//
// The load path mirrors graphite2's, step by step and in the same order
// (gr_face.cpp load_face, Face::readGlyphs, GlyphCache and its Loader,
// CachedCmap, FeatureMap::readFeats, SillMap::readSill, Face::readGraphite,
// Silf::readGraphite and readClassMap, Pass::readPass, readRanges, readRules,
// readStates, and Machine::Code's decoder for every code block). Its checks
// keep graphite2's limits and integer arithmetic, so that a corrupted font
// is refused for the same reason at the same place. A refusal is an *Error
// (wrapping ErrRefused) naming the table, offset, Silf subtable, pass, rule,
// code offset and graphite2's error code.
//
// Nothing here panics on hostile input, and nothing is allocated from a
// count in the font before the bytes the count describes have been seen.
//
// The loaded Tables is what the shaping engine (graphite/shape) executes:
// classes, passes with their finite-state machines and rule maps, rules with
// sort keys, pre-context, decoded constraint and action code with graphite2's
// per-code analysis, glyph attributes and metrics, features and languages.
package graphite

import (
	"encoding/binary"
	"fmt"
)

// catchPanics converts a panic inside the loader into a refusal.
var catchPanics = true

// Options select graphite2's face options (gr_face_options).
type Options uint32

const (
	// PreloadGlyphs reads every glyph's attributes and metrics at load time
	// (gr_face_preloadGlyphs); without it only glyph 0 is checked, as
	// graphite2 loads the others lazily.
	PreloadGlyphs Options = 2
	// CacheCmap builds graphite2's cached cmap (gr_face_cacheCmap): any cmap
	// table that passes the header check is accepted. Without it graphite2
	// needs a usable format 4 subtable.
	CacheCmap Options = 4
	// PreloadAll is gr_face_preloadAll, gr2fonttest's default.
	PreloadAll = PreloadGlyphs | CacheCmap
)

// Limits graphite2 applies while loading.
const (
	MaxTables     = 40     // TtfUtil::GetTableInfo ignores directories with more tables
	MaxGlyphAttrs = 0x3000 // GlyphCache::Loader: at most this many glyph attributes
	MaxPasses     = 128    // Silf::readGraphite
	MaxSortKey    = 63     // Pass::readRules: rule length (sort key) at most 63
	MaxColumns    = 0x7FFF // Pass::readPass: FSM columns
	MaxRules      = 128    // FiniteStateMachine::MAX_RULES: rules tried per state
	NumContexts   = 256    // decoder::NUMCONTEXTS
	instrSize     = 8      // sizeof(instr) on 64-bit Linux, for graphite2's code pool accounting
)

// Tables is a font's Graphite tables, parsed and checked at load (the
// table half of graphite2's Face; graphite/shape's Font is the shaping half).
type Tables struct {
	Options Options

	// Glyph data (GlyphCache).
	UnitsPerEm     int
	NumGlyphs      int     // max(NumGlyphsGraphics, NumGlyphsAttrs): graphite2's numGlyphs
	NumGraphics    int     // glyphs with metrics (maxp numGlyphs)
	NumAttrGlyphs  int     // glyphs with attributes (from the Gloc size)
	NumAttrs       int     // glyph attributes per glyph (Gloc numAttribs)
	GlatVersion    uint32  // Glat version (after decompression)
	HasBoxes       bool    // Glat version 3: octaboxes for collision avoidance
	Glyphs         []Glyph // NumGlyphs entries when PreloadGlyphs; else only glyph 0 is checked but all are read
	LongGloc       bool    // Gloc long offsets
	GlocHasAttrIDs bool    // Gloc flag 2: attribute ids array present

	// Character map (graphite2's cached cmap; see Lookup).
	cmapBMP, cmapSMP []byte

	// Features (Feat) and languages (Sill).
	FeatVersion uint32
	Features    []Feature
	Languages   []Language

	// Silf.
	SilfVersion uint32
	Silfs       []*Silf

	tables map[uint32][]byte
}

// Table returns the raw bytes of a table as graphite2's file face reads it
// (nil when absent or outside the file). Compressed tables are returned
// compressed.
func (f *Tables) Table(tag string) []byte { return f.tables[tagOf(tag)] }

// Load loads a font file's Graphite tables with PreloadAll, as gr2fonttest
// does (gr_make_file_face(file, gr_face_preloadAll)). The error, when not
// nil, is an *Error wrapping ErrRefused. This signature is stable.
func Load(data []byte) (*Tables, error) { return LoadOptions(data, PreloadAll) }

// Verify reports whether graphite2 would load the font with PreloadAll: nil
// when it would, otherwise the reason (an *Error). This signature is stable.
func Verify(data []byte) error {
	_, err := Load(data)
	return err
}

// LoadOptions is Load with chosen face options.
func LoadOptions(data []byte, opts Options) (face *Tables, err error) {
	if catchPanics {
		defer func() {
			// Defence in depth: every read is bounds-checked, but a bug
			// must become a refusal with a reason, never a crash of the
			// caller. Tests and fuzzers turn this off to see bugs.
			if r := recover(); r != nil {
				face, err = nil, newErr(0, "graphite", -1, "internal error: %v", r)
			}
		}()
	}
	dir, e := readDirectory(data)
	if e != nil {
		return nil, e
	}
	f := &Tables{Options: opts, tables: dir}
	return f.load()
}

// load reads and checks the Graphite tables of f's font, as graphite2's
// Face::readGlyphs, readFeatures and readGraphite do at gr_make_face.
func (f *Tables) load() (*Tables, error) {
	// load_face: the Silf table first (decompressed when version >= 5).
	silf, ok := f.table("Silf", 0x00050000)
	if !ok || silf == nil {
		return nil, newErr(ENoSilf, "Silf", -1, "no usable Silf table")
	}
	if err := f.readGlyphs(); err != nil {
		return nil, err
	}
	if err := f.readFeats(); err != nil {
		return nil, err
	}
	if err := f.readSill(); err != nil {
		return nil, err
	}
	if err := f.readGraphite(silf); err != nil {
		return nil, err
	}
	return f, nil
}

// tagOf packs the first four bytes of s into a big-endian table tag,
// padding a shorter name with spaces (TtfUtil::Tag's values).
func tagOf(s string) uint32 {
	var t uint32
	for i := 0; i < 4; i++ {
		t <<= 8
		if i < len(s) {
			t |= uint32(s[i])
		} else {
			t |= ' '
		}
	}
	return t
}

// readDirectory mirrors graphite2's FileFace: a 12-byte offset table with
// sfnt version 0x00010000, then numTables directory entries that must be
// present in the file. Tables are located as FileFace::get_table_fn does:
// no tables at all when numTables > 40, the first entry with a tag wins,
// and a table must lie inside the file.
func readDirectory(data []byte) (map[uint32][]byte, error) {
	if len(data) < 12 {
		return nil, newErr(ENoTable, "sfnt", 0, "file shorter than the 12-byte offset table")
	}
	if v := binary.BigEndian.Uint32(data); v != 0x00010000 {
		return nil, newErr(ENoTable, "sfnt", 0, "sfnt version 0x%08X is not 0x00010000", v)
	}
	n := int(binary.BigEndian.Uint16(data[4:]))
	if 12+16*n > len(data) {
		return nil, newErr(ENoTable, "sfnt", 12, "table directory of %d entries runs past the end of the file", n)
	}
	dir := map[uint32][]byte{}
	if n > MaxTables {
		return dir, nil
	}
	for i := 0; i < n; i++ {
		e := data[12+16*i:]
		tag := binary.BigEndian.Uint32(e)
		if _, seen := dir[tag]; seen {
			continue
		}
		off, l := uint64(binary.BigEndian.Uint32(e[8:])), uint64(binary.BigEndian.Uint32(e[12:]))
		if off > uint64(len(data)) || l > uint64(len(data))-off {
			dir[tag] = nil // present but unreadable: graphite2 sees no table
			continue
		}
		dir[tag] = data[off : off+l : off+l]
	}
	return dir, nil
}

// table returns a table as graphite2's Face::Table does: nil (ok false)
// when missing or when it fails TtfUtil::CheckTable, decompressed when its
// version is at least minCompressed and its scheme says LZ4.
func (f *Tables) table(tag string, minCompressed uint32) ([]byte, bool) {
	t := f.tables[tagOf(tag)]
	if !checkTable(tag, t) {
		return nil, false
	}
	if be32(t, 0) >= minCompressed {
		d, ok := decompress(t)
		if !ok {
			return nil, false
		}
		t = d
	}
	return t, true
}

// checkTable is TtfUtil::CheckTable.
func checkTable(tag string, t []byte) bool {
	if t == nil || len(t) < 4 {
		return false
	}
	switch tag {
	case "cmap":
		return len(t) >= 12 && be16(t, 0) == 0
	case "head":
		f := be16(t, 50)
		return len(t) >= 54 && be32(t, 0) == 0x00010000 && be32(t, 12) == 0x5F0F3CF5 &&
			be16(t, 52) == 0 && (f == 0 || f == 1)
	case "hhea":
		return len(t) >= 36 && be32(t, 0) == 0x00010000 && be16(t, 32) == 0
	case "maxp":
		return len(t) >= 32 && be32(t, 0) == 0x00010000
	case "glyf":
		return len(t) >= 10
	}
	return true
}

// decompress is Face::Table::decompress: tables shorter than 20 bytes are
// left alone (graphite2 returns before looking at them), scheme 0 is
// uncompressed, scheme 1 is LZ4 whose output must have exactly the stated
// size and start with the same version; other schemes fail.
func decompress(t []byte) ([]byte, bool) {
	if len(t) < 20 {
		return t, true
	}
	hdr := be32(t, 4)
	switch hdr >> 27 {
	case 0:
		return t, true
	case 1:
		size := int(hdr & 0x07ffffff)
		if size < 4 {
			return nil, false
		}
		out, n := lz4Decompress(t[8:], size)
		if n != size || be32(out, 0) != be32(t, 0) {
			return nil, false
		}
		return out, true
	}
	return nil, false
}

// lz4Decompress is graphite2's lz4::decompress (Decompressor.cpp): an LZ4
// block with graphite2's own end-of-stream rules. It returns the output and
// the number of bytes written, -1 on failure. The output buffer is only
// allocated once the input is long enough to plausibly produce it (LZ4
// expands at most 255 times).
func lz4Decompress(src []byte, outSize int) ([]byte, int) {
	const minMatch, lastLiterals, minCoda, minSrc = 4, 5, 6, 13
	inSize := len(src)
	if outSize <= inSize || inSize < minSrc {
		return nil, -1
	}
	if outSize/255 > inSize+16 {
		return nil, -1 // more than LZ4 can produce from inSize bytes
	}
	out := make([]byte, outSize)
	align := func(n int) int { return (n + 7) &^ 7 }
	s, end := 0, inSize
	dst := 0
	remain := outSize
	var literal, litLen int
	readLen := func(l int) int {
		if l == 15 && s != end {
			for {
				b := int(src[s])
				s++
				l += b
				if b != 0xff || s == end {
					break
				}
			}
		}
		return l
	}
	for {
		// read_sequence
		token := int(src[s])
		s++
		litLen = readLen(token >> 4)
		literal = s
		s += litLen
		if s > end-2 || s < literal {
			break
		}
		dist := int(src[s]) | int(src[s+1])<<8
		s += 2
		matchLen := readLen(token&0xf) + minMatch
		more := s <= end-minCoda
		if !more {
			break
		}
		if litLen != 0 {
			if align(litLen) > remain {
				return nil, -1
			}
			copy(out[dst:], src[literal:literal+litLen])
			dst += litLen
			remain -= litLen
		}
		pcpy := dst - dist
		if pcpy < 0 || remain < lastLiterals || matchLen > remain-lastLiterals || pcpy >= dst {
			return nil, -1
		}
		for i := 0; i < matchLen; i++ {
			out[dst+i] = out[pcpy+i]
		}
		dst += matchLen
		remain -= matchLen
	}
	if literal > end-litLen || litLen > remain {
		return nil, -1
	}
	copy(out[dst:], src[literal:literal+litLen])
	dst += litLen
	return out, dst
}

// be16 reads the big-endian uint16 at b[o:o+2]; outside b it gives 0
// rather than panicking (hostile tables).
func be16(b []byte, o int) int {
	if o < 0 || o+2 > len(b) {
		return 0
	}
	return int(binary.BigEndian.Uint16(b[o:]))
}

// be32 reads the big-endian uint32 at b[o:o+4]; outside b it gives 0.
func be32(b []byte, o int) uint32 {
	if o < 0 || o+4 > len(b) {
		return 0
	}
	return binary.BigEndian.Uint32(b[o:])
}

// u8 reads the byte at b[o]; outside b it gives 0.
func u8(b []byte, o int) int {
	if o < 0 || o >= len(b) {
		return 0
	}
	return int(b[o])
}

// sprintf is fmt.Sprintf, kept short for the many error reasons.
func sprintf(format string, a ...any) string { return fmt.Sprintf(format, a...) }
