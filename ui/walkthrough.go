package ui

import (
	"github.com/bleuscope/bleuscope/scoring"
	"github.com/bleuscope/bleuscope/ui/render"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"
)

// Walkthrough is the guided walk-through of one segment's BLEU
// computation, one step at a time: tokens, clipping per order, precisions
// and smoothing, the geometric mean, the brevity penalty and the result.
// Each step's text scrolls; esc closes it (see [Walkthrough.Closed]).
type Walkthrough struct {
	d     scoring.Detail
	res   scoring.Result
	opt   scoring.Options
	st    render.Styles
	opts  []render.WalkOption
	keys  WalkthroughKeyMap
	steps []render.Step
	step  int
	vp    viewport.Model
	w, h  int
	done  bool
	// line and system name the segment in a title line above the steps
	// (see [Walkthrough.About]); "" for none. others are the names of the
	// other systems loaded, which say how the name is cut.
	line, system string
	others       []string
	// note replaces the footer's keys after an option key of the list
	// (t, s, +, …), which the walk-through does not take, until the next
	// key: [optionNote].
	note string
}

// optionNote is what the footer says after an option key of the list:
// the walk-through shows the options it was opened with.
const optionNote = "esc first: options change on the list (t s + - c m), then e"

// NewWalkthrough returns the walk-through of the segment d explains, with
// res its score under opt (from scoring.Explain and scoring.Evaluate),
// sized width×height cells. opts add the text as written, reference
// names or a scoring error (see render.WithText and friends).
func NewWalkthrough(d scoring.Detail, res scoring.Result, opt scoring.Options, st render.Styles, width, height int, opts ...render.WalkOption) Walkthrough {
	w := Walkthrough{d: d, res: res, opt: opt, st: st, opts: opts, keys: DefaultWalkthroughKeyMap()}
	return w.SetSize(width, height)
}

// Init returns nil: the walk-through needs no command to start. Like a
// bubbles component, Walkthrough has tea.Model's methods but its Update
// returns Walkthrough, so it does not implement tea.Model itself.
func (w Walkthrough) Init() tea.Cmd { return nil }

// SetSize lays the walk-through out in width×height cells, rendering the
// steps again for the new width and keeping the current step.
func (w Walkthrough) SetSize(width, height int) Walkthrough {
	w.w, w.h = max(1, width), max(1, height)
	w.steps = render.WalkthroughSteps(w.st, w.d, w.res, w.opt, max(20, w.w), w.opts...)
	w.step = min(w.step, len(w.steps)-1)
	w.vp = viewport.New(w.w, max(1, w.h-3-w.titleLines()))
	w.vp.MouseWheelEnabled = false
	w.vp.SetContent(w.steps[w.step].Body)
	return w
}

// About names the segment explained in a title line above the steps, as
// the explain command does: "Sentence BLEU of line 1747, system LT22",
// with the settings under it ([Walkthrough.settings]).
// line is how the line is named ("line 1747", or with its seg_id), system
// the system's name; both are shown escaped, the name cut when the line
// is too narrow for it, as [render.CutName] cuts it among others, the
// names of the other systems loaded.
func (w Walkthrough) About(line, system string, others ...string) Walkthrough {
	w.line, w.system, w.others = line, system, others
	w.vp.Height = max(1, w.h-3-w.titleLines()) // the steps stay as rendered
	return w
}

// titleLines is how many lines the title takes: 2 (the title and the
// settings) when About named the segment, else 0.
func (w Walkthrough) titleLines() int {
	if w.line == "" {
		return 0
	}
	return 2
}

// settings is the line under the title: the signature and the max order,
// as the explain command prints the signature under its title
// ("nrefs:2|case:mixed|eff:yes|tok:13a|smooth:floor[0.10]|version:… ·
// N=5"), without its version when the window is too narrow for it, else
// in its short form ("#:2|c:mixed|e:yes|tok:13a|s:floor[0.10]|… · N=5"),
// cut after a field, never inside one.
func (w Walkthrough) settings() string {
	order := "N=" + itoa(w.opt.MaxOrder)
	if s := fitOpts(scoring.Signature(w.opt, len(w.d.Refs), scoring.SignatureVersion), order, w.w, 5); s != "" {
		return s
	}
	return fitOpts(scoring.ShortSignature(w.opt, len(w.d.Refs), scoring.SignatureVersion), order, w.w, 0)
}

// title is the title line, cut to the width: the system's name is cut
// first ([render.CutName]), the whole line only when the rest alone is
// too wide.
func (w Walkthrough) title() string {
	prefix := "Sentence BLEU of " + render.Safe(w.line) + ", system "
	name := render.Safe(w.system)
	room := w.w - render.Cells(prefix)
	if render.Cells(name) > room && room < 8 {
		return render.Truncate(prefix+name, w.w)
	}
	others := make([]string, len(w.others))
	for i, o := range w.others {
		others[i] = render.Safe(o)
	}
	return prefix + render.CutName(name, room, others...)
}

// Update handles one message and returns the updated walk-through: keys
// move between steps, scroll and close.
func (w Walkthrough) Update(msg tea.Msg) (Walkthrough, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		return w.SetSize(msg.Width, msg.Height), nil
	case tea.KeyMsg:
		return w.handleKey(msg), nil
	case tea.MouseMsg:
		w.keys.scroll(&w.vp, msg)
	}
	return w, nil
}

func (w Walkthrough) handleKey(msg tea.KeyMsg) Walkthrough {
	k := w.keys
	w.note = ""
	switch {
	case key.Matches(msg, k.Close):
		w.done = true
	case key.Matches(msg, k.Next):
		w.goTo(w.step + 1)
	case key.Matches(msg, k.Prev):
		w.goTo(w.step - 1)
	case key.Matches(msg, k.First):
		w.goTo(0)
	case key.Matches(msg, k.Last):
		w.goTo(len(w.steps) - 1)
	default:
		if !k.scroll(&w.vp, msg) && isOptionKey(msg) {
			w.note = optionNote
		}
	}
	return w
}

// isOptionKey reports whether msg is one of the list's option keys
// (tokenizer, smoothing, max order, sacrebleu/nltk, NLTK's method), which
// rescore on the list, not in the walk-through.
func isOptionKey(msg tea.KeyMsg) bool {
	o := DefaultKeyMap()
	return key.Matches(msg, o.Tokenizer, o.Smooth, o.OrderUp, o.OrderDown, o.Compat, o.NLTKMethod)
}

// goTo shows step i (clamped), from its top.
func (w *Walkthrough) goTo(i int) {
	i = max(0, min(len(w.steps)-1, i))
	if i == w.step {
		return
	}
	w.step = i
	w.vp.SetContent(w.steps[i].Body)
	w.vp.GotoTop()
}

// View draws the walk-through: the title (with [Walkthrough.About]), the
// step's heading, its scrolling text and a footer with what is left to
// scroll and the keys, in at most width×height cells.
func (w Walkthrough) View() string {
	head := render.StepHeading(w.st, w.steps, w.step, w.w)
	if w.line != "" {
		head = w.st.Title.Render(w.title()) + "\n" + w.st.Muted.Render(w.settings()) + "\n" + head
	}
	foot := w.st.Muted.Render(fitKeyLine(scrollHint(w.vp)+w.keys.helpLine(), w.w))
	if w.note != "" {
		foot = w.st.Muted.Render(render.Truncate(w.note, w.w))
	}
	return firstLines(head+"\n"+w.vp.View()+"\n"+foot, w.h)
}

// Closed reports whether esc was pressed: the explorer should close the
// walk-through and return to the list.
func (w Walkthrough) Closed() bool { return w.done }

// Step returns the index of the step shown (0-based).
func (w Walkthrough) Step() int { return w.step }

// Steps returns the steps of the walk-through, as rendered for its width.
func (w Walkthrough) Steps() []render.Step { return w.steps }

// Current returns the step shown; its Order and Marks say which n-grams
// the step highlights, should the explorer want to echo them.
func (w Walkthrough) Current() render.Step { return w.steps[w.step] }
