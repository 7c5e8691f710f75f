package hint

// FunctionAt returns the number of the function (FDEF) whose body in
// code range r (ProgFpgm or ProgPrep) holds offset pc, as the instance's
// function definitions record them (fpgm's, and prep's after NewInstance),
// or -1 if none does: a diagnostic for an Error's Range and PC.
func (in *Instance) FunctionAt(r Program, pc int) int {
	e := &in.e
	for i := 0; i < e.numFDefs && i < len(e.fdefs); i++ {
		d := &e.fdefs[i]
		if d.active && d.rng == int(r) && pc >= d.start && pc <= d.end {
			return int(d.opc)
		}
	}
	return -1
}
