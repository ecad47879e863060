package render

import (
	"strconv"
	"strings"

	"github.com/bleuscope/bleuscope/model"
)

// tokenizerNotes says in a sentence what each tokenizer does.
var tokenizerNotes = map[string]string{
	"13a":  "the 13a tokenizer (sacrebleu's default, the rules of mteval-v13a): ASCII punctuation and symbols become tokens of their own, except that an apostrophe stays in its word, a hyphen is split off only after a digit, and a full stop or comma between digits stays, as in 3.5; the HTML entities &quot; &amp; &lt; &gt; are decoded first, and non-ASCII punctuation such as « or “ is not split",
	"intl": "the intl tokenizer (mteval-v14's international tokenization): every Unicode symbol becomes a token of its own, and so does every punctuation mark, apostrophes and hyphens included, unless numbers stand on both sides, as in 3.5 (one after a number at the very end of the line stays too, as in \"in 1990.\")",
	"zh":   "the zh tokenizer: every Chinese character, and every character of the CJK punctuation, full-width and other blocks sacrebleu lists, becomes a token of its own; the rest is split by 13a's punctuation rules, without 13a's HTML-entity decoding",
	"char": "the char tokenizer: every character except whitespace is a token of its own; spaces are dropped",
	"none": "the none tokenizer: the text is split at whitespace and nothing else",
}

// tokensStep is step 1: the tokens BLEU counts, and what the tokenizer and
// lowercasing did to the text.
func (w *walk) tokensStep() Step {
	note := tokenizerNotes[w.opt.Tokenize]
	if note == "" {
		note = "the " + w.opt.Tokenize + " tokenizer"
	}
	var b strings.Builder
	b.WriteString(w.para("BLEU never looks at the text itself: it counts tokens. They come from " + note + "."))
	b.WriteString("\n")
	if w.opt.Lowercase {
		b.WriteString(w.para("Lowercasing is on: the text was lowercased (as Python's str.lower) before tokenizing, so \"The\" and \"the\" count as the same token."))
	} else {
		b.WriteString(w.para("Lowercasing is off: \"The\" and \"the\" are different tokens."))
	}
	if w.nltk() {
		b.WriteString("\n")
		b.WriteString(w.para("NLTK itself does not tokenize: bleuscope gives it these tokens, as if you had split the text yourself."))
	}
	b.WriteString("\n\n")
	if w.source != "" {
		b.WriteString(strings.Join(TextLines(w.st, "src", w.labelW, w.source, w.width), "\n"))
		b.WriteString("\n")
	}
	b.WriteString(w.sentences(model.Marks{}, true))
	if w.hasText {
		if s := w.textChanges(); s != "" {
			b.WriteString("\n\n")
			b.WriteString(s)
		}
	}
	return Step{Title: "Tokens", Body: b.String()}
}

// maxSplitExamples is how many of a text's split words the walk-through
// shows; the rest are counted.
const maxSplitExamples = 3

// splitExamples shows the first words tokenizing split or rewrote, each
// with its tokens, as ` ("mat." → "mat" ".")` or ` ("&amp;" → "&")`, long
// ones cut; "" when none is known.
func splitExamples(splits []model.WordSplit) string {
	if len(splits) == 0 {
		return ""
	}
	quote := func(s string) string { return "\"" + Safe(Truncate(s, 24)) + "\"" }
	var shown []string
	for _, sp := range splits[:min(len(splits), maxSplitExamples)] {
		toks := make([]string, 0, 7)
		for _, t := range sp.Tokens[:min(len(sp.Tokens), 6)] {
			toks = append(toks, quote(t))
		}
		if len(sp.Tokens) > 6 {
			toks = append(toks, "…")
		}
		if len(sp.Tokens) == 0 {
			toks = append(toks, "nothing") // 13a deletes "<skipped>"
		}
		shown = append(shown, quote(sp.Word)+" → "+strings.Join(toks, " "))
	}
	if more := len(splits) - len(shown); more > 0 {
		shown = append(shown, "and "+strconv.Itoa(more)+" more")
	}
	return " (" + strings.Join(shown, ", ") + ")"
}

// textChanges lists, when the text is known, what tokenizing split off
// and what lowercasing changed ([model.TextChanges]), or says that
// nothing changed.
func (w *walk) textChanges() string {
	changes, err := model.TextChanges(append([]string{w.hypText}, w.refTexts...), append([][]string{w.d.Hyp}, w.d.Refs...), w.opt)
	if err != nil {
		return ""
	}
	var split, lower []string
	splitApart := false // some text has more tokens than words, not only rewritten ones
	for i, c := range changes {
		label := w.labels[min(i, len(w.labels)-1)]
		switch {
		case c.Words != c.Tokens:
			split = append(split, label+": "+plural(c.Words, "word")+" became "+plural(c.Tokens, "token")+splitExamples(c.Splits))
			splitApart = true
		case len(c.Splits) > 0 && !c.Resplit: // resplit, the splits are of the text as cased, not the tokens counted
			split = append(split, label+": "+plural(c.Words, "word")+", "+plural(c.Tokens, "token")+splitExamples(c.Splits))
		}
		switch {
		case c.Resplit:
			lower = append(lower, label+": lowercasing changed how the text splits")
		case len(c.Lowered) > 0:
			ch := make([]string, len(c.Lowered))
			for j, l := range c.Lowered {
				ch[j] = "\"" + Safe(l.From) + "\" → \"" + Safe(l.To) + "\"" // quoted: a word may end in the sentence's "."
			}
			lower = append(lower, label+": "+strings.Join(ch, ", "))
		}
	}
	var b []string
	switch {
	case splitApart:
		b = append(b, w.para("Tokenizing split words apart: "+strings.Join(split, "; ")+"."))
	case len(split) > 0:
		b = append(b, w.para("Tokenizing rewrote words: "+strings.Join(split, "; ")+"."))
	default:
		b = append(b, w.para("Tokenizing split no word apart: the tokens are the words as written."))
	}
	if w.opt.Lowercase {
		if len(lower) > 0 {
			b = append(b, w.para("Lowercasing changed "+strings.Join(lower, "; ")+"."))
		} else {
			b = append(b, w.para("Lowercasing changed nothing: the text had no capitals."))
		}
	}
	return strings.Join(b, "\n")
}
