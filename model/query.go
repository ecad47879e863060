package model

import (
	"errors"
	"fmt"
	"math"
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Query is a parsed segment filter. Its language:
//
//	word            the text contains word, ignoring case (source, any
//	                reference, or the hypothesis of any system)
//	"an n-gram"     its tokens occur in a row among the segment's tokens
//	                (tokenized and lowercased as the scores are)
//	/regexp/        Go regular expression on the raw text (RE2 syntax);
//	                flags go inside, /(?i)x/: letters after it are an error
//	                (a space or the end comes after a closing / or ", so
//	                /a/, and "a b"c are errors, not two terms)
//	src:X hyp:X ref:X   X (a word, "n-gram" or /regexp/) in that field only
//	shown:X         X in the hypothesis of the system evaluated for alone
//	bleu<10 len>30 bp<1 delta<-5   numeric tests, with <, >, <=, >=, =:
//	                sentence score, hypothesis tokens, brevity penalty,
//	                score minus the other system's; the number is a plain
//	                finite decimal (10, -5, 0.5, 1e3; not inf, 1_0, 0x1p3),
//	                read by [ParseDecimal] as the number flags are
//	chrf<40 ter>50  sentence chrF (0–100) and TER (in percent, as
//	                sacrebleu prints it), from the [MetricScores] given
//	                to [Scored.QueryRows]
//	cat:X sev:X rater:X   an annotation of that category (a part of its
//	                name such as omission or accuracy, or its start; "quote"
//	                a name with spaces), severity (minor, major, critical)
//	                or rater
//	is:annotated is:error is:noerror is:unannotated   segments with an
//	                annotation, with an error, marked "no error", with none
//	a b             both a and b
//	a or b          a or b ("and" binds tighter: a b or c = (a b) or c;
//	                there is no grouping: parentheses around terms are an error)
//	-a  not a       a does not hold (ref:vaccin -hyp:vaccin: a reference
//	                has it and no hypothesis does); not for annotation terms
//
// Field names, metric names, "or" and "not" are read in any case (BLEU<10,
// OR, Hyp:x). A word that reads as a field no one has (foo:bar) is an error
// that says how to find it as text.
//
// Text terms other than shown: look at every system's hypothesis, so one
// query of them selects one set of segments for all systems; shown: and
// the numeric and annotation terms are those of the system the query is
// evaluated for ([Scored.QueryRows]).
// The annotation terms of one "and" group hold for one annotation:
// cat:omission sev:major is a major omission, rater:ana is:noerror a
// segment ana marked as having no error, rater:ana is:unannotated one ana
// has not annotated.
type Query struct {
	text string
	or   [][]term // a disjunction of conjunctions
}

// String returns the query as it was written.
func (q *Query) String() string { return q.text }

// AndAsWord reports whether the query holds a bare word "and" (any case)
// between two terms, as in `bleu<10 and len>30`: terms side by side all
// hold already, so the word is searched as text, which the person may
// not mean.
func (q *Query) AndAsWord() bool {
	for _, and := range q.or {
		for i := 1; i < len(and)-1; i++ {
			if t := and[i]; t.kind == termWord && t.field == fieldAny && !t.not && strings.EqualFold(t.word, "and") {
				return true
			}
		}
	}
	return false
}

// SelectsByScore reports whether the query picks segments by a score
// (bleu, bp, delta, chrf or ter): a significance test on such a subset
// measures the selection, not the systems.
func (q *Query) SelectsByScore() bool { return q.SystemReads().Scores }

// ScoreBeyond returns the value of the first bleu or delta term whose
// size exceeds top, the top of the sentence scores' scale (1 for NLTK's):
// such a threshold was written for the other scale (bleu<10 under NLTK
// selects every segment). ok is false when there is none.
func (q *Query) ScoreBeyond(top float64) (v float64, ok bool) {
	for _, v := range q.ScoreThresholds() {
		if math.Abs(v) > top {
			return v, true
		}
	}
	return 0, false
}

// ScoreThresholds returns the values of the query's bleu and delta terms,
// which read on the scale of the sentence scores (0–100, or 0–1 under
// NLTK).
func (q *Query) ScoreThresholds() []float64 {
	var vs []float64
	for _, and := range q.or {
		for _, t := range and {
			if t.kind == termNumber && (t.m == metricBLEU || t.m == metricDelta) {
				vs = append(vs, t.value)
			}
		}
	}
	return vs
}

// UsesMetrics reports whether the query has chrf and ter terms, which
// read sentence chrF and TER scores: [Scored.QueryRows] needs them.
func (q *Query) UsesMetrics() (chrf, ter bool) {
	for _, and := range q.or {
		for _, t := range and {
			if t.kind == termNumber {
				chrf = chrf || t.m == metricChrF
				ter = ter || t.m == metricTER
			}
		}
	}
	return chrf, ter
}

// SystemReads says what a query reads of the system it is evaluated for
// ([Scored.QueryRows]), rather than of every system's hypothesis, as the
// text terms but shown: do: such a query selects other segments for each
// system. Its zero value is a query that reads no one system.
type SystemReads struct {
	Hypotheses  bool // shown: and len (the hypothesis' tokens)
	Scores      bool // bleu, bp, delta, chrf and ter (its sentence scores)
	Annotations bool // cat:, sev:, rater: and is: (the annotations of its hypotheses)
}

// Any reports whether the query reads the system it is evaluated for at all.
func (r SystemReads) Any() bool { return r != SystemReads{} }

// SystemReads returns what the query reads of the system it is evaluated
// for, by the kinds of its terms.
func (q *Query) SystemReads() SystemReads {
	var r SystemReads
	for _, and := range q.or {
		for _, t := range and {
			switch {
			case t.kind == termNumber && t.m == metricLen, t.field == fieldShown:
				r.Hypotheses = true
			case t.kind == termNumber:
				r.Scores = true
			case t.kind == termAnnotation:
				r.Annotations = true
			}
		}
	}
	return r
}

// UsesAnnotations reports whether the query has annotation terms (cat:,
// sev:, rater:, is:), which need [AnnotationFacts].
func (q *Query) UsesAnnotations() bool { return q.has(termAnnotation) }

// hasNGram reports whether the query has a quoted n-gram.
func (q *Query) hasNGram() bool { return q.has(termNGram) }

// has reports whether the query has a term of that kind.
func (q *Query) has(kind termKind) bool {
	for _, and := range q.or {
		for _, t := range and {
			if t.kind == kind {
				return true
			}
		}
	}
	return false
}

// Empty reports whether the query selects every segment.
func (q *Query) Empty() bool { return len(q.or) == 0 }

// field restricts a text term to part of a segment.
type field uint8

const (
	fieldAny field = iota
	fieldSrc
	fieldHyp
	fieldRef
	fieldShown // the hypothesis of the system the query is evaluated for
)

// termKind says what a term tests.
type termKind uint8

const (
	termWord termKind = iota
	termNGram
	termRegexp
	termNumber
	termAnnotation
)

// metric is the quantity of a numeric term.
type metric uint8

const (
	metricBLEU metric = iota
	metricLen
	metricBP
	metricDelta
	metricChrF
	metricTER
)

var metricNames = []string{"bleu", "len", "bp", "delta", "chrf", "ter"}

// annTest is what an annotation term asks of an annotation.
type annTest uint8

const (
	annCategory annTest = iota // cat:
	annSeverity                // sev:
	annRater                   // rater:
	annIs                      // is:
)

// isValues are the values of is:, and severities those of sev:.
var (
	isValues   = []string{"annotated", "error", "noerror", "unannotated"}
	severities = []string{"minor", "major", "critical"}
)

// term is one test of a query.
type term struct {
	kind  termKind
	field field
	word  string         // termWord: the needle; termNGram: the phrase; termAnnotation: the value, lowercased
	re    *regexp.Regexp // termRegexp
	m     metric         // termNumber
	op    string         // termNumber: <, >, <=, >=, =
	value float64        // termNumber
	ann   annTest        // termAnnotation
	not   bool           // the segments where the test fails
}

// ErrQuery is wrapped by every error of [ParseQuery].
var ErrQuery = errors.New("query")

// QueryError is an error of [ParseQuery] that names the column (1-based,
// in characters) where the problem is. Its message has shorter wordings
// for a line with little room (the explorer's footer), which leave out an
// example or a quote of the query.
type QueryError struct {
	Col  int
	whys []string // the message after the column, the fullest first
}

// Error returns the fullest wording, one line: "query: column 4: put a
// space between terms (…)".
func (e *QueryError) Error() string { return e.Wordings()[0] }

// Unwrap returns [ErrQuery].
func (e *QueryError) Unwrap() error { return ErrQuery }

// Wordings returns the error in its wordings, the fullest first, each one
// line as [QueryError.Error] words it.
func (e *QueryError) Wordings() []string {
	out := make([]string, len(e.whys))
	for i, why := range e.whys {
		out[i] = fmt.Sprintf("%v: column %d: %s", ErrQuery, e.Col, why)
	}
	return out
}

// queryErr returns a one-line error naming the column where the problem
// is ([QueryError]).
func queryErr(col int, format string, args ...any) *QueryError {
	return &QueryError{Col: col, whys: []string{fmt.Sprintf(format, args...)}}
}

// or adds shorter wordings of e's message, the fullest first.
func (e *QueryError) or(shorter ...string) *QueryError {
	e.whys = append(e.whys, shorter...)
	return e
}

// MaxQueryLen is the longest query [ParseQuery] takes, in bytes, so that
// no input makes parsing slow.
const MaxQueryLen = 4096

// ParseQuery parses a filter query (see [Query]). An empty or blank query
// selects every segment. Errors are one line, starting "query: column N:".
func ParseQuery(s string) (*Query, error) {
	q := &Query{text: s}
	if len(s) > MaxQueryLen {
		return nil, fmt.Errorf("%w: longer than %d bytes", ErrQuery, MaxQueryLen)
	}
	if !utf8.ValidString(s) {
		return nil, fmt.Errorf("%w: not valid UTF-8", ErrQuery)
	}
	p := &queryParser{s: s}
	var and []term
	orCol := 0
	for {
		p.skipSpace()
		if p.pos >= len(p.s) {
			break
		}
		col := p.col()
		if p.atWord("or") {
			if len(and) == 0 {
				return nil, queryErr(col, "\"or\" needs a term before it")
			}
			q.or = append(q.or, and)
			and, orCol = nil, col
			continue
		}
		t, err := p.negatedTerm(col)
		if err != nil {
			return nil, err
		}
		and = append(and, t)
	}
	if len(and) == 0 {
		if len(q.or) > 0 {
			return nil, queryErr(orCol, "\"or\" needs a term after it")
		}
		return q, nil
	}
	q.or = append(q.or, and)
	return q, nil
}

// queryParser reads a query left to right.
type queryParser struct {
	s   string
	pos int
	// counted and runes are where col last counted and the characters
	// before it, so that col counts each character once, not once a term.
	counted, runes int
}

// col returns the 1-based column (in characters) of the current position.
func (p *queryParser) col() int {
	if p.pos < p.counted { // the parser only reads on; should it step back, count again
		p.counted, p.runes = 0, 0
	}
	p.runes += utf8.RuneCountInString(p.s[p.counted:p.pos])
	p.counted = p.pos
	return p.runes + 1
}

func (p *queryParser) skipSpace() {
	for p.pos < len(p.s) {
		r, size := utf8.DecodeRuneInString(p.s[p.pos:])
		if !unicode.IsSpace(r) {
			return
		}
		p.pos += size
	}
}

// spaceAt reports whether the query ends at byte i or has a space there
// (any Unicode space, such as a no-break space, as skipSpace and bare see
// one: a multi-byte space is not read as text).
func (p *queryParser) spaceAt(i int) bool {
	if i >= len(p.s) {
		return true
	}
	r, _ := utf8.DecodeRuneInString(p.s[i:])
	return unicode.IsSpace(r)
}

// atWord consumes w, in any case, when it stands alone at the current
// position.
func (p *queryParser) atWord(w string) bool {
	rest := p.s[p.pos:]
	if !hasPrefixFold(rest, w) {
		return false
	}
	if len(rest) > len(w) {
		r, _ := utf8.DecodeRuneInString(rest[len(w):])
		if !unicode.IsSpace(r) {
			return false
		}
	}
	p.pos += len(w)
	return true
}

// bare reads up to the next space.
func (p *queryParser) bare() string {
	start := p.pos
	for p.pos < len(p.s) {
		r, size := utf8.DecodeRuneInString(p.s[p.pos:])
		if unicode.IsSpace(r) {
			break
		}
		p.pos += size
	}
	return p.s[start:p.pos]
}

// flagsInside is the /regexp/ of expr with flags written inside, (?flags)
// when they are Go's (i, m, s, U, each once), else (?i) for any case,
// which is what flags after a regexp most often ask for.
func flagsInside(expr, flags string) string {
	inside := flags
	for i, r := range flags {
		if !strings.ContainsRune("imsU", r) || strings.ContainsRune(flags[:i], r) {
			inside = "i"
			break
		}
	}
	re := "/(?" + inside + ")" + strings.ReplaceAll(expr, "/", `\/`) + "/"
	if inside != flags {
		re += " for any case"
	}
	return Printable(re)
}

// letters reads the letters right at the current position (none when a
// space or anything else comes first).
func (p *queryParser) letters() string {
	start := p.pos
	for p.pos < len(p.s) {
		r, size := utf8.DecodeRuneInString(p.s[p.pos:])
		if !unicode.IsLetter(r) {
			break
		}
		p.pos += size
	}
	return p.s[start:p.pos]
}

// delimited reads text up to the closing delim, which a backslash escapes
// (a backslash before anything else is kept, so /\d+/ works).
func (p *queryParser) delimited(delim byte, what string) (string, error) {
	col := p.col()
	p.pos++ // the opening delimiter
	var b strings.Builder
	for p.pos < len(p.s) {
		c := p.s[p.pos]
		switch {
		case c == '\\' && p.pos+1 < len(p.s) && p.s[p.pos+1] == delim:
			b.WriteByte(delim)
			p.pos += 2
		case c == '\\' && delim == '"' && p.pos+1 < len(p.s) && p.s[p.pos+1] == '\\':
			b.WriteByte('\\')
			p.pos += 2
		case c == delim:
			p.pos++
			return b.String(), nil
		default:
			b.WriteByte(c)
			p.pos++
		}
	}
	return "", queryErr(col, "%s has no closing %c", what, delim)
}

// apart returns an error unless a space or the end comes right after the
// closing delim of a term (what): /a/, or "a b"c would otherwise be read
// as two terms, which is rarely what was meant.
func (p *queryParser) apart(delim byte, what string) error {
	if p.spaceAt(p.pos) {
		return nil
	}
	next, _ := utf8.DecodeRuneInString(p.s[p.pos:])
	return queryErr(p.col(), "put a space between terms (%q follows the closing %c of the %s; write \\%[2]c for a %[2]c inside it)", next, delim, what).
		or(fmt.Sprintf("put a space between terms (or write \\%c for a %[1]c inside the %s)", delim, what), "put a space between terms")
}

// negatedTerm reads a term, negated when "-" (right before it) or "not"
// (a word of its own) comes first. A "-" with nothing right after it is an
// error, as "not" is: the text "-" is written in quotes.
func (p *queryParser) negatedTerm(col int) (term, error) {
	not := p.atWord("not")
	if not {
		p.skipSpace()
		switch {
		case p.pos >= len(p.s) || p.atWord("or"):
			return term{}, queryErr(col, "\"not\" needs a term after it (to find the word not, write \"not\")")
		case p.atWord("not"):
			return term{}, queryErr(col, "\"not not\" says not twice; write the term alone (to find the word not, write \"not\")").
				or("\"not not\" says not twice; write the term alone")
		}
	}
	dash := p.s[p.pos] == '-'
	if dash {
		switch {
		case not:
			return term{}, queryErr(col, "\"not -\" says not twice; write one of them")
		case p.spaceAt(p.pos + 1):
			return term{}, queryErr(col, "- needs a term right after it, as in -hyp:the (to find the text -, write \"-\")")
		case p.s[p.pos+1] == '-':
			return term{}, queryErr(col, "\"--\" says not twice; write one - (to find text that starts with -, write it in quotes or as a /regexp/)").
				or("\"--\" says not twice; write one - (or quote text that starts with -)", "\"--\" says not twice; write one -")
		}
		p.pos++
	}
	t, err := p.term()
	if err != nil || !not && !dash {
		return t, err
	}
	if t.kind == termAnnotation {
		return t, queryErr(col, "annotation terms cannot be negated; is:unannotated finds the segments without annotations, is:noerror those marked as having none").
			or("annotation terms cannot be negated; see is:unannotated and is:noerror", "annotation terms cannot be negated")
	}
	t.not = true
	return t, nil
}

// term reads one term.
func (p *queryParser) term() (term, error) {
	if t, ok, err := p.annotationTerm(); ok || err != nil {
		return t, err
	}
	t := term{field: fieldAny}
	prefix := "" // the field's name as written
	for _, f := range fieldPrefixes {
		if hasPrefixFold(p.s[p.pos:], f.prefix) {
			prefix = p.s[p.pos : p.pos+len(f.prefix)]
			p.pos += len(f.prefix)
			t.field = f.field
			if p.spaceAt(p.pos) {
				return t, queryErr(p.col(), "%s needs a word, \"n-gram\" or /regexp/ right after it", f.prefix)
			}
			break
		}
	}
	col := p.col() // errors in what follows a field name point at it
	switch p.s[p.pos] {
	case '"':
		phrase, err := p.delimited('"', "quoted n-gram")
		if err == nil {
			err = p.apart('"', "quoted n-gram")
		}
		if err != nil {
			return t, err
		}
		if strings.TrimSpace(phrase) == "" {
			return t, queryErr(col, "quoted n-gram is empty")
		}
		t.kind, t.word = termNGram, phrase
		return t, nil
	case '/':
		expr, err := p.delimited('/', "regexp")
		if err != nil {
			return t, err
		}
		if flags := p.letters(); flags != "" {
			if p.pos < len(p.s) && p.s[p.pos] == '/' { // /a/b/: a slash meant inside it
				n := utf8.RuneCountInString(flags)
				return t, queryErr(p.col()-n-1, "this / ends the regexp; write \\/ for a / inside it, as in /%s\\/%s/", Printable(expr), Printable(flags)).
					or("this / ends the regexp; write \\/ for a / inside it")
			}
			return t, queryErr(p.col()-utf8.RuneCountInString(flags), "flags after a /regexp/ are not supported (%s); write them inside it, as in %s", Printable(flags), flagsInside(expr, flags)).
				or(fmt.Sprintf("flags after a /regexp/ are not supported (%s); write them inside it", Printable(flags)), "flags after a /regexp/ are not supported; write them inside it")
		}
		if err := p.apart('/', "regexp"); err != nil {
			return t, err
		}
		if regexpTooBig(expr) {
			return t, queryErr(col, "regexp too big to match quickly: it compiles to more than %s steps (a {n} repeats what it follows n times; use a smaller n)", Thousands(maxRegexpSteps)).
				or(fmt.Sprintf("regexp too big: more than %s steps", Thousands(maxRegexpSteps)), "regexp too big")
		}
		re, err := regexp.Compile(expr)
		if err != nil {
			msg := err.Error()
			if i := strings.LastIndex(msg, ": "); i >= 0 && strings.HasPrefix(msg, "error parsing regexp") {
				msg = msg[len("error parsing regexp: "):]
			}
			return t, queryErr(col, "bad regexp: %s", Printable(msg))
		}
		t.kind, t.re = termRegexp, re
		return t, nil
	}
	word := p.bare()
	num, isNum, numErr := numericTerm(word, col)
	if isNum && t.field != fieldAny {
		// As text it would select nothing the person meant.
		return t, queryErr(col, "%s compares a score, not text, so %s does not apply to it: write it alone (for the text, write %s%s)", Printable(word), Printable(prefix), Printable(prefix), asRegexp(word)).
			or(fmt.Sprintf("%s compares a score: write it without %s", Printable(word), Printable(prefix)))
	}
	if t.field == fieldAny {
		if isNum || numErr != nil {
			return num, numErr
		}
		if groups(word) {
			return t, queryErr(col, "parentheses do not group terms (a b or c is (a b) or c); for the text %s, write %s", Printable(word), asRegexp(word)).
				or(fmt.Sprintf("parentheses do not group terms; for the text %s, write %s", Printable(word), asRegexp(word)), "parentheses do not group terms")
		}
		if strings.ContainsAny(word[:1], "<>=") {
			return t, queryErr(col, "write a comparison without spaces, like bleu<10 (to find the text %s, write %s)", Printable(word), asRegexp(word)).
				or("write a comparison without spaces, like bleu<10")
		}
		if name, ok := unknownField(word); ok {
			if slices.ContainsFunc(metricNames, func(m string) bool { return strings.EqualFold(m+":", name) }) {
				return t, queryErr(col, "%s is not a field: compare %s with <, >, <=, >= or =, as in %s>30", Printable(name), Printable(name[:len(name)-1]), Printable(name[:len(name)-1]))
			}
			return t, queryErr(col, "%s is not a field; for the text, write %s", Printable(name), asRegexp(word))
		}
		if name, ok := unknownComparison(word); ok {
			fields := strings.Join(metricNames, ", ")
			return t, queryErr(col, "%s is not a field (%s); for the text, write %s", Printable(name), fields, asRegexp(word)).
				or(fmt.Sprintf("%s is not a field (%s)", Printable(name), fields), Printable(name)+" is not a field")
		}
	}
	t.kind, t.word = termWord, word
	return t, nil
}

// unknownField reports whether word reads as a field term with a name no
// field has (foo:bar): letters, a colon, then more. Such a word found as
// text would select nothing the person meant, so it is an error that says
// how to find the text.
func unknownField(word string) (name string, ok bool) {
	i := strings.IndexByte(word, ':')
	if i <= 0 || i == len(word)-1 {
		return "", false
	}
	for _, r := range word[:i] {
		if !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z') {
			return "", false
		}
	}
	return word[:i+1], true
}

// unknownComparison reports whether word reads as a comparison with a
// name no field has (lenght>30, blue<10): letters, <, >, <=, >= or =,
// then a number. Found as text it would select nothing the person meant
// (a misspelt field), so it is an error that says how to find the text.
func unknownComparison(word string) (name string, ok bool) {
	i := strings.IndexAny(word, "<>=")
	if i <= 0 {
		return "", false
	}
	for _, r := range word[:i] {
		if !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z') {
			return "", false
		}
	}
	rest := strings.TrimPrefix(word[i+1:], "=")
	if _, err := ParseDecimal(rest); err != nil {
		return "", false
	}
	return word[:i], true
}

// hasPrefixFold reports whether s starts with prefix (ASCII) in any case.
func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

// groups reports whether a bare word looks like an attempt to group terms
// with parentheses: a parenthesis opened or closed in it alone, as in
// (a or b), or a term other than a plain word inside, as in (bleu<10). A
// word such as (Reuters) is text.
func groups(word string) bool {
	inner := strings.TrimRight(strings.TrimLeft(word, "("), ")")
	if inner == word {
		return false
	}
	if strings.HasPrefix(word, "(") != strings.HasSuffix(word, ")") || inner == "" || strings.ContainsAny(inner[:1], "\"/") {
		return true
	}
	if _, ok, _ := numericTerm(inner, 0); ok {
		return true
	}
	for _, f := range fieldPrefixes {
		if hasPrefixFold(inner, f.prefix) {
			return true
		}
	}
	for _, a := range annPrefixes {
		if hasPrefixFold(inner, a.prefix) {
			return true
		}
	}
	return false
}

// QuoteNGram writes ngram (tokens joined by spaces) as the quoted n-gram
// term that finds it: in double quotes, with its own quotes and
// backslashes escaped as the query reads them (`said "` is "said \"").
func QuoteNGram(ngram string) string {
	return `"` + ngramEscaper.Replace(ngram) + `"`
}

var ngramEscaper = strings.NewReplacer(`\`, `\\`, `"`, `\"`)

// asRegexp is the /regexp/ term that finds word as text, printable.
func asRegexp(word string) string {
	return "/" + Printable(strings.ReplaceAll(regexp.QuoteMeta(word), "/", `\/`)) + "/"
}

// The prefixes of the field terms (src:x) and the annotation terms (cat:x).
var (
	fieldPrefixes = []struct {
		prefix string
		field  field
	}{{"src:", fieldSrc}, {"hyp:", fieldHyp}, {"ref:", fieldRef}, {"shown:", fieldShown}}
	annPrefixes = []struct {
		prefix string
		test   annTest
	}{{"cat:", annCategory}, {"sev:", annSeverity}, {"rater:", annRater}, {"is:", annIs}}
)

// numericTerm reads bleu<10 and the like; ok is false when word is not
// one (it is then a plain word).
func numericTerm(word string, col int) (term, bool, error) {
	for m, name := range metricNames {
		if !hasPrefixFold(word, name) {
			continue
		}
		rest := word[len(name):]
		op := ""
		for _, o := range []string{"<=", ">=", "<", ">", "="} {
			if strings.HasPrefix(rest, o) {
				op = o
				break
			}
		}
		if op == "" {
			return term{}, false, nil
		}
		v, err := ParseDecimal(rest[len(op):])
		if err != nil {
			// The column of the number, or of where it should be (name
			// and op are ASCII).
			qe := queryErr(col+len(name)+len(op), "after %s%s, %v", name, op, err)
			if de, ok := err.(*decimalError); ok {
				qe.or(fmt.Sprintf("after %s%s, %s", name, op, de.problem))
			}
			return term{}, true, qe
		}
		return term{kind: termNumber, m: metric(m), op: op, value: v}, true, nil
	}
	return term{}, false, nil
}

// annotationTerm reads cat:X, sev:X, rater:X or is:X; ok is false when
// the text at the current position is none of them.
func (p *queryParser) annotationTerm() (term, bool, error) {
	for _, a := range annPrefixes {
		if !hasPrefixFold(p.s[p.pos:], a.prefix) {
			continue
		}
		p.pos += len(a.prefix)
		col := p.col() // errors point at the value, or where it should be
		if p.spaceAt(p.pos) {
			return term{}, true, queryErr(col, "%s needs a value right after it", a.prefix)
		}
		var v string
		if p.s[p.pos] == '"' {
			var err error
			what := "quoted " + strings.TrimSuffix(a.prefix, ":")
			if v, err = p.delimited('"', what); err == nil {
				err = p.apart('"', what)
			}
			if err != nil {
				return term{}, true, err
			}
		} else {
			v = p.bare()
		}
		v = strings.ToLower(strings.TrimSpace(v))
		switch {
		case v == "":
			return term{}, true, queryErr(col, "%s needs a value right after it", a.prefix)
		case a.test == annSeverity && !slices.Contains(severities, v):
			return term{}, true, queryErr(col, "sev: is one of %s, not %s", strings.Join(severities, ", "), Quote(v))
		case a.test == annIs && !slices.Contains(isValues, v):
			return term{}, true, queryErr(col, "is: is one of %s, not %s", strings.Join(isValues, ", "), Quote(v))
		}
		return term{kind: termAnnotation, ann: a.test, word: v}, true, nil
	}
	return term{}, false, nil
}

// maxRegexpSteps bounds the size of a /regexp/ (about the instructions it
// compiles to): matching costs up to that much for each byte of text, so a
// bigger one (a few nested {999}) would take minutes on a test set, and
// compiling it hundreds of megabytes.
const maxRegexpSteps = 5000

// regexpTooBig reports whether expr, once parsed, is bigger than
// maxRegexpSteps. An expr that does not parse is not too big: compiling it
// says what is wrong.
func regexpTooBig(expr string) bool {
	tree, err := syntax.Parse(expr, syntax.Perl)
	return err == nil && regexpSize(tree) > maxRegexpSteps
}

// regexpSize is the number of instructions re compiles to, about, up to a
// little past maxRegexpSteps (it stops growing there).
func regexpSize(re *syntax.Regexp) int {
	subs := 0
	for _, sub := range re.Sub {
		subs += regexpSize(sub)
		if subs > maxRegexpSteps {
			return maxRegexpSteps + 1
		}
	}
	switch re.Op {
	case syntax.OpLiteral:
		return max(1, len(re.Rune))
	case syntax.OpCapture, syntax.OpStar, syntax.OpPlus, syntax.OpQuest:
		return subs + 1
	case syntax.OpAlternate:
		return subs + len(re.Sub)
	case syntax.OpRepeat:
		n := max(re.Min, re.Max) // {n,}: Max is -1
		if re.Max < 0 || re.Max > re.Min {
			n++
		}
		if n > 0 && subs+1 > (maxRegexpSteps+1)/n {
			return maxRegexpSteps + 1
		}
		return n * (subs + 1)
	}
	return subs + 1
}
