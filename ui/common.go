package ui

import (
	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
	"github.com/bleuscope/bleuscope/ui/render"
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/spinner"
)

// common is what every component reads and none owns: the dataset, the
// settings, the scores, the styles and keys, the window size. The root
// model holds it and passes it down; components never change it.
type common struct {
	ds     *model.Dataset // the dataset kept to the references scored (refs); set with setDataset
	names  []string       // the systems' names, ready for the terminal: made with ds, as every screen draws them
	refs   refChoice      // which of the loaded references are scored
	set    model.Settings // the settings asked for
	scored *model.Scored  // the scores on screen (nil until the first run lands)
	// scoredOn is the dataset the scores on screen were made against: ds
	// but while the references R chose are scored.
	scoredOn *model.Dataset
	st       render.Styles
	keys     KeyMap
	help     help.Model
	spinner  spinner.Model
	met      metricState // chrF and TER: options, what is shown, scores
	resample resampling  // the seed and counts of the significance tests
	// maxNGrams is the most n-grams the analysis's count holds
	// (--max-ngrams; 0: the default).
	maxNGrams int
	// annWarnings are the annotation file's warnings made at open, listed
	// with the input's.
	annWarnings []string
	// optWarnings are warnings about how the explorer was started (a bad
	// SACREBLEU_SEED), listed with the input's.
	optWarnings []string
	width       int
	height      int
}

// shown returns the settings the scores on screen were made with. It lags
// set (the settings asked for) while a run is in flight, so the
// signature, the scale and the segment pane keep describing the numbers
// shown until the new ones land.
func (c common) shown() model.Settings {
	if c.scored != nil {
		return c.scored.Settings
	}
	return c.set
}

// nltk reports whether the scores shown are on NLTK's scale.
func (c common) nltk() bool { return isNLTK(c.shown()) }

// tooSmall reports whether the window, once sized, is below the minimum
// size every screen fits: only a line saying so is drawn.
func (c common) tooSmall() bool {
	return c.width != 0 && c.height != 0 && (c.width < minWidth || c.height < minHeight)
}

// scoreScale is the top of the scale of the scores shown: 100 for
// sacrebleu's, 1 for NLTK's.
func (c common) scoreScale() float64 { return model.ScoreScale(c.nltk()) }

// score formats a score shown ([model.FormatScore]).
func (c common) score(x float64) string { return model.FormatScore(x, c.nltk()) }

// delta formats a difference of scores shown ([model.FormatDelta]).
func (c common) delta(d float64) string { return model.FormatDelta(d, c.nltk()) }

// setDataset makes ds the dataset shown, and its systems' names those
// drawn.
func (c *common) setDataset(ds *model.Dataset) {
	c.ds = ds
	c.names = make([]string, len(ds.Systems))
	for i, s := range ds.Systems {
		c.names[i] = render.Safe(s.Name)
	}
}

// systemName is system sys's name, ready for the terminal.
func (c common) systemName(sys int) string { return c.names[sys] }

// shortName is system sys's name for a title or a header line: cut to 24
// cells at most, fewer in a narrow window ([common.cutName]).
func (c common) shortName(sys int) string { return c.cutName(sys, c.shortWidth()) }

// cutName is system sys's name in at most w cells, cut as every screen of
// the explorer cuts a name ([render.CutName]): at its end, or in its
// middle when its end is what tells it from another system loaded.
func (c common) cutName(sys, w int) string {
	return render.CutName(c.names[sys], w, c.names...)
}

// shortWidth is the most cells [common.shortName] gives a name: 24, fewer
// in a narrow window (12 at least).
func (c common) shortWidth() int { return min(24, max(12, c.width/5)) }

// systemCell is system sys's name in a table column w cells wide, cut
// when longer ([common.cutName]).
func (c common) systemCell(sys, w int) string {
	return render.PadRight(c.cutName(sys, w), w)
}

func isNLTK(set model.Settings) bool { return set.Corpus.Compat == scoring.CompatNLTK }

// selection is the segment the list has selected, as the other
// components need it: the shown system, the compared one (-1 for none)
// and the segment; ok is false when nothing is selected.
type selection struct {
	sys, other, seg int
	ok              bool
}

// segID is how the input names segment seg beside its line number
// (" (seg_id 101)" for an MQM file's segment), "" when it names none.
func (c common) segID(seg int) string {
	if seg >= len(c.ds.SegIDs) || c.ds.SegIDs[seg] == "" {
		return ""
	}
	return " (seg_id " + render.Truncate(c.ds.SegIDs[seg], 12) + ")"
}
