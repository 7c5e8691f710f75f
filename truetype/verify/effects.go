package verify

import (
	"fmt"

	"fontvm/truetype/isa"
)

// checkRole checks a popped value x of role r against its limit when x
// is a constant (and, for points, the zone is known).
func (v *verifier) checkRole(c *ctx, s *state, in *inst, r isa.Role, x val) {
	if x.k != kCon {
		return
	}
	switch r {
	case isa.RoleCVT:
		if uint64(x.v) >= uint64(v.ncvt) {
			v.report(c, SevError, KindCVTIndex, in, fmt.Sprintf("CVT entry %d, the CVT has %d", x.v, v.ncvt))
		}
	case isa.RoleCVTPlus1:
		if uint64(x.v)+1 >= uint64(v.ncvt)+1 {
			v.report(c, SevError, KindCVTIndex, in, fmt.Sprintf("CVT entry %d, the CVT has %d", x.v, v.ncvt))
		}
	case isa.RoleStorage:
		if uint64(x.v) >= uint64(v.maxp.MaxStorage) {
			v.report(c, SevError, KindStorageIndex, in, fmt.Sprintf("storage location %d, maxp.maxStorage %d", x.v, v.maxp.MaxStorage))
		}
	case isa.RoleZone:
		if x.v != 0 && x.v != 1 {
			v.report(c, SevError, KindZoneIndex, in, fmt.Sprintf("zone %d (0 twilight, 1 glyph)", x.v))
		}
	case isa.RolePointZP0, isa.RolePointZP1, isa.RolePointZP2, isa.RolePointGlyph:
		zone := int8(1)
		switch r {
		case isa.RolePointZP0:
			zone = s.zp[0]
		case isa.RolePointZP1:
			zone = s.zp[1]
		case isa.RolePointZP2:
			zone = s.zp[2]
		}
		limit := -1
		switch zone {
		case 0:
			limit = v.nTwilight
		case 1:
			limit = c.npts
		}
		if limit >= 0 && int(uint16(x.v)) >= limit && uint64(x.v) >= uint64(limit) {
			what := "the glyph zone has"
			if zone == 0 {
				what = "the twilight zone has"
			}
			v.report(c, SevError, KindPointIndex, in, fmt.Sprintf("point %d, %s %d", x.v, what, limit))
		}
	}
}

// effects applies what the instruction does to the tracked graphics
// state, checks jumps, and reports instructions without effect. args are
// its fixed pops, deepest first.
func (v *verifier) effects(c *ctx, s *state, in *inst, args []val) {
	op := in.op
	switch {
	case op <= 0x01 || op == 0x04 || op == 0x05: // SVTCA, SFVTCA: y for even opcodes
		if op&1 == 0 {
			s.fv = 'y'
		} else {
			s.fv = 'x'
		}
		s.setsFV = true
	case op == 0x08 || op == 0x09 || op == 0x0B || op == 0x0E: // SFVTL, SFVFS, SFVTPV
		s.fv = 0
		s.setsFV = true
	case op >= 0x13 && op <= 0x16: // SZP0-2, SZPS
		z := int8(-1)
		if args[0].k == kCon && (args[0].v == 0 || args[0].v == 1) {
			z = int8(args[0].v)
		}
		if args[0].k == kCon && z < 0 {
			return // FreeType ignores it (the zone finding is made)
		}
		if op == 0x16 {
			s.zp = [3]int8{z, z, z}
		} else {
			s.zp[op-0x13] = z
		}
		s.setsZP = true
	case op == 0x17: // SLOOP
		s.loopEntry = false
		s.loop = -1
		if args[0].k == kCon && args[0].v >= 0 {
			s.loop = min(args[0].v, 0xFFFF)
		}
		s.setsLoop = true
	case op == 0x30 || op == 0x31: // IUP[y], IUP[x]
		if op == 0x31 {
			s.iupx = true
		} else {
			s.iupy = true
		}
		s.iup = true
	case op == 0x8E: // INSTCTRL: selector (top), value
		sel := args[1]
		switch {
		case c.prog == "fpgm":
			v.report(c, SevWarning, KindNoEffect, in, "INSTCTRL in fpgm does nothing (only prep sets instruction control)")
		case c.prog == "glyph" && sel.k == kCon && sel.v != 3:
			v.report(c, SevWarning, KindNoEffect, in, fmt.Sprintf("INSTCTRL selector %d in a glyph program does nothing (only selector 3 acts there)", sel.v))
		}
	case op == 0x1C || op == 0x78 || op == 0x79: // JMPR, JROT, JROF: offset deepest
		v.jump(c, s, in, args[0])
	}
	if c.prog == "glyph" && c.fn < 0 {
		v.v40NoEffect(c, s, in)
	}
}

// v40NoEffect reports, in a glyph program, instructions that v40's
// backward compatibility (FreeType's default) ignores after IUP[x] and
// IUP[y] have run: FLIPPT, FLIPRGON, FLIPRGOFF, DELTAP1-3, and SHPIX
// outside the twilight zone.
func (v *verifier) v40NoEffect(c *ctx, s *state, in *inst) {
	if !s.iupx || !s.iupy {
		return
	}
	name := isa.Opcodes[in.op].Inst.Name
	switch name {
	case "FLIPPT", "FLIPRGON", "FLIPRGOFF", "DELTAP1", "DELTAP2", "DELTAP3":
	case "SHPIX":
		if s.zp != [3]int8{1, 1, 1} {
			return
		}
	default:
		return
	}
	v.report(c, SevWarning, KindNoEffect, in, name+" after IUP[x] and IUP[y] does nothing under v40's backward compatibility")
}

// jump checks a jump by offset off from in and forgets the state (the
// interpretation goes on linearly).
func (v *verifier) jump(c *ctx, s *state, in *inst, off val) {
	defer s.unknownAll()
	if off.k != kCon {
		return
	}
	t := int64(in.pc) + off.v
	switch {
	case off.v == 0:
		v.report(c, SevError, KindJumpOutOfRange, in, "jump to itself (FreeType: Bad_Argument or an endless loop)")
	case t < 0:
		v.report(c, SevError, KindJumpOutOfRange, in, fmt.Sprintf("jump to %d, before the program", t))
	case c.fn >= 0 && t > int64(c.endPC):
		v.report(c, SevError, KindJumpOutOfRange, in, fmt.Sprintf("jump to %d, past the function's ENDF at %d (FreeType: Bad_Argument)", t, c.endPC))
	case t > int64(len(c.code)):
		v.report(c, SevWarning, KindJumpOutOfRange, in, fmt.Sprintf("jump to %d, past the end of the program (%d bytes)", t, len(c.code)))
	case t < int64(len(c.code)):
		if _, ok := c.b.pcIdx[int(t)]; !ok {
			v.report(c, SevWarning, KindJumpOutOfRange, in, fmt.Sprintf("jump to %d, inside an instruction's data", t))
		}
	}
}

// call applies CALL (count 1) or LOOPCALL of function fn to s.
func (v *verifier) call(c *ctx, s *state, in *inst, fn, count val) {
	if fn.k != kCon {
		s.unknownAll()
		return
	}
	f := v.funcs[fn.v]
	if f == nil {
		if v.funcsComplete && !v.known[fn.v] {
			v.report(c, SevError, KindUndefinedFunction, in, fmt.Sprintf("function %d is not defined (FreeType: Invalid_Reference)", fn.v))
		}
		s.unknownAll()
		return
	}
	if f.state == inProgress {
		v.report(c, SevWarning, KindRecursion, in, fmt.Sprintf("function %d calls itself (FreeType allows %d nested calls)", fn.v, callStackSize))
		s.unknownAll()
		return
	}
	sum := v.summarize(f)
	if sum == nil || sum.needsLoop1 && s.loop != 1 {
		s.unknownAll()
		return
	}
	n := int64(1)
	if count.k != kCon {
		n = -1
	} else {
		n = count.v
	}
	switch {
	case n == 0 || n < -1:
		return // LOOPCALL with a count <= 0 does nothing
	case n == -1 || n > maxLoopCallUnroll:
		if sum.pops != len(sum.results) {
			s.unknownAll()
			return
		}
		v.apply(c, s, in, sum)
		l := len(s.st)
		for i := max(0, l-len(sum.results)); i < l; i++ {
			s.st[i] = unk
		}
		return
	}
	for k := int64(0); k < n; k++ {
		v.apply(c, s, in, sum)
	}
}

// callStackSize is FreeType's call depth.
const callStackSize = 32

// apply runs a function summary on s.
func (v *verifier) apply(c *ctx, s *state, in *inst, sum *summary) {
	l := len(s.st)
	res := make([]val, len(sum.results))
	for i, r := range sum.results {
		if r.k == kPar {
			if j := l - params + int(r.v); j >= 0 && j < l {
				res[i] = s.st[j]
			} else {
				res[i] = unk
			}
		} else {
			res[i] = r
		}
	}
	if l < sum.pops && s.exact && c.fn < 0 {
		v.report(c, SevError, KindStackUnderflow, in, fmt.Sprintf("the function takes %d values, the stack holds %d", sum.pops, l))
	}
	v.pop(c, s, in, sum.pops)
	v.grew(c, s, in, len(s.st)+sum.maxAbove)
	v.push(c, s, in, res...)
	if sum.setsZP {
		for i, z := range sum.zpOut {
			if z != zpEntry {
				s.zp[i] = z
			}
		}
		s.setsZP = true
	}
	if sum.setsFV {
		s.fv = 0
		s.setsFV = true
	}
	if sum.setsLoop {
		s.loop = sum.loopOut
		s.setsLoop = true
		s.loopEntry = false
	}
	if sum.iup {
		s.iupx, s.iupy = false, false
		s.iup = true
	}
}
