package model

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// dirNames lists the names in dir.
func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

func TestWriteFileReplaces(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.txt")
	if err := os.WriteFile(out, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(context.Background(), out, func(w io.Writer) error { _, err := io.WriteString(w, "new\n"); return err }); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(out)
	if err != nil || string(got) != "new\n" {
		t.Errorf("out.txt = %q (%v); want %q", got, err, "new\n")
	}
	if st, err := os.Stat(out); err != nil || st.Mode().Perm() != 0o600 {
		t.Errorf("mode %v (%v); want the old file's 0600", st.Mode(), err)
	}
	if names := dirNames(t, dir); len(names) != 1 {
		t.Errorf("files %q; want out.txt alone", names)
	}
}

func TestWriteFileFailureKeepsOldFile(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.txt")
	if err := os.WriteFile(out, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	broken := errors.New("broken")
	err := WriteFile(context.Background(), out, func(w io.Writer) error {
		io.WriteString(w, "half")
		return broken
	})
	if !errors.Is(err, broken) {
		t.Errorf("WriteFile = %v; want the write function's error", err)
	}
	if got, _ := os.ReadFile(out); string(got) != "old" {
		t.Errorf("out.txt = %q; want the old content kept", got)
	}
	if names := dirNames(t, dir); len(names) != 1 {
		t.Errorf("files %q; want out.txt alone (no temporary file)", names)
	}
}

func TestWriteFileErrors(t *testing.T) {
	dir := t.TempDir()
	nowhere := func(io.Writer) error { return nil }
	var oe *OutputError
	err := WriteFile(context.Background(), filepath.Join(dir, "no", "out.txt"), nowhere)
	if !errors.As(err, &oe) || oe.Path != filepath.Join(dir, "no", "out.txt") || !errors.Is(err, os.ErrNotExist) || oe.Reason() != "no such file or directory" {
		t.Errorf("WriteFile into a missing folder = %v; want an OutputError naming the path", err)
	}
	if err := WriteFile(context.Background(), dir, nowhere); !errors.Is(err, ErrOutputIsDir) {
		t.Errorf("WriteFile onto a directory = %v; want ErrOutputIsDir", err)
	}
}

func TestCheckOutput(t *testing.T) {
	dir := t.TempDir()
	in, link, other := filepath.Join(dir, "in.txt"), filepath.Join(dir, "link.txt"), filepath.Join(dir, "other.txt")
	if err := os.WriteFile(in, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(in, link); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		out  string
		want error
	}{
		{in, ErrOutputIsInput},
		{link, ErrOutputIsInput},
		{other, nil},
		{"-", nil},
		{"", nil},
	} {
		if err := CheckOutput(tt.out, []string{in}, nil); !errors.Is(err, tt.want) || (tt.want == nil) != (err == nil) {
			t.Errorf("CheckOutput(%q) = %v; want %v", tt.out, err, tt.want)
		}
	}
	// "-" is standard input: the file it reads, when it is one.
	f, err := os.Open(in)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := CheckOutput(link, []string{"-"}, f); !errors.Is(err, ErrOutputIsInput) {
		t.Errorf("CheckOutput(%q) with standard input reading it = %v; want ErrOutputIsInput", link, err)
	}
	if err := CheckOutput(in, []string{"-"}, strings.NewReader("x")); err != nil {
		t.Errorf("CheckOutput(%q) with standard input a reader = %v; want nil", in, err)
	}
}

// TestWriteFileCancelled cancels the context while the output is being
// written, as the first interrupt does: no temporary file, the old file
// kept, ctx's error back.
func TestWriteFileCancelled(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.txt")
	if err := os.WriteFile(out, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	err := WriteFile(ctx, out, func(w io.Writer) error {
		io.WriteString(w, "half")
		cancel()
		_, err := io.WriteString(w, " and the rest")
		return err
	})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("WriteFile = %v; want context.Canceled", err)
	}
	if got, _ := os.ReadFile(out); string(got) != "old" {
		t.Errorf("out.txt = %q; want the old content kept", got)
	}
	if names := dirNames(t, dir); len(names) != 1 {
		t.Errorf("files %q; want out.txt alone (no temporary file)", names)
	}
}

// TestRemoveTemporaryFiles removes the temporary file of a write in
// progress, as a second interrupt does before the program exits.
func TestRemoveTemporaryFiles(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.txt")
	WriteFile(context.Background(), out, func(w io.Writer) error {
		io.WriteString(w, "half")
		if names := dirNames(t, dir); len(names) != 1 {
			t.Fatalf("files %q while writing; want one temporary file", names)
		}
		RemoveTemporaryFiles()
		if names := dirNames(t, dir); len(names) != 0 {
			t.Errorf("files %q after RemoveTemporaryFiles; want none", names)
		}
		return nil
	})
}

// TestWriteFileDiskFull makes every write to the temporary file fail, as a
// full disk does: one OutputError that names the output, not the temporary
// file, and the old file survives.
func TestWriteFileDiskFull(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.txt")
	if err := os.WriteFile(out, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	defer func(f func(string, string) (*os.File, error)) { createTemp = f }(createTemp)
	createTemp = func(dir, pattern string) (*os.File, error) {
		f, err := os.CreateTemp(dir, pattern)
		if err != nil {
			return nil, err
		}
		// A file opened read-only fails every write, as a full disk does.
		ro, err := os.Open(f.Name())
		f.Close()
		return ro, err
	}
	err := WriteFile(context.Background(), out, func(w io.Writer) error {
		_, err := io.WriteString(w, strings.Repeat("x", 1<<20))
		return err
	})
	var oe *OutputError
	if !errors.As(err, &oe) || oe.Path != out || strings.Contains(err.Error(), ".tmp") {
		t.Errorf("WriteFile = %v; want an OutputError naming %s and no temporary file", err, out)
	}
	if got, _ := os.ReadFile(out); string(got) != "old" {
		t.Errorf("out.txt = %q; want the old content kept", got)
	}
	if names := dirNames(t, dir); len(names) != 1 {
		t.Errorf("files %q; want out.txt alone (no temporary file)", names)
	}
}

// TestWriteFileFolderTakesNoFile: a folder that is there but creates no
// file, answering "no such file or directory" as /proc does, is said to
// be one (ErrCannotCreate, "cannot create a file in DIR"), instead of the
// "no such file or directory" that read as a missing path.
func TestWriteFileFolderTakesNoFile(t *testing.T) {
	dir := t.TempDir()
	defer func(f func(string, string) (*os.File, error)) { createTemp = f }(createTemp)
	createTemp = func(dir, pattern string) (*os.File, error) {
		return nil, &fs.PathError{Op: "open", Path: filepath.Join(dir, pattern), Err: syscall.ENOENT}
	}
	for _, name := range []string{"version", "new.txt"} {
		out := filepath.Join(dir, name)
		if name == "version" {
			if err := os.WriteFile(out, []byte("old"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		err := WriteFile(context.Background(), out, func(w io.Writer) error { return nil })
		var oe *OutputError
		if !errors.As(err, &oe) || !errors.Is(err, ErrCannotCreate) || oe.Reason() != "cannot create a file in "+dir {
			t.Errorf("WriteFile(%s) = %v; want ErrCannotCreate, its reason naming %s", name, err, dir)
		}
	}
	// A folder that is not there keeps its own error.
	err := WriteFile(context.Background(), filepath.Join(dir, "missing", "out.txt"), func(w io.Writer) error { return nil })
	if errors.Is(err, ErrCannotCreate) || !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("WriteFile in a missing folder = %v; want not-exist", err)
	}
}
