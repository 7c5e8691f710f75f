package cff

import "fontvm/internal/ftmath"

// A DICT is a sequence of operands followed by an operator. dictEntry is
// one operator with its operands, as positions in the DICT's bytes, so
// that each field can be converted the way FreeType's parser converts it
// (cff_parse_num, cff_parse_fixed, ...).
type dictEntry struct {
	op   int // operator: b0, or 1200+b1 for escaped operators
	args []operand
}

// An operand is one DICT number: its encoding bytes, or (for CFF2 blend
// results) a 16.16 value.
type operand struct {
	raw     []byte // from the encoding byte on, to the end of the DICT
	blended bool
	fixed   int64 // 16.16, when blended
}

// DICT operators the package reads (escaped ones are 1200+second byte).
const (
	dopCharset           = 15
	dopEncoding          = 16
	dopCharStrings       = 17
	dopPrivate           = 18
	dopSubrs             = 19
	dopDefaultWidthX     = 20
	dopNominalWidthX     = 21
	dopVsindex           = 22
	dopBlend             = 23
	dopVstore            = 24
	dopBlueValues        = 6
	dopOtherBlues        = 7
	dopFamilyBlues       = 8
	dopFamilyOther       = 9
	dopStdHW             = 10
	dopStdVW             = 11
	dopCharstringType    = 1206
	dopFontMatrix        = 1207
	dopBlueScale         = 1209
	dopBlueShift         = 1210
	dopBlueFuzz          = 1211
	dopStemSnapH         = 1212
	dopStemSnapV         = 1213
	dopForceBold         = 1214
	dopLanguageGroup     = 1217
	dopExpansion         = 1218
	dopInitialRandomSeed = 1219
	dopROS               = 1230
	dopFDArray           = 1236
	dopFDSelect          = 1237
)

// DICT operand stack sizes of FreeType's parser (cff_parser_init's
// stackSize: CFF_MAX_STACK_DEPTH = 96 for a CFF Top DICT, one more for
// Private and Font DICTs; CFF2_DEFAULT_STACK = 513 for CFF2, one more for
// Private DICTs). More operands before an operator fail the font
// (Stack_Overflow).
const (
	dictStackCFF  = 96
	dictStackCFF2 = 513
)

// maxDictEntries bounds the operators of one DICT.
const maxDictEntries = 4096

// parseDict tokenizes a DICT (cff_parser_run). blend, when non-nil, runs
// the CFF2 blend operator on the operand stack (cff_parse_blend), given
// the entries parsed so far (for vsindex); maxOperands is FreeType's
// stack size for the DICT; table
// and base name the table and the DICT's offset in it for errors.
func parseDict(b []byte, table string, base, maxOperands int, blend func(seen []dictEntry, args []operand) ([]operand, error)) ([]dictEntry, error) {
	var out []dictEntry
	var stack []operand
	bad := func(p int, msg string) error {
		return &FormatError{Table: table, Offset: base + p, Msg: "DICT: " + msg}
	}
	for p := 0; p < len(b); {
		v := b[p]
		switch {
		case v == 28 || v == 29 || v == 30 || (v >= 32 && v <= 254):
			n := 1
			switch {
			case v == 28:
				n = 3
			case v == 29:
				n = 5
			case v == 30:
				q := p + 1
				for ; q < len(b); q++ {
					if b[q]&0xF == 0xF || b[q]>>4 == 0xF {
						break
					}
				}
				if q >= len(b) {
					return nil, bad(p, "real number runs past the end")
				}
				n = q + 1 - p
			case v >= 247:
				n = 2
			}
			if len(b)-p < n {
				return nil, bad(p, "number runs past the end")
			}
			if len(stack) >= maxOperands {
				return nil, bad(p, "too many operands")
			}
			stack = append(stack, operand{raw: b[p:]})
			p += n
		case v == 255 || (v >= 22 && v <= 27) || v == 31:
			// reserved bytes: FreeType's parser treats them as operators it
			// does not know and ignores them with their operands
			op := int(v)
			if v == 23 && blend != nil {
				var err error
				if stack, err = blend(out, stack); err != nil {
					return nil, bad(p, err.Error())
				}
				p++
				continue
			}
			out = append(out, dictEntry{op: op, args: stack})
			stack = nil
			p++
		default:
			op := int(v)
			p++
			if v == 12 {
				if p >= len(b) {
					return nil, bad(p-1, "escaped operator runs past the end")
				}
				op = 1200 + int(b[p])
				p++
			}
			if len(out) >= maxDictEntries {
				return nil, bad(p, "too many operators")
			}
			out = append(out, dictEntry{op: op, args: stack})
			stack = nil
		}
	}
	return out, nil
}

// find returns the operands of the last entry with operator op (FreeType
// stores each operator as it meets it: the last one wins).
func find(d []dictEntry, op int) ([]operand, bool) {
	for i := len(d) - 1; i >= 0; i-- {
		if d[i].op == op {
			return d[i].args, true
		}
	}
	return nil, false
}

// integer mirrors cff_parse_integer (operand encodings 28, 29, 32..254).
// A 29-encoded (32-bit) operand is assembled in an FT_ULong and cast to
// a 64-bit FT_Long: it is never negative (0xFFFFFFEC is 4294967276, not
// -20), as FreeType 2.12.1 reads it on 64-bit systems.
func (o operand) integer() int64 {
	r := o.raw
	v := r[0]
	switch {
	case v == 28:
		return int64(int16(u16(r, 1)))
	case v == 29:
		return int64(u32(r, 1))
	case v < 247:
		return int64(v) - 139
	case v < 251:
		return (int64(v)-247)*256 + int64(r[1]) + 108
	default:
		return -(int64(v)-251)*256 - int64(r[1]) - 108
	}
}

// num mirrors cff_parse_num: reals truncated to integers, blend results
// rounded to 16-bit integers.
func (o operand) num() int64 {
	if o.blended {
		return int64(int16((uint32(o.fixed)>>8 + 0x80) >> 8))
	}
	if o.raw[0] == 30 {
		return parseReal(o.raw, 0) >> 16
	}
	return o.integer()
}

// powerTens are FreeType's power_tens (cffparse.c).
var powerTens = [...]int64{1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000, 1000000000}

// powerTenLimits are FreeType's power_ten_limits: 0x7FFFFFFF / 10^i.
var powerTenLimits = [...]int64{0x7FFFFFFF, 0x7FFFFFFF / 10, 0x7FFFFFFF / 100, 0x7FFFFFFF / 1000,
	0x7FFFFFFF / 10000, 0x7FFFFFFF / 100000, 0x7FFFFFFF / 1000000, 0x7FFFFFFF / 10000000,
	0x7FFFFFFF / 100000000, 0x7FFFFFFF / 1000000000}

// fixedScaled mirrors do_fixed (cff_parse_fixed, cff_parse_fixed_scaled):
// the operand times 10^scaling as 16.16, saturated.
func (o operand) fixedScaled(scaling int) int64 {
	if o.blended {
		return o.fixed
	}
	if o.raw[0] == 30 {
		return parseReal(o.raw, scaling)
	}
	val := o.integer()
	if scaling != 0 {
		if abs64(val) > powerTenLimits[scaling] {
			if val > 0 {
				return 0x7FFFFFFF
			}
			return -0x7FFFFFFF
		}
		val *= powerTens[scaling]
	}
	if val > 0x7FFF {
		return 0x7FFFFFFF
	} else if val < -0x7FFF {
		return -0x7FFFFFFF
	}
	return int64(int32(uint32(val) << 16))
}

// fixed mirrors cff_parse_fixed.
func (o operand) fixed16() int64 { return o.fixedScaled(0) }

// nibbles iterates the nibbles of a real number operand (after the 30).
type nibbles struct {
	b     []byte
	p     int
	phase int
	bad   bool
}

// next returns the next nibble, or 0xF (and sets bad) at the end of data.
func (n *nibbles) next() int64 {
	if n.phase != 0 {
		n.p++
		if n.p >= len(n.b) {
			n.bad = true
			return 0xF
		}
	}
	v := int64(n.b[n.p]>>uint(n.phase)) & 0xF
	n.phase = 4 - n.phase
	return v
}

// parseReal mirrors cff_parse_real without the dynamic scaling: the
// real number times 10^powerTen as 16.16.
func parseReal(raw []byte, powerTen int) int64 {
	r, _ := parseRealScaling(raw, powerTen, false)
	return r
}

// parseRealScaling mirrors cff_parse_real, with its dynamic scaling
// (cff_parse_fixed_dynamic) when dyn is set.
func parseRealScaling(raw []byte, powerTen int, dyn bool) (result int64, scaling int64) {
	n := nibbles{b: raw, phase: 4}
	var number, exponent, exponentAdd, intLen, fracLen int64
	sign, expSign, overflow := false, false, false
	var nib int64
	for {
		nib = n.next()
		if n.bad {
			return 0, 0
		}
		if nib == 0xE {
			sign = true
		} else if nib > 9 {
			break
		} else if number >= 0xCCCCCCC {
			exponentAdd++
		} else if nib != 0 || number != 0 {
			intLen++
			number = number*10 + nib
		}
	}
	if nib == 0xA {
		for {
			nib = n.next()
			if n.bad {
				return 0, 0
			}
			if nib >= 10 {
				break
			}
			if nib == 0 && number == 0 {
				exponentAdd--
			} else if number < 0xCCCCCCC && fracLen < 9 {
				fracLen++
				number = number*10 + nib
			}
		}
	}
	if nib == 12 {
		expSign = true
		nib = 11
	}
	if nib == 11 {
		for {
			nib = n.next()
			if n.bad {
				return 0, 0
			}
			if nib >= 10 {
				break
			}
			if exponent > 1000 {
				overflow = true
			} else {
				exponent = exponent*10 + nib
			}
		}
		if expSign {
			exponent = -exponent
		}
	}
	fin := func(v int64) (int64, int64) {
		if sign {
			v = -v
		}
		return v, scaling
	}
	if number == 0 {
		return fin(0)
	}
	if overflow {
		if expSign {
			return fin(0)
		}
		return fin(0x7FFFFFFF)
	}
	exponent += int64(powerTen) + exponentAdd
	if dyn {
		fracLen += intLen
		exponent += intLen
		if fracLen <= 5 {
			if number > 0x7FFF {
				result = ftmath.DivFix(number, 10)
				scaling = exponent - fracLen + 1
			} else {
				if exponent > 0 {
					newFrac := exponent
					if newFrac > 5 {
						newFrac = 5
					}
					shift := newFrac - fracLen
					if shift > 0 {
						exponent -= newFrac
						number *= powerTens[shift]
						if number > 0x7FFF {
							number /= 10
							exponent++
						}
					} else {
						exponent -= fracLen
					}
				} else {
					exponent -= fracLen
				}
				result = int64(int32(uint32(number) << 16))
				scaling = exponent
			}
		} else if number/powerTens[fracLen-5] > 0x7FFF {
			result = ftmath.DivFix(number, powerTens[fracLen-4])
			scaling = exponent - 4
		} else {
			result = ftmath.DivFix(number, powerTens[fracLen-5])
			scaling = exponent - 5
		}
		return fin(result)
	}
	intLen += exponent
	fracLen -= exponent
	if intLen > 5 {
		return fin(0x7FFFFFFF)
	}
	if intLen < -5 {
		return fin(0)
	}
	if intLen < 0 {
		number /= powerTens[-intLen]
		fracLen += intLen
	}
	if fracLen == 10 {
		number /= 10
		fracLen--
	}
	if fracLen > 0 {
		if number/powerTens[fracLen] > 0x7FFF {
			return fin(0)
		}
		return fin(ftmath.DivFix(number, powerTens[fracLen]))
	}
	number *= powerTens[-fracLen]
	if number > 0x7FFF {
		return fin(0x7FFFFFFF)
	}
	return fin(int64(int32(uint32(number) << 16)))
}

// abs64 returns |v|.
func abs64(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}

// DICT kinds, for the operand checks of FreeType's parser.
const (
	dictTopCFF   = iota // a CFF Top DICT or Font DICT (CFF_CODE_TOPDICT)
	dictTopCFF2         // a CFF2 Top DICT
	dictFontCFF2        // a CFF2 Font DICT
	dictPrivCFF         // a CFF Private DICT
	dictPrivCFF2        // a CFF2 Private DICT
)

// dictMinOperands gives, per DICT kind, the operand count each operator
// FreeType knows needs (cfftoken.h; cff_parser_run requires one for every
// field but the delta arrays, and the callbacks more); fewer fail the
// font with Stack_Underflow. Operators not listed are ignored.
var dictMinOperands = [...]map[int]int{
	dictTopCFF: {0: 1, 1: 1, 1200: 1, 2: 1, 3: 1, 4: 1, 1201: 1, 1202: 1, 1203: 1, 1204: 1, 1205: 1, 1206: 1,
		dopFontMatrix: 6, 13: 1, 5: 4, 1208: 1, 14: 0, dopCharset: 1, dopEncoding: 1, dopCharStrings: 1, dopPrivate: 2,
		1220: 1, 1221: 1, 1222: 1, 1223: 0, 1224: 1, 1226: 1, dopROS: 3, 1231: 1, 1232: 1, 1233: 1, 1234: 1, 1235: 1,
		dopFDArray: 1, dopFDSelect: 1, 1238: 1, 1239: 1},
	dictTopCFF2:  {dopFontMatrix: 6, dopCharStrings: 1, dopFDArray: 1, dopFDSelect: 1, dopVstore: 1, 25: 1},
	dictFontCFF2: {dopPrivate: 2, dopFontMatrix: 6},
	dictPrivCFF: {dopBlueValues: 0, dopOtherBlues: 0, dopFamilyBlues: 0, dopFamilyOther: 0, dopBlueScale: 1, dopBlueShift: 1,
		dopBlueFuzz: 1, dopStdHW: 1, dopStdVW: 1, dopStemSnapH: 0, dopStemSnapV: 0, dopForceBold: 1, 1215: 1, 1216: 1,
		dopLanguageGroup: 1, dopExpansion: 1, dopInitialRandomSeed: 1, dopSubrs: 1, dopDefaultWidthX: 1, dopNominalWidthX: 1},
	dictPrivCFF2: {dopBlueValues: 0, dopOtherBlues: 0, dopFamilyBlues: 0, dopFamilyOther: 0, dopBlueScale: 1, dopBlueShift: 1,
		dopBlueFuzz: 1, dopStdHW: 1, dopStdVW: 1, dopStemSnapH: 0, dopStemSnapV: 0, dopLanguageGroup: 1, dopExpansion: 1,
		dopVsindex: 1, dopSubrs: 1},
}

// checkOperands fails as cff_parser_run fails (Stack_Underflow) when an
// operator FreeType knows in a DICT of the kind has too few operands.
func checkOperands(d []dictEntry, kind int, table string, base int) error {
	m := dictMinOperands[kind]
	for _, e := range d {
		if n, ok := m[e.op]; ok && len(e.args) < n {
			return &FormatError{Table: table, Offset: base, Msg: "DICT: operator " + itoa(e.op) + " lacks operands (Stack_Underflow)"}
		}
	}
	return nil
}
