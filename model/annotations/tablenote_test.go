package annotations

import "testing"

// TestTableNoteWholeSegment: an error of the whole segment says so in the
// table's note, as a span error gives its span; before, it read
// "Major Accuracy/Mistranslation: headline garbled", as if its span had
// been lost.
func TestTableNoteWholeSegment(t *testing.T) {
	whole := Annotation{Kind: KindError, Severity: "Major", Category: "Accuracy/Mistranslation", Note: "headline garbled", Rater: "ana"}
	if got, want := TableNote(whole).Text, "Major Accuracy/Mistranslation (whole segment): headline garbled [ana]"; got != want {
		t.Errorf("whole-segment note %q; want %q", got, want)
	}
	spanned := whole
	spanned.SetText("the cat sat", "")
	spanned.Span = &Span{Side: SideHyp, Start: 8, End: 11}
	if got, want := TableNote(spanned).Text, `Major Accuracy/Mistranslation "sat" (hyp 8-11): headline garbled [ana]`; got != want {
		t.Errorf("span note %q; want %q", got, want)
	}
}
