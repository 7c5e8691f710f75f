package hint

import (
	"errors"
	"fmt"
)

// errCode is a FreeType error, named as fterrdef.h names it.
type errCode uint8

const (
	errOK                     errCode = 0
	errInvalidArgument        errCode = 0x06
	errInvalidGlyphIndex      errCode = 0x10
	errInvalidOutline         errCode = 0x14
	errInvalidComposite       errCode = 0x15
	errTooManyHints           errCode = 0x16
	errInvalidTable           errCode = 0x08
	errInvalidOpcode          errCode = 0x80
	errTooFewArguments        errCode = 0x81
	errStackOverflow          errCode = 0x82
	errCodeOverflow           errCode = 0x83
	errBadArgument            errCode = 0x84
	errDivideByZero           errCode = 0x85
	errInvalidReference       errCode = 0x86
	errDebugOpcode            errCode = 0x87
	errENDFInExecStream       errCode = 0x88
	errNestedDEFs             errCode = 0x89
	errInvalidCodeRange       errCode = 0x8A
	errExecutionTooLong       errCode = 0x8B
	errTooManyFunctionDefs    errCode = 0x8C
	errTooManyInstructionDefs errCode = 0x8D
	errDEFInGlyf              errCode = 0x9C
)

var errNames = map[errCode]string{
	errInvalidArgument:        "Invalid_Argument",
	errInvalidGlyphIndex:      "Invalid_Glyph_Index",
	errInvalidOutline:         "Invalid_Outline",
	errInvalidComposite:       "Invalid_Composite",
	errTooManyHints:           "Too_Many_Hints",
	errInvalidTable:           "Invalid_Table",
	errInvalidOpcode:          "Invalid_Opcode",
	errTooFewArguments:        "Too_Few_Arguments",
	errStackOverflow:          "Stack_Overflow",
	errCodeOverflow:           "Code_Overflow",
	errBadArgument:            "Bad_Argument",
	errDivideByZero:           "Divide_By_Zero",
	errInvalidReference:       "Invalid_Reference",
	errDebugOpcode:            "Debug_OpCode",
	errENDFInExecStream:       "ENDF_In_Exec_Stream",
	errNestedDEFs:             "Nested_DEFS",
	errInvalidCodeRange:       "Invalid_CodeRange",
	errExecutionTooLong:       "Execution_Too_Long",
	errTooManyFunctionDefs:    "Too_Many_Function_Defs",
	errTooManyInstructionDefs: "Too_Many_Instruction_Defs",
	errDEFInGlyf:              "DEF_In_Glyf_Bytecode",
}

// String returns FreeType's error name without "FT_Err_", e.g.
// "Invalid_Opcode", or the code in hex when FreeType has no name for it.
func (c errCode) String() string {
	if s, ok := errNames[c]; ok {
		return s
	}
	return fmt.Sprintf("0x%02X", uint8(c))
}

// Sentinel errors, one per class of failure. Errors returned by this
// package match one of them with errors.Is.
var (
	// ErrProgram: a font program (fpgm, prep) failed, which disables the
	// instance as FreeType disables the size: every hinted LoadGlyph
	// reports the failure. Glyph programs never fail a load (FreeType
	// keeps what they did up to the fault).
	ErrProgram = errors.New("hint: program failed")
	// ErrGlyph: the glyph's data is unusable (FreeType's
	// Invalid_Outline, Invalid_Composite, Too_Many_Hints, ...).
	ErrGlyph = errors.New("hint: bad glyph")
	// ErrArgument: a bad argument (glyph index, ppem, options).
	ErrArgument = errors.New("hint: bad argument")
)

// Program names a code range.
type Program uint8

// The programs.
const (
	ProgFpgm  Program = rangeFont
	ProgPrep  Program = rangeCVT
	ProgGlyph Program = rangeGlyph
)

// String returns the program's name: "fpgm", "prep" or "glyph".
func (p Program) String() string {
	switch p {
	case ProgFpgm:
		return "fpgm"
	case ProgPrep:
		return "prep"
	case ProgGlyph:
		return "glyph"
	}
	return "?"
}

// An Error is a failure with FreeType's error name and where it
// happened.
type Error struct {
	// Code is FreeType's error name without "FT_Err_", e.g.
	// "Invalid_Opcode"; the CLI prints it as FreeType's reference does.
	Code string
	// Program is the program that failed (fpgm, prep or glyph), when a
	// program failed; Range is the code range the failing instruction
	// was in (a function called from prep may live in fpgm), PC its
	// offset and Opcode its opcode.
	Program Program
	Range   Program
	PC      int
	Opcode  byte
	Glyph   int // glyph index, -1 if none
	Detail  string
	kind    error
}

// Error formats the error with the glyph and, for a failed program,
// where it failed.
func (e *Error) Error() string {
	s := "hint: "
	if e.Glyph >= 0 {
		s += fmt.Sprintf("glyph %d: ", e.Glyph)
	}
	if e.Program != 0 {
		s += fmt.Sprintf("%s: %s at %s pc %d opcode 0x%02X", e.Program, e.Code, e.Range, e.PC, e.Opcode)
	} else {
		s += e.Code
	}
	if e.Detail != "" {
		s += ": " + e.Detail
	}
	return s
}

// Unwrap returns the sentinel error of the failure's class.
func (e *Error) Unwrap() error { return e.kind }

// Name returns FreeType's name of err's code if err is an *Error, else
// "".
func Name(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return ""
}
