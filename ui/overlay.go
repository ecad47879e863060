package ui

import (
	"fmt"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/x/ansi"
	"slices"
	"strings"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/ui/render"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
)

// overlayView draws an overlay screen: a title (the first of titles, from
// the fullest to the shortest, that fits beside the scroll position), the
// scrolled body and a footer with the keys that work there.
func overlayView(c common, body pane, footer string, titles ...string) string {
	return overlayWith(c, body, c.st.Muted.Render(fitKeyLine(footer, c.width)), titles...)
}

// overlayWith is [overlayView] with the last line foot, drawn as it is.
func overlayWith(c common, body pane, foot string, titles ...string) string {
	head := c.st.Title.Render(joinFirstFit(titles, body.position(), c.width))
	return fit(head+"\n"+body.view()+"\n"+foot, c.width, c.height)
}

// helpScreen is the full key help, laid out from the key map, and how to
// read the segment pane.
type helpScreen struct{ body pane }

// SetSize fits the screen to width×height cells.
func (h helpScreen) SetSize(width, height int) helpScreen {
	h.body.setSize(width, height-2)
	return h
}

// refresh renders the help for the keys enabled now.
func (h *helpScreen) refresh(c common, resetTop bool) {
	h.body.setContent(helpContent(c, c.width), resetTop)
}

// showSection scrolls the help to the section titled title.
func (h *helpScreen) showSection(title string) {
	for i, l := range h.body.lines {
		if strings.HasPrefix(ansi.Strip(l), title) {
			h.body.off = i
			h.body.clamp()
			return
		}
	}
}

// Update scrolls the help for a key or the mouse wheel.
func (h helpScreen) Update(msg tea.Msg, k KeyMap) helpScreen {
	h.body.update(msg, k)
	return h
}

// View draws the help screen.
func (h helpScreen) View(c common) string {
	return overlayView(c, h.body, c.keys.helpFooter(), "keys")
}

// helpColumn is the width of a column of the help screen's keys: a key's
// help is cut to it.
const helpColumn = 38

// helpContent lays the key groups out in as many columns as fit, followed
// by how to read the screen.
func helpContent(c common, width int) string {
	st := c.st
	const colW = helpColumn
	groups, names := c.keys.FullHelp(), slices.Clone(helpGroups)
	// The walk-through's and the lessons' own keys, which the screens'
	// footers list only as far as the width allows.
	// In the lessons, typing edits the text, which no key says.
	typing := key.NewBinding(key.WithKeys("type"), key.WithHelp("type", "edit the hyp/ref text"))
	for _, more := range []struct {
		name  string
		keys  WalkthroughKeyMap
		extra []key.Binding
	}{{"In the walk-through (e)", DefaultWalkthroughKeyMap(), nil}, {"In the lessons (L)", LessonsKeyMap(), []key.Binding{typing}}} {
		groups, names = append(groups, slices.Concat(append(more.keys.FullHelp(), more.extra)...)), append(names, more.name)
	}
	blocks := make([]string, 0, len(groups))
	for g, keys := range groups {
		lines := []string{st.Title.Render(names[g])}
		for _, k := range keys {
			h := k.Help()
			if !k.Enabled() || h.Key == "" {
				continue
			}
			lines = append(lines, render.Truncate(st.Key.Render(render.PadRight(h.Key, 8))+" "+st.Text.Render(h.Desc), min(colW, width)))
		}
		if len(lines) == 1 {
			continue // every key of the group is off
		}
		blocks = append(blocks, strings.Join(lines, "\n"))
	}
	ncols := max(1, min(len(blocks), width/(colW+2)))
	cols := make([][]string, ncols)
	heights := make([]int, ncols)
	for _, b := range blocks {
		c := 0
		for i := range heights {
			if heights[i] < heights[c] {
				c = i
			}
		}
		cols[c] = append(cols[c], b)
		heights[c] += lipgloss.Height(b) + 1
	}
	rendered := make([]string, ncols)
	for i, c := range cols {
		rendered[i] = strings.Join(c, "\n\n")
	}
	keys := render.Columns(rendered, min(colW, width), 2)
	read := []string{
		"Tokens are shown as BLEU counts them. Under each line of tokens a marker row repeats the colours: " +
			st.Matched.Render("^ matched") + ", " + st.Clipped.Render("~ clipped") +
			" (the n-gram is in a reference, but not that often), blank: unmatched. In the references, ^ marks the occurrences the matches are counted from, in the reference that has the n-gram most (the first on a tie), so there are as many as matches; - marks the same n-gram in another reference, which adds nothing (BLEU takes the most, never the sum). With 0 (all orders) each token shows the order of the longest matched n-gram through it, or ~ when no n-gram matched through it and its unigram was clipped.",
		"The list's Δ column is the segment's sentence score minus the baseline's: = a tie, +0.0 or -0.0 a difference too small for one decimal (the sign says which system is ahead), — on the baseline itself.",
		"Sorted by impact (i), the list's impact column is how much the corpus Δ to the baseline would change were the segment the baseline's: the corpus score minus the one with that segment swapped, negative when it costs the shown system, the costliest first. i on the comparison screen (B) weighs the metric tested there: chrF's (chrF imp) or TER's (TER imp, turned round so that negative still costs, as TER is better lower), the Δ beside it staying sentence BLEU's (BLEU Δ); esc on that list goes back to the comparison, the filter kept and the list's previous order given back.",
		"The clip ledger lists each distinct n-gram: its count in the hypothesis (hyp) and in each reference, the max and which reference has it, then " + render.ClipColumns + "; costly rows first.",
		"chrF (M shows it, then TER) is an F-score over character n-grams (and word n-grams for chrF++) that weighs recall β times as much as precision; the pane lists each order's precision P and recall R against the reference that scores best. TER counts the edits (shifts, insertions, deletions, substitutions) that turn the hypothesis into the closest reference, per reference word: lower is better.",
	}
	for i, p := range read {
		read[i] = render.WrapFormulas(p, width)
	}
	return keys + "\n\n" + st.Title.Render("Reading the segment pane") + "\n" + strings.Join(read, "\n\n") +
		"\n\n" + signatureHelp(c, width) + "\n\n" + analysisHelp(c, width) + "\n\n" + sortHelp(c, width) + "\n\n" + queryHelp(c, width) + "\n\n" + exportHelp(c, width)
}

// signatureHelp is the help section on the header's signature: what the
// keys of its short form (scoring.ShortSignature) stand for.
func signatureHelp(c common, width int) string {
	// A no-break space, drawn as a space, holds each key to its name:
	// render.Wrap breaks at the other spaces ("v:" ended a line at 60).
	return c.st.Title.Render("The header's signature") + "\n" + render.Wrap(c.st.Text.Render(
		"The header shows sacrebleu's signature of the options in effect; a narrow window gives its short form: "+
			"#:\u00a0nrefs (references per segment), c:\u00a0case (mixed or lc), e:\u00a0eff (effective order), tok:\u00a0tokenizer, s:\u00a0smooth (smoothing), v:\u00a0version; "+
			"|… marks the fields left out for room, the version first. "+
			"A wider window shows it whole, and so does bleuscope score (with --format json, its signature field)."), width)
}

// sortHelp is the help section on the list's order: the sorts o cycles
// (O backwards),
// in [sortCycle]'s order, each by the first word of its name.
func sortHelp(c common, width int) string {
	var words []string
	for _, k := range sortCycle(true, []model.SortKey{model.SortChrF, model.SortTER}) {
		word, _, _ := strings.Cut(sortNames[k], " ")
		words = append(words, word)
	}
	return c.st.Title.Render("Sorting with o") + "\n" + render.Wrap(c.st.Text.Render(
		"o sorts the list by "+strings.Join(words, ", ")+", in turn (O goes back), and r reverses the order; "+
			"Δ and impact come with a baseline (two systems or more), chrF and TER while M shows them."), width)
}

// exportHelp is the help section on the export (X).
func exportHelp(c common, width int) string {
	return c.st.Title.Render("Exporting with X") + "\n" + render.Wrap(c.st.Text.Render(
		"X writes the list as it stands (filter, order) to a file: line, source, references, and each system's hypothesis, score and Δ. "+
			"Each system's Δ is the one the list shows with that system shown: to the pinned baseline (p), which has none, else the first system's to the second and every other's to the first, whichever system is shown now; each Δ's header names the system it is to (delta:NAME vs BASE). Sorted by impact (i), the shown system's impact follows its Δ (impact:NAME vs BASE; chrf_impact or ter_impact when it is chrF's or TER's). "+
			"The name's extension chooses the format: .csv, .tsv or .jsonl (JSON Lines, one object per line). "+
			"A name that says another format (.xlsx, .ods, .json, .gz, …) is refused, since the file would not be one; "+
			"any other name, or none (a FIFO, /dev/fd/N), gets CSV, which spreadsheets open."), width)
}

// analysisKeys is the help's table of the analysis screen's keys.
var analysisKeys = [][2]string{
	{"←/→", "n-grams, buckets, wins"},
	{"m", "n-grams: missed, over, matched, salient vs the baseline; buckets: grouping"},
	{"o/O · 1-9 · 0", "n-grams: next/previous order · that order · every order"},
	{"enter", "the row's segments in the list, its n-gram marked (esc comes back; an option key there finds the row again)"},
	{"tab · w · p", "the shown system · the baseline, as on the list"},
	{"esc · n", "back to the list, or to the comparison (B) n opened it on"},
}

// analysisHelpTitle is the title of the help's section on the analysis
// screen, where ? there opens the help.
const analysisHelpTitle = "The analysis screen (n)"

// analysisHelp is the help section on the analysis screen (n).
func analysisHelp(c common, width int) string {
	st := c.st
	lines := []string{st.Title.Render(analysisHelpTitle)}
	for _, t := range analysisKeys {
		lines = append(lines, helpRow(c, t[0], t[1], width))
	}
	lines = append(lines, render.Wrap(st.Text.Render("The analysis always covers the whole corpus, whatever the filter; enter on a row narrows the list to that row's segments. Every order lists the top rows of each order in turn, not the top of all orders together. Salient n-grams compare the matched counts of the two systems (what one gets right that the other does not), ranked by compare-mt's s = (a+1)/(a+b+2), a and b the two counts; bleuscope ngrams --salient --kind over or missed ranks the others."), width))
	lines = append(lines, render.Wrap(st.Text.Render(fmt.Sprintf("In the buckets, ±CI is the bootstrap 95%% half-width of each BLEU, and the line under the title names the bucket of %d segments or more where the shown system loses most to the baseline, and in brackets a smaller bucket where it loses more still, with its size.", model.MinSupport)), width))
	return strings.Join(lines, "\n")
}

// helpRow draws a row of the help's tables of terms and keys: the term in
// a 16-cell column, its description after it, wrapped under itself when
// it is longer than the width leaves (narrow terminals cut it before).
func helpRow(c common, term, desc string, width int) string {
	const termW = 16
	st := c.st
	if width < termW+12 { // too narrow to wrap beside the term
		return render.Truncate(st.Key.Render(render.PadRight(term, termW))+" "+st.Text.Render(desc), width)
	}
	wrapped := strings.Split(render.Wrap(desc, width-termW-1), "\n")
	pad := strings.Repeat(" ", termW+1)
	for i, l := range wrapped {
		if i == 0 {
			wrapped[i] = render.Truncate(st.Key.Render(render.PadRight(term, termW)), termW) + " " + st.Text.Render(l)
		} else {
			wrapped[i] = pad + st.Text.Render(l)
		}
	}
	return strings.Join(wrapped, "\n")
}

// ledgerScreen is the full clip ledger of the selected segment under its
// highlighted text: the pane's order, or every order in the all-orders
// view.
type ledgerScreen struct{ body pane }

// SetSize fits the screen to width×height cells.
func (s ledgerScreen) SetSize(width, height int) ledgerScreen {
	s.body.setSize(width, height-2)
	return s
}

// refresh renders the ledger of the selection the segment pane p shows.
func (s *ledgerScreen) refresh(c common, p segPane, resetTop bool) {
	s.body.setContent(ledgerContent(c, p, c.width), resetTop)
}

// Update scrolls the ledger for a key or the mouse wheel.
func (s ledgerScreen) Update(msg tea.Msg, k KeyMap) ledgerScreen {
	s.body.update(msg, k)
	return s
}

// View draws the ledger screen of sel.
func (s ledgerScreen) View(c common, sel selection) string {
	title := fmt.Sprintf("clip ledger · line %d · %s", sel.seg+1, c.shortName(sel.sys))
	return overlayView(c, s.body, c.keys.ledgerFooter(), title)
}

// ledgerContent is the ledger screen's content for the selection the
// segment pane p shows.
func ledgerContent(c common, p segPane, width int) string {
	keys := p.shown
	if !p.ready(c, keys) {
		return c.st.Muted.Render(render.Truncate(waitingText, width))
	}
	in, _ := p.explained(c, keys[0])
	if in.Err != nil {
		return c.st.Error.Render(render.Truncate(in.Err.Error(), width))
	}
	parts := []string{p.segmentText(c, in, keys, width)}
	for _, od := range in.Detail.Orders {
		if p.order != 0 && od.N != p.order {
			continue
		}
		parts = append(parts, c.st.Title.Render(fmt.Sprintf("%d-grams", od.N))+"\n"+render.Ledger(c.st, od, in.RefLabels, width, 0))
	}
	return strings.Join(parts, "\n\n") + "\n\n" + render.LedgerKey(c.st, width)
}
