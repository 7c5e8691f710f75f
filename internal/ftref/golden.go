//go:build reference

package ftref

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"

	"fontvm/internal/conformance/golden"
)

// ParseMode maps a golden mode name ("none", "v35", "v40") to a Mode.
func ParseMode(s string) (Mode, error) {
	switch s {
	case "none":
		return ModeNone, nil
	case "v35":
		return ModeV35, nil
	case "v40":
		return ModeV40, nil
	}
	return 0, fmt.Errorf("ftref: unknown mode %q", s)
}

// ParseTarget maps a golden target name ("normal", "mono") to a Target.
func ParseTarget(s string) (Target, error) {
	switch s {
	case "normal":
		return TargetNormal, nil
	case "mono":
		return TargetMono, nil
	}
	return 0, fmt.Errorf("ftref: unknown target %q", s)
}

// Golden records the golden data of a font for the configurations cs with
// the linked FreeType. reference is written to the file's header.
func Golden(name string, font []byte, cs []golden.Config, reference string) (*golden.File, error) {
	sum := sha256.Sum256(font)
	f := &golden.File{Font: name, FontSHA: hex.EncodeToString(sum[:]), Reference: reference, Flags: golden.Flags}
	// Group configurations by (mode, target) so each FreeType call covers
	// all ppems with one face; then store them in cs order.
	type mt struct{ m, t string }
	ppems := map[mt][]int{}
	var order []mt
	for _, c := range cs {
		k := mt{c.Mode, c.Target}
		if _, ok := ppems[k]; !ok {
			order = append(order, k)
		}
		ppems[k] = append(ppems[k], c.PPEM)
	}
	recs := map[golden.Config]golden.Record{}
	var buf []byte
	for _, k := range order {
		m, err := ParseMode(k.m)
		if err != nil {
			return nil, err
		}
		t, err := ParseTarget(k.t)
		if err != nil {
			return nil, err
		}
		gss, err := Outlines(font, ppems[k], m, t)
		if err != nil {
			return nil, fmt.Errorf("%s %s/%s: %w", name, k.m, k.t, err)
		}
		for i, p := range ppems[k] {
			gs := gss[i]
			if f.NumGlyphs == 0 {
				f.NumGlyphs = len(gs)
			}
			r := golden.Record{Config: golden.Config{Mode: k.m, Target: k.t, PPEM: p}, Short: make([]uint16, len(gs))}
			h := golden.NewHasher()
			for g := range gs {
				buf = gs[g].AppendLine(buf[:0])
				h.Add(buf)
				r.Short[g] = golden.Short(golden.Digest(buf))
			}
			r.Hash = h.Sum()
			recs[r.Config] = r
		}
	}
	for _, c := range cs {
		f.Records = append(f.Records, recs[c])
	}
	return f, nil
}
