package asm

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func addGoldenSeeds(f *testing.F, ext string) {
	files, _ := filepath.Glob(filepath.Join("testdata", "golden", "*"+ext))
	for _, file := range files {
		if b, err := os.ReadFile(file); err == nil && len(b) < 4096 {
			if ext == ".ttx" {
				f.Add(string(b))
			} else {
				f.Add(b)
			}
		}
	}
}

// FuzzDisassemble: any bytecode disassembles without panicking; complete
// programs reassemble to the same bytes, truncated ones to the bytes
// before the reported offset.
func FuzzDisassemble(f *testing.F) {
	addGoldenSeeds(f, ".bin")
	for op := 0; op < 256; op++ {
		f.Add(withData(byte(op)))
	}
	f.Add([]byte{0x40, 0})
	f.Add([]byte{0x41, 3, 1})
	f.Add([]byte{0x2C, 0x58, 0x1B, 0x59, 0x2D, 0x2D, 0x89, 0x2D})
	f.Fuzz(func(t *testing.T, code []byte) {
		for _, opts := range []*Options{nil, {Flat: true, ExtendedNames: true}} {
			text, err := Disassemble(code, opts)
			want := code
			if err != nil {
				var de *DecodeError
				if !errors.As(err, &de) || !errors.Is(err, ErrTruncated) {
					t.Fatalf("error %v is not a truncation DecodeError", err)
				}
				want = code[:de.Offset]
			}
			back, aerr := Assemble(text, "fuzz")
			if aerr != nil || !bytes.Equal(back, want) {
				t.Fatalf("% x: text %q reassembles to % x, %v", code, text, back, aerr)
			}
		}
	})
}

// FuzzAssemble: any text assembles or fails with a positioned error,
// without panicking; assembled bytes disassemble and reassemble to
// themselves.
func FuzzAssemble(f *testing.F) {
	addGoldenSeeds(f, ".ttx")
	for _, s := range []string{
		"PUSH[ ] 1 256 -3 4 5", "NPUSHW[ ] /* 2 */ -1 2", "MDRP[11101] MIRP[01101] SVTCA[0] ALIGNRP[ ]",
		"INSTR146[ ] GETDATA[ ]", "PUSHB[010] 1 2 3", "FDEF[ ]\n  IF[ ]\n  ELSE[ ]\n  EIF[ ]\nENDF[ ]",
		"/* unterminated", "PUSHB[ ] 300", "DUP[ ] 5",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		code, err := Assemble(src, "fuzz")
		if err != nil {
			var ae *Error
			if !errors.As(err, &ae) || !strings.HasPrefix(err.Error(), "fuzz:") || ae.Line < 1 || ae.Col < 1 {
				t.Fatalf("error %v is not a positioned *Error", err)
			}
			return
		}
		text, err := Disassemble(code, nil)
		if err != nil {
			t.Fatalf("%q assembles to % x, which does not disassemble: %v", src, code, err)
		}
		back, err := Assemble(text, "fuzz2")
		if err != nil || !bytes.Equal(back, code) {
			t.Fatalf("%q: % x -> %q -> % x, %v", src, code, text, back, err)
		}
	})
}
