//go:build unix

package annotations

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/bleuscope/bleuscope/model"
)

// TestAnnotationFileMustBeRegular: a device or a FIFO is refused at open
// (saving would rename a new file over it), a directory too, and nothing
// is written.
func TestAnnotationFileMustBeRegular(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no FIFO: %v", err)
	}
	for path, want := range map[string]string{
		"/dev/null": "is not a regular file",
		fifo:        "is not a regular file",
		dir:         "is a directory",
	} {
		_, err := Open(path)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Open(%s) = %v; want an error saying it %s", path, err, want)
		}
	}
	if fi, err := os.Stat("/dev/null"); err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		t.Fatalf("/dev/null is no longer a device: %v %v", fi.Mode(), err)
	}
}

// TestAnnotationFileThroughSymlink: a symbolic link is followed and its
// target written, the link kept; a link to nothing is refused.
func TestAnnotationFileThroughSymlink(t *testing.T) {
	dir := t.TempDir()
	target, link := filepath.Join(dir, "real.ann"), filepath.Join(dir, "link.ann")
	if err := os.Symlink(target, link); err != nil {
		t.Skipf("no symbolic links: %v", err)
	}
	if _, err := Open(link); err == nil || !strings.Contains(err.Error(), "symbolic link to a file that does not exist") {
		t.Errorf("Open of a dangling link = %v; want it refused", err)
	}
	s, err := Open(target)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Add(errAnn("A", 1, "ana", "the cat", 0, 3, "Accuracy/Mistranslation", "Major", "")); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s, err = Open(link)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Add(errAnn("A", 2, "ana", "a dog", 0, 1, "Fluency/Grammar", "Minor", "")); err != nil {
		t.Fatal(err)
	}
	s.Close()
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v %v", fi.Mode(), err)
	}
	if s, err := Open(target); err != nil || len(s.All()) != 2 {
		t.Errorf("the target holds %v, %v; want both annotations", s.All(), err)
	}
}

// TestAnnotationFileSizeLimit: a file past the input limit is refused
// before it is read.
func TestAnnotationFileSizeLimit(t *testing.T) {
	path := filepath.Join(t.TempDir(), "big.ann")
	if err := os.WriteFile(path, []byte(strings.Repeat("x", 4096)), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := OpenWithin(path, model.LoadOptions{MaxInput: 1024})
	if err == nil || !strings.Contains(err.Error(), "is larger than 1 KiB, the input limit; raise --max-input") {
		t.Errorf("OpenWithin = %v; want the input limit", err)
	}
}
