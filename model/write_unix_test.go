//go:build unix

package model

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
)

// TestWriteFileThrough writes to what is not a regular file without
// replacing it: a FIFO, a descriptor path and a symbolic link's target.
func TestWriteFileThrough(t *testing.T) {
	dir := t.TempDir()
	write := func(w io.Writer) error { _, err := io.WriteString(w, "data\n"); return err }

	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	got := make(chan string)
	go func() {
		b, _ := os.ReadFile(fifo)
		got <- string(b)
	}()
	if err := WriteFile(context.Background(), fifo, write); err != nil {
		t.Fatal(err)
	}
	if g := <-got; g != "data\n" {
		t.Errorf("read %q from the FIFO; want %q", g, "data\n")
	}
	if st, err := os.Lstat(fifo); err != nil || st.Mode().Type() != os.ModeNamedPipe {
		t.Errorf("the FIFO is now %v (%v); want it kept", st.Mode(), err)
	}

	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if err := WriteFile(context.Background(), "/dev/fd/"+strconv.Itoa(int(w.Fd())), write); err != nil {
		t.Fatal(err)
	}
	w.Close()
	if b, _ := io.ReadAll(r); string(b) != "data\n" {
		t.Errorf("read %q from /dev/fd/N; want %q", b, "data\n")
	}

	target, link, dangling := filepath.Join(dir, "target.txt"), filepath.Join(dir, "link.txt"), filepath.Join(dir, "dangling.txt")
	if err := os.WriteFile(target, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("target.txt", link); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("new.txt", dangling); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{link, dangling} {
		if err := WriteFile(context.Background(), p, write); err != nil {
			t.Fatal(err)
		}
		if st, err := os.Lstat(p); err != nil || st.Mode().Type() != os.ModeSymlink {
			t.Errorf("%s is now %v (%v); want the link kept", p, st.Mode(), err)
		}
		if b, err := os.ReadFile(p); err != nil || string(b) != "data\n" {
			t.Errorf("%s reads %q (%v); want %q", p, b, err, "data\n")
		}
	}
	if st, err := os.Stat(target); err != nil || st.Mode().Perm() != 0o600 {
		t.Errorf("target mode %v (%v); want 0600 kept", st.Mode(), err)
	}
}

// TestWriteFileDescriptorAppends writes to a descriptor open for appending
// (a shell's "3>>log"): the output goes after what is there.
func TestWriteFileDescriptorAppends(t *testing.T) {
	log := filepath.Join(t.TempDir(), "log")
	if err := os.WriteFile(log, []byte("before\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(log, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	err = WriteFile(context.Background(), "/dev/fd/"+strconv.Itoa(int(f.Fd())), func(w io.Writer) error {
		_, err := io.WriteString(w, "data\n")
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(log); string(b) != "before\ndata\n" {
		t.Errorf("log = %q; want %q", b, "before\ndata\n")
	}
	if st, err := os.Lstat(log); err != nil || !st.Mode().IsRegular() {
		t.Errorf("log is now %v (%v); want the file kept", st.Mode(), err)
	}
}
