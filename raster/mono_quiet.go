package raster

// The horizontal pass of the monochrome rasterizer (Render's second,
// transposed sweep; FreeType's Render_Glyph with ras.second_pass) only
// ever sets pixels, and only at two kinds of places:
//
//   - a crossing that lies exactly on a pixel centre of its column
//     (Horizontal_Sweep_Span), which sets that pixel;
//   - a drop-out: a pair of crossings of one column, an ascending
//     profile's and a descending one's, with no pixel centre between them
//     (Horizontal_Sweep_Drop), which sets the pixel just below or just
//     above the pair, or nothing: when one of those two is already set,
//     when the ascending profile's mode has no drop-out control (2, 3, 6,
//     7), or when the pair is a stub and the mode excludes stubs (1, 5).
//
// For most glyphs every such place is already set by the vertical pass,
// and the sweep, Draw_Sweep's sorting and pairing of the profiles on every
// column, changes nothing. quietSweep proves that case from the profiles
// Convert_Glyph has just built, without sorting them: each crossing of
// each column either lies on a pixel centre that is set, or between two
// centres one of which is set (or neither of which is in the bitmap), or
// it is noted in its cell. A second crossing in a noted cell fails the
// proof unless the two cannot be a drop-out that sets a pixel: they run
// the same way (Draw_Sweep pairs an ascending profile with a descending
// one), the ascending one's mode has no drop-out control, or they are the
// stub Horizontal_Sweep_Drop skips in modes 1 and 5 (its own tests, on
// the two profiles). A third fails it. With at most two crossings between
// two centres, a drop-out there can only pair those two, so the proof
// holds whatever the pairing. When it fails, Render sweeps as FreeType
// does.
//
// The oracle is TestQuietSweepOracle (and FuzzQuietSweep): on every glyph
// of the test fonts at many sizes and on random outlines, the sweep
// quietSweep skips is run anyway and must change nothing.

// quietMaxCells bounds the cell table (columns × (rows+1) entries of 16
// bytes: 1 MiB); the horizontal passes of larger bitmaps are swept.
const quietMaxCells = 1 << 16

// The profile index fits a quietCell's prof.
var _ [1<<15 - maxMonoProfile]struct{}

// A quietCell is the first crossing quietSweep has met in a cell (between
// two pixel centres of a column) whose neighbour pixels are both clear.
type quietCell struct {
	x    int64  // the crossing
	gen  uint32 // the cell is empty unless gen is m.qGen
	prof int16  // the crossing's profile (below maxMonoProfile)
	n    uint8  // 1: one crossing; 2: a second one that cannot be a drop-out
}

// quietSweep reports whether Draw_Sweep over the profiles of the current
// band of the horizontal pass would leave the bitmap as it is, so that
// Render may skip it (see the comment above). convert calls it before
// Finalize_Profile_Table, on profiles as Convert_Glyph leaves them (a
// descending profile's start is its top scanline and its crossings run
// down from there); it leaves them unchanged.
func (m *Mono) quietSweep() bool {
	w, rows := m.width, m.rows
	n := w * (rows + 1)
	if n > quietMaxCells {
		return false
	}
	if cap(m.cells) < n {
		m.cells = make([]quietCell, n)
	}
	m.cells = m.cells[:n]
	m.qGen++
	if m.qGen == 0 {
		// the stamps wrapped around: clear them
		clear(m.cells[:cap(m.cells)])
		m.qGen = 1
	}
	m.qRows1 = rows + 1
	bits := m.precBits & 63
	half := m.prec - 1
	pix, stride := m.pix, m.stride
	for p := m.fProf; p < m.fProf+m.numProfs; p++ {
		pp := &m.profs[p&profMask]
		off, col, step := pp.offset, pp.start, int64(1)
		if pp.flags&flowUp == 0 {
			step = -1
		}
		for h := pp.height; h > 0; h-- {
			x := m.pool[off&poolMask]
			off++
			i := int(col)
			col += step
			if uint(i) >= uint(w) {
				return false // cannot happen: profiles are clipped to the band
			}
			k := x >> bits
			q := m.base + i - int(k)*stride // row k; row k+1 is q - stride
			in0, in1 := uint64(k) < uint64(rows), uint64(k+1) < uint64(rows)
			if x&half == 0 {
				// on the centre of row k: Horizontal_Sweep_Span sets it
				if in0 && pix[q] == 0 {
					return false
				}
				continue
			}
			if in0 && pix[q] != 0 || in1 && pix[q-stride] != 0 || !in0 && !in1 {
				continue // a drop-out here sets nothing
			}
			if !m.quietNote(i, k, x, p) {
				return false
			}
		}
	}
	return true
}

// quietNote notes the crossing x of profile p on column i in cell k
// (between the centres of rows k and k+1, both clear or outside the
// bitmap), and reports false when it could make a drop-out that sets a
// pixel: a second crossing there that could pair with the first
// (quietHarmless), or a third.
func (m *Mono) quietNote(i int, k, x int64, p int) bool {
	c := &m.cells[i*m.qRows1+int(k)+1]
	switch {
	case c.gen != m.qGen:
		*c = quietCell{x: x, gen: m.qGen, prof: int16(p), n: 1}
		return true
	case c.n == 1 && m.quietHarmless(int(c.prof), c.x, p, x, int64(i)):
		c.n = 2
		return true
	}
	return false
}

// quietHarmless reports whether the crossings x1 of profile p1 and x2 of
// profile p2, both on scanline y between the same two pixel centres,
// cannot be a drop-out that sets a pixel (Horizontal_Sweep_Drop's tests on
// the pair, with the ascending profile as the left one): they run the
// same way, the ascending one's mode has no drop-out control (2, 3, 6,
// 7), or the mode excludes stubs (1, 5) and the pair is the upper stub
// (the left profile ends here and the right one follows it) or the lower
// stub (the left profile starts here and follows the right one), without
// the overshoot that makes FreeType draw it anyway.
func (m *Mono) quietHarmless(p1 int, x1 int64, p2 int, x2 int64, y int64) bool {
	left, right := p1, p2
	if m.profs[p2&profMask].flags&flowUp != 0 {
		left, right = p2, p1
	}
	lp, rp := &m.profs[left&profMask], &m.profs[right&profMask]
	if lp.flags&flowUp == rp.flags&flowUp {
		return true
	}
	switch lp.flags & 7 {
	case 0, 4:
		return false
	case 1, 5:
	default:
		return true
	}
	wide := max(x1, x2)-min(x1, x2) >= m.precHalf
	if lp.next == right && lp.start+lp.height-1 == y && !(lp.flags&overshootTop != 0 && wide) {
		return true
	}
	return rp.next == left && lp.start == y && !(lp.flags&overshootBottom != 0 && wide)
}
