package sacrebleu

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/bleuscope/bleuscope/model"
)

// maxInputVar names the environment variable that sets how many bytes the
// drop-in reads at most, over all its inputs together (counted after
// decompression): sacrebleu's command line has no room for a flag of
// bleuscope's.
const maxInputVar = "BLEUSCOPE_MAX_INPUT"

// budget is what is left of the input limit, shared by the readers of one
// run (files are read at the same time).
type budget struct {
	limit int64
	left  atomic.Int64
}

// newBudget reads the limit from the environment: a number of bytes, or
// with a K, M or G suffix (powers of 1024); anything else, or nothing,
// means bleuscope's default, as its other commands have it (an eighth of
// the machine's memory).
func newBudget(getenv func(string) string) *budget {
	b := &budget{limit: model.DefaultLoadOptions().MaxInput}
	if n, ok := parseSize(getenv(maxInputVar)); ok {
		b.limit = n
	}
	b.left.Store(b.limit)
	return b
}

func parseSize(s string) (int64, bool) {
	s = strings.TrimSpace(s)
	mult := int64(1)
	if s != "" {
		switch strings.ToUpper(s[len(s)-1:]) {
		case "K":
			mult = 1 << 10
		case "M":
			mult = 1 << 20
		case "G":
			mult = 1 << 30
		}
		if mult > 1 {
			s = s[:len(s)-1]
		}
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n <= 0 || n > (1<<62)/mult {
		return 0, false
	}
	return n * mult, true
}

// errOverBudget ends a read that would pass the limit.
var errOverBudget = errors.New("over the input limit")

// reserve takes n bytes from the budget ahead of reading them, if they
// are left.
func (b *budget) reserve(n int64) bool {
	if b.left.Add(-n) < 0 {
		b.left.Add(n)
		return false
	}
	return true
}

// readAll reads r to its end, taking what it reads beyond the reserved
// bytes from the budget (and giving back what it reserved but did not
// read).
func (b *budget) readAll(r io.Reader, reserved int64) ([]byte, error) {
	raw, err := readUpTo(r, reserved, reserved+max(b.left.Load(), 0))
	if err != nil {
		return nil, err
	}
	if b.left.Add(reserved-int64(len(raw))) < 0 {
		return nil, errOverBudget
	}
	return raw, nil
}

// readChunk is how much readUpTo reads at a time beyond what it expects.
const readChunk = 1 << 20

// readUpTo reads r to its end, or fails with errOverBudget once it passes
// limit bytes. The first expected bytes (a file's size) go into one buffer,
// so that a file is read without copies; anything more is read in chunks
// joined at the end, so that a stream of unknown size (standard input, a
// gzip bomb) holds no more than the limit while it is read, with no
// garbage from a growing buffer.
func readUpTo(r io.Reader, expected, limit int64) ([]byte, error) {
	var chunks [][]byte
	total := int64(0)
	size := min(expected, limit) + 1 // +1: the read that sees the end, or passes the limit
	if expected <= 0 {
		size = min(readChunk, limit+1)
	}
	for {
		buf := make([]byte, 0, size)
		for len(buf) < cap(buf) {
			n, err := r.Read(buf[len(buf):cap(buf)])
			buf = buf[:len(buf)+n]
			if total+int64(len(buf)) > limit {
				return nil, errOverBudget
			}
			if err == io.EOF {
				return joinChunks(append(chunks, buf), total+int64(len(buf))), nil
			}
			if err != nil {
				return nil, err
			}
		}
		chunks = append(chunks, buf)
		total += int64(len(buf))
		size = readChunk
	}
}

// joinChunks returns the chunks, total bytes in all, as one slice (the
// only chunk itself when there is one).
func joinChunks(chunks [][]byte, total int64) []byte {
	if len(chunks) == 1 {
		return chunks[0]
	}
	out := make([]byte, 0, total)
	for i, c := range chunks {
		out = append(out, c...)
		chunks[i] = nil // let each chunk go once copied
	}
	return out
}

// tooBig is the one line that reports an input over the limit.
func (b *budget) tooBig(name string) error {
	return fatal(1, fmt.Sprintf("%s: the input is larger than bleuscope's limit of %s for all files together; raise it with %s=%dG (bytes, or with a K, M or G suffix)",
		name, formatSize(b.limit), maxInputVar, max(2*b.limit>>30, 1)))
}

// formatSize writes a byte count in the largest binary unit that divides
// it, or in bytes.
func formatSize(n int64) string {
	for _, u := range []struct {
		size int64
		name string
	}{{1 << 30, "GiB"}, {1 << 20, "MiB"}, {1 << 10, "KiB"}} {
		if n >= u.size && n%u.size == 0 {
			return strconv.FormatInt(n/u.size, 10) + " " + u.name
		}
	}
	return strconv.FormatInt(n, 10) + " bytes"
}
