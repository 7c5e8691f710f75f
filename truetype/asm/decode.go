// Package asm disassembles and assembles TrueType bytecode in the syntax
// of fontTools' ttx (fontTools 4.38, Lib/fontTools/ttLib/tables/ttProgram.py).
//
// The syntax: one instruction per line as NAME[flags], the flags as binary
// digits ("MIRP[01101]", "SVTCA[0]", "ALIGNRP[ ]"), followed by a
// /* comment */; a push instruction (PUSHB, PUSHW, NPUSHB, NPUSHW) followed
// by its values on the next line(s), 25 a line; INSTR<n>[ ] for an
// undefined opcode n (decimal); FDEF, IF and ELSE bodies indented by two
// spaces. The assembler also accepts the generic PUSH[ ], which picks the
// most compact encoding exactly as fontTools does, and ignores layout and
// comments.
//
// Decode reads one instruction from the table in fontvm/truetype/isa; it
// is what the disassembler and the debugger's TrueType tracer
// (internal/debugui) share.
package asm

import (
	"errors"
	"fmt"

	"fontvm/truetype/isa"
)

// ErrTruncated is the sentinel for bytecode that ends inside an
// instruction (a push without all its values, NPUSHB/NPUSHW without a
// count).
var ErrTruncated = errors.New("truncated instruction")

// A DecodeError reports malformed bytecode at a byte offset.
type DecodeError struct {
	Offset int  // byte offset of the instruction's opcode
	Op     byte // the opcode
	Err    error
	Detail string
}

// Error formats the error as the offset, the opcode in hex and its ttx
// name, the wrapped error and the detail.
func (e *DecodeError) Error() string {
	return fmt.Sprintf("offset %d (0x%02X %s): %v: %s", e.Offset, e.Op, isa.Opcodes[e.Op].Variant(e.Op), e.Err, e.Detail)
}

// Unwrap returns e.Err (ErrTruncated, the only sentinel the decoder uses).
func (e *DecodeError) Unwrap() error { return e.Err }

// An Inst is one decoded instruction. It refers to the bytecode it was
// decoded from and allocates nothing.
type Inst struct {
	PC    int              // offset of the opcode
	Op    byte             // the opcode
	Info  *isa.Instruction // nil for an undefined opcode
	Flags uint8            // flag value (opcode - Info.Lo)
	// Data is the data the instruction takes from the instruction stream
	// (the values of a push instruction, without NPUSHB/NPUSHW's count
	// byte); nil for other instructions.
	Data []byte
}

// Len returns the instruction's length in bytes.
func (in Inst) Len() int {
	n := 1 + len(in.Data)
	if in.Info != nil && (in.Info.Stream == isa.NBytes || in.Info.Stream == isa.NWords) {
		n++
	}
	return n
}

// NumValues returns the number of values a push instruction pushes (0
// for other instructions).
func (in Inst) NumValues() int {
	if in.Info == nil {
		return 0
	}
	switch in.Info.Stream {
	case isa.Bytes, isa.NBytes:
		return len(in.Data)
	case isa.Words, isa.NWords:
		return len(in.Data) / 2
	}
	return 0
}

// Value returns a push instruction's ith value: a byte zero-extended, or
// a word sign-extended, as the interpreter pushes it.
func (in Inst) Value(i int) int32 {
	switch in.Info.Stream {
	case isa.Words, isa.NWords:
		return int32(int16(uint16(in.Data[2*i])<<8 | uint16(in.Data[2*i+1])))
	}
	return int32(in.Data[i])
}

// Name returns the instruction as ttx names it, e.g. "MDRP[11101]",
// "PUSHB[ ]" or "INSTR146[ ]".
func (in Inst) Name() string {
	if in.Info == nil {
		return fmt.Sprintf("INSTR%d[ ]", in.Op)
	}
	if in.Info.Stream != isa.NoStream {
		return in.Info.Name + "[ ]"
	}
	return in.Info.Name + "[" + in.Info.FlagString(in.Flags) + "]"
}

// String returns the instruction on one line, a push with its values:
// "PUSHB[ ] 3 4 5".
func (in Inst) String() string {
	s := in.Name()
	for i := 0; i < in.NumValues(); i++ {
		s += fmt.Sprintf(" %d", in.Value(i))
	}
	return s
}

// Decode decodes the instruction at code[pc] and returns it and the
// offset of the next instruction. pc must be in [0, len(code)). Undefined
// opcodes decode as one-byte instructions with a nil Info. A push
// instruction that runs past the end of code returns an error wrapping
// ErrTruncated, with the instruction decoded as far as possible.
func Decode(code []byte, pc int) (Inst, int, error) {
	if pc < 0 || pc >= len(code) {
		return Inst{PC: pc}, pc, fmt.Errorf("asm: decode at offset %d outside the %d-byte program", pc, len(code))
	}
	op := code[pc]
	o := isa.Opcodes[op]
	in := Inst{PC: pc, Op: op, Info: o.Inst, Flags: o.Flags}
	if o.Inst == nil || o.Inst.Stream == isa.NoStream {
		return in, pc + 1, nil
	}
	start, n := pc+1, 0
	switch o.Inst.Stream {
	case isa.Bytes:
		n = int(o.Flags) + 1
	case isa.Words:
		n = 2 * (int(o.Flags) + 1)
	case isa.NBytes, isa.NWords:
		if start >= len(code) {
			return in, len(code), &DecodeError{Offset: pc, Op: op, Err: ErrTruncated, Detail: "missing the count byte"}
		}
		n = int(code[start])
		if o.Inst.Stream == isa.NWords {
			n *= 2
		}
		start++
	}
	if end := start + n; end > len(code) {
		in.Data = code[start:len(code):len(code)]
		return in, len(code), &DecodeError{Offset: pc, Op: op, Err: ErrTruncated,
			Detail: fmt.Sprintf("needs %d data bytes, %d left", n, len(code)-start)}
	}
	in.Data = code[start : start+n : start+n]
	return in, start + n, nil
}
