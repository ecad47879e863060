package cli

import (
	"syscall"
	"testing"
	"unsafe"
)

// TestImportNotSavedTriesNoMore: an import refused for a write that
// failed does not try the write again once it has said nothing was added
// (before, closing the annotation file tried it a third time, unseen,
// which would add the rows once the disk had room again, or the other
// bleuscope had let its lock go). The tries are counted as the file's
// modifications (inotify's IN_MODIFY), each try's write and cut apart from
// the next's by its closing of the file (IN_CLOSE_WRITE).
func TestImportNotSavedTriesNoMore(t *testing.T) {
	importPastSizeLimit(t, func(path string) func() int {
		fd, err := syscall.InotifyInit1(syscall.IN_NONBLOCK | syscall.IN_CLOEXEC)
		if err != nil {
			t.Skip(err)
		}
		t.Cleanup(func() { syscall.Close(fd) })
		if _, err := syscall.InotifyAddWatch(fd, path, syscall.IN_MODIFY|syscall.IN_CLOSE_WRITE); err != nil {
			t.Skip(err)
		}
		return func() int {
			tries, modified := 0, false
			buf := make([]byte, 64<<10)
			n, _ := syscall.Read(fd, buf) // every event, the command having ended
			for off := 0; off+syscall.SizeofInotifyEvent <= n; {
				ev := (*syscall.InotifyEvent)(unsafe.Pointer(&buf[off]))
				switch {
				case ev.Mask&syscall.IN_MODIFY != 0:
					modified = true
				case ev.Mask&syscall.IN_CLOSE_WRITE != 0 && modified:
					tries, modified = tries+1, false
				}
				off += syscall.SizeofInotifyEvent + int(ev.Len)
			}
			return tries
		}
	})
}
