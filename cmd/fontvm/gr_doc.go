package main

import (
	"fmt"
	"os"

	"fontvm/graphite/isa"
)

// init registers the "fontvm gr doc" command: it prints the instruction
// table entry of one Graphite opcode (by name or 0xNN), or of every
// opcode with -all, in the dialect --dialect names.
func init() {
	register("gr", "doc", "print a Graphite instruction's entry (NAME or 0xNN; -all; -dialect document)", func(args []string) error {
		fs := newFlagSet("gr doc")
		all := fs.Bool("all", false, "print every instruction")
		dialect := fs.String("dialect", "graphite2", "meaning of 0x3E/0x3F: graphite2 (default) or document")
		pos, err := parseFlags(fs, args)
		if err != nil {
			return err
		}
		d, err := parseDialect(*dialect)
		if err != nil {
			return err
		}
		if *all {
			if len(pos) != 0 {
				return usagef("usage: fontvm gr doc [-dialect D] NAME|0xNN | -all")
			}
			for i := range isa.Table(d) {
				fmt.Fprint(os.Stdout, isa.Table(d)[i].Format())
			}
			return nil
		}
		if len(pos) != 1 {
			return usagef("usage: fontvm gr doc [-dialect D] NAME|0xNN | -all")
		}
		op := isa.ByName(pos[0], d)
		if op == nil {
			return fmt.Errorf("gr doc: no Graphite instruction %q", pos[0])
		}
		fmt.Fprint(os.Stdout, op.Format())
		return nil
	})
}

// parseDialect maps a --dialect value to isa.Dialect: "graphite2", "g2"
// or empty for graphite2's meaning of 0x3E/0x3F, "document" or "doc" for
// the seed document's; anything else is a usage error.
func parseDialect(s string) (isa.Dialect, error) {
	switch s {
	case "graphite2", "g2", "":
		return isa.Graphite2, nil
	case "document", "doc":
		return isa.Document, nil
	}
	return 0, usagef("unknown dialect %q (graphite2 or document)", s)
}
