package hint

// A Snapshot is the interpreter's whole state after a traced instruction:
// what a debugger shows beside the instruction (Step.Snapshot fills it).
// Coordinates are 26.6, y up.
type Snapshot struct {
	Stack   []int64 // the whole stack, bottom to top
	Storage []int64 // the storage area (the glyph program's copy while it runs)
	CVT     []int64 // the control value table (likewise)
	GS      GraphicsState
	// Glyph is the glyph zone (its points include the four phantom
	// points after the outline's); Twilight the twilight zone.
	Glyph, Twilight Zone
	Calls           []Call // the call stack, outermost first
}

// A Zone is a copy of one point zone (TT_GlyphZoneRec).
type Zone struct {
	Points []ZonePoint
	Ends   []int // each contour's last point, relative to the zone
}

// A ZonePoint is one point of a zone: its current and original (scaled,
// before hinting) position, on-curve flag and touched flags.
type ZonePoint struct {
	X, Y               int64
	OrgX, OrgY         int64
	On                 bool
	TouchedX, TouchedY bool
}

// A Call is one frame of the call stack (TT_CallRec): the function called,
// where it was called from and its remaining LOOPCALL count.
type Call struct {
	Function    int
	CallerRange Program
	CallerPC    int
	Count       int64
}

// GraphicsState is a copy of the graphics state (TT_GraphicsState).
// Vectors are F2Dot14 (x, y); RoundState is FreeType's round_state
// (0 half grid, 1 grid, 2 double grid, 3 down, 4 up, 5 off, 6 super,
// 7 super 45).
type GraphicsState struct {
	RP0, RP1, RP2                      int
	ZP0, ZP1, ZP2                      int // GEP0..GEP2: 0 twilight, 1 glyph
	Dual, Proj, Free                   [2]int32
	Loop, MinimumDistance              int64
	RoundState                         int
	AutoFlip                           bool
	ControlValueCutIn                  int64
	SingleWidthCutIn, SingleWidthValue int64
	DeltaBase, DeltaShift              int
	InstructControl                    int
	ScanControl                        bool
	ScanType                           int
}

// Snapshot copies the machine's state after the instruction s describes
// into dst, reusing dst's slices. It may be called only from Tracer.Step
// (the machine moves on after it returns); it does nothing for a Step that
// did not come from a run.
func (s *Step) Snapshot(dst *Snapshot) {
	e := s.e
	if e == nil {
		return
	}
	dst.Stack = append(dst.Stack[:0], e.stack[:e.top]...)
	dst.Storage = append(dst.Storage[:0], e.storage...)
	dst.CVT = append(dst.CVT[:0], e.cvt...)
	g := &e.gs
	dst.GS = GraphicsState{
		RP0: int(g.rp0), RP1: int(g.rp1), RP2: int(g.rp2),
		ZP0: int(g.gep0), ZP1: int(g.gep1), ZP2: int(g.gep2),
		Dual: [2]int32{g.dualVector.x, g.dualVector.y}, Proj: [2]int32{g.projVector.x, g.projVector.y},
		Free: [2]int32{g.freeVector.x, g.freeVector.y},
		Loop: g.loop, MinimumDistance: g.minimumDistance, RoundState: g.roundState, AutoFlip: g.autoFlip,
		ControlValueCutIn: g.controlValueCutin, SingleWidthCutIn: g.singleWidthCutin, SingleWidthValue: g.singleWidthValue,
		DeltaBase: int(g.deltaBase), DeltaShift: int(g.deltaShift), InstructControl: int(g.instructControl),
		ScanControl: g.scanControl, ScanType: g.scanType,
	}
	copyZone(&dst.Glyph, &e.pts)
	copyZone(&dst.Twilight, &e.twilight)
	dst.Calls = dst.Calls[:0]
	for i := 0; i < e.callTop && i < len(e.callStack); i++ {
		c := &e.callStack[i]
		fn := -1
		if c.def != nil {
			fn = int(c.def.opc)
		}
		dst.Calls = append(dst.Calls, Call{Function: fn, CallerRange: Program(c.callerRange), CallerPC: c.callerIP, Count: c.count})
	}
}

// copyZone copies z's points and contour ends into dst.
func copyZone(dst *Zone, z *zone) {
	dst.Points = dst.Points[:0]
	for i := 0; i < z.nPoints && i < len(z.cur); i++ {
		p := ZonePoint{X: z.cur[i].x, Y: z.cur[i].y}
		if i < len(z.org) {
			p.OrgX, p.OrgY = z.org[i].x, z.org[i].y
		}
		if i < len(z.tags) {
			t := z.tags[i]
			p.On, p.TouchedX, p.TouchedY = t&tagOn != 0, t&tagTouchX != 0, t&tagTouchY != 0
		}
		dst.Points = append(dst.Points, p)
	}
	dst.Ends = dst.Ends[:0]
	for i := 0; i < z.nContours && i < len(z.contours); i++ {
		dst.Ends = append(dst.Ends, z.contours[i]-z.firstPoint)
	}
}

// Code returns the bytecode of the code range the instruction is in
// (fpgm, prep or the glyph's instructions); like Snapshot it may be used
// only during Tracer.Step, and the caller must copy what it keeps.
func (s *Step) Code() []byte {
	if s.e == nil || int(s.Range) < 0 || int(s.Range) >= len(s.e.ranges) {
		return nil
	}
	return s.e.ranges[s.Range]
}
