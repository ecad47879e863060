package ui

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
	"github.com/bleuscope/bleuscope/ui/render"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// sigFor says what a comparison was made for: the scores, the baseline,
// the test, and the rows (all segments, or the filter of the shown
// system with its number of matching rows). Two equal keys give the same
// comparison.
type sigFor struct {
	scored *model.Scored
	base   int
	test   string
	metric string         // model.MetricBLEU, MetricChrF or MetricTER
	stats  metricStatsKey // what chrF's or TER's statistics are computed from (zero for BLEU)
	system int            // the shown system, when a filter selects the rows (else -1)
	filter string
	rows   int
}

// sigScreen is the comparison screen: every system against the pinned
// baseline by a paired test (score, μ ± 95% CI drawn on a shared axis,
// p-value, wins/ties/losses), with the histogram of the selected
// system's resampled differences. It owns the test chosen, the selected
// system and the last comparison; the root runs the job.
type sigScreen struct {
	test    string // model.TestPairedBootstrap or model.TestPairedAR
	metric  string // the metric tested: model.MetricBLEU, MetricChrF or MetricTER
	cursor  int    // the selected system
	asked   sigFor // what the job in flight (or the last one) is for
	shown   sigFor // what res and err are for
	res     *model.Comparison
	err     error
	width   int
	height  int
	hasDone bool // a result or error for shown is in
	// opened is the list's filter when the screen was opened: leaving it
	// for the list, a filter changed here is said to be the list's.
	opened string
}

// newSigScreen returns the comparison screen with the paired bootstrap
// on BLEU.
func newSigScreen() sigScreen {
	return sigScreen{test: model.TestPairedBootstrap, metric: model.MetricBLEU}
}

// sigMetrics are the metrics the comparison tests, in the order M cycles
// through them.
var sigMetrics = []string{model.MetricBLEU, model.MetricChrF, model.MetricTER}

// cycleMetric tests the next metric (M).
func (s sigScreen) cycleMetric() sigScreen {
	for i, name := range sigMetrics {
		if name == s.metric {
			s.metric = sigMetrics[(i+1)%len(sigMetrics)]
			return s
		}
	}
	s.metric = model.MetricBLEU
	return s
}

// SetSize fits the screen to width×height cells.
func (s sigScreen) SetSize(width, height int) sigScreen {
	s.width, s.height = width, height
	return s
}

// Update handles the screen's own keys: moving the selection (the pages
// by the table's rows in view, stopping at its ends as the list's do) and
// switching the test. The keys that change what the root holds (pin,
// filter, back) are the root's (handleSigKey).
func (s sigScreen) Update(msg tea.KeyMsg, k KeyMap, systems int) sigScreen {
	switch {
	case key.Matches(msg, k.Up, k.PrevSystem):
		s.cursor = (s.cursor - 1 + systems) % systems
	case key.Matches(msg, k.Down, k.NextSystem):
		s.cursor = (s.cursor + 1) % systems
	case key.Matches(msg, k.PageUp):
		s.cursor = max(0, s.cursor-s.tableRows(systems))
	case key.Matches(msg, k.PageDown):
		s.cursor = min(systems-1, s.cursor+s.tableRows(systems))
	case key.Matches(msg, k.Top):
		s.cursor = 0
	case key.Matches(msg, k.Bottom):
		s.cursor = systems - 1
	case key.Matches(msg, k.SigTest):
		if s.test == model.TestPairedBootstrap {
			s.test = model.TestPairedAR
		} else {
			s.test = model.TestPairedBootstrap
		}
	}
	return s
}

// mouse moves the selection with the wheel.
func (s sigScreen) mouse(msg tea.MouseMsg, systems int) sigScreen {
	switch msg.Button {
	case tea.MouseButtonWheelUp:
		s.cursor = max(0, s.cursor-1)
	case tea.MouseButtonWheelDown:
		s.cursor = min(systems-1, s.cursor+1)
	}
	return s
}

// done installs the comparison (or the error) made for f.
func (s *sigScreen) done(f sigFor, res *model.Comparison, err error) {
	s.shown, s.res, s.err, s.hasDone = f, res, err, true
}

// forget drops the comparison shown, of segments no longer asked for.
func (s *sigScreen) forget() {
	s.shown, s.res, s.err, s.hasDone = sigFor{}, nil, nil, false
}

// current reports whether the screen shows the comparison for f.
func (s sigScreen) current(f sigFor) bool { return s.hasDone && s.shown == f }

// sigStatus is what the job table says about the comparison in flight.
type sigStatus struct {
	running bool
	frac    float64
	spinner string
	stats   string // the metric whose statistics the test waits for ("": none)
}

// View draws the screen: a title, a status line, the table of systems
// with their intervals on one axis, the histogram of the selected
// system's resampled differences, and the footer (or the filter prompt
// being typed).
func (s sigScreen) View(c common, l segList, run sigStatus, footer string) string {
	w := s.width
	st := c.st
	cols := s.columns(c) // once a frame: every part reads its widths from it
	body := []string{st.Title.Render(s.titleLine(c, l, cols)), s.statusLine(c, run, cols)}
	// The warnings say it in fewer words rather than being cut.
	switch {
	case l.findingAgain(): // opened in a drill-down: its row found again under new settings
		body[1] = st.Accent.Render(render.FirstFit(w,
			run.spinner+" finding the drill-down's segments again under the new settings: the test follows",
			run.spinner+" finding the drill-down's segments again: the test follows",
			run.spinner+" finding the drill-down's segments again…"))
	case l.gone != nil:
		var forms []string // why quotes an n-gram of the input: escaped
		for _, why := range l.gone {
			forms = append(forms, render.Safe(why)+": nothing to compare (esc: back to the table)")
		}
		for _, why := range l.gone {
			forms = append(forms, render.Safe(why)+" (esc: back to the table)")
		}
		body[1] = st.Warn.Render(render.FirstFit(w, append(forms,
			"the drill-down's row is gone now (esc: back to the table)", "the row is gone (esc: back to the table)")...))
	case l.waiting != "":
		body[1] = st.Warn.Render(render.FirstFit(w,
			"the filter waits for the "+l.waiting+" scores: nothing to compare until they are in",
			"the filter waits for the "+l.waiting+" scores: nothing to compare yet",
			"the filter waits for the "+l.waiting+" scores"))
	case l.filtered() && len(l.rows) == 0:
		body[1] = st.Warn.Render(render.FirstFit(w,
			"no segment matches the filter: nothing to compare (/ changes it, esc then esc clears it)",
			"no segment matches the filter: nothing to compare (/ changes it)",
			"no segment matches the filter: nothing to compare"))
	case s.res != nil:
		var reads model.SystemReads
		if q, err := model.ParseQuery(l.view.Filter); err == nil {
			reads = q.SystemReads()
		}
		if reads.Any() {
			// The rows are those the filter keeps for the list's system,
			// whichever system is selected here: said with what the filter
			// reads of it, its hypotheses (shown:, len), or, for its scores
			// or its annotations (cat:, is:, ...), that p measures the
			// choice.
			whose := cols.nameOf(c, l.view.System) + "'s"
			var read []string
			if reads.Hypotheses {
				read = append(read, "hypotheses")
			}
			if reads.Annotations {
				read = append(read, "annotations")
			}
			what := whose + " " + strings.Join(read, " and ")
			forms := []string{
				"the filter reads " + what + ", the list's system, whichever is selected",
				"the filter reads " + what + ", whichever is selected",
				"the filter reads " + what,
				"filter reads " + whose,
			}
			switch {
			case reads.Scores:
				forms = []string{
					"this filter picks segments by score (" + whose + "): p measures that choice, not the systems",
					"this filter picks segments by score (" + whose + "): p measures that choice",
					"this filter picks segments by score: p measures that choice",
				}
			case reads.Annotations:
				// What a person marked on one system (its errors, or
				// which segments they got to, worst first) is a
				// judgement of that system's output, as a score is.
				forms = []string{
					"this filter picks segments by " + what + ": p measures that choice, not the systems",
					"this filter picks segments by " + what + ": p measures that choice",
					"this filter picks segments by annotations: p measures that choice",
				}
			}
			body[1] = st.Warn.Render(render.FirstFit(w, forms...))
		}
		table := s.table(c, cols)
		body = append(body, table...)
		body = append(body, s.histogram(c, cols, s.height-len(body)-1)...)
	}
	body = body[:min(len(body), s.height-1)]
	for len(body) < s.height-1 {
		body = append(body, "")
	}
	return fit(strings.Join(body, "\n")+"\n"+render.Truncate(footer, w), w, s.height)
}

// titleLine is the first line: the screen's name, the baseline, the test
// (with its n and seed), and at the right end, at least two cells apart,
// the rows compared (a user read "seed 12345 1875 segments" as one
// figure). It says less rather than being cut, giving way in this order:
// the scope's wording down to its count ("237 of 1984 match": the left
// part is tried whole beside each, a user saw "baseline" and the seed
// left out beside a filter's label where they fit beside the count), the
// default seed (a rerun gets it without asking), the word "baseline",
// the scope's wording again (the filter's label, each time the left part
// gives way it is tried beside each wording), "(auto)", then the n (a seed
// other than the default is what reruns the test, drawn when it was
// "none"), then such a seed, each first kept beside the scope in fewer
// letters ("1984 segs"); the screen's name, the baseline's name, the test
// and the number of rows stay from 60 columns on (a user saw "vs
// JDExploreAcademy (auto) · paired-ar n=10000 seed 12345    all" at 80
// columns, the screen's name and the count gone). A seed too long for
// any of those forms (it may have 4,300 digits) is tried again shortened
// ([seedForms]) before it gives way.
func (s sigScreen) titleLine(c common, l segList, cols sigColumns) string {
	name := cols.nameOf(c, l.view.Other)
	auto := ""
	if !l.pinned { // chosen by the rule, as the main header says
		auto = " (auto)"
	}
	test, withN := s.test, s.test
	seeds := []string{""} // no seed before the test's result
	if s.res != nil && s.res.Test == s.test && s.res.Metric == s.metric {
		withN += " n=" + model.Thousands(s.res.N)
		seeds = seedForms(s.res.Seed)
		for i := range seeds {
			seeds[i] = " seed " + seeds[i]
		}
	}
	// The scopes, from the fullest: with a filter, each wording of its
	// label (a drill-down's gives way a wording at a time), then none.
	n := c.ds.Len()
	all := model.Thousands(n)
	scopes := []string{"all " + all + " segments", all + " segments", all + " segs"}
	if l.filtered() {
		of := model.Thousands(len(l.rows)) + " of " + all // as the list's header words it
		lead, short := of+" match ", []string{of + " match", of}
		switch { // a drill-down's row found again, or gone, under new settings: no count
		case l.findingAgain():
			lead, short = "finding again: ", []string{"finding again", "finding…"}
		case l.gone != nil:
			lead, short = "gone now: ", []string{"row gone now", "gone"}
		}
		scopes = scopes[:0]
		for _, label := range l.filterLabels(func(i int) string { return cols.nameOf(c, i) }) {
			scopes = append(scopes, lead+label)
		}
		scopes = append(scopes, short...)
	}
	if refs := c.refsLabel(); refs != "" { // R: the scores are against these alone
		for i := range scopes {
			scopes[i] += " · " + refs
		}
	}
	fullest := scopes[:len(scopes)-2]
	scopes = append(scopes[:1:1], scopes[len(scopes)-2:]...) // the fullest, shorter, shortest
	// The screen's name says the metric tested, BLEU too.
	sig := c.metricTitle(s.metric) + " significance"
	drawn := s.res != nil && s.res.Seed != scoring.DefaultSeed()
	// formsWith are the forms with seed, from the fullest: each leaves out
	// one more thing.
	formsWith := func(seed string) []lineForm {
		full, alone := withN+seed, test+seed
		var forms []lineForm
		for _, scope := range fullest { // the whole left part first
			forms = append(forms, lineForm{sig + " vs baseline " + name + auto + " · " + full, scope})
		}
		forms = append(forms, lineForm{sig + " vs baseline " + name + auto + " · " + full, scopes[1]})
		for _, scope := range fullest {
			forms = append(forms, lineForm{sig + " vs " + name + auto + " · " + full, scope})
		}
		forms = append(forms,
			lineForm{sig + " vs " + name + auto + " · " + full, scopes[1]},
			lineForm{sig + " vs " + name + " · " + full, scopes[1]},
			lineForm{sig + " vs " + name + " · " + full, scopes[2]},
			lineForm{sig + " vs " + name + " · " + alone, scopes[1]},
			lineForm{sig + " vs " + name + " · " + alone, scopes[2]})
		if drawn && seed != "" {
			// A seed other than the default (one drawn for "none", 19
			// digits) outstays the word "significance": nothing else says
			// how to run the test again.
			forms = append(forms, lineForm{c.metricTitle(s.metric) + " vs " + name + " · " + alone, scopes[2]})
		}
		return forms
	}
	var forms []lineForm
	if drawn || seeds[0] == "" {
		// Those with the seed come again with it shortened.
		for _, seed := range seeds {
			forms = append(forms, formsWith(seed)...)
		}
	} else { // the default seed gives way first, after the scope's wording
		forms = append(formsWith(seeds[0])[:len(fullest)+1], formsWith("")...)
	}
	return firstFitLine(s.width, sigTitleGap, append(forms,
		lineForm{sig + " vs " + name + " · " + withN, scopes[1]},
		lineForm{sig + " vs " + name + " · " + withN, scopes[2]},
		lineForm{sig + " vs " + name + " · " + test, scopes[1]},
		lineForm{sig + " vs " + name + " · " + test, scopes[2]},
		// At last the screen's name gives way to the metric's alone, so
		// that the test's name is not cut beside a reference's label.
		lineForm{c.metricTitle(s.metric) + " vs " + name + " · " + test, scopes[2]},
	)...)
}

// sigTitleGap is the least room between the title's left part and the
// rows compared at its right end: two cells, so that a figure ending the
// one and the count starting the other do not read as one.
const sigTitleGap = "  "

// seedForms returns how a heading gives seed, the fullest first: all its
// digits, then, when that is shorter, its first and last digits either
// side of an ellipsis, with their number ("12345…67890 (4300 digits)"):
// a seed may have up to 4,300 digits ([scoring.Seed]), which no heading
// holds. Machine output gives every digit ([scoring.Seed.String]).
func seedForms(seed scoring.Seed) []string {
	whole := seed.String()
	const ends = 5 // digits kept at each end
	short := whole[:min(ends, len(whole))] + "…" + whole[max(0, len(whole)-ends):] + " (" + strconv.Itoa(len(whole)) + " digits)"
	if render.Cells(short) >= len(whole) {
		return []string{whole}
	}
	return []string{whole, short}
}

// sigReadings say how to read the p-value's star, from the fullest to the
// shortest.
var sigReadings = []string{
	"* p ≤ 0.05: a difference this large would be rare (under 5%) if the two systems were equally good",
	"* p ≤ 0.05: a difference this large would be rare if the systems were equally good",
	"* p ≤ 0.05: unlikely if the systems were equally good",
	"* p ≤ 0.05: unlikely to be chance",
	"* p ≤ 0.05",
}

// statusLine is the second line: the progress of the job in flight, the
// error, or how to read the p-value.
func (s sigScreen) statusLine(c common, run sigStatus, cols sigColumns) string {
	st, w := c.st, s.width
	switch {
	case run.running:
		what := "resampling"
		switch {
		case run.stats != "":
			what = run.stats + " statistics"
		case s.test == model.TestPairedAR:
			what = "randomizing"
		}
		line := run.spinner + " " + what + " " + render.Bar(st, run.frac, 20) + fmt.Sprintf(" %3.0f%%", 100*run.frac)
		forms := []string{line + " · esc cancels"}
		if s.res != nil {
			forms = []string{line + " · shown: the previous comparison · esc cancels", line + " · previous result shown · esc cancels", forms[0]}
		}
		return render.FirstFit(w, forms...)
	case errors.Is(s.err, model.ErrSignificanceNLTK):
		return st.Error.Render(render.FirstFit(w,
			"BLEU's significance follows sacrebleu: c for sacrebleu compat, or M tests chrF or TER",
			"BLEU's significance needs sacrebleu compat: c, or M for chrF/TER",
			"BLEU's significance needs sacrebleu compat: c"))
	case s.err != nil:
		return st.Error.Render(render.Truncate(s.err.Error(), w))
	case s.res == nil:
		return ""
	}
	// The reading says it in fewer words rather than being cut (a user saw
	// "…would be rare (under 5%) if the t…" at 120 columns), and gives way
	// to the verdict when not even its shortest form fits beside it; the
	// verdict then says it in fewer words too.
	v := s.verdicts(c, cols) // the selected system's, in words, first
	readings := sigReadings
	if s.res.LowerIsBetter { // said first: TER's better is lower
		readings = make([]string, 0, len(sigReadings)+1)
		for _, r := range sigReadings {
			readings = append(readings, "lower TER is better · "+r)
		}
		readings = append(readings, "lower is better")
	}
	if v == nil {
		return st.Muted.Render(render.FirstFit(w, readings...))
	}
	for _, read := range readings {
		if render.Fits(v[0]+" · "+read, w) {
			return st.Accent.Render(v[0]) + st.Muted.Render(" · "+read)
		}
	}
	return st.Accent.Render(render.FirstFit(w, v...))
}

// verdicts say in words what the test says of the selected system against
// the baseline, from the fullest to the shortest (the baseline's name,
// which the title gives, goes last); nil on the baseline's row.
func (s sigScreen) verdicts(c common, cols sigColumns) []string {
	res := s.res
	if res.Test != s.test || res.Metric != s.metric || s.cursor < 0 || s.cursor >= len(res.Systems) || s.cursor == res.Baseline {
		return nil // the result shown is the other test's, until this one's is in
	}
	sc := res.Systems[s.cursor]
	name, bname := cols.nameOf(c, s.cursor), cols.nameOf(c, res.Baseline)
	switch {
	case res.NaNDelta(s.cursor):
		return []string{
			fmt.Sprintf("%s vs %s: Δ is nan (a score is not finite), so the test ranks neither (p %.4f)", name, bname, sc.PValue),
			fmt.Sprintf("%s vs %s: Δ is nan, the test ranks neither (p %.4f)", name, bname, sc.PValue),
			fmt.Sprintf("%s: Δ is nan (p %.4f)", name, sc.PValue),
		}
	case sc.NoDifference(): // the note under the table says why
		return []string{
			fmt.Sprintf("%s vs %s: the test has nothing to go on here (p %.4f, its smallest)", name, bname, sc.PValue),
			fmt.Sprintf("%s vs %s: the test says nothing here (p %.4f)", name, bname, sc.PValue),
			fmt.Sprintf("%s: the test says nothing (p %.4f)", name, sc.PValue),
		}
	case !sc.Significant():
		return []string{
			fmt.Sprintf("%s vs %s: no significant difference (p %.4f)", name, bname, sc.PValue),
			fmt.Sprintf("%s vs %s: not significant (p %.4f)", name, bname, sc.PValue),
			fmt.Sprintf("%s: not significant (p %.4f)", name, sc.PValue),
		}
	case res.Better(s.cursor):
		return []string{
			fmt.Sprintf("%s is better than %s (p %.4f*)", name, bname, sc.PValue),
			fmt.Sprintf("%s is better (p %.4f*)", name, sc.PValue),
		}
	}
	return []string{
		fmt.Sprintf("%s is worse than %s (p %.4f*)", name, bname, sc.PValue),
		fmt.Sprintf("%s is worse (p %.4f*)", name, sc.PValue),
	}
}

// sigColumns are the widths of a frame: the table's columns (mu is 0
// when the μ ± CI figures do not fit; the drawn interval still shows
// them) and the width of the systems' names everywhere on the screen.
type sigColumns struct {
	name, score, delta, mu, p, wtl, axis int
	ci                                   int // the widest CI, to which each is padded in μ ± CI
	// names is the most cells a system's name takes on the screen: that
	// of [common.shortName], or the table's name column when it is
	// narrower, so that a name takes one form on a frame (a user saw
	// "JDExp…cademy" in the title above "JDEx…ademy" in the table at 60
	// columns).
	names int
}

// columns works out the widths of a frame, once: View passes them to
// every part it draws. Without a comparison there is no table, and the
// names take the width of [common.shortName].
func (s sigScreen) columns(c common) sigColumns {
	if s.res == nil {
		return sigColumns{names: c.shortWidth()}
	}
	// The names as the title gives them ([common.shortName]); a column
	// narrower than that abbreviates them on the whole screen.
	cols := sigColumns{name: 6, score: 6, delta: 6, p: 7}
	for i := range c.ds.Systems {
		cols.name = max(cols.name, render.Cells(c.shortName(i)))
	}
	full := cols.name
	cols.name = min(cols.name, 18)
	for _, sc := range s.res.Systems {
		if sc.Resamples > 0 {
			cols.ci = max(cols.ci, render.Cells(c.score(sc.CI)))
		}
	}
	cols.wtl = len("w/t/l")
	for i, sc := range s.res.Systems {
		if i != s.res.Baseline {
			cols.wtl = max(cols.wtl, len(wtlText(sc)))
		}
	}
	if s.width >= 80 {
		cols.wtl = max(cols.wtl, len("win/tie/loss"))
	}
	if c.nltk() {
		cols.score, cols.delta = 7, 8
	}
	cols.score = max(cols.score, render.Cells(c.metricTitle(s.res.Metric))) // chrF2++
	// Approximate randomization has no μ ± CI to show: no column for it.
	if cols.ci > 0 {
		cols.mu = 2*cols.score + 3
	}
	if cut := full - cols.name; cut > 0 && s.width-cols.lead()-cut >= sigWideAxis {
		cols.name = full // room for the whole names beside a wide axis
	}
	fixed := cols.lead()
	if s.width-fixed < 24 {
		cols.mu = 0
		fixed = cols.lead()
		cols.name = min(cols.name, max(6, s.width-fixed+cols.name-12))
		fixed = cols.lead()
	}
	cols.axis = max(8, s.width-fixed)
	cols.names = c.shortWidth()
	if len(s.res.Systems) == len(c.ds.Systems) {
		cols.names = min(cols.names, cols.name)
	}
	return cols
}

// sigWideAxis is the axis width from which the names column takes the
// names as the title gives them, beyond its usual 18 cells.
const sigWideAxis = 40

// sigAxisGap is the gap before the intervals' axis: two cells, so that
// its head ("μ ± 95% CI") stands apart from "win/tie/loss" (with one, a
// user read them as one head).
const sigAxisGap = 2

// lead is the width of a row before the axis: the mark, the columns with
// a space after each, and the axis's gap.
func (cols sigColumns) lead() int {
	n := 2 + cols.name + 1 + cols.score + 1 + cols.delta + 1 + cols.p + 1 + cols.wtl + sigAxisGap
	if cols.mu > 0 {
		n += cols.mu + 1
	}
	return n
}

// nameOf is system i's name as the screen gives it everywhere: cut to the
// frame's width for names ([common.cutName]).
func (cols sigColumns) nameOf(c common, i int) string { return c.cutName(i, cols.names) }

// axis is the shared axis of the intervals: every system's μ ± CI (its
// score with AR, which has no interval).
func (s sigScreen) axis(width int) render.Axis {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, sc := range s.res.Systems {
		a, b := sc.Score, sc.Score
		if sc.Resamples > 0 {
			a, b = sc.Mean-sc.CI, sc.Mean+sc.CI
		}
		lo, hi = math.Min(lo, a), math.Max(hi, b)
	}
	return render.NewAxis(lo, hi, width)
}

// table is the header, one row per system (scrolled so the selection
// shows), and the axis ticks under the intervals.
func (s sigScreen) table(c common, cols sigColumns) []string {
	st, res := c.st, s.res
	ax := s.axis(cols.axis)
	axisName := "μ ± 95% CI"
	if res.Test == model.TestPairedAR {
		axisName = "score (AR has no CI)"
	}
	head := "  " + render.PadRight("system", cols.name) + " " + render.PadLeft(c.metricTitle(res.Metric), cols.score) + " " +
		render.PadLeft("Δ", cols.delta) + " "
	if cols.mu > 0 {
		head += render.PadLeft("μ ± CI", cols.mu) + " "
	}
	wtl := "win/tie/loss"
	if cols.wtl < len(wtl) {
		wtl = "w/t/l"
	}
	// "p " and "— ": the p-values' digits line up, a star or its room after them.
	head += render.PadLeft("p ", cols.p) + " " + render.PadLeft(wtl, cols.wtl) + strings.Repeat(" ", sigAxisGap)
	if res.Test == model.TestPairedAR { // in fewer words rather than cut
		axisName = render.FirstFit(s.width-render.Cells(head), axisName, "score (no CI)", "score")
	}
	head += axisName
	lines := []string{st.Header.Render(render.Truncate(head, s.width))}
	rows := s.tableRows(len(res.Systems))
	top := max(0, min(s.cursor-rows+1, len(res.Systems)-rows))
	base := res.Systems[res.Baseline]
	ref := base.Score
	if base.Resamples > 0 {
		ref = base.Mean
	}
	for i := top; i < top+rows && i < len(res.Systems); i++ {
		lines = append(lines, s.row(c, cols, ax, i, ref))
	}
	lines = append(lines, st.Muted.Render(render.Truncate(axisLead(top, rows, len(res.Systems), cols.lead(), baselineLegend(res.Test == model.TestPairedAR))+render.AxisTicks(ax, c.score), s.width)))
	if note := s.noDifferenceNote(c, cols); note != "" {
		lines = append(lines, st.Muted.Render(note))
	}
	return lines
}

// tableRows is how many of n systems the table shows at once: a third of
// the screen's lines, the histogram taking the rest.
func (s sigScreen) tableRows(n int) int { return max(1, min(n, s.height/3)) }

// axisLead is the axis line's lead, lead cells under the columns: which
// rows are in view when not all are ("1–5 of 9 systems", "1–5 of 9"), so
// that a screen too short for all of them says there are more, and what
// "┊" on the other systems' rows marks, the fullest of legend's forms that
// fits beside it, two cells clear of the ticks (no legend said it marked
// the baseline's centre).
func axisLead(top, rows, n, lead int, legend []string) string {
	var counts []string
	if rows < n {
		shown := fmt.Sprintf("%d–%d of %d", top+1, top+rows, n)
		counts = []string{"  " + shown + " systems", "  " + shown, shown}
	}
	var forms []string
	for _, l := range legend {
		if len(counts) == 0 {
			forms = append(forms, "  "+l)
			continue
		}
		forms = append(forms, counts[0]+"  "+l, counts[1]+"  "+l)
	}
	forms = append(forms, counts...)
	for _, f := range forms {
		if render.Fits(f, lead-sigAxisGap) {
			return render.PadRight(f, lead)
		}
	}
	if len(counts) == 0 {
		return strings.Repeat(" ", lead)
	}
	return render.PadRight(render.FirstFit(lead-1, counts...), lead)
}

// baselineLegend says what "┊" (and "┼", the same inside an interval)
// marks on the other systems' rows: the baseline's mean, or its score
// with approximate randomization, which has no interval; from the fullest
// form to the shortest.
func baselineLegend(ar bool) []string {
	if ar {
		return []string{"(┊ marks the baseline's score)", "(┊ the baseline's score)", "(┊ baseline's score)", "(┊ baseline)"}
	}
	return []string{
		"(┊ marks the baseline's mean μ, ┼ where it falls inside an interval)",
		"(┊ marks the baseline's mean, ┼ inside an interval)",
		"(┊ the baseline's mean, ┼ inside a CI)",
		"(┊ the baseline's mean)",
		"(┊ baseline's μ)",
	}
}

// noDifferenceNote says which systems the test saw no difference in
// ([model.SystemComparison.NoDifference]), so that their p-value, the
// smallest the test gives, has no *, in the fullest of its forms that fits
// the screen; "" when there is none.
func (s sigScreen) noDifferenceNote(c common, cols sigColumns) string {
	var names []string
	tied := true
	for i, sc := range s.res.Systems {
		if i != s.res.Baseline && sc.NoDifference() {
			names = append(names, cols.nameOf(c, i))
			tied = tied && sc.Wins == 0 && sc.Losses == 0
		}
	}
	if len(names) == 0 {
		return ""
	}
	// In fewer words rather than cut: the reason gives way, then the names.
	which := "no * for " + strings.Join(names, ", ")
	why := ": every " + model.Unit(s.res.Test) + " gave a difference of one size, so none exceeded the observed and the test says nothing"
	if tied {
		why = ": the same score as the baseline on every segment, so the test says nothing"
	}
	return render.FirstFit(s.width, which+why, which+": the test says nothing here",
		fmt.Sprintf("no * for %d system%s: the test says nothing here", len(names), model.PluralS(len(names))))
}

// row is system i's line of the table; ref is the baseline's centre,
// marked on every interval.
func (s sigScreen) row(c common, cols sigColumns, ax render.Axis, i int, ref float64) string {
	res := s.res
	sc := res.Systems[i]
	isBase := i == res.Baseline
	delta, p, wtl := "base", "— ", ""
	kind := render.IntervalBaseline
	if !isBase {
		delta = c.delta(sc.Score - res.Systems[res.Baseline].Score)
		p = fmt.Sprintf("%.4f", sc.PValue)
		kind = render.IntervalPlain
		if res.Starred(i) {
			p += "*"
			kind = render.IntervalBetter
			if !res.Better(i) {
				kind = render.IntervalWorse
			}
		} else {
			p += " "
		}
		wtl = wtlText(sc)
	}
	mid, half := sc.Score, 0.0
	mu := ""
	if sc.Resamples > 0 {
		mid, half = sc.Mean, sc.CI
		// The CIs padded to the widest, so that the right-aligned
		// cells put every ± in line (41.13 ± 12.50 above 77.10 ±  7.67).
		mu = c.score(sc.Mean) + " ± " + render.PadLeft(c.score(sc.CI), cols.ci)
	}
	parts := []string{
		c.systemCell(i, cols.name), // as s.name gives it: cols.name is at most shortWidth
		render.PadLeft(c.score(sc.Score), cols.score),
		render.PadLeft(delta, cols.delta),
	}
	if cols.mu > 0 {
		parts = append(parts, render.PadLeft(mu, cols.mu))
	}
	parts = append(parts, render.PadLeft(p, cols.p), render.PadLeft(wtl, cols.wtl))
	if isBase {
		ref = math.NaN()
	}
	line := strings.Join(parts, " ")
	draw := render.Interval(c.st, ax, mid, half, ref, kind)
	gap := strings.Repeat(" ", sigAxisGap)
	if i == s.cursor {
		return c.st.Selected.Render(render.Truncate("▸ "+line, s.width-ax.Width-sigAxisGap)) + gap + draw
	}
	return "  " + line + gap + draw
}

// wtlText is a system's wins/ties/losses against the baseline, counts
// written as the explorer writes them ("1,270/148/566").
func wtlText(sc model.SystemComparison) string {
	return model.Thousands(sc.Wins) + "/" + model.Thousands(sc.Ties) + "/" + model.Thousands(sc.Losses)
}

// histogram draws the selected system's resampled differences, or says
// what the baseline's row means when the baseline is selected.
func (s sigScreen) histogram(c common, cols sigColumns, height int) []string {
	st, res, w := c.st, s.res, s.width
	if s.cursor < 0 || s.cursor >= len(res.Systems) {
		return nil
	}
	if s.cursor == res.Baseline {
		return []string{"", st.Muted.Render(render.FirstFit(w,
			"the baseline: select another system (↑↓) for its resampled differences, p pins it as the baseline",
			"the baseline: select another system (↑↓) for its resampled differences",
			"the baseline: ↑↓ selects another system"))}
	}
	sc := res.Systems[s.cursor]
	obs := sc.Score - res.Systems[res.Baseline].Score
	// The share said beside p is of the resamples that did not favour the
	// system: Δ ≤ 0, or Δ ≥ 0 for TER, whose better is lower (it read
	// "1000/1000 with Δ ≤ 0" for a system better in every resample).
	against, notBetter := 0, "Δ ≤ 0"
	if res.LowerIsBetter {
		notBetter = "Δ ≥ 0"
	}
	for _, d := range sc.Deltas {
		if d <= 0 && !res.LowerIsBetter || d >= 0 && res.LowerIsBetter {
			against++
		}
	}
	name, bname := cols.nameOf(c, s.cursor), cols.nameOf(c, res.Baseline)
	// The caption in fewer words rather than cut (it read "…counts |Δ| −
	// mean > 8.…" at 100 columns, "Δ +8.9…" at 60): the names give way
	// last but one, as the title and the verdict say them.
	var forms []string
	if res.Test == model.TestPairedAR {
		// The test is two-sided: ▲ marks the observed Δ on the axis, △
		// its mirror, -Δ, which counts as much; every form says so.
		forms = []string{
			fmt.Sprintf("%s vs %s, segments swapped at random: p counts trials with |Δ| > %s, the observed Δ's size, either way (▲ observed Δ %s, △ its mirror %s)", name, bname, c.score(math.Abs(obs)), c.delta(obs), c.delta(-obs)),
			fmt.Sprintf("%s vs %s, swapped at random · observed Δ %s ▲ · two-sided, its mirror %s △", name, bname, c.delta(obs), c.delta(-obs)),
			fmt.Sprintf("%s vs %s, swapped at random · Δ %s ▲ · two-sided, mirror %s △", name, bname, c.delta(obs), c.delta(-obs)),
			fmt.Sprintf("%s vs %s, swapped at random · Δ %s ▲ · mirror %s △", name, bname, c.delta(obs), c.delta(-obs)),
			fmt.Sprintf("swapped at random · Δ %s ▲ · two-sided, mirror %s △", c.delta(obs), c.delta(-obs)),
			fmt.Sprintf("swapped at random · Δ %s ▲ · mirror %s △", c.delta(obs), c.delta(-obs)),
		}
	} else { // the share against the system is not p: a form that gives both says what each counts
		// sacrebleu's p is (1 + k) / (N + 1), k the resamples whose |Δ|
		// less the mean |Δ| exceeds the observed |Δ|: |Δ| > mean |Δ| +
		// observed |Δ|. Every form says so, shorter as room runs short, the
		// shortest as "p ≈ share …" (p 0.0010 for a share of 0/1000 read as
		// a contradiction when it said "= share"). Where that does not fit
		// beside the share against the system, the share gives way, then
		// the names, never the reason.
		abs, n1 := c.score(math.Abs(obs)), len(sc.Deltas)+1
		resamples := "resamples" // of the N drawn: "0 of 1 resample"
		if len(sc.Deltas) == 1 {
			resamples = "resample"
		}
		pair := fmt.Sprintf("%s − %s: ", name, bname)
		share := fmt.Sprintf("%s/%s with %s", model.Thousands(against), model.Thousands(len(sc.Deltas)), notBetter)
		pk := fmt.Sprintf("p %.4f = (k+1)/%s, k", sc.PValue, model.Thousands(n1))
		counts := fmt.Sprintf("Δ %s ▲ · %s with |Δ| > mean |Δ| + %s", c.delta(obs), pk, abs)
		approx := fmt.Sprintf("Δ %s ▲ · p %.4f ≈ share with |Δ| > mean |Δ| + %s", c.delta(obs), sc.PValue, abs)
		forms = []string{
			fmt.Sprintf("%s%s of %s %s with %s · Δ %s (▲) · p %.4f = (1 + resamples whose |Δ| exceeds the mean |Δ| by more than %s, the observed |Δ|) / %s",
				pair, model.Thousands(against), model.Thousands(len(sc.Deltas)), resamples, notBetter, c.delta(obs), sc.PValue, abs, model.Thousands(n1)),
			fmt.Sprintf("%s%s/%s %s with %s · Δ %s ▲ · p %.4f = (1 + resamples whose |Δ| exceeds the mean |Δ| by more than %s) / %s",
				pair, model.Thousands(against), model.Thousands(len(sc.Deltas)), resamples, notBetter, c.delta(obs), sc.PValue, abs, model.Thousands(n1)),
			fmt.Sprintf("%s%s · Δ %s ▲ · %s whose |Δ| exceeds mean |Δ| + %s", pair, share, c.delta(obs), pk, abs),
			fmt.Sprintf("%s%s/%s %s with %s · %s", pair, model.Thousands(against), model.Thousands(len(sc.Deltas)), resamples, notBetter, counts),
			pair + share + " · " + counts,
			share + " · " + counts,
			pair + counts,
			counts,
			approx,
			fmt.Sprintf("Δ %s ▲ · p %.4f", c.delta(obs), sc.PValue),
		}
	}
	title := render.FirstFit(w, forms...)
	// The count atop the bars' axis says what it counts where room allows.
	unit := " · bars: resamples per bin"
	if res.Test == model.TestPairedAR {
		unit = " · bars: trials per bin"
	}
	// What the dashed line rising from 0 marks, before the unit: the
	// intervals' "┊" just above marks the baseline's centre (a user read
	// the two as one). It comes before the caption's fuller wordings,
	// which give way to it down to the last but one (the last drops the
	// reason for p): a wide window's fullest caption left it no room, so
	// it showed at 80 and 100 columns but not at 90 or 120.
	zero := fmt.Sprintf(" · %c Δ = 0", render.ZeroLine)
	for _, f := range forms[:len(forms)-1] {
		if render.Fits(f+zero, w) {
			title = f + zero
			break
		}
	}
	if render.Fits(title+unit, w) {
		title += unit
	}
	// The bars take the rows left (a tall window had them stop at 12,
	// blank rows below), fewer when a row would stand for less than one
	// resample ([render.DeltaHistogram]).
	h := max(2, height-5)
	return append([]string{"", st.Title.Render(title)},
		strings.Split(render.DeltaHistogram(st, sc.Deltas, obs, res.Test == model.TestPairedAR, c.delta, w, h), "\n")...)
}
