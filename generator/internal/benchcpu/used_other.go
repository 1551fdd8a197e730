//go:build !unix

package benchcpu

import "time"

// Used is 0 where the process's CPU time is not read: the metrics of
// Start are then left out.
func Used() time.Duration { return 0 }
