package cli

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/ui/render"
)

// progressAfter is how long a command runs before its progress line
// shows: a run shorter than that ends without one, instead of a line that
// flashes and is cleared (a variable, so that tests can show it at once).
var progressAfter = 300 * time.Millisecond

// progressLine is the one line of progress a long command (compare,
// score --confidence, buckets --confidence, ngrams) keeps on standard error
// while it is a terminal: "resampling 37%", rewritten in place with \r and
// cleared before anything else is written there, so that the final output
// is what it would be without it. Off a terminal there is none (a nil
// *progressLine, whose methods do nothing): scripts see no byte of it.
type progressLine struct {
	e     *env
	label string
	shown int       // the percentage on the line; -1 when none of label yet, noPercent for label alone
	from  time.Time // when the command began to show progress (see progressAfter)
}

// noPercent is progressLine.shown for a line of a label alone (say).
const noPercent = -2

// progress returns the command's progress line, nil when standard error
// is not a terminal.
func (e *env) progress() *progressLine {
	if _, ok := terminalWidth(e.stderr); !ok {
		return nil
	}
	return &progressLine{e: e, shown: -1, from: time.Now()}
}

// counts returns a callback that shows done of total as a percentage of
// label (for model.Score), nil when there is no line.
func (p *progressLine) counts(label string) func(done, total int) {
	if p == nil {
		return nil
	}
	return func(done, total int) {
		if total > 0 {
			p.show(label, float64(done)/float64(total))
		}
	}
}

// fractions returns a callback that shows a fraction of label's work (for
// the significance tests' Progress), nil when there is no line.
func (p *progressLine) fractions(label string) func(fraction float64) {
	if p == nil {
		return nil
	}
	return func(f float64) { p.show(label, f) }
}

// part returns a callback that shows the fraction of part i of n of
// label's work (the bootstrap of system i of n), nil when there is no line.
func (p *progressLine) part(label string, i, n int) func(fraction float64) {
	if p == nil {
		return nil
	}
	return func(f float64) { p.show(label, (float64(i)+f)/float64(n)) }
}

// resamplingLabel is the label of BLEU's resampling: "resampling", or
// "BLEU resampling" when the steps of the other metrics of m follow, each
// named.
func resamplingLabel(m model.Metrics) string {
	if m.Extra() {
		return "BLEU resampling"
	}
	return "resampling"
}

// metrics returns a callback that shows how far chrF's or TER's step is
// ("chrF2 statistics 40%"; for one system of several, named as in names:
// "hyp2: TER resampling 12%"), nil when there is no line.
func (p *progressLine) metrics(names []string) model.MetricProgress {
	if p == nil {
		return nil
	}
	return func(s model.MetricStep) {
		label := s.Metric + " " + s.Step
		if s.System >= 0 && len(names) > 1 {
			label = model.Printable(names[s.System]) + ": " + label
		}
		p.show(label, s.Fraction)
	}
}

// say shows label alone ("ranking n-grams…"), for a step after a counted
// one whose progress is not counted, so that the line does not sit at
// 100% while it runs: the command's output clears it.
func (p *progressLine) say(label string) {
	if p != nil {
		p.write(label, noPercent)
	}
}

// show writes label and the percentage f makes, when it changed.
func (p *progressLine) show(label string, f float64) {
	p.write(label, int(min(max(f, 0), 1)*100))
}

// write puts label and pct (or label alone, noPercent) on the line, when
// they changed. The input's warnings kept so far are printed first: once
// a command shows its progress it has gone on, and they are worth reading
// during a long run, not after it.
func (p *progressLine) write(label string, pct int) {
	e := p.e
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.ended || (label == p.label && pct == p.shown) || time.Since(p.from) < progressAfter {
		return
	}
	e.printWarningsLocked()
	p.label, p.shown = label, pct
	fmt.Fprint(e.stderr, "\r"+progressText(label, pct, e.stderr)+"\x1b[K")
	e.progressShown = true
}

// progressText is the line label and pct (or label alone, noPercent)
// make, cut to a cell short of the terminal's width, the label first: \r
// rewrites one row, and a line that wrapped would leave a row behind at
// each rewrite.
func progressText(label string, pct int, term io.Writer) string {
	suffix := ""
	if pct != noPercent {
		suffix = " " + strconv.Itoa(pct) + "%"
	}
	if width, ok := terminalWidth(term); ok && render.Cells(label+suffix) >= width {
		room := width - 1 - render.Cells(suffix)
		if room < 2 { // not even a letter and "…": the percentage alone
			return render.Truncate(strings.TrimSpace(suffix), width-1)
		}
		label = render.Truncate(label, room)
	}
	return label + suffix
}

// clear takes the progress line off the terminal.
func (p *progressLine) clear() {
	if p == nil {
		return
	}
	p.e.mu.Lock()
	defer p.e.mu.Unlock()
	p.e.clearProgressLocked()
}

// clearProgressLocked erases the progress line, if one is shown, so that
// the next line written to standard error starts on a clean line.
func (e *env) clearProgressLocked() {
	if e.progressShown {
		fmt.Fprint(e.stderr, "\r\x1b[K")
		e.progressShown = false
	}
}
