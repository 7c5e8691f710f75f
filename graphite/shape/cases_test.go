package shape

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"fontvm/internal/corpus"
	"fontvm/internal/grref"
)

type g2case struct {
	kind, name, font, args, standard string
}

func readCases(t *testing.T) (string, []g2case) {
	dir := corpus.Graphite2Tests(t)
	b, err := os.ReadFile(filepath.Join(dir, "cases.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	var cs []g2case
	for _, l := range strings.Split(string(b), "\n") {
		if l == "" || l[0] == '#' {
			continue
		}
		f := strings.Split(l, "\t")
		if len(f) != 5 {
			t.Fatalf("bad cases.tsv line %q", l)
		}
		cs = append(cs, g2case{f[0], f[1], f[2], f[3], f[4]})
	}
	kinds := map[string]int{}
	for _, c := range cs {
		kinds[c.kind]++
	}
	if err := grref.CheckSuiteCounts(kinds); err != nil {
		t.Fatalf("cases.tsv: %v", err)
	}
	return dir, cs
}

// splitArgs splits like a shell: blanks separate, double quotes group.
func splitArgs(s string) []string {
	var out []string
	var cur strings.Builder
	in, have := false, false
	for _, c := range s {
		switch {
		case c == '"':
			in = !in
			have = true
		case c == ' ' && !in:
			if have {
				out = append(out, cur.String())
				cur.Reset()
				have = false
			}
		default:
			cur.WriteRune(c)
			have = true
		}
	}
	if have {
		out = append(out, cur.String())
	}
	return out
}

// parseFonttestArgs reads gr2fonttest's -codes arguments.
func parseFonttestArgs(args []string) ([]rune, GR2Options) {
	var codes []rune
	var o GR2Options
	for i := 0; i < len(args); i++ {
		switch args[i] {
		case "-rtl":
			o.RTL = true
		case "-feat":
			i++
			o.Feat, o.HasFeat = args[i], true
		case "-j":
			i++
			o.Justify, _ = strconv.Atoi(args[i])
		default:
			v, _ := strconv.ParseUint(args[i], 16, 32)
			if v > 0 {
				codes = append(codes, rune(v))
			}
		}
	}
	return codes, o
}

func loadFace(t *testing.T, path string) *Font {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := Load(data)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return f
}

// TestGraphite2Suite runs every fonttest and feattest case of graphite2's
// regression suite and compares the log with the standard byte for byte.
func TestGraphite2Suite(t *testing.T) {
	dir, cs := readCases(t)
	pass, total := 0, 0
	for _, c := range cs {
		if c.kind != "fonttest" && c.kind != "feattest" {
			continue
		}
		ran := false
		ok := t.Run(c.name, func(t *testing.T) {
			ran = true
			want, err := os.ReadFile(filepath.Join(dir, "standards", c.standard))
			if err != nil {
				t.Fatal(err)
			}
			f := loadFace(t, filepath.Join(dir, "fonts", c.font))
			var got bytes.Buffer
			if c.kind == "feattest" {
				if err := GR2Features(&got, f); err != nil {
					t.Fatal(err)
				}
			} else {
				codes, o := parseFonttestArgs(splitArgs(c.args))
				err := GR2Log(&got, f, codes, o)
				if err != nil && c.name != "underflow" {
					t.Errorf("shape: %v", err)
				}
			}
			if !bytes.Equal(got.Bytes(), want) {
				t.Errorf("log differs\n--- got\n%s--- want\n%s", got.String(), want)
			}
		})
		if ran {
			total++
			if ok {
				pass++
			}
		}
	}
	t.Logf("graphite2 suite: %d/%d fonttest+feattest cases byte-exact", pass, total)
	if want := grref.SuiteCaseCounts["fonttest"] + grref.SuiteCaseCounts["feattest"]; total != want {
		t.Errorf("%d fonttest+feattest cases ran, the suite has %d", total, want)
	}
}
