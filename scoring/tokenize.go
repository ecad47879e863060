package scoring

import (
	"errors"
	"fmt"
	"strings"
	"sync"
)

// TokenizerNames lists the tokenizers in the order help texts show them.
var TokenizerNames = []string{"13a", "intl", "zh", "char", "none"}

// ErrUnknownTokenizer is wrapped by the error [NewTokenizer] returns for a
// name that is not one of [TokenizerNames].
var ErrUnknownTokenizer = errors.New("scoring: unknown tokenizer")

// tokKind identifies a tokenizer. The zero value is 13a, sacrebleu's
// default.
type tokKind uint8

const (
	kind13a tokKind = iota
	kindIntl
	kindZh
	kindChar
	kindNone
)

// Tokenizer is one of sacrebleu's tokenizers. It is a small value that is
// safe to copy and to use from many goroutines at once. The zero Tokenizer
// is 13a, sacrebleu's default.
type Tokenizer struct {
	kind tokKind
}

// NewTokenizer returns the tokenizer called name, one of [TokenizerNames].
// For any other name it returns the zero Tokenizer (13a) and an
// [*OptionError] about [OptTokenize] that wraps [ErrUnknownTokenizer].
func NewTokenizer(name string) (Tokenizer, error) {
	for i, n := range TokenizerNames {
		if n == name {
			return Tokenizer{kind: tokKind(i)}, nil
		}
	}
	return Tokenizer{}, &OptionError{Option: OptTokenize, err: ErrUnknownTokenizer,
		Msg: fmt.Sprintf("%q is not a tokenizer (want %s)", name, OrList(TokenizerNames))}
}

// Name returns the tokenizer's name as sacrebleu spells it in signatures
// ("13a", "intl", "zh", "char" or "none").
func (t Tokenizer) Name() string {
	if int(t.kind) < len(TokenizerNames) {
		return TokenizerNames[t.kind]
	}
	return TokenizerNames[0]
}

// String returns the tokenizer's name, like [Tokenizer.Name].
func (t Tokenizer) String() string { return t.Name() }

// Tokenize returns exactly what sacrebleu's tokenizer of that name returns
// for line. It neither lowercases nor strips line first: sacrebleu's BLEU
// applies [PyLower] and [PyRstrip] before its tokenizer. The 13a, intl and
// zh tokenizers return tokens joined by single spaces; char returns every
// code point of line joined by spaces, whitespace included; none returns
// line. When the result equals line, line itself is returned.
func (t Tokenizer) Tokenize(line string) string {
	switch t.kind {
	case kindNone:
		return line
	case kindChar:
		return joinChars(line)
	}
	p := scratchPool.Get().(*[]string)
	toks := t.Tokens((*p)[:0], line)
	out := joinTokens(line, toks)
	clear(toks)
	*p = toks[:0]
	scratchPool.Put(p)
	return out
}

// Tokens appends to dst the tokens BLEU counts for line, which are always
// the fields of PySplit(t.Tokenize(line)). It works without building the
// tokenized line: tokens are substrings of line wherever the tokenizer does
// not rewrite text (only 13a's handling of HTML entities, "<skipped>" and
// line breaks does), so it usually allocates nothing beyond growing dst.
func (t Tokenizer) Tokens(dst []string, line string) []string {
	switch t.kind {
	case kindIntl:
		return scanIntl(dst, line)
	case kindZh:
		return scanMteval(dst, pyStrip(line), true)
	case kindChar:
		return scanChars(dst, line)
	case kindNone:
		return PySplit(dst, line)
	}
	return scanMteval(dst, prepare13a(line), false)
}

// Rewrite returns line as the tokenizer reads it before splitting it:
// for 13a, with "<skipped>" deleted, words hyphenated across a line break
// joined and the HTML entities &quot; &amp; &lt; &gt; decoded; for the
// others, line itself, which they split without rewriting.
func (t Tokenizer) Rewrite(line string) string {
	if t.kind == kind13a {
		return prepare13a(line)
	}
	return line
}

// scratchPool holds token slices that [Tokenizer.Tokenize] reuses.
var scratchPool = sync.Pool{New: func() any {
	s := make([]string, 0, 64)
	return &s
}}

// joinTokens returns toks joined by single spaces. When that is line
// itself (tokens already separated by single spaces), it returns line and
// allocates nothing.
func joinTokens(line string, toks []string) string {
	switch len(toks) {
	case 0:
		return ""
	case 1:
		return toks[0]
	}
	n := len(toks) - 1
	for _, tok := range toks {
		n += len(tok)
	}
	if n == len(line) && sameAsJoined(line, toks) {
		return line
	}
	var b strings.Builder
	b.Grow(n)
	b.WriteString(toks[0])
	for _, tok := range toks[1:] {
		b.WriteByte(' ')
		b.WriteString(tok)
	}
	return b.String()
}

// sameAsJoined reports whether line equals toks joined by single spaces;
// line must have that joined length.
func sameAsJoined(line string, toks []string) bool {
	pos := 0
	for i, tok := range toks {
		if i > 0 {
			if line[pos] != ' ' {
				return false
			}
			pos++
		}
		if line[pos:pos+len(tok)] != tok {
			return false
		}
		pos += len(tok)
	}
	return true
}
