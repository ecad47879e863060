package ui

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// next returns the item after cur in list, cyclically (the first when cur
// is not in it).
func next(list []string, cur string) string {
	for i, s := range list {
		if s == cur {
			return list[(i+1)%len(list)]
		}
	}
	return list[0]
}

// handleOptionKey changes a scoring option; everything is rescored at once.
func (m *Model) handleOptionKey(msg tea.KeyMsg) (tea.Cmd, bool) {
	k := m.c.keys
	set := m.c.set
	switch {
	case key.Matches(msg, k.Tokenizer):
		tok := next(scoring.TokenizerNames, set.Corpus.Tokenize)
		set = set.WithOption(func(o *scoring.Options) { o.Tokenize = tok })
		return m.applySaying(set, "scoring with the "+tok+" tokenizer (t: the next)"), true
	case key.Matches(msg, k.Lowercase):
		lc := !set.Corpus.Lowercase
		set = set.WithOption(func(o *scoring.Options) { o.Lowercase = lc })
		status := "scoring with case as written (l lowercases)"
		if lc {
			status = "scoring lowercased (l keeps case)"
		}
		if m.terOnScreen() {
			status += " · " + terCaseNote(m.c.met.opts.TER, lc)
		}
		return m.applySaying(set, status), true
	case key.Matches(msg, k.Smooth):
		if isNLTK(set) {
			return m.flash("nltk compat smooths with its own methods: press m"), true
		}
		sm := next(scoring.SmoothNames, set.Corpus.Smooth)
		set = set.WithOption(func(o *scoring.Options) {
			o.Smooth, o.SmoothValue = sm, scoring.DefaultSmoothValue(sm)
		})
		status := "scoring with " + smoothingWords(set.Corpus) + " (s: the next)"
		if note := m.corpusUnchangedNote(set.Corpus); note != "" {
			status += " · " + note
		}
		return m.applySaying(set, status), true
	case key.Matches(msg, k.OrderUp, k.OrderDown):
		d := 1
		if key.Matches(msg, k.OrderDown) {
			d = -1
		}
		n := set.Corpus.MaxOrder + d
		switch {
		case n < 1:
			return m.flash("max order is 1 already, the lowest"), true
		case n > scoring.MaxOrderLimit:
			return m.flash(fmt.Sprintf("max order is %d already, the highest", scoring.MaxOrderLimit)), true
		}
		reweighed := false
		set = set.WithOption(func(o *scoring.Options) {
			o.MaxOrder = n
			if w := o.NLTK.Weights.Len(); w > 0 && w != n {
				o.NLTK.Weights = scoring.Weights{} // uniform weights over the new order
				reweighed = true
			}
		})
		return m.applySaying(set, maxOrderStatus(n, reweighed)), true
	case key.Matches(msg, k.Compat):
		c := scoring.CompatNLTK
		if isNLTK(set) {
			c = scoring.CompatSacreBLEU
		}
		set = set.WithOption(func(o *scoring.Options) { o.Compat = c })
		status := fmt.Sprintf("sacrebleu scoring, 0–100, %s (c: nltk)", smoothingWords(set.Corpus))
		scale := "sacrebleu's 0–100"
		if c == scoring.CompatNLTK {
			status = fmt.Sprintf("NLTK scoring, 0–1, smoothing method%d (c: sacrebleu)", set.Corpus.NLTK.Smoothing.Method)
			scale = "NLTK's 0–1"
		}
		for i, f := range m.list.filters() {
			if q, err := model.ParseQuery(f); err == nil && len(q.ScoreThresholds()) > 0 {
				status = "the filter's bleu and delta thresholds keep their numbers, now read on " + scale + " scale: edit it with /"
				if i > 0 { // the one the drill-down gives back
					status = "the filter the drill-down's esc gives back keeps its bleu and delta thresholds, now read on " + scale + " scale"
				}
				break
			}
		}
		return m.applySaying(set, status), true
	case key.Matches(msg, k.Metrics):
		return m.cycleMetrics(), true
	case key.Matches(msg, k.Refs):
		return m.cycleRefs(), true
	case key.Matches(msg, k.NLTKMethod):
		if !isNLTK(set) {
			return m.flashFit("m cycles NLTK's smoothing methods: press c for nltk compat first",
				"m cycles NLTK's smoothings: press c for nltk compat first"), true
		}
		meth := (set.Corpus.NLTK.Smoothing.Method + 1) % 8
		set = set.WithOption(func(o *scoring.Options) { o.NLTK.Smoothing.Method = meth })
		status := fmt.Sprintf("scoring with NLTK's smoothing method%d (m: the next)", meth)
		if meth >= 5 && m.c.ds.Len() > 1 {
			status = fmt.Sprintf("NLTK method %d: its corpus_bleu smooths every order with the last segment's hypothesis alone; reproduced as NLTK does, the corpus figures can pass 1 and mean little", meth)
		}
		return m.applySaying(set, status), true
	default:
		return nil, false
	}
}

// applySaying applies set, as every option key does, and says status on
// the status line, unless applying it said something that matters more
// (a set refused, an input warning that now applies), which is then said
// alone: the header's signature shows the option still.
func (m *Model) applySaying(set model.Settings, status string) tea.Cmd {
	m.status = saying{}
	cmd := tea.Batch(m.applySettings(set), m.refreshMetrics())
	if m.status.empty() {
		m.flash(status)
	}
	return cmd
}

// terOnScreen reports whether TER's figures are on screen: tested on the
// comparison screen, or shown beside BLEU in the list.
func (m Model) terOnScreen() bool {
	switch m.screen {
	case screenSig:
		return m.sig.metric == model.MetricTER
	case screenMain:
		return m.c.met.showTER
	}
	return false
}

// terCaseNote says why l leaves TER's figures as they are: TER has a case
// option of its own (lowercase, else --ter-case-sensitive), which -l does
// not touch; lc is whether l has just lowercased.
func terCaseNote(o scoring.TEROptions, lc bool) string {
	switch {
	case o.CaseSensitive:
		return "TER keeps case (--ter-case-sensitive): l leaves it"
	case lc:
		return "TER ignores case already (case:lc): its figures stay"
	}
	return "TER ignores case all the same (case:lc)"
}

// corpusUnchangedNote says, when the shown system's corpus BLEU reads the
// same under the corpus options opt as now, that it does and why: exp and
// floor smoothing only change an order's precision with no match, which a
// corpus rarely has, while a sentence often does; add-k adds k to every
// order's counts, of which a corpus has thousands, so its score moves
// below the decimals shown, which the note then says. "" when it changes or is not known yet, and under a filter
// or a drill-down, whose rows' BLEU the header shows instead.
func (m *Model) corpusUnchangedNote(opt scoring.Options) string {
	sc, sys := m.c.scored, m.list.view.System
	if m.list.filtered() { // the header shows the rows' BLEU, not the corpus's
		return ""
	}
	if sc == nil || sys < 0 || sys >= len(sc.Systems) || sc.Systems[sys].CorpusErr != nil {
		return ""
	}
	now := sc.Systems[sys].Corpus
	then, err := sc.CorpusUnder(m.c.ds, sys, opt)
	nltk := isNLTK(m.c.set)
	if err != nil || model.FormatScore(now.Score, nltk) != model.FormatScore(then.Score, nltk) {
		return ""
	}
	if then.Score != now.Score { // add-k moves every order's counts, by a hair on a large corpus
		return fmt.Sprintf("corpus BLEU still reads %s (it moves below %d decimals); sentence BLEU changes",
			model.FormatScore(now.Score, nltk), model.ScoreDecimals(nltk))
	}
	if now.Cut > 0 || slices.Contains(now.Counts, 0) {
		return "corpus BLEU unchanged; sentence BLEU changes"
	}
	return "corpus BLEU unchanged: every order has matches; sentence BLEU changes"
}

// smoothingWords names the sacrebleu smoothing of o with its value where
// the method takes one, "floor smoothing 0.1", "exp smoothing" or "no
// smoothing".
func smoothingWords(o scoring.Options) string {
	switch {
	case o.Smooth == scoring.SmoothNone:
		return "no smoothing"
	case scoring.TakesSmoothValue(o.Smooth):
		return o.Smooth + " smoothing " + strconv.FormatFloat(o.SmoothValue, 'g', -1, 64)
	}
	return o.Smooth + " smoothing"
}

// maxOrderStatus is what + and - say once the max order is n: at either
// end, that it is the end, and the one key that still moves it; with
// reweighed, that NLTK's weights given for the old order are now uniform.
func maxOrderStatus(n int, reweighed bool) string {
	status, keys := fmt.Sprintf("max order %d", n), "(+ raises it, - lowers it)"
	switch n {
	case 1:
		status, keys = status+", the lowest", "(+ raises it)"
	case scoring.MaxOrderLimit:
		status, keys = status+", the highest", "(- lowers it)"
	}
	if reweighed {
		status += ", weights now uniform"
	}
	return status + " " + keys
}

// setOrder picks the n-gram order the segment pane highlights (0 = all).
func (m *Model) setOrder(n int) tea.Cmd {
	if n > m.c.set.Sentence.MaxOrder {
		return m.flash(fmt.Sprintf("max order is %d: press + to count %d-grams", m.c.set.Sentence.MaxOrder, n))
	}
	m.pane.order, m.pane.picked = n, n
	m.refreshPane(false)
	return nil
}

// sortNames names the sort keys in the order o cycles through them.
var sortNames = map[model.SortKey]string{
	model.SortScore:  "score",
	model.SortLine:   "line",
	model.SortLength: "length",
	model.SortBP:     "BP",
	model.SortDelta:  "Δ",
	model.SortImpact: "impact on the corpus Δ to the baseline",
	model.SortChrF:   "chrF",
	model.SortTER:    "TER",
}

// sortCycle is the order o cycles the list's sorts in: Δ and the impact
// only against a baseline, then metrics, those of the metrics M shows
// ([metricState.sortKeys]). The help lists it from here ([sortHelp]).
func sortCycle(baseline bool, metrics []model.SortKey) []model.SortKey {
	order := []model.SortKey{model.SortScore, model.SortLine, model.SortLength, model.SortBP}
	if baseline {
		order = append(order, model.SortDelta, model.SortImpact)
	}
	return append(order, metrics...)
}

// cycleSort moves to the next sort key, or the previous one when back is
// set (delta and impact only with two systems). The impact weighs the
// metric last chosen for it: BLEU's after i on the list, chrF's or TER's
// after i on their comparison.
func (m *Model) cycleSort(back bool) tea.Cmd {
	order := sortCycle(m.list.view.Other >= 0, m.c.met.sortKeys())
	step := 1
	if back {
		step = len(order) - 1
	}
	i := 0
	for j, s := range order {
		if s == m.list.view.Sort {
			i = (j + step) % len(order)
		}
	}
	m.list.view.Sort = order[i]
	m.list.view.Desc = false
	// A sort chosen on the list ends the detour from the comparison (i
	// there): esc no longer goes back to that screen, giving back the
	// order before it over the one just chosen, and from there, a second
	// esc, to the analysis the comparison may have been opened on.
	m.list.fromSig = false
	return m.resort()
}

// resort lists the rows in the view's new order. By line, the selected
// segment stays selected among its neighbours; by anything else the list
// starts from its first row, the most extreme.
func (m *Model) resort() tea.Cmd {
	v := m.list.view
	m.list.atFirst = v.Sort != model.SortLine
	metric := m.list.impactMetric
	rows := m.refreshRows()
	if m.list.impactMetric != metric {
		return rows // its statistics could not be computed: the status says why
	}
	var status saying
	if (v.Sort == model.SortDelta || v.Sort == model.SortImpact) && v.Other == v.System {
		status = fittedSaying(onBaseline(v.Sort)...)
	} else {
		status = m.sortStatus()
	}
	return tea.Batch(rows, m.flashSort(status))
}

// sortStatus says the list's order, in as many words as the footer's line
// holds: "sorted by impact on the corpus Δ to the baseline, the segments
// that cost the most first" down to "sorted by impact, costliest first".
func (m Model) sortStatus() saying {
	v := m.list.view
	name, mid, short := sortNames[v.Sort], sortNames[v.Sort], sortNames[v.Sort]
	again, againShort := "", ""
	if v.Sort == model.SortImpact {
		name, mid, short = m.impactName(), "impact on the corpus Δ", "impact"
		if m.list.weighsMetric() { // the metric i chose on the comparison screen stays
			what := m.c.metricTitle(m.list.impactMetric)
			mid, short = "impact on the corpus "+what+" Δ", what+" impact"
			again, againShort = " (i: BLEU's impact)", " (i: BLEU's)"
		}
	}
	dir, dirShort := sortDirection(v)
	return fittedSaying("sorted by "+name+", "+dir+again, "sorted by "+mid+", "+dirShort+again,
		"sorted by "+short+", "+dirShort+againShort, "sorted by "+short+", "+dirShort)
}

// onBaseline is the status of a sort by Δ or impact (k) on the pinned
// baseline itself, which has neither: the list shows "—" for them; its
// wordings from the fullest to the shortest.
func onBaseline(k model.SortKey) []string {
	what := "Δ"
	if k == model.SortImpact {
		what = "impact"
	}
	return []string{"this is the baseline: every " + what + " is 0 (p pins another system, w the next)",
		"this is the baseline: every " + what + " is 0 (p pins another)", "the baseline: every " + what + " is 0"}
}

// sortDirection describes the order of rows in words, in full and short.
func sortDirection(v model.View) (full, short string) {
	switch {
	case v.Sort == model.SortLine && !v.Desc:
		return "first line first", "first line first"
	case v.Sort == model.SortLine:
		return "last line first", "last line first"
	case v.Sort == model.SortImpact && v.Desc:
		return "the segments that gain the most first", "biggest gains first"
	case v.Sort == model.SortImpact:
		return "the segments that cost the most first", "costliest first"
	case v.Sort == model.SortTER && v.Desc:
		return "lowest first", "lowest first"
	case v.Sort == model.SortTER:
		return "highest first (TER counts edits: worst first)", "highest (worst) first"
	case v.Desc:
		return "highest first", "highest first"
	}
	return "lowest first", "lowest first"
}

// switchSystem makes the next (d = 1) or previous (d = -1) system current;
// a pinned baseline stays (on the baseline itself the list shows no Δ, "—").
func (m *Model) switchSystem(d int) tea.Cmd {
	n := len(m.c.ds.Systems)
	if n < 2 {
		return m.flash("only one system loaded")
	}
	m.list.show((m.list.view.System+d+n)%n, n)
	return m.refreshRows()
}

// cycleOther pins the next system as the baseline, passing over the one
// shown (p pins that one).
func (m *Model) cycleOther() tea.Cmd {
	n := len(m.c.ds.Systems)
	if n < 2 {
		return nil
	}
	next := (m.list.view.Other + 1) % n
	if next == m.list.view.System {
		next = (next + 1) % n
	}
	return m.pin(next)
}
