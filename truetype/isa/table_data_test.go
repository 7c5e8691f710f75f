package isa

// freetypePopPush is FreeType 2.12.1's Pop_Push_Count table
// (src/truetype/ttinterp.c), transcribed: per opcode two digits, pops then
// pushes, 16 opcodes a row.
const freetypePopPush = `
00 00 00 00 00 00 20 20 20 20 20 20 02 02 00 50
10 10 10 10 10 10 10 10 00 00 10 00 10 10 10 10
12 10 00 22 01 11 10 20 00 10 20 10 10 00 10 10
00 00 00 00 10 10 10 10 10 00 20 20 00 00 20 20
00 00 20 11 20 11 11 11 20 21 21 01 01 00 00 10
21 21 21 21 21 21 11 11 10 00 21 21 11 10 10 10
21 21 21 21 11 11 11 11 11 11 11 11 11 11 11 11
20 10 10 10 10 10 10 10 20 20 00 00 00 00 10 10
00 20 20 00 00 10 20 20 11 10 33 21 21 10 20 00
00 00 01 00 00 00 00 00 00 00 00 00 00 00 00 00
00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
01 02 03 04 05 06 07 08 01 02 03 04 05 06 07 08
10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10
10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10
20 20 20 20 20 20 20 20 20 20 20 20 20 20 20 20
20 20 20 20 20 20 20 20 20 20 20 20 20 20 20 20
`

// fontToolsInstructions is fontTools 4.38's instruction list
// (Lib/fontTools/ttLib/tables/ttProgram.py): opcode, mnemonic, argBits,
// descriptive name.
var fontToolsInstructions = []struct {
	op   byte
	name string
	bits int
	desc string
}{
	{0x00, "SVTCA", 1, "SetFPVectorToAxis"},
	{0x02, "SPVTCA", 1, "SetPVectorToAxis"},
	{0x04, "SFVTCA", 1, "SetFVectorToAxis"},
	{0x06, "SPVTL", 1, "SetPVectorToLine"},
	{0x08, "SFVTL", 1, "SetFVectorToLine"},
	{0x0A, "SPVFS", 0, "SetPVectorFromStack"},
	{0x0B, "SFVFS", 0, "SetFVectorFromStack"},
	{0x0C, "GPV", 0, "GetPVector"},
	{0x0D, "GFV", 0, "GetFVector"},
	{0x0E, "SFVTPV", 0, "SetFVectorToPVector"},
	{0x0F, "ISECT", 0, "MovePtToIntersect"},
	{0x10, "SRP0", 0, "SetRefPoint0"},
	{0x11, "SRP1", 0, "SetRefPoint1"},
	{0x12, "SRP2", 0, "SetRefPoint2"},
	{0x13, "SZP0", 0, "SetZonePointer0"},
	{0x14, "SZP1", 0, "SetZonePointer1"},
	{0x15, "SZP2", 0, "SetZonePointer2"},
	{0x16, "SZPS", 0, "SetZonePointerS"},
	{0x17, "SLOOP", 0, "SetLoopVariable"},
	{0x18, "RTG", 0, "RoundToGrid"},
	{0x19, "RTHG", 0, "RoundToHalfGrid"},
	{0x1A, "SMD", 0, "SetMinimumDistance"},
	{0x1B, "ELSE", 0, "Else"},
	{0x1C, "JMPR", 0, "Jump"},
	{0x1D, "SCVTCI", 0, "SetCVTCutIn"},
	{0x1E, "SSWCI", 0, "SetSingleWidthCutIn"},
	{0x1F, "SSW", 0, "SetSingleWidth"},
	{0x20, "DUP", 0, "DuplicateTopStack"},
	{0x21, "POP", 0, "PopTopStack"},
	{0x22, "CLEAR", 0, "ClearStack"},
	{0x23, "SWAP", 0, "SwapTopStack"},
	{0x24, "DEPTH", 0, "GetDepthStack"},
	{0x25, "CINDEX", 0, "CopyXToTopStack"},
	{0x26, "MINDEX", 0, "MoveXToTopStack"},
	{0x27, "ALIGNPTS", 0, "AlignPts"},
	{0x29, "UTP", 0, "UnTouchPt"},
	{0x2A, "LOOPCALL", 0, "LoopAndCallFunction"},
	{0x2B, "CALL", 0, "CallFunction"},
	{0x2C, "FDEF", 0, "FunctionDefinition"},
	{0x2D, "ENDF", 0, "EndFunctionDefinition"},
	{0x2E, "MDAP", 1, "MoveDirectAbsPt"},
	{0x30, "IUP", 1, "InterpolateUntPts"},
	{0x32, "SHP", 1, "ShiftPointByLastPoint"},
	{0x34, "SHC", 1, "ShiftContourByLastPt"},
	{0x36, "SHZ", 1, "ShiftZoneByLastPoint"},
	{0x38, "SHPIX", 0, "ShiftZoneByPixel"},
	{0x39, "IP", 0, "InterpolatePts"},
	{0x3A, "MSIRP", 1, "MoveStackIndirRelPt"},
	{0x3C, "ALIGNRP", 0, "AlignRelativePt"},
	{0x3D, "RTDG", 0, "RoundToDoubleGrid"},
	{0x3E, "MIAP", 1, "MoveIndirectAbsPt"},
	{0x40, "NPUSHB", 0, "PushNBytes"},
	{0x41, "NPUSHW", 0, "PushNWords"},
	{0x42, "WS", 0, "WriteStore"},
	{0x43, "RS", 0, "ReadStore"},
	{0x44, "WCVTP", 0, "WriteCVTInPixels"},
	{0x45, "RCVT", 0, "ReadCVT"},
	{0x46, "GC", 1, "GetCoordOnPVector"},
	{0x48, "SCFS", 0, "SetCoordFromStackFP"},
	{0x49, "MD", 1, "MeasureDistance"},
	{0x4B, "MPPEM", 0, "MeasurePixelPerEm"},
	{0x4C, "MPS", 0, "MeasurePointSize"},
	{0x4D, "FLIPON", 0, "SetAutoFlipOn"},
	{0x4E, "FLIPOFF", 0, "SetAutoFlipOff"},
	{0x4F, "DEBUG", 0, "DebugCall"},
	{0x50, "LT", 0, "LessThan"},
	{0x51, "LTEQ", 0, "LessThenOrEqual"},
	{0x52, "GT", 0, "GreaterThan"},
	{0x53, "GTEQ", 0, "GreaterThanOrEqual"},
	{0x54, "EQ", 0, "Equal"},
	{0x55, "NEQ", 0, "NotEqual"},
	{0x56, "ODD", 0, "Odd"},
	{0x57, "EVEN", 0, "Even"},
	{0x58, "IF", 0, "If"},
	{0x59, "EIF", 0, "EndIf"},
	{0x5A, "AND", 0, "LogicalAnd"},
	{0x5B, "OR", 0, "LogicalOr"},
	{0x5C, "NOT", 0, "LogicalNot"},
	{0x5D, "DELTAP1", 0, "DeltaExceptionP1"},
	{0x5E, "SDB", 0, "SetDeltaBaseInGState"},
	{0x5F, "SDS", 0, "SetDeltaShiftInGState"},
	{0x60, "ADD", 0, "Add"},
	{0x61, "SUB", 0, "Subtract"},
	{0x62, "DIV", 0, "Divide"},
	{0x63, "MUL", 0, "Multiply"},
	{0x64, "ABS", 0, "Absolute"},
	{0x65, "NEG", 0, "Negate"},
	{0x66, "FLOOR", 0, "Floor"},
	{0x67, "CEILING", 0, "Ceiling"},
	{0x68, "ROUND", 2, "Round"},
	{0x6C, "NROUND", 2, "NoRound"},
	{0x70, "WCVTF", 0, "WriteCVTInFUnits"},
	{0x71, "DELTAP2", 0, "DeltaExceptionP2"},
	{0x72, "DELTAP3", 0, "DeltaExceptionP3"},
	{0x73, "DELTAC1", 0, "DeltaExceptionC1"},
	{0x74, "DELTAC2", 0, "DeltaExceptionC2"},
	{0x75, "DELTAC3", 0, "DeltaExceptionC3"},
	{0x76, "SROUND", 0, "SuperRound"},
	{0x77, "S45ROUND", 0, "SuperRound45Degrees"},
	{0x78, "JROT", 0, "JumpRelativeOnTrue"},
	{0x79, "JROF", 0, "JumpRelativeOnFalse"},
	{0x7A, "ROFF", 0, "RoundOff"},
	{0x7C, "RUTG", 0, "RoundUpToGrid"},
	{0x7D, "RDTG", 0, "RoundDownToGrid"},
	{0x7E, "SANGW", 0, "SetAngleWeight"},
	{0x7F, "AA", 0, "AdjustAngle"},
	{0x80, "FLIPPT", 0, "FlipPoint"},
	{0x81, "FLIPRGON", 0, "FlipRangeOn"},
	{0x82, "FLIPRGOFF", 0, "FlipRangeOff"},
	{0x85, "SCANCTRL", 0, "ScanConversionControl"},
	{0x86, "SDPVTL", 1, "SetDualPVectorToLine"},
	{0x88, "GETINFO", 0, "GetInfo"},
	{0x89, "IDEF", 0, "InstructionDefinition"},
	{0x8A, "ROLL", 0, "RollTopThreeStack"},
	{0x8B, "MAX", 0, "Maximum"},
	{0x8C, "MIN", 0, "Minimum"},
	{0x8D, "SCANTYPE", 0, "ScanType"},
	{0x8E, "INSTCTRL", 0, "SetInstrExecControl"},
	{0x91, "GETVARIATION", 0, "GetVariation"},
	{0xB0, "PUSHB", 3, "PushBytes"},
	{0xB8, "PUSHW", 3, "PushWords"},
	{0xC0, "MDRP", 5, "MoveDirectRelPt"},
	{0xE0, "MIRP", 5, "MoveIndirectRelPt"},
}
