package shape

import "testing"

// TestSparseAttrs checks the sparse glyph-attribute form against the dense one.
func TestSparseAttrs(t *testing.T) {
	dense := suiteFace(t, "Padauk.ttf")
	if dense.attrs == nil {
		t.Fatal("Padauk's attributes should be dense")
	}
	ob, of := denseBudget, denseFactor
	denseBudget, denseFactor = 0, 0
	defer func() { denseBudget, denseFactor = ob, of }()
	sparse := suiteFace(t, "Padauk.ttf")
	if sparse.attrs != nil {
		t.Fatal("with no budget, the attributes should be sparse")
	}
	n := 0
	for g := 0; g <= dense.numGlyphs; g++ {
		for a := 0; a <= dense.numAttrs; a++ {
			if x, y := dense.glyphAttr(g, a), sparse.glyphAttr(g, a); x != y {
				t.Fatalf("glyph %d attr %d: dense %d sparse %d", g, a, x, y)
			}
			if dense.glyphAttr(g, a) != 0 {
				n++
			}
		}
	}
	if n == 0 {
		t.Fatal("no attributes compared")
	}
	// and shaping agrees
	texts := suiteTexts(t, "my_HeadwordSyllables.txt")
	s1, s2 := NewShaper(dense), NewShaper(sparse)
	for _, tx := range texts[:200] {
		o1, e1 := s1.Shape(tx, nil)
		l1 := ""
		if e1 == nil {
			l1 = glyphString(o1)
		}
		o2, e2 := s2.Shape(tx, nil)
		l2 := ""
		if e2 == nil {
			l2 = glyphString(o2)
		}
		if l1 != l2 {
			t.Fatalf("%q: dense %s sparse %s", string(tx), l1, l2)
		}
	}
}

func glyphString(o *Output) string {
	b := []byte{}
	for _, g := range o.Glyphs {
		b = append(b, byte(g.ID), byte(g.ID>>8), byte(int(g.X)), byte(int(g.Y)))
	}
	return string(b)
}
