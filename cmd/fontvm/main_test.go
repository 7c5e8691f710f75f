package main

import "testing"

func TestExitStatus(t *testing.T) {
	if got := run([]string{"version"}); got != 0 {
		t.Errorf("version: status %d, want 0", got)
	}
	if got := run([]string{"no-such-command"}); got != 2 {
		t.Errorf("unknown command: status %d, want 2", got)
	}
	if got := run([]string{"version", "extra"}); got != 2 {
		t.Errorf("usage error: status %d, want 2", got)
	}
}
