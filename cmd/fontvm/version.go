package main

import "fmt"

// Version is fontvm's version string.
const Version = "0.1.0-dev"

// init registers the "fontvm version" command, which prints the version
// and takes no arguments.
func init() {
	register("", "version", "print fontvm's version", func(args []string) error {
		if len(args) != 0 {
			return usagef("usage: fontvm version")
		}
		fmt.Println("fontvm", Version)
		return nil
	})
}
