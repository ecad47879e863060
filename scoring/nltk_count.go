package scoring

import (
	"fmt"
	"math"
	"strings"
	"unicode"
	"unicode/utf8"
)

// nltkClipCounter counts one segment's clipped n-gram matches, order by order.
// Tokens are numbered by their first position in the hypothesis, so an
// n-gram is keyed by 4n bytes; reference tokens absent from the hypothesis
// can never match and are marked nltkNoToken.
type nltkClipCounter struct {
	refs      [][]string
	hypToks   []string
	hyp       []uint32
	refIDs    [][]uint32
	key       []byte
	hypCounts map[string]int
	maxCounts map[string]int
	refCounts map[string]int
}

const nltkNoToken = math.MaxUint32

func newNLTKClipCounter(refs [][]string, hyp []string) *nltkClipCounter {
	ids := make(map[string]uint32, len(hyp))
	c := &nltkClipCounter{refs: refs, hypToks: hyp, hyp: make([]uint32, len(hyp)), refIDs: make([][]uint32, len(refs))}
	for i, tok := range hyp {
		id, ok := ids[tok]
		if !ok {
			id = uint32(len(ids))
			ids[tok] = id
		}
		c.hyp[i] = id
	}
	for r, ref := range refs {
		c.refIDs[r] = make([]uint32, len(ref))
		for i, tok := range ref {
			id, ok := ids[tok]
			if !ok {
				id = nltkNoToken
			}
			c.refIDs[r][i] = id
		}
	}
	return c
}

// ngramKey writes the key of ids[i:i+n] into c.key; ok is false when the
// n-gram holds a token absent from the hypothesis.
func (c *nltkClipCounter) ngramKey(ids []uint32, i, n int) bool {
	c.key = c.key[:0]
	for _, id := range ids[i : i+n] {
		if id == nltkNoToken {
			return false
		}
		c.key = append(c.key, byte(id), byte(id>>8), byte(id>>16), byte(id>>24))
	}
	return true
}

// order is modified_precision for order n >= 0.
func (c *nltkClipCounter) order(n int) (num, den int, err error) {
	total := len(c.hyp) - n + 1
	if n == 0 || total <= 0 {
		return 0, 1, nil // no hypothesis n-grams
	}
	if len(c.refs) == 0 {
		return 0, 0, pyError("KeyError", pyTupleRepr(c.hypTokens(n)))
	}
	if c.hypCounts == nil {
		c.hypCounts, c.maxCounts, c.refCounts = map[string]int{}, map[string]int{}, map[string]int{}
	}
	clear(c.hypCounts)
	clear(c.maxCounts)
	for i := 0; i < total; i++ {
		c.ngramKey(c.hyp, i, n)
		c.hypCounts[string(c.key)]++
	}
	for _, ref := range c.refIDs {
		clear(c.refCounts)
		for i := 0; i+n <= len(ref); i++ {
			if !c.ngramKey(ref, i, n) {
				continue
			}
			if _, ok := c.hypCounts[string(c.key)]; ok {
				c.refCounts[string(c.key)]++
			}
		}
		for k, v := range c.refCounts {
			if v > c.maxCounts[k] {
				c.maxCounts[k] = v
			}
		}
	}
	for k, v := range c.hypCounts {
		num += min(v, c.maxCounts[k])
	}
	return num, total, nil
}

// hypTokens returns the hypothesis's first n-gram as strings, for NLTK's
// KeyError message.
func (c *nltkClipCounter) hypTokens(n int) []string {
	return c.hypToks[:n]
}

// pyTupleRepr is Python's repr of a tuple of strings.
func pyTupleRepr(items []string) string {
	var b strings.Builder
	b.WriteByte('(')
	for i, s := range items {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(pyStrRepr(s))
	}
	if len(items) == 1 {
		b.WriteByte(',')
	}
	b.WriteByte(')')
	return b.String()
}

// pyStrRepr is Python's repr of a str.
func pyStrRepr(s string) string {
	quote := byte('\'')
	if strings.IndexByte(s, '\'') >= 0 && strings.IndexByte(s, '"') < 0 {
		quote = '"'
	}
	var b strings.Builder
	b.WriteByte(quote)
	for i, w := 0, 0; i < len(s); i += w {
		r, width := utf8.DecodeRuneInString(s[i:])
		w = width
		switch {
		case r == utf8.RuneError && width == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r == '\\' || r == rune(quote):
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case unicode.IsPrint(r):
			b.WriteRune(r)
		case r < 0x100:
			fmt.Fprintf(&b, `\x%02x`, r)
		case r < 0x10000:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			fmt.Fprintf(&b, `\U%08x`, r)
		}
	}
	b.WriteByte(quote)
	return b.String()
}
