//go:build !linux

package scoring

import "unsafe"

// adviseHuge does nothing here: only Linux is asked for huge pages.
func adviseHuge(p unsafe.Pointer, n uintptr) {}
