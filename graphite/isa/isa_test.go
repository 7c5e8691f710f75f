package isa

import (
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

func specPath() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "testdata", "spec", "001_7b29630d574a5ec5.txt")
}

// unsignedInGraphite2 are the parameters the document marks signed and
// graphite2 reads unsigned (opcodes.h).
var unsignedInGraphite2 = map[[2]int]bool{{0x2E, 2}: true, {0x2F, 2}: true, {0x41, 0}: true, {0x41, 1}: true}

var rowRE = regexp.MustCompile(`^\|([0-9A-F]{2}) +\|([^|]+)\|([^|]*)\|`)

// TestMatchesDocument: every opcode row of the seed document appears in the
// Document dialect with the document's name (hyphens dropped; the 8-bit
// forms carry an "8" suffix) and as many parameters, with the document's
// signedness; every entry of the table comes from a document row.
func TestMatchesDocument(t *testing.T) {
	b, err := os.ReadFile(specPath())
	if err != nil {
		t.Skipf("seed document not found: %v", err)
	}
	seen := map[int]bool{}
	for _, line := range strings.Split(string(b), "\n") {
		m := rowRE.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		code, _ := strconv.ParseUint(m[1], 16, 8)
		seen[int(code)] = true
		op := Lookup(byte(code), Document)
		if op == nil {
			t.Errorf("%s: not in the table", m[1])
			continue
		}
		docName := strings.ReplaceAll(strings.TrimSpace(m[2]), "-", "")
		name := op.Name
		switch code {
		case PutGlyph8, PutSubs8, PushGlyphAttr8, PushAttToGlyphAttr8:
			name = strings.TrimSuffix(name, "8")
		}
		if docName == "PushAttToGlyphAttr" || docName == "PushAttrToGlyphAttr" {
			docName = "PushAttToGlyphAttr"
		}
		if !strings.EqualFold(name, docName) && !(docName == "PushAttToGlyphMetric" && name == "PushAttToGlyphMetric") {
			t.Errorf("%s: name %q, document %q", m[1], op.Name, docName)
		}
		// Parameter cells: count the <..> and {..} markers in the row.
		cells := strings.Split(line, "|")
		var params []string
		for _, c := range cells[3:] {
			c = strings.TrimSpace(c)
			if strings.HasPrefix(c, "<") || strings.HasPrefix(c, `\{`) || strings.HasPrefix(c, "{") {
				params = append(params, c)
			}
		}
		if op.Varargs {
			continue // {count} <slot-1> ... <slot-count>
		}
		if len(params) != len(op.Params) {
			t.Errorf("%s %s: %d parameters, document has %d (%v)", m[1], op.Name, len(op.Params), len(params), params)
			continue
		}
		for i, p := range params {
			signed := strings.HasPrefix(p, "<")
			if signed == op.Params[i].Signed {
				continue
			}
			// graphite2 reads these unsigned; the table follows it and says so.
			if known := unsignedInGraphite2[[2]int{int(code), i}]; known && strings.Contains(op.Note, "unsigned") {
				continue
			}
			t.Errorf("%s %s parameter %d: signed %v, document %q", m[1], op.Name, i, op.Params[i].Signed, p)
		}
	}
	for c := 0; c < NumOpcodes; c++ {
		if !seen[c] {
			t.Errorf("0x%02X: in the table but not in the document", c)
		}
	}
}

// TestDialects: graphite2 executes 0x3E as OR and 0x3F as AND; the document
// says the opposite. Both dialects are available and differ only there.
func TestDialects(t *testing.T) {
	if Lookup(0x3E, Graphite2).Name != "BitOr" || Lookup(0x3F, Graphite2).Name != "BitAnd" {
		t.Errorf("graphite2 dialect: 0x3E %s, 0x3F %s", Lookup(0x3E, Graphite2).Name, Lookup(0x3F, Graphite2).Name)
	}
	if Lookup(0x3E, Document).Name != "BitAnd" || Lookup(0x3F, Document).Name != "BitOr" {
		t.Errorf("document dialect: 0x3E %s, 0x3F %s", Lookup(0x3E, Document).Name, Lookup(0x3F, Document).Name)
	}
	if ByName("BitAnd", Graphite2).Code != 0x3F || ByName("BitAnd", Document).Code != 0x3E {
		t.Errorf("ByName BitAnd: %#x / %#x", ByName("BitAnd", Graphite2).Code, ByName("BitAnd", Document).Code)
	}
	for c := 0; c < NumOpcodes; c++ {
		if c == 0x3E || c == 0x3F {
			continue
		}
		if Lookup(byte(c), Graphite2).Name != Lookup(byte(c), Document).Name {
			t.Errorf("0x%02X differs between dialects", c)
		}
	}
	if Lookup(0x43, Graphite2) != nil || Lookup(0xFF, Document) != nil {
		t.Errorf("opcodes past 0x42 must be illegal")
	}
}

// TestTableShape: codes are the indices, names unique, stack checks agree
// with the pops and pushes, and the not-implemented opcodes are legal
// nowhere.
func TestTableShape(t *testing.T) {
	names := map[string]bool{}
	for i, op := range Table(Graphite2) {
		if int(op.Code) != i {
			t.Errorf("entry %d has code %#x", i, op.Code)
		}
		if names[strings.ToLower(op.Name)] {
			t.Errorf("duplicate name %s", op.Name)
		}
		names[strings.ToLower(op.Name)] = true
		if op.NotImplemented && (op.Constraint || op.Action) {
			t.Errorf("%s: not implemented but legal", op.Name)
		}
		switch op.Check {
		case CheckBinary:
			if op.Pops != 2 || op.Pushes != 1 {
				t.Errorf("%s: binary check with pops %d pushes %d", op.Name, op.Pops, op.Pushes)
			}
		case CheckUnary:
			if op.Pops != 1 || op.Pushes != 1 {
				t.Errorf("%s: unary check with pops %d pushes %d", op.Name, op.Pops, op.Pushes)
			}
		case CheckPush:
			if op.Pushes != 1 || op.Pops != 0 {
				t.Errorf("%s: push check with pops %d pushes %d", op.Name, op.Pops, op.Pushes)
			}
		}
		if got := op.Format(); !strings.Contains(got, op.Name) || !strings.Contains(got, op.G2Name) {
			t.Errorf("%s: Format lacks its names: %q", op.Name, got)
		}
	}
}
