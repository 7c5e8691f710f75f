// Package hint is a TrueType hinting interpreter and glyph loader that
// reproduces FreeType 2.12.1 bit for bit: interpreter versions 35 and 40
// (the "minimal" subpixel hinting of Debian's default build), targets
// normal and mono, and FreeType's unhinted (FT_LOAD_NO_HINTING) outlines.
//
// A Font holds what does not depend on the size; it is immutable and safe
// for concurrent use. An Instance is one size in one mode: NewInstance
// runs the font program (fpgm) and the control value program (prep) and
// scales the CVT, as FreeType does for a fresh FT_Size; LoadGlyph then
// loads glyphs into a caller-owned Glyph. An Instance is not safe for
// concurrent use, and, as in FreeType, glyph programs may leave state
// behind (twilight points, WCVTF writes) that later glyphs see: loading
// glyphs in the same order gives the same results as FreeType.
//
// Every 26.6 point, every contour end and the advance agree with
// FreeType's FT_Load_Glyph(FT_LOAD_NO_BITMAP | FT_LOAD_NO_AUTOHINT |
// target) on a size set with FT_Set_Char_Size (NewInstanceRequest: any
// char size and resolutions, fractional and non-square sizes included)
// or FT_Set_Pixel_Sizes(face, 0, ppem) (NewInstance).
//
// The files, by concern (each instruction family's handlers name their
// FreeType Ins_ functions):
//
//   - hint.go: Font, Instance, Glyph, Options and the entry points
//     (NewFont, NewInstance, NewInstanceRequest, LoadGlyph); size.go: the
//     size model (tt_size_request, tt_size_reset); aspect.go: FreeType's
//     stretched routines for non-square pixels.
//   - load.go: the glyph loader (TT_Load_Glyph, load_truetype_glyph,
//     TT_Process_Simple_Glyph, TT_Process_Composite_Glyph, phantom points
//     and advances); load_fused.go: coordinate decoding fused with
//     scaling for glyphs without a program (internal/glyfcode decodes).
//   - variation.go: variation instances (gvar, cvar, HVAR, VVAR:
//     TT_Set_MM_Blend's consumers); mvar.go: MVAR's line metrics
//     (tt_apply_mvar).
//   - exec.go: the execution context (TT_ExecContext): code ranges,
//     zones, limits, the run set-up (TT_RunIns' callers).
//   - optab.go: the opcode table (lengths, pops and pushes) built from
//     truetype/isa; dispatch.go: handlerByName, isa mnemonic -> handler,
//     from which dispatch's and the fast loop's tables are built.
//   - loop.go: the untraced fast loop (TT_RunIns without a tracer);
//     step.go: one instruction as the reference loop runs it; skip.go:
//     IF/ELSE skipping; push.go: the push instructions; ops.go: the
//     instruction bodies the fast loop and the handlers share.
//   - Instruction families: arithmetic.go (stack, comparison, logic,
//     arithmetic), control.go (jumps, calls, FDEF/IDEF), gstate.go
//     (graphics state, vectors, GETINFO, Compute_Funcs), rounding.go
//     (round states, Round_*), moves.go (point moves and measures), iup.go
//     (IUP), deltas.go (DELTAP, DELTAC), storage.go (storage area and
//     CVT).
//   - fixed.go: FreeType's fixed-point helpers (FT_MulFix, FT_MulDiv,
//     TT_MulFix14, ...); trig.go: FT_Hypot.
//   - errors.go, errcodes.go: the rich Error (program, glyph, pc, opcode)
//     and FreeType's error codes; where.go: FunctionAt.
//   - trace.go, trace_state.go: the Tracer interface and the snapshots a
//     debugger shows.
package hint
