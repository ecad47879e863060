package scoring

import (
	"syscall"
	"unsafe"
)

// hugePage is the size of a transparent huge page on the platforms Go
// runs Linux on most (x86-64, arm64 with 4 KB base pages).
const hugePage = 2 << 20

// adviseHuge asks the kernel to back the whole 2 MB pages inside the n
// bytes at p with huge pages. The n-gram tables are probed at random over
// hundreds of megabytes: with 4 KB pages nearly every probe also misses
// the TLB (and in a virtual machine a page walk costs dozens of loads).
// It must be called before the memory is first written; errors (a kernel
// without transparent huge pages) are ignored, the memory works the same.
func adviseHuge(p unsafe.Pointer, n uintptr) {
	lo := (hugePage - uintptr(p)%hugePage) % hugePage // to the first boundary
	if n < lo+hugePage {
		return
	}
	hi := lo + (n-lo)&^(hugePage-1)
	_ = syscall.Madvise(unsafe.Slice((*byte)(p), n)[lo:hi], syscall.MADV_HUGEPAGE)
}
