//go:build !linux

package benchcpu

import "time"

// Of is not read outside Linux: ok is false.
func Of(pid int) (d time.Duration, ok bool) { return 0, false }
