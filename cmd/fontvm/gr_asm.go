package main

import (
	"fmt"
	"io"
	"os"

	"fontvm/graphite/gasm"
)

// init registers the "fontvm gr asm" command: it assembles Graphite code
// (a file, or - for stdin) and prints its bytes in hex, or with -d
// disassembles hex bytes; --dialect picks the meaning of 0x3E/0x3F.
func init() {
	register("gr", "asm", "assemble Graphite code (file or - for stdin) and print its bytes in hex; -d disassembles hex", func(args []string) error {
		fs := newFlagSet("gr asm")
		dis := fs.Bool("d", false, "disassemble: the input is hex bytes")
		dialect := fs.String("dialect", "graphite2", "meaning of 0x3E/0x3F: graphite2 (default) or document")
		pos, err := parseFlags(fs, args)
		if err != nil {
			return err
		}
		if len(pos) != 1 {
			return usagef("usage: fontvm gr asm [-d] [-dialect D] FILE|-")
		}
		d, err := parseDialect(*dialect)
		if err != nil {
			return err
		}
		var src []byte
		if pos[0] == "-" {
			src, err = io.ReadAll(os.Stdin)
		} else {
			src, err = os.ReadFile(pos[0])
		}
		if err != nil {
			return err
		}
		if *dis {
			code, err := parseHex(string(src))
			if err != nil {
				return err
			}
			fmt.Print(gasm.Format(code, d, ""))
			return nil
		}
		code, err := gasm.Assemble(string(src), d)
		if err != nil {
			return err
		}
		for i, b := range code {
			if i > 0 {
				fmt.Print(" ")
			}
			fmt.Printf("%02X", b)
		}
		fmt.Println()
		return nil
	})
}

// parseHex reads bytes written as hex digit pairs, in groups separated by
// spaces, tabs, newlines or commas; a group with an odd number of digits
// or any other character is an error.
func parseHex(s string) ([]byte, error) {
	var out []byte
	var cur []byte
	flush := func() error {
		if len(cur) == 0 {
			return nil
		}
		if len(cur)%2 != 0 {
			return fmt.Errorf("gr asm: odd number of hex digits in %q", string(cur))
		}
		for i := 0; i < len(cur); i += 2 {
			var v byte
			fmt.Sscanf(string(cur[i:i+2]), "%02x", &v)
			out = append(out, v)
		}
		cur = cur[:0]
		return nil
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9', c >= 'a' && c <= 'f', c >= 'A' && c <= 'F':
			cur = append(cur, c)
		case c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == ',':
			if err := flush(); err != nil {
				return nil, err
			}
		default:
			return nil, fmt.Errorf("gr asm: not a hex digit: %q", c)
		}
	}
	return out, flush()
}
