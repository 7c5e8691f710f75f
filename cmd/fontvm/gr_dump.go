package main

import (
	"bufio"
	"fmt"
	"os"

	"fontvm/graphite"
	"fontvm/graphite/gasm"
)

// init registers the "fontvm gr dump" command: it lists a font's Silf
// subtables, their passes and rules, with each rule's code disassembled
// (--pass and --rule narrow the listing).
func init() {
	register("gr", "dump", "list a font's Silf subtables, passes and rules with their code as assembly", func(args []string) error {
		fs := newFlagSet("gr dump")
		passF := fs.Int("pass", -1, "only this pass")
		ruleF := fs.Int("rule", -1, "only this rule")
		noCode := fs.Bool("nocode", false, "omit code")
		dialect := fs.String("dialect", "graphite2", "meaning of 0x3E/0x3F: graphite2 (default) or document")
		pos, err := parseFlags(fs, args)
		if err != nil {
			return err
		}
		if len(pos) != 1 {
			return usagef("usage: fontvm gr dump [-pass N] [-rule N] [-nocode] [-dialect D] FONT")
		}
		d, err := parseDialect(*dialect)
		if err != nil {
			return err
		}
		data, err := os.ReadFile(pos[0])
		if err != nil {
			return err
		}
		f, err := graphite.Load(data)
		if err != nil {
			return fmt.Errorf("%s: refused: %v", pos[0], err)
		}
		w := bufio.NewWriter(os.Stdout)
		defer w.Flush()
		fmt.Fprintf(w, "Silf version %d.%d: %d subtable(s); %d glyphs, %d glyph attributes (Glat %d.%d%s), %d features, %d languages\n",
			f.SilfVersion>>16, f.SilfVersion&0xffff, len(f.Silfs), f.NumGlyphs, f.NumAttrs, f.GlatVersion>>16, f.GlatVersion&0xffff,
			map[bool]string{true: ", octaboxes"}[f.HasBoxes], len(f.Features), len(f.Languages))
		for si, s := range f.Silfs {
			fmt.Fprintf(w, "silf %d: %d passes (substitution from %d, positioning from %d, justification from %d, bidi %s), flags 0x%02X, dir %d\n",
				si, s.NumPasses, s.SubstPass, s.PosPass, s.JustPass, bidi(s.BidiPass), s.Flags, s.Dir)
			fmt.Fprintf(w, "  attributes: pseudo %d, break %d, bidi %d, mirror %d, passbits %d, lig %d, collision %d; %d user, %d components, %d pseudo-glyphs\n",
				s.AttrPseudo, s.AttrBreak, s.AttrBidi, s.AttrMirror, s.AttrPassBits, s.AttrLig, s.AttrCollision, s.NumUser, s.MaxComp, len(s.Pseudos))
			fmt.Fprintf(w, "  classes: %d (%d linear), %d words of class data\n", s.NumClasses, s.NumLinear, len(s.ClassData))
			for _, p := range s.Passes {
				if *passF >= 0 && p.Index != *passF {
					continue
				}
				fmt.Fprintf(w, "  pass %d (%s): flags 0x%02X", p.Index, p.Type, p.Flags)
				if p.Reverse {
					fmt.Fprint(w, " reverse")
				}
				if p.CollisionRuns != 0 {
					fmt.Fprintf(w, " collision %d kern %d", p.CollisionRuns, p.KernCollisions)
				}
				fmt.Fprintf(w, ", maxloop %d, %d rules, FSM %d states (%d transition, %d success) x %d columns, pre-context %d-%d\n",
					p.MaxLoop, p.NumRules, p.NumStates, p.NumTransition, p.NumSuccess, p.NumColumns, p.MinPreCtx, p.MaxPreCtx)
				if p.Constraint != nil && !*noCode {
					fmt.Fprintf(w, "    pass constraint:\n%s", gasm.Format(p.Constraint.Raw, d, "      "))
				}
				for _, r := range p.Rules {
					if *ruleF >= 0 && r.Index != *ruleF {
						continue
					}
					fmt.Fprintf(w, "    rule %d: sort %d, pre-context %d", r.Index, r.Sort, r.PreContext)
					if r.Action != nil {
						fmt.Fprintf(w, ", max ref %d", r.Action.MaxRef)
						if r.Action.Modifies {
							fmt.Fprint(w, ", modifies")
						}
						if r.Action.Deletes {
							fmt.Fprint(w, ", deletes")
						}
					}
					fmt.Fprintln(w)
					if *noCode {
						continue
					}
					if r.Constraint != nil {
						fmt.Fprintf(w, "      constraint:\n%s", gasm.Format(r.Constraint.Raw, d, "        "))
					}
					if r.Action != nil {
						fmt.Fprintf(w, "      action:\n%s", gasm.Format(r.Action.Raw, d, "        "))
					}
				}
			}
		}
		return nil
	})
}

// bidi formats a Silf subtable's bidi pass index, with 0xFF (no bidi
// pass) as "none".
func bidi(b int) string {
	if b == 0xFF {
		return "none"
	}
	return fmt.Sprint(b)
}
