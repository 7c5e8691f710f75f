package main

import (
	"fmt"
	"io"
	"strings"

	"fontvm/truetype/isa"
)

// init registers the "fontvm tt doc" (runTTDoc) command in the command
// table (see register).
func init() {
	register("tt", "doc", "document a TrueType instruction: fontvm tt doc NAME|NAME[flags]|0xNN (no argument: list all)", runTTDoc)
}

// runTTDoc implements "fontvm tt doc": without an argument it lists every
// instruction (listInstructions); with NAME, NAME[flags] or 0xNN it
// prints that instruction's entry (writeDoc), or a note for an undefined
// opcode (writeUndefined).
func runTTDoc(args []string) error {
	fs := newFlagSet("tt doc")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	switch len(pos) {
	case 0:
		listInstructions(ttasmStdout)
		return nil
	case 1:
	default:
		return usagef("usage: fontvm tt doc [NAME|NAME[flags]|0xNN]")
	}
	arg := pos[0]
	if !strings.HasPrefix(strings.ToLower(arg), "0x") {
		arg = strings.ToUpper(arg) // tt doc mdrp[11101] is MDRP[11101]
	}
	in, op, ok, err := isa.ParseVariant(arg)
	if err != nil {
		return err
	}
	if in == nil {
		writeUndefined(ttasmStdout, op)
		return nil
	}
	writeDoc(ttasmStdout, in, op, ok)
	return nil
}

// listInstructions writes one line per instruction of isa.Instructions
// (opcode range, NAME[flag letters], meaning), then the list of undefined
// opcodes.
func listInstructions(w io.Writer) {
	for i := range isa.Instructions {
		in := &isa.Instructions[i]
		rng := fmt.Sprintf("0x%02X", in.Lo)
		if in.Hi != in.Lo {
			rng += fmt.Sprintf("-0x%02X", in.Hi)
		}
		fmt.Fprintf(w, "%-10s %-20s %s\n", rng, signature(in), in.Meaning)
	}
	var undef []string
	for op := 0; op < 256; op++ {
		if !isa.Opcodes[op].Defined() {
			undef = append(undef, fmt.Sprintf("0x%02X", op))
		}
	}
	fmt.Fprintf(w, "undefined (INSTR<n>[ ]): %s\n", strings.Join(undef, " "))
}

// signature is NAME[letters], e.g. MDRP[abcde], or NAME[ ].
func signature(in *isa.Instruction) string {
	var l strings.Builder
	for _, f := range in.Flags {
		l.WriteString(f.Letter)
	}
	if l.Len() == 0 {
		return in.Name + "[ ]"
	}
	return in.Name + "[" + l.String() + "]"
}

// writeUndefined writes the entry of undefined opcode op: its ttx name
// INSTR<n>, FreeType's stack counts for it (0 and 0) and what FreeType
// does with it (runs its IDEF, or fails with Invalid_Opcode).
func writeUndefined(w io.Writer, op byte) {
	fmt.Fprintf(w, "INSTR%d[ ]  undefined opcode 0x%02X\n\n", op, op)
	fmt.Fprintf(w, "%-12s%s\n", "Code Range", fmt.Sprintf("0x%02X", op))
	fmt.Fprintf(w, "%-12s%s\n", "Stack", "FreeType's table: pops 0, pushes 0")
	fmt.Fprintf(w, "%-12s%s\n", "Note", "FreeType runs the IDEF defined for this opcode, if any; otherwise the program fails with an invalid-opcode error. ttx writes it INSTR<n>[ ] (n decimal).")
}

// writeDoc writes the entry of instruction in: flags, stack effects as
// the instruction set describes them and as FreeType's tables count them,
// what it uses and sets, its family and notes; when variant is set, also
// the variant row: the single opcode op asked for, with its flags and
// FreeType's stack counts.
func writeDoc(w io.Writer, in *isa.Instruction, op byte, variant bool) {
	fmt.Fprintf(w, "%s  %s\n\n", signature(in), in.Meaning)
	row := func(label string, lines []string) {
		if len(lines) == 0 {
			lines = []string{"-"}
		}
		for i, l := range lines {
			if i == 0 {
				fmt.Fprintf(w, "%-12s%s\n", label, l)
			} else {
				fmt.Fprintf(w, "%-12s%s\n", "", l)
			}
		}
	}
	rng := fmt.Sprintf("0x%02X", in.Lo)
	if in.Hi != in.Lo {
		rng += fmt.Sprintf(" - 0x%02X", in.Hi)
	}
	row("Code Range", []string{rng})
	var flags []string
	for _, f := range in.Flags {
		flags = append(flags, f.Letter+": "+f.Meaning)
	}
	row("Flags", flags)
	row("From IS", []string{in.FromIS})
	row("Pops", in.PopsDoc)
	row("Pushes", in.PushesDoc)
	row("Uses", in.Uses)
	row("Sets", in.Sets)
	stack := "FreeType's table: "
	switch {
	case in.Stream == isa.Bytes || in.Stream == isa.Words:
		stack += fmt.Sprintf("pops 0, pushes 1 to %d (abc+1) by opcode", in.Hi-in.Lo+1)
	case in.Pushes == isa.Variable:
		stack += fmt.Sprintf("pops %d, pushes 0; the real count is decided at run time", in.Pops)
	default:
		stack += fmt.Sprintf("pops %d, pushes %d", in.Pops, in.Pushes)
	}
	if in.Loop {
		stack += "; loops (pops one point per loop iteration)"
	}
	lines := []string{stack}
	if in.StackNote != "" {
		lines = append(lines, in.StackNote)
	}
	row("Stack", lines)
	row("Family", []string{string(in.Family)})
	if in.Note != "" {
		row("Note", []string{in.Note})
	}
	if variant {
		o := isa.Opcodes[op]
		name := o.Variant(op)
		if in.Stream == isa.Bytes || in.Stream == isa.Words {
			name = fmt.Sprintf("%s[%s] (ttx writes %s[ ] and %d values)", in.Name, in.FlagString(o.Flags), in.Name, o.Flags+1)
		}
		if in.Name == "GETDATA" {
			name += " (fontTools 4.38 writes INSTR146[ ])"
		}
		row("Variant", []string{fmt.Sprintf("%s = 0x%02X; FreeType's table: pops %d, pushes %d", name, op, o.Pops, o.Pushes)})
	}
}
