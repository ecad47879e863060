package ui

import (
	"strings"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/ui/render"
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"
)

// KeyMap is every key the explorer answers to. It implements help.KeyMap,
// so the short help line and the full help screen are built from it.
type KeyMap struct {
	Up, Down, PageUp, PageDown, Top, Bottom key.Binding
	Jump, Filter, Sort, Reverse             key.Binding
	Zoom, DetailDown, DetailUp, Ledger      key.Binding
	Charts                                  key.Binding
	Order, AllOrders, OrderUp, OrderDown    key.Binding
	Tokenizer, Lowercase, Smooth, Compat    key.Binding
	NLTKMethod, Metrics, Refs               key.Binding
	NextSystem, PrevSystem, Other, Compare  key.Binding
	Pin, Significance, SigTest, Impact      key.Binding
	// Analysis opens the corpus n-grams, buckets and wins; AnaTable moves
	// between those tables.
	Analysis, AnaTable                 key.Binding
	Explain, Lessons, Help, Back, Quit key.Binding
	// Warnings lists the warnings (the input's, a bad setting's, the
	// annotation file's); enabled when there are some, its help naming
	// them as the list's title does (common.syncWarningsKey).
	Warnings key.Binding
	// The annotation keys, enabled with an annotation file.
	Annotate, Annotations, NoError, NextUnrated, SegmentScore, AnnSummary key.Binding
	Undo, Export                                                          key.Binding
	// Mouse is not a key: it lists what the mouse does in the help.
	Mouse key.Binding
}

// DefaultKeyMap returns the explorer's keys.
func DefaultKeyMap() KeyMap {
	b := func(keys []string, k, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(k, desc))
	}
	return KeyMap{
		Up:           b([]string{"up", "k"}, "↑/k", "previous segment"),
		Down:         b([]string{"down", "j"}, "↓/j", "next segment"),
		PageUp:       b([]string{"pgup", "b"}, "pgup/b", "page up"),
		PageDown:     b([]string{"pgdown", "f", " "}, "pgdn/f/␣", "page down"),
		Top:          b([]string{"home", "g"}, "g/home", "first row"),
		Bottom:       b([]string{"end", "G"}, "G/end", "last row"),
		Jump:         b([]string{":", "#"}, ":/#", "jump to line"),
		Filter:       b([]string{"/"}, "/", "filter (see Filtering below)"),
		Sort:         b([]string{"o", "O"}, "o/O", "next/prev sort (see Sorting)"),
		Reverse:      b([]string{"r"}, "r", "reverse sort"),
		Zoom:         b([]string{"enter", "z"}, "enter/z", "zoom segment pane"),
		DetailDown:   b([]string{"J", "ctrl+d"}, "J/^d", "scroll segment pane down"),
		DetailUp:     b([]string{"K", "ctrl+u"}, "K/^u", "scroll segment pane up"),
		Ledger:       b([]string{"x"}, "x", "full clip ledger"),
		Charts:       b([]string{"h"}, "h", "charts: scores, p1..pN, BP"),
		Order:        b([]string{"1", "2", "3", "4", "5", "6", "7", "8", "9"}, "1-9", "highlight order n"),
		AllOrders:    b([]string{"0", "a"}, "0/a", "all orders at once"),
		OrderUp:      b([]string{"+", "="}, "+", "max order up"),
		OrderDown:    b([]string{"-", "_"}, "-", "max order down"),
		Tokenizer:    b([]string{"t"}, "t", "cycle tokenizer"),
		Lowercase:    b([]string{"l"}, "l", "toggle lowercase"),
		Smooth:       b([]string{"s"}, "s", "cycle smoothing"),
		Compat:       b([]string{"c"}, "c", "sacrebleu / nltk"),
		NLTKMethod:   b([]string{"m"}, "m", "nltk smoothing 0-7"),
		Metrics:      b([]string{"M"}, "M", "chrF / chrF+TER / BLEU alone"),
		Refs:         b([]string{"R"}, "R", "score: all refs / each alone"),
		NextSystem:   b([]string{"tab"}, "tab", "next system"),
		PrevSystem:   b([]string{"shift+tab"}, "⇧tab", "previous system"),
		Other:        b([]string{"w"}, "w", "baseline: next system"),
		Pin:          b([]string{"p"}, "p", "pin/unpin shown as baseline"),
		Significance: b([]string{"B"}, "B", "significance vs baseline"),
		SigTest:      b([]string{"T"}, "T", "comparison: bs/ar (M metric)"),
		Impact:       b([]string{"i"}, "i", "segments costing most vs base"),
		Analysis:     b([]string{"n"}, "n", "n-gram/bucket/win analysis"),
		AnaTable:     b([]string{"right", "left"}, "←/→", "analysis: next/previous table"),
		Compare:      b([]string{"v"}, "v", "two hypotheses stacked"),
		Explain:      b([]string{"e"}, "e", "walk through segment"),
		Lessons:      b([]string{"L"}, "L", "lessons"),
		Help:         b([]string{"?"}, "?", "help"),
		Warnings:     b([]string{"!"}, "!", "input warnings"),
		Back:         b([]string{"esc"}, "esc", "back / leave v / clear filter"),
		Quit:         b([]string{"q", "ctrl+c"}, "q/^c", "quit"),
		// Annotation keys (annotate.go), off until setAnnotating.
		Annotate:     b([]string{"A"}, "A", "annotate: mark an error span"),
		Annotations:  b([]string{"E"}, "E", "edit/delete segment's marks"),
		NoError:      b([]string{"N"}, "N", "mark segment: no error"),
		NextUnrated:  b([]string{"U"}, "U", "next segment not annotated"),
		SegmentScore: b([]string{"%"}, "%", "segment score 0-100 (ESA)"),
		AnnSummary:   b([]string{"S"}, "S", "summary: MQM beside BLEU"),
		Undo:         b([]string{"u"}, "u", "undo changes, last first"),
		Export:       b([]string{"X"}, "X", "export the list to a file"),
		// "mouse" is no key name a terminal sends, so this never matches.
		Mouse: b([]string{"mouse"}, "mouse", "wheel scrolls, click selects"),
	}
}

// ShortHelp implements help.KeyMap: the footer line, in few words.
func (k KeyMap) ShortHelp() []key.Binding {
	short := as
	return []key.Binding{
		short(k.Help, "?", "help"),
		short(k.Warnings, "!", "warnings"),
		short(k.Down, "↑↓", "move"),
		short(k.Filter, "/", "filter"),
		short(k.Jump, ":", "line"),
		short(k.Sort, "o", "sort"),
		short(k.Order, "1-9", "order"),
		short(k.Tokenizer, "t", "tok"),
		short(k.Lowercase, "l", "case"),
		short(k.Smooth, "s", "smooth"),
		short(k.OrderUp, "+/-", "N"),
		short(k.Compat, "c", "nltk"),
		short(k.NextSystem, "tab", "system"),
		short(k.Compare, "v", "compare"),
		short(k.Pin, "p", "pin base"),
		short(k.Significance, "B", "signif."),
		short(k.Zoom, "enter", "zoom"),
		short(k.Ledger, "x", "ledger"),
		short(k.Charts, "h", "charts"),
		short(k.Explain, "e", "explain"),
		short(k.Lessons, "L", "lessons"),
		short(k.Annotate, "A", "annotate"),
		short(k.Quit, "q", "quit"),
	}
}

// FullHelp implements help.KeyMap: the help screen, in groups.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom, k.Jump, k.Filter, k.Sort, k.Reverse},
		{k.Zoom, k.DetailDown, k.DetailUp, k.Ledger, k.Charts, k.Order, k.AllOrders},
		{k.Tokenizer, k.Lowercase, k.Smooth, k.OrderUp, k.OrderDown, k.Compat, k.NLTKMethod, k.Metrics, k.Refs},
		{k.NextSystem, k.PrevSystem, k.Other, k.Pin, k.Compare, k.Significance, k.SigTest, k.Impact, k.Analysis, k.Warnings},
		{k.Explain, k.Lessons, k.Help, k.Back, k.Quit, k.Mouse},
		{k.Annotate, k.Annotations, k.NoError, k.NextUnrated, k.SegmentScore, k.Undo, k.AnnSummary, k.Export},
	}
}

// helpGroups names the groups of [KeyMap.FullHelp].
var helpGroups = []string{"Browse", "Segment", "Options (rescore at once)", "Systems and input", "Learn", "Annotate & export"}

// setEnabled keeps the help truthful: keys that do nothing with this
// many systems are hidden.
func (k *KeyMap) setEnabled(systems int) {
	multi := systems > 1
	k.NextSystem.SetEnabled(multi)
	k.PrevSystem.SetEnabled(multi)
	k.Other.SetEnabled(multi)
	k.Compare.SetEnabled(multi)
	k.Pin.SetEnabled(multi)
	k.Significance.SetEnabled(multi)
	k.SigTest.SetEnabled(multi)
	k.Impact.SetEnabled(multi)
	k.Warnings.SetEnabled(false)
	k.setAnnotating(false, false)
}

// setAnnotating turns the annotation keys on or off: those that look
// with on, those that change annotations with edit as well.
func (k *KeyMap) setAnnotating(on, edit bool) {
	for _, b := range []*key.Binding{&k.Annotations, &k.NextUnrated, &k.AnnSummary} {
		b.SetEnabled(on)
	}
	for _, b := range []*key.Binding{&k.Annotate, &k.NoError, &k.SegmentScore, &k.Undo} {
		b.SetEnabled(on && edit)
	}
}

// keyLine renders bindings as "key action · key action", leaving out the
// disabled ones: the footers of the overlays are built with it.
func keyLine(bindings ...key.Binding) string {
	var parts []string
	for _, b := range bindings {
		if h := b.Help(); h.Key != "" && b.Enabled() {
			parts = append(parts, strings.TrimSpace(h.Key+" "+h.Desc))
		}
	}
	return strings.Join(parts, " · ")
}

// keyFooter draws a footer of key hints in width cells as the main
// screen's is drawn (help's short view, with the footers' " · "):
// the first of forms (the same hints from the fullest wording to the
// shortest) that fits whole, else the last without the hints at its end
// that do not fit, and " …" in their place ([fitHints]). A hint is never
// cut, but for a first one wider than the window: put the most needed
// first.
func keyFooter(c common, width int, forms ...[]key.Binding) string {
	return fitHelp(c.help, width, forms...)
}

// fitHelp is [keyFooter] with h's separator and styles: the first of
// forms that fits whole, else the last one's hints fitted by [fitHints].
// It leaves hints out itself: help's short view, given a width, still
// adds a hint that does not fit when not even its " …" would.
func fitHelp(h help.Model, width int, forms ...[]key.Binding) string {
	if len(forms) == 0 {
		return ""
	}
	h.Width = 0
	for _, f := range forms[:len(forms)-1] {
		if s := h.ShortHelpView(f); render.Fits(s, width) {
			return s
		}
	}
	var hints []string
	for _, b := range forms[len(forms)-1] {
		if b.Enabled() {
			hints = append(hints, h.ShortHelpView([]key.Binding{b}))
		}
	}
	sep := h.Styles.ShortSeparator.Inline(true).Render(h.ShortSeparator)
	return fitHints(hints, sep, " "+h.Styles.Ellipsis.Inline(true).Render(h.Ellipsis), width)
}

// fitKeyLine is [fitHints] for a footer of hints joined by " · "
// (keyLine's), with " …" in place of those left out.
func fitKeyLine(s string, width int) string {
	return fitHints(strings.Split(s, " · "), " · ", " …", width)
}

// fitKeyForms is the first of forms (keyLine's footers, the same hints
// from the fullest wording to the shortest) that fits width whole
// ([render.Fits], the rule of [render.FirstFit]), else the last one fitted
// by [fitKeyLine], which is only made then (the footer is drawn every
// frame).
func fitKeyForms(width int, forms ...string) string {
	for _, f := range forms {
		if render.Fits(f, width) {
			return f
		}
	}
	return fitKeyLine(forms[len(forms)-1], width)
}

// fitHints joins hints with sep in width cells, as every footer does: all
// of them when they fit ([render.Fits], which leaves the cell spare that
// terminals disagreeing on a line's width need), else without the hints
// at the end that do not fit and more in their place, never cutting one
// (only a first hint wider than the window).
func fitHints(hints []string, sep, more string, width int) string {
	if len(hints) == 0 {
		return ""
	}
	if n := hintsThatFit(hints, sep, more, width); n > 0 {
		return joinHints(hints, n, sep, more)
	}
	return render.FirstFit(width, hints[0])
}

// hintsThatFit is how many of hints, from the first, [fitHints] keeps
// whole in width cells: 0 when not even the first fits.
func hintsThatFit(hints []string, sep, more string, width int) int {
	for n := len(hints); n > 0; n-- {
		if render.Fits(joinHints(hints, n, sep, more), width) {
			return n
		}
	}
	return 0
}

// joinHints joins the first n of hints with sep, and more after them when
// some are left out.
func joinHints(hints []string, n int, sep, more string) string {
	s := strings.Join(hints[:n], sep)
	if n < len(hints) {
		s += more
	}
	return s
}

// as returns b with other help text, for a footer.
func as(b key.Binding, keys, desc string) key.Binding {
	b.SetHelp(keys, desc)
	return b
}

// scrollKeys is the footers' entry for the scrolling keys.
func (k KeyMap) scrollKeys() key.Binding { return as(k.Down, "↑↓ pgup pgdn", "scroll") }

// zoomFooter is the footer of the zoomed segment pane: the way back, its
// scrolling, and the keys that change what it shows.
func (k KeyMap) zoomFooter() string {
	return keyLine(as(k.Back, "esc", "back to the list"), k.scrollKeys(), as(k.Order, "1-9 0", "order"),
		as(k.Ledger, "x", "ledger"), as(k.Explain, "e", "walk-through"), as(k.Help, "?", "help"))
}

// helpFooter is the help screen's footer.
func (k KeyMap) helpFooter() string {
	return keyLine(as(k.Back, "esc or ?", "back"), k.scrollKeys(), as(k.Quit, "q", "quit"))
}

// warningsFooter is the warnings screen's footer.
func (k KeyMap) warningsFooter() string {
	return keyLine(as(k.Back, "esc or !", "back"), k.scrollKeys(), as(k.Quit, "q", "quit"))
}

// ledgerFooter is the ledger screen's footer.
func (k KeyMap) ledgerFooter() string {
	return keyLine(as(k.Back, "esc or x", "back"), k.scrollKeys(), as(k.Order, "1-9", "order"), as(k.AllOrders, "0", "all orders"))
}

// chartsFooter is the charts screen's footer; tab switches system when
// there are several.
func (k KeyMap) chartsFooter(multi bool) string {
	sys := as(k.NextSystem, "tab", "system")
	sys.SetEnabled(multi)
	return keyLine(as(k.Back, "esc or h", "back"), k.scrollKeys(), sys, as(k.Quit, "q", "quit"))
}

// sigFooter is the comparison screen's footer while it tests metric, in
// forms from the fullest to the shortest ([fitKeyForms]): i sorts the
// list by that metric's impact, which the fullest names. The shortest
// shows every key of the screen from 60 columns on, q (which quits from
// every screen) giving way there.
func (k KeyMap) sigFooter(metric string) []string {
	impact := "costly segments"
	switch metric {
	case model.MetricChrF:
		impact = "costly by chrF"
	case model.MetricTER:
		impact = "costly by TER"
	}
	filter, quit := as(k.Filter, "/", "filter"), as(k.Quit, "q", "quit")
	return []string{
		keyLine(as(k.Back, "esc", "back"), as(k.Down, "↑↓", "system"), as(k.Pin, "p", "pin base"),
			as(k.SigTest, "T", "bs/ar"), as(k.Metrics, "M", "metric"), as(k.Impact, "i", impact), filter, quit),
		keyLine(as(k.Back, "esc", "back"), as(k.Down, "↑↓", "system"), as(k.Pin, "p", "pin"),
			as(k.SigTest, "T", "bs/ar"), as(k.Metrics, "M", "metric"), as(k.Impact, "i", "costly"), filter, quit),
		keyLine(as(k.Back, "esc", "back"), as(k.Down, "↑↓", ""), as(k.Pin, "p", "pin"),
			as(k.SigTest, "T", "test"), as(k.Metrics, "M", "metric"), as(k.Impact, "i", "costly"), filter, quit),
		keyLine(as(k.Back, "esc", ""), as(k.Down, "↑↓", ""), as(k.Pin, "p", "pin"),
			as(k.SigTest, "T", "test"), as(k.Metrics, "M", "metric"), as(k.Impact, "i", "costly"), filter, quit),
	}
}

// WalkthroughKeyMap holds the keys of the walk-through and the lessons.
// It implements help.KeyMap.
type WalkthroughKeyMap struct {
	// Next, Prev, First and Last move between steps (lessons: next and
	// previous lesson; First resets the hypothesis).
	Next, Prev, First, Last key.Binding
	// Down, Up, PageDown and PageUp scroll the text.
	Down, Up, PageDown, PageUp key.Binding
	// Close closes the screen.
	Close key.Binding
	// Quit quits the explorer, as on every other screen; the explorer
	// takes it before the walk-through sees it (off in the lessons, where
	// q is a letter of the hypothesis).
	Quit key.Binding
	// Field moves the lessons' editor from the hypothesis to each
	// reference in turn and back (unset in the walk-through).
	Field key.Binding
}

// DefaultWalkthroughKeyMap returns the walk-through's keys: →/l/n/space
// and ←/h/p move between steps, j/k (↓/↑) and pgdn/pgup scroll, home/end
// (g/G) jump to the first and last step, esc closes and q quits.
func DefaultWalkthroughKeyMap() WalkthroughKeyMap {
	return WalkthroughKeyMap{
		Next:     key.NewBinding(key.WithKeys("right", "l", "n", " "), key.WithHelp("→/n", "next step")),
		Prev:     key.NewBinding(key.WithKeys("left", "h", "p"), key.WithHelp("←/p", "previous")),
		First:    key.NewBinding(key.WithKeys("home", "g"), key.WithHelp("home", "first")),
		Last:     key.NewBinding(key.WithKeys("end", "G"), key.WithHelp("end", "last")),
		Down:     key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("j/k", "scroll")),
		Up:       key.NewBinding(key.WithKeys("up", "k")),
		PageDown: key.NewBinding(key.WithKeys("pgdown", "f"), key.WithHelp("pgdn", "page")),
		PageUp:   key.NewBinding(key.WithKeys("pgup", "b")),
		Close:    key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "close")),
		Quit:     key.NewBinding(key.WithKeys("q"), key.WithHelp("q", "quit")),
	}
}

// LessonsKeyMap returns the lessons' keys. Letters, digits, ← and → go to
// the hypothesis being edited, so lessons change with tab and shift+tab,
// and scroll with ↓/↑ and pgdn/pgup; ctrl+r restores the lesson's
// hypothesis and references; ctrl+n moves the editor from the hypothesis
// to each reference and back; only esc closes.
func LessonsKeyMap() WalkthroughKeyMap {
	return WalkthroughKeyMap{
		Next:     key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "next lesson")),
		Prev:     key.NewBinding(key.WithKeys("shift+tab"), key.WithHelp("⇧tab", "back")),
		First:    key.NewBinding(key.WithKeys("ctrl+r"), key.WithHelp("ctrl+r", "reset")),
		Last:     key.NewBinding(key.WithDisabled()),
		Down:     key.NewBinding(key.WithKeys("down"), key.WithHelp("↓/↑", "scroll")),
		Up:       key.NewBinding(key.WithKeys("up")),
		PageDown: key.NewBinding(key.WithKeys("pgdown"), key.WithHelp("pgdn", "page")),
		PageUp:   key.NewBinding(key.WithKeys("pgup")),
		Close:    key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "close")),
		Field:    key.NewBinding(key.WithKeys("ctrl+n"), key.WithHelp("ctrl+n", "hyp/refs")),
		Quit:     key.NewBinding(key.WithDisabled()),
	}
}

// scroll scrolls vp for a scrolling key of k (a line, a page) or the
// mouse wheel (three lines); it reports whether msg was one of them.
func (k WalkthroughKeyMap) scroll(vp *viewport.Model, msg tea.Msg) bool {
	page := max(1, vp.Height-1)
	switch msg := msg.(type) {
	case tea.MouseMsg:
		switch msg.Button {
		case tea.MouseButtonWheelDown:
			vp.ScrollDown(3)
		case tea.MouseButtonWheelUp:
			vp.ScrollUp(3)
		default:
			return false
		}
	case tea.KeyMsg:
		switch {
		case key.Matches(msg, k.Down):
			vp.ScrollDown(1)
		case key.Matches(msg, k.Up):
			vp.ScrollUp(1)
		case key.Matches(msg, k.PageDown):
			vp.ScrollDown(page)
		case key.Matches(msg, k.PageUp):
			vp.ScrollUp(page)
		default:
			return false
		}
	default:
		return false
	}
	return true
}

// ShortHelp implements help.KeyMap.
func (k WalkthroughKeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Close, k.Quit, k.Next, k.Field, k.Prev, k.Down, k.PageDown, k.First}
}

// FullHelp implements help.KeyMap.
func (k WalkthroughKeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Next, k.Prev, k.First, k.Last}, {k.Down, k.Up, k.PageDown, k.PageUp}, {k.Field, k.Close, k.Quit}}
}

// helpLine renders the short help as "key action · key action", the
// bindings without help text left out.
func (k WalkthroughKeyMap) helpLine() string { return keyLine(k.ShortHelp()...) }

// backward reports whether a key that cycles (o) was given shifted (O),
// to cycle the other way.
func backward(msg tea.KeyMsg) bool { return msg.String() == "O" }
