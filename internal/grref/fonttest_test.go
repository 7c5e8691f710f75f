//go:build reference

package grref

import (
	"fmt"
	"testing"

	"fontvm/internal/corpus"
)

// TestShapeMatchesFontTestWithOptions holds Face.Shape's handling of
// direction, features, language and justification against gr2fonttest's
// own: for each Graphite corpus font, a few texts are shaped with each of
// several option sets both ways (at gr2fonttest's 12 ppem) and the logs
// compared at the log's precision.
func TestShapeMatchesFontTestWithOptions(t *testing.T) {
	texts := map[string][]rune{
		"Padauk":        []rune("မြန်မာစာ ကောင်းသည်"),
		"AwamiNastaliq": []rune("اردو زبان کا رسم الخط"),
		"AbyssinicaSIL": []rune("ኢትዮጵያ አማርኛ ፊደል"),
		"AnnapurnaSIL":  []rune("नेपाली भाषा क्षेत्र"),
		"Scheherazade":  []rune("اللغة العربية الفصحى"),
	}
	compared := 0
	for _, cf := range corpus.GraphiteFonts {
		font := corpus.Load(t, cf)
		f, err := OpenPPM(font, 12)
		if err != nil {
			t.Fatalf("%s: %v", cf.Name, err)
		}
		rtl := cf.Name == "AwamiNastaliq" || cf.Name == "Scheherazade"
		opts := []Options{{RTL: rtl}, {RTL: rtl, Justify: 120}}
		feats := f.Features()
		for k, fi := range feats {
			if k%4 != 0 {
				continue
			}
			for _, v := range fi.Values {
				if v != fi.Default {
					opts = append(opts, Options{RTL: rtl, Features: []Feature{{fi.ID, v}}})
					break
				}
			}
		}
		if langs := f.Languages(); len(langs) > 0 {
			opts = append(opts, Options{RTL: rtl, Lang: langs[len(langs)-1]})
		}
		text := texts[cf.Name]
		for _, o := range opts {
			log, stderr, err := FontTest(cf.Path, FontTestArgs(text, o)...)
			if err != nil {
				t.Fatalf("%s %+v: %v %s", cf.Name, o, err, stderr)
			}
			want, err := ParseLog(log)
			if err != nil {
				t.Fatal(err)
			}
			r, err := f.Shape(text, o)
			if err != nil || !want.HasSegment {
				t.Errorf("%s %+v: Shape error %v, gr2fonttest segment %v", cf.Name, o, err, want.HasSegment)
				continue
			}
			if len(r.Glyphs) != len(want.Slots) {
				t.Errorf("%s %+v: %d slots, gr2fonttest %d", cf.Name, o, len(r.Glyphs), len(want.Slots))
				continue
			}
			for i, g := range r.Glyphs {
				w := want.Slots[i]
				if int(g.GID) != w.GID || fmt.Sprintf("%.1f", g.X) != w.X || fmt.Sprintf("%.1f", g.Y) != w.Y {
					t.Errorf("%s %+v slot %d: %d@%.1f,%.1f, gr2fonttest %d@%s,%s", cf.Name, o, i, g.GID, g.X, g.Y, w.GID, w.X, w.Y)
					break
				}
			}
			if a := fmt.Sprintf("%.1f", r.Advance); a != want.Advance {
				t.Errorf("%s %+v: advance %s, gr2fonttest %s", cf.Name, o, a, want.Advance)
			}
			if fmt.Sprint(r.Before, r.After) != fmt.Sprint(want.Before, want.After) {
				t.Errorf("%s %+v: char table differs", cf.Name, o)
			}
			compared++
		}
		f.Close()
	}
	t.Logf("%d option sets compared with gr2fonttest", compared)
	// Count guard: at least the plain and justified sets of every font.
	if compared < 2*len(corpus.GraphiteFonts) {
		t.Errorf("%d option sets compared, want at least %d", compared, 2*len(corpus.GraphiteFonts))
	}
}
