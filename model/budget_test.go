package model

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"sync"
	"testing"
	"testing/iotest"
)

// budgetCase is a read from a budget, by [Budget.ReadChunks] or
// [Budget.Stream], and what it should give.
type budgetCase struct {
	name    string
	src     io.Reader
	size    int64 // reserved
	limit   int64
	want    string
	wantErr error
	left    int64 // what is left of the budget afterwards
}

// budgetCases are the reads both ways of reading from a budget are
// tested with.
func budgetCases() []budgetCase {
	text := strings.Repeat("a b c\n", 500_000) // 3 MB: several chunks
	return []budgetCase{
		{"known size", strings.NewReader(text), int64(len(text)), 4 << 20, text, nil, 4<<20 - int64(len(text))},
		{"unknown size", strings.NewReader(text), -1, 4 << 20, text, nil, 4<<20 - int64(len(text))},
		{"one byte at a time", iotest.OneByteReader(strings.NewReader("ab\ncd")), -1, 10, "ab\ncd", nil, 5},
		{"a file that grew", strings.NewReader(text), 1000, 4 << 20, text, nil, 4<<20 - int64(len(text))},
		{"a file that shrank", strings.NewReader("abc"), 1000, 2000, "abc", nil, 1997},
		{"exactly the limit", strings.NewReader("abcd"), -1, 4, "abcd", nil, 0},
		{"one byte past", strings.NewReader("abcde"), -1, 4, "", ErrOverLimit, 0},
		{"a reserved file that grew past", strings.NewReader(text), 1000, 2000, "", ErrOverLimit, 0},
		{"empty", strings.NewReader(""), 0, 10, "", nil, 10},
	}
}

// TestBudgetReadChunks: a reader reads within what it reserved and what is
// left, gives back what it reserved but did not read, and stops an
// endless stream just past the limit.
func TestBudgetReadChunks(t *testing.T) {
	for _, c := range budgetCases() {
		t.Run(c.name, func(t *testing.T) {
			b := NewBudget(c.limit)
			if c.size > 0 && !b.Reserve(c.size) {
				t.Fatalf("Reserve(%d) of %d refused", c.size, c.limit)
			}
			chunks, err := b.ReadChunks(c.src, c.size)
			if got := bytes.Join(chunks, nil); !errors.Is(err, c.wantErr) || string(got) != c.want {
				t.Fatalf("ReadChunks = %d bytes, %v; want %d bytes, %v", len(got), err, len(c.want), c.wantErr)
			}
			if c.size >= 0 && len(chunks) > 1 && int64(len(chunks[0])) <= c.size {
				t.Errorf("a file of %d bytes read in %d chunks, the first of %d bytes; want its size in one", c.size, len(chunks), len(chunks[0]))
			}
			if err == nil && b.left.Load() != c.left {
				t.Errorf("%d bytes left; want %d", b.left.Load(), c.left)
			}
		})
	}
	e := &endless{pattern: "a b c\n"}
	if _, err := NewBudget(1<<20).ReadChunks(e, -1); !errors.Is(err, ErrOverLimit) || e.read != 1<<20+1 {
		t.Errorf("an endless stream: %v after %d bytes; want %v after %d", err, e.read, ErrOverLimit, 1<<20+1)
	}
}

// TestBudgetStream: a stream takes from the budget what ReadChunks
// takes, a read at a time, gives back what it reserved but did not read
// at its end, and stops an endless stream at the limit.
func TestBudgetStream(t *testing.T) {
	for _, c := range budgetCases() {
		t.Run(c.name, func(t *testing.T) {
			b := NewBudget(c.limit)
			if c.size > 0 && !b.Reserve(c.size) {
				t.Fatalf("Reserve(%d) of %d refused", c.size, c.limit)
			}
			got, err := io.ReadAll(b.Stream(c.src, c.size))
			if !errors.Is(err, c.wantErr) || err == nil && string(got) != c.want {
				t.Fatalf("Stream = %d bytes, %v; want %d bytes, %v", len(got), err, len(c.want), c.wantErr)
			}
			if err == nil && b.left.Load() != c.left {
				t.Errorf("%d bytes left; want %d", b.left.Load(), c.left)
			}
		})
	}
	e := &endless{pattern: "a b c\n"}
	if n, err := io.Copy(io.Discard, NewBudget(1<<20).Stream(e, -1)); !errors.Is(err, ErrOverLimit) || n > 1<<20 {
		t.Errorf("an endless stream: %v after %d bytes; want %v within %d", err, n, ErrOverLimit, 1<<20)
	}
}

// TestBudgetShared: readers at the same time share one limit; Reserve
// refuses what is not left.
func TestBudgetShared(t *testing.T) {
	b := NewBudget(1000)
	if !b.Reserve(600) || b.Reserve(600) {
		t.Fatal("Reserve: want 600 of 1000 taken, and another 600 refused")
	}
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i := range errs {
		wg.Go(func() { _, errs[i] = b.ReadChunks(strings.NewReader(strings.Repeat("x", 300)), -1) })
	}
	wg.Wait()
	if (errs[0] == nil) == (errs[1] == nil) {
		t.Errorf("two reads of 300 bytes from the 400 left: %v, %v; want one over the limit", errs[0], errs[1])
	}
}

func TestLineCounter(t *testing.T) {
	for _, c := range []struct {
		reads []string
		cr    bool
		line  int // where it stops, or the line being read at the end
		start int // where the line past the limit starts in the last read, -1: none
	}{
		{[]string{"abc\nabcd\n", "abcd"}, false, 3, -1},
		{[]string{"abc\nabcde\n"}, false, 2, 4},
		{[]string{"ab\nab", "cde"}, false, 2, 0},
		{[]string{"abc\rabcd\n"}, false, 1, 0},
		{[]string{"abc\rabcd\n"}, true, 2, -1},
		{[]string{"ab\r\nab\rabcd\rabcde"}, true, 2, 12},
	} {
		lc := lineCounter{max: 4, cr: c.cr, line: 1}
		start := -1
		for _, r := range c.reads {
			start = lc.add([]byte(r))
		}
		if lc.line != c.line || start != c.start {
			t.Errorf("%q (cr %v): line %d, start %d; want line %d, start %d", c.reads, c.cr, lc.line, start, c.line, c.start)
		}
	}
}

// TestBudgetReadHint: a stream that says how long it is (a gzip trailer)
// is read into one chunk of that size, not chunks of readChunk; a hint
// too small or too big changes nothing but the chunks, and the limit holds
// whatever the hint says.
func TestBudgetReadHint(t *testing.T) {
	text := strings.Repeat("a b c\n", 500_000) // 3 MB: several chunks
	n := int64(len(text))
	for _, c := range []struct {
		name    string
		hint    int64
		limit   int64
		oneRead bool // the text in the hint's one chunk
		wantErr error
	}{
		{"right", n, 4 << 20, true, nil},
		{"none", 0, 4 << 20, false, nil},
		{"too small", n / 2, 4 << 20, false, nil},
		{"too big", 3 * n, 4 << 20, true, nil},
		{"past the limit", n, n - 1, false, ErrOverLimit},
	} {
		chunks, err := NewBudget(c.limit).read(strings.NewReader(text), -1, c.hint, nil)
		if got := bytes.Join(chunks, nil); !errors.Is(err, c.wantErr) || (err == nil && string(got) != text) {
			t.Errorf("%s: %d bytes, %v; want the text, %v", c.name, len(got), err, c.wantErr)
			continue
		}
		if one := len(chunks) == 1; err == nil && one != c.oneRead {
			t.Errorf("%s: %d chunks for %d bytes; want one chunk %v", c.name, len(chunks), n, c.oneRead)
		}
	}
}
