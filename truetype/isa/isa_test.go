package isa

import (
	"fmt"
	"testing"

	"fontvm/internal/fttables"
)

// parseFreeType returns FreeType's Pop_Push_Count (internal/fttables).
func parseFreeType(t *testing.T) (pops, pushes [256]int) {
	t.Helper()
	pops, pushes, ok := fttables.PopPush()
	if !ok {
		t.Fatal("transcribed FreeType Pop_Push_Count does not hold 256 entries")
	}
	return pops, pushes
}

// TestLengthMatchesFreeType checks every opcode's Length against
// FreeType's opcode_length.
func TestLengthMatchesFreeType(t *testing.T) {
	n := 0
	for op := 0; op < 256; op++ {
		if got, want := Opcodes[op].Length, fttables.OpcodeLength[op]; got != want {
			t.Errorf("0x%02X %s: Length %d, FreeType's opcode_length %d", op, Opcodes[op].Variant(byte(op)), got, want)
		}
		n++
	}
	if n != 256 {
		t.Fatalf("compared %d opcodes, want 256", n)
	}
}

// TestOpcodesMatchFreeType checks every opcode's Pops/Pushes against
// FreeType's Pop_Push_Count.
func TestOpcodesMatchFreeType(t *testing.T) {
	pops, pushes := parseFreeType(t)
	for op := 0; op < 256; op++ {
		o := Opcodes[op]
		if o.Pops != pops[op] || o.Pushes != pushes[op] {
			t.Errorf("0x%02X %s: pops/pushes %d/%d, FreeType %d/%d", op, o.Variant(byte(op)), o.Pops, o.Pushes, pops[op], pushes[op])
		}
	}
}

// TestEntries runs one subtest per table entry.
func TestEntries(t *testing.T) {
	pops, pushes := parseFreeType(t)
	ft := map[string]int{}
	for i, e := range fontToolsInstructions {
		ft[e.name] = i
	}
	seen := map[string]bool{}
	for i := range Instructions {
		in := &Instructions[i]
		t.Run(in.Name, func(t *testing.T) {
			if seen[in.Name] {
				t.Fatalf("duplicate entry %s", in.Name)
			}
			seen[in.Name] = true
			if Lookup(in.Name) != in {
				t.Errorf("Lookup(%q) does not return the entry", in.Name)
			}
			if in.Meaning == "" || in.FromIS == "" || in.Family == "" {
				t.Errorf("missing Meaning/FromIS/Family")
			}
			if n := int(in.Hi) - int(in.Lo) + 1; n != 1<<in.FlagBits {
				t.Errorf("code range 0x%02X-0x%02X holds %d opcodes, %d flag bits need %d", in.Lo, in.Hi, n, in.FlagBits, 1<<in.FlagBits)
			}
			letters := 0
			for _, f := range in.Flags {
				letters += len(f.Letter)
				if f.Meaning == "" {
					t.Errorf("flag %s undocumented", f.Letter)
				}
			}
			if letters != in.FlagBits {
				t.Errorf("flags document %d digits, FlagBits %d", letters, in.FlagBits)
			}
			if (in.Pops == Variable || in.Pushes == Variable || in.Loop) && in.StackNote == "" {
				t.Errorf("variable stack effect without StackNote")
			}
			if in.Pops > 0 && len(in.PopsDoc) == 0 || in.Pushes > 0 && len(in.PushesDoc) == 0 {
				t.Errorf("pops/pushes undocumented")
			}
			// Every opcode of the range maps back to this entry, with
			// FreeType's counts.
			for op := int(in.Lo); op <= int(in.Hi); op++ {
				o := Opcodes[op]
				if o.Inst != in || int(o.Flags) != op-int(in.Lo) {
					t.Errorf("Opcodes[0x%02X] = %v/%d", op, o.Inst, o.Flags)
				}
				if o.Pops != pops[op] || o.Pushes != pushes[op] {
					t.Errorf("0x%02X: pops/pushes %d/%d, FreeType %d/%d", op, o.Pops, o.Pushes, pops[op], pushes[op])
				}
				if in.Pops != Variable && in.Pops != o.Pops || in.Pushes != Variable && in.Pushes != o.Pushes {
					t.Errorf("entry counts %d/%d disagree with opcode 0x%02X %d/%d", in.Pops, in.Pushes, op, o.Pops, o.Pushes)
				}
				// The variant name parses back to the opcode.
				v := o.Variant(byte(op))
				if in.Stream == NoStream {
					pin, pop, ok, err := ParseVariant(v)
					if err != nil || !ok || pin != in || int(pop) != op {
						t.Errorf("ParseVariant(%q) = %v, 0x%02X, %v, %v", v, pin, pop, ok, err)
					}
				}
				hex := fmt.Sprintf("0x%02X", op)
				if pin, pop, ok, err := ParseVariant(hex); err != nil || !ok || pin != in || int(pop) != op {
					t.Errorf("ParseVariant(%q) = %v, %v, %v", hex, pin, ok, err)
				}
			}
			// fontTools 4.38 agreement: mnemonic, opcode, flag bits and
			// the descriptive name of the disassembly comment.
			j, ok := ft[in.Name]
			if !ok {
				if in.Name != "GETDATA" {
					t.Errorf("fontTools 4.38 does not know %s", in.Name)
				}
				if in.TTXComment != "" {
					t.Errorf("TTXComment %q for an instruction fontTools lacks", in.TTXComment)
				}
				return
			}
			e := fontToolsInstructions[j]
			if e.op != in.Lo || e.bits != in.FlagBits {
				t.Errorf("fontTools: 0x%02X %d bits; table 0x%02X %d bits", e.op, e.bits, in.Lo, in.FlagBits)
			}
			if in.Stream == NoStream && e.desc != in.TTXComment {
				t.Errorf("TTXComment %q, fontTools %q", in.TTXComment, e.desc)
			}
		})
	}
	for _, e := range fontToolsInstructions {
		if !seen[e.name] {
			t.Errorf("fontTools instruction %s missing from the table", e.name)
		}
	}
}

// TestUndefined checks that the opcodes outside every code range are
// exactly FreeType's undefined ones.
func TestUndefined(t *testing.T) {
	var want []int
	for _, r := range [][2]int{{0x28, 0x28}, {0x7B, 0x7B}, {0x83, 0x84}, {0x8F, 0x90}, {0x93, 0xAF}} {
		for op := r[0]; op <= r[1]; op++ {
			want = append(want, op)
		}
	}
	var got []int
	for op := 0; op < 256; op++ {
		if !Opcodes[op].Defined() {
			got = append(got, op)
			if v := Opcodes[op].Variant(byte(op)); v != fmt.Sprintf("INSTR%d[ ]", op) {
				t.Errorf("Variant(0x%02X) = %q", op, v)
			}
		}
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("undefined opcodes %v, want %v", got, want)
	}
}

func TestParseVariant(t *testing.T) {
	for _, c := range []struct {
		in   string
		op   byte
		ok   bool
		fail bool
	}{
		{"MDRP[11101]", 0xDD, true, false},
		{"MIRP[01101]", 0xED, true, false},
		{"SVTCA[0]", 0x00, true, false},
		{"ALIGNRP[ ]", 0x3C, true, false},
		{"ALIGNRP", 0x3C, true, false},
		{"0xdd", 0xDD, true, false},
		{"0xDD", 0xDD, true, false},
		{"PUSHB[010]", 0xB2, true, false},
		{"MDRP", 0, false, false},
		{"MDRP[ ]", 0, false, false},
		{"MDRP[111]", 0, false, true},
		{"MDRP[11102]", 0, false, true},
		{"mdrp", 0, false, true},
		{"NOPE", 0, false, true},
		{"0x100", 0, false, true},
		{"0xZZ", 0, false, true},
		{"MDRP[11101", 0, false, true},
	} {
		_, op, ok, err := ParseVariant(c.in)
		if (err != nil) != c.fail || ok != c.ok || op != c.op {
			t.Errorf("ParseVariant(%q) = 0x%02X, %v, %v", c.in, op, ok, err)
		}
	}
}

func TestFlagString(t *testing.T) {
	if s := Lookup("MDRP").FlagString(0x1D); s != "11101" {
		t.Errorf("MDRP 0x1D: %q", s)
	}
	if s := Lookup("DUP").FlagString(0); s != " " {
		t.Errorf("DUP: %q", s)
	}
	if s := Lookup("ROUND").FlagString(2); s != "10" {
		t.Errorf("ROUND 2: %q", s)
	}
}
