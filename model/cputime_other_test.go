//go:build !unix

package model

import "time"

// cpuTime returns 0: the CPU time is only read on Unix.
func cpuTime() time.Duration { return 0 }
