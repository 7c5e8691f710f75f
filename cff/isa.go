package cff

// The Type 2 charstring instruction set as data (Adobe Technical Note
// #5177 and the CFF2 specification), in the form of the house's other
// instruction tables: code, operands popped and results pushed, meaning,
// and how FreeType 2.12.1's interpreter (src/psaux/psintrp.c,
// cf2_interpT2CharString) treats it. The disassembler takes its names
// from here (spelled as fontTools 4.38 ttx writes them), `fontvm cff doc`
// prints it, and the interpreter takes each operator's stack behaviour
// (Clears) and availability (In) from it.

// A Family groups operators for documentation.
type Family string

// Operator families.
const (
	FamilyPath       Family = "path construction"
	FamilyHint       Family = "hints"
	FamilyFinish     Family = "finishing and subroutines"
	FamilyArithmetic Family = "arithmetic"
	FamilyStorage    Family = "storage and stack"
	FamilyCondition  Family = "conditions"
	FamilyVariation  Family = "variations (CFF2)"
	FamilyNumber     Family = "operands"
)

// Availability of an operator in CFF and CFF2 charstrings.
type Availability uint8

// Availability values.
const (
	InBoth Availability = iota // CFF and CFF2
	InCFF                      // CFF only (FreeType ignores it in CFF2)
	InCFF2                     // CFF2 only (FreeType ignores it in CFF, clearing the stack)
)

// An Op is one charstring operator (or operand encoding).
type Op struct {
	Name    string // as ttx writes it ("" for operand encodings)
	Code    int    // first byte; for escaped operators 12
	Escape  int    // second byte of escaped operators, -1 otherwise
	Family  Family
	In      Availability
	Pops    string // operands, bottom first, as the specification writes them
	Pushes  string // results ("-": none)
	Clears  bool   // FreeType clears the operand stack after the operator
	Width   bool   // the first stack-clearing operator may carry the advance width first
	Meaning string
	Note    string // FreeType 2.12.1's behaviour where it matters
}

// Ops is the instruction set: operators in code order, then the operand
// encodings.
var Ops = []Op{
	{Name: "hstem", Code: 1, Escape: -1, Family: FamilyHint, Pops: "y dy {dya dyb}*", Pushes: "-", Clears: true, Width: true,
		Meaning: "horizontal stem hints: edges y and y+dy, then pairs relative to the previous edge",
		Note:    "ignored once a hint mask has been read (cf2_doStems is skipped); an odd count takes the first operand as the width"},
	{Name: "vstem", Code: 3, Escape: -1, Family: FamilyHint, Pops: "x dx {dxa dxb}*", Pushes: "-", Clears: true, Width: true,
		Meaning: "vertical stem hints", Note: "as hstem"},
	{Name: "vmoveto", Code: 4, Escape: -1, Family: FamilyPath, Pops: "dy1", Pushes: "-", Clears: true, Width: true,
		Meaning: "close the open path and move the current point by (0, dy1)",
		Note:    "more than one operand: the first is the width (if none yet); the top of the stack is the move"},
	{Name: "rlineto", Code: 5, Escape: -1, Family: FamilyPath, Pops: "{dxa dya}+", Pushes: "-", Clears: true,
		Meaning: "lines by relative pairs", Note: "an odd last operand is read as a missing pair member of 0 (stack bounds error)"},
	{Name: "hlineto", Code: 6, Escape: -1, Family: FamilyPath, Pops: "dx1 {dya dxb}*  or  {dxa dyb}+", Pushes: "-", Clears: true,
		Meaning: "alternating horizontal and vertical lines, horizontal first"},
	{Name: "vlineto", Code: 7, Escape: -1, Family: FamilyPath, Pops: "dy1 {dxa dyb}*  or  {dya dxb}+", Pushes: "-", Clears: true,
		Meaning: "alternating vertical and horizontal lines, vertical first"},
	{Name: "rrcurveto", Code: 8, Escape: -1, Family: FamilyPath, Pops: "{dxa dya dxb dyb dxc dyc}+", Pushes: "-", Clears: true,
		Meaning: "Bézier curves by relative control points", Note: "operands past the last full group of 6 are ignored"},
	{Name: "callsubr", Code: 10, Escape: -1, Family: FamilyFinish, Pops: "subr#", Pushes: "-",
		Meaning: "call local subroutine subr#+bias",
		Note:    "more than 16 nested calls, or an index outside the Subrs INDEX: Invalid_Glyph_Format; the stack is kept"},
	{Name: "return", Code: 11, Escape: -1, Family: FamilyFinish, In: InCFF, Pops: "-", Pushes: "-",
		Meaning: "return from a subroutine", Note: "in the top-level charstring: Invalid_Glyph_Format; ignored in CFF2 (the end of a subroutine returns)"},
	{Name: "endchar", Code: 14, Escape: -1, Family: FamilyFinish, In: InCFF, Pops: "- or adx ady bchar achar", Pushes: "-", Clears: true, Width: true,
		Meaning: "close the path and end the glyph; with four operands, the deprecated seac: accent achar at (adx, ady) over base bchar (standard encoding codes)",
		Note:    "a stack of 1 or 5 operands takes the first as the width; more than one operand left runs seac (not in a seac component: Invalid_Glyph_Format); ignored in CFF2"},
	{Name: "vsindex", Code: 15, Escape: -1, Family: FamilyVariation, In: InCFF2, Pops: "ivs", Pushes: "-", Clears: true,
		Meaning: "select ItemVariationData ivs for later blends", Note: "after a blend: Invalid_Glyph_Format; a negative index is ignored"},
	{Name: "blend", Code: 16, Escape: -1, Family: FamilyVariation, In: InCFF2, Pops: "v1..vn d11..dnk n", Pushes: "v1'..vn'",
		Meaning: "blend n default values with their k region deltas each for the current instance",
		Note:    "in a font without variation store, or n beyond the stack size: Invalid_Glyph_Format"},
	{Name: "hstemhm", Code: 18, Escape: -1, Family: FamilyHint, Pops: "y dy {dya dyb}*", Pushes: "-", Clears: true, Width: true,
		Meaning: "horizontal stem hints that hint masks will select", Note: "as hstem"},
	{Name: "hintmask", Code: 19, Escape: -1, Family: FamilyHint, Pops: "[x dx {dxa dxb}*]", Pushes: "-", Clears: true, Width: true,
		Meaning: "select the active stem hints with the mask bytes that follow (one bit per stem, horizontal stems first)",
		Note:    "operands before it are implicit vstemhm; more than 96 stems: Invalid_Glyph_Format"},
	{Name: "cntrmask", Code: 20, Escape: -1, Family: FamilyHint, Pops: "[x dx {dxa dxb}*]", Pushes: "-", Clears: true, Width: true,
		Meaning: "counter control: group stems with the mask bytes that follow", Note: "as hintmask; FreeType builds a temporary hint map from it"},
	{Name: "rmoveto", Code: 21, Escape: -1, Family: FamilyPath, Pops: "dx1 dy1", Pushes: "-", Clears: true, Width: true,
		Meaning: "close the open path and move the current point", Note: "more than two operands: the first is the width"},
	{Name: "hmoveto", Code: 22, Escape: -1, Family: FamilyPath, Pops: "dx1", Pushes: "-", Clears: true, Width: true,
		Meaning: "close the open path and move the current point by (dx1, 0)", Note: "more than one operand: the first is the width"},
	{Name: "vstemhm", Code: 23, Escape: -1, Family: FamilyHint, Pops: "x dx {dxa dxb}*", Pushes: "-", Clears: true, Width: true,
		Meaning: "vertical stem hints that hint masks will select", Note: "as hstem"},
	{Name: "rcurveline", Code: 24, Escape: -1, Family: FamilyPath, Pops: "{dxa dya dxb dyb dxc dyc}+ dxd dyd", Pushes: "-", Clears: true,
		Meaning: "curves, then a line"},
	{Name: "rlinecurve", Code: 25, Escape: -1, Family: FamilyPath, Pops: "{dxa dya}+ dxb dyb dxc dyc dxd dyd", Pushes: "-", Clears: true,
		Meaning: "lines, then a curve"},
	{Name: "vvcurveto", Code: 26, Escape: -1, Family: FamilyPath, Pops: "dx1? {dya dxb dyb dyc}+", Pushes: "-", Clears: true,
		Meaning: "curves starting and ending vertical", Note: "the count's bit 1 is cleared (count & ~2) and the first operands skipped to suit"},
	{Name: "hhcurveto", Code: 27, Escape: -1, Family: FamilyPath, Pops: "dy1? {dxa dxb dyb dxc}+", Pushes: "-", Clears: true,
		Meaning: "curves starting and ending horizontal", Note: "as vvcurveto"},
	{Name: "callgsubr", Code: 29, Escape: -1, Family: FamilyFinish, Pops: "subr#", Pushes: "-",
		Meaning: "call global subroutine subr#+bias", Note: "as callsubr"},
	{Name: "vhcurveto", Code: 30, Escape: -1, Family: FamilyPath, Pops: "dy1 dx2 dy2 dx3 {dxa dxb dyb dyc dyd dxe dye dxf}* dyf?  or  {dya dxb dyb dxc dxd dxe dye dyf}+ dxf?", Pushes: "-", Clears: true,
		Meaning: "curves alternating vertical and horizontal tangents, vertical first", Note: "as vvcurveto (count & ~2)"},
	{Name: "hvcurveto", Code: 31, Escape: -1, Family: FamilyPath, Pops: "dx1 dx2 dy2 dy3 {dya dxb dyb dxc dxd dxe dye dyf}* dxf?  or  {dxa dxb dyb dyc dyd dxe dye dxf}+ dyf?", Pushes: "-", Clears: true,
		Meaning: "curves alternating horizontal and vertical tangents, horizontal first", Note: "as vvcurveto"},
	{Name: "ignore", Code: 12, Escape: 0, Family: FamilyHint, In: InCFF, Pops: "-", Pushes: "-", Clears: true,
		Meaning: "dotsection (Type 1 legacy); ttx writes it 'ignore'", Note: "ignored"},
	{Name: "and", Code: 12, Escape: 3, Family: FamilyCondition, In: InCFF, Pops: "num1 num2", Pushes: "1 or 0", Meaning: "logical and"},
	{Name: "or", Code: 12, Escape: 4, Family: FamilyCondition, In: InCFF, Pops: "num1 num2", Pushes: "1 or 0", Meaning: "logical or"},
	{Name: "not", Code: 12, Escape: 5, Family: FamilyCondition, In: InCFF, Pops: "num1", Pushes: "1 or 0", Meaning: "logical not"},
	{Name: "abs", Code: 12, Escape: 9, Family: FamilyArithmetic, In: InCFF, Pops: "num", Pushes: "|num|", Meaning: "absolute value"},
	{Name: "add", Code: 12, Escape: 10, Family: FamilyArithmetic, In: InCFF, Pops: "num1 num2", Pushes: "num1+num2", Meaning: "sum (32-bit wrapping)"},
	{Name: "sub", Code: 12, Escape: 11, Family: FamilyArithmetic, In: InCFF, Pops: "num1 num2", Pushes: "num1-num2", Meaning: "difference"},
	{Name: "div", Code: 12, Escape: 12, Family: FamilyArithmetic, In: InCFF, Pops: "num1 num2", Pushes: "num1/num2", Meaning: "quotient (FT_DivFix)"},
	{Name: "neg", Code: 12, Escape: 14, Family: FamilyArithmetic, In: InCFF, Pops: "num", Pushes: "-num", Meaning: "negation"},
	{Name: "eq", Code: 12, Escape: 15, Family: FamilyCondition, In: InCFF, Pops: "num1 num2", Pushes: "1 or 0", Meaning: "equality"},
	{Name: "drop", Code: 12, Escape: 18, Family: FamilyStorage, In: InCFF, Pops: "num", Pushes: "-", Meaning: "discard the top element"},
	{Name: "put", Code: 12, Escape: 20, Family: FamilyStorage, In: InCFF, Pops: "val i", Pushes: "-", Meaning: "store val in transient array element i (32 elements; others ignored)"},
	{Name: "get", Code: 12, Escape: 21, Family: FamilyStorage, In: InCFF, Pops: "i", Pushes: "val", Meaning: "push transient array element i (nothing for i outside 0..31)"},
	{Name: "ifelse", Code: 12, Escape: 22, Family: FamilyCondition, In: InCFF, Pops: "s1 s2 v1 v2", Pushes: "s1 if v1 <= v2, else s2", Meaning: "conditional select"},
	{Name: "random", Code: 12, Escape: 23, Family: FamilyArithmetic, In: InCFF, Pops: "-", Pushes: "num in (0, 1]", Meaning: "pseudo-random number",
		Note: "FreeType's cff_random sequence seeded by initialRandomSeed"},
	{Name: "mul", Code: 12, Escape: 24, Family: FamilyArithmetic, In: InCFF, Pops: "num1 num2", Pushes: "num1*num2", Meaning: "product (FT_MulFix)"},
	{Name: "sqrt", Code: 12, Escape: 26, Family: FamilyArithmetic, In: InCFF, Pops: "num", Pushes: "sqrt(num)", Meaning: "square root (Babylonian iteration; 0 for num <= 0)"},
	{Name: "dup", Code: 12, Escape: 27, Family: FamilyStorage, In: InCFF, Pops: "any", Pushes: "any any", Meaning: "duplicate the top element"},
	{Name: "exch", Code: 12, Escape: 28, Family: FamilyStorage, In: InCFF, Pops: "num1 num2", Pushes: "num2 num1", Meaning: "exchange the top two elements"},
	{Name: "index", Code: 12, Escape: 29, Family: FamilyStorage, In: InCFF, Pops: "numX..num0 i", Pushes: "numX..num0 numi", Meaning: "copy element i (negative: the top; too large: the bottom)"},
	{Name: "roll", Code: 12, Escape: 30, Family: FamilyStorage, In: InCFF, Pops: "num(N-1)..num0 N J", Pushes: "the N elements rolled by J", Meaning: "roll the top N elements by J positions"},
	{Name: "hflex", Code: 12, Escape: 34, Family: FamilyPath, Pops: "dx1 dx2 dy2 dx3 dx4 dx5 dx6", Pushes: "-", Clears: true, Meaning: "two curves as a horizontal flex (drawn as curves)"},
	{Name: "flex", Code: 12, Escape: 35, Family: FamilyPath, Pops: "dx1 dy1 dx2 dy2 dx3 dy3 dx4 dy4 dx5 dy5 dx6 dy6 fd", Pushes: "-", Clears: true, Meaning: "two curves as a flex (fd ignored: drawn as curves)"},
	{Name: "hflex1", Code: 12, Escape: 36, Family: FamilyPath, Pops: "dx1 dy1 dx2 dy2 dx3 dx4 dx5 dy5 dx6", Pushes: "-", Clears: true, Meaning: "horizontal flex with differing end heights"},
	{Name: "flex1", Code: 12, Escape: 37, Family: FamilyPath, Pops: "dx1 dy1 dx2 dy2 dx3 dy3 dx4 dy4 dx5 dy5 d6", Pushes: "-", Clears: true,
		Meaning: "flex whose last delta d6 is along the larger extent of the first five"},

	{Code: 28, Escape: -1, Family: FamilyNumber, Pops: "-", Pushes: "int16", Meaning: "28 b1 b2: the integer (b1<<8|b2) as int16"},
	{Code: 32, Escape: -1, Family: FamilyNumber, Pops: "-", Pushes: "v", Meaning: "32..246: v = b0-139 (-107..107)"},
	{Code: 247, Escape: -1, Family: FamilyNumber, Pops: "-", Pushes: "v", Meaning: "247..250 b1: v = (b0-247)*256+b1+108 (108..1131)"},
	{Code: 251, Escape: -1, Family: FamilyNumber, Pops: "-", Pushes: "v", Meaning: "251..254 b1: v = -(b0-251)*256-b1-108 (-1131..-108)"},
	{Code: 255, Escape: -1, Family: FamilyNumber, Pops: "-", Pushes: "v", Meaning: "255 b1..b4: a 16.16 fixed-point number"},
}

// opTable maps an operator's first byte (0..31) and escaped second byte
// (32+b1) to its entry in Ops.
var opTable = func() (t [32 + 256]*Op) {
	for i := range Ops {
		o := &Ops[i]
		if o.Name == "" {
			continue
		}
		if o.Escape >= 0 {
			t[32+o.Escape] = o
		} else {
			t[o.Code] = o
		}
	}
	return t
}()

// lookupOp returns the operator for b0 (and b1 when b0 is 12), or nil
// for a reserved code.
func lookupOp(b0, b1 int) *Op {
	if b0 == 12 {
		if b1 < 0 || b1 > 255 {
			return nil
		}
		return opTable[32+b1]
	}
	if b0 < 0 || b0 >= 32 {
		return nil
	}
	return opTable[b0]
}

// LookupOp returns the operator named name (as ttx spells it), or nil.
func LookupOp(name string) *Op {
	for i := range Ops {
		if Ops[i].Name == name {
			return &Ops[i]
		}
	}
	return nil
}

// CodeString returns the operator's code as the specification writes it:
// "21" or "12 35".
func (o *Op) CodeString() string {
	if o.Escape >= 0 {
		return "12 " + itoa(o.Escape)
	}
	return itoa(o.Code)
}

// itoa formats a small non-negative integer.
func itoa(v int) string {
	if v == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	neg := v < 0
	if neg {
		v = -v
	}
	for v > 0 {
		i--
		b[i] = byte('0' + v%10)
		v /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}
