package main

import "fmt"

// Version is fontvm's version string.
const Version = "0.1.0-dev"

func init() {
	register("", "version", "print fontvm's version", func(args []string) error {
		if len(args) != 0 {
			return usagef("usage: fontvm version")
		}
		fmt.Println("fontvm", Version)
		return nil
	})
}
