package shape

import (
	"fmt"
	"fontvm/graphite/isa"
	"math"
	"math/rand"
	"strings"
	"testing"

	"fontvm/graphite"
)

// segState renders everything a program can change: the value, status and
// slot-map index of the run, the stack at and below the guard (read by
// programs that underflow), the features, and every slot of the segment.
func (x *machineFixture) segState(v int32, st int) string {
	sh := x.sh
	seg := &sh.seg
	var b strings.Builder
	fmt.Fprintf(&b, "ret %d status %d glyphs %d stack0..2 %v feats %v\n", v, st, seg.numGlyphs, sh.mach.stack[:stackGuard+1], seg.feats)
	idx := map[*slot]int{nil: -1}
	k := 0
	for s := seg.first; s != nil && k < 100; s = s.next {
		idx[s] = k
		k++
	}
	name := func(s *slot) string {
		if i, ok := idx[s]; ok {
			return fmt.Sprint(i)
		}
		return "?"
	}
	for i := range sh.smap.arr {
		fmt.Fprintf(&b, "%s ", name(sh.smap.arr[i]))
	}
	fmt.Fprintf(&b, "size %d hw %s passed %v max %d\n", sh.smap.size, name(sh.smap.highwater), sh.smap.highpassed, sh.smap.maxSize)
	k = 0
	for s := seg.first; s != nil && k < 100; s = s.next {
		fmt.Fprintf(&b, "slot g%d o%d b%d a%d f%x par %s user %v adv %v att %v with %v shift %v lvl %d just %v justs %v\n",
			s.glyph, s.original, s.before, s.after, s.flags, name(s.parent), s.user, s.advance, s.attach, s.with, s.shift, s.attLevel, s.just, s.justs)
		k++
	}
	if seg.collisions != nil {
		fmt.Fprintf(&b, "collisions %+v\n", seg.collisions)
	}
	return b.String()
}

// TestFusedMatchesUnfused runs random programs made of the sequences the
// fused operations stand for, with hostile surroundings (slots outside the
// map, a nearly full or empty stack, a current slot past the end), once
// with fusion and once instruction by instruction, and requires the same
// outcome.
func TestFusedMatchesUnfused(t *testing.T) {
	x := newFixture(t)
	rng := rand.New(rand.NewSource(8))
	off := func() int8 { return int8(rng.Intn(8) - 3) }
	small := func() int32 { return []int32{-2, -1, 0, 1, 2, 3, 5, 40000, 70000, -70000}[rng.Intn(10)] }
	cmps := []uint8{mEqual, mNotEq, mLess, mGtr, mLessEq, mGtrEq}
	// cmp is a random comparison as decodeInstr makes it (a: its cmpBits)
	cmp := func() instr {
		op := cmps[rng.Intn(6)]
		return instr{op: op, a: cmpBits(op)}
	}
	attrs := []uint8{slatAdvX, slatAdvY, slatAttTo, slatAttX, slatShiftX, slatShiftY, slatPosX, slatPosY, slatUserDefnV1,
		slatBreak, slatInsert, slatJWidth, slatJStretch, slatColFlags, slatColMargin, slatSeqClass, slatSegSplit, slatBidiLevel}
	attr := func() uint8 { return attrs[rng.Intn(len(attrs))] }
	isPos := func(a uint8) bool { return a == slatPosX || a == slatPosY }
	sub := func() uint8 { return uint8(rng.Intn(5)) }
	seq := func() []instr {
		switch rng.Intn(31) {
		case 30: // mFeatCntxt running the PushUserCmp that follows
			return []instr{{op: mPushFeat, off: off(), a: uint8(rng.Intn(4))}, {op: mCntxtItem, off: off(), skip: uint16(rng.Intn(4))},
				{op: mPushUser, off: off(), sub: sub()}, {op: mPush, v: small()}, cmp()}
		case 28:
			return []instr{{op: mPushUser, off: off(), sub: sub()}, {op: mPushUser, off: off(), sub: sub()}, cmp(),
				{op: []uint8{mAnd, mOr}[rng.Intn(2)]}, {op: mAnd}, {op: mPopRet}}
		case 29:
			return []instr{{op: mPushGlyphAttr, off: off(), v: int32(rng.Intn(40))}, {op: mSetUser, sub: sub()}, {op: mNext}, {op: mRetZero}}
		case 24: // graphite2's temporary copy (the map entry changes)
			return []instr{{op: mTempCopy}}
		case 25: // the current slot changes
			return []instr{{op: mInsert}}
		case 26:
			return []instr{{op: mDelete}}
		case 22, 23: // the flags update exec runs itself
			return []instr{{op: mPushSlotAttr, a: slatColFlags, off: off(), sub: sub()},
				{op: mBitSet, v: small() & 0xFFFF, w: small() & 0xFFFF}, {op: mAttrSet, a: slatColFlags, sub: sub()}}
		case 0:
			return []instr{{op: mPushUser, off: off(), sub: sub()}, {op: mPush, v: small()}, cmp()}
		case 1:
			return []instr{{op: mPush, v: small()}, cmp()}
		case 2:
			return []instr{{op: mAnd}, {op: mPopRet}}
		case 3:
			return []instr{{op: mNext}, {op: mRetZero}}
		case 4:
			a := attr()
			return []instr{{op: mPush, v: small()}, {op: mAttrSet, a: a, sub: sub()}}
		case 5:
			return []instr{{op: mPush, v: small()}, {op: mSetUser, sub: sub()}}
		case 6:
			return []instr{{op: mPushGlyphAttr, off: off(), v: int32(rng.Intn(40))}, {op: mSetUser, sub: sub()}}
		case 7:
			return []instr{{op: mPushFeat, off: off(), a: uint8(rng.Intn(4))}, {op: mCntxtItem, off: off(), skip: uint16(rng.Intn(4))}}
		case 8:
			return []instr{{op: mAnd}, {op: mCntxtItem, off: off(), skip: uint16(rng.Intn(4))}}
		case 9:
			return []instr{{op: mPush, v: small()}, {op: mPopRet}}
		case 10:
			return []instr{{op: mNext}, {op: mPush, v: small()}, {op: mPopRet}}
		case 11:
			return []instr{{op: mPushGlyphAttr, off: off(), v: int32(rng.Intn(40))}, {op: mAttrSet, a: attr(), sub: sub()}}
		case 12:
			return []instr{{op: mPushAttToGAttr, off: off(), v: int32(rng.Intn(40))}, {op: mAttrSet, a: attr(), sub: sub()}}
		case 13:
			a := attr()
			return []instr{{op: mPushSlotAttr, a: a, pos: isPos(a), off: off(), sub: sub()},
				{op: mBitSet, v: small() & 0xFFFF, w: small() & 0xFFFF}, {op: mAttrSet, a: attr(), sub: sub()}}
		case 14:
			return []instr{{op: mNext}}
		case 15:
			return []instr{{op: []uint8{mAnd, mOr, mAdd, mSub, mPopRet, mNot}[rng.Intn(6)]}}
		case 16:
			return []instr{{op: mPushUser, off: off(), sub: sub()}}
		case 17:
			return []instr{{op: mCntxtItem, off: off(), skip: uint16(rng.Intn(4))}}
		case 18:
			a := attr()
			return []instr{{op: mAttrAdd, a: a, pos: isPos(a)}}
		case 19:
			return []instr{{op: mPushUser, off: off(), sub: sub()}, {op: mPushUser, off: off(), sub: sub()}, cmp()}
		case 20:
			return []instr{cmp(), {op: []uint8{mAnd, mOr}[rng.Intn(2)]}}
		case 21:
			return []instr{{op: []uint8{mAnd, mOr}[rng.Intn(2)]}, {op: mAnd}, {op: mPopRet}}
		}
		return []instr{{op: mPush, v: small()}}
	}
	iters := 20000
	if testing.Short() {
		iters = 2000
	}
	for iter := 0; iter < iters; iter++ {
		var prog []instr
		switch rng.Intn(4) {
		case 0: // a stack near its limit
			for k := stackMax - 4 + rng.Intn(5); k > 0; k-- {
				prog = append(prog, instr{op: mPush, v: 7})
			}
		case 1: // an empty stack: programs may underflow
		default:
			for k := rng.Intn(4); k > 0; k-- {
				prog = append(prog, instr{op: mPush, v: small()})
			}
		}
		if rng.Intn(3) == 0 { // an action's leading put_copy (exec runs put_copy 0 before its loop)
			prog = append([]instr{{op: mPutCopy, off: int8(rng.Intn(3) - 1)}}, prog...)
		}
		for k := 1 + rng.Intn(6); k > 0; k-- {
			prog = append(prog, seq()...)
		}
		if rng.Intn(4) != 0 {
			prog = append(prog, instr{op: []uint8{mPopRet, mRetZero, mRetTrue}[rng.Intn(3)]})
		}
		plain := &code{instrs: append([]instr(nil), prog...)}
		for i := range plain.instrs {
			plain.instrs[i].base = plain.instrs[i].op
		}
		fused := &code{instrs: append([]instr(nil), prog...)}
		fused.fuse()
		n := 1 + rng.Intn(4)
		idx := 1 + rng.Intn(n+1)
		spec := rng.Intn(2) == 0
		for i := range x.stackInit {
			x.stackInit[i] = int32(rng.Intn(3))
		}
		for i := range x.flags {
			x.flags[i] = uint8(rng.Intn(8)) &^ slotDeleted // linked slots are never deleted
		}
		x.coll = rng.Intn(2) == 0
		for i := range x.collFlags {
			x.collFlags[i] = uint16(rng.Intn(1 << 9))
		}
		want := x.segState(x.runCode(plain, spec, n, idx))
		got := x.segState(x.runCode(fused, spec, n, idx))
		x.flags = [4]uint8{}
		if got != want {
			x.coll = false
			var ops []string
			if k := len(fused.instrs) - 40; k > 0 {
				ops = append(ops, fmt.Sprintf("(%d instructions)", k))
			}
			for _, in := range fused.instrs[max(0, len(fused.instrs)-40):] {
				ops = append(ops, fmt.Sprintf("%d/%d%+v", in.op, in.base, in))
			}
			t.Fatalf("iteration %d (n %d idx %d spec %v): fused run differs\nprogram %s\nunfused:\n%s\nfused:\n%s",
				iter, n, idx, spec, strings.Join(ops, " "), want, got)
		}
	}
	x.coll = false
}

// TestFuseCoversPatterns checks that each fused operation is produced for
// its sequence, so TestFusedMatchesUnfused exercises them all.
func TestFuseCoversPatterns(t *testing.T) {
	seen := map[uint8]bool{}
	for _, p := range [][]instr{
		{{op: mPushUser}, {op: mPush}, {op: mEqual}}, {{op: mPushUser}, {op: mPush}, {op: mNotEq}},
		{{op: mPushUser}, {op: mPush}, {op: mLess}}, {{op: mPushUser}, {op: mPush}, {op: mGtr}},
		{{op: mPushUser}, {op: mPush}, {op: mLessEq}}, {{op: mPushUser}, {op: mPush}, {op: mGtrEq}},
		{{op: mPush}, {op: mEqual}}, {{op: mPush}, {op: mNotEq}}, {{op: mPush}, {op: mLess}},
		{{op: mPush}, {op: mGtr}}, {{op: mPush}, {op: mLessEq}}, {{op: mPush}, {op: mGtrEq}},
		{{op: mAnd}, {op: mPopRet}}, {{op: mNext}, {op: mRetZero}}, {{op: mPush}, {op: mAttrSet}},
		{{op: mPush}, {op: mSetUser}}, {{op: mPushGlyphAttr}, {op: mSetUser}}, {{op: mPushFeat}, {op: mCntxtItem}},
		{{op: mAnd}, {op: mCntxtItem}}, {{op: mPush}, {op: mPopRet}}, {{op: mNext}, {op: mPush}, {op: mPopRet}},
		{{op: mPushGlyphAttr}, {op: mAttrSet}}, {{op: mPushAttToGAttr}, {op: mAttrSet}},
		{{op: mPushSlotAttr}, {op: mBitSet}, {op: mAttrSet}},
		{{op: mPushUser}, {op: mPushUser}, {op: mLess}}, {{op: mGtr}, {op: mOr}}, {{op: mOr}, {op: mAnd}, {op: mPopRet}},
		{{op: mCntxtItem, skip: 1}, {op: mPush}, {op: mPopRet}},
		{{op: mPushUser}, {op: mPushUser}, {op: mLess}, {op: mOr}, {op: mAnd}, {op: mPopRet}},
		{{op: mPushGlyphAttr}, {op: mSetUser}, {op: mNext}, {op: mRetZero}},
	} {
		c := &code{instrs: p}
		c.fuse()
		seen[c.instrs[0].op] = true
	}
	for op := uint8(mTempCopy + 1); op < mNumOps; op++ {
		if !seen[op] {
			t.Errorf("fused operation %d is never produced", op)
		}
	}
}

// FuzzMachineFused decodes arbitrary bytecode with graphite's loader (as a
// constraint or an action of a 4-slot rule) and requires the fused program
// to end exactly as the unfused one does.
//
//	go test ./graphite/shape -run XXX -fuzz FuzzMachineFused
func FuzzMachineFused(f *testing.F) {
	x := newFixture(f)
	f.Add(false, uint8(4), uint8(1), []byte{isa.PushISlotAttr, slatUserDefn, 0, 0, isa.PushByte, 3, isa.Equal, isa.PopRet})
	f.Add(true, uint8(4), uint8(1), []byte{isa.PushFeat, 0, 0, isa.ContextItem, 0, 4, isa.PushByte, 1, isa.PushByte, 2, isa.Less, isa.And, isa.PopRet})
	f.Add(false, uint8(2), uint8(2), []byte{isa.PutCopy, 0, isa.PushGlyphAttr8, 1, 0, isa.IAttrSet, slatUserDefn, 1, isa.Next, isa.RetZero})
	f.Add(false, uint8(4), uint8(1), []byte{isa.PushSlotAttr, slatColFlags, 0, isa.SetBits, 0, 1, 0, 2, isa.AttrSet, slatColFlags, isa.Next, isa.PushByte, 1, isa.PopRet})
	f.Fuzz(func(t *testing.T, constraint bool, n, idx uint8, bc []byte) {
		gc, err := x.f.src.DecodeCode(x.f.silf.classes, constraint, bc, 0, 4, graphite.PassSubstitute)
		if err != nil || gc == nil {
			return
		}
		fused := newCode(gc)
		if fused == nil {
			return
		}
		plain := &code{instrs: append([]instr(nil), fused.instrs...), assoc: fused.assoc, maxRef: fused.maxRef}
		for i := range plain.instrs {
			plain.instrs[i].op = plain.instrs[i].base
		}
		nn := 1 + int(n)%4
		start := 1 + int(idx)%(nn+1)
		for k, spec := range []bool{false, true, false} {
			x.coll = k == 2 // with collision records (flags from the inputs)
			x.collFlags = [4]uint16{uint16(n) << 1, uint16(idx) << 2, 0x1FF, collKnown}
			x.stackInit = [stackGuard + 1]int32{int32(n), 1, int32(idx)}
			want := x.segState(x.runCode(plain, spec, nn, start))
			got := x.segState(x.runCode(fused, spec, nn, start))
			x.coll = false
			if got != want {
				t.Fatalf("fused run differs (n %d idx %d spec %v coll %v, code % x)\nunfused:\n%s\nfused:\n%s", nn, start, spec, k == 2, bc, want, got)
			}
		}
	})
}

// TestSimpleAttrMatchesSetAttr checks exec's inline stores of the
// attributes storedAttr accepts against Slot::setAttr (setAttr), for plain
// and fused sets.
//
// Collision attributes are stored on every slot of a segment with
// collision records (the last slot has none), whose flags include the
// "known" bit that the stores clear.
func TestSimpleAttrMatchesSetAttr(t *testing.T) {
	x := newFixture(t)
	defer func() { x.coll = false }()
	checked := 0
	for a := 0; a < 256; a++ {
		a := uint8(a)
		if !storedAttr(a) {
			continue
		}
		for _, v := range []int32{0, 1, -1, 300, 40000, -70000, collKnown, 0x7FFF} {
			for k, fused := range []bool{false, true, false, true} {
				x.coll = k >= 2
				x.collFlags = [4]uint16{collKnown | collFix, collKnown, 0xFFFF, 0}
				slot := x.sh.seg.first // the slot the runs store into
				c := &code{instrs: []instr{{op: mPush, v: v}, {op: mAttrSet, a: a}, {op: mRetZero}}}
				for i := range c.instrs {
					c.instrs[i].base = c.instrs[i].op
				}
				if fused {
					c.fuse()
					if c.instrs[0].op != mPushAttrSet {
						t.Fatalf("attribute %d: not fused", a)
					}
				}
				idx := 1
				if k == 3 {
					idx = 4 // the last slot, without a collision record
				}
				got := x.segState(x.runCode(c, false, 4, idx))
				// the same through setAttr on a fresh segment
				nop := &code{instrs: []instr{{op: mRetZero, base: mRetZero}}}
				ret, st := x.runCode(nop, false, 4, idx)
				slot = x.sh.smap.arr[idx]
				x.sh.mach.setAttr(slot, int(a), 0, int16(v))
				if want := x.segState(ret, st); got != want {
					t.Errorf("attribute %d value %d fused %v coll %v idx %d:\nexec:\n%s\nsetAttr:\n%s", a, v, fused, x.coll, idx, got, want)
				}
				checked++
			}
		}
	}
	if checked < 8*4*20 {
		t.Fatalf("only %d checks", checked)
	}
}

// TestSlotAttrReadsMatchGetAttr checks step's push_slot_attr of AdvX and
// AdvY against Slot::getAttr (getAttr), and its attr_add and attr_sub of
// user attributes against getAttr and setAttr, on slots with awkward
// advances and user values, at every slot offset and index.
func TestSlotAttrReadsMatchGetAttr(t *testing.T) {
	x := newFixture(t)
	advs := []float32{0, 1.75, -1.75, 40000.5, -70000.25, 3e9, -3e9, float32(math.NaN()), float32(math.Inf(1))}
	users := []int16{0, 1, -1, 32767, -32768, 300}
	vals := []int32{0, 1, -1, 65537, -70000, 1 << 30}
	checked := 0
	for k := 0; k < 200; k++ {
		adv := pt{advs[k%len(advs)], advs[(k/len(advs)+k)%len(advs)]}
		for _, a := range []uint8{slatAdvX, slatAdvY} {
			for off := int8(-2); off <= 2; off++ {
				c := &code{instrs: []instr{{op: mPushSlotAttr, a: a, off: off}, {op: mPopRet}}}
				c.fuse()
				nop := &code{instrs: []instr{{op: mRetTrue, base: mRetTrue}}}
				x.runCode(nop, false, 4, 1)
				for s := x.sh.seg.first; s != nil; s = s.next {
					s.advance = adv
				}
				idx := 1 + k%4
				var want int32 // no slot: nothing pushed, the run ends with 0
				if s := x.sh.smap.get(idx + int(off)); s != nil {
					want = int32(x.sh.mach.getAttr(s, int(a), 0))
				}
				if ret := x.sh.mach.runCode(c, &idx); ret != want || x.sh.mach.status != stFinished {
					t.Fatalf("attribute %d offset %d advance %v: got %d status %d, want %d", a, off, adv, ret, x.sh.mach.status, want)
				}
				checked++
			}
		}
		for _, op := range []uint8{mAttrAdd, mAttrSub} {
			for sub := uint8(0); sub < 5; sub++ {
				v := vals[k%len(vals)]
				c := &code{instrs: []instr{{op: mPush, v: v}, {op: op, a: slatUserDefn, sub: sub}, {op: mRetZero}}}
				c.fuse()
				user := func() {
					for s, i := x.sh.seg.first, 0; s != nil; s, i = s.next, i+1 {
						for j := range s.user {
							s.user[j] = users[(k+i+j)%len(users)]
						}
					}
				}
				nop := &code{instrs: []instr{{op: mRetZero, base: mRetZero}}}
				x.runCode(nop, false, 4, 1)
				user()
				idx := 1 + k%4
				ret := x.sh.mach.runCode(c, &idx)
				got := x.segState(ret, x.sh.mach.status)
				// the same through getAttr and setAttr
				x.runCode(nop, false, 4, 1)
				user()
				is := x.sh.smap.arr[1+k%4]
				res := uint32(x.sh.mach.getAttr(is, slatUserDefn, int(sub)))
				if op == mAttrAdd {
					res += uint32(v)
				} else {
					res -= uint32(v)
				}
				x.sh.mach.setAttr(is, slatUserDefn, int(sub), int16(int32(res)))
				if want := x.segState(0, stFinished); got != want {
					t.Fatalf("op %d sub %d value %d:\nexec:\n%s\nsetAttr:\n%s", op, sub, v, got, want)
				}
				checked++
			}
		}
	}
	if checked < 200*(2*5+2*5) {
		t.Fatalf("only %d checks", checked)
	}
}
