package main

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"

	"fontvm/sfnt"
	"fontvm/truetype/verify"
)

// init registers the "fontvm tt verify" (runTTVerify) command in the
// command table (see register).
func init() {
	register("tt", "verify", "statically verify a font's fpgm, prep and glyph programs (control flow, stack, indices)", runTTVerify)
}

// runTTVerify is `fontvm tt verify FONT [--json]`: the findings one per
// line (or one JSON object each), then counts by kind; exit status 1 when
// there is an error finding.
func runTTVerify(args []string) error {
	fs := newFlagSet("tt verify")
	asJSON := fs.Bool("json", false, "one JSON object per finding")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("usage: fontvm tt verify FONT [--json]")
	}
	data, err := os.ReadFile(pos[0])
	if err != nil {
		return err
	}
	f, err := sfnt.Parse(data)
	if err != nil {
		return fmt.Errorf("%s: %v", pos[0], err)
	}
	rep := verify.Font(f)
	w := ttHintStdout
	if *asJSON {
		enc := json.NewEncoder(w)
		for i := range rep.Findings {
			if err := enc.Encode(&rep.Findings[i]); err != nil {
				return err
			}
		}
	} else {
		for _, x := range rep.Findings {
			if _, err := fmt.Fprintln(w, x.String()); err != nil {
				return err
			}
		}
		counts := rep.Counts()
		keys := make([]string, 0, len(counts))
		for k := range counts {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			fmt.Fprintf(w, "%6d %s\n", counts[k], k)
		}
		fmt.Fprintf(w, "%d programs, %d findings (%d errors), %d not listed\n", rep.Programs, len(rep.Findings), rep.Errors(), rep.Dropped)
	}
	if n := rep.Errors(); n > 0 {
		return fmt.Errorf("%d error findings", n)
	}
	return nil
}
