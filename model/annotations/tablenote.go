package annotations

import (
	"fmt"
	"strings"
	"time"

	"github.com/bleuscope/bleuscope/model"
)

// TableNote returns a as the full segment table writes it
// ([model.WriteSegmentTexts]): in one line a person reads,
// `Major Accuracy/Mistranslation "sat" (hyp 6-9): wrong tense [ana]`,
// `Critical Accuracy/Mistranslation (whole segment) [ana]`, `no error [ana]` or `score 70 [ana]`; and for JSONL an object with what
// it says (id, kind, rater, time, category, severity, span, span_text,
// note, score), without the texts the row holds already.
func TableNote(a Annotation) model.Note {
	return model.Note{Text: noteText(a), Value: newNoteJSON(a)}
}

func noteText(a Annotation) string {
	var b strings.Builder
	switch a.Kind {
	case KindNoError:
		b.WriteString("no error")
	case KindScore:
		if a.Score != nil {
			fmt.Fprintf(&b, "score %d", *a.Score)
		}
	default:
		b.WriteString(a.Severity + " " + a.Category)
		if a.Span != nil {
			fmt.Fprintf(&b, " \"%s\" (%s %d-%d)", a.SpanText(), a.Span.Side, a.Span.Start, a.Span.End)
		} else {
			b.WriteString(" (whole segment)")
		}
	}
	if a.Note != "" {
		b.WriteString(": " + a.Note)
	}
	if a.Rater != "" {
		b.WriteString(" [" + a.Rater + "]")
	}
	return b.String()
}

// noteJSON is an annotation in the JSONL table.
type noteJSON struct {
	ID       int        `json:"id"`
	Kind     Kind       `json:"kind"`
	Rater    string     `json:"rater"`
	Time     *time.Time `json:"time,omitempty"`
	Category string     `json:"category,omitempty"`
	Severity string     `json:"severity,omitempty"`
	Span     *Span      `json:"span,omitempty"`
	SpanText *string    `json:"span_text,omitempty"`
	Note     string     `json:"note,omitempty"`
	Score    *int       `json:"score,omitempty"`
}

func newNoteJSON(a Annotation) noteJSON {
	n := noteJSON{ID: a.ID, Kind: a.Kind, Rater: a.Rater, Category: a.Category, Severity: a.Severity, Span: a.Span, Note: a.Note, Score: a.Score}
	if !a.Time.IsZero() {
		n.Time = &a.Time
	}
	if a.Span != nil {
		s := a.SpanText()
		n.SpanText = &s
	}
	return n
}
