package asm

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"fontvm/truetype/isa"
)

// ErrSyntax is the sentinel every assembler error wraps.
var ErrSyntax = errors.New("assembly error")

// An Error is an assembler error at a position of the source text.
type Error struct {
	File      string
	Line, Col int // 1-based; Col counts characters
	Msg       string
}

// Error formats the error as file:line:col: message.
func (e *Error) Error() string { return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg) }

// Unwrap returns ErrSyntax, so that errors.Is(err, ErrSyntax) holds for
// every assembly error.
func (e *Error) Unwrap() error { return ErrSyntax }

// Limits of the push instructions.
const (
	MaxPushShort = 8   // values of one PUSHB/PUSHW
	MaxPushN     = 255 // values of one NPUSHB/NPUSHW
)

type assembler struct {
	src  string
	file string
	pos  int
	out  []byte
}

// errAt returns an *Error at byte offset pos of the source, with its
// 1-based line and column (the column counts characters, not bytes) and
// the message formatted as fmt.Sprintf does.
func (a *assembler) errAt(pos int, format string, args ...any) error {
	line := 1 + strings.Count(a.src[:pos], "\n")
	ls := strings.LastIndexByte(a.src[:pos], '\n') + 1
	col := 1 + utf8.RuneCountInString(a.src[ls:pos])
	return &Error{File: a.file, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
}

// isSpace reports whether c is ASCII white space (space, tab, newline,
// carriage return, vertical tab, form feed).
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

// isUpper reports whether c is an ASCII upper-case letter.
func isUpper(c byte) bool { return 'A' <= c && c <= 'Z' }

// isDigit reports whether c is an ASCII decimal digit.
func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// skip skips white space and /* comments */.
func (a *assembler) skip() error {
	for a.pos < len(a.src) {
		c := a.src[a.pos]
		switch {
		case isSpace(c):
			a.pos++
		case c == '/' && strings.HasPrefix(a.src[a.pos:], "/*"):
			end := strings.Index(a.src[a.pos+2:], "*/")
			if end < 0 {
				return a.errAt(a.pos, "unterminated comment")
			}
			a.pos += 2 + end + 2
		default:
			return nil
		}
	}
	return nil
}

// Assemble assembles ttx assembly text into bytecode. filename names the
// source in errors, which read "FILE:LINE:COL: message" (*Error).
//
// It accepts what fontTools 4.38's assembler accepts for valid programs:
// NAME[flags] with exactly the instruction's number of binary flag digits
// (white space around them ignored); PUSHB, PUSHW, NPUSHB, NPUSHW and the
// generic PUSH followed by their values (decimal, optionally negative)
// encoded exactly as named, PUSH choosing the most compact encoding the
// way fontTools does; INSTR<n>[ ] for the raw opcode n; /* comments */
// anywhere between tokens. It also accepts GETDATA[ ] (0x92), and
// PUSHB[abc]/PUSHW[abc] when abc+1 equals the number of values. Where
// fontTools would fail or emit garbage (values out of range, a PUSHB
// with 0 or more than 8 values, INSTR<n> naming a push opcode), Assemble
// returns an error.
func Assemble(src, filename string) ([]byte, error) {
	if filename == "" {
		filename = "<input>"
	}
	a := &assembler{src: src, file: filename, out: make([]byte, 0, len(src)/6+1)}
	for {
		if err := a.skip(); err != nil {
			return nil, err
		}
		if a.pos >= len(a.src) {
			return a.out, nil
		}
		if err := a.instruction(); err != nil {
			return nil, err
		}
	}
}

// instruction assembles the instruction at a.pos, written as ttx writes
// it (fontTools' Program text): NAME[flags] with FlagBits binary digits,
// a push instruction followed by its values (see push), or INSTR<n> for a
// raw non-push opcode n. It appends the bytes to a.out and leaves a.pos
// after the closing bracket; an unknown name, wrong flag digits, a
// missing bracket or a stray value is an *Error at its position.
func (a *assembler) instruction() error {
	start := a.pos
	c := a.src[a.pos]
	if !isUpper(c) {
		if isDigit(c) || c == '-' {
			return a.errAt(start, "value outside a push instruction")
		}
		r, _ := utf8.DecodeRuneInString(a.src[a.pos:])
		return a.errAt(start, "unexpected %q: expected an instruction NAME[flags]", r)
	}
	for a.pos < len(a.src) && (isUpper(a.src[a.pos]) || isDigit(a.src[a.pos])) {
		a.pos++
	}
	name := a.src[start:a.pos]
	for a.pos < len(a.src) && isSpace(a.src[a.pos]) {
		a.pos++
	}
	if a.pos >= len(a.src) || a.src[a.pos] != '[' {
		return a.errAt(start, "expected [ after %s", name)
	}
	open := a.pos
	a.pos++
	cl := strings.IndexAny(a.src[a.pos:], "]\n")
	if cl < 0 || a.src[a.pos+cl] != ']' {
		return a.errAt(open, "missing ] after %s[", name)
	}
	arg := strings.TrimSpace(a.src[a.pos : a.pos+cl])
	argPos := a.pos
	a.pos += cl + 1

	switch name {
	case "PUSH", "PUSHB", "PUSHW", "NPUSHB", "NPUSHW":
		return a.push(name, start, arg, argPos)
	}
	if strings.HasPrefix(name, "INSTR") {
		digits := name[5:]
		n := 0
		for i := 0; i < len(digits); i++ {
			if !isDigit(digits[i]) || n > 255 {
				n = 256
				break
			}
			n = n*10 + int(digits[i]-'0')
		}
		if digits == "" || n > 255 {
			return a.errAt(start, "bad raw opcode %s: want INSTR<n> with n from 0 to 255", name)
		}
		if o := isa.Opcodes[n]; o.Inst != nil && o.Inst.Stream != isa.NoStream {
			return a.errAt(start, "%s is the push opcode %s; write the push instruction with its values", name, o.Variant(byte(n)))
		}
		if arg != "" {
			return a.errAt(argPos, "%s takes no flag digits", name)
		}
		a.out = append(a.out, byte(n))
		return nil
	}
	in := isa.Lookup(name)
	if in == nil {
		return a.errAt(start, "unknown instruction %s", name)
	}
	if len(arg) != in.FlagBits {
		if in.FlagBits == 0 {
			return a.errAt(argPos, "%s takes no flag digits, got %q", name, arg)
		}
		return a.errAt(argPos, "%s takes %d flag digits, got %q", name, in.FlagBits, arg)
	}
	f := 0
	for i := 0; i < len(arg); i++ {
		if arg[i] != '0' && arg[i] != '1' {
			return a.errAt(argPos, "bad flag digits %q for %s: want binary digits", arg, name)
		}
		f = f<<1 | int(arg[i]-'0')
	}
	a.out = append(a.out, in.Lo+byte(f))
	return nil
}

type value struct {
	v   int
	pos int
}

// push reads the values after a push instruction and encodes them.
func (a *assembler) push(name string, start int, arg string, argPos int) error {
	var vals []value
	for {
		if err := a.skip(); err != nil {
			return err
		}
		if a.pos >= len(a.src) {
			break
		}
		c := a.src[a.pos]
		if !isDigit(c) && c != '-' {
			break
		}
		vpos := a.pos
		neg := c == '-'
		if neg {
			a.pos++
		}
		d := a.pos
		v := 0
		for a.pos < len(a.src) && isDigit(a.src[a.pos]) {
			if v < 1<<20 {
				v = v*10 + int(a.src[a.pos]-'0')
			}
			a.pos++
		}
		if a.pos == d {
			return a.errAt(vpos, "expected digits after -")
		}
		if neg {
			v = -v
		}
		vals = append(vals, value{v, vpos})
	}
	lo, hi := -32768, 32767
	if name == "PUSHB" || name == "NPUSHB" {
		lo, hi = 0, 255
	}
	for _, v := range vals {
		if v.v < lo || v.v > hi {
			return a.errAt(v.pos, "%s value %s out of range %d to %d", name, a.src[v.pos:a.valueEnd(v.pos)], lo, hi)
		}
	}
	n := len(vals)
	switch name {
	case "PUSH":
		if arg != "" {
			return a.errAt(argPos, "PUSH takes no flag digits")
		}
		a.pushCompact(vals)
		return nil
	case "NPUSHB", "NPUSHW":
		if arg != "" {
			return a.errAt(argPos, "%s takes no flag digits", name)
		}
		if n > MaxPushN {
			return a.errAt(start, "%s with %d values: at most %d", name, n, MaxPushN)
		}
		op := byte(0x40)
		if name == "NPUSHW" {
			op = 0x41
		}
		a.out = append(a.out, op, byte(n))
		a.emit(vals, name == "NPUSHW")
		return nil
	}
	// PUSHB, PUSHW
	if n < 1 || n > MaxPushShort {
		return a.errAt(start, "%s with %d values: it takes 1 to %d (use NPUSHB/NPUSHW or PUSH)", name, n, MaxPushShort)
	}
	if arg != "" {
		f := 0
		ok := len(arg) == 3
		for i := 0; ok && i < 3; i++ {
			ok = arg[i] == '0' || arg[i] == '1'
			f = f<<1 | int(arg[i]-'0')
		}
		if !ok || f+1 != n {
			return a.errAt(argPos, "%s[%s] does not match its %d values", name, arg, n)
		}
	}
	op := byte(0xB0)
	if name == "PUSHW" {
		op = 0xB8
	}
	a.out = append(a.out, op+byte(n-1))
	a.emit(vals, name == "PUSHW")
	return nil
}

// valueEnd returns the offset just past the value that starts at pos (a
// digit or '-' followed by digits), for quoting it in errors.
func (a *assembler) valueEnd(pos int) int {
	e := pos + 1
	for e < len(a.src) && isDigit(a.src[e]) {
		e++
	}
	return e
}

// emit appends the values to a.out as big-endian 16-bit words when words
// is set, otherwise as single bytes (the low 8 bits); ranges were checked
// by the caller.
func (a *assembler) emit(vals []value, words bool) {
	for _, v := range vals {
		if words {
			a.out = append(a.out, byte(uint16(v.v)>>8), byte(v.v))
		} else {
			a.out = append(a.out, byte(v.v))
		}
	}
}

// isByte reports whether v fits an unsigned byte (0..255), the range of
// PUSHB values.
func isByte(v int) bool { return 0 <= v && v <= 255 }

// pushCompact encodes values as fontTools' PUSH does: runs of words and
// bytes, a run of fewer than two bytes between words written as words.
func (a *assembler) pushCompact(vals []value) {
	for len(vals) > 0 {
		n := len(vals)
		words := 0
		var bytes int
		for {
			for words < n && words < MaxPushN && !isByte(vals[words].v) {
				words++
			}
			bytes = 0
			for words+bytes < n && bytes < MaxPushN && isByte(vals[words+bytes].v) {
				bytes++
			}
			if bytes < 2 && words+bytes < MaxPushN && words+bytes != n {
				words += bytes
				continue
			}
			break
		}
		if words > 0 {
			if words <= MaxPushShort {
				a.out = append(a.out, 0xB8+byte(words-1))
			} else {
				a.out = append(a.out, 0x41, byte(words))
			}
			a.emit(vals[:words], true)
		}
		if bytes > 0 {
			if bytes <= MaxPushShort {
				a.out = append(a.out, 0xB0+byte(bytes-1))
			} else {
				a.out = append(a.out, 0x40, byte(bytes))
			}
			a.emit(vals[words:words+bytes], false)
		}
		vals = vals[words+bytes:]
	}
}
