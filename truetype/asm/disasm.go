package asm

import (
	"strconv"
	"strings"

	"fontvm/truetype/isa"
)

// Options adjust the disassembly. The zero value writes exactly what
// fontTools 4.38 writes inside a ttx <assembly> element (less the XML
// element's own indentation).
type Options struct {
	// Flat turns off the indentation of FDEF, IF and ELSE bodies.
	Flat bool
	// ExtendedNames writes opcode 0x92 as GETDATA[ ] rather than
	// fontTools 4.38's INSTR146[ ]; fontTools 4.38 cannot assemble it.
	ExtendedNames bool
}

// ValuesPerLine is the number of push values ttx writes on one line.
const ValuesPerLine = 25

// Indent is one level of indentation, as ttx's XML writer writes it.
const Indent = "  "

// Disassemble returns the ttx assembly text of code, one instruction per
// line, each line ending in a newline. opts may be nil.
//
// Malformed bytecode (a truncated push) returns the text of the
// instructions before the bad one, followed by a line
// "/* error: ... */" marking where decoding stopped, and a *DecodeError
// carrying the byte offset. That partial text assembles to the bytes
// before the offset.
func Disassemble(code []byte, opts *Options) (string, error) {
	var o Options
	if opts != nil {
		o = *opts
	}
	var b strings.Builder
	b.Grow(len(code) * 8)
	indent := 0 // as fontTools counts it: may go negative
	pad := func() {
		if !o.Flat {
			for i := 0; i < indent; i++ {
				b.WriteString(Indent)
			}
		}
	}
	for pc := 0; pc < len(code); {
		in, next, err := Decode(code, pc)
		if err != nil {
			pad()
			b.WriteString("/* error: ")
			b.WriteString(err.Error())
			b.WriteString(" */\n")
			return b.String(), err
		}
		pc = next
		op := in.Info
		var dedent, indentAfter bool
		if op != nil {
			switch op.Name {
			case "ELSE":
				dedent, indentAfter = true, true
			case "ENDF", "EIF":
				dedent = true
			case "FDEF", "IF":
				indentAfter = true
			}
		}
		if dedent {
			indent--
		}
		pad()
		switch {
		case op == nil || (op.Name == "GETDATA" && !o.ExtendedNames):
			b.WriteString("INSTR")
			b.WriteString(strconv.Itoa(int(in.Op)))
			b.WriteString("[ ]\n")
		case op.Stream != isa.NoStream:
			n := in.NumValues()
			b.WriteString(op.Name)
			b.WriteString("[ ]\t/* ")
			b.WriteString(strconv.Itoa(n))
			if n == 1 {
				b.WriteString(" value pushed */\n")
			} else {
				b.WriteString(" values pushed */\n")
			}
			for i := 0; i < n; i++ {
				if i%ValuesPerLine == 0 {
					if i > 0 {
						b.WriteByte('\n')
					}
					pad()
				} else {
					b.WriteByte(' ')
				}
				b.WriteString(strconv.Itoa(int(in.Value(i))))
			}
			if n > 0 {
				b.WriteByte('\n')
			}
		default:
			b.WriteString(op.Name)
			b.WriteByte('[')
			b.WriteString(op.FlagString(in.Flags))
			b.WriteString("]\t/* ")
			if op.TTXComment != "" {
				b.WriteString(op.TTXComment)
			} else {
				b.WriteString(strings.ReplaceAll(op.Meaning, " ", ""))
			}
			b.WriteString(" */\n")
		}
		if indentAfter {
			indent++
		}
	}
	return b.String(), nil
}
