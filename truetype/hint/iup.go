package hint

// IUP[a] (0x30-0x31, pops 0): interpolate untouched points of the glyph
// zone in y (IUP[0]) or x (IUP[1]), as FreeType's Ins_IUP and its IUP
// worker do. In v40 backward compatibility each direction runs once and
// nothing after both has run.

// iupAxis reads or writes one coordinate of a vec.
type iupAxis bool

const (
	axisY iupAxis = false
	axisX iupAxis = true
)

func (ax iupAxis) get(v *vec) int64 {
	if ax {
		return v.x
	}
	return v.y
}

func (ax iupAxis) set(v *vec, x int64) {
	if ax {
		v.x = x
	} else {
		v.y = x
	}
}

func (e *exec) insIUP() {
	if e.backwardCompat {
		if e.iupxCalled && e.iupyCalled {
			return
		}
		if e.opcode&1 != 0 {
			e.iupxCalled = true
		} else {
			e.iupyCalled = true
		}
	}
	z := &e.pts
	if z.nContours == 0 {
		return
	}
	var mask uint8
	var ax iupAxis
	if e.opcode&1 != 0 {
		mask, ax = tagTouchX, axisX
	} else {
		mask, ax = tagTouchY, axisY
	}
	point := 0
	for contour := 0; contour < z.nContours; contour++ {
		endPoint := z.contours[contour] - z.firstPoint
		firstPoint := point
		if uint32(endPoint) >= uint32(z.nPoints) {
			endPoint = z.nPoints - 1
		}
		for point <= endPoint && z.tags[point]&mask == 0 {
			point++
		}
		if point <= endPoint {
			firstTouched := point
			curTouched := point
			point++
			for point <= endPoint {
				if z.tags[point]&mask != 0 {
					iupInterpolate(z, ax, curTouched+1, point-1, curTouched, point)
					curTouched = point
				}
				point++
			}
			if curTouched == firstTouched {
				iupShift(z, ax, firstPoint, endPoint, curTouched)
			} else {
				iupInterpolate(z, ax, curTouched+1, endPoint, curTouched, firstTouched)
				if firstTouched > 0 {
					iupInterpolate(z, ax, firstPoint, firstTouched-1, curTouched, firstTouched)
				}
			}
		}
	}
}

// iupShift is _iup_worker_shift.
func iupShift(z *zone, ax iupAxis, p1, p2, p int) {
	d := sub(ax.get(&z.cur[p]), ax.get(&z.org[p]))
	if d == 0 {
		return
	}
	for i := p1; i < p; i++ {
		ax.set(&z.cur[i], add(ax.get(&z.cur[i]), d))
	}
	for i := p + 1; i <= p2; i++ {
		ax.set(&z.cur[i], add(ax.get(&z.cur[i]), d))
	}
}

// iupInterpolate is _iup_worker_interpolate.
func iupInterpolate(z *zone, ax iupAxis, p1, p2, ref1, ref2 int) {
	if p1 > p2 {
		return
	}
	if uint32(ref1) >= uint32(z.nPoints) || uint32(ref2) >= uint32(z.nPoints) {
		return
	}
	orus1 := ax.get(&z.orus[ref1])
	orus2 := ax.get(&z.orus[ref2])
	if orus1 > orus2 {
		orus1, orus2 = orus2, orus1
		ref1, ref2 = ref2, ref1
	}
	org1 := ax.get(&z.org[ref1])
	org2 := ax.get(&z.org[ref2])
	cur1 := ax.get(&z.cur[ref1])
	cur2 := ax.get(&z.cur[ref2])
	delta1 := sub(cur1, org1)
	delta2 := sub(cur2, org2)
	if cur1 == cur2 || orus1 == orus2 {
		for i := p1; i <= p2; i++ {
			x := ax.get(&z.org[i])
			if x <= org1 {
				x = add(x, delta1)
			} else if x >= org2 {
				x = add(x, delta2)
			} else {
				x = cur1
			}
			ax.set(&z.cur[i], x)
		}
		return
	}
	var scale int64
	valid := false
	for i := p1; i <= p2; i++ {
		x := ax.get(&z.org[i])
		if x <= org1 {
			x = add(x, delta1)
		} else if x >= org2 {
			x = add(x, delta2)
		} else {
			if !valid {
				valid = true
				scale = divFix(sub(cur2, cur1), sub(orus2, orus1))
			}
			x = add(cur1, mulFix(sub(ax.get(&z.orus[i]), orus1), scale))
		}
		ax.set(&z.cur[i], x)
	}
}
