package render

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
)

// lessonCorpus is the corpus lesson's small corpus, written for
// bleuscope: three fixed segments; the learner's hypothesis is the fourth.
var lessonCorpus = []LessonSegment{
	{Hyp: "Heavy rain is expected in the north of the country on Sunday, and floods are possible in low areas.", Ref: "Heavy rain is expected across the north of the country on Sunday, with flooding possible in low-lying areas."},
	{Hyp: "She thanked the volunteers who cleaned the beach.", Ref: "She thanked the volunteers who had cleaned the beach."},
	{Hyp: "Negotiations failed.", Ref: "The talks ended without an agreement."},
}

func corpusLesson() Lesson {
	return Lesson{
		ID:      "corpus",
		Title:   "Sentence BLEU is not corpus BLEU",
		Teaches: "why corpus BLEU sums statistics instead of averaging sentence scores",
		Text: []string{
			`BLEU was designed for a whole test set. Corpus BLEU adds up the statistics of every segment (matches and totals per order, hypothesis and reference lengths) and computes one score from the sums. It is not the mean of the sentence scores: a long segment weighs more than a short one, the brevity penalty is applied once to the total lengths, and a sentence with no matching 4-gram does not drag the corpus to 0.`,
			`The small corpus below has four segments; you edit the hypothesis of the fourth. Watch the mean of the sentence scores and the corpus score move differently.`,
		},
		Refs:    []string{"The museum will stay closed until the roof has been repaired."},
		Hyp:     "The museum stays closed until the roof is repaired.",
		Corpus:  lessonCorpus,
		Options: scoring.DefaultOptions(),
		Try: []string{
			`the reference itself: its row scores 100, and both numbers rise`,
			`"closed": its sentence score rounds to 0.00; the corpus falls too, since it is now much shorter than its references and BP applies to the sums`,
			`a long, wrong hypothesis: it lowers the corpus score more than the mean, as it adds many unmatched n-grams to the sums`,
		},
		figures: corpusFigures,
	}
}

// corpusFigures shows the statistics of every segment
// ([model.ScoreSentencesAndCorpus]), their sums, the mean of the sentence
// scores and corpus BLEU.
func corpusFigures(l Lesson, hyp string, st Styles, width int) string {
	segs := make([]model.Segment, 0, len(l.Corpus)+1)
	for _, s := range l.Corpus {
		segs = append(segs, model.Segment{Hyp: s.Hyp, Refs: []string{s.Ref}})
	}
	segs = append(segs, model.Segment{Hyp: hyp, Refs: []string{firstOr(l.Refs)}})
	sc, err := model.ScoreSentencesAndCorpus(segs, l.Options)
	if err != nil {
		return lessonError(st, err, width)
	}
	N := l.Options.MaxOrder
	stats, sum, corpus := sc.Stats, sc.Sum, sc.Corpus

	countsCol := func(s scoring.Stats) string {
		p := make([]string, N)
		for n := 0; n < N; n++ {
			p[n] = model.Thousands(s.Matches[n]) + "/" + model.Thousands(s.Totals[n])
		}
		return strings.Join(p, " ")
	}
	cw := len("matches/totals, n = 1…" + strconv.Itoa(N))
	cw = max(cw, len(countsCol(sum)))
	for _, s := range stats {
		cw = max(cw, len(countsCol(s)))
	}
	row := func(a, c, r, counts, score string) string {
		return PadRight(a, 4) + " " + PadLeft(c, 3) + " " + PadLeft(r, 3) + "  " + PadRight(counts, cw) + "  " + PadLeft(score, 8)
	}
	var b strings.Builder
	b.WriteString(st.Header.Render(row("seg", "c", "r", "matches/totals, n = 1…"+strconv.Itoa(N), "sentence")))
	for i, s := range stats {
		line := row(strconv.Itoa(i+1), strconv.Itoa(s.HypLen), strconv.Itoa(s.RefLen), countsCol(s), pct(sc.Sentence[i]))
		if i == len(stats)-1 {
			line = st.Accent.Render(line) + " ← yours"
		}
		b.WriteString("\n")
		b.WriteString(line)
	}
	b.WriteString("\n")
	b.WriteString(st.Label.Render(row("sum", strconv.Itoa(sum.HypLen), strconv.Itoa(sum.RefLen), countsCol(sum), "")))
	b.WriteString("\n\n")
	b.WriteString(scoreTable(st, []scoreRow{
		{label: fmt.Sprintf("mean of the %d sentence scores", len(sc.Sentence)), score: pct(sc.MeanSentence)},
		{label: "corpus BLEU from the sums", score: pct(corpus.Score), details: corpus.Details()},
	}, width, l.kept))
	b.WriteString("\n")
	b.WriteString(wrapText(st.Muted.Render("sentence scores as sacrebleu's sentence_bleu (effective order on); the corpus score as corpus_bleu (off)"), width))
	if y := l.Yours; y != nil {
		b.WriteString("\n\n")
		b.WriteString(section(st, "Your corpus"))
		b.WriteString("\n")
		format := pct
		if y.Scale == 1 {
			format = fnum4
		}
		b.WriteString(wrapText(fmt.Sprintf("%s, %s: corpus BLEU = %s, mean of the sentence scores = %s.",
			Safe(y.Name), plural(y.Segments, "segment"), st.Score.Render(format(y.Corpus)), st.Score.Render(format(y.MeanSentence))), width))
	}
	return b.String()
}

func firstOr(xs []string) string {
	if len(xs) == 0 {
		return ""
	}
	return xs[0]
}
