package ui

import (
	"errors"
	"strings"

	"github.com/bleuscope/bleuscope/ui/render"
	tea "github.com/charmbracelet/bubbletea"
)

// saying is what the status line says until the next key, escaped once,
// as it was said ([render.Safe]): one text, shown whole (a text too long
// for the footer's line takes the last two, [Model.footerOverflow]), or
// the wordings of one status from the fullest to the shortest, of which
// the line shows one that fits the window's width as it is when drawn
// ([saying.at]), so that a resize words it again: wider, the fuller
// wording; narrower, one that fits. Its zero value says nothing. Two
// sayings are equal when they say the same in the same wordings, so a
// status kept to be recognised later (a wait's, a sort's) compares with
// ==.
type saying struct {
	text string // the one text, or the wordings parted by formSep
	fit  fitting
}

// fitting is how the status line picks among a saying's wordings.
type fitting uint8

const (
	fitNone fitting = iota // one text, shown whole
	fitLine                // the first wording one line holds whole, else the last cut
	fitTwo                 // the first one line holds whole, else the first the footer's two lines do
)

// formSep parts the wordings of a saying: a control character, which no
// escaped text holds.
const formSep = "\x1f"

// plainSaying is s, escaped, said whole.
func plainSaying(s string) saying { return saying{text: render.Safe(s)} }

// fittedSaying is a status in the wordings forms, the fullest first, each
// escaped; the line shows the first that it holds whole at its width.
func fittedSaying(forms ...string) saying { return sayingOf(fitLine, forms) }

// whySaying is lead followed by err in each of its wordings (an error
// with wordings: [model.QueryError], [metricsError]), escaped: the line
// shows the first that it holds whole, so that a hint is never parted
// from its sentence by a wrap; when none fits, the first that the
// footer's two lines hold whole, else the shortest.
func whySaying(lead string, err error) saying {
	whys := []string{err.Error()}
	var worded interface{ Wordings() []string }
	if errors.As(err, &worded) {
		whys = worded.Wordings()
	}
	forms := make([]string, len(whys))
	for i, why := range whys {
		forms[i] = lead + why
	}
	return sayingOf(fitTwo, forms)
}

// sayingOf is a saying of forms, each escaped, picked among as fit says.
func sayingOf(fit fitting, forms []string) saying {
	safe := make([]string, len(forms))
	for i, f := range forms {
		safe[i] = render.Safe(f)
	}
	return saying{text: strings.Join(safe, formSep), fit: fit}
}

// empty reports whether s says nothing.
func (s saying) empty() bool { return s.text == "" }

// forms returns s's wordings, escaped, the fullest first.
func (s saying) forms() []string {
	if s.fit == fitNone {
		return []string{s.text}
	}
	return strings.Split(s.text, formSep)
}

// at is what the status line shows of s in width cells: a saying of one
// text as it is; one of wordings in the first that one line of width
// cells holds whole ([render.FirstFit]: a longer one would wrap over the
// line above the footer, the annotation strip, the histogram's axis), its
// last cut to the width when none does, or, for an error's reasons
// ([whySaying]), in the first that the footer's two lines hold whole
// ([inTwoLines]), else in the last.
func (s saying) at(width int) string {
	forms := s.forms()
	switch s.fit {
	case fitLine:
		return render.FirstFit(width, forms...)
	case fitTwo:
		for _, f := range forms {
			if render.Fits(f, width) {
				return f
			}
		}
		for _, f := range forms[:len(forms)-1] {
			if inTwoLines(f, width) {
				return f
			}
		}
		return forms[len(forms)-1]
	}
	return s.text
}

// then is s followed by more, the wordings of an addition to it, the
// fullest first (escaped here), in one line: at a width, s's first
// wording that fits with the first of more that fits beside it, else
// alone.
func (s saying) then(more ...string) saying {
	var forms []string
	for _, f := range s.forms() {
		for _, x := range more {
			forms = append(forms, f+render.Safe(x))
		}
		forms = append(forms, f)
	}
	return saying{text: strings.Join(forms, formSep), fit: fitLine}
}

// statusText is the status line's text at the window's width
// ([saying.at]), "" when nothing is said.
func (m Model) statusText() string { return m.status.at(m.c.width) }

// flash shows a status line until the next key. It escapes the whole
// line ([render.Safe]): a status often quotes a name, a path or an error
// that carries text from a file, which the places that make one pass as
// it is.
func (m *Model) flash(s string) tea.Cmd {
	m.status = plainSaying(s)
	return nil
}

// flashFit shows, as flash does, a status in the wordings forms, the
// fullest first ([fittedSaying]): the footer shows the first that its
// line holds whole at the window's width, whenever it is drawn.
func (m *Model) flashFit(forms ...string) tea.Cmd {
	m.status = fittedSaying(forms...)
	return nil
}
