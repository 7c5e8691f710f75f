//go:build !linux

package perf

// ThreadCPU reports false: per-thread CPU time is read only on Linux.
func ThreadCPU() (int64, bool) { return 0, false }
