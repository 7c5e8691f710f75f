// Command fontvm runs, inspects and checks the bytecode inside fonts:
// TrueType hinting instructions and Graphite rules.
//
// Usage:
//
//	fontvm <group> <command> [arguments]
//	fontvm <command> [arguments]
//
// Exit status: 0 on success, 1 on an error (one line on stderr), 2 on a
// usage error.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

// A command is one subcommand of the CLI. Each area of fontvm registers its
// commands from its own file with register, in an init function.
type command struct {
	group   string // "tt", "gr", or "" for top-level commands
	name    string
	summary string
	run     func(args []string) error
}

var commands = map[string]*command{}

// key is the commands map's key of a command: its group and name joined
// by a space (" name" for a top-level command).
func key(group, name string) string { return group + " " + name }

// register adds a command. group is "tt", "gr" or "" (top level).
func register(group, name, summary string, run func(args []string) error) {
	k := key(group, name)
	if _, dup := commands[k]; dup {
		panic("fontvm: command registered twice: " + k)
	}
	commands[k] = &command{group: group, name: name, summary: summary, run: run}
}

// usageError marks an error as a usage error (exit status 2).
type usageError struct{ msg string }

// Error returns the usage message.
func (e *usageError) Error() string { return e.msg }

// usagef returns a usage error.
func usagef(format string, args ...any) error {
	return &usageError{fmt.Sprintf(format, args...)}
}

// newFlagSet returns a flag set that reports problems as usage errors and
// prints nothing by itself.
func newFlagSet(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs
}

// parseFlags parses args with fs, allowing flags after positional
// arguments, and converts failures to usage errors.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, usagef("usage: fontvm %s [flags]\n%s", fs.Name(), flagDefaults(fs))
			}
			return nil, usagef("%s: %v", fs.Name(), err)
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		if rest[0] == "--" {
			return append(pos, rest[1:]...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// flagDefaults returns the flag set's defaults as flag.PrintDefaults
// writes them, leaving fs silent again afterwards.
func flagDefaults(fs *flag.FlagSet) string {
	var b strings.Builder
	fs.SetOutput(&b)
	fs.PrintDefaults()
	fs.SetOutput(io.Discard)
	return b.String()
}

// printUsage writes the command line's form and every registered command
// with its summary, sorted by group and name, to w.
func printUsage(w io.Writer) {
	fmt.Fprintln(w, "usage: fontvm <command> [arguments]")
	fmt.Fprintln(w, "\ncommands:")
	keys := make([]string, 0, len(commands))
	for k := range commands {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		c := commands[k]
		fmt.Fprintf(w, "  %-16s %s\n", strings.TrimSpace(k), c.summary)
	}
}

// main runs the command line and exits with run's status.
func main() {
	os.Exit(run(os.Args[1:]))
}

// run executes one command line and returns the exit status.
func run(args []string) (status int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(os.Stderr, "fontvm: internal error: %v\n", r)
			status = 1
		}
	}()
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		printUsage(os.Stderr)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	var c *command
	var rest []string
	if len(args) >= 2 {
		if cc, ok := commands[key(args[0], args[1])]; ok {
			c, rest = cc, args[2:]
		}
	}
	if c == nil {
		if cc, ok := commands[key("", args[0])]; ok {
			c, rest = cc, args[1:]
		}
	}
	if c == nil {
		fmt.Fprintf(os.Stderr, "fontvm: unknown command %q\n", strings.Join(args[:min(2, len(args))], " "))
		printUsage(os.Stderr)
		return 2
	}
	if err := c.run(rest); err != nil {
		var ue *usageError
		if errors.As(err, &ue) {
			fmt.Fprintf(os.Stderr, "fontvm: %s\n", ue.msg)
			return 2
		}
		fmt.Fprintf(os.Stderr, "fontvm: %s\n", oneLine(err.Error()))
		return 1
	}
	return 0
}

// oneLine folds s onto one line: newlines become spaces and runs of white
// space one space, so that every error is one line on stderr.
func oneLine(s string) string {
	return strings.Join(strings.Fields(strings.ReplaceAll(s, "\n", " ")), " ")
}
