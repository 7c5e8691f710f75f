package graphite

// Silf is one Silf subtable: the rules for one script.
type Silf struct {
	Offset int // byte offset of the subtable in the (decompressed) Silf table

	MaxGlyph       int
	ExtraAscent    int // as graphite2 stores it (uint16)
	ExtraDescent   int
	NumPasses      int
	SubstPass      int // first substitution pass (sPass)
	PosPass        int // first positioning pass (pPass)
	JustPass       int // first justification pass (jPass)
	BidiPass       int // bidi pass, 0xFF for none (bPass)
	Flags          int // bit 0 line ends, bits 2-4 space contextuals, 0x20 collisions
	MaxPreCtx      int // maxPreContext (not used by graphite2)
	MaxPostCtx     int
	AttrPseudo     int
	AttrBreak      int
	AttrBidi       int
	AttrMirror     int
	AttrPassBits   int // attribute holding the glyph's pass-skip bits
	Justs          []Justification
	AttrLig        int // first ligature component attribute (aLig)
	NumUser        int // user slot attributes (aUser)
	MaxComp        int // max ligature components (iMaxComp)
	Dir            int // direction byte minus one, as graphite2 keeps it (m_dir)
	AttrCollision  int
	LineBreakGlyph int // lbGID
	Pseudos        []Pseudo

	// Classes. Classes 0..NumLinear-1 are linear (output) classes: a glyph
	// list. The others are lookup (input) classes: a search header of 4
	// uint16 then sorted (glyph, index) pairs. ClassOffsets has
	// NumClasses+1 entries indexing ClassData (uint16 units).
	NumClasses   int
	NumLinear    int
	ClassOffsets []uint32
	ClassData    []uint16

	Passes []*Pass
}

// Justification is one justification level (only its first four bytes
// are used by graphite2).
type Justification struct {
	AttrStretch, AttrShrink, AttrStep, AttrWeight int
}

// Pseudo maps a code point to a pseudo-glyph.
type Pseudo struct {
	Unicode uint32
	Glyph   uint16
}

// FindPseudo is Silf::findPseudo: the pseudo-glyph for a code point, or 0.
func (s *Silf) FindPseudo(uid uint32) uint16 {
	for _, p := range s.Pseudos {
		if p.Unicode == uid {
			return p.Glyph
		}
	}
	return 0
}

// FindClassIndex is Silf::findClassIndex: the index of glyph gid in class
// cid, or 0xFFFF when absent.
func (s *Silf) FindClassIndex(cid, gid uint16) uint16 {
	if int(cid) > s.NumClasses || int(cid)+1 >= len(s.ClassOffsets) {
		return 0xFFFF
	}
	lo, hi := int(s.ClassOffsets[cid]), int(s.ClassOffsets[cid+1])
	at := func(i int) int {
		if i < 0 || i >= len(s.ClassData) {
			return 0
		}
		return int(s.ClassData[i])
	}
	if int(cid) < s.NumLinear {
		for i := lo; i < hi; i++ {
			if at(i) == int(gid) {
				return uint16(i - lo)
			}
		}
		return 0xFFFF
	}
	min := lo + 4
	max := min + at(lo)*2
	for {
		p := min + (-2 & ((max - min) / 2))
		if at(p) > int(gid) {
			max = p
		} else {
			min = p
		}
		if max-min <= 2 {
			break
		}
	}
	if at(min) == int(gid) {
		return uint16(at(min + 1))
	}
	return 0xFFFF
}

// ClassGlyph is Silf::getClassGlyph: the glyph at index in class cid, or 0.
func (s *Silf) ClassGlyph(cid uint16, index int) uint16 {
	if int(cid) > s.NumClasses || int(cid)+1 >= len(s.ClassOffsets) {
		return 0
	}
	loc := int(s.ClassOffsets[cid])
	next := int(s.ClassOffsets[cid+1])
	if int(cid) < s.NumLinear {
		if index >= 0 && index < next-loc && index+loc < len(s.ClassData) {
			return s.ClassData[index+loc]
		}
		return 0
	}
	for i := loc + 4; i < next && i+1 < len(s.ClassData); i += 2 {
		if int(s.ClassData[i+1]) == index {
			return s.ClassData[i]
		}
	}
	return 0
}

// silfErr returns an *Error located in Silf subtable i.
func silfErr(code ErrCode, si, off int, format string, a ...any) *Error {
	e := newErr(code, "Silf", off, format, a...)
	e.Silf = si
	return e
}

// readGraphite is Face::readGraphite.
func (f *Tables) readGraphite(silf []byte) error {
	if len(silf) < 20 {
		return newErr(EBadSize, "Silf", 0, "table of %d bytes is shorter than 20", len(silf))
	}
	version := be32(silf, 0)
	f.SilfVersion = version
	if version < 0x00020000 {
		return newErr(ETooOld, "Silf", 0, "version 0x%08X is older than 2.0", version)
	}
	p := 4
	if version >= 0x00030000 {
		p += 4
	}
	numSilf := be16(silf, p)
	p += 4
	havePasses := false
	// One Silf subtable needs at least 20 bytes: the count is bounded by
	// the table before anything is allocated for it.
	if numSilf > len(silf) {
		return newErr(EBadSize, "Silf", p-4, "%d subtables cannot fit %d bytes", numSilf, len(silf))
	}
	for i := 0; i < numSilf; i++ {
		if p+4 > len(silf) || (i != numSilf-1 && p+8 > len(silf)) {
			return silfErr(EBadSize, i, p, "subtable offset past the end of the table")
		}
		off := int64(be32(silf, p))
		next := int64(len(silf))
		if i != numSilf-1 {
			next = int64(be32(silf, p+4))
		}
		p += 4
		if next > int64(len(silf)) || off >= next {
			return silfErr(EBadSize, i, p-4, "subtable [%d,%d) outside the table (%d bytes)", off, next, len(silf))
		}
		s, err := f.readSilf(silf[off:next], int(off), i, version)
		if err != nil {
			return err
		}
		f.Silfs = append(f.Silfs, s)
		if s.NumPasses > 0 {
			havePasses = true
		}
	}
	if !havePasses {
		return newErr(ENoPasses, "Silf", -1, "no Silf subtable has a pass")
	}
	return nil
}

// readSilf is Silf::readGraphite. b is the subtable, base its offset in
// the Silf table (for messages).
func (f *Tables) readSilf(b []byte, base, si int, version uint32) (*Silf, error) {
	l := len(b)
	errAt := func(code ErrCode, off int, format string, a ...any) error {
		return silfErr(code, si, base+off, format, a...)
	}
	if version >= 0x00060000 {
		return nil, errAt(EBadSilfVersion, 0, "version 0x%08X is 6.0 or later", version)
	}
	p := 0
	if version >= 0x00030000 {
		if l < 28 {
			return nil, errAt(EBadSize, 0, "subtable of %d bytes is shorter than 28", l)
		}
		p += 8
	} else if l < 20 {
		return nil, errAt(EBadSize, 0, "subtable of %d bytes is shorter than 20", l)
	}
	s := &Silf{Offset: base}
	s.MaxGlyph = be16(b, p)
	s.ExtraAscent = be16(b, p+2)
	s.ExtraDescent = be16(b, p+4)
	p += 6
	s.NumPasses, s.SubstPass, s.PosPass, s.JustPass, s.BidiPass, s.Flags = u8(b, p), u8(b, p+1), u8(b, p+2), u8(b, p+3), u8(b, p+4), u8(b, p+5)
	s.MaxPreCtx, s.MaxPostCtx = u8(b, p+6), u8(b, p+7)
	s.AttrPseudo, s.AttrBreak, s.AttrBidi, s.AttrMirror, s.AttrPassBits = u8(b, p+8), u8(b, p+9), u8(b, p+10), u8(b, p+11), u8(b, p+12)
	numJusts := u8(b, p+13)
	p += 14
	if s.MaxGlyph >= f.NumGlyphs {
		return nil, errAt(EBadMaxGlyph, p-20, "maxGlyphID %d is not below the font's %d glyphs", s.MaxGlyph, f.NumGlyphs)
	}
	if p+numJusts*8 >= l {
		return nil, errAt(EBadNumJusts, p-1, "%d justification levels run past the subtable", numJusts)
	}
	for i := 0; i < numJusts; i++ {
		s.Justs = append(s.Justs, Justification{u8(b, p), u8(b, p+1), u8(b, p+2), u8(b, p+3)})
		p += 8
	}
	if p+2+8 >= l {
		return nil, errAt(EBadEndJusts, p, "subtable ends after the justification levels")
	}
	s.AttrLig = be16(b, p)
	s.NumUser, s.MaxComp = u8(b, p+2), u8(b, p+3)
	s.Dir = (u8(b, p+4) - 1) & 0xff
	s.AttrCollision = u8(b, p+5)
	p += 9
	p += 2 * u8(b, p)
	p += 2
	if p >= l {
		return nil, errAt(EBadCritFeatures, p, "critical features run past the subtable")
	}
	p += 4*u8(b, p) + 1
	if p+2+4 >= l {
		return nil, errAt(EBadScriptTags, p, "script tags run past the subtable")
	}
	s.LineBreakGlyph = be16(b, p)
	p += 2
	oPasses := p
	passesStart := int(be32(b, p))
	p += 4
	numAttrs := f.NumAttrs
	switch {
	case s.AttrPseudo >= numAttrs:
		return nil, errAt(EBadAPseudo, -1, "pseudo attribute %d is not below %d glyph attributes", s.AttrPseudo, numAttrs)
	case s.AttrBreak >= numAttrs:
		return nil, errAt(EBadABreak, -1, "breakweight attribute %d is not below %d glyph attributes", s.AttrBreak, numAttrs)
	case s.AttrBidi >= numAttrs:
		return nil, errAt(EBadABidi, -1, "bidi attribute %d is not below %d glyph attributes", s.AttrBidi, numAttrs)
	case s.AttrMirror >= numAttrs:
		return nil, errAt(EBadAMirror, -1, "mirror attribute %d is not below %d glyph attributes", s.AttrMirror, numAttrs)
	case s.AttrCollision != 0 && numAttrs >= 5 && s.AttrCollision >= numAttrs-5:
		return nil, errAt(EBadACollision, -1, "collision attribute %d is not below %d glyph attributes - 5", s.AttrCollision, numAttrs)
	case s.NumPasses > MaxPasses:
		return nil, errAt(EBadNumPasses, -1, "%d passes (at most %d)", s.NumPasses, MaxPasses)
	case passesStart >= l:
		return nil, errAt(EBadPassesStart, oPasses, "passes start %d past the subtable (%d bytes)", passesStart, l)
	case s.PosPass < s.SubstPass:
		return nil, errAt(EBadPassBound, -1, "positioning pass %d before substitution pass %d", s.PosPass, s.SubstPass)
	case s.PosPass > s.NumPasses:
		return nil, errAt(EBadPPass, -1, "positioning pass %d past %d passes", s.PosPass, s.NumPasses)
	case s.SubstPass > s.NumPasses:
		return nil, errAt(EBadSPass, -1, "substitution pass %d past %d passes", s.SubstPass, s.NumPasses)
	case s.JustPass < s.PosPass:
		return nil, errAt(EBadJPassBound, -1, "justification pass %d before positioning pass %d", s.JustPass, s.PosPass)
	case s.JustPass > s.NumPasses:
		return nil, errAt(EBadJPass, -1, "justification pass %d past %d passes", s.JustPass, s.NumPasses)
	case s.BidiPass != 0xFF && (s.BidiPass < s.JustPass || s.BidiPass > s.NumPasses):
		return nil, errAt(EBadBPass, -1, "bidi pass %d outside [%d,%d]", s.BidiPass, s.JustPass, s.NumPasses)
	case s.AttrLig > 127:
		return nil, errAt(EBadALig, -1, "ligature attribute %d above 127", s.AttrLig)
	}
	p += 4 * s.NumPasses
	if p+2 >= passesStart {
		return nil, errAt(EBadPassesStart, p, "passes start %d inside the header", passesStart)
	}
	numPseudo := be16(b, p)
	p += 8
	if p+numPseudo*6 >= passesStart {
		return nil, errAt(EBadNumPseudo, p-8, "%d pseudo-glyphs run into the passes", numPseudo)
	}
	s.Pseudos = make([]Pseudo, numPseudo)
	for i := range s.Pseudos {
		s.Pseudos[i] = Pseudo{be32(b, p), uint16(be16(b, p+4))}
		p += 6
	}
	clen, cerr := s.readClassMap(b, p, passesStart-p, version)
	if cerr != nil {
		cerr.Silf = si
		cerr.Offset += base
		return nil, cerr
	}
	if clen > int64(passesStart-p) {
		return nil, errAt(EBadPassesStart, p, "class map larger than the space before the passes")
	}
	var scratch []Instr
	lim := codeLimits{classes: s.NumClasses, glyfAttrs: f.NumAttrs, features: len(f.Features), numUser: s.NumUser, scratch: &scratch}
	for i := 0; i < s.NumPasses; i++ {
		ps := int64(be32(b, oPasses+4*i))
		pe := int64(be32(b, oPasses+4*i+4))
		perr := func(code ErrCode, off int64, format string, a ...any) error {
			e := silfErr(code, si, base+int(off), format, a...)
			e.Pass = i
			return e
		}
		if ps > pe || ps < int64(passesStart) {
			return nil, perr(EBadPassStart, int64(oPasses+4*i), "pass starts at %d (passes from %d, next at %d)", ps, passesStart, pe)
		}
		if pe > int64(l) {
			return nil, perr(EBadPassEnd, int64(oPasses+4*i+4), "pass ends at %d past the subtable (%d bytes)", pe, l)
		}
		var pt PassType
		switch {
		case i >= s.JustPass:
			pt = PassJustification
		case i >= s.PosPass:
			pt = PassPositioning
		case i >= s.SubstPass:
			pt = PassSubstitute
		default:
			pt = PassLineBreak
		}
		pass, err := f.readPass(s, b[ps:pe], int(ps), pt, lim)
		if err != nil {
			err.Silf, err.Pass = si, i
			if err.Offset >= 0 {
				err.Offset += base
			}
			return nil, err
		}
		pass.Index = i
		s.Passes = append(s.Passes, pass)
	}
	return s, nil
}

// readClassMap is Silf::readClassMap with its readClassOffsets. b is the
// subtable, p the class map's offset and dataLen the bytes up to the passes.
// It returns graphite2's max_off (in uint16 units; 0xFFFFFFFF for its
// ERROROFFSET).
func (s *Silf) readClassMap(b []byte, p, dataLen int, version uint32) (int64, *Error) {
	const errorOffset = 0xFFFFFFFF
	bad := func(code ErrCode, off int, format string, a ...any) *Error {
		return newErr(code, "Silf", off, format, a...)
	}
	if dataLen < 4 {
		return 0, bad(EBadClassSize, p, "no room for the class map header")
	}
	s.NumClasses = be16(b, p)
	s.NumLinear = be16(b, p+2)
	w := 2
	if version >= 0x00040000 {
		w = 4
	}
	if s.NumLinear > s.NumClasses {
		return 0, bad(ETooManyLinear, p+2, "%d linear classes of %d", s.NumLinear, s.NumClasses)
	}
	if (s.NumClasses+1)*w > dataLen-4 {
		return 0, bad(EClassesTooBig, p, "%d class offsets do not fit %d bytes", s.NumClasses+1, dataLen)
	}
	q := p + 4
	rd := func(o int) int64 {
		if w == 4 {
			return int64(be32(b, o))
		}
		return int64(be16(b, o))
	}
	// cls_off is computed in the offset type (uint16 wraps in v2/v3).
	clsOff := int64(4 + w*(s.NumClasses+1))
	if w == 2 {
		clsOff &= 0xffff
	}
	// graphite2: (T value - cls_off) / sizeof(uint16), in C's integer
	// conversions, then stored in a uint32.
	conv := func(v int64) uint32 {
		if w == 2 {
			return uint32(uint64(v-clsOff) / 2)
		}
		return uint32(uint64(uint32(v-clsOff)) / 2)
	}
	maxOff := conv(rd(q + w*s.NumClasses))
	if rd(q) != clsOff {
		return 0, bad(EMisalignedClasses, q, "first class offset %d is not %d", rd(q), clsOff)
	}
	if int64(maxOff) > int64(dataLen-int(clsOff))/2 {
		return 0, bad(EHighClassOffset, q+w*s.NumClasses, "class data end %d past the class map", maxOff)
	}
	offs := make([]uint32, s.NumClasses+1)
	for i := range offs {
		offs[i] = conv(rd(q + w*i))
		if offs[i] > maxOff {
			return 0, bad(EHighClassOffset, q+w*i, "class %d offset %d past the class data end %d", i, offs[i], maxOff)
		}
	}
	if maxOff == errorOffset {
		return errorOffset, nil
	}
	if int64(int32(maxOff)) < int64(s.NumLinear+(s.NumClasses-s.NumLinear)*6) {
		return 0, bad(EClassesTooBig, p, "class data of %d words too small for %d classes", maxOff, s.NumClasses)
	}
	for i := 0; i < s.NumLinear; i++ {
		if offs[i] > offs[i+1] {
			return 0, bad(EBadClassOffset, q+w*i, "linear class %d offsets decrease", i)
		}
	}
	dataStart := q + w*(s.NumClasses+1)
	data := make([]uint16, maxOff)
	for i := range data {
		data[i] = uint16(be16(b, dataStart+2*i))
	}
	for i := s.NumLinear; i < s.NumClasses; i++ {
		o := int64(offs[i])
		at := dataStart + 2*int(o)
		if o+4 > int64(maxOff) {
			return 0, bad(EHighClassOffset, at, "lookup class %d header past the class data", i)
		}
		n0, n1, n3 := int64(data[o]), int64(data[o+1]), int64(data[o+3])
		if n0 == 0 || n0*2+o+4 > int64(maxOff) || n3+n1 != n0 {
			return 0, bad(EBadClassLookupInfo, at, "lookup class %d has a bad search header", i)
		}
		if (offs[i+1]-offs[i])&1 != 0 {
			return 0, bad(ErrCode(-1), at, "lookup class %d has an odd length", i)
		}
	}
	s.ClassOffsets, s.ClassData = offs, data
	return int64(maxOff), nil
}
