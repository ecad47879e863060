//go:build unix

package model

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"syscall"
)

// selfFD matches this process's own descriptors, which are written
// through a duplicate, sharing their offset and flags (a shell's ">>"
// appends).
var selfFD = regexp.MustCompile(`^/(dev/fd|proc/self/fd)/([0-9]+)$`)

// openThrough opens target for writing without truncating or replacing
// it.
func openThrough(target string) (*os.File, error) {
	m := selfFD.FindStringSubmatch(filepath.Clean(target))
	if m == nil {
		return os.OpenFile(target, os.O_WRONLY, 0)
	}
	fd, err := strconv.Atoi(m[2])
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: target, Err: err}
	}
	dup, err := syscall.Dup(fd)
	if err != nil {
		return nil, &fs.PathError{Op: "dup", Path: target, Err: err}
	}
	syscall.CloseOnExec(dup)
	return os.NewFile(uintptr(dup), target), nil
}
