package shape

import (
	"encoding/binary"
	"encoding/json"
	"fontvm/graphite"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// postNames reads glyph names from a post table of format 2 (as fontTools names them).
func postNames(t *testing.T, font []byte) []string {
	gf, err := graphite.Load(font)
	if err != nil {
		t.Fatal(err)
	}
	p := gf.Table("post")
	if len(p) < 34 || binary.BigEndian.Uint32(p) != 0x00020000 {
		t.Fatalf("post table is not format 2")
	}
	n := int(binary.BigEndian.Uint16(p[32:]))
	idx := make([]int, n)
	for i := range idx {
		idx[i] = int(binary.BigEndian.Uint16(p[34+2*i:]))
	}
	var extra []string
	for o := 34 + 2*n; o < len(p); {
		l := int(p[o])
		if o+1+l > len(p) {
			break
		}
		extra = append(extra, string(p[o+1:o+1+l]))
		o += 1 + l
	}
	names := make([]string, n)
	seen := map[string]int{}
	for i, k := range idx {
		var s string
		if k < 258 {
			s = macGlyphNames[k]
		} else if k-258 < len(extra) {
			s = extra[k-258]
		} else {
			s = "glyph" + strconv.Itoa(i)
		}
		if c, dup := seen[s]; dup {
			seen[s] = c + 1
			s = s + "#" + strconv.Itoa(c+1)
		} else {
			seen[s] = 0
		}
		names[i] = s
	}
	return names
}

type cmpGlyph struct {
	name string
	x, y float64
}

func roundfloat(f float64) float64 { return float64(int64(f/0.1)) * 0.1 }

func pyStrip(s string) string {
	return strings.TrimFunc(s, func(r rune) bool { return unicode.IsSpace(r) || (r >= 0x1c && r <= 0x1f) })
}

// pySplitlines splits as Python's str.splitlines.
func pySplitlines(s string) []string {
	var out []string
	start := 0
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		switch rs[i] {
		case '\n', '\v', '\f', 0x1c, 0x1d, 0x1e, 0x85, 0x2028, 0x2029:
			out = append(out, string(rs[start:i]))
			start = i + 1
		case '\r':
			out = append(out, string(rs[start:i]))
			if i+1 < len(rs) && rs[i+1] == '\n' {
				i++
			}
			start = i + 1
		}
	}
	if start < len(rs) {
		out = append(out, string(rs[start:]))
	}
	return out
}

// cmptestCases is the number of cmptest cases in graphite2's suite.
const cmptestCases = 6

// standard1315Lines is the documented exception list of the cmptest
// standards: graphite2's suite records them with graphite2 1.3.15, whose
// kerning fix (shape.Options.KernChildSlices) changes these many lines of
// a case; graphite2 1.3.14 as is, which fontvm reproduces by default, must
// differ from the standard on exactly these lines and no others.
var standard1315Lines = map[string]int{"awamicmp1": 11}

// TestGraphite2Cmp runs graphite2's cmptest cases (fnttxtrender in design
// units) and compares glyph names and positions with the standards.
func TestGraphite2Cmp(t *testing.T) {
	dir, cs := readCases(t)
	ran := 0
	defer func() {
		if ran != cmptestCases {
			t.Errorf("%d cmptest cases ran, want %d", ran, cmptestCases)
		}
	}()
	for _, c := range cs {
		if c.kind != "cmptest" {
			continue
		}
		ran++
		t.Run(c.name, func(t *testing.T) {
			args := strings.Fields(c.args)
			rtl := false
			eps := 0.0
			for i := 1; i < len(args); i++ {
				switch args[i] {
				case "-r":
					rtl = true
				case "-e":
					i++
					eps, _ = strconv.ParseFloat(args[i], 64)
				}
			}
			fontPath := filepath.Join(dir, "fonts", c.font)
			data, err := os.ReadFile(fontPath)
			if err != nil {
				t.Fatal(err)
			}
			f, err := Load(data)
			if err != nil {
				t.Fatal(err)
			}
			names := postNames(t, data)
			var std map[string][][][]any
			sb, err := os.ReadFile(filepath.Join(dir, "standards", c.standard))
			if err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(sb, &std); err != nil {
				t.Fatal(err)
			}
			tb, err := os.ReadFile(filepath.Join(dir, "texts", args[0]))
			if err != nil {
				t.Fatal(err)
			}
			sh := NewShaper(f)
			lines := pySplitlines(string(tb))
			// The suite's standards were recorded with graphite2 1.3.15, whose
			// kerning fix changes 11 lines of awamicmp1; compare with it on.
			// 1.3.14's own behaviour (the default) is held exact by the golden
			// and reference tests.
			for _, fix := range []bool{true, false} {
				variant := "with the 1.3.15 kerning fix"
				if !fix {
					variant = "graphite2 1.3.14 as is, not asserted"
				}
				fails, total := 0, 0
				report := t.Errorf
				if !fix {
					report = func(string, ...any) {}
				}
				for li, line := range lines {
					label := strconv.Itoa(li+1) + ".1"
					want, ok := std[label]
					if !ok || len(want) != 1 {
						t.Errorf("%s: no standard", label)
						continue
					}
					total++
					text := []rune(pyStrip(line))
					var got []cmpGlyph
					out, err := sh.Shape(text, &Options{RTL: rtl, KernChildSlices: fix})
					if err == nil {
						for _, g := range out.Glyphs {
							var n string
							switch {
							case g.ID == 0:
								n = "0:" + strings.ToUpper(strconv.FormatInt(int64(out.Chars[g.Original].Rune)|0x10000, 16)[1:])
								if out.Chars[g.Original].Rune > 0xFFFF {
									n = "0:" + strings.ToUpper(strconv.FormatInt(int64(out.Chars[g.Original].Rune), 16))
								}
							case int(g.ID) < len(names):
								n = names[g.ID]
							default:
								n = "glyph" + strconv.Itoa(int(g.ID))
							}
							got = append(got, cmpGlyph{n, roundfloat(float64(g.X)), roundfloat(float64(g.Y))})
						}
						got = append(got, cmpGlyph{"_adv_", roundfloat(float64(out.AdvanceX)), roundfloat(float64(out.AdvanceY))})
					}
					w := want[0]
					bad := len(w) != len(got)
					for i := 0; !bad && i < len(w); i++ {
						wn, _ := w[i][0].(string)
						wx, _ := w[i][1].(float64)
						wy, _ := w[i][2].(float64)
						if wn != got[i].name || math.Abs(wx-got[i].x) > eps || math.Abs(wy-got[i].y) > eps {
							bad = true
						}
					}
					if bad {
						fails++
						if fails <= 3 {
							report("%s (%q): err=%v\n got %v\nwant %v", label, string(text), err, got, w)
						}
					}
				}
				t.Logf("%s (%s): %d/%d lines match", c.name, variant, total-fails, total)
				// Count guard: every line of the standard was compared
				// (its labels "N.1"; the "" entry is not a line).
				lineLabels := len(std)
				if _, ok := std[""]; ok {
					lineLabels--
				}
				if total == 0 || total != lineLabels {
					t.Errorf("%s: %d lines compared, the standard has %d", c.name, total, lineLabels)
				}
				// The documented exception stays as narrow as stated:
				// graphite2 1.3.14 as is differs from the 1.3.15 standard on
				// exactly standard1315Lines[c.name] lines.
				if !fix && fails != standard1315Lines[c.name] {
					t.Errorf("%s (%s): %d lines differ from the standard, documented %d", c.name, variant, fails, standard1315Lines[c.name])
				}
			}
		})
	}
}
