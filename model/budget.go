package model

import (
	"errors"
	"io"
	"sync/atomic"
)

// ErrOverLimit is the error of a read that passes an input limit. [Load]
// and [LoadOptions.BoundedReader] turn it into an [*InputError] naming the
// limit; a caller of [Budget.ReadChunks] words it itself.
var ErrOverLimit = errors.New("model: input past its limit")

// A Budget is what is left of an input limit, shared by the files of one
// run. Files may be read from it at the same time.
type Budget struct {
	limit int64
	left  atomic.Int64
}

// NewBudget returns a budget of limit bytes, none of them taken.
func NewBudget(limit int64) *Budget {
	b := &Budget{limit: limit}
	b.left.Store(limit)
	return b
}

// Limit returns the number of bytes b started with.
func (b *Budget) Limit() int64 { return b.limit }

// untouched reports whether nothing was taken from b yet.
func (b *Budget) untouched() bool { return b.left.Load() == b.limit }

// Reserve takes n bytes from b ahead of reading them (a file's size), if
// they are left, and reports whether it did.
func (b *Budget) Reserve(n int64) bool {
	if b.left.Add(-n) < 0 {
		b.left.Add(n)
		return false
	}
	return true
}

// ReadChunks reads r to its end and returns its bytes in the chunks they
// were read into, none empty: one when its size is known, else chunks of
// 1 MiB, never joined (a caller that needs lines splits them where they
// are, as [Lines] does). size is what [Budget.Reserve] took for r (its size), or -1
// when its size is not known and nothing was reserved. The bytes read
// beyond size are taken from b too, and those reserved but not read are
// given back. Reading stops with [ErrOverLimit] as soon as r gives more
// than b allows, so that memory holds no more than the limit.
func (b *Budget) ReadChunks(r io.Reader, size int64) ([][]byte, error) {
	return b.read(r, size, 0, nil)
}

// Stream returns r read through b as [Budget.ReadChunks] reads it, for a
// caller that parses r as it comes and keeps none of it: size is what
// [Budget.Reserve] took for r, or -1 when nothing was reserved. The bytes
// read beyond size are taken from b as they come, a read fails with
// [ErrOverLimit] as soon as they pass what b has left, and the bytes
// reserved but not read are given back at r's end (io.EOF). The bytes
// read stay taken, as those ReadChunks returns do.
func (b *Budget) Stream(r io.Reader, size int64) io.Reader {
	return &budgetStream{b: b, r: r, reserved: max(size, 0)}
}

// budgetStream is [Budget.Stream]'s reader.
type budgetStream struct {
	b        *Budget
	r        io.Reader
	reserved int64 // the bytes reserved and not read yet
	err      error // the error that ended the stream, given again
}

func (s *budgetStream) Read(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	n, err := s.r.Read(p)
	if over := int64(n) - s.reserved; over > 0 {
		s.reserved = 0
		if !s.b.Reserve(over) {
			s.err = ErrOverLimit
			return 0, s.err
		}
	} else {
		s.reserved -= int64(n)
	}
	if err == io.EOF {
		s.b.left.Add(s.reserved)
		s.reserved = 0
	}
	if err != nil {
		s.err = err
	}
	return n, err
}

// readChunk is the most read at once, and the size of each chunk of a
// stream. Tests make it small to cut a text into many chunks.
var readChunk = 1 << 20

// read is [Budget.ReadChunks] that passes each read's bytes to check
// (when not nil) as they come; an error of check ends the reading.
// The first size bytes go into one chunk, so that a file is one buffer; a
// stream of unknown size, or the rest of a file that grew, is read in
// chunks of readChunk bytes, each allocated once, with no garbage from a
// growing buffer. hint (0: none), for a stream of unknown size, is how
// long it says it is (a gzip file's trailer): the first chunk takes that
// much (within the limit), so that a stream as long as it says is one
// chunk too.
func (b *Budget) read(r io.Reader, size, hint int64, check func([]byte) error) ([][]byte, error) {
	reserved := max(size, 0)
	src := &capped{r: r, left: reserved + max(b.left.Load(), 0)}
	next := int64(readChunk)
	switch {
	case size >= 0:
		next = size + 1 // +1: the read that sees the end
	case hint > 0:
		next = hint + 1
	}
	var chunks [][]byte
	total := int64(0)
	for {
		if src.left < next-1 { // no more than one byte past the limit
			next = src.left + 1
		}
		chunk, err := fill(src, make([]byte, 0, next), check)
		if len(chunk) > 0 {
			chunks = append(chunks, chunk)
			total += int64(len(chunk))
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		next = int64(readChunk)
	}
	if b.left.Add(reserved-total) < 0 {
		return nil, ErrOverLimit
	}
	return chunks, nil
}

// fill reads r into buf up to its capacity, at most readChunk at a time,
// passing each read's bytes to check. It stops early at the end of r
// (io.EOF) or at an error.
func fill(r io.Reader, buf []byte, check func([]byte) error) ([]byte, error) {
	for len(buf) < cap(buf) {
		n, err := r.Read(buf[len(buf):min(cap(buf), len(buf)+readChunk)])
		if n > 0 && check != nil {
			if err := check(buf[len(buf) : len(buf)+n]); err != nil {
				return nil, err
			}
		}
		buf = buf[:len(buf)+n]
		if err != nil {
			return buf, err
		}
	}
	return buf, nil
}

// capped reads r, failing with [ErrOverLimit] once more than left bytes
// come through it. It never asks r for more than one byte past the limit,
// the byte that shows the limit is passed.
type capped struct {
	r    io.Reader
	left int64
}

func (c *capped) Read(p []byte) (int, error) {
	if c.left < 0 {
		return 0, ErrOverLimit
	}
	if int64(len(p))-1 > c.left {
		p = p[:c.left+1]
	}
	n, err := c.r.Read(p)
	if c.left -= int64(n); c.left < 0 {
		return 0, ErrOverLimit
	}
	return n, err
}
