package grref

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

// A SuiteCase is one line of graphite2-tests/cases.tsv.
type SuiteCase struct {
	Kind     string   // fonttest, feattest or cmptest
	Name     string   // test name
	Font     string   // file under fonts/
	Args     []string // arguments, split as a shell would ("lang=vi  " stays one)
	Standard string   // file under standards/
}

// ReadCases reads cases.tsv.
func ReadCases(path string) ([]SuiteCase, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []SuiteCase
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		n++
		s := sc.Text()
		if strings.TrimSpace(s) == "" || strings.HasPrefix(s, "#") {
			continue
		}
		col := strings.Split(s, "\t")
		if len(col) != 5 {
			return nil, fmt.Errorf("%s:%d: %d columns, want 5", path, n, len(col))
		}
		args, err := SplitArgs(col[3])
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, n, err)
		}
		out = append(out, SuiteCase{Kind: col[0], Name: col[1], Font: col[2], Args: args, Standard: col[4]})
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	kinds := map[string]int{}
	for _, c := range out {
		kinds[c.Kind]++
	}
	if err := CheckSuiteCounts(kinds); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return out, nil
}

// SuiteCaseCounts is how many cases of each kind graphite2 1.3.14's
// regression suite (testdata/graphite2-tests/cases.tsv) has: the 35
// fonttest and feattest cases and the 6 cmptest cases the README counts.
var SuiteCaseCounts = map[string]int{"fonttest": 32, "feattest": 3, "cmptest": 6}

// CheckSuiteCounts is the count guard of every test that runs the suite's
// cases: kinds (cases per kind, as read) must be SuiteCaseCounts exactly,
// so that a cases.tsv cut short, or a parser that drops lines, fails
// instead of comparing fewer cases.
func CheckSuiteCounts(kinds map[string]int) error {
	for k, want := range SuiteCaseCounts {
		if kinds[k] != want {
			return fmt.Errorf("%d %s cases, graphite2's suite has %d", kinds[k], k, want)
		}
	}
	for k, n := range kinds {
		if _, ok := SuiteCaseCounts[k]; !ok {
			return fmt.Errorf("%d cases of unknown kind %q", n, k)
		}
	}
	return nil
}

// SplitArgs splits s at spaces outside double quotes and removes the quotes.
func SplitArgs(s string) ([]string, error) {
	var out []string
	var cur strings.Builder
	in, have := false, false
	for _, r := range s {
		switch {
		case r == '"':
			in = !in
			have = true
		case (r == ' ' || r == '\t') && !in:
			if have {
				out = append(out, cur.String())
				cur.Reset()
				have = false
			}
		default:
			cur.WriteRune(r)
			have = true
		}
	}
	if in {
		return nil, fmt.Errorf("unbalanced quote in %q", s)
	}
	if have {
		out = append(out, cur.String())
	}
	return out, nil
}

// ParseFontTestArgs reads a fonttest case's arguments (hexadecimal code
// points, then -rtl, -feat LIST, -j PERCENT) into text and options. In a
// -feat list, "lang=xxx" sets the language; other items are id=value.
func ParseFontTestArgs(args []string) (text []rune, o Options, err error) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch a {
		case "-codes":
		case "-rtl":
			o.RTL = true
		case "-feat", "-j":
			if i+1 >= len(args) {
				return nil, o, fmt.Errorf("grref: %s without a value", a)
			}
			i++
			if a == "-j" {
				if _, err := fmt.Sscanf(args[i], "%d", &o.Justify); err != nil {
					return nil, o, fmt.Errorf("grref: -j %q: %v", args[i], err)
				}
				continue
			}
			var rest []string
			for _, kv := range strings.Split(args[i], ",") {
				if v, ok := strings.CutPrefix(kv, "lang="); ok {
					o.Lang = v
				} else {
					rest = append(rest, kv)
				}
			}
			fs, err := ParseFeatures(strings.Join(rest, ","))
			if err != nil {
				return nil, o, err
			}
			o.Features = fs
		default:
			if strings.HasPrefix(a, "-") {
				return nil, o, fmt.Errorf("grref: unknown option %q", a)
			}
			cs, err := ParseCodes(a)
			if err != nil {
				return nil, o, err
			}
			text = append(text, cs...)
		}
	}
	return text, o, nil
}
