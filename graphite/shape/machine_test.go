package shape

import (
	"errors"
	"fontvm/graphite/isa"
	"testing"

	"fontvm/graphite"
)

// machineFixture is a segment of n slots of a real face (grtest1gr.ttf),
// with every slot in the slot map, ready to run hand-made programs.
type machineFixture struct {
	f  *Font
	sh *Shaper

	stackInit [stackGuard + 1]int32 // the stack below and at the guard when a run starts
	flags     [4]uint8              // the slots' flags when a run starts

	// coll gives the segment collision records (the last slot's index is
	// out of their range, so it has none), their flags collFlags.
	coll      bool
	collFlags [4]uint16
}

func newFixture(t testing.TB) *machineFixture {
	f := suiteFace(t, "Padauk.ttf") // 3 user attributes
	return &machineFixture{f: f, sh: NewShaper(f)}
}

// decode decodes code with graphite's loader as an action (or constraint)
// of a 4-slot rule without pre-context in a substitution pass of the face's
// first Silf subtable, and builds the engine's form of it.
func decode(f *Font, constraint bool, bc []byte) (*code, error) {
	gc, err := f.src.DecodeCode(f.silf.classes, constraint, bc, 0, 4, graphite.PassSubstitute)
	if err != nil {
		return nil, err
	}
	return newCode(gc), nil
}

// statusOf is the code loader status of a decode error (Loaded for none or
// for an error of another kind).
func statusOf(err error) graphite.Status {
	var ge *graphite.Error
	if errors.As(err, &ge) && ge.Kind != "" {
		return ge.Status
	}
	return graphite.Loaded
}

// run decodes code as an action (or constraint) of a rule of ruleLen slots
// and runs it on a fresh 4-slot segment; it returns the value, status and
// load error.
func (x *machineFixture) run(t *testing.T, constraint bool, code []byte, spec bool) (int32, int, error) {
	t.Helper()
	return x.runN(t, constraint, code, spec, 4)
}

// runN is run with only the first n slots in the slot map.
func (x *machineFixture) runN(t *testing.T, constraint bool, code []byte, spec bool, n int) (int32, int, error) {
	t.Helper()
	c, err := decode(x.f, constraint, code)
	if err != nil {
		return 0, 0, err
	}
	if c == nil {
		return 0, 0, errors.New("empty program")
	}
	v, st := x.runCode(c, spec, n, 1)
	return v, st, nil
}

// runCode runs c on a fresh 4-slot segment ("baab") with the first n slots
// in the slot map, starting at slot-map index idx; it returns the value
// and status.
func (x *machineFixture) runCode(c *code, spec bool, n, idx int) (int32, int) {
	sh := x.sh
	sh.opts = Options{SpecBitOps: spec}
	sh.feats = x.f.featureValues(sh.feats, 0, nil)
	sh.resetPool()
	text := []rune("baab")
	sh.chars = make([]charInfo, len(text))
	seg := &sh.seg
	*seg = segment{face: x.f, silf: x.f.silf, sh: sh, chars: sh.chars, feats: sh.feats, numGlyphs: len(text)}
	for i, r := range text {
		s := sh.allocSlot()
		seg.setGlyph(s, x.f.lookup(r))
		s.original, s.before, s.after = int32(i), int32(i), int32(i)
		s.flags = x.flags[i]
		if seg.last != nil {
			seg.last.next = s
		}
		s.prev = seg.last
		seg.last = s
		if seg.first == nil {
			seg.first = s
		}
	}
	if x.coll {
		seg.collisions = make([]slotCollision, len(text)-1)
		k := int32(0)
		for s := seg.first; s != nil; s = s.next {
			s.index = k
			k++
		}
		for i := range seg.collisions {
			seg.collisions[i] = slotCollision{flags: x.collFlags[i], margin: uint16(i + 1), seqClass: 7, seqAboveXoff: -3}
			seg.collisions[i].limit.trx = float32(i)
		}
	}
	sh.smap = slotMap{maxSize: 64 * len(text)}
	sh.mach = machine{seg: seg, smap: &sh.smap, specOps: spec}
	copy(sh.mach.stack[:], x.stackInit[:])
	sh.smap.reset(seg.first, 0)
	for s, k := seg.first, 0; s != nil && k < n; s, k = s.next, k+1 {
		sh.smap.push(s)
	}
	v := sh.mach.runCode(c, &idx)
	return v, sh.mach.status
}

func pushLong(v int32) []byte {
	return []byte{isa.PushLong, byte(v >> 24), byte(v >> 16), byte(v >> 8), byte(v)}
}

func prog(parts ...[]byte) []byte {
	var b []byte
	for _, p := range parts {
		b = append(b, p...)
	}
	return b
}

func TestMachineArithmetic(t *testing.T) {
	x := newFixture(t)
	op := func(o byte) []byte { return []byte{o} }
	ret := []byte{isa.PopRet}
	for _, c := range []struct {
		name string
		code []byte
		want int32
	}{
		{"add wraps", prog(pushLong(0x7fffffff), pushLong(1), op(isa.Add), ret), -0x80000000},
		{"sub", prog(pushLong(5), pushLong(7), op(isa.Sub), ret), -2},
		{"mul wraps", prog(pushLong(0x10000), pushLong(0x10000), op(isa.Mul), ret), 0},
		{"div truncates", prog(pushLong(-7), pushLong(2), op(isa.Div), ret), -3},
		{"min signed", prog(pushLong(-1), pushLong(3), op(isa.Min), ret), -1},
		{"max signed", prog(pushLong(-1), pushLong(3), op(isa.Max), ret), 3},
		{"neg", prog(pushLong(5), op(isa.Neg), ret), -5},
		{"trunc8", prog(pushLong(0x1ff), op(isa.Trunc8), ret), 0xff},
		{"trunc16", prog(pushLong(-1), op(isa.Trunc16), ret), 0xffff},
		{"cond true", prog(pushLong(1), pushLong(10), pushLong(20), op(isa.Cond), ret), 10},
		{"cond false", prog(pushLong(0), pushLong(10), pushLong(20), op(isa.Cond), ret), 20},
		{"and", prog(pushLong(2), pushLong(0), op(isa.And), ret), 0},
		{"or", prog(pushLong(2), pushLong(0), op(isa.Or), ret), 1},
		{"not", prog(pushLong(0), op(isa.Not), ret), 1},
		{"less signed", prog(pushLong(-1), pushLong(1), op(isa.Less), ret), 1},
		{"gtr_eq", prog(pushLong(1), pushLong(1), op(isa.GtrEq), ret), 1},
		{"push_byte sign-extends", prog([]byte{isa.PushByte, 0xff}, ret), -1},
		{"push_byte_u", prog([]byte{isa.PushByteU, 0xff}, ret), 255},
		{"push_short", prog([]byte{isa.PushShort, 0x80, 0x00}, ret), -32768},
		{"push_short_u", prog([]byte{isa.PushShortU, 0x80, 0x00}, ret), 32768},
		// graphite2 runs 0x3E as OR and 0x3F as AND: GDL 7 & 12 gives 15
		{"0x3E is OR", prog(pushLong(7), pushLong(12), op(0x3E), ret), 15},
		{"0x3F is AND", prog(pushLong(7), pushLong(12), op(0x3F), ret), 4},
		{"bitnot", prog(pushLong(0), op(isa.BitNot), ret), -1},
		{"setbits", prog(pushLong(0xff), []byte{isa.SetBits, 0x00, 0x0f, 0x00, 0x30}, ret), 0xf0 | 0x30},
		{"push_version", prog(op(isa.PushVersion), ret), 0x00030000},
		{"ret_true", prog(op(isa.RetTrue)), 1},
		{"ret_zero", prog(pushLong(9), op(isa.PopRet)), 9},
	} {
		v, st, err := x.run(t, false, c.code, false)
		if err != nil || st != stFinished || v != c.want {
			t.Errorf("%s: got %d status %d err %v, want %d", c.name, v, st, err, c.want)
		}
	}
	// the seed document's meaning, as an option
	if v, _, _ := x.run(t, false, prog(pushLong(7), pushLong(12), []byte{0x3E, isa.PopRet}), true); v != 4 {
		t.Errorf("spec 0x3E: got %d, want 4 (AND)", v)
	}
	if v, _, _ := x.run(t, false, prog(pushLong(7), pushLong(12), []byte{0x3F, isa.PopRet}), true); v != 15 {
		t.Errorf("spec 0x3F: got %d, want 15 (OR)", v)
	}
}

func TestMachineStatuses(t *testing.T) {
	x := newFixture(t)
	if _, st, _ := x.run(t, false, prog(pushLong(1), pushLong(0), []byte{isa.Div, isa.PopRet}), false); st != stDiedEarly {
		t.Errorf("division by zero: status %d, want died early", st)
	}
	if _, st, _ := x.run(t, false, prog(pushLong(-0x80000000), pushLong(-1), []byte{isa.Div, isa.PopRet}), false); st != stDiedEarly {
		t.Errorf("INT_MIN / -1: status %d, want died early", st)
	}
	if _, st, _ := x.run(t, false, prog(pushLong(1), pushLong(2), []byte{isa.PopRet}), false); st != stStackNotEmpty {
		t.Errorf("left on stack: status %d, want stack not empty", st)
	}
	var big []byte
	for i := 0; i < stackMax+1; i++ {
		big = append(big, isa.PushByte, 1)
	}
	big = append(big, isa.PopRet)
	if _, st, _ := x.run(t, false, big, false); st != stStackOverflow {
		t.Errorf("1025 pushes: status %d, want overflow", st)
	}
	// slot +2 of a 4-slot rule when the map holds 2 slots: out of bounds at run time
	if _, st, err := x.runN(t, false, []byte{isa.PushGlyphAttr8, 0, 2, isa.PopRet}, false, 2); err != nil || st != stSlotOffsetOutOfBounds {
		t.Errorf("slot +2 of 2: status %d err %v, want slot offset out of bounds", st, err)
	}
	// a glyph attribute of slot +5 in a 4-slot rule is refused at load time
	if _, _, err := x.run(t, false, prog([]byte{isa.PushGlyphAttr8, 0, 5, isa.PopRet}), false); statusOf(err) != graphite.OutOfRangeData {
		t.Errorf("slot +5: err %v, want out of range", err)
	}
}

func TestDecoderRefusals(t *testing.T) {
	x := newFixture(t)
	for _, c := range []struct {
		name       string
		constraint bool
		code       []byte
		want       graphite.Status
	}{
		{"add on one item", false, prog(pushLong(1), []byte{isa.Add, isa.PopRet}), graphite.UnderfullStack},
		{"pop_ret on empty", false, []byte{isa.PopRet}, graphite.UnderfullStack},
		{"no return", false, prog(pushLong(1)), graphite.MissingReturn},
		{"invalid opcode", false, []byte{0x43, isa.RetZero}, graphite.InvalidOpcode},
		{"next in a constraint", true, []byte{isa.Next, isa.RetTrue}, graphite.UnimplementedOpcode},
		{"next_n", false, []byte{isa.NextN, 1, isa.RetZero}, graphite.UnimplementedOpcode},
		{"args past end", false, []byte{isa.PushLong, 1, 2}, graphite.ArgumentsExhausted},
		{"cntxt_item jumps past end", true, []byte{isa.ContextItem, 0, 9, isa.RetTrue}, graphite.JumpPastEnd},
		{"nested cntxt_item", true, []byte{isa.ContextItem, 0, 5, isa.ContextItem, 0, 1, isa.RetTrue, isa.RetTrue, isa.RetTrue}, graphite.NestedContextItem},
	} {
		_, _, err := x.run(t, c.constraint, c.code, false)
		if statusOf(err) != c.want {
			t.Errorf("%s: err %v, want %v", c.name, err, c.want)
		}
	}
}

func TestDecoderTempCopy(t *testing.T) {
	x := newFixture(t)
	// slot 0 is changed (put_glyph) and referenced by slot 1 (put_copy -1):
	// the analysis inserts a temporary copy at the start of slot 0's code.
	code := []byte{isa.PutGlyph, 0, 0, isa.Next, isa.PutCopy, 0xff, isa.Next, isa.RetZero}
	c, err := decode(x.f, false, code)
	if err != nil {
		t.Fatal(err)
	}
	if c.instrs[0].op != mTempCopy || !c.deletes || !c.modify {
		t.Errorf("instrs %v deletes %v modify %v: want a leading temp copy", c.instrs, c.deletes, c.modify)
	}
}

func TestMachineSlotStream(t *testing.T) {
	x := newFixture(t)
	seg := &x.sh.seg
	// insert a slot before the first, give it class 0's first glyph
	if _, st, err := x.run(t, false, []byte{isa.Insert, isa.PutGlyph, 0, 0, isa.Next, isa.RetZero}, false); err != nil || st != stFinished {
		t.Fatalf("insert: status %d err %v", st, err)
	}
	n := 0
	for s := seg.first; s != nil; s = s.next {
		n++
	}
	if seg.numGlyphs != 5 || n != 5 || seg.first.glyph != x.f.silf.getClassGlyph(0, 0) {
		t.Errorf("insert: %d slots (%d linked), first glyph %d", seg.numGlyphs, n, seg.first.glyph)
	}
	// delete the first slot
	if _, st, err := x.run(t, false, []byte{isa.Delete, isa.Next, isa.RetZero}, false); err != nil || st != stFinished {
		t.Fatalf("delete: status %d err %v", st, err)
	}
	n = 0
	for s := seg.first; s != nil; s = s.next {
		n++
	}
	if seg.numGlyphs != 3 || n != 3 || seg.first.original != 1 {
		t.Errorf("delete: %d slots (%d linked), first original %d", seg.numGlyphs, n, seg.first.original)
	}
	// assoc: the first slot takes characters 1..2
	if _, st, err := x.run(t, false, []byte{isa.Assoc, 2, 1, 2, isa.Next, isa.RetZero}, false); err != nil || st != stFinished {
		t.Fatalf("assoc: status %d err %v", st, err)
	}
	if seg.first.before != 1 || seg.first.after != 2 {
		t.Errorf("assoc: before %d after %d, want 1 2", seg.first.before, seg.first.after)
	}
	// user attribute store is an int16: 70000 wraps
	if x.f.silf.aUser == 0 {
		t.Fatal("the fixture font should have user attributes")
	}
	code := prog(pushLong(70000), []byte{isa.IAttrSet, slatUserDefn, 0}, []byte{isa.PushISlotAttr, slatUserDefn, 0, 0, isa.PopRet})
	if v, st, err := x.run(t, false, code, false); err != nil || st != stFinished || v != 4464 {
		t.Errorf("user attribute: %d status %d err %v, want %d", v, st, err, 4464)
	}
	// advance.x store is an int16 too
	code = prog(pushLong(40000), []byte{isa.AttrSet, slatAdvX}, []byte{isa.PushSlotAttr, slatAdvX, 0, isa.PopRet})
	if v, st, err := x.run(t, false, code, false); err != nil || st != stFinished || v != -25536 {
		t.Errorf("advance: %d status %d err %v, want %d", v, st, err, -25536)
	}
}
