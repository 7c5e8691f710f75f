package main

import (
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"fontvm/sfnt"
	"fontvm/truetype/hint"
)

// addVarFlag adds --var (a variation instance: tag=value,... in design
// units, or named=N) to fs.
func addVarFlag(fs *flag.FlagSet) *string {
	return fs.String("var", "", "variation instance: tag=value,... (design units, other axes at defaults) or named=N")
}

// applyVar sets opts.Design from a --var spec for font f ("" leaves the
// default instance, without a variation call).
func applyVar(f *hint.Font, spec string, opts *hint.Options) error {
	if spec == "" {
		return nil
	}
	d, err := hint.ParseVariation(f.Variations(), spec)
	if err != nil {
		return usagef("--var: %v", err)
	}
	opts.Design = d
	return nil
}

// writeVariations lists a variable font's axes (design range and
// default) and named instances (as FreeType lists them, with their
// design coordinates); nothing for other fonts.
func writeVariations(w io.Writer, f *sfnt.Font) {
	v, err := f.Variations()
	if err != nil {
		return
	}
	fmt.Fprintf(w, "variations:        %d axes, %d named instances", v.NumAxes(), len(v.Instances))
	if v.AvarErr != nil {
		fmt.Fprintf(w, " (avar ignored: %v)", v.AvarErr)
	}
	fmt.Fprintln(w)
	for _, a := range v.Axes {
		fmt.Fprintf(w, "  axis %s  min %s default %s max %s", a.Tag, fixedText(a.Min), fixedText(a.Default), fixedText(a.Max))
		if a.Disabled {
			fmt.Fprintf(w, " (disabled: table says %s..%s)", fixedText(a.RawMin), fixedText(a.RawMax))
		}
		fmt.Fprintln(w)
	}
	for i, ni := range v.Instances {
		fmt.Fprintf(w, "  named=%-3d name ID %-5d", i+1, ni.SubfamilyNameID)
		for j, c := range ni.Coords {
			if j > 0 {
				fmt.Fprint(w, ",")
			} else {
				fmt.Fprint(w, " ")
			}
			fmt.Fprintf(w, "%s=%s", v.Axes[j].Tag, fixedText(c))
		}
		if ni.Synthesized {
			fmt.Fprint(w, " (default, added as FreeType adds it)")
		}
		fmt.Fprintln(w)
	}
}

// fixedText formats a 16.16 value with up to 5 decimals.
func fixedText(x int64) string {
	return strconv.FormatFloat(float64(x)/65536, 'f', -1, 64)
}

// varColumns expands render's mode columns into one column per mode and
// variation instance of list ("SPEC;SPEC;..."; "" keeps the columns),
// instances outermost, each labelled with its instance.
func varColumns(modes []renderMode, list string) []renderMode {
	if list == "" {
		return modes
	}
	var out []renderMode
	for _, spec := range strings.Split(list, ";") {
		if spec = strings.TrimSpace(spec); spec == "" {
			continue
		}
		for _, m := range modes {
			m.variation = spec
			m.label = m.name + " " + spec
			out = append(out, m)
		}
	}
	return out
}
