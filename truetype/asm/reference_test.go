//go:build reference

package asm

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"fontvm/internal/corpus"
)

// python returns the Python with fontTools: $PYTHON or /usr/bin/python3
// (Debian's, with python3-fonttools).
func python() string {
	if p := os.Getenv("PYTHON"); p != "" {
		return p
	}
	return "/usr/bin/python3"
}

type ftProgram struct {
	Name      string  `json:"name"`
	Hex       string  `json:"hex"`
	Asm       *string `json:"asm"`
	RoundTrip bool    `json:"roundtrip"`
	Error     *string `json:"error"`
}

type ftDump struct {
	FontTools string      `json:"fonttools"`
	Programs  []ftProgram `json:"programs"`
}

func runPython(t *testing.T, stdin []byte, args ...string) []byte {
	t.Helper()
	cmd := exec.Command(python(), append([]string{filepath.Join("testdata", "ttx_programs.py")}, args...)...)
	cmd.Stdin = bytes.NewReader(stdin)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s %v: %v\n%s", python(), args, err, stderr.String())
	}
	return out
}

// TestReferenceFontTools checks, over every program of every corpus font:
//
//	(A) fontvm assembles fontTools' disassembly to the original bytes;
//	(B) fontvm's disassembly reassembles, by fontvm, to the original bytes;
//	(C) fontTools assembles fontvm's disassembly to the original bytes;
//	(D) fontvm's disassembly is fontTools' text, character for character.
//
// Programs fontTools cannot disassemble or round-trip itself are counted
// and named; they are not excused from (B).
func TestReferenceFontTools(t *testing.T) {
	fonts := append(append([]corpus.Font{}, corpus.HintedFonts...), corpus.GoFonts...)
	dir := t.TempDir()
	var total [5]int
	var ftBad []string
	for _, f := range fonts {
		data := corpus.Load(t, f)
		path := f.Path
		if f.Data != nil {
			path = filepath.Join(dir, f.Name+".ttf")
			if err := os.WriteFile(path, f.Data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		var d ftDump
		if err := json.Unmarshal(runPython(t, nil, "dump", path), &d); err != nil {
			t.Fatalf("%s: decoding the helper's output: %v", f.Name, err)
		}
		if !strings.HasPrefix(d.FontTools, "4.38") {
			t.Errorf("fontTools %s, the project's reference is 4.38", d.FontTools)
		}
		// fontTools and fontvm/sfnt must find the same programs.
		ps := fontPrograms(t, f.Name, data)
		if len(ps) != len(d.Programs) {
			t.Errorf("%s: sfnt finds %d programs, fontTools %d", f.Name, len(ps), len(d.Programs))
		} else {
			for i, p := range ps {
				if p.name != d.Programs[i].Name || hex.EncodeToString(p.code) != d.Programs[i].Hex {
					t.Errorf("%s: program %d: sfnt %s, fontTools %s (or bytes differ)", f.Name, i, p.name, d.Programs[i].Name)
				}
			}
		}
		var nA, nB, nC, nD int
		ours := map[string]string{}
		orig := map[string][]byte{}
		for _, p := range d.Programs {
			code, err := hex.DecodeString(p.Hex)
			if err != nil {
				t.Fatalf("%s %s: %v", f.Name, p.Name, err)
			}
			orig[p.Name] = code
			if p.Asm == nil || !p.RoundTrip {
				msg := "no disassembly"
				if p.Error != nil {
					msg = *p.Error
				} else if p.Asm != nil {
					msg = "reassembles to different bytes"
				}
				ftBad = append(ftBad, fmt.Sprintf("%s %s: %s", f.Name, p.Name, msg))
			}
			text, err := Disassemble(code, nil)
			if err != nil {
				t.Errorf("%s %s: fontvm disassembly: %v", f.Name, p.Name, err)
				continue
			}
			ours[p.Name] = text
			if b, err := Assemble(text, f.Name+":"+p.Name); err != nil || !bytes.Equal(b, code) {
				t.Errorf("(B) %s %s: fontvm reassembly differs (%v)", f.Name, p.Name, err)
			} else {
				nB++
			}
			if p.Asm == nil {
				continue
			}
			if b, err := Assemble(*p.Asm, f.Name+":"+p.Name+"(fontTools)"); err != nil || !bytes.Equal(b, code) {
				t.Errorf("(A) %s %s: fontvm assembly of fontTools' text differs (%v)", f.Name, p.Name, err)
			} else {
				nA++
			}
			if text == *p.Asm {
				nD++
			} else {
				t.Errorf("(D) %s %s: text differs from fontTools':\n%s", f.Name, p.Name, firstDiff(text, *p.Asm))
			}
		}
		in, err := json.Marshal(ours)
		if err != nil {
			t.Fatal(err)
		}
		var back map[string]json.RawMessage
		if err := json.Unmarshal(runPython(t, in, "assemble"), &back); err != nil {
			t.Fatalf("%s: decoding the helper's assembly: %v", f.Name, err)
		}
		names := make([]string, 0, len(ours))
		for n := range ours {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			var h string
			if err := json.Unmarshal(back[n], &h); err != nil {
				t.Errorf("(C) %s %s: fontTools cannot assemble fontvm's text: %s", f.Name, n, back[n])
				continue
			}
			b, _ := hex.DecodeString(h)
			if !bytes.Equal(b, orig[n]) {
				t.Errorf("(C) %s %s: fontTools assembles fontvm's text to different bytes", f.Name, n)
				continue
			}
			nC++
		}
		np := len(d.Programs)
		if np == 0 || nA != np || nB != np || nC != np || nD != np {
			t.Errorf("%s: %d programs; (A) %d (B) %d (C) %d (D) %d: every program must pass every direction", f.Name, np, nA, nB, nC, nD)
		}
		t.Logf("%-18s %5d programs: (A) %d/%d  (B) %d/%d  (C) %d/%d  (D) identical text %d/%d  [fontTools %s]",
			f.Name, np, nA, np, nB, np, nC, np, nD, np, d.FontTools)
		for i, v := range []int{np, nA, nB, nC, nD} {
			total[i] += v
		}
	}
	t.Logf("TOTAL %d programs of %d fonts: (A) %d  (B) %d  (C) %d  (D) %d", total[0], len(fonts), total[1], total[2], total[3], total[4])
	t.Logf("programs fontTools cannot round-trip itself: %d", len(ftBad))
	for _, s := range ftBad {
		t.Logf("  %s", s)
	}
}

// TestReferenceSynthetic compares with fontTools on made-up programs: every
// opcode, alone and together (text identity and fontTools assembling
// fontvm's text), and random generic PUSH[ ] lists (fontvm's most compact
// encoding must be fontTools' byte for byte).
func TestReferenceSynthetic(t *testing.T) {
	codes := map[string]string{}
	var all []byte
	for op := 0; op < 256; op++ {
		c := withData(byte(op))
		all = append(all, c...)
		codes[fmt.Sprintf("op%03d", op)] = hex.EncodeToString(c)
	}
	codes["all"] = hex.EncodeToString(all)
	in, _ := json.Marshal(codes)
	var d ftDump
	if err := json.Unmarshal(runPython(t, in, "disasm"), &d); err != nil {
		t.Fatal(err)
	}
	ours := map[string]string{}
	same := 0
	for _, p := range d.Programs {
		code, _ := hex.DecodeString(p.Hex)
		text, err := Disassemble(code, nil)
		if err != nil {
			t.Errorf("%s: %v", p.Name, err)
			continue
		}
		ours[p.Name] = text
		if p.Asm == nil {
			t.Errorf("%s: fontTools cannot disassemble % x", p.Name, code)
			continue
		}
		if text != *p.Asm {
			t.Errorf("%s: text differs from fontTools':\n%s", p.Name, firstDiff(text, *p.Asm))
		} else {
			same++
		}
		if b, err := Assemble(*p.Asm, p.Name); err != nil || !bytes.Equal(b, code) {
			t.Errorf("%s: fontvm assembles fontTools' text to % x, %v", p.Name, b, err)
		}
	}
	// Generic PUSH: random value lists mixing bytes and words.
	rng := uint64(1)
	next := func(n int) int {
		rng = rng*6364136223846793005 + 1442695040888963407
		return int((rng >> 33) % uint64(n))
	}
	wantPush := map[string][]byte{}
	for i := 0; i < 400; i++ {
		var b strings.Builder
		b.WriteString("PUSH[ ]")
		n := 1 + next(600)
		if i < 200 {
			n = 1 + next(20)
		}
		for j := 0; j < n; j++ {
			var v int
			switch next(4) {
			case 0:
				v = -32768 + next(65536)
			case 1:
				v = 256 + next(300)
			default:
				v = next(256)
			}
			fmt.Fprintf(&b, " %d", v)
		}
		name := fmt.Sprintf("push%03d", i)
		ours[name] = b.String()
		code, err := Assemble(b.String(), name)
		if err != nil {
			t.Fatal(err)
		}
		wantPush[name] = code
	}
	in, _ = json.Marshal(ours)
	var back map[string]json.RawMessage
	if err := json.Unmarshal(runPython(t, in, "assemble"), &back); err != nil {
		t.Fatal(err)
	}
	okC, okPush := 0, 0
	for name, text := range ours {
		var h string
		if err := json.Unmarshal(back[name], &h); err != nil {
			t.Errorf("%s: fontTools cannot assemble %q: %s", name, text, back[name])
			continue
		}
		b, _ := hex.DecodeString(h)
		if want, ok := wantPush[name]; ok {
			if !bytes.Equal(b, want) {
				t.Errorf("%s: fontTools encodes %q as % x, fontvm as % x", name, text, b, want)
			} else {
				okPush++
			}
			continue
		}
		want, _ := hex.DecodeString(codes[name])
		if !bytes.Equal(b, want) {
			t.Errorf("%s: fontTools assembles fontvm's text to % x, want % x", name, b, want)
		} else {
			okC++
		}
	}
	t.Logf("opcodes: %d programs, identical text %d, fontTools assembles fontvm's text %d; generic PUSH lists identical encodings %d/%d",
		len(codes), same, okC, okPush, len(wantPush))
}
