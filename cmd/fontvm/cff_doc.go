package main

import (
	"fmt"
	"strconv"
	"strings"

	"fontvm/cff"
)

// init registers the "fontvm cff doc" (runCFFDoc) command in the command
// table (see register).
func init() {
	register("cff", "doc", "document a Type 2 charstring operator: fontvm cff doc [NAME|CODE|12.N] (no argument: list all)", runCFFDoc)
}

// runCFFDoc prints the instruction table (cff.Ops): all operators, or one
// by name ("rlineto"), code ("5") or escaped code ("12 35" or "12.35").
func runCFFDoc(args []string) error {
	fs := newFlagSet("cff doc")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	w := cffStdout
	if len(pos) == 0 {
		for i := range cff.Ops {
			o := &cff.Ops[i]
			name := o.Name
			if name == "" {
				name = "(number)"
			}
			fmt.Fprintf(w, "%-6s %-11s %-7s %s\n", o.CodeString(), name, availability(o.In), o.Meaning)
		}
		return nil
	}
	arg := strings.Join(pos, " ")
	o := findOp(arg)
	if o == nil {
		return fmt.Errorf("cff doc: no operator %q", arg)
	}
	name := o.Name
	if name == "" {
		name = "(number)"
	}
	fmt.Fprintf(w, "%s  %s\n\n", name, o.Meaning)
	fmt.Fprintf(w, "%-12s%s\n", "Code", o.CodeString())
	fmt.Fprintf(w, "%-12s%s\n", "Family", o.Family)
	fmt.Fprintf(w, "%-12s%s\n", "In", availability(o.In))
	fmt.Fprintf(w, "%-12s%s\n", "Pops", o.Pops)
	fmt.Fprintf(w, "%-12s%s\n", "Pushes", o.Pushes)
	clears := "no (the operand stack is kept)"
	if o.Clears {
		clears = "yes"
	}
	fmt.Fprintf(w, "%-12s%s\n", "Clears", clears)
	if o.Width {
		fmt.Fprintf(w, "%-12s%s\n", "Width", "as the first stack-clearing operator, may take the advance width (minus nominalWidthX) as an extra first operand")
	}
	if o.Note != "" {
		fmt.Fprintf(w, "%-12s%s\n", "FreeType", o.Note)
	}
	return nil
}

// availability names an Availability.
func availability(a cff.Availability) string {
	switch a {
	case cff.InCFF:
		return "CFF"
	case cff.InCFF2:
		return "CFF2"
	}
	return "CFF+CFF2"
}

// findOp finds an operator by name or code.
func findOp(arg string) *cff.Op {
	if o := cff.LookupOp(arg); o != nil {
		return o
	}
	f := strings.FieldsFunc(arg, func(r rune) bool { return r == ' ' || r == '.' })
	code, esc := -1, -1
	if len(f) >= 1 {
		code, _ = strconv.Atoi(f[0])
	}
	if len(f) == 2 {
		esc, _ = strconv.Atoi(f[1])
	}
	for i := range cff.Ops {
		o := &cff.Ops[i]
		if o.Code == code && o.Escape == esc {
			return o
		}
	}
	return nil
}
