package graphite_test

import (
	"errors"
	"fmt"
	"log"
	"os"

	"fontvm/graphite"
	"fontvm/graphite/gasm"
	"fontvm/graphite/isa"
)

// fontsDir holds the graphite2 test fonts the repository keeps
// (OFL-licensed, see its OFL.txt).
const fontsDir = "../testdata/graphite2-tests/fonts/"

// Load reads and checks a font's Graphite tables as graphite2's
// gr_make_file_face with gr_face_preloadAll does, and keeps them
// decoded: glyph attributes and metrics, features, languages, and each
// Silf subtable's passes with their rules' verified code. Here Padauk:
// its passes (typed, as graphite2 types them for verification, by the
// Silf's first substitution, positioning and justification pass numbers,
// which are 1, 4 and 4 in Padauk) and the start of the first
// substitution rule's action, disassembled with package gasm.
func ExampleLoad() {
	data, err := os.ReadFile(fontsDir + "Padauk.ttf")
	if err != nil {
		log.Fatal(err)
	}
	t, err := graphite.Load(data)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(t.NumGlyphs, "glyphs,", t.NumAttrs, "attributes each,", len(t.Features), "features,", len(t.Languages), "languages")
	s := t.Silfs[0]
	fmt.Println("Silf version", t.SilfVersion>>16, "passes", s.NumPasses, "first substitution, positioning, justification:", s.SubstPass, s.PosPass, s.JustPass)
	for _, p := range s.Passes {
		fmt.Printf("pass %d %v: %d rules, %d states\n", p.Index, p.Type, p.NumRules, p.NumStates)
	}
	code := s.Passes[s.SubstPass].Rules[0].Action
	lines := gasm.Disassemble(code.Raw, isa.Graphite2)
	fmt.Println("rule 0 action:", len(lines), "instructions, modifies", code.Modifies, "deletes", code.Deletes)
	for _, l := range lines[len(lines)-6:] {
		fmt.Printf("%04d: %s\n", l.PC, l.Text)
	}
	// Output:
	// 456 glyphs, 88 attributes each, 11 features, 3 languages
	// Silf version 2 passes 6 first substitution, positioning, justification: 1 4 4
	// pass 0 linebreak: 22 rules, 65 states
	// pass 1 substitution: 241 rules, 374 states
	// pass 2 substitution: 26 rules, 71 states
	// pass 3 substitution: 173 rules, 373 states
	// pass 4 justification: 64 rules, 335 states
	// pass 5 justification: 37 rules, 155 states
	// rule 0 action: 20 instructions, modifies true deletes true
	// 0014: Insert
	// 0015: PutSubs8 -10 96 11
	// 0019: Assoc -10 -9 -8
	// 0024: Next
	// 0025: PushByte -9
	// 0027: PopRet
}

// LoadOptions loads with graphite2's face options; Verify says whether
// graphite2 would load a font at all, and an *Error says where and why
// it would not: tiny.ttf is one of graphite2's test fonts without a
// usable Silf table.
func ExampleLoadOptions() {
	data, err := os.ReadFile(fontsDir + "PigLatinBenchmark_v3.ttf")
	if err != nil {
		log.Fatal(err)
	}
	t, err := graphite.LoadOptions(data, graphite.PreloadGlyphs)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("options", t.Options, "glyphs", t.NumGlyphs, "kept", len(t.Glyphs), "advance of glyph 67", t.Glyphs[67].Advance)

	data, err = os.ReadFile(fontsDir + "tiny.ttf")
	if err != nil {
		log.Fatal(err)
	}
	err = graphite.Verify(data)
	var ge *graphite.Error
	if errors.As(err, &ge) {
		fmt.Println("table", ge.Table, "code", ge.Code, "refused", errors.Is(err, graphite.ErrRefused))
	}
	fmt.Println(err)
	// Output:
	// options 2 glyphs 219 kept 219 advance of glyph 67 462
	// table Silf code E_NOSILF refused true
	// graphite: Silf: E_NOSILF: no usable Silf table
}
