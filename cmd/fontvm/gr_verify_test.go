package main

import (
	"os"
	"path/filepath"
	"testing"

	"fontvm/internal/corpus"
)

func TestGrCommands(t *testing.T) {
	font := filepath.Join(corpus.Graphite2Tests(t), "fonts", "small.ttf")
	data, err := os.ReadFile(font)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.ttf")
	c := append([]byte(nil), data...)
	copy(c, []byte{0, 2, 0, 0}) // sfnt version graphite2 refuses
	if err := os.WriteFile(bad, c, 0o644); err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(dir, "code.gasm")
	os.WriteFile(src, []byte("PushByte 3\nPutSubs 0 12 13\nAttrSet shift_x\nRetZero\n"), 0o644)
	hex := filepath.Join(dir, "code.hex")
	os.WriteFile(hex, []byte("01 03 30"), 0o644)
	for _, c := range []struct {
		args []string
		want int
	}{
		{[]string{"gr", "verify", font}, 0},
		{[]string{"gr", "verify", bad}, 1},
		{[]string{"gr", "verify"}, 2},
		{[]string{"gr", "dump", font}, 0},
		{[]string{"gr", "dump", "-nocode", font}, 0},
		{[]string{"gr", "dump", bad}, 1},
		{[]string{"gr", "doc", "PutSubs"}, 0},
		{[]string{"gr", "doc", "0x3E", "-dialect", "document"}, 0},
		{[]string{"gr", "doc", "-all"}, 0},
		{[]string{"gr", "doc", "NoSuchOp"}, 1},
		{[]string{"gr", "doc", "PutSubs", "-dialect", "klingon"}, 2},
		{[]string{"gr", "asm", src}, 0},
		{[]string{"gr", "asm", "-d", hex}, 0},
		{[]string{"gr", "asm", bad}, 1},
	} {
		if got := run(c.args); got != c.want {
			t.Errorf("%v: status %d, want %d", c.args, got, c.want)
		}
	}
}
