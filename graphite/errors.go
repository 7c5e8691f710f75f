package graphite

import (
	"errors"
	"fmt"
	"strings"
)

// ErrRefused is the sentinel every load failure wraps: graphite2 would
// refuse the font (gr_make_face returns NULL). errors.As gives the *Error
// with the details.
var ErrRefused = errors.New("graphite: font refused")

// ErrCode is graphite2's load error number (src/inc/Error.h, E_xxx). The
// numbers are graphite2's; zero means the loader failed without setting an
// error code (graphite2 does that in a few places, e.g. a rule whose sort
// key exceeds 63, or a Silf table without passes).
type ErrCode int

// graphite2's error codes.
const (
	EOutOfMem           ErrCode = 1
	ENoGlyphs           ErrCode = 2
	EBadUpem            ErrCode = 3
	EBadCmap            ErrCode = 4
	ENoSilf             ErrCode = 5
	ETooOld             ErrCode = 6
	EBadSize            ErrCode = 7
	EBadMaxGlyph        ErrCode = 8
	EBadNumJusts        ErrCode = 9
	EBadEndJusts        ErrCode = 10
	EBadCritFeatures    ErrCode = 11
	EBadScriptTags      ErrCode = 12
	EBadAPseudo         ErrCode = 13
	EBadABreak          ErrCode = 14
	EBadABidi           ErrCode = 15
	EBadAMirror         ErrCode = 16
	EBadNumPasses       ErrCode = 17
	EBadPassesStart     ErrCode = 18
	EBadPassBound       ErrCode = 19
	EBadPPass           ErrCode = 20
	EBadSPass           ErrCode = 21
	EBadJPassBound      ErrCode = 22
	EBadJPass           ErrCode = 23
	EBadALig            ErrCode = 24
	EBadBPass           ErrCode = 25
	EBadNumPseudo       ErrCode = 26
	EBadClassSize       ErrCode = 27
	ETooManyLinear      ErrCode = 28
	EClassesTooBig      ErrCode = 29
	EMisalignedClasses  ErrCode = 30
	EHighClassOffset    ErrCode = 31
	EBadClassOffset     ErrCode = 32
	EBadClassLookupInfo ErrCode = 33
	EBadPassStart       ErrCode = 34
	EBadPassEnd         ErrCode = 35
	EBadPassLength      ErrCode = 36
	EBadNumTrans        ErrCode = 37
	EBadNumSuccess      ErrCode = 38
	EBadNumStates       ErrCode = 39
	ENoRanges           ErrCode = 40
	EBadRuleMapLen      ErrCode = 41
	EBadCtxtLenBounds   ErrCode = 42
	EBadCtxtLens        ErrCode = 43
	EBadPassCCodePtr    ErrCode = 44
	EBadRuleCCodePtr    ErrCode = 45
	EBadCCodeLen        ErrCode = 46
	EBadActionCodePtr   ErrCode = 47
	EMutableCCode       ErrCode = 48
	EBadState           ErrCode = 49
	EBadRuleMapping     ErrCode = 50
	EBadRange           ErrCode = 51
	EBadRuleNum         ErrCode = 52
	EBadACollision      ErrCode = 53
	EBadEmptyPass       ErrCode = 54
	EBadSilfVersion     ErrCode = 55
	EBadCollisionPass   ErrCode = 56
	EBadNumColumns      ErrCode = 57
	ECodeFailure        ErrCode = 60 // + Status: the code verifier refused
	EBadScheme          ErrCode = 69 // unknown compression scheme (also E_CODEFAILURE+underfull_stack)
	EShrinkerFailed     ErrCode = 70

	// The following are not graphite2 codes: they name the conditions under
	// which graphite2 fails without setting one.
	ENoTable    ErrCode = -1 // the sfnt header or a required table is missing or unreadable
	ENoPasses   ErrCode = -2 // no Silf subtable has a pass
	EBadRule    ErrCode = -3 // a rule's sort key, pre-context or code offsets are bad
	EBadFeature ErrCode = -4 // Feat or Sill refused
	EBadGlyph   ErrCode = -5 // a glyph's attributes or bounding box are bad (graphite2 reports E_NOGLYPHS)
)

var codeNames = map[ErrCode]string{
	EOutOfMem: "E_OUTOFMEM", ENoGlyphs: "E_NOGLYPHS", EBadUpem: "E_BADUPEM", EBadCmap: "E_BADCMAP",
	ENoSilf: "E_NOSILF", ETooOld: "E_TOOOLD", EBadSize: "E_BADSIZE", EBadMaxGlyph: "E_BADMAXGLYPH",
	EBadNumJusts: "E_BADNUMJUSTS", EBadEndJusts: "E_BADENDJUSTS", EBadCritFeatures: "E_BADCRITFEATURES",
	EBadScriptTags: "E_BADSCRIPTTAGS", EBadAPseudo: "E_BADAPSEUDO", EBadABreak: "E_BADABREAK",
	EBadABidi: "E_BADABIDI", EBadAMirror: "E_BADAMIRROR", EBadNumPasses: "E_BADNUMPASSES",
	EBadPassesStart: "E_BADPASSESSTART", EBadPassBound: "E_BADPASSBOUND", EBadPPass: "E_BADPPASS",
	EBadSPass: "E_BADSPASS", EBadJPassBound: "E_BADJPASSBOUND", EBadJPass: "E_BADJPASS",
	EBadALig: "E_BADALIG", EBadBPass: "E_BADBPASS", EBadNumPseudo: "E_BADNUMPSEUDO",
	EBadClassSize: "E_BADCLASSSIZE", ETooManyLinear: "E_TOOMANYLINEAR", EClassesTooBig: "E_CLASSESTOOBIG",
	EMisalignedClasses: "E_MISALIGNEDCLASSES", EHighClassOffset: "E_HIGHCLASSOFFSET",
	EBadClassOffset: "E_BADCLASSOFFSET", EBadClassLookupInfo: "E_BADCLASSLOOKUPINFO",
	EBadPassStart: "E_BADPASSSTART", EBadPassEnd: "E_BADPASSEND", EBadPassLength: "E_BADPASSLENGTH",
	EBadNumTrans: "E_BADNUMTRANS", EBadNumSuccess: "E_BADNUMSUCCESS", EBadNumStates: "E_BADNUMSTATES",
	ENoRanges: "E_NORANGES", EBadRuleMapLen: "E_BADRULEMAPLEN", EBadCtxtLenBounds: "E_BADCTXTLENBOUNDS",
	EBadCtxtLens: "E_BADCTXTLENS", EBadPassCCodePtr: "E_BADPASSCCODEPTR", EBadRuleCCodePtr: "E_BADRULECCODEPTR",
	EBadCCodeLen: "E_BADCCODELEN", EBadActionCodePtr: "E_BADACTIONCODEPTR", EMutableCCode: "E_MUTABLECCODE",
	EBadState: "E_BADSTATE", EBadRuleMapping: "E_BADRULEMAPPING", EBadRange: "E_BADRANGE",
	EBadRuleNum: "E_BADRULENUM", EBadACollision: "E_BADACOLLISION", EBadEmptyPass: "E_BADEMPTYPASS",
	EBadSilfVersion: "E_BADSILFVERSION", EBadCollisionPass: "E_BADCOLLISIONPASS", EBadNumColumns: "E_BADNUMCOLUMNS",
	ECodeFailure: "E_CODEFAILURE", ECodeFailure + 1: "E_CODEALLOC", ECodeFailure + 2: "E_INVALIDOPCODE",
	ECodeFailure + 3: "E_UNIMPOPCODE", ECodeFailure + 4: "E_OUTOFRANGECODE", ECodeFailure + 5: "E_BADJUMPCODE",
	ECodeFailure + 6: "E_CODEBADARGS", ECodeFailure + 7: "E_CODENORETURN", ECodeFailure + 8: "E_CODENESTEDCTXT",
	EBadScheme: "E_BADSCHEME", EShrinkerFailed: "E_SHRINKERFAILED",
	ENoTable: "no table", ENoPasses: "no passes", EBadRule: "bad rule", EBadFeature: "bad features", EBadGlyph: "bad glyph",
}

// String returns the error code's name as graphite2's enum error
// (Error.h) spells it ("E_OUTOFMEM", ...), a short phrase for the codes
// graphite2 does not have ("no table", "bad rule", ...), or E_<n> for a
// code without a name.
func (c ErrCode) String() string {
	if s, ok := codeNames[c]; ok {
		return s
	}
	return fmt.Sprintf("E_%d", int(c))
}

// Status is the verdict of graphite2's code loader (Machine::Code::status_t).
type Status uint8

// Code loader statuses, in graphite2's order.
const (
	Loaded Status = iota
	AllocFailed
	InvalidOpcode
	UnimplementedOpcode
	OutOfRangeData
	JumpPastEnd
	ArgumentsExhausted
	MissingReturn
	NestedContextItem
	UnderfullStack
)

var statusNames = [...]string{"loaded", "alloc_failed", "invalid_opcode", "unimplemented_opcode_used",
	"out_of_range_data", "jump_past_end", "arguments_exhausted", "missing_return", "nested_context_item", "underfull_stack"}

// String returns the status's name in Machine::Code::status_t
// ("loaded", "invalid_opcode", ...), or status(<n>) for a value outside
// it.
func (s Status) String() string {
	if int(s) < len(statusNames) {
		return statusNames[s]
	}
	return fmt.Sprintf("status(%d)", int(s))
}

// Error is a refusal: where and why graphite2 would refuse the font.
// Fields that do not apply are -1 (indices, offsets) or empty.
type Error struct {
	Code   ErrCode // graphite2's error number (see Code)
	Table  string  // "Silf", "Glat", "Gloc", "Feat", "Sill", "cmap", "head", "sfnt", ...
	Offset int     // byte offset in the (decompressed) table, -1 if unknown
	Silf   int     // Silf subtable index
	Pass   int     // pass index within the subtable
	Rule   int     // rule index within the pass
	Glyph  int     // glyph id (glyph attribute errors)
	Kind   string  // code block: "pass constraint", "constraint", "action"
	PC     int     // offset of the failing instruction in its code block
	Opcode int     // the failing opcode
	Status Status  // code loader verdict when Code >= ECodeFailure
	Reason string
}

// Error formats the refusal on one line: "graphite: ", the table and
// offset, then whichever of Silf, Pass, Rule, Glyph and the code block
// (kind, pc, opcode) apply, the error code (with the loader status for
// code failures) and the reason.
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("graphite: ")
	b.WriteString(e.Table)
	if e.Offset >= 0 {
		fmt.Fprintf(&b, "+%d", e.Offset)
	}
	if e.Silf >= 0 {
		fmt.Fprintf(&b, ": silf %d", e.Silf)
	}
	if e.Pass >= 0 {
		fmt.Fprintf(&b, ", pass %d", e.Pass)
	}
	if e.Rule >= 0 {
		fmt.Fprintf(&b, ", rule %d", e.Rule)
	}
	if e.Glyph >= 0 {
		fmt.Fprintf(&b, ": glyph %d", e.Glyph)
	}
	if e.Kind != "" {
		fmt.Fprintf(&b, ", %s code", e.Kind)
		if e.PC >= 0 {
			fmt.Fprintf(&b, " +%d", e.PC)
		}
		if e.Opcode >= 0 {
			fmt.Fprintf(&b, " (opcode 0x%02X)", e.Opcode)
		}
	}
	switch {
	case e.Kind != "" && e.Code == ECodeFailure+ErrCode(UnderfullStack):
		// 69 is also E_BADSCHEME in graphite2's numbering
		fmt.Fprintf(&b, ": E_CODEFAILURE+%d (%s)", int(e.Code-ECodeFailure), e.Status)
	case e.Kind != "":
		fmt.Fprintf(&b, ": %s (%s)", e.Code, e.Status)
	default:
		fmt.Fprintf(&b, ": %s", e.Code)
	}
	if e.Reason != "" {
		b.WriteString(": ")
		b.WriteString(e.Reason)
	}
	return b.String()
}

// Unwrap returns ErrRefused, so that errors.Is(err, ErrRefused) holds for
// every refusal.
func (e *Error) Unwrap() error { return ErrRefused }

// newErr returns a refusal with code, table and byte offset off, the
// reason formatted as fmt.Sprintf does, and every other position field
// set to -1 (not applicable).
func newErr(code ErrCode, table string, off int, format string, args ...any) *Error {
	return &Error{Code: code, Table: table, Offset: off, Silf: -1, Pass: -1, Rule: -1, Glyph: -1, PC: -1, Opcode: -1,
		Reason: fmt.Sprintf(format, args...)}
}
