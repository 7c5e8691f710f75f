// Package fttables holds FreeType 2.12.1's opcode tables from
// src/truetype/ttinterp.c, transcribed, as the oracle the tests of
// truetype/isa and truetype/hint compare their tables with. Test-only.
package fttables

import "strings"

// PopPushGrid is FreeType's Pop_Push_Count table: per opcode two digits,
// pops then pushes, 16 opcodes a row.
const PopPushGrid = `
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

// PopPush returns Pop_Push_Count as numbers, indexed by opcode, or ok
// false when the transcription does not hold 256 entries.
func PopPush() (pops, pushes [256]int, ok bool) {
	f := strings.Fields(PopPushGrid)
	if len(f) != 256 {
		return pops, pushes, false
	}
	for i, s := range f {
		pops[i], pushes[i] = int(s[0]-'0'), int(s[1]-'0')
	}
	return pops, pushes, true
}

// OpcodeLength is FreeType's opcode_length table: the size of each
// instruction in bytes, or -1 (NPUSHB) and -2 (NPUSHW), whose size is
// 2 - opcode_length times the count byte.
var OpcodeLength = [256]int{
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	-1, -2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	2, 3, 4, 5, 6, 7, 8, 9, 3, 5, 7, 9, 11, 13, 15, 17,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
}
