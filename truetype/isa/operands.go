package isa

import "fmt"

// Operand roles and data-dependent stack effects, as data: what a static
// checker (fontvm/truetype/verify) needs beyond Pops and Pushes. The
// roles say which popped values index which array, so that constant
// indices can be checked against their limits; Dynamic says how an
// instruction's real stack effect depends on values (Pops and Pushes are
// FreeType's fixed counts, which the interpreter checks before running
// the instruction).

// A Role is what a popped value means.
type Role uint8

// The roles.
const (
	RoleValue      Role = iota // a number (distance, flag, selector, ...)
	RolePointZP0               // a point number in zone zp0
	RolePointZP1               // a point number in zone zp1
	RolePointZP2               // a point number in zone zp2
	RolePointGlyph             // a point number in the glyph zone, whatever the zone pointers (FLIPPT, FLIPRGON, FLIPRGOFF)
	RoleCVT                    // a CVT entry
	RoleCVTPlus1               // a CVT entry (MIRP: FreeType accepts one past the end, reading 0)
	RoleStorage                // a storage location
	RoleFunction               // a function number
	RoleZone                   // a zone number: 0 twilight, 1 glyph
	RoleCount                  // a repeat count (LOOPCALL, DELTA pairs, SLOOP)
)

// A Dynamic is the way an instruction's stack effect depends on values.
type Dynamic uint8

// The dynamic stack effects.
const (
	DynFixed     Dynamic = iota // exactly Pops and Pushes
	DynLoop                     // pops loop more point numbers (Instruction.Loop), Roles' last role each
	DynPairs                    // pops n (its first operand) pairs more: a value below a PairRole index
	DynClear                    // empties the stack
	DynDepth                    // pushes the stack depth
	DynCIndex                   // copies the k-th element (k popped) to the top
	DynMIndex                   // moves the k-th element (k popped) to the top
	DynCall                     // runs a function (the stack effect is the function's)
	DynLoopCall                 // runs a function n times
	DynStream                   // pushes a count read from the instruction stream (NPUSHB, NPUSHW)
	DynVariation                // pushes the font's axis count (GETVARIATION; undefined without variations)
)

// An Arith is the value an arithmetic instruction computes from its
// arguments, for the instructions a checker folds over constants (as
// FreeType computes them: ADD_LONG, SUB_LONG, NEG_LONG wrap in 64 bits).
type Arith uint8

// The folded operations.
const (
	ArithNone Arith = iota
	ArithAdd        // a[0] + a[1]
	ArithSub        // a[0] - a[1]
	ArithNeg        // -a[0]
)

// An Operands entry: the roles of the popped values, top of stack first,
// the dynamic effect, for DynPairs the role of a pair's index (the upper
// element of each pair); for the stack permutations (DUP, POP, SWAP,
// ROLL) Moves gives each pushed value as the index of a popped one
// (pops deepest first, a[0] ... a[Pops-1]), and Arith the folded value of
// ADD, SUB and NEG.
type Operands struct {
	Roles    []Role
	Dynamic  Dynamic
	PairRole Role
	Perm     bool // a stack permutation: Moves says where each pushed value comes from
	Moves    []int8
	Arith    Arith
}

// operandsByName holds the entries of the instructions whose operands
// index something or whose effect is dynamic; the others pop values only.
var operandsByName = map[string]Operands{
	"SPVTL":        {Roles: []Role{RolePointZP2, RolePointZP1}},
	"SFVTL":        {Roles: []Role{RolePointZP2, RolePointZP1}},
	"SDPVTL":       {Roles: []Role{RolePointZP2, RolePointZP1}},
	"ISECT":        {Roles: []Role{RolePointZP0, RolePointZP0, RolePointZP1, RolePointZP1, RolePointZP2}},
	"SZP0":         {Roles: []Role{RoleZone}},
	"SZP1":         {Roles: []Role{RoleZone}},
	"SZP2":         {Roles: []Role{RoleZone}},
	"SZPS":         {Roles: []Role{RoleZone}},
	"SLOOP":        {Roles: []Role{RoleCount}},
	"DUP":          {Perm: true, Moves: []int8{0, 0}},
	"POP":          {Perm: true},
	"SWAP":         {Perm: true, Moves: []int8{1, 0}},
	"ROLL":         {Perm: true, Moves: []int8{1, 2, 0}},
	"ADD":          {Arith: ArithAdd},
	"SUB":          {Arith: ArithSub},
	"NEG":          {Arith: ArithNeg},
	"CLEAR":        {Dynamic: DynClear},
	"DEPTH":        {Dynamic: DynDepth},
	"CINDEX":       {Dynamic: DynCIndex},
	"MINDEX":       {Dynamic: DynMIndex},
	"ALIGNPTS":     {Roles: []Role{RolePointZP0, RolePointZP1}},
	"UTP":          {Roles: []Role{RolePointZP0}},
	"LOOPCALL":     {Roles: []Role{RoleFunction, RoleCount}, Dynamic: DynLoopCall},
	"CALL":         {Roles: []Role{RoleFunction}, Dynamic: DynCall},
	"FDEF":         {Roles: []Role{RoleFunction}},
	"MDAP":         {Roles: []Role{RolePointZP0}},
	"SHP":          {Roles: []Role{RolePointZP2}, Dynamic: DynLoop},
	"SHZ":          {Roles: []Role{RoleZone}},
	"SHPIX":        {Roles: []Role{RoleValue, RolePointZP2}, Dynamic: DynLoop},
	"IP":           {Roles: []Role{RolePointZP2}, Dynamic: DynLoop},
	"MSIRP":        {Roles: []Role{RoleValue, RolePointZP1}},
	"ALIGNRP":      {Roles: []Role{RolePointZP1}, Dynamic: DynLoop},
	"MIAP":         {Roles: []Role{RoleCVT, RolePointZP0}},
	"NPUSHB":       {Dynamic: DynStream},
	"NPUSHW":       {Dynamic: DynStream},
	"WS":           {Roles: []Role{RoleValue, RoleStorage}},
	"RS":           {Roles: []Role{RoleStorage}},
	"WCVTP":        {Roles: []Role{RoleValue, RoleCVT}},
	"RCVT":         {Roles: []Role{RoleCVT}},
	"GC":           {Roles: []Role{RolePointZP2}},
	"SCFS":         {Roles: []Role{RoleValue, RolePointZP2}},
	"MD":           {Roles: []Role{RolePointZP1, RolePointZP0}},
	"DELTAP1":      {Roles: []Role{RoleCount}, Dynamic: DynPairs, PairRole: RolePointZP0},
	"DELTAP2":      {Roles: []Role{RoleCount}, Dynamic: DynPairs, PairRole: RolePointZP0},
	"DELTAP3":      {Roles: []Role{RoleCount}, Dynamic: DynPairs, PairRole: RolePointZP0},
	"WCVTF":        {Roles: []Role{RoleValue, RoleCVT}},
	"DELTAC1":      {Roles: []Role{RoleCount}, Dynamic: DynPairs, PairRole: RoleCVT},
	"DELTAC2":      {Roles: []Role{RoleCount}, Dynamic: DynPairs, PairRole: RoleCVT},
	"DELTAC3":      {Roles: []Role{RoleCount}, Dynamic: DynPairs, PairRole: RoleCVT},
	"FLIPPT":       {Roles: []Role{RolePointGlyph}, Dynamic: DynLoop},
	"FLIPRGON":     {Roles: []Role{RolePointGlyph, RolePointGlyph}},
	"FLIPRGOFF":    {Roles: []Role{RolePointGlyph, RolePointGlyph}},
	"GETVARIATION": {Dynamic: DynVariation},
	"MDRP":         {Roles: []Role{RolePointZP1}},
	"MIRP":         {Roles: []Role{RoleCVTPlus1, RolePointZP1}},
}

// OperandsOf returns the operand entry of opcode op (a zero entry for
// undefined opcodes and for instructions that pop values only). For
// DynLoop instructions, the last role is the role of each loop point
// (the fixed operands come first: SHPIX's amount).
func OperandsOf(op byte) Operands {
	o := Opcodes[op]
	if o.Inst == nil {
		return Operands{}
	}
	return operandsByName[o.Inst.Name]
}

// Mnemonic names opcode op for messages: the instruction's name, with its
// flag digits in brackets when it has flags ("MDRP[10100]", "RCVT"), or
// "INSTRn" for an undefined opcode (as ttx names it).
func Mnemonic(op byte) string {
	o := Opcodes[op]
	if !o.Defined() {
		return fmt.Sprintf("INSTR%d", op)
	}
	if o.Inst.FlagBits == 0 {
		return o.Inst.Name
	}
	return o.Variant(op)
}
