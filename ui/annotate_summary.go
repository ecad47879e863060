package ui

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/model/annotations"
	"github.com/bleuscope/bleuscope/ui/render"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// disagreeTop is how many segments each list of disagreements shows.
const disagreeTop = 5

// annSummary is the annotation summary screen: per system the segments
// rated, the errors, the MQM score beside BLEU and their ranks; for the
// shown system the errors by category × severity and the segments where
// BLEU and the raters disagree most, each one key from the segment; and
// the detached annotations. It owns its scroll position and the chosen
// segment.
type annSummary struct {
	body  pane
	segs  []int // the segments listed as disagreements, in order
	lines []int // the content line of each
	pick  int
}

// SetSize fits the screen to width×height cells.
func (s annSummary) SetSize(width, height int) annSummary {
	s.body.setSize(width, height-2)
	return s
}

// disagreement is a segment where BLEU and the raters disagree.
type disagreement struct {
	seg     int
	bleu    float64
	penalty float64
	errs    []annotations.Annotation
}

// disagreements returns, for system sys, the rated segments with a major
// error (penalty ≥ 5) and the highest sentence BLEU, and the segments
// rated without error and the lowest sentence BLEU; their errors'
// severities are spelled as the preset spells them, as the error table's
// columns are.
func disagreements(c common, n annotator, sys int) (highBLEU, lowBLEU []disagreement) {
	if c.scored == nil {
		return nil, nil
	}
	name := c.ds.Systems[sys].StableName()
	seen := map[int]bool{}
	for _, a := range n.res.Attached {
		if a.System != name || seen[a.Line] {
			continue
		}
		seen[a.Line] = true
		p, ok := n.res.Penalty(name, a.Line, n.preset)
		b := c.scored.Systems[sys].Sentence[a.Line-1]
		if !ok || math.IsNaN(b) {
			continue
		}
		_, hasErr := n.res.Rated(name, a.Line)
		d := disagreement{seg: a.Line - 1, bleu: b, penalty: p}
		for _, e := range n.res.Segment(name, a.Line) {
			if e.Kind == annotations.KindError {
				e.Severity = n.preset.SeverityName(e.Severity) // as the table above spells it
				d.errs = append(d.errs, e)
			}
		}
		// The weightiest error first: the one a line shows.
		slices.SortStableFunc(d.errs, func(x, y annotations.Annotation) int {
			return cmp.Compare(n.preset.Weight(y.Category, y.Severity), n.preset.Weight(x.Category, x.Severity))
		})
		switch {
		case p >= 5:
			highBLEU = append(highBLEU, d)
		case !hasErr:
			lowBLEU = append(lowBLEU, d)
		}
	}
	slices.SortFunc(highBLEU, func(a, b disagreement) int {
		return cmp.Or(cmp.Compare(b.bleu, a.bleu), cmp.Compare(b.penalty, a.penalty), cmp.Compare(a.seg, b.seg))
	})
	slices.SortFunc(lowBLEU, func(a, b disagreement) int { return cmp.Or(cmp.Compare(a.bleu, b.bleu), cmp.Compare(a.seg, b.seg)) })
	return highBLEU[:min(disagreeTop, len(highBLEU))], lowBLEU[:min(disagreeTop, len(lowBLEU))]
}

// refresh renders the summary for the shown system sys.
func (s *annSummary) refresh(c common, n annotator, sys int, resetTop bool) {
	st := c.st
	w := c.width
	var out []string
	add := func(line string) { out = append(out, render.Truncate(line, w)) }
	sums := annotations.Summarize(n.res.Attached, n.preset)
	bySys := map[string]annotations.SystemSummary{}
	for _, sm := range sums {
		bySys[sm.System] = sm
	}
	// The systems, with BLEU and MQM and their ranks: the number columns
	// as wide as their widest cell, the names given the rest.
	hasESA := slices.ContainsFunc(sums, func(sm annotations.SystemSummary) bool { return sm.ESA != nil })
	heads := []string{"BLEU", "MQM", "rated", "errors", "#BLEU", "#MQM"}
	if hasESA {
		heads = slices.Insert(heads, 2, "ESA")
	}
	colW := make([]int, len(heads))
	for j, h := range heads {
		colW[j] = len(h)
	}
	bleuRank, mqmRank := ranks(c, bySys)
	cells := make([][]string, len(c.ds.Systems))
	for i := range c.ds.Systems {
		sm, rated := bySys[c.ds.Systems[i].StableName()]
		bleu, mqm, br, mr := "…", "-", "", "-"
		if c.scored != nil && c.scored.Systems[i].CorpusErr == nil {
			bleu, br = c.score(c.scored.Systems[i].Corpus.Score), itoa(bleuRank[i])
		}
		errs := 0
		for _, sev := range sm.Errors {
			for _, k := range sev {
				errs += k
			}
		}
		if rated && sm.Segments > 0 {
			mqm, mr = fmt.Sprintf("%.2f", sm.MQM), itoa(mqmRank[i])
		}
		cells[i] = []string{bleu, mqm, itoa(sm.Segments), itoa(errs), br, mr}
		if hasESA {
			esa := "-"
			if rated && sm.ESA != nil {
				esa = fmt.Sprintf("%.1f", *sm.ESA)
			}
			cells[i] = slices.Insert(cells[i], 2, esa)
		}
		for j, v := range cells[i] {
			colW[j] = max(colW[j], render.Cells(v))
		}
	}
	numbers := func(vs []string) string {
		var b strings.Builder
		for j, v := range vs {
			b.WriteString(" " + render.PadLeft(v, colW[j]+1)) // two spaces between columns
		}
		return b.String()
	}
	name := annNames(c, w-render.Cells(numbers(heads)))
	nameW := len("system")
	for i := range c.ds.Systems {
		nameW = max(nameW, render.Cells(name(i)))
	}
	add(st.Header.Render(render.PadRight(render.PadRight("system", nameW)+numbers(heads), w)))
	for i := range c.ds.Systems {
		line := render.PadRight(name(i), nameW) + numbers(cells[i])
		if i == sys {
			line = st.Accent.Render(line)
		}
		add(line)
	}
	about := annotations.MQMAbout
	if hasESA {
		about += ". " + annotations.ESAAbout
	}
	if len(n.unranked) > 0 {
		// The MQM file's own ranking, 'annotations summary', has them.
		refs := render.Safe(strings.Join(n.unranked, ", "))
		about += fmt.Sprintf(". #BLEU and #MQM rank the %d system%s opened here, not %s, taken as reference; 'bleuscope annotations summary' ranks every system of the file, %s too", len(c.ds.Systems), model.PluralS(len(c.ds.Systems)), refs, refs)
	}
	for _, line := range strings.Split(render.Wrap(about, w), "\n") {
		add(st.Muted.Render(line))
	}
	// Errors of the shown system by category × severity.
	out = append(out, "")
	sm := bySys[c.ds.Systems[sys].StableName()]
	add(st.Title.Render("errors of " + name(sys) + " by category × severity"))
	out = append(out, errorTable(c, n.preset, sm)...)
	// Where BLEU and the raters disagree.
	s.segs, s.lines = s.segs[:0], s.lines[:0]
	high, low := disagreements(c, n, sys)
	out = append(out, "")
	// Of the shown system, as the errors above: named, since "none" under
	// it read as none in any system.
	disagree := st.Title.Render("where BLEU and the raters disagree most")
	on := st.Title.Render("where BLEU and the raters disagree most on " + name(sys))
	add(render.FirstFit(w, on+st.Muted.Render(" · ↑↓ choose, enter shows the segment"), on+st.Muted.Render(" · ↑↓ choose, enter shows it"), on,
		disagree+st.Muted.Render(" · ↑↓ choose, enter shows it"), disagree))
	list := func(title string, ds []disagreement) {
		add(st.Label.Render(title))
		if len(ds) == 0 {
			add(st.Muted.Render("   none"))
		}
		for _, d := range ds {
			line := fmt.Sprintf("   line %-5d BLEU %6s  MQM %-5s ", d.seg+1, c.score(d.bleu), trimFloat(d.penalty))
			if len(d.errs) > 0 {
				// The first error's category gives way before "+N more".
				more := ""
				if len(d.errs) > 1 {
					more = fmt.Sprintf(" +%d more", len(d.errs)-1)
				}
				line += render.Truncate(render.Safe(describe(d.errs[0])), w-render.Cells(line)-len(more)) + more
			}
			if len(s.segs) == s.pick {
				line = st.Selected.Render(render.PadRight("▸"+line[1:], w))
			}
			s.segs, s.lines = append(s.segs, d.seg), append(s.lines, len(out))
			add(line)
		}
	}
	list("highest sentence BLEU despite a major error", high)
	list("lowest sentence BLEU though marked no error", low)
	// How far the raters agree, over every system.
	if agree := annotations.Agree(n.res.Attached, n.preset); len(agree) > 0 {
		out = append(out, "")
		agreement := st.Title.Render("agreement between raters")
		add(render.FirstFit(w, agreement+st.Muted.Render(" · Cohen's κ on error/no error and on the worst severity; F1 of overlapping spans"),
			agreement+st.Muted.Render(" · Cohen's κ and span F1"), agreement))
		raterW := 6
		for _, g := range agree {
			raterW = min(max(raterW, len([]rune(render.Safe(g.RaterA))), len([]rune(render.Safe(g.RaterB)))), 16)
		}
		add(st.Header.Render(render.PadRight(fmt.Sprintf("   %s %s %8s %8s %8s %8s", render.PadRight("rater", raterW), render.PadRight("rater", raterW), "segments", "κ error", "κ sev", "span F1"), w)))
		for i, g := range agree {
			if i == 10 {
				more := fmt.Sprintf("   … %d more pairs", len(agree)-i)
				add(st.Muted.Render(render.FirstFit(w, more+" ('bleuscope annotations summary' lists them all)", more+" (annotations summary lists them)", more)))
				break
			}
			add(fmt.Sprintf("   %s %s %8d %8s %8s %8s", render.PadRight(render.Safe(g.RaterA), raterW), render.PadRight(render.Safe(g.RaterB), raterW), g.Segments,
				orDash(g.KappaError), orDash(g.KappaSeverity), orDash(g.SpanF1)))
		}
	}
	// Annotations that no longer belong to the input, by cause.
	if det := n.res.DetachedByCause(); len(det) > 0 {
		out = append(out, "")
		add(st.Title.Render(render.FirstFit(w, "detached annotations: kept in the file, shown on no segment", "detached: kept in the file, shown on no segment", "detached annotations")))
		const most = 20 // rows listed; the export lists them all
		listed := 0
		for _, g := range det {
			if listed == most {
				break
			}
			forms := g.Forms()
			for i, f := range forms {
				forms[i] = render.Safe(f)
			}
			add(st.Label.Render(render.FirstFit(w, forms...)))
			for _, d := range g.Of[:min(len(g.Of), most-listed)] {
				listed++
				who := render.Safe(d.System) // a system the input does not have: named only here
				if j, ok := annotations.SystemOf(c.ds, d.System); ok {
					who = name(j) // the table's form, for an older file's short name too
				}
				// The reason in fewer words first, then an error's category
				// left out, its severity kept.
				what := []string{describe(d.Annotation)}
				if d.Kind == annotations.KindError {
					what = append(what, render.Safe(d.Severity))
				}
				var rows []string
				for _, wh := range what {
					row := fmt.Sprintf("   %s line %d, %s", who, d.Line, wh)
					if g.Cause == annotations.CauseNoSystem { // the heading says it
						rows = append(rows, row)
						continue
					}
					for _, r := range append([]string{d.Reason}, d.Shorter...) {
						rows = append(rows, row+": "+render.Safe(r))
					}
				}
				add(render.FirstFit(w, rows...))
			}
		}
		if more := len(n.res.Detached) - listed; more > 0 {
			more := fmt.Sprintf("   … %d more", more)
			add(st.Muted.Render(render.FirstFit(w, more+" ('bleuscope annotations export' lists them all)", more+" (annotations export lists them)", more)))
		}
	}
	s.pick = min(s.pick, max(0, len(s.segs)-1))
	s.body.setContent(strings.Join(out, "\n"), resetTop)
}

// annNames returns the form of each system's name on the summary: the
// whole name when it fits room cells (the name column's), else the short
// form other screens show; one form on the whole screen.
func annNames(c common, room int) func(sys int) string {
	return func(sys int) string {
		if name := c.systemName(sys); render.Cells(name) <= room {
			return name
		}
		return c.shortName(sys)
	}
}

// ranks returns each system's rank by corpus BLEU (highest first) and by
// MQM score (lowest first; 0 for a system nobody rated).
func ranks(c common, bySys map[string]annotations.SystemSummary) (bleu, mqm []int) {
	n := len(c.ds.Systems)
	bleu, mqm = make([]int, n), make([]int, n)
	for i := range n {
		for j := range n {
			if c.scored != nil && c.scored.Systems[j].Corpus.Score > c.scored.Systems[i].Corpus.Score {
				bleu[i]++
			}
			a, aok := bySys[c.ds.Systems[i].StableName()]
			b, bok := bySys[c.ds.Systems[j].StableName()]
			if aok && bok && a.Segments > 0 && b.Segments > 0 && b.MQM < a.MQM {
				mqm[i]++
			}
		}
		bleu[i]++
		mqm[i]++
	}
	return bleu, mqm
}

// errorTable lays out a system's error counts by category (rows) and
// severity (columns, the preset's order, then any other); a system with
// no segment rated is said not to be annotated, which "no error marked"
// would read as rated clean.
func errorTable(c common, p *annotations.Preset, sm annotations.SystemSummary) []string {
	st := c.st
	if sm.Segments == 0 {
		return []string{st.Muted.Render("   not annotated yet: no segment rated")}
	}
	if len(sm.Errors) == 0 {
		return []string{st.Muted.Render("   no error marked")}
	}
	var sevs []string
	have := map[string]bool{}
	for _, sev := range sm.Errors {
		for s := range sev {
			have[s] = true
		}
	}
	for _, s := range p.Severities {
		if have[s.Name] {
			sevs = append(sevs, s.Name)
			delete(have, s.Name)
		}
	}
	rest := make([]string, 0, len(have))
	for s := range have {
		rest = append(rest, s)
	}
	slices.Sort(rest)
	sevs = append(sevs, rest...)
	cats := make([]string, 0, len(sm.Errors))
	for cat := range sm.Errors {
		cats = append(cats, cat)
	}
	slices.SortFunc(cats, func(a, b string) int {
		return cmp.Or(cmp.Compare(total(sm.Errors[b]), total(sm.Errors[a])), cmp.Compare(a, b))
	})
	longest := 0
	for _, cat := range cats {
		longest = max(longest, render.Cells(render.Safe(cat)))
	}
	catW := max(12, min(3+longest, c.width-2-9*len(sevs)))
	head := render.PadRight("   category", catW)
	for _, s := range sevs {
		head += render.PadLeft(render.Safe(s), 9)
	}
	out := []string{render.Truncate(st.Header.Render(head), c.width)}
	for _, cat := range cats {
		row := "   " + render.PadRight(render.Safe(cat), catW-3)
		for _, s := range sevs {
			v := ""
			if k := sm.Errors[cat][s]; k > 0 {
				v = itoa(k)
			}
			row += render.PadLeft(v, 9)
		}
		out = append(out, render.Truncate(row, c.width))
	}
	return out
}

func total(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

// Update moves the choice among the disagreements and scrolls; it reports
// the segment to show when enter is pressed (-1 otherwise).
func (s annSummary) Update(msg tea.Msg, k KeyMap) (annSummary, int) {
	km, ok := msg.(tea.KeyMsg)
	switch {
	case ok && key.Matches(km, k.Up, k.Down) && len(s.segs) > 0:
		// A chosen line out of view (the list starts below the fold) is
		// first brought into view; the next key moves.
		if s.inView() {
			if key.Matches(km, k.Up) {
				s.pick = max(0, s.pick-1)
			} else {
				s.pick = min(len(s.segs)-1, s.pick+1)
			}
		}
		s.show()
	case ok && km.Type == tea.KeyEnter && s.pick < len(s.segs):
		return s, s.segs[s.pick]
	default:
		s.body.update(msg, k)
	}
	return s, -1
}

// inView reports whether the chosen line is on screen.
func (s *annSummary) inView() bool {
	if s.pick >= len(s.lines) {
		return false
	}
	l := s.lines[s.pick]
	return l >= s.body.off && l < s.body.off+s.body.height
}

// show scrolls the chosen line into view.
func (s *annSummary) show() {
	if s.pick >= len(s.lines) {
		return
	}
	l := s.lines[s.pick]
	if l < s.body.off {
		s.body.off = l
	} else if l >= s.body.off+s.body.height {
		s.body.off = l - s.body.height + 1
	}
	s.body.clamp()
}

// View draws the summary screen; status, when not "", takes the place of
// its keys (what u did).
func (s annSummary) View(c common, n annotator, status string) string {
	title := "annotation summary · " + render.Safe(n.preset.Name) + " weights"
	if !n.editable() {
		title += " · read-only"
	}
	undo := as(c.keys.Undo, "u", "undo")
	undo.SetEnabled(c.keys.Undo.Enabled() && len(n.undos) > 0)
	footer := keyLine(as(c.keys.Back, "esc or S", "back"), as(c.keys.Down, "↑↓", "choose"), as(c.keys.Zoom, "enter", "show segment"),
		as(c.keys.NextSystem, "tab", "system"), undo, as(c.keys.Help, "?", "help"), as(c.keys.Quit, "q", "quit"))
	if status != "" { // one line; one too long for it the root wraps over the last two (footerOverflow)
		return overlayWith(c, s.body, c.st.Warn.Render(render.Truncate(status, c.width)), title)
	}
	return overlayView(c, s.body, footer, title)
}

// orDash writes x to three decimals, or "–" when it is undefined.
func orDash(x float64) string {
	if math.IsNaN(x) {
		return "–"
	}
	return fmt.Sprintf("%.3f", x)
}
