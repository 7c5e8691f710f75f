// Package verify is a static verifier for a TrueType font's bytecode: it
// reads fpgm, prep and every glyph program without running them, driven
// by the instruction table (fontvm/truetype/isa: lengths, pops and
// pushes, operand roles, data-dependent stack effects), and reports what
// cannot run correctly (severity error) or looks wrong (warning):
//
//   - control flow: IF/ELSE/EIF balance, FDEF/ENDF pairing, FDEF and
//     IDEF where they are not allowed, truncated instructions, undefined
//     opcodes, jump targets outside the program or function, calls of
//     functions no program defines, recursion;
//   - the stack, per path, by an abstract interpretation that tracks
//     constants through the pushes, ADD/SUB/NEG and the stack
//     permutations (DUP, SWAP, ROLL, CINDEX, MINDEX, ...) and each
//     function's stack effect where it is determinable: underflow where
//     the depth is known, growth beyond maxp.maxStackElements;
//   - indices known as constants against their limits: CVT entries,
//     storage locations (maxp.maxStorage), function numbers
//     (maxp.maxFunctionDefs), zones, and point numbers against the glyph
//     (its points and four phantom points) or the twilight zone;
//   - instructions that do nothing where they are (INSTCTRL outside prep,
//     FLIPPT/FLIPRGON/FLIPRGOFF/DELTAP/SHPIX after IUP in both directions
//     in a glyph program under v40's backward compatibility).
//
// A correct program gives no error finding: what FreeType accepts in a
// correct font (a glyph program writing the CVT, functions defined in
// prep, ...) is not reported as an error.
package verify

import (
	"fmt"
	"sort"

	"fontvm/sfnt"
)

// Severities.
const (
	SevError   = "error"   // the program cannot run correctly
	SevWarning = "warning" // suspicious, or without effect
)

// Kinds of finding.
const (
	KindTruncated         = "truncated"          // an instruction runs past the end of the program
	KindInvalidOpcode     = "invalid-opcode"     // an undefined opcode without an IDEF
	KindUnbalancedIf      = "unbalanced-if"      // IF without EIF, ELSE or EIF without IF, or crossing a function
	KindUnbalancedFdef    = "unbalanced-fdef"    // FDEF without ENDF, ENDF without FDEF, nested FDEF/IDEF
	KindFdefInGlyph       = "fdef-in-glyph"      // FDEF or IDEF in a glyph program
	KindJumpOutOfRange    = "jump-out-of-range"  // a jump outside its program or function, or into instruction data
	KindUndefinedFunction = "undefined-function" // CALL/LOOPCALL of a function no program defines
	KindFunctionIndex     = "function-index"     // a function number beyond maxp.maxFunctionDefs
	KindRecursion         = "recursion"          // a function that calls itself (directly or not)
	KindStackUnderflow    = "stack-underflow"    // pops more than the stack holds (depth known)
	KindStackOverflow     = "stack-overflow"     // the stack grows beyond maxp.maxStackElements
	KindCVTIndex          = "cvt-index"          // a CVT entry beyond the CVT
	KindStorageIndex      = "storage-index"      // a storage location beyond maxp.maxStorage
	KindZoneIndex         = "zone-index"         // a zone number other than 0 and 1
	KindPointIndex        = "point-index"        // a point number beyond its zone
	KindNoEffect          = "no-effect"          // an instruction that does nothing where it is
)

// A Finding is one problem.
type Finding struct {
	Severity string `json:"severity"`
	Kind     string `json:"kind"`
	Program  string `json:"program"`  // "fpgm", "prep" or "glyph"
	Function int    `json:"function"` // the function (FDEF) the instruction is in, -1 if none
	Glyph    int    `json:"glyph"`    // the glyph of a glyph program, -1 otherwise
	PC       int    `json:"pc"`
	Opcode   string `json:"opcode"`
	Message  string `json:"message"`
}

// String is the finding as one line: severity, kind, where, message.
func (f Finding) String() string {
	where := f.Program
	if f.Glyph >= 0 {
		where = fmt.Sprintf("glyph %d", f.Glyph)
	}
	if f.Function >= 0 {
		where += fmt.Sprintf(" function %d", f.Function)
	}
	return fmt.Sprintf("%s: %s: %s pc %d %s: %s", f.Severity, f.Kind, where, f.PC, f.Opcode, f.Message)
}

// Limits of the verifier (named, so hostile fonts stay bounded).
const (
	// MaxFindingsPerProgram bounds the findings one program (fpgm, prep,
	// a glyph or a function body) reports; further ones are counted in
	// Report.Dropped.
	MaxFindingsPerProgram = 64
	// maxLoopCallUnroll bounds the LOOPCALL repetitions applied one by
	// one to the abstract stack.
	maxLoopCallUnroll = 256
	// maxCompositeDepth bounds the recursion of the composite point count.
	maxCompositeDepth = 16
)

// A Report is the verifier's result for one font.
type Report struct {
	Findings []Finding
	Dropped  int // findings beyond MaxFindingsPerProgram, not listed
	Programs int // programs verified (fpgm, prep, glyph programs; function bodies counted in fpgm/prep)
}

// Counts returns the number of findings per severity and kind
// ("error/cvt-index" ...).
func (r *Report) Counts() map[string]int {
	m := map[string]int{}
	for _, f := range r.Findings {
		m[f.Severity+"/"+f.Kind]++
	}
	return m
}

// Errors returns the number of error findings.
func (r *Report) Errors() int {
	n := 0
	for _, f := range r.Findings {
		if f.Severity == SevError {
			n++
		}
	}
	return n
}

// Font verifies every program of f.
func Font(f *sfnt.Font) *Report {
	v := newVerifier(f)
	v.run()
	sort.SliceStable(v.rep.Findings, func(i, j int) bool {
		a, b := &v.rep.Findings[i], &v.rep.Findings[j]
		if a.Glyph != b.Glyph {
			return a.Glyph < b.Glyph
		}
		if a.Program != b.Program {
			return progOrder(a.Program) < progOrder(b.Program)
		}
		return a.PC < b.PC
	})
	return &v.rep
}

// progOrder sorts fpgm before prep before glyph programs.
func progOrder(p string) int {
	switch p {
	case "fpgm":
		return 0
	case "prep":
		return 1
	}
	return 2
}
