package render

import (
	"fmt"
	"slices"
	"strings"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
)

// lessonError is the figures of a lesson whose hypothesis could not be
// scored (never expected with the built-in options, but not a panic).
func lessonError(st Styles, err error, width int) string {
	return st.Error.Render(wrapText("cannot score this: "+Safe(err.Error()), width))
}

// section is a small heading inside a lesson's figures.
func section(st Styles, title string) string { return st.Label.Render(title) }

// scoreLine states the sentence score of a lesson, as sacrebleu prints it.
func (w *walk) scoreLine(label string) string {
	if w.err != nil {
		return w.para(label + ": " + w.st.Error.Render(Safe(w.err.Error())))
	}
	return w.formula(label + " = " + w.st.Score.Render(w.scoreText()) + "  " + w.st.Muted.Render(w.res.Details()))
}

// scoreText formats the score on its own scale: two decimals for
// sacrebleu, four for NLTK.
func (w *walk) scoreText() string {
	if w.err != nil {
		return "error"
	}
	if w.nltk() {
		return fnum4(w.res.Score)
	}
	return model.FormatScore(w.res.Score, false)
}

func fnum4(x float64) string {
	if x != 0 && x < 0.0001 {
		return fnum(x)
	}
	return model.FormatScore(x, true)
}

// clippingFigures shows, per order, the clip table and simple next to
// modified precision.
func clippingFigures(l Lesson, hyp string, st Styles, width int) string {
	w, err := lessonExplain(l, hyp, l.Refs, l.Options, st, width)
	if err != nil {
		return lessonError(st, err, width)
	}
	var parts []string
	parts = append(parts, w.sentences(model.SegmentMarks(w.d, 1), false)+"\n"+st.Legend())
	for _, od := range w.d.Orders {
		name := orderName(od.N)
		var b strings.Builder
		b.WriteString(section(st, capital(name)+"s"))
		b.WriteString("\n")
		if len(od.Clips) == 0 {
			b.WriteString(w.para(fmt.Sprintf("The hypothesis has no %ss.", name)))
			parts = append(parts, b.String())
			continue
		}
		b.WriteString(w.clipTable(od))
		b.WriteString("\n")
		t := od.Tally()
		b.WriteString(w.precisionPair(t.Found, od.Matches, od.Total, t.Occurrences))
		b.WriteString("\n")
		b.WriteString(w.para(w.clipSummary(od, name)))
		parts = append(parts, b.String())
	}
	score := w.scoreLine(fmt.Sprintf("sentence BLEU (N = %d)", l.Options.MaxOrder))
	if n := l.Options.MaxOrder; n < scoring.DefaultOptions().MaxOrder {
		note := fmt.Sprintf("This lesson counts n-grams up to order %d (BLEU's default is 4) to keep the tables short.", n)
		if slices.ContainsFunc(w.d.Orders, func(od scoring.OrderDetail) bool { return od.Total > 0 && od.Matches == 0 }) {
			note += " A precision of 0 is smoothed, as sentence BLEU does (exp: 100/(2·total) for the first), which is why it shows above 0 in the score line."
		}
		score += "\n" + w.para(w.st.Muted.Render(note))
	}
	parts = append(parts, score)
	return strings.Join(parts, "\n\n")
}

// brevityFigures shows the precisions, the lengths, the brevity penalty
// on its curve, and the score with and without it.
func brevityFigures(l Lesson, hyp string, st Styles, width int) string {
	w, err := lessonExplain(l, hyp, l.Refs, l.Options, st, width)
	if err != nil {
		return lessonError(st, err, width)
	}
	parts := []string{
		PrecisionBars(st, w.res, width),
		w.lengths(),
		w.para(w.bpFormula(w.d.Stats.HypLen, w.d.Stats.RefLen)),
	}
	if w.d.Stats.RefLen > 0 {
		parts = append(parts, BPCurve(st, w.res.Ratio, w.res.BP, width, 7))
	}
	var b strings.Builder
	if g, ok := w.geoMean(); ok {
		b.WriteString(w.para(fmt.Sprintf("geometric mean of the precisions: %s (the score without the penalty)", pct(g))))
		b.WriteString("\n")
	}
	b.WriteString(w.scoreLine("sentence BLEU = BP × mean"))
	parts = append(parts, b.String())
	return strings.Join(parts, "\n\n")
}

// orderFigures shows the all-orders highlighting, the precisions, and
// BLEU with unigrams only next to BLEU up to 4-grams.
func orderFigures(l Lesson, hyp string, st Styles, width int) string {
	w, err := lessonExplain(l, hyp, l.Refs, l.Options, st, width)
	if err != nil {
		return lessonError(st, err, width)
	}
	uni := l.Options
	uni.MaxOrder = 1
	w1, err := lessonExplain(l, hyp, l.Refs, uni, st, width)
	if err != nil {
		return lessonError(st, err, width)
	}
	marks := model.SegmentMarks(w.d, 0)
	legend := "digit: the longest matched n-gram through the token"
	if model.CountMarks(marks.Hyp).Clipped > 0 {
		legend += " · ~ clipped, with no match through it"
	}
	parts := []string{
		w.sentences(marks, false) + "\n" + wrapText(st.Muted.Render(legend), width),
		PrecisionBars(st, w.res, width),
		w1.scoreLine("unigrams only (N = 1)") + "\n" + w.scoreLine(fmt.Sprintf("BLEU (N = %d)", l.Options.MaxOrder)),
	}
	return strings.Join(parts, "\n\n")
}

// referencesFigures shows the unigram clip table with every reference's
// count, the lengths and closest reference, and the score against each
// reference alone and against all of them.
func referencesFigures(l Lesson, hyp string, st Styles, width int) string {
	w, err := lessonExplain(l, hyp, l.Refs, l.Options, st, width)
	if err != nil {
		return lessonError(st, err, width)
	}
	var parts []string
	if len(w.d.Orders) > 0 && len(w.d.Orders[0].Clips) > 0 {
		parts = append(parts, section(st, "Unigrams: max is over the references, one at a time")+"\n"+w.clipTable(w.d.Orders[0]))
	}
	parts = append(parts, section(st, "Lengths")+"\n"+w.lengths())
	var b strings.Builder
	b.WriteString(section(st, "Scores"))
	for k := range l.Refs {
		wk, err := lessonExplain(l, hyp, l.Refs[k:k+1], l.Options, st, width)
		if err != nil {
			return lessonError(st, err, width)
		}
		b.WriteString("\n")
		b.WriteString(wk.scoreLine(fmt.Sprintf("ref %d alone", k+1)))
	}
	b.WriteString("\n")
	b.WriteString(w.scoreLine(fmt.Sprintf("all %d refs", len(l.Refs))))
	parts = append(parts, b.String())
	return strings.Join(parts, "\n\n")
}

// smoothingFigures shows the raw precisions and the score under every
// sacrebleu smoothing method and a few of NLTK's
// ([model.SmoothingVariants]).
func smoothingFigures(l Lesson, hyp string, st Styles, width int) string {
	w, err := lessonExplain(l, hyp, l.Refs, l.Options.WithoutSmoothing(), st, width)
	if err != nil {
		return lessonError(st, err, width)
	}
	variants := model.SmoothingVariants(l.Options)
	nameW := 0
	for _, o := range variants {
		nameW = max(nameW, len(smoothingName(o)))
	}
	var b strings.Builder
	b.WriteString(section(st, "Counts, unsmoothed"))
	b.WriteString("\n")
	b.WriteString(PrecisionBars(st, w.res, width))
	b.WriteString("\n\n")
	b.WriteString(section(st, "The same hypothesis under each method"))
	b.WriteString("\n")
	b.WriteString(st.Header.Render(PadRight("method", nameW) + "  " + PadRight("p1/…/pN", 24) + "  BLEU"))
	for _, o := range variants {
		wr, err := lessonExplain(l, hyp, l.Refs, o, st, width)
		if err != nil {
			return lessonError(st, err, width)
		}
		b.WriteString("\n")
		b.WriteString(PadRight(smoothingName(o), nameW) + "  " + PadRight(precisionList(wr), 24) + "  " + st.Score.Render(wr.scoreText()))
	}
	b.WriteString("\n")
	b.WriteString(w.para(st.Muted.Render("sacrebleu rows on its 0–100 scale, NLTK rows on 0–1; \"eff.\" is effective order, on in sacrebleu's sentence scores")))
	return b.String()
}

// smoothingName names the smoothing of o in the smoothing lesson's table:
// "exp", "floor 0.1", "none, eff. off", "NLTK method2".
func smoothingName(o scoring.Options) string {
	if o.Compat == scoring.CompatNLTK {
		return fmt.Sprintf("NLTK method%d", o.NLTK.Smoothing.Method)
	}
	name := o.Smooth
	if o.Smooth == scoring.SmoothFloor || o.Smooth == scoring.SmoothAddK {
		name += " " + fnum(o.SmoothValue)
	}
	if !o.EffectiveOrder {
		name += ", eff. off"
	}
	return name
}

// precisionList is "83.3/60.0/25.0/16.7" (sacrebleu) or
// "0.83/0.60/0.25/0.03" (NLTK), the precisions as they went into the mean.
func precisionList(w *walk) string {
	if w.err != nil {
		return "—"
	}
	p := make([]string, len(w.res.Precisions))
	for i, x := range w.res.Precisions {
		switch {
		case w.nltk() && x != 0 && x < 0.01:
			p[i] = "~0"
		case w.nltk():
			p[i] = fmt.Sprintf("%.2f", x)
		default:
			p[i] = fmt.Sprintf("%.1f", x)
		}
	}
	return strings.Join(p, "/")
}
