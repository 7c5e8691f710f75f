// Package shape is fontvm's Graphite shaping engine. It reproduces graphite2
// 1.3.14 (Debian 12): the same glyphs, the same float32 positions and the
// same character-to-slot association, or the same failure.
//
// A Font is loaded once from a font's bytes (Load). The tables are read by
// package graphite (graphite.Load: Silf, Glat, Gloc, Feat, Sill, cmap and the
// glyph metrics tables, lz4-compressed Silf and Glat, with graphite2's
// acceptance checks); the engine reads no table bytes itself except the
// name table's feature labels. Load builds the engine's runtime form of the
// graphite.Tables once. A Shaper shapes text with a Font and reuses its
// buffers, so that after warm-up a segment allocates nothing.
//
// The files follow graphite2's structure:
//
//   - shape.go: the Shaper, its slot pool and the segment's set-up and
//     output (Segment's constructor, gr_make_seg, the gr_seg_*/gr_slot_*
//     accessors); featstring.go: gr2fonttest's -feat strings and -j widths.
//   - face.go, silf.go: the runtime form of a graphite.Tables: dense glyph
//     attributes, float32 metrics and octaboxes (GlyphCache.cpp read_box),
//     the cmap cache (CachedCmap), feature values per language (FeatureMap,
//     SillMap), and the first Silf subtable's passes, their finite-state
//     machines and rules; classes are looked up in the graphite.Silf.
//   - code.go: rule programs as the machine runs them: graphite.Code's
//     instructions (opcodes are graphite/isa's constants) decoded once at load into fixed 16-byte
//     instructions (one machine operation per behaviour, operands
//     pre-decoded) with graphite2's temporary copies inserted where
//     graphite's analysis places them (Code.cpp), and fused into
//     superinstructions where a sequence is common (fuse; a fused
//     instruction runs its whole sequence only where that is provably the
//     same as running it unfused, otherwise its first operation alone).
//   - machine.go: the stack machine (opcodes.h): exec runs the operations
//     that make no calls in a tight loop, step those that change the
//     segment; int32 stack of 1024 entries,
//     wrapping arithmetic, signed comparisons, int16 attribute stores, and the
//     statuses that fail a segment (underflow, overflow, a stack left
//     non-empty, slot offsets out of bounds, division by zero and other early
//     deaths); slot attributes get and set (Slot.cpp).
//   - pass.go: pass selection and order, bidi reversal, pass constraints,
//     rule matching with pre-context, rule order, constraints, actions, the
//     cursor and maxLoop rules (Silf.cpp runGraphite, Pass.cpp).
//   - pass_filter.go: a start filter per pass, derived at load from the
//     pass's finite-state machine (not from rule patterns): slots at which
//     the machine provably finds no rule (judged from the slot's column, the
//     next slot's and the previous slot's) are skipped without running it.
//     Work and table sizes are bounded per face; the filter is off for
//     machines that succeed inside their pre-context.
//   - segment.go: slots, attachment, positioning and finalise, clusters,
//     reversal and mirroring, character association (Segment.cpp, Slot.cpp).
//   - collide.go: collision avoidance (Collider.cpp, Intervals.cpp and the
//     collision phases of Pass.cpp): shift and kern colliders, octaboxes,
//     exclusions and sequence attributes.
//   - justify.go: numeric justification (Justifier.cpp), as gr_seg_justify
//     with gr_justCompleteLine.
//   - gr2log.go: gr2fonttest's log and feature listing, byte for byte.
//   - trace.go, trace_collide.go: graphite2's JSON trace (gr_start_logging),
//     of the passes and of collision avoidance.
//
// Floating point follows graphite2 compiled without fused multiply-add: every
// product is rounded to float32 before it is added. 0x3E and 0x3F run as
// graphite2 runs them (OR and AND); Options.SpecBitOps gives the seed
// document's meaning. graphite2 1.3.15's kerning fix is available as
// Options.KernChildSlices (graphite2-tests' awamicmp1 standard needs it).
//
// Beyond graphite2, the engine bounds what graphite2 leaves to memory
// safety: a rule loop budget per segment, pointer-chain walks of at most
// 1000 steps, and glyph attributes stored sparsely when a font's attribute
// count is not backed by its data.
package shape
