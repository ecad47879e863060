package scoring

import "unsafe"

// osPage is the smallest page size of the platforms Go runs on.
const osPage = 4096

// writeFault writes a zero to every page of the n zeroed bytes at p, so
// that each is first touched by a write. A table that is read before it
// is written (a probe, a sum added to) otherwise has every page mapped
// first to the kernel's shared zero page, then copied on the write that
// follows, and that second fault makes the kernel interrupt every core
// the process runs on to flush the old mapping: on WMT22 de-en a third
// of the n-gram count's time went to these faults. The memory must be
// zero and not yet in use by another goroutine.
func writeFault(p unsafe.Pointer, n uintptr) {
	b := unsafe.Slice((*byte)(p), n)
	for i := uintptr(0); i < n; i += osPage {
		b[i] = 0
	}
}
