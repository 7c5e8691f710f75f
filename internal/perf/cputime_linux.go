//go:build linux

package perf

import "syscall"

// rusageThread is Linux's RUSAGE_THREAD: the calling thread's usage.
const rusageThread = 1

// ThreadCPU returns the CPU time, user plus system, in nanoseconds, that
// the calling OS thread has used, and true; false where the system cannot
// tell. Callers measuring a piece of work must hold the thread
// (runtime.LockOSThread) so that the work, including C code it calls
// through cgo, runs on it. Linux accounts it in microseconds.
func ThreadCPU() (int64, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return 0, false
	}
	return ru.Utime.Nano() + ru.Stime.Nano(), true
}
