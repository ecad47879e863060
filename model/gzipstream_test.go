package model

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"testing"
)

// FuzzGzipStream: on any bytes GzipStream never panics and ends with
// io.EOF or a *GzipError; on any stream Go's own multistream gzip reader
// reads whole, it reads the same text; and zero bytes after it change
// nothing (padding), while a non-zero byte after it is refused.
func FuzzGzipStream(f *testing.F) {
	var b bytes.Buffer
	for _, s := range []string{"", "the cat sat\n", "a\nb\n"} { // b grows: the later seeds have several members
		w := gzip.NewWriter(&b)
		w.Name = "name.txt" // FNAME
		w.Comment = "a comment"
		w.Extra = []byte{1, 2, 3}
		w.Write([]byte(s))
		w.Close()
		f.Add(b.Bytes())
	}
	f.Add([]byte("\x1f\x8b\x08"))
	f.Add([]byte("not gzip"))
	f.Fuzz(func(t *testing.T, data []byte) {
		ours, err := io.ReadAll(NewGzipStream(bufio.NewReader(bytes.NewReader(data))))
		var ge *GzipError
		if err != nil && !errors.As(err, &ge) {
			t.Fatalf("error %v (%T); want a *GzipError", err, err)
		}
		zr, zerr := gzip.NewReader(bytes.NewReader(data))
		if zerr != nil {
			return
		}
		theirs, zerr := io.ReadAll(zr)
		if zerr != nil {
			return
		}
		if err != nil || !bytes.Equal(ours, theirs) {
			t.Fatalf("read %q, %v; Go's gzip reads %q", ours, err, theirs)
		}
		padded, err := io.ReadAll(NewGzipStream(bufio.NewReader(bytes.NewReader(append(bytes.Clone(data), 0, 0, 0)))))
		if err != nil || !bytes.Equal(padded, theirs) {
			t.Fatalf("padded with zero bytes: %q, %v; want %q", padded, err, theirs)
		}
		_, err = io.ReadAll(NewGzipStream(bufio.NewReader(bytes.NewReader(append(bytes.Clone(data), 0, 'x')))))
		if !errors.As(err, &ge) || ge.Fault != GzipNotGzip || !ge.After || string(ge.Magic) != "x" {
			t.Fatalf("followed by a byte of junk: %v; want it refused as not gzip, after the data", err)
		}
	})
}
