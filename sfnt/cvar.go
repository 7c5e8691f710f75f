package sfnt

// CvarScratch is the caller-owned working set of ApplyCvar.
type CvarScratch struct {
	shared, local []uint16
	deltas        []int64
	acc           []int64
	tuple         []int32
}

// ApplyCvar is tt_face_vary_cvt: it adds the cvar deltas at the
// normalized coordinates coords to cvt (the unscaled CVT in 26.6, as
// FreeType keeps it), each CVT entry's accumulated 16.16 delta rounded to
// 26.6 (FT_fixedToFdot6). gv supplies the shared tuples (FreeType's
// blend->tuplecoords, from gvar; nil for none). Without a cvar table, a
// CVT, or with a cvar version other than 1.0, it changes nothing. Errors
// are FreeType's Invalid_Table (a header claiming more than the table, a
// shared tuple index out of range), which leave cvt unchanged and make
// FreeType's FT_Set_Var_Design_Coordinates fail. As in FreeType, a tuple
// using shared point numbers that are "all points" changes nothing (the
// all-points case is tested on the tuple's private points only).
func (f *Font) ApplyCvar(gv *Gvar, numAxes int, coords []int32, cvt []int64, sc *CvarScratch) error {
	r, ok := f.lookup(TagCvar)
	if !ok || len(cvt) == 0 {
		return nil
	}
	start, tl := int(r.Offset), int(r.Length)
	if start+tl > len(f.data) {
		return nil
	}
	s := &stream{d: f.data, pos: start, limit: start + tl}
	if s.u32() != 0x00010000 {
		return nil
	}
	tupleCount, offData := s.u16(), s.u16()
	if offData+(tupleCount&tupleCountMask)*4 > tl {
		return gvarErr(TagCvar, 4, "tuple headers claim more than the table")
	}
	offData += start
	sharedState := pointsFail
	if tupleCount&tupleSharePoints != 0 {
		here := s.pos
		s.seek(offData)
		sharedState = readPackedPoints(s, tl, &sc.shared)
		offData = s.pos
		s.pos = here
	}
	n := len(cvt)
	if cap(sc.acc) < n {
		sc.acc = make([]int64, n)
	}
	acc := sc.acc[:n]
	for i := range acc {
		acc[i] = 0
	}
	if cap(sc.tuple) < 3*numAxes {
		sc.tuple = make([]int32, 3*numAxes)
	}
	peak, imStart, imEnd := sc.tuple[:numAxes], sc.tuple[numAxes:2*numAxes], sc.tuple[2*numAxes:3*numAxes]
	var shared []int32
	if gv != nil {
		shared = gv.shared
	}
	for t := 0; t < tupleCount&tupleCountMask; t++ {
		size, index := s.u16(), s.u16()
		apply, ok := readTuple(s, index, shared, coords, peak, imStart, imEnd)
		if !ok {
			return gvarErr(TagCvar, s.pos-2-start, "shared tuple index out of range")
		}
		if apply == 0 {
			offData += size
			continue
		}
		here := s.pos
		s.seek(offData)
		state, pts, private := sharedState, sc.shared, false
		if index&tuplePrivatePts != 0 {
			state = readPackedPoints(s, tl, &sc.local)
			pts, private = sc.local, true
		}
		cnt := n
		if state == pointsList && len(pts) > 0 {
			cnt = len(pts)
		}
		ok = readPackedDeltas(s, tl, cnt, &sc.deltas)
		switch {
		case state == pointsFail || !ok:
		case state == pointsAll && private:
			for j := range acc {
				acc[j] += sc.deltas[j] * apply
			}
		case state == pointsList:
			for j, p := range pts {
				if int(p) < n {
					acc[p] += sc.deltas[j] * apply
				}
			}
		}
		offData += size
		s.pos = here
	}
	for i := range cvt {
		cvt[i] = int64(int32(cvt[i] + (acc[i]+0x200)>>10)) // FT_Int32
	}
	return nil
}
