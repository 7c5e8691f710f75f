package corrupt

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"fontvm/internal/corpus"
)

func graphiteFont(t *testing.T) []byte {
	t.Helper()
	dir := corpus.Graphite2Tests(t)
	b, err := os.ReadFile(filepath.Join(dir, "fonts", "Padauk.ttf"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestMakeDeterministicAndDescribed checks that a case is reproducible and
// that its description accounts for every byte that changed.
func TestMakeDeterministicAndDescribed(t *testing.T) {
	font := graphiteFont(t)
	orig := append([]byte(nil), font...)
	kinds := map[Kind]int{}
	tables := map[string]int{}
	for i := 0; i < 500; i++ {
		c, err := Make(font, 7, i, GraphiteTables)
		if err != nil {
			t.Fatal(err)
		}
		c2, err := Make(font, 7, i, GraphiteTables)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(c.Data, c2.Data) || c.String() != c2.String() {
			t.Fatalf("case %d not reproducible: %v vs %v", i, c, c2)
		}
		kinds[c.Kind]++
		tables[c.Table]++
		switch c.Kind {
		case Bytes:
			if len(c.Data) != len(font) {
				t.Fatalf("%v: length changed", c)
			}
			want := append([]byte(nil), font...)
			for _, h := range c.Hits {
				if h.Offset < 0 || h.Offset >= c.TableLen {
					t.Fatalf("%v: hit outside the table", c)
				}
				if h.New == h.Old {
					t.Fatalf("%v: a hit that changes nothing", c)
				}
				if want[c.TableOffset+h.Offset] != h.Old && !hitEarlier(c.Hits, h) {
					t.Fatalf("%v: recorded old byte wrong", c)
				}
				want[c.TableOffset+h.Offset] = h.New
			}
			if !bytes.Equal(want, c.Data) {
				t.Fatalf("%v: data differs from the recorded hits", c)
			}
		case TableLength:
			if c.NewLen >= c.TableLen || len(c.Data) != len(font) {
				t.Fatalf("%v: bad table-length case", c)
			}
		case Truncate:
			if len(c.Data) != c.NewLen || c.NewLen < c.TableOffset || c.NewLen >= c.TableOffset+c.TableLen {
				t.Fatalf("%v: cut outside the table", c)
			}
			if !bytes.Equal(c.Data, font[:c.NewLen]) {
				t.Fatalf("%v: truncated copy differs from the prefix", c)
			}
		}
	}
	if !bytes.Equal(font, orig) {
		t.Fatal("Make modified its input")
	}
	for _, k := range []Kind{Bytes, TableLength, Truncate} {
		if kinds[k] == 0 {
			t.Errorf("500 cases produced no %v case", k)
		}
	}
	for _, tag := range GraphiteTables {
		if tables[tag] == 0 {
			t.Errorf("500 cases never hit %s", tag)
		}
	}
	a, _ := Make(font, 7, 1, GraphiteTables)
	b, _ := Make(font, 8, 1, GraphiteTables)
	c, _ := Make(font, 7, 2, GraphiteTables)
	if a.String()[len("seed 7 #1"):] == b.String()[len("seed 8 #1"):] && a.String()[len("seed 7 #1"):] == c.String()[len("seed 7 #2"):] {
		t.Errorf("different seeds and indexes gave the same damage: %v / %v / %v", a, b, c)
	}
}

func hitEarlier(hs []Hit, h Hit) bool {
	for _, o := range hs {
		if o == h {
			return false
		}
		if o.Offset == h.Offset {
			return true
		}
	}
	return false
}

func TestMakeNoTable(t *testing.T) {
	font := graphiteFont(t)
	if _, err := Make(font, 1, 0, []string{"zzzz"}); err != ErrNoTable {
		t.Fatalf("Make with an absent table: err = %v, want ErrNoTable", err)
	}
	if _, err := Make(font[:8], 1, 0, GraphiteTables); err == nil {
		t.Fatal("Make on an 8-byte file: no error")
	}
}

// TestParseFuzz reads every graphite2 fuzz regression and checks each
// edit's comment (table+offset) against the font's own table directory.
func TestParseFuzz(t *testing.T) {
	dir := corpus.Graphite2Tests(t)
	files, _ := filepath.Glob(filepath.Join(dir, "fuzz-tests", "*", "*", "*.fuzz"))
	if len(files) == 0 {
		t.Fatal("no .fuzz files found")
	}
	checked, moved := 0, 0
	for _, f := range files {
		rel, _ := filepath.Rel(filepath.Join(dir, "fuzz-tests"), f)
		fontName := strings.Split(rel, string(filepath.Separator))[0]
		if fontName == "libfuzz-corpus" {
			continue
		}
		font, err := os.ReadFile(filepath.Join(dir, "fonts", fontName+".ttf"))
		if err != nil {
			t.Fatalf("%s: %v", rel, err)
		}
		tabs, err := Tables(font)
		if err != nil {
			t.Fatal(err)
		}
		r, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		edits, _, err := ParseFuzz(r)
		r.Close()
		if err != nil {
			t.Fatalf("%s: %v", rel, err)
		}
		if len(edits) == 0 {
			t.Fatalf("%s: no edits", rel)
		}
		if _, err := ApplyEdits(font, edits); err != nil {
			t.Fatalf("%s: %v", rel, err)
		}
		// The comment names table+offset in the font the regression was
		// made on; some fonts have changed since, moving tables. Within one
		// file the shift between the comment and the position must be the
		// same for every edit of a table, or the parse is wrong.
		shift := map[string]int{}
		shifted := false
		for _, e := range edits {
			tag, off, ok := strings.Cut(e.Comment, "+")
			if !ok {
				continue
			}
			n, err := strconv.ParseInt(off, 0, 64)
			if err != nil {
				t.Fatalf("%s: comment %q: %v", rel, e.Comment, err)
			}
			var tb *Table
			for i := range tabs {
				if tabs[i].Tag == tag {
					tb = &tabs[i]
				}
			}
			if tb == nil {
				t.Errorf("%s: comment names table %q the font lacks", rel, tag)
				continue
			}
			d := tb.Offset + int(n) - e.Position
			if old, seen := shift[tag]; seen && old != d {
				t.Errorf("%s: %s: shift %#x, earlier edits of %s had %#x", rel, e.Comment, d, tag, old)
			}
			shift[tag] = d
			if d != 0 {
				shifted = true
			}
			checked++
		}
		if shifted {
			moved++
			t.Logf("%s: the font's tables moved since the regression was made (shifts %v)", rel, shift)
		}
	}
	if checked == 0 {
		t.Fatal("no edit carried a table+offset comment")
	}
	t.Logf("%d fuzz files, %d commented edits consistent with the fonts' directories; %d files made on an older build of their font", len(files), checked, moved)
}
