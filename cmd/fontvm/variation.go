package main

import (
	"flag"

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
