package asm

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"fontvm/truetype/isa"
)

// withData returns a program holding opcode op and the stream data it
// needs (pushes get values 1, 2, ...; words are negative to exercise
// sign extension).
func withData(op byte) []byte {
	code := []byte{op}
	o := isa.Opcodes[op]
	if o.Inst == nil {
		return code
	}
	switch o.Inst.Stream {
	case isa.Bytes:
		for i := 0; i <= int(o.Flags); i++ {
			code = append(code, byte(i+1))
		}
	case isa.Words:
		for i := 0; i <= int(o.Flags); i++ {
			code = append(code, 0xFF, byte(0xF0+i))
		}
	case isa.NBytes:
		code = append(code, 3, 0, 128, 255)
	case isa.NWords:
		code = append(code, 2, 0x80, 0x00, 0x7F, 0xFF)
	}
	return code
}

// TestEveryOpcodeRoundTrips disassembles and reassembles each opcode
// 0x00-0xFF, alone and between other instructions.
func TestEveryOpcodeRoundTrips(t *testing.T) {
	var all []byte
	for op := 0; op < 256; op++ {
		code := withData(byte(op))
		all = append(all, code...)
		text, err := Disassemble(code, nil)
		if err != nil {
			t.Errorf("0x%02X: %v", op, err)
			continue
		}
		o := isa.Opcodes[op]
		var want string
		switch {
		case o.Inst == nil || o.Inst.Name == "GETDATA":
			want = fmt.Sprintf("INSTR%d[ ]\n", op)
		case o.Inst.Stream != isa.NoStream:
			want = o.Inst.Name + "[ ]\t/* "
		default:
			want = o.Variant(byte(op)) + "\t/* " + o.Inst.TTXComment + " */\n"
		}
		if !strings.HasPrefix(text, want) {
			t.Errorf("0x%02X: disassembly %q, want prefix %q", op, text, want)
		}
		back, err := Assemble(text, "op")
		if err != nil || !bytes.Equal(back, code) {
			t.Errorf("0x%02X: %q reassembles to % x, %v; want % x", op, text, back, err, code)
		}
		// ExtendedNames and Flat round-trip too.
		text2, err := Disassemble(code, &Options{ExtendedNames: true, Flat: true})
		if err != nil {
			t.Fatal(err)
		}
		if back, err := Assemble(text2, "op"); err != nil || !bytes.Equal(back, code) {
			t.Errorf("0x%02X: extended %q reassembles to % x, %v", op, text2, back, err)
		}
	}
	text, err := Disassemble(all, nil)
	if err != nil {
		t.Fatal(err)
	}
	if back, err := Assemble(text, "all"); err != nil || !bytes.Equal(back, all) {
		t.Fatalf("all opcodes: reassembly differs: %v", err)
	}
	if s, _ := Disassemble([]byte{0x92}, &Options{ExtendedNames: true}); s != "GETDATA[ ]\t/* GETDATA */\n" {
		t.Errorf("GETDATA extended: %q", s)
	}
}

func TestDisassembleLayout(t *testing.T) {
	code := []byte{
		0xB1, 1, 2, // PUSHB[ ] 1 2
		0x2C,             // FDEF
		0x58,             // IF
		0xB8, 0xFF, 0xFE, // PUSHW -2
		0x1B,    // ELSE
		0x40, 0, // NPUSHB 0 values
		0x59,                         // EIF
		0x2D,                         // ENDF
		0x89, 0x20, 0x2D, 0x2D, 0x21, // IDEF DUP ENDF ENDF POP: fontTools' indent goes negative
		0x2C, 0x21, 0x2D, // FDEF POP ENDF
		0xDD, 0xED, 0x00, 0x3C, 0x28,
	}
	want := "PUSHB[ ]\t/* 2 values pushed */\n1 2\n" +
		"FDEF[ ]\t/* FunctionDefinition */\n" +
		"  IF[ ]\t/* If */\n" +
		"    PUSHW[ ]\t/* 1 value pushed */\n    -2\n" +
		"  ELSE[ ]\t/* Else */\n" +
		"    NPUSHB[ ]\t/* 0 values pushed */\n" +
		"  EIF[ ]\t/* EndIf */\n" +
		"ENDF[ ]\t/* EndFunctionDefinition */\n" +
		"IDEF[ ]\t/* InstructionDefinition */\n" +
		"DUP[ ]\t/* DuplicateTopStack */\n" +
		"ENDF[ ]\t/* EndFunctionDefinition */\n" + // indent -1
		"ENDF[ ]\t/* EndFunctionDefinition */\n" + // indent -2
		"POP[ ]\t/* PopTopStack */\n" +
		"FDEF[ ]\t/* FunctionDefinition */\n" + // indent -1 after
		"POP[ ]\t/* PopTopStack */\n" +
		"ENDF[ ]\t/* EndFunctionDefinition */\n" +
		"MDRP[11101]\t/* MoveDirectRelPt */\n" +
		"MIRP[01101]\t/* MoveIndirectRelPt */\n" +
		"SVTCA[0]\t/* SetFPVectorToAxis */\n" +
		"ALIGNRP[ ]\t/* AlignRelativePt */\n" +
		"INSTR40[ ]\n"
	got, err := Disassemble(code, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	flat, _ := Disassemble(code, &Options{Flat: true})
	if strings.Contains(flat, "\n ") {
		t.Errorf("Flat output indented:\n%s", flat)
	}
	// 60 values: lines of 25.
	long := []byte{0x40, 60}
	for i := 0; i < 60; i++ {
		long = append(long, byte(i))
	}
	got, _ = Disassemble(long, nil)
	lines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
	if len(lines) != 4 || lines[0] != "NPUSHB[ ]\t/* 60 values pushed */" ||
		len(strings.Fields(lines[1])) != 25 || len(strings.Fields(lines[2])) != 25 || len(strings.Fields(lines[3])) != 10 {
		t.Errorf("value lines: %q", lines)
	}
}

func TestTruncated(t *testing.T) {
	for _, c := range []struct {
		code   []byte
		offset int
	}{
		{[]byte{0xB0}, 0},
		{[]byte{0x20, 0xB2, 1, 2}, 1},
		{[]byte{0x20, 0x21, 0xB9, 1, 2, 3}, 2},
		{[]byte{0x40}, 0},
		{[]byte{0x20, 0x40, 2, 1}, 1},
		{[]byte{0x41, 1, 0}, 0},
	} {
		text, err := Disassemble(c.code, nil)
		var de *DecodeError
		if !errors.As(err, &de) || !errors.Is(err, ErrTruncated) || de.Offset != c.offset {
			t.Errorf("% x: error %v, want truncation at %d", c.code, err, c.offset)
			continue
		}
		if !strings.Contains(err.Error(), fmt.Sprintf("offset %d", c.offset)) {
			t.Errorf("% x: error %q does not name the offset", c.code, err)
		}
		if !strings.Contains(text, "/* error: offset") {
			t.Errorf("% x: partial output not marked: %q", c.code, text)
		}
		back, aerr := Assemble(text, "partial")
		if aerr != nil || !bytes.Equal(back, c.code[:c.offset]) {
			t.Errorf("% x: partial text %q assembles to % x, %v", c.code, text, back, aerr)
		}
	}
}

func TestDecode(t *testing.T) {
	code := []byte{0x41, 2, 0x80, 0x00, 0x00, 0x05, 0xB1, 7, 200, 0xE3}
	in, next, err := Decode(code, 0)
	if err != nil || next != 6 || in.Len() != 6 || in.NumValues() != 2 || in.Value(0) != -32768 || in.Value(1) != 5 || in.String() != "NPUSHW[ ] -32768 5" {
		t.Errorf("NPUSHW: %+v %d %v %q", in, next, err, in.String())
	}
	in, next, err = Decode(code, 6)
	if err != nil || next != 9 || in.Value(1) != 200 || in.Name() != "PUSHB[ ]" || in.Len() != 3 {
		t.Errorf("PUSHB: %+v %d %v", in, next, err)
	}
	in, next, err = Decode(code, 9)
	if err != nil || next != 10 || in.Name() != "MIRP[00011]" || in.Flags != 3 || in.Info.Name != "MIRP" {
		t.Errorf("MIRP: %+v %d %v", in, next, err)
	}
	if _, _, err := Decode(code, 10); err == nil {
		t.Errorf("Decode past the end: no error")
	}
	if a := testing.AllocsPerRun(100, func() { Decode(code, 0) }); a != 0 {
		t.Errorf("Decode allocates %v times", a)
	}
}

func TestAssembleForms(t *testing.T) {
	for _, c := range []struct {
		src  string
		want []byte
	}{
		{"SVTCA[0] SVTCA[1]", []byte{0, 1}},
		{"MIRP[01101]MDRP[ 11101 ]", []byte{0xED, 0xDD}},
		{"ALIGNRP[]  ALIGNRP [ ]", []byte{0x3C, 0x3C}},
		{"/* c */ DUP[ ] /* multi\nline */ POP[ ]\t/* PopTopStack */", []byte{0x20, 0x21}},
		{"PUSHB[ ]\t/* 3 values pushed */\n1 2\n3", []byte{0xB2, 1, 2, 3}},
		{"PUSHB[010] 1 2 3", []byte{0xB2, 1, 2, 3}},
		{"PUSHW[ ] -1 256", []byte{0xB9, 0xFF, 0xFF, 1, 0}},
		{"NPUSHB[ ] /* 2 values pushed */ 1 /* c */ 2", []byte{0x40, 2, 1, 2}},
		{"NPUSHB[ ]", []byte{0x40, 0}},
		{"NPUSHW[ ] 1", []byte{0x41, 1, 0, 1}},
		{"INSTR146[ ] INSTR40[ ] GETDATA[ ] INSTR0[ ]", []byte{0x92, 0x28, 0x92, 0x00}},
		{"PUSH[ ] 1 2 3", []byte{0xB2, 1, 2, 3}},
		{"PUSH[ ] -1", []byte{0xB8, 0xFF, 0xFF}},
		{"PUSH[ ] 1 256 2", []byte{0xB9, 0, 1, 1, 0, 0xB0, 2}}, // a lone byte before words goes as a word
		{"PUSH[ ] 1 256 2 -3", []byte{0xBB, 0, 1, 1, 0, 0, 2, 0xFF, 0xFD}},
		{"PUSH[ ] 1 2 256", []byte{0xB1, 1, 2, 0xB8, 1, 0}},
		{"PUSH[ ] 256 1 2", []byte{0xB8, 1, 0, 0xB1, 1, 2}},
		{"PUSH[ ] 256 1", []byte{0xB8, 1, 0, 0xB0, 1}},
		{"PUSH[ ]", nil},
		{"PUSH[ ] 1 PUSH[ ] 2", []byte{0xB0, 1, 0xB0, 2}},
		{"", nil},
		{"  \n\t/* only a comment */\n", nil},
	} {
		got, err := Assemble(c.src, "t.ttx")
		if err != nil || !bytes.Equal(got, c.want) {
			t.Errorf("Assemble(%q) = % x, %v; want % x", c.src, got, err, c.want)
		}
	}
	// PUSH with many values: NPUSHB/NPUSHW runs of at most 255.
	var src strings.Builder
	src.WriteString("PUSH[ ]")
	for i := 0; i < 300; i++ {
		fmt.Fprintf(&src, " %d", i%200)
	}
	got, err := Assemble(src.String(), "long")
	if err != nil || len(got) != 2+255+2+45 || got[0] != 0x40 || got[1] != 255 || got[257] != 0x40 || got[258] != 45 {
		t.Errorf("PUSH 300 bytes: % x... %v", got[:4], err)
	}
}

func TestAssembleErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"DUP[ ]\n  FOO[ ]", "f.ttx:2:3: unknown instruction FOO"},
		{"MDRP[111]", "f.ttx:1:6: MDRP takes 5 flag digits"},
		{"MDRP[11121]", "f.ttx:1:6: bad flag digits"},
		{"DUP[1]", "f.ttx:1:5: DUP takes no flag digits"},
		{"DUP", "f.ttx:1:1: expected [ after DUP"},
		{"DUP[ \n]", "f.ttx:1:4: missing ]"},
		{"DUP[ ] 5", "f.ttx:1:8: value outside a push instruction"},
		{"PUSHB[ ] 1 256", "f.ttx:1:12: PUSHB value 256 out of range 0 to 255"},
		{"PUSHW[ ] 32768", "f.ttx:1:10: PUSHW value 32768 out of range -32768 to 32767"},
		{"PUSH[ ] -40000", "f.ttx:1:9: PUSH value -40000 out of range"},
		{"PUSHB[ ]", "f.ttx:1:1: PUSHB with 0 values"},
		{"PUSHB[ ] 1 2 3 4 5 6 7 8 9", "f.ttx:1:1: PUSHB with 9 values"},
		{"PUSHB[001] 1", "f.ttx:1:7: PUSHB[001] does not match its 1 values"},
		{"PUSHB[ ] - 1", "f.ttx:1:10: expected digits after -"},
		{"/* open", "f.ttx:1:1: unterminated comment"},
		{"DUP[ ] /* a */ /* b", "f.ttx:1:16: unterminated comment"},
		{"INSTR256[ ]", "f.ttx:1:1: bad raw opcode INSTR256"},
		{"INSTR[ ]", "f.ttx:1:1: bad raw opcode INSTR"},
		{"INSTR176[ ]", "f.ttx:1:1: INSTR176 is the push opcode"},
		{"INSTR1[1]", "f.ttx:1:8: INSTR1 takes no flag digits"},
		{"dup[ ]", "f.ttx:1:1: unexpected 'd'"},
		{"é DUP[ ]", "f.ttx:1:1: unexpected 'é'"},
		{"DUP[ ]\né FOO[ ]", "f.ttx:2:1: unexpected 'é'"},
		{"DUP[ ] é FOO[ ]", "f.ttx:1:8: unexpected 'é'"},
		{"é\té FOO[ ]", "f.ttx:1:1: unexpected"},
		{"PUSH[1] 1", "f.ttx:1:6: PUSH takes no flag digits"},
	} {
		_, err := Assemble(c.src, "f.ttx")
		var ae *Error
		if err == nil || !errors.As(err, &ae) || !errors.Is(err, ErrSyntax) || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("Assemble(%q) error %v, want prefix %q", c.src, err, c.want)
		}
	}
	if _, err := Assemble("FOO[ ]", ""); err == nil || !strings.HasPrefix(err.Error(), "<input>:1:1:") {
		t.Errorf("unnamed source: %v", err)
	}
	// Column counts characters after a multi-byte one.
	if _, err := Assemble("/* é */ FOO[ ]", "f"); err == nil || !strings.HasPrefix(err.Error(), "f:1:9:") {
		t.Errorf("column after é: %v", err)
	}
}
