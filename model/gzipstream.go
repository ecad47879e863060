package model

import (
	"bufio"
	"compress/flate"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
)

// GzipStream reads what a gzip file decompresses to, member after member,
// as Python's gzip module and gunzip read it: zero bytes after a member
// are padding and end the file when nothing else follows; anything else
// after a member must be another member. Its errors are [*GzipError]s.
// An empty stream decompresses to nothing.
type GzipStream struct {
	br    *bufio.Reader
	fr    io.ReadCloser // the member being read, nil between members
	crc   uint32
	size  uint32
	first bool // no member read yet
	err   error
}

// NewGzipStream returns a reader of the gzip stream br holds.
func NewGzipStream(br *bufio.Reader) *GzipStream {
	return &GzipStream{br: br, first: true}
}

// GzipFault says what is wrong with a gzip stream.
type GzipFault int

// The faults of a gzip stream, each as Python's gzip module tells it.
const (
	// GzipNotGzip: a member does not start with gzip's magic bytes
	// (Python: "Not a gzipped file").
	GzipNotGzip GzipFault = iota + 1
	// GzipTruncated: the stream ends within a member (Python's EOFError).
	GzipTruncated
	// GzipMethod: a member is not compressed with deflate.
	GzipMethod
	// GzipCRC: a member's data does not have the checksum its trailer
	// says.
	GzipCRC
	// GzipLength: a member's data does not have the length its trailer
	// says.
	GzipLength
	// GzipCorrupt: the deflate data cannot be decompressed.
	GzipCorrupt
)

// GzipError is a gzip stream that cannot be read.
type GzipError struct {
	Fault GzipFault
	// Magic is what a member starts with instead of gzip's magic bytes
	// (GzipNotGzip): its first two bytes, or one at the end of the stream;
	// After says that it follows a member.
	Magic []byte
	After bool
	// Stored and Computed are the checksums of GzipCRC: the trailer's and
	// the data's.
	Stored, Computed uint32
	// Err is the decompressor's error (GzipCorrupt).
	Err error
}

// Error implements error.
func (e *GzipError) Error() string {
	switch e.Fault {
	case GzipNotGzip:
		switch {
		case e.After && len(e.Magic) > 1: // two bytes read: more may follow
			return fmt.Sprintf("the compressed data is followed by bytes that start %q, neither another gzip member nor zero bytes", e.Magic)
		case e.After:
			return fmt.Sprintf("the compressed data is followed by %q, neither another gzip member nor zero bytes", e.Magic)
		}
		return fmt.Sprintf("the file starts with %q, not gzip's magic bytes", e.Magic)
	case GzipTruncated:
		return "the file ends within its compressed data"
	case GzipMethod:
		return "unknown compression method"
	case GzipCRC:
		return fmt.Sprintf("CRC check failed: the trailer says %#x, the data has %#x", e.Stored, e.Computed)
	case GzipLength:
		return "the data does not have the length the trailer says"
	}
	return e.Err.Error()
}

// Unwrap returns the decompressor's error.
func (e *GzipError) Unwrap() error { return e.Err }

// Read implements io.Reader.
func (g *GzipStream) Read(p []byte) (int, error) {
	for g.err == nil {
		if g.fr == nil {
			if g.err = g.header(); g.err != nil {
				break
			}
		}
		n, err := g.fr.Read(p)
		g.crc = crc32.Update(g.crc, crc32.IEEETable, p[:n])
		g.size += uint32(n)
		switch {
		case err == io.EOF:
			g.err = g.trailer()
		case errors.Is(err, io.ErrUnexpectedEOF):
			g.err = &GzipError{Fault: GzipTruncated}
		case err != nil:
			g.err = &GzipError{Fault: GzipCorrupt, Err: err}
		}
		if n > 0 || len(p) == 0 {
			return n, nil
		}
	}
	return 0, g.err
}

// header reads the next member's header and starts its decompressor;
// io.EOF when the stream ends instead.
func (g *GzipStream) header() error {
	if err := ReadGzipHeader(g.br, !g.first); err != nil {
		return err
	}
	g.first = false
	g.fr, g.crc, g.size = flate.NewReader(g.br), 0, 0
	return nil
}

// ReadGzipHeader reads a gzip member's header from r as Python's gzip
// module reads it, leaving r at the member's deflate data. A member after
// another (next) may be preceded by zero bytes, which it skips. It returns
// io.EOF when the stream ends before a header (after the zero bytes, or
// at once for the first member); its faults are [*GzipError]s.
func ReadGzipHeader(r io.ByteReader, next bool) error {
	c0, err := r.ReadByte()
	for next && err == nil && c0 == 0 {
		c0, err = r.ReadByte()
	}
	if err == io.EOF {
		return io.EOF
	}
	if err != nil {
		return err
	}
	c1, err := r.ReadByte()
	if err == io.EOF {
		return &GzipError{Fault: GzipNotGzip, Magic: []byte{c0}, After: next}
	}
	if err != nil {
		return err
	}
	if c0 != 0x1f || c1 != 0x8b {
		return &GzipError{Fault: GzipNotGzip, Magic: []byte{c0, c1}, After: next}
	}
	var head [8]byte // method, flags, time, extra flags, system
	if err := readBytes(r, head[:]); err != nil {
		return err
	}
	if head[0] != 8 {
		return &GzipError{Fault: GzipMethod}
	}
	flags := head[1]
	if flags&0x04 != 0 { // FEXTRA: a length, then that many bytes
		var n [2]byte
		if err := readBytes(r, n[:]); err != nil {
			return err
		}
		for k := binary.LittleEndian.Uint16(n[:]); k > 0; k-- {
			if _, err := r.ReadByte(); err != nil {
				return truncated(err)
			}
		}
	}
	for _, f := range []byte{0x08, 0x10} { // FNAME, FCOMMENT: to a zero byte or the end, as Python reads them
		for flags&f != 0 {
			b, err := r.ReadByte()
			if err == io.EOF || err == nil && b == 0 {
				break
			}
			if err != nil {
				return err
			}
		}
	}
	if flags&0x02 != 0 { // FHCRC: a header checksum Python does not check
		var crc [2]byte
		return readBytes(r, crc[:])
	}
	return nil
}

// readBytes fills p from r; a stream that ends first is truncated.
func readBytes(r io.ByteReader, p []byte) error {
	for i := range p {
		c, err := r.ReadByte()
		if err != nil {
			return truncated(err)
		}
		p[i] = c
	}
	return nil
}

// trailer checks the member's checksum and length against its trailer.
func (g *GzipStream) trailer() error {
	_ = g.fr.Close()
	g.fr = nil
	var t [8]byte
	if _, err := io.ReadFull(g.br, t[:]); err != nil {
		return truncated(err)
	}
	if stored := binary.LittleEndian.Uint32(t[:4]); stored != g.crc {
		return &GzipError{Fault: GzipCRC, Stored: stored, Computed: g.crc}
	}
	if binary.LittleEndian.Uint32(t[4:]) != g.size {
		return &GzipError{Fault: GzipLength}
	}
	return nil
}

// truncated is the error of a stream that ends within a member; another
// error of reading is kept.
func truncated(err error) error {
	if err == nil || err == io.EOF || errors.Is(err, io.ErrUnexpectedEOF) {
		return &GzipError{Fault: GzipTruncated}
	}
	return err
}
