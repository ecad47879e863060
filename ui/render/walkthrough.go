package render

import (
	"strconv"
	"strings"

	"github.com/charmbracelet/lipgloss"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
)

// Step is one stage of the walk-through of a segment's BLEU computation:
// a title, the text with its numbers, and what it highlights.
type Step struct {
	// Title names the step, such as "2.1 Unigrams: counting and clipping".
	Title string
	// Stage is the top-level step it is part of, the first number of its
	// title: 2 for every order's counting and clipping (2.1–2.N).
	Stage int
	// Body is the step's text, numbers and pictures; no line is wider than
	// the width the steps were rendered for, except the lines [KeepLines]
	// keeps whole.
	Body string
	// Order is the n-gram order the step is about, or 0 for none. The
	// steps of stage 2 have Order n and highlight order-n matches.
	Order int
	// Marks is the highlighting of the hypothesis and references the step
	// draws: the order-n marks for stage 2, the all-orders view for the
	// precisions, none elsewhere.
	Marks model.Marks
}

// WalkOption adds optional context to a walk-through: the text as
// written, the references' names, or the error the scorer returned.
type WalkOption func(*walk)

// WithText gives the walk-through the segment as written (before
// lowercasing and tokenizing), so that step 1 can show what the tokenizer
// and lowercasing changed.
func WithText(hyp string, refs []string) WalkOption {
	return func(w *walk) {
		w.hypText, w.refTexts, w.hasText = hyp, refs, true
	}
}

// WithRefNames names the references ("A", "B" or file names) instead of
// numbering them.
func WithRefNames(names []string) WalkOption {
	return func(w *walk) { w.refNames = names }
}

// WithScoreError tells the walk-through that scoring failed for this
// segment (NLTK raises for some smoothing methods on short input); the
// last step then explains the error instead of a score.
func WithScoreError(err error) WalkOption {
	return func(w *walk) { w.err = err }
}

// WithSource shows the segment's source (plain text, shown escaped)
// above the tokens in the first step, for a screen that has no other place
// for it (the explorer; bleuscope explain prints it under its title).
func WithSource(src string) WalkOption {
	return func(w *walk) { w.source = src }
}

// KeepLines keeps whole, however wide, the lines a person copies: the
// formulas with their numbers and sacrebleu's own line; prose still wraps
// to the width. It is for text printed to be read and copied (bleuscope
// explain); the explorer, whose screens must fit, goes without.
func KeepLines() WalkOption {
	return func(w *walk) { w.kept = map[string]bool{} }
}

// InExplorer tells the walk-through it is shown in the explorer, whose
// keys its advice then names instead of the explain command's flags:
// methodHint says how to pick another NLTK smoothing method there, as a
// clause ("esc closes the walk-through, then m cycles NLTK's methods").
func InExplorer(methodHint string) WalkOption {
	return func(w *walk) { w.explorer, w.methodHint = true, methodHint }
}

// walk is everything one walk-through is rendered from.
type walk struct {
	d        scoring.Detail
	res      scoring.Result
	opt      scoring.Options
	st       Styles
	width    int
	hypText  string
	refTexts []string
	hasText  bool
	source   string // shown above the tokens in step 1 ("" for none)
	refNames []string
	err      error
	// explorer is set in the explorer, where methodHint says how to pick
	// another NLTK smoothing method (the explain command's flag otherwise).
	explorer   bool
	methodHint string
	labels     []string // "hyp", then one label per reference
	labelW     int
	kept       map[string]bool // with KeepLines, the lines kept whole; else nil
}

// WalkthroughSteps returns the walk-through of one segment, step by step:
// the tokens; for every order the n-grams, their counts and clipping; the
// precisions and smoothing; the geometric mean; the brevity penalty; and
// the result with the reason when it is 0 or tiny. d comes from
// [scoring.Explain] and res from [scoring.Evaluate] (or [scoring.Compute])
// of d.Stats under opt; every number shown is theirs, formatted. width is
// the number of cells each line may use (at least 20).
func WalkthroughSteps(st Styles, d scoring.Detail, res scoring.Result, opt scoring.Options, width int, opts ...WalkOption) []Step {
	w := newWalk(d, res, opt, st, width, opts)
	steps := []Step{w.tokensStep()}
	for n := 1; n <= len(d.Orders); n++ {
		steps = append(steps, w.orderStep(n))
	}
	steps = append(steps, w.precisionStep(), w.meanStep(), w.brevityStep(), w.resultStep())
	for i := range steps {
		steps[i].Body = fitWidth(steps[i].Body, w.width, w.kept)
	}
	numberSteps(steps)
	return steps
}

// numberSteps numbers the steps' titles and sets their stages: 1 the
// tokens, 2.1–2.N each order's counting and clipping, then 3 to 6.
func numberSteps(steps []Step) {
	stage := 0
	for i := range steps {
		s := &steps[i]
		if s.Order <= 1 {
			stage++
		}
		s.Stage = stage
		number := strconv.Itoa(stage)
		if s.Order > 0 {
			number += "." + strconv.Itoa(s.Order)
		}
		s.Title = number + " " + s.Title
	}
}

// Walkthrough renders every step of [WalkthroughSteps] one after the
// other, each under a numbered heading: the text `bleuscope explain`
// prints. Without colour (NO_COLOR, a pipe) it reads as plain text.
func Walkthrough(st Styles, d scoring.Detail, res scoring.Result, opt scoring.Options, width int, opts ...WalkOption) string {
	steps := WalkthroughSteps(st, d, res, opt, width, opts...)
	var b strings.Builder
	for i, s := range steps {
		if i > 0 {
			b.WriteString("\n\n")
		}
		b.WriteString(StepHeading(st, steps, i, width))
		b.WriteString("\n")
		b.WriteString(s.Body)
	}
	b.WriteString("\n")
	return b.String()
}

// StepHeading renders the heading of steps[i]: its title with "step 2 of
// 6", counted in top-level steps as the titles number them (2.1–2.4 are
// all step 2), underlined by a rule so it stands out without colour.
func StepHeading(st Styles, steps []Step, i int, width int) string {
	s := steps[i]
	count := "step " + strconv.Itoa(s.Stage) + " of " + strconv.Itoa(steps[len(steps)-1].Stage)
	title := Truncate(s.Title, max(1, width-len(count)-3))
	gap := max(1, width-Cells(title)-len(count))
	line := st.Title.Render(title) + strings.Repeat(" ", gap) + st.Muted.Render(count)
	return line + "\n" + st.Muted.Render(strings.Repeat("─", width))
}

func newWalk(d scoring.Detail, res scoring.Result, opt scoring.Options, st Styles, width int, opts []WalkOption) *walk {
	w := &walk{d: d, res: res, opt: opt, st: st, width: max(20, width), methodHint: "--nltk-smoothing 1…7 picks one"}
	for _, o := range opts {
		o(w)
	}
	if w.err != nil && w.nltk() {
		w.res = scoring.NLTKBeforeSmoothing(d.Stats, opt.MaxOrder)
	}
	w.labels = append(w.labels, "hyp")
	for k := range d.Refs {
		w.labels = append(w.labels, w.refName(k))
	}
	for _, l := range w.labels {
		w.labelW = max(w.labelW, Cells(l)+2)
	}
	w.labelW = min(w.labelW, w.width/4)
	return w
}

// refLabel is reference k's label: its name's when the walk has them,
// else its number ([model.NumberedRefLabels]).
func (w *walk) refLabel(k int) string {
	if len(w.refNames) == len(w.d.Refs) {
		return w.refNames[k]
	}
	return model.NumberedRefLabels(len(w.d.Refs))[k]
}

// refName is reference k's name in text ([model.RefLabel]): "ref A",
// "ref 2", or "ref" for the only one.
func (w *walk) refName(k int) string {
	return model.RefLabel(Truncate(Safe(w.refLabel(k)), 10))
}

// shortRef is reference k's column header in tables ([model.RefColumn]).
func (w *walk) shortRef(k int) string {
	return model.RefColumn(Truncate(Safe(w.refLabel(k)), 6))
}

func (w *walk) nltk() bool { return w.opt.Compat == scoring.CompatNLTK }

// para wraps prose to the walk's width.
func (w *walk) para(s string) string { return wrapText(s, w.width) }

// paraWhole wraps prose as [walk.para] does, but never breaks a line
// inside any of the phrases whole (short formulas such as "clip =
// min(hyp, max)"): a phrase that does not fit on the rest of a line
// starts the next one. A phrase wider than a whole line is cut as a long
// word is.
func (w *walk) paraWhole(s string, whole ...string) string {
	return keepWhole(w.para, s, whole...)
}

// keepWhole wraps s with wrap, never breaking a line inside any of the
// phrases whole: their spaces are no-break spaces while it wraps.
func keepWhole(wrap func(string) string, s string, whole ...string) string {
	for _, p := range whole {
		s = strings.ReplaceAll(s, p, strings.ReplaceAll(p, " ", noBreakSpace))
	}
	s = wrap(s)
	for _, p := range whole {
		s = strings.ReplaceAll(s, strings.ReplaceAll(p, " ", noBreakSpace), p)
	}
	return s
}

// WrapFormulas wraps s as [Wrap] does, but never breaks a line inside the
// clip table's formulas ("clip = min(hyp, max)", "over = hyp − clip"),
// which [ClipColumns] and the help state.
func WrapFormulas(s string, width int) string {
	return keepWhole(func(s string) string { return Wrap(s, width) }, s, clipOverRefs, clipFormula, overFormula)
}

// noBreakSpace is U+00A0, a space the wrapping never breaks a line at.
const noBreakSpace = "\u00a0"

// formula is a line a person may copy, such as a formula with its numbers:
// wrapped as prose, or whole with [KeepLines] (sacrebleu's own line wraps
// only between its fields: [copyLine]).
func (w *walk) formula(s string) string {
	if w.kept == nil {
		return w.para(s)
	}
	w.kept[s] = true
	return s
}

// verbatim states line as another program prints it, to be compared
// with that program's output, after intro ("sacrebleu prints:")
// ([copyLine]).
func (w *walk) verbatim(intro, line string) string {
	return copyLine(w.st.Muted.Render(intro), " ", line, w.st.Muted, w.width, w.kept)
}

// copyLine states line, one a person copies (sacrebleu's own line), in
// style after intro and sep: on one line when it fits width, or whole
// however wide when kept is not nil (as [KeepLines] and the lessons' kept
// ask, kept then holding it), else with intro on a line of its own and
// line below it, wrapped between its fields ([fieldLines]) when it does
// not fit alone, so that nothing of it is lost.
func copyLine(intro, sep, line string, style lipgloss.Style, width int, kept map[string]bool) string {
	one := intro + sep + style.Render(line)
	switch {
	case kept != nil:
		kept[one] = true
		return one
	case Fits(one, width):
		return one
	}
	lines := fieldLines(line, width)
	for i, l := range lines {
		lines[i] = style.Render(l)
	}
	return intro + "\n" + strings.Join(lines, "\n")
}

// fieldLines wraps a line of fields such as sacrebleu's "BLEU = 5.80
// 25.0/7.1/4.2/2.5 (BP = 0.882 ratio = 0.889 hyp_len = 16 ref_len = 18)"
// to width cells, breaking only between fields: a "name = value" is
// never split. The lines after the first are indented by two spaces, to
// read as the rest of one line. A field wider than a line is cut
// between its cells.
func fieldLines(line string, width int) []string {
	words := strings.Split(line, " ")
	var fields []string
	for i := 0; i < len(words); i++ {
		f := words[i]
		for i+2 < len(words) && words[i+1] == "=" {
			f += " = " + words[i+2]
			i += 2
		}
		fields = append(fields, f)
	}
	const indent = "  "
	var lines []string
	cur := ""
	for _, f := range fields {
		switch {
		case cur == "":
			cur = f
		case Cells(cur)+1+Cells(f) <= width:
			cur += " " + f
		default:
			lines = append(lines, cur)
			cur = indent + f
		}
	}
	lines = append(lines, cur)
	var out []string
	for _, l := range lines {
		out = append(out, splitCells(l, width)...)
	}
	return out
}

// sentences renders the hypothesis and every reference with marks (nil:
// none), each followed by its length when lengths is set.
func (w *walk) sentences(m model.Marks, lengths bool) string {
	var lines []string
	add := func(label string, toks []string, mk []model.Mark) {
		lines = append(lines, TokenLines(w.st, label, w.labelW, toks, mk, w.width)...)
		if lengths {
			lines = append(lines, strings.Repeat(" ", w.labelW)+w.st.Muted.Render(plural(len(toks), "token")))
		}
	}
	add(w.labels[0], w.d.Hyp, m.Hyp)
	for k, r := range w.d.Refs {
		var mk []model.Mark
		if m.Refs != nil && k < len(m.Refs) {
			mk = m.Refs[k]
		}
		add(w.labels[k+1], r, mk)
	}
	return strings.Join(lines, "\n")
}

// wrapText wraps prose (possibly styled) to width cells as [Wrap] does,
// with three differences: it never breaks at a hyphen, so "n-gram" stays
// whole; it never ends a line with "=" or "≈", nor breaks a "name =
// value" phrase ("BP = 1", "k = 1"), so a value is read with what it is
// the value of; and a paragraph's indent (up to half the width) starts
// each of its lines.
func wrapText(s string, width int) string {
	width = max(1, width)
	paras := strings.Split(gluedEquations(s), "\n")
	for i, para := range paras {
		body := strings.TrimLeft(para, " ")
		indent := strings.Repeat(" ", min(len(para)-len(body), width/2))
		lines := wrap(body, width-len(indent), wrapRules{cut: true, wide: true})
		paras[i] = indent + strings.ReplaceAll(lines, "\n", "\n"+indent)
	}
	return unglued.Replace(strings.Join(paras, "\n"))
}

// gluedEquations joins the spaces of s's "name = value" phrases
// ([equations]) and the space after every " = " and " ≈ " with
// [glueSpace], which [unglued] turns back into spaces once wrapped.
func gluedEquations(s string) string {
	s = equations.ReplaceAllStringFunc(s, func(p string) string { return strings.ReplaceAll(p, " = ", glueSpace+"="+glueSpace) })
	return glued.Replace(s)
}

// glued glues the space after every " = " and " ≈ " ([gluedEquations]),
// built once: every paragraph of every step is wrapped through it.
var glued = strings.NewReplacer(" = ", " ="+glueSpace, " ≈ ", " ≈"+glueSpace)

// glueSpace is U+202F, a no-break space one cell wide that the wrapping
// never breaks at, kept apart from the U+00A0 of [keepWhole]'s phrases.
const glueSpace = "\u202f"

// unglued undoes [gluedEquations].
var unglued = strings.NewReplacer(glueSpace+"="+glueSpace, " = ", glueSpace+"=", " =", "="+glueSpace, "= ", "≈"+glueSpace, "≈ ")

// fitWidth makes sure no line of s is wider than width, wrapping the
// (rare) line that is, unless it is one of the lines kept whole.
func fitWidth(s string, width int, kept map[string]bool) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if Cells(l) > width && !kept[l] {
			lines[i] = strings.Join(splitCells(l, width), "\n")
		}
	}
	return strings.Join(lines, "\n")
}

// plural formats a count with its noun: "1 token", "18 tokens"; before
// a noun that starts with a digit, a count from one to nine is spelt out,
// "four 4-grams", so that two numbers do not stand side by side.
func plural(n int, noun string) string {
	count := model.Thousands(n)
	if noun != "" && noun[0] >= '0' && noun[0] <= '9' && n >= 1 && n <= 9 {
		count = [...]string{"one", "two", "three", "four", "five", "six", "seven", "eight", "nine"}[n-1]
	}
	return count + " " + noun + model.PluralS(n)
}

// orderName is the English name of an n-gram order: "unigram", "bigram",
// "trigram", "4-gram".
func orderName(n int) string {
	switch n {
	case 1:
		return "unigram"
	case 2:
		return "bigram"
	case 3:
		return "trigram"
	}
	return strconv.Itoa(n) + "-gram"
}

// fnum formats a number for the walk-through: six significant digits,
// no exponent for ordinary magnitudes; inf, -inf and nan as the score
// lines spell them.
func fnum(x float64) string {
	if s, ok := scoring.PyNonFinite(x); ok {
		return s
	}
	if x == 0 {
		return "0"
	}
	a := x
	if a < 0 {
		a = -a
	}
	if a >= 1e-4 && a < 1e7 {
		s := strconv.FormatFloat(x, 'g', 6, 64)
		if !strings.ContainsAny(s, "e") {
			return s
		}
	}
	return strconv.FormatFloat(x, 'g', 4, 64)
}

// gnum formats x with every digit it needs (as Python's repr), inf, -inf
// and nan as the score lines spell them.
func gnum(x float64) string {
	if s, ok := scoring.PyNonFinite(x); ok {
		return s
	}
	return strconv.FormatFloat(x, 'g', -1, 64)
}

// pct formats a percentage to two decimals, as sacrebleu prints scores.
func pct(x float64) string { return scoring.PyFixed(x, 2) }
