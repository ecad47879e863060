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

// scoreRow is one line of a lesson's scores: "label = score  details",
// or "label: error" when err is set.
type scoreRow struct {
	label, score, details string
	err                   error
}

// scoreRow is the sentence score of w labelled label, as sacrebleu prints it.
func (w *walk) scoreRow(label string) scoreRow {
	return scoreRow{label: label, score: w.scoreText(), details: w.res.Details(), err: w.err}
}

// scoreLine states the sentence score of a lesson, as sacrebleu prints it.
func (w *walk) scoreLine(label string) string {
	return scoreTable(w.st, []scoreRow{w.scoreRow(label)}, w.width, w.kept)
}

// scoreTable states scores one a line, their labels padded and their
// scores right-aligned so that the numbers line up. A line with details
// ends in one a person copies, sacrebleu's line ([copyLine]): after the
// score when it fits or kept is not nil, else on a line of its own,
// wrapped between its fields only when it does not fit alone.
func scoreTable(st Styles, rows []scoreRow, width int, kept map[string]bool) string {
	labelW, scoreW := 0, 0
	for _, r := range rows {
		if r.err == nil {
			labelW, scoreW = max(labelW, Cells(r.label)), max(scoreW, Cells(r.score))
		}
	}
	lines := make([]string, len(rows))
	for i, r := range rows {
		if r.err != nil {
			lines[i] = wrapText(r.label+": "+st.Error.Render(Safe(r.err.Error())), width)
			continue
		}
		line := PadRight(r.label, labelW) + " = " + strings.Repeat(" ", scoreW-Cells(r.score)) + st.Score.Render(r.score)
		if r.details == "" {
			lines[i] = wrapText(line, width)
			continue
		}
		lines[i] = copyLine(line, "  ", r.details, st.Muted, width, kept)
	}
	return strings.Join(lines, "\n")
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
	marks := model.SegmentMarks(w.d, 1)
	shown := w.sentences(marks, false) + "\n" + st.Legend()
	if key := st.RefKey(marks, width); key != "" {
		shown += "\n" + key
	}
	parts = append(parts, shown)
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
		b.WriteString(w.precisionPair(od))
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
	shown := w.sentences(marks, false) + "\n" + wrapText(st.Muted.Render(legend), width)
	if key := st.RefKey(marks, width); key != "" {
		shown += "\n" + key
	}
	parts := []string{
		shown,
		PrecisionBars(st, w.res, width),
		scoreTable(st, []scoreRow{w1.scoreRow("unigrams only (N = 1)"), w.scoreRow(fmt.Sprintf("BLEU (N = %d)", l.Options.MaxOrder))}, width, l.kept),
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
	rows := make([]scoreRow, 0, len(l.Refs)+1)
	labels := l.RefLabels()
	for k := range l.Refs {
		wk, err := lessonExplain(l, hyp, l.Refs[k:k+1], l.Options, st, width)
		if err != nil {
			return lessonError(st, err, width)
		}
		rows = append(rows, wk.scoreRow(model.RefLabel(labels[k])+" alone"))
	}
	rows = append(rows, w.scoreRow(fmt.Sprintf("all %d refs", len(l.Refs))))
	parts = append(parts, section(st, "Scores")+"\n"+scoreTable(st, rows, width, l.kept))
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
	rows := make([][3]string, len(variants))
	scoreW := len("BLEU")
	for i, o := range variants {
		wr, err := lessonExplain(l, hyp, l.Refs, o, st, width)
		if err != nil {
			return lessonError(st, err, width)
		}
		rows[i] = [3]string{smoothingName(o), precisionList(wr), wr.scoreText()}
		scoreW = max(scoreW, Cells(rows[i][2]))
	}
	b.WriteString(st.Header.Render(PadRight("method", nameW) + "  " + PadRight("p1/…/pN", 24) + "  " + PadLeft("BLEU", scoreW)))
	for _, r := range rows {
		b.WriteString("\n")
		b.WriteString(PadRight(r[0], nameW) + "  " + PadRight(r[1], 24) + "  " + st.Score.Render(PadLeft(r[2], scoreW)))
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
	if scoring.TakesSmoothValue(o.Smooth) {
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
