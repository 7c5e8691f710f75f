package verify

import "fontvm/truetype/isa"

// An inst is one decoded instruction.
type inst struct {
	pc   int
	op   byte
	data []int64 // pushed values of PUSHB/PUSHW/NPUSHB/NPUSHW
}

// decode splits code into instructions using the table's stream kinds
// (isa.Stream). It stops at an instruction running past the end
// (truncated: its pc, or -1).
func decode(code []byte) (ins []inst, truncated int) {
	for pc := 0; pc < len(code); {
		op := code[pc]
		in := inst{pc: pc, op: op}
		o := isa.Opcodes[op]
		n := 1
		if o.Inst != nil && o.Inst.Stream != isa.NoStream {
			// the count: in the opcode (PUSHB, PUSHW) or the next byte
			// (NPUSHB, NPUSHW); words for PUSHW and NPUSHW
			st := o.Inst.Stream
			hdr, cnt := 1, int(o.Flags)+1
			if st == isa.NBytes || st == isa.NWords {
				if pc+1 >= len(code) {
					return ins, pc
				}
				hdr, cnt = 2, int(code[pc+1])
			}
			w := 1
			if st == isa.Words || st == isa.NWords {
				w = 2
			}
			n = hdr + cnt*w
			if pc+n > len(code) {
				return ins, pc
			}
			in.data = readValues(code[pc+hdr:pc+n], w)
		}
		ins = append(ins, in)
		pc += n
	}
	return ins, -1
}

// readValues reads bytes (w 1, unsigned) or big-endian int16 words (w 2).
func readValues(b []byte, w int) []int64 {
	out := make([]int64, len(b)/w)
	for i := range out {
		if w == 1 {
			out[i] = int64(b[i])
		} else {
			out[i] = int64(int16(uint16(b[2*i])<<8 | uint16(b[2*i+1])))
		}
	}
	return out
}

// A block is the control structure of one program: the matching
// ELSE/EIF of each IF and ELSE, and the FDEF/IDEF bodies.
type block struct {
	ins    []inst
	pcIdx  map[int]int // pc -> instruction index (instruction starts)
	elseOf map[int]int // IF index -> its ELSE index
	eifOf  map[int]int // IF or ELSE index -> its EIF index
	endOf  map[int]int // FDEF/IDEF index -> its ENDF index
	ok     bool        // balanced: the abstract interpretation may run
}

// structure decodes code and checks IF/ELSE/EIF and FDEF/IDEF/ENDF
// nesting, reporting to rep (a glyph program may hold no FDEF or IDEF).
func structure(code []byte, glyph bool, rep func(sev, kind string, pc int, op byte, msg string)) *block {
	ins, trunc := decode(code)
	b := &block{ins: ins, pcIdx: make(map[int]int, len(ins)), elseOf: map[int]int{}, eifOf: map[int]int{}, endOf: map[int]int{}, ok: true}
	for i, in := range ins {
		b.pcIdx[in.pc] = i
	}
	if trunc >= 0 {
		rep(SevError, KindTruncated, trunc, code[trunc], "instruction runs past the end of the program")
		b.ok = false
	}
	// open IFs: the IF's index and the current branch start (IF or ELSE)
	type openIf struct{ ifI, cur int }
	var ifs []openIf
	def := -1   // open FDEF/IDEF index
	ifBase := 0 // len(ifs) when the open FDEF began
	for i, in := range ins {
		switch in.op {
		case 0x58: // IF
			ifs = append(ifs, openIf{i, i})
		case 0x1B: // ELSE
			if len(ifs) <= ifBase || ins[ifs[len(ifs)-1].cur].op != 0x58 {
				rep(SevError, KindUnbalancedIf, in.pc, in.op, "ELSE without IF")
				b.ok = false
				continue
			}
			b.elseOf[ifs[len(ifs)-1].ifI] = i
			ifs[len(ifs)-1].cur = i
		case 0x59: // EIF
			if len(ifs) <= ifBase {
				// FreeType's EIF does nothing: harmless, but a sign of a
				// broken structure
				rep(SevWarning, KindUnbalancedIf, in.pc, in.op, "EIF without IF")
				b.ok = false
				continue
			}
			o := ifs[len(ifs)-1]
			b.eifOf[o.ifI] = i
			b.eifOf[o.cur] = i
			ifs = ifs[:len(ifs)-1]
		case 0x2C, 0x89: // FDEF, IDEF
			if glyph {
				rep(SevError, KindFdefInGlyph, in.pc, in.op, "function or instruction definition in a glyph program (FreeType: DEF_In_Glyf_Bytecode)")
				b.ok = false
			}
			if def >= 0 {
				rep(SevError, KindUnbalancedFdef, in.pc, in.op, "definition inside a definition (FreeType: Nested_DEFS)")
				b.ok = false
				continue
			}
			def, ifBase = i, len(ifs)
		case 0x2D: // ENDF
			if def < 0 {
				rep(SevError, KindUnbalancedFdef, in.pc, in.op, "ENDF outside a function (FreeType: ENDF_In_Exec_Stream)")
				b.ok = false
				continue
			}
			if len(ifs) > ifBase {
				j := ifs[len(ifs)-1].ifI
				rep(SevError, KindUnbalancedIf, ins[j].pc, ins[j].op, "IF without EIF before the function's ENDF")
				b.ok = false
				ifs = ifs[:ifBase]
			}
			b.endOf[def] = i
			def, ifBase = -1, 0
		}
	}
	if def >= 0 {
		rep(SevError, KindUnbalancedFdef, ins[def].pc, ins[def].op, "definition without ENDF")
		b.ok = false
	}
	for _, o := range ifs {
		j := o.ifI
		rep(SevError, KindUnbalancedIf, ins[j].pc, ins[j].op, "IF without EIF")
		b.ok = false
	}
	return b
}
