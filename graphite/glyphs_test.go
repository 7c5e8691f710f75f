package graphite

import (
	"reflect"
	"testing"
)

// TestParseAttrs checks the Glat run walk graphite2's _glat_iterator and
// sparse array perform.
func TestParseAttrs(t *testing.T) {
	// Glat 2 (16-bit runs): attrs 3,4 = 7,0 ; attrs 10 = 9
	g2 := []byte{0, 3, 0, 2, 0, 7, 0, 0, 0, 10, 0, 1, 0, 9}
	got, ok := parseAttrs(g2, 0, len(g2), 2)
	if want := []Attr{{3, 7}, {10, 9}}; !ok || !reflect.DeepEqual(got, want) {
		t.Errorf("glat2: got %v %v, want %v", got, ok, want)
	}
	// Glat 1 (8-bit runs): attr 5 = 1, attrs 6,7 = 2,3
	g1 := []byte{5, 1, 0, 1, 6, 2, 0, 2, 0, 3}
	got, ok = parseAttrs(g1, 0, len(g1), 1)
	if want := []Attr{{5, 1}, {6, 2}, {7, 3}}; !ok || !reflect.DeepEqual(got, want) {
		t.Errorf("glat1: got %v %v, want %v", got, ok, want)
	}
	// ids must increase (zero values do not count)
	bad := []byte{0, 5, 0, 1, 0, 1, 0, 4, 0, 1, 0, 1}
	if _, ok := parseAttrs(bad, 0, len(bad), 2); ok {
		t.Errorf("decreasing ids accepted")
	}
	zeros := []byte{0, 5, 0, 1, 0, 1, 0, 4, 0, 1, 0, 0}
	if got, ok := parseAttrs(zeros, 0, len(zeros), 2); !ok || len(got) != 1 {
		t.Errorf("a zero value must not count: %v %v", got, ok)
	}
	// a run of 0 never ends: values continue with increasing ids
	run0 := []byte{0, 2, 0, 0, 0, 1, 0, 2, 0, 3}
	got, ok = parseAttrs(run0, 0, len(run0), 2)
	if want := []Attr{{2, 1}, {3, 2}, {4, 3}}; !ok || !reflect.DeepEqual(got, want) {
		t.Errorf("run 0: got %v %v, want %v", got, ok, want)
	}
	g := Glyph{Attrs: []Attr{{3, 7}, {10, 9}}}
	if g.Attr(10) != 9 || g.Attr(4) != 0 || g.Attr(3) != 7 || g.Attr(11) != 0 {
		t.Errorf("Glyph.Attr lookups wrong")
	}
}

// TestLocaLookup checks TtfUtil::LocaLookup's empty and out-of-range values.
func TestLocaLookup(t *testing.T) {
	short := []byte{0, 0, 0, 5, 0, 5, 0, 9}
	for _, c := range []struct{ gid, want int }{{0, 0}, {1, locaEmpty}, {2, 10}, {3, locaBad}} {
		if got := locaLookup(uint16(c.gid), short, false); got != c.want {
			t.Errorf("short gid %d: %d, want %d", c.gid, got, c.want)
		}
	}
	long := []byte{0, 0, 0, 0, 0, 0, 0, 8}
	if locaLookup(0, long, true) != 0 || locaLookup(1, long, true) != locaBad {
		t.Errorf("long loca lookups wrong")
	}
}

// TestFeaturePacking checks FeatureRef's placement of values in 32-bit words.
func TestFeaturePacking(t *testing.T) {
	// two features: max 1 (1 bit), max 0xFFFFFFFF (no settings: 32 bits)
	feat := []byte{0, 2, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 44, 0, 0, 0, 0,
		0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 1, 1, 0}
	f := &Tables{tables: map[uint32][]byte{tagOf("Feat"): feat}}
	if err := f.readFeats(); err != nil {
		t.Fatal(err)
	}
	a, b := f.Features[0], f.Features[1]
	if a.Max != 1 || a.Default != 1 || a.Index != 0 || a.Shift != 0 || a.Mask != 1 {
		t.Errorf("feature 1: %+v", a)
	}
	if b.Max != 0xFFFFFFFF || b.Index != 1 || b.Shift != 0 || b.Mask != 0xFFFFFFFF {
		t.Errorf("feature 2: %+v", b)
	}
	if f.FeatureIndex(2) != 1 || f.FeatureIndex(3) != -1 {
		t.Errorf("FeatureIndex wrong")
	}
}
