package model

import (
	"context"
	"errors"
	"runtime"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/bleuscope/bleuscope/scoring"
)

// ErrQueryNeedsOther is returned by [Scored.QueryRows] for a query that
// tests delta when there is no other system to compare with.
var ErrQueryNeedsOther = errors.New("query: delta needs a second system to compare with")

// ErrQueryNeedsChrF and ErrQueryNeedsTER are returned by
// [Scored.QueryRows] for a chrf or ter term when none of the metric scores
// given holds that metric's sentence scores of the system.
var (
	ErrQueryNeedsChrF = errors.New("query: chrf needs sentence chrF scores")
	ErrQueryNeedsTER  = errors.New("query: ter needs sentence TER scores")
)

// ErrQueryNoSource is returned by [Scored.QueryRows] for a src: term when
// the dataset has no source.
var ErrQueryNoSource = errors.New("query: src: needs a source file (-s)")

// QueryRows returns, in line order, the segments (0-based) that q selects.
// Text terms look at the source, every present reference and every
// system's hypothesis, so the set is the same whichever system is shown,
// except shown:, which looks at system sys's; numeric terms are those of
// system sys (delta: sys minus other; chrf and ter: the sentence scores of
// system sys in the first of metrics that has them, such as the results
// of [ScoreMetrics] with segments, for the same dataset; without them the
// query is [ErrQueryNeedsChrF] or [ErrQueryNeedsTER]), and
// annotation terms read facts of system sys (nil when there are no
// annotations: a query with such terms is then [ErrQueryNoAnnotations]).
// The segments are tested in parallel on all cores.
func (s *Scored) QueryRows(ds *Dataset, q *Query, sys, other int, facts AnnotationFacts, metrics ...*MetricScores) ([]int, error) {
	return s.queryRows(context.Background(), ds, q, sys, other, facts, metrics, s.Settings.Corpus.Lowercase)
}

// QueryRowsContext is [Scored.QueryRows] that stops with ctx's error when
// ctx is done before every segment is tested (a /regexp/ can take
// milliseconds a segment).
func (s *Scored) QueryRowsContext(ctx context.Context, ds *Dataset, q *Query, sys, other int, facts AnnotationFacts, metrics ...*MetricScores) ([]int, error) {
	return s.queryRows(ctx, ds, q, sys, other, facts, metrics, s.Settings.Corpus.Lowercase)
}

// QueryMatches reports whether q selects segment i (0-based), as
// [Scored.QueryRows] would, testing that segment alone: for a change to
// one segment (its annotations) that may bring it into the rows or take it
// out.
func (s *Scored) QueryMatches(ds *Dataset, q *Query, sys, other int, facts AnnotationFacts, i int, metrics ...*MetricScores) (bool, error) {
	if err := s.check(sys); err != nil {
		return false, err
	}
	if i < 0 || i >= s.Systems[sys].Stats.Len() {
		return false, nil
	}
	if q.Empty() {
		return true, nil
	}
	ev, err := s.compileQuery(ds, q, sys, other, facts, metrics, s.Settings.Corpus.Lowercase)
	if err != nil {
		return false, err
	}
	return ev.match(ev.scratch(), i), nil
}

// QueryRowsAnyCase is [Scored.QueryRows] with q's quoted n-grams matched
// in any case, as they are when the scores are lowercased: the segments q
// would select then. It returns nil when they already are, or q has no
// quoted n-gram.
func (s *Scored) QueryRowsAnyCase(ds *Dataset, q *Query, sys, other int, facts AnnotationFacts, metrics ...*MetricScores) ([]int, error) {
	return s.QueryRowsAnyCaseContext(context.Background(), ds, q, sys, other, facts, metrics...)
}

// QueryRowsAnyCaseContext is [Scored.QueryRowsAnyCase] that stops with
// ctx's error when ctx is done before every segment is tested.
func (s *Scored) QueryRowsAnyCaseContext(ctx context.Context, ds *Dataset, q *Query, sys, other int, facts AnnotationFacts, metrics ...*MetricScores) ([]int, error) {
	if s.Settings.Corpus.Lowercase || !q.hasNGram() {
		return nil, nil
	}
	return s.queryRows(ctx, ds, q, sys, other, facts, metrics, true)
}

// queryRows is [Scored.QueryRowsContext] with the quoted n-grams
// lowercased or not (lower).
func (s *Scored) queryRows(ctx context.Context, ds *Dataset, q *Query, sys, other int, facts AnnotationFacts, metrics []*MetricScores, lower bool) ([]int, error) {
	if err := s.check(sys); err != nil {
		return nil, err
	}
	n := s.Systems[sys].Stats.Len()
	if q.Empty() {
		rows := make([]int, n)
		for i := range rows {
			rows[i] = i
		}
		return rows, nil
	}
	ev, err := s.compileQuery(ds, q, sys, other, facts, metrics, lower)
	if err != nil {
		return nil, err
	}
	workers := max(1, min(runtime.GOMAXPROCS(0), n/2048))
	parts := make([][]int, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			sc := ev.scratch()
			for i := w * n / workers; i < (w+1)*n/workers; i++ {
				if ctx.Err() != nil {
					return
				}
				if ev.match(sc, i) {
					parts[w] = append(parts[w], i)
				}
			}
		}(w)
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var rows []int
	for _, p := range parts {
		rows = append(rows, p...)
	}
	return rows, nil
}

// queryEval evaluates a compiled query on segments.
type queryEval struct {
	ds       *Dataset
	s        *Scored
	sys      int
	other    int
	or       [][]compiledTerm
	anns     []annGroup // per "and" group: its annotation terms
	hasAnns  []bool
	facts    AnnotationFacts
	chrf     []float64 // system sys's sentence chrF, when the query reads it
	ter      []float64 // and TER
	tok      scoring.Tokenizer
	lower    bool
	needToks bool
}

// compiledTerm is a term ready to test: the needle's matcher or the
// phrase's tokens.
type compiledTerm struct {
	term
	needle *matcher
	rx     *rePrefilter
	phrase []string
	// need is a token of phrase that a text holds as it is when it can
	// hold the phrase, or "" (see compileQuery); texts with a byte of
	// rewrite are tokenized anyway.
	need    string
	rewrite string
}

// evalScratch is one worker's buffers.
type evalScratch struct {
	toks []string
	refs []string
}

func (e *queryEval) scratch() *evalScratch { return &evalScratch{} }

// compileQuery readies q to test segments for system sys, as QueryRows
// and QueryMatches do; a query with annotation terms and no facts is
// [ErrQueryNoAnnotations].
func (s *Scored) compileQuery(ds *Dataset, q *Query, sys, other int, facts AnnotationFacts, metrics []*MetricScores, lower bool) (*queryEval, error) {
	if facts == nil && q.UsesAnnotations() {
		return nil, ErrQueryNoAnnotations
	}
	tok, _ := scoring.NewTokenizer(s.Settings.Corpus.Tokenize)
	ev := &queryEval{ds: ds, s: s, sys: sys, other: other, tok: tok, lower: lower, facts: facts}
	for _, and := range q.or {
		g, ok := newAnnGroup(and)
		ev.anns, ev.hasAnns = append(ev.anns, g), append(ev.hasAnns, ok)
		var ct []compiledTerm
		for _, t := range and {
			c := compiledTerm{term: t}
			switch t.kind {
			case termAnnotation:
				continue // tested as the group's
			case termWord:
				c.needle = newMatcher(t.word)
			case termRegexp:
				c.rx = newPrefilter(t.re)
			case termNGram:
				c.phrase = scoring.Preprocess(tok, ev.lower, nil, t.word)
				ev.needToks = true
				// The tokens of 13a and of none are pieces of the text
				// (lowercased first when the phrase is: in any case, or
				// on lowercased scores), but 13a first rewrites lines that hold "<skipped>", a
				// line break or an HTML entity: so a text without those
				// bytes and without the phrase's longest token cannot
				// hold the phrase, and is not tokenized at all.
				if name := s.Settings.Corpus.Tokenize; name == "13a" || name == "none" {
					for _, p := range c.phrase {
						if len(p) > len(c.need) {
							c.need = p
						}
					}
					if name == "13a" {
						c.rewrite = "<\n&"
					}
				}
			case termNumber:
				switch {
				case t.m == metricDelta && (other < 0 || other == sys || other >= len(s.Systems)):
					return nil, ErrQueryNeedsOther
				case t.m == metricChrF && ev.chrf == nil:
					if ev.chrf = sentenceMetric(metrics, sys, SortChrF, s.Systems[sys].Stats.Len()); ev.chrf == nil {
						return nil, ErrQueryNeedsChrF
					}
				case t.m == metricTER && ev.ter == nil:
					if ev.ter = sentenceMetric(metrics, sys, SortTER, s.Systems[sys].Stats.Len()); ev.ter == nil {
						return nil, ErrQueryNeedsTER
					}
				}
			}
			if t.field == fieldSrc && ds.Src == nil {
				return nil, ErrQueryNoSource
			}
			ct = append(ct, c)
		}
		ev.or = append(ev.or, ct)
	}
	return ev, nil
}

// sentenceMetric returns the first of metrics' sentence scores of system
// sys that key orders by (chrF's or TER's), one per segment of n; nil when
// none has them.
func sentenceMetric(metrics []*MetricScores, sys int, key SortKey, n int) []float64 {
	for _, ms := range metrics {
		if v := ms.sentenceScores(sys, key); v != nil && len(v) == n {
			return v
		}
	}
	return nil
}

// match reports whether segment i satisfies the query.
func (e *queryEval) match(sc *evalScratch, i int) bool {
	for g, and := range e.or {
		ok := true
		for j := range and {
			if e.test(sc, &and[j], i) == and[j].not {
				ok = false
				break
			}
		}
		if ok && e.hasAnns[g] {
			ok = e.anns[g].match(e.facts(e.sys, i))
		}
		if ok {
			return true
		}
	}
	return false
}

// test reports whether segment i satisfies term t.
func (e *queryEval) test(sc *evalScratch, t *compiledTerm, i int) bool {
	switch {
	case t.kind == termNumber:
		return e.number(t, i)
	case t.field == fieldShown:
		return e.text(sc, t, e.ds.Systems[e.sys].Hyps[i])
	}
	if (t.field == fieldAny || t.field == fieldSrc) && e.ds.Src != nil && e.text(sc, t, e.ds.Src[i]) {
		return true
	}
	if t.field == fieldAny || t.field == fieldHyp {
		for _, sys := range e.ds.Systems {
			if e.text(sc, t, sys.Hyps[i]) {
				return true
			}
		}
	}
	if t.field == fieldAny || t.field == fieldRef {
		sc.refs = e.ds.SegmentRefs(i, sc.refs[:0])
		for _, r := range sc.refs {
			if e.text(sc, t, r) {
				return true
			}
		}
	}
	return false
}

// text tests one text term on one field's text.
func (e *queryEval) text(sc *evalScratch, t *compiledTerm, s string) bool {
	switch t.kind {
	case termWord:
		return t.needle.match(s)
	case termRegexp:
		return t.rx.match(s)
	}
	if len(t.phrase) == 0 {
		return false
	}
	if t.need != "" && !t.mayHold(s, e.lower) {
		return false
	}
	sc.toks = scoring.Preprocess(e.tok, e.lower, sc.toks[:0], s)
	return containsRun(sc.toks, t.phrase)
}

// mayHold reports whether text s, lowercased first when lower as the
// tokenizer gets it ([scoring.PyLower]), holds t.need or a byte of
// t.rewrite: else it cannot hold t's phrase.
func (t *compiledTerm) mayHold(s string, lower bool) bool {
	var holds bool
	switch {
	case !lower:
		holds = strings.Contains(s, t.need)
	case isASCII(t.need) && !strings.Contains(s, kelvin) && !strings.Contains(s, dottedI):
		// Every ASCII byte of the lowercased text is then one of s, its
		// letters lowercased: s need not be lowercased whole.
		holds = containsLowerASCII(s, t.need)
	default:
		holds = strings.Contains(scoring.PyLower(s), t.need)
	}
	// The rewrites read ASCII bytes that lowercasing neither makes nor
	// changes.
	return holds || strings.ContainsAny(s, t.rewrite)
}

// kelvin and dottedI are the only non-ASCII characters [scoring.PyLower]
// turns into ASCII: the Kelvin sign into k, İ into i and a combining dot.
const kelvin, dottedI = "\u212a", "\u0130"

// isASCII reports whether s is all ASCII bytes.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// containsLowerASCII reports whether s, its ASCII letters lowercased,
// holds want (ASCII, lowercase, not empty).
func containsLowerASCII(s, want string) bool {
	firsts := [2]byte{want[0], want[0]}
	if 'a' <= want[0] && want[0] <= 'z' {
		firsts[1] -= 'a' - 'A'
	}
	for k, c := range firsts {
		if k == 1 && c == firsts[0] {
			break
		}
		for i := 0; ; i++ {
			j := strings.IndexByte(s[i:], c)
			if j < 0 || i+j+len(want) > len(s) {
				break
			}
			i += j
			if equalLowerASCII(s[i+1:i+len(want)], want[1:]) {
				return true
			}
		}
	}
	return false
}

// equalLowerASCII reports whether s, its ASCII letters lowercased, is
// want (as long as s).
func equalLowerASCII(s, want string) bool {
	for i := range len(s) {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != want[i] {
			return false
		}
	}
	return true
}

// containsRun reports whether want occurs in toks as consecutive tokens.
func containsRun(toks, want []string) bool { return indexRun(toks, want, 0) >= 0 }

// indexRun returns the first position from from on where want occurs in
// toks as consecutive tokens, or -1.
func indexRun(toks, want []string, from int) int {
	for i := from; i+len(want) <= len(toks); i++ {
		if toks[i] != want[0] {
			continue
		}
		ok := true
		for j := 1; j < len(want); j++ {
			if toks[i+j] != want[j] {
				ok = false
				break
			}
		}
		if ok {
			return i
		}
	}
	return -1
}

// number tests a numeric term on segment i of the query's system.
func (e *queryEval) number(t *compiledTerm, i int) bool {
	st := e.s.Systems[e.sys].Stats
	var v float64
	switch t.m {
	case metricBLEU:
		v = e.s.Systems[e.sys].Sentence[i]
	case metricLen:
		v = float64(st.HypLen(i))
	case metricBP:
		v = scoring.BrevityPenalty(st.HypLen(i), st.RefLen(i))
	case metricChrF:
		v = e.chrf[i]
	case metricTER:
		v = e.ter[i]
	default:
		v = e.s.Delta(e.sys, e.other, i)
	}
	switch t.op {
	case "<":
		return v < t.value
	case ">":
		return v > t.value
	case "<=":
		return v <= t.value
	case ">=":
		return v >= t.value
	}
	return v == t.value
}
