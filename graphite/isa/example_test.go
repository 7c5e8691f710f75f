package isa_test

import (
	"fmt"

	"fontvm/graphite/isa"
)

// ByName and Lookup find an instruction set entry by mnemonic (graphite2's
// opcode names too) or by code; an entry gives its parameters, stack
// effect and where graphite2 accepts it. The dialect decides 0x3E and
// 0x3F, which graphite2 runs the other way round from the seed document.
func Example() {
	op := isa.ByName("PUT_SUBS", isa.Graphite2)
	fmt.Printf("0x%02X %s (%s): %d parameter bytes, pops %d pushes %d, action %v constraint %v\n",
		op.Code, op.Name, op.G2Name, op.ParamBytes(), op.Pops, op.Pushes, op.Action, op.Constraint)
	for _, d := range []isa.Dialect{isa.Graphite2, isa.Document} {
		fmt.Println(d, isa.Lookup(0x3E, d).Name, isa.Lookup(0x3F, d).Name)
	}
	id, ok := isa.SlotAttrID("shift_x")
	fmt.Println("shift_x is slot attribute", id, ok, "; metric 8 is", isa.MetricName(8))
	// Output:
	// 0x38 PutSubs (PUT_SUBS): 5 parameter bytes, pops 0 pushes 0, action true constraint false
	// graphite2 BitOr BitAnd
	// document BitAnd BitOr
	// shift_x is slot attribute 20 true ; metric 8 is adv_width
}
