// Package isa is the TrueType instruction set as data.
//
// Instructions holds one entry per TrueType instruction, in the form the
// TrueType reference uses to specify an instruction (see the seed document
// "Anatomy of a TrueType Instruction"): name, what the mnemonic stands for,
// code range, flag bits and their meaning, From IS, Pops, Pushes, Uses and
// Sets. The set is the TrueType reference's plus the OpenType 1.9
// additions GETVARIATION (0x91) and GETDATA (0x92).
//
// Opcodes maps each of the 256 opcodes to its instruction and flag value,
// or marks it undefined. Its Pops and Pushes are exactly FreeType 2.12.1's
// Pop_Push_Count table (src/truetype/ttinterp.c): the number of stack
// elements FreeType checks for and removes before running the
// instruction, and the number of slots the stack holds after it, so an
// interpreter can do FreeType's stack check from this table. Where the
// TrueType reference counts differently (looping instructions, DELTA*,
// MINDEX, CLEAR, the push instructions, GETVARIATION), the entry's
// StackNote says so.
//
// Where the TrueType reference and FreeType disagree, the table follows
// FreeType and says so in the entry's StackNote or Note:
//
//   - stack counts: SHP, IP, ALIGNRP, FLIPPT pop 0 in FreeType's table and
//     SHPIX 1 (the loop points are popped while running); DELTAP1-3 and
//     DELTAC1-3 pop 1 (n; the 2n pairs are popped while running); CLEAR
//     pops 0; MINDEX pops 1 and pushes 0 (the reference: pops k, pushes
//     ek); NPUSHB/NPUSHW have 0, 0; PUSHB/PUSHW push 1 to 8 by opcode;
//     GETVARIATION has 0, 0 and pushes the axis count at run time;
//     GETDATA pushes 1 in every font;
//   - MD[a]: FreeType measures the original outline for MD[0] and the
//     current one for MD[1]; the Apple reference says the opposite;
//   - FLIPPT, FLIPRGON, FLIPRGOFF and IUP: FreeType works on the glyph
//     zone whatever zp0/zp2 point to;
//   - GETVARIATION and GETDATA run only for fonts with variations; other
//     fonts get the IDEF for the opcode, or an invalid-opcode error.
//
// Names are spelled as fontTools 4.38 (ttx) writes them; the disassembler
// in fontvm/truetype/asm, the verifier and the interpreter read this table.
package isa

import (
	"fmt"
	"strings"
)

// Variable marks an Instruction's Pops or Pushes that is not one number
// for all its opcodes or is decided at run time (see StackNote and
// Opcodes for the exact per-opcode values).
const Variable = -1

// A Family groups instructions for documentation and for the layout of
// the interpreter (one file per family).
type Family string

// The instruction families.
const (
	FamilyPush         Family = "push"
	FamilyStorage      Family = "storage and CVT"
	FamilyStack        Family = "stack"
	FamilyGraphicState Family = "graphics state"
	FamilyRounding     Family = "rounding"
	FamilyArithmetic   Family = "arithmetic and logic"
	FamilyControl      Family = "control flow and functions"
	FamilyMeasure      Family = "measurement and information"
	FamilyPointMove    Family = "point moves"
	FamilyOutline      Family = "outline flags"
	FamilyDelta        Family = "deltas"
	FamilyObsolete     Family = "obsolete"
)

// Stream tells how an instruction takes data from the instruction stream.
type Stream uint8

// The ways of reading the instruction stream.
const (
	NoStream Stream = iota // the opcode alone
	Bytes                  // count in the opcode's flag bits + 1; that many bytes
	Words                  // count in the opcode's flag bits + 1; that many big-endian int16
	NBytes                 // a count byte n, then n bytes
	NWords                 // a count byte n, then n big-endian int16
)

// A Flag documents one flag digit (or a group of digits read as one
// number) of an instruction's bracketed flag list.
type Flag struct {
	Letter  string // "a", "b", ... or "de" for a group, as the reference names them
	Meaning string // what the values mean, e.g. "0: do not round; 1: round"
}

// An Instruction is one entry of the instruction set: a mnemonic and all
// its variants (one per flag value).
type Instruction struct {
	Name    string // mnemonic as fontTools' ttx writes it, e.g. "MDRP"
	Meaning string // what the mnemonic stands for, e.g. "Move Direct Relative Point"
	// TTXComment is the descriptive name fontTools 4.38 writes in the
	// disassembly comment ("MoveDirectRelPt"); empty for the push
	// instructions (their comment counts values) and for instructions
	// fontTools 4.38 does not know (GETDATA), which it writes as INSTR<n>.
	TTXComment string
	Lo, Hi     byte   // code range: Lo + flag value is the opcode
	FlagBits   int    // number of binary flag digits; Hi-Lo+1 == 1<<FlagBits
	Flags      []Flag // meaning of the flag digits, most significant first
	Stream     Stream // data taken from the instruction stream
	FromIS     string // "From IS" of the reference, "-" for none
	// Pops and Pushes are FreeType's Pop_Push_Count for every opcode of
	// the instruction, or Variable when they differ per opcode (PUSHB,
	// PUSHW) or are decided at run time (GETVARIATION pushes the axis
	// count). Opcodes holds the exact per-opcode values.
	Pops, Pushes int
	PopsDoc      []string // the reference's Pops, top of stack first, "name: description"
	PushesDoc    []string // the reference's Pushes, in push order
	// Loop reports that the instruction repeats loop times (the loop
	// graphics state variable), popping one more point per repetition
	// beyond Pops, and resets loop to 1.
	Loop      bool
	StackNote string   // how the real stack effect differs from Pops/Pushes, and why
	Uses      []string // graphics state (and other state) the instruction reads
	Sets      []string // graphics state (and other state) the instruction writes
	Family    Family
	Note      string // other remarks: OpenType additions, disagreements between references
}

// Opcode describes one of the 256 opcodes.
type Opcode struct {
	Inst  *Instruction // nil: undefined (FreeType runs a matching IDEF or fails)
	Flags uint8        // flag value: opcode - Inst.Lo
	// Pops and Pushes are FreeType 2.12.1's Pop_Push_Count for the opcode:
	// the interpreter checks that Pops elements are on the stack, and the
	// stack holds top-Pops+Pushes elements after the instruction
	// (GETVARIATION: the axis count instead of Pushes, when the font has
	// variations). Undefined opcodes have 0, 0.
	Pops, Pushes int
	// Length is FreeType 2.12.1's opcode_length for the opcode: the
	// instruction's size in bytes, opcode included (PUSHB[n]: 2+n,
	// PUSHW[n]: 3+2n, others 1), or for NPUSHB -1 and for NPUSHW -2, whose
	// size is 2 - Length times the count byte that follows the opcode.
	Length int
}

// Defined reports whether the opcode belongs to an instruction.
func (o Opcode) Defined() bool { return o.Inst != nil }

// Opcodes maps every opcode to its instruction variant.
var Opcodes [256]Opcode

var byName = map[string]*Instruction{}

// init fills Opcodes from Instructions: every opcode covered by an
// instruction's range gets its flag value, stack pops and pushes and its
// length in bytes (FreeType's opcode_length: negative for NPUSHB/NPUSHW,
// whose length is in the stream; Pop_Push_Count's 0 for GETVARIATION's
// variable push count); undefined opcodes have length 1. It also indexes
// the instructions by mnemonic for Lookup.
func init() {
	for op := range Opcodes {
		Opcodes[op].Length = 1 // undefined opcodes: FreeType's opcode_length is 1
	}
	for i := range Instructions {
		in := &Instructions[i]
		byName[in.Name] = in
		for op := int(in.Lo); op <= int(in.Hi); op++ {
			f := uint8(op - int(in.Lo))
			pops, pushes, length := in.Pops, in.Pushes, 1
			switch in.Stream {
			case Bytes:
				pushes, length = int(f)+1, int(f)+2
			case Words:
				pushes, length = int(f)+1, 2*int(f)+3
			case NBytes:
				length = -1
			case NWords:
				length = -2
			}
			if pushes == Variable { // GETVARIATION: FreeType's table holds 0
				pushes = 0
			}
			Opcodes[op] = Opcode{Inst: in, Flags: f, Pops: pops, Pushes: pushes, Length: length}
		}
	}
}

// Lookup returns the instruction with the given mnemonic, spelled as ttx
// writes it (upper case), or nil.
func Lookup(name string) *Instruction { return byName[name] }

// FlagString returns the bracket contents ttx writes for flag value f:
// FlagBits binary digits, most significant first, or " " for an
// instruction without flags.
func (in *Instruction) FlagString(f uint8) string {
	if in.FlagBits == 0 {
		return " "
	}
	var b [8]byte
	for i := 0; i < in.FlagBits; i++ {
		b[in.FlagBits-1-i] = '0' + (f>>i)&1
	}
	return string(b[:in.FlagBits])
}

// Variant returns the opcode's name with its flag digits, e.g.
// "MDRP[11101]", "SVTCA[0]", "DUP[ ]"; "INSTR<n>[ ]" when undefined.
func (o Opcode) Variant(op byte) string {
	if o.Inst == nil {
		return fmt.Sprintf("INSTR%d[ ]", op)
	}
	return o.Inst.Name + "[" + o.Inst.FlagString(o.Flags) + "]"
}

// ParseVariant parses "NAME", "NAME[digits]" or "0xNN" and returns the
// instruction and, when the text selects one opcode, that opcode. A bare
// NAME of an instruction with flags selects no opcode (ok false). For
// the push instructions PUSHB[abc]/PUSHW[abc] the digits are the value
// count minus one.
func ParseVariant(s string) (in *Instruction, op byte, ok bool, err error) {
	s = strings.TrimSpace(s)
	if len(s) > 2 && (s[:2] == "0x" || s[:2] == "0X") {
		var v uint64
		for _, c := range s[2:] {
			d := strings.IndexRune("0123456789abcdef", c|0x20)
			if d < 0 || v > 0xff {
				return nil, 0, false, fmt.Errorf("isa: bad opcode %q", s)
			}
			v = v*16 + uint64(d)
		}
		if v > 0xff {
			return nil, 0, false, fmt.Errorf("isa: opcode %q out of range 0x00-0xFF", s)
		}
		return Opcodes[v].Inst, byte(v), true, nil
	}
	name, digits, hasBr := s, "", false
	if i := strings.IndexByte(s, '['); i >= 0 {
		if !strings.HasSuffix(s, "]") {
			return nil, 0, false, fmt.Errorf("isa: bad instruction %q: missing ]", s)
		}
		name, digits, hasBr = strings.TrimSpace(s[:i]), strings.TrimSpace(s[i+1:len(s)-1]), true
	}
	in = Lookup(name)
	if in == nil {
		if u := Lookup(strings.ToUpper(name)); u != nil {
			return nil, 0, false, fmt.Errorf("isa: unknown instruction %q (did you mean %s?)", name, u.Name)
		}
		return nil, 0, false, fmt.Errorf("isa: unknown instruction %q", name)
	}
	if !hasBr || (digits == "" && in.FlagBits > 0) {
		if in.FlagBits == 0 {
			return in, in.Lo, true, nil
		}
		return in, 0, false, nil
	}
	if len(digits) != in.FlagBits {
		return nil, 0, false, fmt.Errorf("isa: %s takes %d flag digits, not %q", in.Name, in.FlagBits, digits)
	}
	var f int
	for _, c := range digits {
		if c != '0' && c != '1' {
			return nil, 0, false, fmt.Errorf("isa: bad flag digits %q for %s", digits, in.Name)
		}
		f = f<<1 | int(c-'0')
	}
	return in, in.Lo + byte(f), true, nil
}
