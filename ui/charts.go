package ui

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
	"github.com/bleuscope/bleuscope/ui/render"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
)

// Sizes of the charts screen. From chartsWide columns the histogram sits
// on the left and the precisions and brevity penalty on the right; below
// it the charts are stacked and the screen scrolls.
const (
	chartsWide   = 100
	chartsBPPair = 72 // a column this wide draws the corpus and segment BP curves side by side
)

// chartsScreen is the charts overlay: the distribution of sentence
// scores, the corpus precisions and the brevity penalty of the shown
// system, scrolling in its own pane.
type chartsScreen struct{ body pane }

// SetSize fits the screen to width×height cells.
func (s chartsScreen) SetSize(width, height int) chartsScreen {
	s.body.setSize(width, height-2)
	return s
}

// refresh renders the charts for the list l.
func (s *chartsScreen) refresh(c common, l segList, resetTop bool) {
	s.body.setContent(s.content(c, l, c.width, s.body.height), resetTop)
}

// Update scrolls the charts for a key or the mouse wheel.
func (s chartsScreen) Update(msg tea.Msg, k KeyMap) chartsScreen {
	s.body.update(msg, k)
	return s
}

// View draws the title, the charts and the footer.
func (s chartsScreen) View(c common, l segList) string {
	return overlayView(c, s.body, c.keys.chartsFooter(len(c.ds.Systems) > 1), s.titles(c, l)...)
}

// chartScope is what the charts describe: the rows the list shows (the
// filtered ones when a filter is active) and their corpus score.
type chartScope struct {
	name   string // "corpus", or "filtered rows"
	res    scoring.Result
	err    error
	errs   []string  // err's wordings, the fullest first, when the filter's label gives way
	scores []float64 // sentence scores of the rows, in list order
}

// errLine is the scope's error in width cells: the first of its wordings
// that fits, a filter's label giving way a wording at a time.
func (sc chartScope) errLine(width int) string {
	if len(sc.errs) == 0 {
		return render.FirstFit(width, sc.err.Error())
	}
	return render.FirstFit(width, sc.errs...)
}

// chartsScope gathers the shown system's figures for the charts.
func chartsScope(c common, l segList) chartScope {
	ss := c.scored.Systems[l.view.System]
	sc := chartScope{name: "corpus", res: ss.Corpus, err: ss.CorpusErr}
	if l.filtered() {
		sc.name = "filtered rows"
		switch {
		case l.subset != nil:
			sc.res, sc.err = l.subset.res, l.subset.err
		default:
			for _, label := range append(l.filterLabels(c.shortName), "the filter") {
				if l.waiting != "" {
					sc.errs = append(sc.errs, fmt.Sprintf("%s waits for the %s scores", label, l.waiting))
				} else {
					sc.errs = append(sc.errs, "no segment matches "+label)
				}
			}
			sc.err = errors.New(sc.errs[0])
		}
	}
	sc.scores = make([]float64, len(l.rows))
	for i, r := range l.rows {
		sc.scores[i] = ss.Sentence[r]
	}
	return sc
}

// titles are the charts screen's title, from the fullest to the shortest:
// the filter gives way first (its label a wording at a time, then its
// wording), then the selected line, which the histogram's caption gives
// too.
func (s chartsScreen) titles(c common, l segList) []string {
	t := "charts · " + c.shortName(l.view.System)
	line := ""
	if l.selection(c).ok {
		line = fmt.Sprintf(" · ^ line %d", l.seg+1)
	}
	if !l.filtered() {
		return []string{t + line}
	}
	if l.misfit(c) { // no count of the rows of before, not charted
		return []string{t + line + " · filtered rows only (filtering again…)", t + " · filtering again…"}
	}
	n := len(l.rows)
	count := model.Thousands(n)
	var titles []string
	for _, label := range l.filterLabels(c.shortName) {
		titles = append(titles, t+line+" · filtered rows only ("+count+" match "+label+")")
	}
	return append(titles,
		t+line+" · "+count+" filtered row"+model.PluralS(n),
		t+line+" · "+count+" filtered",
		t+" · "+count+" filtered",
	)
}

// chartsContent draws the charts of the shown system, width cells wide
// for a window height lines tall: the distribution of sentence scores
// over the listed rows with the selected segment marked, the corpus
// precisions p1..pN as bars, and the brevity penalty curve with the
// corpus's c/r marked (and the selected segment's, on a second curve when
// there is room, else in a caption). Every figure comes from the scores.
func (s chartsScreen) content(c common, l segList, width, height int) string {
	if c.scored == nil {
		return c.st.Muted.Render("scoring…")
	}
	if l.misfit(c) && l.filtered() {
		// The filtered rows are of another system, baseline or scores
		// (a tab, their new rows made in a job): charting them would
		// show the scores of rows the filter may not pass here. The
		// charts wait for the new ones (applyRows draws them again).
		return c.st.Muted.Render(l.againNote(width, ""))
	}
	sc := chartsScope(c, l)
	if width < chartsWide {
		hh := min(max(height-6, 3), 10)
		parts := []string{s.histogramChart(c, l, sc, width, hh), s.precisionChart(c, sc, width)}
		parts = append(parts, s.bpCharts(c, l, sc, width, odd(min(max(height-8, 3), 7)), false)...)
		return strings.Join(parts, "\n\n")
	}
	lw := (width - 3) / 2
	rw := width - lw - 3
	left := s.histogramChart(c, l, sc, lw, min(max(height-6, 3), 24))
	bars := s.precisionChart(c, sc, rw)
	room := height - lipgloss.Height(bars) - 1 // lines left for the BP section(s)
	var bp []string
	switch {
	case rw >= chartsBPPair:
		bp = s.bpCharts(c, l, sc, rw, odd(min(max(room-6, 3), 13)), true)
	case room >= 2*(6+5)+1:
		bp = s.bpCharts(c, l, sc, rw, odd(min((room-1)/2-6, 11)), true)
	default:
		bp = s.bpCharts(c, l, sc, rw, odd(min(max(room-7, 3), 11)), false)
	}
	right := strings.Join(append([]string{bars}, bp...), "\n\n")
	return sideBySide(left, right, lw, c.st.Muted.Render(" │ "), true)
}

// odd returns n, or n-1 when n is even, so that a BP curve's middle row
// is labelled 0.5.
func odd(n int) int { return n - 1 + n%2 }

// sideBySide puts left (padded to lw cells) and right next to each other,
// line by line, with rule between them; trim drops trailing spaces.
func sideBySide(left, right string, lw int, rule string, trim bool) string {
	l, r := strings.Split(left, "\n"), strings.Split(right, "\n")
	out := make([]string, max(len(l), len(r)))
	for i := range out {
		a, b := "", ""
		if i < len(l) {
			a = l[i]
		}
		if i < len(r) {
			b = r[i]
		}
		out[i] = render.PadRight(a, lw) + rule + b
		if trim {
			out[i] = strings.TrimRight(out[i], " ")
		}
	}
	return strings.Join(out, "\n")
}

// histogramChart is the distribution of the rows' sentence scores, the
// selected segment's bin marked.
func (s chartsScreen) histogramChart(c common, l segList, sc chartScope, width, height int) string {
	st := c.st
	n := len(sc.scores)
	what := "all " + model.Thousands(n) + " segment" + model.PluralS(n)
	switch {
	case l.filtered():
		what = "the " + model.Thousands(n) + " filtered row" + model.PluralS(n)
	case n < c.ds.Len():
		what = "the " + model.Thousands(n) + " listed segment" + model.PluralS(n)
	}
	mark, marked := math.NaN(), ""
	if l.selection(c).ok {
		mark = c.scored.Systems[l.view.System].Sentence[l.seg]
		marked = fmt.Sprintf(" · ^ line %d", l.seg+1)
	}
	title := render.FirstFit(width, "sentence scores of "+what+marked, "scores of "+what+marked, what+marked)
	return st.Title.Render(title) + "\n" + render.Histogram(st, sc.scores, c.nltk(), mark, width, height)
}

// precisionChart is p1..pN of the corpus (or of the filtered rows).
func (s chartsScreen) precisionChart(c common, sc chartScope, width int) string {
	st := c.st
	if sc.err != nil {
		return st.Title.Render("n-gram precisions") + "\n" + st.Error.Render(sc.errLine(width))
	}
	title := fmt.Sprintf("n-gram precisions · %s BLEU %s", sc.name, c.score(sc.res.Score))
	return st.Title.Render(render.Truncate(title, width)) + "\n" + render.PrecisionBars(st, sc.res, width)
}

// bpCharts is the brevity penalty curve with the corpus's c/r marked, and
// the selected segment's: on a second curve when two is true (side by
// side when the width allows, else stacked), else in a caption line.
func (s chartsScreen) bpCharts(c common, l segList, sc chartScope, width, height int, two bool) []string {
	st := c.st
	if sc.err != nil {
		return nil
	}
	corpusTitle := "brevity penalty · " + sc.name + " c = " + model.Thousands(sc.res.SysLen) + ", r = " + model.Thousands(sc.res.RefLen)
	corpus := st.Title.Render(render.Truncate(corpusTitle, width)) + "\n" + render.BPCurve(st, sc.res.Ratio, sc.res.BP, width, height)
	if !l.selection(c).ok {
		return []string{corpus}
	}
	seg, err := c.scored.SentenceResult(c.ds, l.view.System, l.seg)
	if err != nil {
		return []string{corpus + "\n" + st.Error.Render(render.Truncate(fmt.Sprintf("line %d: %v", l.seg+1, err), width))}
	}
	if !two {
		caption := render.FirstFit(width,
			fmt.Sprintf("line %d: c/r = %.6g (c = %s, r = %s), BP = %.6g", l.seg+1, seg.Ratio, model.Thousands(seg.SysLen), model.Thousands(seg.RefLen), seg.BP),
			fmt.Sprintf("line %d: c/r = %.6g, BP = %.6g", l.seg+1, seg.Ratio, seg.BP))
		return []string{corpus + "\n" + st.Accent.Render(caption)}
	}
	if width >= chartsBPPair {
		cw := (width - 2) / 2
		segTitle := fmt.Sprintf("line %d · c = %s, r = %s", l.seg+1, model.Thousands(seg.SysLen), model.Thousands(seg.RefLen))
		a := st.Title.Render(render.Truncate(corpusTitle, cw)) + "\n" + render.BPCurve(st, sc.res.Ratio, sc.res.BP, cw, height)
		b := st.Title.Render(render.Truncate(segTitle, cw)) + "\n" + render.BPCurve(st, seg.Ratio, seg.BP, cw, height)
		return []string{sideBySide(a, b, cw, "  ", true)}
	}
	segTitle := fmt.Sprintf("brevity penalty · line %d c = %s, r = %s", l.seg+1, model.Thousands(seg.SysLen), model.Thousands(seg.RefLen))
	return []string{corpus, st.Title.Render(render.Truncate(segTitle, width)) + "\n" + render.BPCurve(st, seg.Ratio, seg.BP, width, height)}
}
