// Package gasm is an assembler and disassembler for Graphite stack-machine
// code, in the mnemonics of graphite/isa (the seed document's names, e.g.
// "PushByte 3", "PutSubs 0 12 13", "AttrSet shift_x").
//
// Syntax, one instruction per line:
//
//	[label:] [NNNN:] Mnemonic arg ... [; comment]
//
// Arguments are decimal or 0x-hex numbers, signed or unsigned as the
// parameter is; slot attributes and glyph metrics may be given by name
// (isa.SlotAttrNames, isa.MetricNames). Assoc takes its slot offsets and
// writes the count itself. ContextItem's byte count may be a label: the
// bytes from the end of the ContextItem to the label. ".byte N ..." emits
// raw bytes (to write illegal code for tests). A leading "NNNN:" (the
// disassembler's offset column) is ignored.
//
// The dialect chooses the meaning of 0x3E/0x3F (isa.Graphite2: BitOr,
// BitAnd; isa.Document: BitAnd, BitOr).
package gasm

import (
	"encoding/binary"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"fontvm/graphite/isa"
)

// ErrSyntax is wrapped by every assembler error.
var ErrSyntax = errors.New("gasm: syntax error")

// Line is one disassembled instruction.
type Line struct {
	PC    int
	Bytes []byte
	Text  string // "Mnemonic args", or ".byte ..." for undecodable bytes
	Depth int    // ContextItem nesting (1 inside a guarded body)
}

// Disassemble decodes code into lines. It never fails: bytes that are not
// a complete legal instruction become ".byte" lines.
func Disassemble(code []byte, d isa.Dialect) []Line {
	var out []Line
	ctxEnd := -1
	for pc := 0; pc < len(code); {
		depth := 0
		if pc < ctxEnd {
			depth = 1
		}
		op := isa.Lookup(code[pc], d)
		n := -1
		if op != nil {
			n = op.Size(code[pc:])
		}
		if op == nil || n < 0 || pc+n > len(code) {
			out = append(out, Line{PC: pc, Bytes: code[pc : pc+1], Text: fmt.Sprintf(".byte 0x%02X", code[pc]), Depth: depth})
			pc++
			continue
		}
		out = append(out, Line{PC: pc, Bytes: code[pc : pc+n], Text: FormatInstr(op, code[pc:pc+n]), Depth: depth})
		if op.Code == isa.ContextItem {
			ctxEnd = pc + n + int(code[pc+2])
		}
		pc += n
	}
	return out
}

// FormatInstr formats one instruction (opcode and parameter bytes).
func FormatInstr(op *isa.Op, b []byte) string {
	var s strings.Builder
	s.WriteString(op.Name)
	args := b[1:]
	if op.Varargs {
		for _, v := range args[1:] {
			fmt.Fprintf(&s, " %d", int8(v))
		}
		return s.String()
	}
	for _, p := range op.Params {
		v := readParam(args, p)
		args = args[p.Width:]
		s.WriteByte(' ')
		switch p.Kind {
		case isa.SlotAttr:
			s.WriteString(isa.SlotAttrName(int(v)))
		case isa.Metric:
			s.WriteString(isa.MetricName(int(v)))
		case isa.Mask:
			fmt.Fprintf(&s, "0x%04X", v)
		default:
			s.WriteString(strconv.FormatInt(v, 10))
		}
	}
	return s.String()
}

// readParam decodes parameter p from the start of b: a big-endian value of
// p.Width bytes (1, 2, or otherwise 4), sign-extended when p.Signed. The
// caller guarantees b holds p.Width bytes.
func readParam(b []byte, p isa.Param) int64 {
	switch p.Width {
	case 1:
		if p.Signed {
			return int64(int8(b[0]))
		}
		return int64(b[0])
	case 2:
		v := binary.BigEndian.Uint16(b)
		if p.Signed {
			return int64(int16(v))
		}
		return int64(v)
	default:
		v := binary.BigEndian.Uint32(b)
		if p.Signed {
			return int64(int32(v))
		}
		return int64(v)
	}
}

// Format disassembles code into text, one instruction per line, each with
// its offset ("0003: PushByte 3"); ContextItem bodies are indented.
func Format(code []byte, d isa.Dialect, indent string) string {
	var b strings.Builder
	for _, l := range Disassemble(code, d) {
		fmt.Fprintf(&b, "%s%04d: %s%s\n", indent, l.PC, strings.Repeat("  ", l.Depth), l.Text)
	}
	return b.String()
}

type fixup struct {
	at, base int // byte to patch; the skip counts from base
	label    string
	line     int
}

// Assemble assembles src into bytecode.
func Assemble(src string, d isa.Dialect) ([]byte, error) {
	var out []byte
	labels := map[string]int{}
	var fix []fixup
	for ln, line := range strings.Split(src, "\n") {
		lineNo := ln + 1
		if i := strings.IndexAny(line, ";#"); i >= 0 {
			line = line[:i]
		}
		fields := strings.Fields(line)
		for len(fields) > 0 && strings.HasSuffix(fields[0], ":") {
			name := strings.TrimSuffix(fields[0], ":")
			if _, err := strconv.Atoi(name); err != nil {
				if _, dup := labels[name]; dup {
					return nil, fmt.Errorf("%w: line %d: label %q defined twice", ErrSyntax, lineNo, name)
				}
				labels[name] = len(out)
			}
			fields = fields[1:]
		}
		if len(fields) == 0 {
			continue
		}
		errf := func(format string, a ...any) error {
			return fmt.Errorf("%w: line %d: %s", ErrSyntax, lineNo, fmt.Sprintf(format, a...))
		}
		if fields[0] == ".byte" {
			for _, f := range fields[1:] {
				v, err := strconv.ParseInt(f, 0, 64)
				if err != nil || v < -128 || v > 255 {
					return nil, errf("bad byte %q", f)
				}
				out = append(out, byte(v))
			}
			continue
		}
		op := isa.ByName(fields[0], d)
		if op == nil {
			return nil, errf("unknown instruction %q", fields[0])
		}
		args := fields[1:]
		pc := len(out)
		out = append(out, op.Code)
		if op.Varargs {
			if len(args) > 255 {
				return nil, errf("too many slot offsets")
			}
			out = append(out, byte(len(args)))
			for _, a := range args {
				v, err := parseNum(a, isa.Param{Width: 1, Signed: true})
				if err != nil {
					return nil, errf("%s: %v", op.Name, err)
				}
				out = append(out, byte(v))
			}
			continue
		}
		if len(args) != len(op.Params) {
			return nil, errf("%s takes %d arguments, got %d", op.Name, len(op.Params), len(args))
		}
		for i, p := range op.Params {
			a := args[i]
			var v int64
			var err error
			switch {
			case p.Kind == isa.SlotAttr:
				id, ok := isa.SlotAttrID(a)
				if !ok {
					return nil, errf("unknown slot attribute %q", a)
				}
				v = int64(id)
			case p.Kind == isa.Metric:
				id, ok := isa.MetricID(a)
				if !ok {
					return nil, errf("unknown glyph metric %q", a)
				}
				v = int64(id)
			case p.Kind == isa.Skip && !isNum(a):
				fix = append(fix, fixup{at: len(out), base: pc + 3, label: a, line: lineNo})
			default:
				v, err = parseNum(a, p)
				if err != nil {
					return nil, errf("%s: %v", op.Name, err)
				}
			}
			switch p.Width {
			case 1:
				out = append(out, byte(v))
			case 2:
				out = binary.BigEndian.AppendUint16(out, uint16(v))
			case 4:
				out = binary.BigEndian.AppendUint32(out, uint32(v))
			}
		}
	}
	for _, f := range fix {
		at, ok := labels[f.label]
		if !ok {
			return nil, fmt.Errorf("%w: line %d: undefined label %q", ErrSyntax, f.line, f.label)
		}
		n := at - f.base
		if n < 0 || n > 255 {
			return nil, fmt.Errorf("%w: line %d: label %q is %d bytes away", ErrSyntax, f.line, f.label, n)
		}
		out[f.at] = byte(n)
	}
	return out, nil
}

// isNum reports whether s is an integer literal as strconv.ParseInt reads
// it with base 0 (decimal, 0x hex, 0o/0 octal, 0b binary, optional sign);
// the assembler uses it to tell a numeric skip from a label.
func isNum(s string) bool {
	_, err := strconv.ParseInt(s, 0, 64)
	return err == nil
}

// parseNum parses a number that must fit the parameter: the signed range
// for signed parameters, the unsigned range for unsigned ones. Masks and
// 32-bit values (PushLong) take either, as a bit pattern.
func parseNum(s string, p isa.Param) (int64, error) {
	v, err := strconv.ParseInt(s, 0, 64)
	if err != nil {
		return 0, fmt.Errorf("bad number %q", s)
	}
	bits := uint(8 * p.Width)
	lo, hi := -(int64(1) << (bits - 1)), int64(1)<<bits-1
	switch {
	case p.Kind == isa.Mask || p.Width == 4:
	case p.Signed:
		hi = int64(1)<<(bits-1) - 1
	default:
		lo = 0
	}
	if v < lo || v > hi {
		return 0, fmt.Errorf("%d does not fit %d bits", v, bits)
	}
	return v, nil
}
