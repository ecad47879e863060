package render

import (
	"strings"

	"github.com/bleuscope/bleuscope/model"
	"github.com/charmbracelet/lipgloss"
)

// Palette is the one set of colours bleuscope uses. Every slot adapts to
// light and dark terminal backgrounds.
type Palette struct {
	Matched   lipgloss.AdaptiveColor // n-gram occurrences that count as matches
	Clipped   lipgloss.AdaptiveColor // occurrences removed by clipping
	Unmatched lipgloss.AdaptiveColor // occurrences no reference has
	Supplied  lipgloss.AdaptiveColor // reference tokens the matches are counted from
	Muted     lipgloss.AdaptiveColor // secondary text: labels, hints, borders
	Text      lipgloss.AdaptiveColor // ordinary text
	Accent    lipgloss.AdaptiveColor // titles, the current system, key names
	Error     lipgloss.AdaptiveColor // errors
	Warn      lipgloss.AdaptiveColor // warnings, BP < 1, smoothing applied
	Good      lipgloss.AdaptiveColor // a positive delta
	Bad       lipgloss.AdaptiveColor // a negative delta
	Selected  lipgloss.AdaptiveColor // background of the selected row
	Bar       lipgloss.AdaptiveColor // filled part of a bar
	BarEmpty  lipgloss.AdaptiveColor // empty part of a bar
	// Orders colours tokens in the all-orders view by the longest matched
	// n-gram through them: Orders[0] for unigrams … Orders[8] for 9-grams.
	Orders [9]lipgloss.AdaptiveColor
}

// DefaultPalette returns bleuscope's colours.
func DefaultPalette() Palette {
	return Palette{
		Matched:   lipgloss.AdaptiveColor{Light: "#00875F", Dark: "#5FD787"},
		Clipped:   lipgloss.AdaptiveColor{Light: "#AF5F00", Dark: "#FFAF5F"},
		Unmatched: lipgloss.AdaptiveColor{Light: "#AF0000", Dark: "#FF5F5F"},
		Supplied:  lipgloss.AdaptiveColor{Light: "#005FAF", Dark: "#5FAFFF"},
		Muted:     lipgloss.AdaptiveColor{Light: "#767676", Dark: "#8A8A8A"},
		Text:      lipgloss.AdaptiveColor{Light: "#1C1C1C", Dark: "#E4E4E4"},
		Accent:    lipgloss.AdaptiveColor{Light: "#5F00AF", Dark: "#AF87FF"},
		Error:     lipgloss.AdaptiveColor{Light: "#D70000", Dark: "#FF5F5F"},
		Warn:      lipgloss.AdaptiveColor{Light: "#AF5F00", Dark: "#FFD75F"},
		Good:      lipgloss.AdaptiveColor{Light: "#00875F", Dark: "#87D787"},
		Bad:       lipgloss.AdaptiveColor{Light: "#D70000", Dark: "#FF8787"},
		Selected:  lipgloss.AdaptiveColor{Light: "#DADAFF", Dark: "#3A3A5F"},
		Bar:       lipgloss.AdaptiveColor{Light: "#5F5FD7", Dark: "#8787FF"},
		BarEmpty:  lipgloss.AdaptiveColor{Light: "#D0D0D0", Dark: "#444444"},
		Orders: [9]lipgloss.AdaptiveColor{
			{Light: "#5F8700", Dark: "#AFD75F"},
			{Light: "#00875F", Dark: "#5FD787"},
			{Light: "#008787", Dark: "#5FD7D7"},
			{Light: "#005FAF", Dark: "#5FAFFF"},
			{Light: "#5F00AF", Dark: "#AF87FF"},
			{Light: "#870087", Dark: "#D787D7"},
			{Light: "#AF005F", Dark: "#FF87AF"},
			{Light: "#AF5F00", Dark: "#FFAF5F"},
			{Light: "#875F00", Dark: "#D7AF5F"},
		},
	}
}

// Styles are the lipgloss styles every renderer draws with. Build them with
// [DefaultStyles] and pass them in; styles are declared nowhere else.
type Styles struct {
	Palette Palette

	Matched   lipgloss.Style // matched n-gram tokens
	Clipped   lipgloss.Style // clipped occurrences
	Unmatched lipgloss.Style // occurrences with no match at all
	Supplied  lipgloss.Style // reference tokens the matches are counted from
	Also      lipgloss.Style // reference tokens of a match counted from another reference
	Muted     lipgloss.Style // labels, hints, secondary numbers
	Text      lipgloss.Style // plain text
	Accent    lipgloss.Style // emphasis in the accent colour
	Error     lipgloss.Style // error lines
	Warn      lipgloss.Style // warnings and penalties
	Good      lipgloss.Style // positive deltas
	Bad       lipgloss.Style // negative deltas
	Selected  lipgloss.Style // the selected row of a list
	Focus     lipgloss.Style // the n-gram followed from the analysis
	Bar       lipgloss.Style // filled part of a bar
	BarEmpty  lipgloss.Style // empty part of a bar

	Title   lipgloss.Style // screen and section titles
	Label   lipgloss.Style // field labels ("hyp", "ref A")
	Header  lipgloss.Style // table headers
	Score   lipgloss.Style // a headline score
	Key     lipgloss.Style // a key name in help text
	Status  lipgloss.Style // the status line at the bottom
	Box     lipgloss.Style // a bordered panel
	Overlay lipgloss.Style // a bordered modal panel (help, walk-through)

	// Orders colour tokens by the longest matched n-gram through them.
	Orders [9]lipgloss.Style
}

// DefaultStyles returns the styles built from [DefaultPalette].
func DefaultStyles() Styles {
	p := DefaultPalette()
	fg := func(c lipgloss.AdaptiveColor) lipgloss.Style { return lipgloss.NewStyle().Foreground(c) }
	s := Styles{
		Palette:   p,
		Matched:   fg(p.Matched).Bold(true),
		Clipped:   fg(p.Clipped).Underline(true),
		Unmatched: fg(p.Unmatched),
		Supplied:  fg(p.Supplied).Bold(true),
		Also:      fg(p.Supplied),
		Muted:     fg(p.Muted),
		Text:      fg(p.Text),
		Accent:    fg(p.Accent),
		Error:     fg(p.Error).Bold(true),
		Warn:      fg(p.Warn),
		Good:      fg(p.Good),
		Bad:       fg(p.Bad),
		Selected:  lipgloss.NewStyle().Background(p.Selected).Bold(true),
		Focus:     fg(p.Accent).Reverse(true).Bold(true),
		Bar:       fg(p.Bar),
		BarEmpty:  fg(p.BarEmpty),
		Title:     fg(p.Accent).Bold(true),
		Label:     fg(p.Muted).Bold(true),
		Header:    fg(p.Muted).Bold(true),
		Score:     fg(p.Accent).Bold(true),
		Key:       fg(p.Accent).Bold(true),
		Status:    fg(p.Muted),
		Box: lipgloss.NewStyle().Border(lipgloss.RoundedBorder()).
			BorderForeground(p.Muted).Padding(0, 1),
		Overlay: lipgloss.NewStyle().Border(lipgloss.RoundedBorder()).
			BorderForeground(p.Accent).Padding(0, 1),
	}
	for i, c := range p.Orders {
		s.Orders[i] = fg(c).Bold(true)
	}
	return s
}

// Marker returns m's marker character repeated over width cells, the part
// of the marker row that sits under a token of that display width.
func Marker(m model.Mark, width int) string {
	if width <= 0 {
		return ""
	}
	return strings.Repeat(string(m.Rune()), width)
}

// Token returns the style of a token with mark m.
func (s Styles) Token(m model.Mark) lipgloss.Style {
	switch {
	case m == model.MarkMatched:
		return s.Matched
	case m == model.MarkClipped:
		return s.Clipped
	case m == model.MarkSupplied:
		return s.Supplied
	case m == model.MarkAlso:
		return s.Also
	case m == model.MarkUnmatched:
		return s.Unmatched
	case m == model.MarkFocus:
		return s.Focus
	case m.Order() > 0:
		return s.Orders[m.Order()-1]
	}
	return s.Text
}

// Legend returns the one-line key to the markers, e.g.
// "^ matched  ~ clipped  (blank) unmatched", styled.
func (s Styles) Legend() string {
	return s.Matched.Render("^ matched") + "  " +
		s.Clipped.Render("~ clipped") + "  " +
		s.Muted.Render("(blank) unmatched")
}

// RefKey returns, wrapped to width cells, the key to the references'
// marks for a segment where some reference has a matched n-gram whose
// matches are counted from another ([model.MarkAlso]); "" when none has
// (marks are a view's [model.SegmentMarks]).
func (s Styles) RefKey(marks model.Marks, width int) string {
	also := false
	for _, r := range marks.Refs {
		also = also || model.CountMarks(r).Also > 0
	}
	if !also {
		return ""
	}
	return wrapText(s.Muted.Render("In a reference: ")+s.Supplied.Render(string(model.MarkerMatched))+
		s.Muted.Render(" counted from it (it has the most), ")+
		s.Also.Render(string(model.MarkerAlso))+s.Muted.Render(" there too, adds nothing"), width)
}

// PlainStyles returns styles that add no colour and no attributes, for
// plain text output (reports, lessons printed to a pipe): the meaning is
// carried by the marker rows and the figures alone. Borders stay, so boxes
// keep their shape.
func PlainStyles() Styles {
	plain := lipgloss.NewStyle()
	s := Styles{
		Palette: DefaultPalette(),
		Matched: plain, Clipped: plain, Unmatched: plain, Supplied: plain, Also: plain,
		Muted: plain, Text: plain, Accent: plain, Error: plain, Warn: plain,
		Good: plain, Bad: plain, Selected: plain, Focus: plain, Bar: plain, BarEmpty: plain,
		Title: plain, Label: plain, Header: plain, Score: plain, Key: plain, Status: plain,
		Box:     plain.Border(lipgloss.RoundedBorder()).Padding(0, 1),
		Overlay: plain.Border(lipgloss.RoundedBorder()).Padding(0, 1),
	}
	for i := range s.Orders {
		s.Orders[i] = plain
	}
	return s
}
