package cff

import (
	"math"
	"strconv"
	"strings"
)

// Disassembly in the text fontTools 4.38's ttx writes inside a
// <CharString> element (psCharStrings.T2CharString.toXML after
// SimpleT2Decompiler ran the charstring): one line per operator with its
// operands before it, numbers as ttx formats them, hintmask and cntrmask
// followed by their mask bits, and operands left after the last operator
// (CFF2) on a last line. Like ttx's decompiler, the disassembler follows
// callsubr and callgsubr to count the stem hints that decide how many
// mask bytes follow a hintmask, and it stops at an operator ttx does not
// know.

// maxDisasmDepth bounds the subroutine nesting the disassembler follows
// (ttx recurses without a bound; FreeType stops at 16 levels).
const maxDisasmDepth = 64

// maxDisasmOps bounds the tokens the disassembler decodes for one glyph,
// subroutines included.
const maxDisasmOps = 1 << 20

// t2dec is the state of ttx's SimpleT2Decompiler.
type t2dec struct {
	f             *Font
	p             *Private
	stack         []float64
	isInt         []bool
	hintCount     int
	hintMaskBytes int
	numRegions    int
	vsindexSet    bool
	ops           int
	out           []string // lines of the glyph's own charstring (depth 0)
	args          []string
	bad           string // why decoding stopped early, "" if it did not
}

// Disasm returns the lines ttx writes for glyph gid's charstring. A
// non-empty note says where decoding stopped short of the end of the
// charstring (an operator ttx does not know, a truncated number, a
// subroutine index outside its INDEX, too deep a nesting): ttx would stop
// (or fail) there too.
func (f *Font) Disasm(gid int) (lines []string, note string, err error) {
	if gid < 0 || gid >= f.charStrings.count {
		return nil, "", ErrGlyphIndex
	}
	d := &t2dec{f: f, p: f.Private(gid)}
	d.run(f.Charstring(gid), 0)
	if len(d.args) > 0 {
		d.out = append(d.out, strings.Join(d.args, " "))
	}
	return d.out, d.bad, nil
}

// run decodes one charstring (the glyph's at depth 0, or a subroutine).
func (d *t2dec) run(cs []byte, depth int) bool {
	for i := 0; i < len(cs); {
		if d.ops++; d.ops > maxDisasmOps {
			d.bad = "too many tokens"
			return false
		}
		b0 := int(cs[i])
		start := i
		i++
		switch {
		case b0 == 28:
			if i+2 > len(cs) {
				d.bad = "truncated number at +" + itoa(start)
				return false
			}
			d.num(float64(int16(u16(cs, i))), true, depth)
			i += 2
			continue
		case b0 >= 32 && b0 <= 246:
			d.num(float64(b0-139), true, depth)
			continue
		case b0 >= 247 && b0 <= 254:
			if i >= len(cs) {
				d.bad = "truncated number at +" + itoa(start)
				return false
			}
			if b0 <= 250 {
				d.num(float64((b0-247)*256+int(cs[i])+108), true, depth)
			} else {
				d.num(float64(-(b0-251)*256-int(cs[i])-108), true, depth)
			}
			i++
			continue
		case b0 == 255:
			if i+4 > len(cs) {
				d.bad = "truncated number at +" + itoa(start)
				return false
			}
			d.num(float64(int32(u32(cs, i)))/65536, false, depth)
			i += 4
			continue
		}
		b1 := -1
		if b0 == 12 {
			if i >= len(cs) {
				d.bad = "truncated escape at +" + itoa(start)
				return false
			}
			b1 = int(cs[i])
			i++
		}
		op := lookupOp(b0, b1)
		if op == nil {
			d.bad = "unknown operator at +" + itoa(start)
			return false
		}
		line := op.Name
		var ok bool
		switch op.Name {
		case "callsubr", "callgsubr":
			ok = d.call(op.Name == "callgsubr", depth)
		case "hstem", "vstem", "hstemhm", "vstemhm":
			d.countHints()
			ok = true
		case "hintmask", "cntrmask":
			if d.hintMaskBytes == 0 {
				d.countHints()
				d.hintMaskBytes = (d.hintCount + 7) / 8
			}
			if i+d.hintMaskBytes > len(cs) {
				d.bad = "truncated hint mask at +" + itoa(start)
				return false
			}
			var bits strings.Builder
			for _, b := range cs[i : i+d.hintMaskBytes] {
				s := strconv.FormatUint(uint64(b), 2)
				bits.WriteString(strings.Repeat("0", 8-len(s)))
				bits.WriteString(s)
			}
			i += d.hintMaskBytes
			line += " " + bits.String()
			ok = true
		case "return", "endchar", "ignore":
			ok = true
		case "blend":
			ok = d.blend()
		case "vsindex":
			ok = d.vsindex()
		default:
			// ttx's decompiler clears the stack for every other operator
			// (it cannot run the arithmetic ones; they are cleared here)
			d.stack, d.isInt = d.stack[:0], d.isInt[:0]
			ok = true
		}
		if depth == 0 {
			d.args = append(d.args, line)
			d.out = append(d.out, strings.Join(d.args, " "))
			d.args = d.args[:0]
		}
		if !ok {
			if d.bad == "" {
				d.bad = op.Name + " at +" + itoa(start)
			}
			return false
		}
	}
	return true
}

// num pushes an operand and, in the glyph's own charstring, records its
// text.
func (d *t2dec) num(v float64, isInt bool, depth int) {
	d.stack = append(d.stack, v)
	d.isInt = append(d.isInt, isInt)
	if depth == 0 {
		if isInt {
			d.args = append(d.args, strconv.Itoa(int(v)))
		} else {
			d.args = append(d.args, fixedToStr(v))
		}
	}
}

// countHints is SimpleT2Decompiler.countHints: every operand pair on the
// stack is a stem; the stack is cleared.
func (d *t2dec) countHints() {
	d.hintCount += len(d.stack) / 2
	d.stack, d.isInt = d.stack[:0], d.isInt[:0]
}

// call follows a subroutine call the way the decompiler does.
func (d *t2dec) call(global bool, depth int) bool {
	if len(d.stack) == 0 || depth+1 > maxDisasmDepth {
		return false
	}
	v := d.stack[len(d.stack)-1]
	d.stack, d.isInt = d.stack[:len(d.stack)-1], d.isInt[:len(d.isInt)-1]
	n := int(v)
	var ix *index
	bias := 0
	if global {
		ix, bias = &d.f.gsubrs, d.f.gbias
	} else {
		ix, bias = &d.p.subrs, d.p.bias
	}
	k := n + bias
	if k < 0 {
		k += ix.count // Python's negative list index
	}
	if v != math.Trunc(v) || k < 0 || k >= ix.count {
		return false
	}
	return d.run(ix.at(k), depth+1)
}

// blend is SimpleT2Decompiler.op_blend without a blender: the deltas are
// removed, the default values stay.
func (d *t2dec) blend() bool {
	if len(d.stack) == 0 {
		return false
	}
	if d.numRegions == 0 {
		d.numRegions = d.regions(d.p.Vsindex)
	}
	n := int(d.stack[len(d.stack)-1])
	d.stack, d.isInt = d.stack[:len(d.stack)-1], d.isInt[:len(d.isInt)-1]
	// del stack[-k:] with k = n*regions, in Python's slice arithmetic
	k := n * d.numRegions
	keep := 0
	switch {
	case k > 0:
		keep = len(d.stack) - k
		if keep < 0 {
			keep = 0
		}
	case k < 0:
		keep = -k
		if keep > len(d.stack) {
			keep = len(d.stack)
		}
	}
	d.stack, d.isInt = d.stack[:keep], d.isInt[:keep]
	return true
}

// vsindex is SimpleT2Decompiler.op_vsindex.
func (d *t2dec) vsindex() bool {
	if len(d.stack) == 0 {
		return false
	}
	vi := int(d.stack[len(d.stack)-1])
	d.stack, d.isInt = d.stack[:len(d.stack)-1], d.isInt[:len(d.isInt)-1]
	d.numRegions = d.regions(vi)
	return true
}

// regions returns the region count of ItemVariationData vi (0 when absent).
func (d *t2dec) regions(vi int) int {
	if vi < 0 || vi >= len(d.f.vstore.data) {
		return 0
	}
	return len(d.f.vstore.data[vi])
}

// fixedToStr is fontTools' floatToFixedToStr(v, precisionBits=16)
// (nearestMultipleShortestRepr): the shortest decimal that rounds to the
// same 16.16 value, or "N.0" for whole numbers.
func fixedToStr(v float64) string {
	if v == 0 {
		return "0.0"
	}
	const factor = 1.0 / 65536
	v = otRound(v/factor) * factor
	eps := 0.5 * factor
	lo, hi := v-eps, v+eps
	if math.Trunc(lo) != math.Trunc(hi) {
		return strconv.FormatFloat(math.RoundToEven(v), 'f', 1, 64)
	}
	ls := strconv.FormatFloat(lo, 'f', 8, 64)
	hs := strconv.FormatFloat(hi, 'f', 8, 64)
	i := 0
	for i < len(ls) && i < len(hs) && ls[i] == hs[i] {
		i++
	}
	period := strings.IndexByte(ls, '.')
	return strconv.FormatFloat(v, 'f', i-period, 64)
}

// otRound is fontTools' otRound: floor(v + 0.5).
func otRound(v float64) float64 { return math.Floor(v + 0.5) }
