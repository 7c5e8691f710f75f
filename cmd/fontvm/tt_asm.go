package main

import (
	"fmt"
	"io"
	"os"

	"fontvm/truetype/asm"
)

// The standard streams of the tt asm, disasm and doc commands (tests
// replace them).
var (
	ttasmStdout io.Writer = os.Stdout
	ttasmStdin  io.Reader = os.Stdin
)

// init registers the "fontvm tt asm" (runTTAsm) command in the command
// table (see register).
func init() {
	register("tt", "asm", "assemble ttx-syntax TrueType assembly: fontvm tt asm [FILE] [-o OUT]", runTTAsm)
}

// runTTAsm implements "fontvm tt asm [FILE] [-o OUT]": it assembles the
// ttx-syntax source in FILE (or stdin, also for "-") with asm.Assemble and
// writes the bytecode to OUT or stdout. Assembly errors carry file, line
// and column.
func runTTAsm(args []string) error {
	fs := newFlagSet("tt asm")
	out := fs.String("o", "", "write the bytecode to `FILE` instead of stdout")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 1 {
		return usagef("usage: fontvm tt asm [FILE] [-o OUT]")
	}
	name := "<stdin>"
	var src []byte
	if len(pos) == 1 && pos[0] != "-" {
		name = pos[0]
		src, err = os.ReadFile(name)
	} else {
		src, err = io.ReadAll(ttasmStdin)
	}
	if err != nil {
		return err
	}
	code, err := asm.Assemble(string(src), name)
	if err != nil {
		return err
	}
	if *out != "" {
		return os.WriteFile(*out, code, 0o644)
	}
	if _, err := ttasmStdout.Write(code); err != nil {
		return fmt.Errorf("writing the bytecode: %w", err)
	}
	return nil
}
