package model

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"os"
	"strconv"
	"strings"
	"sync"

	"github.com/bleuscope/bleuscope/scoring"
)

// LoadOptions bound what [Load] reads, so that memory stays bounded on any
// input: an endless stream, a decompression bomb or a gigantic line stops
// loading with one [*InputError] that names the limit and the flag that
// raises it. A zero field takes its value from [DefaultLoadOptions].
type LoadOptions struct {
	// MaxInput is the most bytes read over all files together, counted
	// after decompression (--max-input).
	MaxInput int64
	// MaxLine is the longest line in bytes (--max-line). It also bounds
	// the detail that the explorer and explain compute for one segment.
	MaxLine int
}

// Default limits when the machine's memory is not known, and the line limit.
const (
	fallbackMaxInput = 4 << 30
	minMaxInput      = 512 << 20
	defaultMaxLine   = 1 << 20
)

// DefaultLoadOptions returns the limits used when none are given: an
// eighth of the machine's memory for all input together (scoring needs
// several times the text's size; at least 512 MiB, and 4 GiB when the
// memory cannot be read), and 1 MiB per line (a segment takes some 250
// times its size to explain in the explorer; real segments are far
// shorter).
func DefaultLoadOptions() LoadOptions {
	return LoadOptions{MaxInput: defaultMaxInput(), MaxLine: defaultMaxLine}
}

var defaultMaxInput = sync.OnceValue(func() int64 {
	total := memTotal()
	if total <= 0 {
		return fallbackMaxInput
	}
	n := total / 8
	if n >= 1<<30 {
		n &^= 1<<30 - 1 // a whole number of GiB reads better in messages
	}
	return max(n, minMaxInput)
})

// memTotal returns the machine's memory in bytes from /proc/meminfo, or 0.
func memTotal() int64 {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		rest, ok := strings.CutPrefix(sc.Text(), "MemTotal:")
		if !ok {
			continue
		}
		kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
		if err != nil {
			return 0
		}
		return kb << 10
	}
	return 0
}

// WithDefaults returns o with its zero (or negative) fields filled with
// the defaults.
func (o LoadOptions) WithDefaults() LoadOptions {
	if o.MaxInput <= 0 {
		o.MaxInput = defaultMaxInput()
	}
	if o.MaxLine <= 0 {
		o.MaxLine = defaultMaxLine
	}
	return o
}

// FormatSize writes a byte count the way limits are shown in messages:
// 16 MiB, 1.5 GiB, 100 bytes.
func FormatSize(n int64) string {
	for _, u := range []struct {
		size int64
		name string
	}{{1 << 30, "GiB"}, {1 << 20, "MiB"}, {1 << 10, "KiB"}} {
		if n >= u.size {
			if n%u.size == 0 {
				return strconv.FormatInt(n/u.size, 10) + " " + u.name
			}
			return strconv.FormatFloat(float64(n)/float64(u.size), 'f', 1, 64) + " " + u.name
		}
	}
	if n == 1 {
		return "1 byte"
	}
	return strconv.FormatInt(n, 10) + " bytes"
}

// How an input passes the input limit, as messages say it (%s: the limit).
const (
	largerThan       = "is larger than %s, the input limit"
	decompressesPast = "decompresses past %s, the input limit"
	takesPast        = "takes the input past %s, the limit for all files together"
)

// inputLimitErr is the one line for file passing the input limit of limit
// bytes in the way how says.
func inputLimitErr(file, how string, limit int64) *InputError {
	return inputErr(file, fmt.Sprintf(how, FormatSize(limit))+"; raise --max-input if that is intended")
}

// lineLimitErr is the one line for a line of file longer than maxLine.
func lineLimitErr(file string, line, maxLine int) *InputError {
	return lineErr(file, line, "the line is longer than "+FormatSize(int64(maxLine))+", the line limit; raise --max-line if that is intended")
}

// CheckSize returns the [*InputError] for file when its size is larger
// than o.MaxInput (zero: the default), so that a file is refused before it
// is read; else nil.
func (o LoadOptions) CheckSize(file string, size int64) error {
	if limit := o.WithDefaults().MaxInput; size > limit {
		return inputLimitErr(file, largerThan, limit)
	}
	return nil
}

// BoundedReader returns r, failing with an [*InputError] naming label as
// soon as more than o.MaxInput bytes come through it, or a line longer
// than o.MaxLine (zero fields mean the defaults), so that a reader of its
// own (a WMT MQM TSV, a line filter) keeps memory bounded on an endless
// stream or a decompression bomb as [Load] does. The lines before a line
// that is too long are read before the error.
func (o LoadOptions) BoundedReader(r io.Reader, label string) io.Reader {
	o = o.WithDefaults()
	return &boundedReader{src: capped{r: r, left: o.MaxInput}, label: label, limit: o.MaxInput,
		lines: lineCounter{max: o.MaxLine, line: 1}}
}

type boundedReader struct {
	src   capped
	label string
	limit int64
	lines lineCounter
	err   error
}

func (b *boundedReader) Read(p []byte) (int, error) {
	if b.err != nil {
		return 0, b.err
	}
	n, err := b.src.Read(p)
	if errors.Is(err, ErrOverLimit) {
		b.err = inputLimitErr(b.label, largerThan, b.limit)
		return 0, b.err
	}
	if k := b.lines.add(p[:n]); k >= 0 {
		b.err = lineLimitErr(b.label, b.lines.line, b.lines.max)
		return k, b.err
	}
	return n, err
}

// lineCounter follows the lines of a text as it is read, to stop at the
// first line longer than max bytes (without its line end).
type lineCounter struct {
	max     int
	cr      bool // a lone "\r" ends a line too (universal newlines)
	line    int  // the 1-based line being read; only "\n" counts
	col     int  // bytes of that line read so far
	lineLen int  // the same, but also reset by "\r" when cr is set
}

// add follows the line ends through b, the bytes just read. When a line
// passes the limit it stops there and returns where that line starts in
// b (0 when it started before b); else it returns -1.
func (c *lineCounter) add(b []byte) int {
	if i := bytes.LastIndexByte(b, '\n'); i >= 0 {
		c.col = len(b) - i - 1
	} else {
		c.col += len(b)
	}
	// cr is where the next "\r" from start is (len(b): none), found once
	// for all the lines before it: looking for it line by line would read
	// the rest of b again for every line.
	start, cr := 0, len(b)
	nextCR := func() {
		if i := bytes.IndexByte(b[start:], '\r'); i >= 0 {
			cr = start + i
		} else {
			cr = len(b)
		}
	}
	if c.cr {
		nextCR()
	}
	for {
		i := bytes.IndexByte(b[start:], '\n')
		if cr < len(b) && (i < 0 || cr < start+i) {
			c.lineLen, start = 0, cr+1
			nextCR()
			continue
		}
		if i < 0 {
			c.lineLen += len(b) - start
			break
		}
		if c.lineLen += i; c.lineLen > c.max {
			break
		}
		c.line++
		c.lineLen, start = 0, start+i+1
	}
	if c.lineLen > c.max {
		return start
	}
	return -1
}

// maxSize is the bound [ParseSize] keeps a size under: 2^62 bytes, 4 EiB.
const maxSize = 1 << 62

// ErrSizeTooLarge is what [ParseSize]'s error for a size of 2^62 bytes or
// more is, for a caller with a lower bound of its own to word it.
var ErrSizeTooLarge = errors.New("model: size too large")

// sizeTooLarge is [ErrSizeTooLarge] worded for the person.
type sizeTooLarge string

func (e sizeTooLarge) Error() string        { return string(e) }
func (e sizeTooLarge) Is(target error) bool { return target == ErrSizeTooLarge }

// ParseSize reads a size a person gave (--max-input, --max-line,
// BLEUSCOPE_MAX_INPUT): a positive byte count, a plain decimal number (as
// [ParseDecimal] reads it) with an optional binary unit (K, M, G, T; KB,
// KiB, …); a size under
// one byte is refused, as it would be a limit of 0, which means the
// default.
func ParseSize(s string) (int64, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	mult := int64(1)
	if u := strings.TrimSuffix(strings.TrimSuffix(t, "B"), "I"); u != "" {
		if i := strings.IndexByte("KMGT", u[len(u)-1]); i >= 0 {
			mult, t = 1<<(10*(i+1)), u[:len(u)-1] // K, KB, KIB
		} else if u+"B" == t {
			t = u // bytes: 512B
		}
	}
	t = strings.TrimSpace(t)
	if !plainDecimal(t) {
		return 0, fmt.Errorf("%q is not a size; write it as 512M or 1G", s)
	}
	x, err := ParseDecimal(t)
	v, _ := strconv.ParseFloat(t, 64) // +Inf where ParseDecimal finds it too large
	switch {
	case v*float64(mult) >= maxSize:
		return 0, sizeTooLarge(fmt.Sprintf("%q is out of range (sizes go up to %dT); give a size such as 1M or 1G", s, maxSize>>40-1))
	case err != nil || x <= 0:
		return 0, fmt.Errorf("%q is out of range; give a size above 0, such as 1M or 1G", s)
	case x*float64(mult) < 1:
		return 0, fmt.Errorf("%q is less than a byte; give a size such as 1M or 1G", s)
	}
	return int64(x * float64(mult)), nil
}

// ParseCount reads a count a person gave (--max-ngrams): a whole number
// written plainly (50000000), in groups of three digits as bleuscope
// writes counts (50,000,000, or 50_000_000), in scientific notation (5e7)
// or with an SI unit, k, M or G (thousands, millions, billions, in either
// case: 50M, 2.5k). Its error is a phrase without a prefix, with an
// example, for the caller to put after the flag.
func ParseCount(s string) (int64, error) {
	t, unit := strings.TrimSpace(s), int64(1)
	if n := len(t); n > 0 {
		if i := strings.IndexByte("kmg", t[n-1]|0x20); i >= 0 {
			t, unit = strings.TrimSpace(t[:n-1]), [...]int64{1e3, 1e6, 1e9}[i]
		}
	}
	t, grouped := ungroupDigits(t)
	switch {
	case strings.TrimSpace(s) == "":
		return 0, fmt.Errorf("a whole number is missing (%s)", countExample)
	case !grouped || !plainDecimal(t):
		return 0, fmt.Errorf("%q is not a whole number (%s)", s, countExample)
	}
	tooLarge := countTooLarge(fmt.Sprintf("%q is out of range (whole numbers go up to %s)", s, Thousands(math.MaxInt64)))
	if _, err := ParseDecimal(t); err != nil { // 1e400, or 1e-999 (no whole number)
		if v, _ := strconv.ParseFloat(t, 64); math.IsInf(v, 0) {
			return 0, tooLarge
		}
		return 0, fmt.Errorf("%q is not a whole number (%s)", s, countExample)
	}
	// Exactly, in decimal: 0.003k is 3, and 9223372036854775807 itself.
	x, _ := new(big.Rat).SetString(t) // a plain decimal within float64's range: cheap
	x.Mul(x, new(big.Rat).SetInt64(unit))
	switch {
	case !x.IsInt():
		return 0, fmt.Errorf("%q is not a whole number (%s)", s, countExample)
	case !x.Num().IsInt64():
		return 0, tooLarge
	}
	return x.Num().Int64(), nil
}

// ErrCountTooLarge is what [ParseCount]'s error for a count beyond an
// int64 (1e30) is, for a caller with a range of its own to word it.
var ErrCountTooLarge = errors.New("model: count too large")

// countTooLarge is [ErrCountTooLarge] worded for the person.
type countTooLarge string

func (e countTooLarge) Error() string        { return string(e) }
func (e countTooLarge) Is(target error) bool { return target == ErrCountTooLarge }

// countExample is the aside of [ParseCount]'s errors for text that is no
// whole number: the forms it reads.
const countExample = "such as 50000000, 50,000,000, 50M or 5e7"

// ungroupDigits returns s without the separators of its whole part's
// digit groups, commas or underscores (one kind) between groups of three
// digits after a first of one to three (1,000,000), and whether they were
// so placed; s without separators comes back as it is.
func ungroupDigits(s string) (string, bool) {
	i := strings.IndexAny(s, ",_")
	if i < 0 {
		return s, true
	}
	sep := s[i]
	start := 0
	if s != "" && (s[0] == '+' || s[0] == '-') {
		start = 1
	}
	end := start
	for end < len(s) && (s[end] >= '0' && s[end] <= '9' || s[end] == sep) {
		end++
	}
	groups := strings.Split(s[start:end], string(sep))
	if strings.ContainsAny(s[end:], ",_") || len(groups[0]) < 1 || len(groups[0]) > 3 {
		return s, false
	}
	for _, g := range groups[1:] {
		if len(g) != 3 {
			return s, false
		}
	}
	return s[:start] + strings.Join(groups, "") + s[end:], true
}

// analysisGramBytes is about what the n-gram analysis takes for each
// n-gram it holds while counting, at its peak (the workers' tables and
// totals, and what the collector has not yet freed): 150 to 170 bytes
// measured on a million segments of distinct text and on random words.
const analysisGramBytes = 170

// DefaultMaxNGrams returns the most n-grams the analysis holds while
// counting when --max-ngrams is not given: as many as half the machine's
// memory holds (or half of 16 GiB, when the memory cannot be read), so
// that a corpus of too many distinct n-grams stops with one line instead
// of taking the machine's memory.
func DefaultMaxNGrams() int { return defaultMaxNGrams() }

var defaultMaxNGrams = sync.OnceValue(func() int {
	total := memTotal()
	if total <= 0 {
		total = 16 << 30
	}
	return int(min(total/2/analysisGramBytes, scoring.MaxNGramLimit))
})

// NGramLimitError is the error of an analysis whose count passed its
// limit of n-grams held (--max-ngrams). Its Error is the one line the
// command line prints, and it unwraps to that line's [*InputError], so
// that it is reported as bad input is (exit status 2).
type NGramLimitError struct {
	// Limit is the limit passed.
	Limit int
	input *InputError
}

func (e *NGramLimitError) Error() string { return e.input.Error() }

// Unwrap returns the error's [*InputError].
func (e *NGramLimitError) Unwrap() error { return e.input }

// nGramLimitErr is the error of an analysis that passed limit n-grams
// held (the default limit when byDefault).
func nGramLimitErr(limit int, byDefault bool) *NGramLimitError {
	which := "the limit --max-ngrams sets"
	if byDefault {
		which = "the limit that half this machine's memory sets"
	}
	return &NGramLimitError{Limit: limit, input: &InputError{Msg: fmt.Sprintf("the n-gram analysis passed %s held, %s (about %d bytes each); analyse fewer lines or a lower --max-order, or raise --max-ngrams if the memory is there",
		Counted(limit, "n-gram"), which, analysisGramBytes)}}
}
