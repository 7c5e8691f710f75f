package asm

import (
	"os"
	"path/filepath"
	"testing"
)

func benchCode(b *testing.B) []byte {
	code, err := os.ReadFile(filepath.Join("testdata", "golden", "GoRegular.fpgm.bin"))
	if err != nil {
		b.Fatal(err)
	}
	return code
}

// BenchmarkDecode walks GoRegular's fpgm with Decode (the disassembler's
// and the debugger's tracer's path); it must not allocate.
func BenchmarkDecode(b *testing.B) {
	code := benchCode(b)
	b.ReportAllocs()
	b.SetBytes(int64(len(code)))
	for i := 0; i < b.N; i++ {
		for pc := 0; pc < len(code); {
			_, next, err := Decode(code, pc)
			if err != nil {
				b.Fatal(err)
			}
			pc = next
		}
	}
}

func BenchmarkDisassemble(b *testing.B) {
	code := benchCode(b)
	b.ReportAllocs()
	b.SetBytes(int64(len(code)))
	for i := 0; i < b.N; i++ {
		if _, err := Disassemble(code, nil); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkAssemble(b *testing.B) {
	text, err := Disassemble(benchCode(b), nil)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.SetBytes(int64(len(text)))
	for i := 0; i < b.N; i++ {
		if _, err := Assemble(text, "bench"); err != nil {
			b.Fatal(err)
		}
	}
}
