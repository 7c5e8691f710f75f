package hint

import "fontvm/truetype/isa"

// Dispatch: which handler runs an opcode. handlerByName is the one map
// from instruction to handler, keyed by truetype/isa's mnemonics, and
// isa.Opcodes maps opcodes to instructions: handlerTabs (what dispatch
// calls; runTraced and step call dispatch, as FreeType's switch in
// TT_RunIns) and slowTab (fastLoop's table for the one-byte instructions
// it does not run inline) are built from the two, as opTab (optab.go) is
// for lengths and stack effects.

// slowOp is one opcode's entry for fastLoop's calls of handlers: fn is
// the handler dispatch runs for it (the plain one: fastLoop runs neither
// pedantic nor stretched instances), or nil when the opcode does not take
// the direct path (multi-byte instructions, IF, ELSE: step runs them);
// pops and pushes are FreeType's Pop_Push_Count, room is max(pushes, 1):
// the handler needs top-pops+room <= len(stack). An opcode without a
// handler has pops = noHandler, more than any stack holds, so that
// fastLoop's one test of the stack sends it to step.
type slowOp struct {
	fn           func(*exec, []int64)
	pops         uint32
	pushes, room uint16 // (16 bytes in all: indexing is a shift; unsigned: loads with an index)
}

// noHandler is slowOp.pops of the opcodes without a handler: more than
// the 0xFFFF + StackExtra elements a stack can have.
const noHandler = 1 << 30

// slowTab is fastLoop's table of slowOp, indexed by opcode.
var slowTab [256]slowOp

// A handler runs one instruction: a is e.stack[e.args:], its popped
// arguments (a[0] deepest) followed by room for its results; it sets
// e.err on failure and may change e.newTop (see step). The handlers of
// instructions that pop their points themselves (IUP, SHP, IP, ALIGNRP,
// FLIPPT) and of SxyTCA take, and ignore, the slice too, so that fastLoop
// calls them without a wrapper.
type handler = func(*exec, []int64)

// handlerByName maps every truetype/isa instruction, by mnemonic, to its
// handler: FreeType 2.12.1's switch in TT_RunIns. TestHandlersCoverISA
// checks that it names exactly isa's instructions.
var handlerByName = map[string]handler{
	"SVTCA": (*exec).insSxyTCA, "SPVTCA": (*exec).insSxyTCA, "SFVTCA": (*exec).insSxyTCA,
	"SPVTL": (*exec).insSPVTL, "SFVTL": (*exec).insSFVTL, "SPVFS": (*exec).insSPVFS, "SFVFS": (*exec).insSFVFS,
	"GPV": (*exec).insGPV, "GFV": (*exec).insGFV, "SFVTPV": (*exec).insSFVTPV, "ISECT": (*exec).insISECT,
	"SRP0": (*exec).insSRP0, "SRP1": (*exec).insSRP1, "SRP2": (*exec).insSRP2,
	"SZP0": (*exec).insSZP, "SZP1": (*exec).insSZP, "SZP2": (*exec).insSZP, "SZPS": (*exec).insSZP,
	"SLOOP": (*exec).insSLOOP, "RTG": (*exec).insRTG, "RTHG": (*exec).insRTHG, "SMD": (*exec).insSMD,
	"ELSE": (*exec).insELSEH, "JMPR": (*exec).insJMPR, "SCVTCI": (*exec).insSCVTCI, "SSWCI": (*exec).insSSWCI,
	"SSW": (*exec).insSSW, "DUP": (*exec).insDUP, "POP": (*exec).insPOP, "CLEAR": (*exec).insCLEAR,
	"SWAP": (*exec).insSWAP, "DEPTH": (*exec).insDEPTH, "CINDEX": (*exec).insCINDEX, "MINDEX": (*exec).insMINDEX,
	"ALIGNPTS": (*exec).insALIGNPTS, "UTP": (*exec).insUTP, "LOOPCALL": (*exec).insLOOPCALL, "CALL": (*exec).insCALL,
	"FDEF": (*exec).insFDEF, "ENDF": (*exec).insENDFH, "MDAP": (*exec).insMDAP, "IUP": (*exec).insIUP,
	"SHP": (*exec).insSHP, "SHC": (*exec).insSHC, "SHZ": (*exec).insSHZ, "SHPIX": (*exec).insSHPIX,
	"IP": (*exec).insIP, "MSIRP": (*exec).insMSIRP, "ALIGNRP": (*exec).insALIGNRP, "RTDG": (*exec).insRTDG,
	"MIAP": (*exec).insMIAP, "NPUSHB": (*exec).insNPUSH, "NPUSHW": (*exec).insNPUSH,
	"WS": (*exec).insWS, "RS": (*exec).insRS, "WCVTP": (*exec).insWCVTP, "RCVT": (*exec).insRCVT,
	"GC": (*exec).insGC, "SCFS": (*exec).insSCFS, "MD": (*exec).insMD, "MPPEM": (*exec).insMPPEM, "MPS": (*exec).insMPS,
	"FLIPON": (*exec).insFLIPON, "FLIPOFF": (*exec).insFLIPOFF, "DEBUG": (*exec).insDEBUG,
	"LT": (*exec).insLT, "LTEQ": (*exec).insLTEQ, "GT": (*exec).insGT, "GTEQ": (*exec).insGTEQ,
	"EQ": (*exec).insEQ, "NEQ": (*exec).insNEQ, "ODD": (*exec).insODD, "EVEN": (*exec).insEVEN,
	"IF": (*exec).insIF, "EIF": (*exec).insEIF, "AND": (*exec).insAND, "OR": (*exec).insOR, "NOT": (*exec).insNOT,
	"DELTAP1": (*exec).insDELTAP, "SDB": (*exec).insSDB, "SDS": (*exec).insSDS,
	"ADD": (*exec).insADD, "SUB": (*exec).insSUB, "DIV": (*exec).insDIV, "MUL": (*exec).insMUL,
	"ABS": (*exec).insABS, "NEG": (*exec).insNEG, "FLOOR": (*exec).insFLOOR, "CEILING": (*exec).insCEILING,
	"ROUND": (*exec).insROUND, "NROUND": (*exec).insNROUND, "WCVTF": (*exec).insWCVTF,
	"DELTAP2": (*exec).insDELTAP, "DELTAP3": (*exec).insDELTAP,
	"DELTAC1": (*exec).insDELTAC, "DELTAC2": (*exec).insDELTAC, "DELTAC3": (*exec).insDELTAC,
	"SROUND": (*exec).insSROUND, "S45ROUND": (*exec).insS45ROUND, "JROT": (*exec).insJROT, "JROF": (*exec).insJROF,
	"ROFF": (*exec).insROFF, "RUTG": (*exec).insRUTG, "RDTG": (*exec).insRDTG,
	"SANGW": (*exec).insObsolete, "AA": (*exec).insObsolete, "FLIPPT": (*exec).insFLIPPT,
	"FLIPRGON": (*exec).insFLIPRG, "FLIPRGOFF": (*exec).insFLIPRG, "SCANCTRL": (*exec).insSCANCTRL,
	"SDPVTL": (*exec).insSDPVTL, "GETINFO": (*exec).insGETINFO, "IDEF": (*exec).insIDEF,
	"ROLL": (*exec).insROLL, "MAX": (*exec).insMAX, "MIN": (*exec).insMIN, "SCANTYPE": (*exec).insSCANTYPE,
	"INSTCTRL": (*exec).insINSTCTRL, "GETVARIATION": (*exec).insGETVARIATIONH, "GETDATA": (*exec).insGETDATA,
	"PUSHB": (*exec).insPUSH, "PUSHW": (*exec).insPUSH, "MDRP": (*exec).insMDRP, "MIRP": (*exec).insMIRP,
}

// pedanticByName replaces handlerByName's handler for pedantic instances
// (FreeType's pedantic_hinting): the looping instructions check all
// their points before moving any (pedanticLoop).
var pedanticByName = map[string]handler{
	"SHP": (*exec).insSHPPedantic, "SHPIX": (*exec).insSHPIXPedantic, "IP": (*exec).insIPPedantic,
	"ALIGNRP": (*exec).insALIGNRPPedantic, "FLIPPT": (*exec).insFLIPPTPedantic,
}

// stretchedByName replaces handlerByName's handler for instances with
// non-square pixels (FreeType's _Stretched routines, aspect.go).
var stretchedByName = map[string]handler{
	"MIAP": (*exec).insMIAPStretched, "WCVTP": (*exec).insWCVTPStretched, "MIRP": (*exec).insMIRPStretched,
	"DELTAP1": (*exec).insDELTAPStretched, "DELTAP2": (*exec).insDELTAPStretched, "DELTAP3": (*exec).insDELTAPStretched,
}

// handlerTabs[v][op] is the handler dispatch calls for opcode op, v =
// pedantic | stretched<<1: handlerByName through isa.Opcodes, with
// pedanticByName's and stretchedByName's replacements; insUnknownH for
// undefined opcodes (FreeType runs a matching IDEF or fails).
var handlerTabs [4][256]handler

// init fills handlerTabs from isa.Opcodes and the handler maps, and
// slowTab from opTab and handlerTabs.
func init() {
	for op := range 256 {
		o := isa.Opcodes[op]
		for v := range handlerTabs {
			h := handler((*exec).insUnknownH)
			if o.Inst != nil {
				h = handlerByName[o.Inst.Name]
				if p, ok := pedanticByName[o.Inst.Name]; ok && v&1 != 0 {
					h = p
				}
				if s, ok := stretchedByName[o.Inst.Name]; ok && v&2 != 0 {
					h = s
				}
			}
			if h == nil {
				panic("hint: no handler for " + o.Inst.Name)
			}
			handlerTabs[v][op] = h
		}
	}
	for op := range slowTab {
		s := &slowTab[op]
		s.pops, s.pushes = uint32(opTab[op].pops), uint16(opTab[op].pushes)
		s.room = max(s.pushes, 1)
		if opTab[op].direct {
			s.fn = handlerTabs[0][op]
		} else {
			s.pops = noHandler
		}
		if s.room >= StackExtra {
			panic("hint: slowTab room")
		}
	}
}

// dispatch runs the instruction e.opcode with arguments a (FreeType's
// switch in TT_RunIns): the handler handlerTabs holds for it and the
// instance's pedantic and stretched modes.
func (e *exec) dispatch(a []int64) {
	v := 0
	if e.pedantic {
		v = 1
	}
	if e.stretched {
		v |= 2
	}
	handlerTabs[v][e.opcode](e, a)
}

// insSHPPedantic is SHP for pedantic instances: pedanticLoop over insSHP.
func (e *exec) insSHPPedantic(_ []int64) {
	e.pedanticLoop((*exec).insSHP, nil, e.zp2.nPoints, false)
}

// insSHPIXPedantic is SHPIX for pedantic instances (see insSHPPedantic).
func (e *exec) insSHPIXPedantic(a []int64) {
	e.pedanticLoop((*exec).insSHPIX, a[:1], e.zp2.nPoints, false)
}

// insIPPedantic is IP for pedantic instances (see insSHPPedantic).
func (e *exec) insIPPedantic(_ []int64) {
	e.pedanticLoop((*exec).insIP, nil, e.zp2.nPoints, true)
}

// insALIGNRPPedantic is ALIGNRP for pedantic instances (see
// insSHPPedantic).
func (e *exec) insALIGNRPPedantic(_ []int64) {
	e.pedanticLoop((*exec).insALIGNRP, nil, e.zp1.nPoints, false)
}

// insFLIPPTPedantic is FLIPPT for pedantic instances: pedanticLoop over
// insFLIPPT, except after IUP in backward-compatibility mode, where
// FLIPPT does nothing but pop.
func (e *exec) insFLIPPTPedantic(_ []int64) {
	if e.postIUP() {
		e.insFLIPPT(nil)
		return
	}
	e.pedanticLoop((*exec).insFLIPPT, nil, e.pts.nPoints, false)
}
