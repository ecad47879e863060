package annotations

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"time"
	"unicode/utf8"

	"github.com/bleuscope/bleuscope/model"
)

// Kind says what an [Annotation] records.
type Kind string

// The kinds of annotation.
const (
	// KindError is an error: a category, a severity, usually a span.
	KindError Kind = "error"
	// KindNoError marks a segment the rater found no error in.
	KindNoError Kind = "no-error"
	// KindScore is an ESA segment score from 0 to 100.
	KindScore Kind = "score"
)

// Side says which text a [Span] is in.
type Side string

// The sides a span can be on.
const (
	// SideHyp is the hypothesis (the system's translation).
	SideHyp Side = "hyp"
	// SideSrc is the source, for omissions and source errors.
	SideSrc Side = "src"
)

// Span is a stretch of the hypothesis or the source: code points
// [Start, End) of the text. Start == End is an empty span (MQM files have
// them); offsets need not fall on token boundaries.
type Span struct {
	Side  Side `json:"side"`
	Start int  `json:"start"`
	End   int  `json:"end"`
}

// Annotation is one record of a rater about one segment of one system: an
// error, a "no error" mark or an ESA score, depending on Kind.
type Annotation struct {
	// ID identifies the annotation within its [Store]; 0 before it is
	// stored.
	ID int `json:"id"`
	// Kind is error, no-error or score.
	Kind Kind `json:"kind"`
	// System is the system's name.
	System string `json:"system"`
	// Line is the 1-based segment number.
	Line int `json:"line"`
	// Rater names the person who made it.
	Rater string `json:"rater"`
	// Time is when it was made or last edited; zero when unknown (MQM
	// imports).
	Time time.Time `json:"time,omitzero"`
	// Hyp is the hypothesis it was made on, and HypHash its [TextHash].
	Hyp     string `json:"hyp"`
	HypHash string `json:"hyp_hash"`
	// Src is the source it was made on ("" when none was loaded), and
	// SrcHash its [TextHash] ("" with no source).
	Src     string `json:"src,omitempty"`
	SrcHash string `json:"src_hash,omitempty"`
	// Span is the stretch marked, nil for an error of the whole segment
	// and for other kinds.
	Span *Span `json:"span,omitempty"`
	// Category and Severity name the error (Kind error only), as the
	// preset or the imported file spells them.
	Category string `json:"category,omitempty"`
	Severity string `json:"severity,omitempty"`
	// Note is the rater's free-text comment.
	Note string `json:"note,omitempty"`
	// Score is the ESA segment score, 0..100 (Kind score only).
	Score *int `json:"score,omitempty"`
	// Doc, DocID and SegID are the document, the position in it and the
	// segment id of a WMT MQM file, kept so that export writes them back;
	// empty for annotations made in bleuscope.
	Doc   string `json:"doc,omitempty"`
	DocID string `json:"doc_id,omitempty"`
	SegID string `json:"seg_id,omitempty"`
	// Marked is the source and target of the WMT MQM row it was read
	// from, tags and all, when marking Span in its texts would not give
	// them back (tags never closed, closed without being opened, two
	// spans, nested, both sides marked); empty otherwise. Export writes
	// them while the texts and the span are still the row's.
	Marked Marked `json:"mqm_marked,omitzero"`
}

// Marked is an MQM row's source and target as the file had them.
type Marked struct {
	Source string `json:"source"`
	Target string `json:"target"`
}

// TextHash returns the hash an annotation keeps of the text it was made
// on: the first 16 hex digits of the text's SHA-256.
func TextHash(text string) string {
	digits := textHash(text)
	return string(digits[:])
}

// textHash is [TextHash] of text, as bytes.
func textHash(text string) [16]byte {
	sum := sha256.Sum256([]byte(text))
	var digits [16]byte
	hex.Encode(digits[:], sum[:8])
	return digits
}

// ErrInvalid is wrapped by every error about an annotation that cannot be
// stored as it is.
var ErrInvalid = errors.New("annotations: invalid annotation")

// invalid builds an error wrapping [ErrInvalid].
func invalid(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrInvalid, fmt.Sprintf(format, args...))
}

// check makes sure a is complete and consistent, with hashes of its texts.
func (a *Annotation) check() error {
	return a.checkHashed(false)
}

// checkHashed is [Annotation.check], told by hashed that a's text hashes
// are known to be those of its texts ([rowStrings.keep] compared them),
// which it then does not hash again.
func (a *Annotation) checkHashed(hashed bool) error {
	if a.System == "" {
		return invalid("no system")
	}
	if a.Line < 1 {
		return invalid("line %d; lines count from 1", a.Line)
	}
	if !hashed && !hashOf(a.HypHash, a.Hyp) {
		return invalid("hyp_hash %s is not the hash of its hypothesis", model.Quote(a.HypHash))
	}
	if !hashed && (a.Src == "" && a.SrcHash != "" || a.Src != "" && !hashOf(a.SrcHash, a.Src)) {
		return invalid("src_hash %s is not the hash of its source", model.Quote(a.SrcHash))
	}
	switch a.Kind {
	case KindError:
		if a.Category == "" || a.Severity == "" {
			return invalid("an error needs a category and a severity")
		}
		if a.Score != nil {
			return invalid("an error has no score")
		}
	case KindNoError:
		if a.Span != nil || a.Category != "" || a.Severity != "" || a.Score != nil {
			return invalid("a no-error mark has no span, category, severity or score")
		}
	case KindScore:
		if a.Score == nil || *a.Score < 0 || *a.Score > 100 {
			return invalid("an ESA score must be between 0 and 100")
		}
		if a.Span != nil || a.Category != "" || a.Severity != "" {
			return invalid("a score has no span, category or severity")
		}
	default:
		return invalid("unknown kind %s; use error, no-error or score", model.Quote(string(a.Kind)))
	}
	if a.Span != nil {
		text := a.Hyp
		switch a.Span.Side {
		case SideHyp:
		case SideSrc:
			text = a.Src
		default:
			return invalid("unknown span side %s; use hyp or src", model.Quote(string(a.Span.Side)))
		}
		if n := utf8.RuneCountInString(text); a.Span.Start < 0 || a.Span.Start > a.Span.End || a.Span.End > n {
			return invalid("span %d..%d lies outside its text of %d characters", a.Span.Start, a.Span.End, n)
		}
	}
	return nil
}

// hashOf reports whether hash is [TextHash] of text, without making
// the hash's string.
func hashOf(hash, text string) bool {
	digits := textHash(text)
	return hash == string(digits[:])
}

// hashed reports whether a's text hashes are those of its texts, as
// [Annotation.SetText] makes them.
func (a *Annotation) hashed() bool {
	return hashOf(a.HypHash, a.Hyp) && (a.Src == "" && a.SrcHash == "" || a.Src != "" && hashOf(a.SrcHash, a.Src))
}

// SetText records the texts an annotation is made on, with their hashes.
func (a *Annotation) SetText(hyp, src string) {
	a.Hyp, a.HypHash = hyp, TextHash(hyp)
	a.Src, a.SrcHash = src, ""
	if src != "" {
		a.SrcHash = TextHash(src)
	}
}

// SpanText returns the text a span covers, or "" without a span.
func (a *Annotation) SpanText() string {
	if a.Span == nil {
		return ""
	}
	text := a.Hyp
	if a.Span.Side == SideSrc {
		text = a.Src
	}
	lo, hi, ok := ByteRange(text, a.Span.Start, a.Span.End)
	if !ok {
		return ""
	}
	return text[lo:hi]
}

// ByteRange converts code-point offsets [start, end) of text into byte
// offsets; ok is false when they lie outside it.
func ByteRange(text string, start, end int) (lo, hi int, ok bool) {
	if start < 0 || start > end {
		return 0, 0, false
	}
	n := 0
	lo, hi = -1, -1
	for i := range text {
		if n == start {
			lo = i
		}
		if n == end {
			hi = i
			break
		}
		n++
	}
	if lo < 0 && n == start {
		lo = len(text)
	}
	if hi < 0 && n == end {
		hi = len(text)
	}
	return lo, hi, lo >= 0 && hi >= 0
}

// clone returns a deep copy of a.
func (a Annotation) clone() Annotation {
	if a.Span != nil {
		s := *a.Span
		a.Span = &s
	}
	if a.Score != nil {
		v := *a.Score
		a.Score = &v
	}
	return a
}
