package graphite

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"fontvm/graphite/isa"
	"fontvm/internal/corpus"
)

func init() { catchPanics = false } // tests see panics as failures

// TestGraphite2FuzzCases applies every .fuzz file of graphite2's regression
// suite (lines "status,position,value[,table+offset]": set the byte at file
// offset position to value) to its font and loads the result: each must be
// survived, loaded or refused with a reason, without a panic.
func TestGraphite2FuzzCases(t *testing.T) {
	root := filepath.Join(corpus.Graphite2Tests(t), "fuzz-tests")
	var cases []string
	filepath.Walk(root, func(p string, info os.FileInfo, err error) error {
		if err == nil && strings.HasSuffix(p, ".fuzz") && !strings.Contains(p, "libfuzz-corpus") {
			cases = append(cases, p)
		}
		return nil
	})
	if len(cases) == 0 {
		t.Fatalf("no .fuzz cases under %s", root)
	}
	fonts := map[string][]byte{}
	accepted, refused := 0, 0
	for _, c := range cases {
		rel, _ := filepath.Rel(root, c)
		fontName := strings.SplitN(rel, string(filepath.Separator), 2)[0]
		font, ok := fonts[fontName]
		if !ok {
			b, err := os.ReadFile(filepath.Join(corpus.Graphite2Tests(t), "fonts", fontName+".ttf"))
			if err != nil {
				t.Fatalf("%s: %v", rel, err)
			}
			fonts[fontName], font = b, b
		}
		data := append([]byte(nil), font...)
		f, err := os.Open(c)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		lines := 0
		for sc.Scan() {
			fields := strings.Split(strings.TrimSpace(sc.Text()), ",")
			if len(fields) < 3 {
				continue
			}
			pos, err1 := strconv.ParseInt(strings.ToLower(strings.TrimSpace(fields[1])), 0, 64)
			val, err2 := strconv.ParseInt(strings.ToLower(strings.TrimSpace(fields[2])), 0, 64)
			if err1 != nil || err2 != nil {
				continue // some files carry the reference's valgrind log lines
			}
			if pos < 0 || pos >= int64(len(data)) {
				t.Fatalf("%s: position outside the font in %q", rel, sc.Text())
			}
			data[pos] = byte(val)
			lines++
		}
		f.Close()
		if lines == 0 {
			t.Fatalf("%s: no corruption lines", rel)
		}
		if _, err := Load(data); err != nil {
			refused++
			t.Logf("%s: refused: %v", rel, err)
		} else {
			accepted++
			t.Logf("%s: accepted", rel)
		}
	}
	t.Logf("%d cases: %d accepted, %d refused, none crashed", len(cases), accepted, refused)
}

func fuzzSeeds(f *testing.F) {
	for _, cf := range corpus.GraphiteFonts {
		if b, err := os.ReadFile(cf.Path); err == nil {
			f.Add(b)
		}
	}
	root := filepath.Join(corpus.Root(), "testdata", "graphite2-tests")
	for _, pat := range []string{"fuzz-tests/libfuzz-corpus/*/*.fuzz", "fonts/*.ttf"} {
		ms, _ := filepath.Glob(filepath.Join(root, pat))
		for _, m := range ms {
			if b, err := os.ReadFile(m); err == nil && len(b) < 1<<20 {
				f.Add(b)
			}
		}
	}
}

// FuzzLoad loads arbitrary bytes as a font: never a panic; a loaded face is
// self-consistent.
func FuzzLoad(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		face, err := Load(data)
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("error is not an *Error: %v", err)
			}
			return
		}
		if face.NumGlyphs == 0 || len(face.Silfs) == 0 {
			t.Fatalf("accepted a face without glyphs or Silf")
		}
		for _, s := range face.Silfs {
			for _, p := range s.Passes {
				for _, r := range p.Rules {
					checkCodeInvariants(t, r.Action)
					checkCodeInvariants(t, r.Constraint)
				}
				for _, st := range p.StartStates {
					if int(st) >= p.NumStates {
						t.Fatalf("start state %d out of range", st)
					}
				}
			}
		}
	})
}

func checkCodeInvariants(t *testing.T, c *Code) {
	t.Helper()
	if c == nil {
		return
	}
	if len(c.Instrs) == 0 {
		t.Fatalf("loaded code without instructions")
	}
	switch c.Instrs[len(c.Instrs)-1].Op {
	case isa.PopRet, isa.RetZero, isa.RetTrue:
	default:
		// the last instruction in byte order may sit inside a ContextItem body
		last := c.Instrs[len(c.Instrs)-1]
		t.Fatalf("code does not end with a return: %#x at %d", last.Op, last.PC)
	}
	end := 0
	for _, in := range c.Instrs {
		if in.PC < end-0 && in.PC != end {
			t.Fatalf("instructions overlap at %d", in.PC)
		}
		end = in.PC + 1 + len(in.Args)
		if end > len(c.Raw) {
			t.Fatalf("instruction at %d runs past the code", in.PC)
		}
	}
}

// FuzzCode verifies random bytecode as constraint and action code against
// fixed limits: never a panic; accepted code satisfies graphite2's
// invariants (ends with a return, instructions tile the bytes, stack never
// statically underflows).
func FuzzCode(f *testing.F) {
	f.Add([]byte{isa.PushByte, 3, isa.PopRet}, true, uint8(0), uint8(1), uint8(2))
	f.Add([]byte{isa.PutGlyph, 0, 1, isa.Next, isa.RetZero}, false, uint8(0), uint8(1), uint8(2))
	f.Add([]byte{isa.ContextItem, 0, 3, isa.PushByte, 1, isa.PopRet, isa.RetTrue}, true, uint8(0), uint8(2), uint8(2))
	f.Add([]byte{isa.PushShort, 0, 5, isa.AttrSet, 20, isa.Next, isa.RetZero}, false, uint8(0), uint8(1), uint8(3))
	f.Add([]byte{isa.Assoc, 2, 0, 1, isa.Delete, isa.RetTrue}, false, uint8(1), uint8(3), uint8(2))
	f.Fuzz(func(t *testing.T, code []byte, constraint bool, pre, sortKey, pt uint8) {
		lim := codeLimits{classes: 20, glyfAttrs: 30, features: 4, numUser: 2}
		c, ce := loadCode(constraint, code, int(pre), int(sortKey), lim, PassType(pt%5))
		if ce != nil {
			if c != nil {
				t.Fatalf("failure with code")
			}
			if ce.pc < 0 || ce.pc >= len(code) {
				t.Fatalf("failure pc %d outside the code (%d bytes)", ce.pc, len(code))
			}
			return
		}
		if c == nil {
			if len(code) != 0 {
				t.Fatalf("non-empty code loaded as empty")
			}
			return
		}
		checkCodeInvariants(t, c)
		depth := 0
		for _, in := range c.Instrs {
			op := isa.Lookup(in.Op, isa.Graphite2)
			if op == nil || (constraint && !op.Constraint) || (!constraint && !op.Action) {
				t.Fatalf("accepted illegal opcode %#x", in.Op)
			}
			switch op.Check {
			case isa.CheckPush:
				depth++
			case isa.CheckBinary, isa.CheckPop:
				depth--
			case isa.CheckCond:
				depth -= 2
			}
			if depth < 0 {
				t.Fatalf("accepted stack underflow at %d", in.PC)
			}
		}
		if constraint && (c.Modifies || c.Deletes) {
			t.Fatalf("accepted constraint code that modifies")
		}
	})
}
