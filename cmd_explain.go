package main

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/charmbracelet/lipgloss"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
)

// segmentText is one segment to explain: its texts and how to label them.
type segmentText struct {
	Title    string   // "line 12, system literal"
	Src      string   // source, shown when HasSrc
	HasSrc   bool     // a source was given
	Hyp      string   // the hypothesis
	Refs     []string // the references present for the segment
	RefNames []string // one label per reference (file names, "1", "2", …)
	NRefs    int      // nrefs of the signature
}

// explainText writes the whole sentence-BLEU computation of seg under opt
// as plain text: the tokens, the clip table of every order, the precisions,
// the brevity penalty and the formula with its numbers. Every input string
// passes through model.Printable. An error is NLTK raising (nltk compat).
func explainText(seg segmentText, opt scoring.Options) (string, error) {
	det, err := scoring.Explain(seg.Hyp, seg.Refs, opt)
	if err != nil {
		return "", err
	}
	res, err := scoring.Evaluate(det.Stats, opt, scoring.LastSegment{Hyp: seg.Hyp, Refs: seg.Refs})
	if err != nil {
		return "", usagef("NLTK's sentence_bleu raises on %s: %s; try another --nltk-smoothing method",
			seg.Title, nltkMessage(err))
	}
	var b strings.Builder
	x := &explainer{b: &b, seg: seg, opt: opt, det: det, res: res}
	x.header()
	x.tokens()
	x.clips()
	x.precisions()
	x.brevity()
	x.formula()
	return b.String(), nil
}

// explainer holds one explanation being written.
type explainer struct {
	b   *strings.Builder
	seg segmentText
	opt scoring.Options
	det scoring.Detail
	res scoring.Result
}

func (x *explainer) printf(format string, args ...any) { fmt.Fprintf(x.b, format, args...) }

// refLabel is the short label of reference k: "ref1", "ref2", ….
func refLabel(k int) string { return "ref" + strconv.Itoa(k+1) }

func (x *explainer) header() {
	x.printf("Sentence BLEU of %s\n", model.Printable(x.seg.Title))
	x.printf("%s\n\n", scoring.Signature(x.opt, x.seg.NRefs, scoring.Version))
	if x.seg.HasSrc {
		x.printf("  %-7s %s\n", "source", model.Printable(x.seg.Src))
	}
	x.printf("  %-7s %s\n", "hyp", model.Printable(x.seg.Hyp))
	for k, r := range x.seg.Refs {
		x.printf("  %-7s %s", refLabel(k), model.Printable(r))
		if k < len(x.seg.RefNames) && x.seg.RefNames[k] != strconv.Itoa(k+1) {
			x.printf("   (%s)", model.Printable(x.seg.RefNames[k]))
		}
		x.printf("\n")
	}
	if len(x.seg.Refs) == 0 {
		x.printf("  (no reference for this segment)\n")
	}
}

func (x *explainer) tokens() {
	kase := "mixed case"
	if x.opt.Lowercase {
		kase = "lowercased first"
	}
	x.printf("\n1. Tokens (tokenizer %s, %s)\n", x.opt.Tokenize, kase)
	x.printf("  %-7s %3d: %s\n", "hyp", len(x.det.Hyp), printableTokens(x.det.Hyp))
	for k, r := range x.det.Refs {
		x.printf("  %-7s %3d: %s\n", refLabel(k), len(r), printableTokens(r))
	}
}

// printableTokens joins tokens with spaces, made safe for the terminal.
func printableTokens(toks []string) string {
	return model.Printable(strings.Join(toks, " "))
}

func (x *explainer) clips() {
	x.printf("\n2. n-gram matches, clipped: an n-gram counts at most as often as the one\n")
	x.printf("   reference that has it most often (max); matched = min(hyp, max);\n")
	x.printf("   clipped = hyp − matched (\"-\" when no reference has it at all)\n")
	for _, od := range x.det.Orders {
		if len(od.Clips) == 0 {
			x.printf("\n  %d-grams: the hypothesis has none\n", od.N)
			continue
		}
		x.printf("\n  %d-grams: %d of %d match\n", od.N, od.Matches, od.Total)
		x.clipTable(od)
	}
}

// clipTable writes the clip ledger of one order as aligned columns.
func (x *explainer) clipTable(od scoring.OrderDetail) {
	head := []string{"n-gram", "hyp"}
	for k := range x.det.Refs {
		head = append(head, refLabel(k))
	}
	head = append(head, "max", "matched", "clipped")
	rows := [][]string{head}
	for _, c := range od.Clips {
		row := []string{model.Printable(c.NGram), strconv.Itoa(c.HypCount)}
		for _, rc := range c.RefCounts {
			row = append(row, strconv.Itoa(rc))
		}
		max, clipped := strconv.Itoa(c.RefMax), strconv.Itoa(c.Clipped)
		if c.MaxRef >= 0 && len(c.RefCounts) > 1 {
			max += " (" + refLabel(c.MaxRef) + ")"
		}
		if c.RefMax == 0 {
			clipped = "-"
		}
		row = append(row, max, strconv.Itoa(c.Matched), clipped)
		rows = append(rows, row)
	}
	widths := make([]int, len(head))
	for _, row := range rows {
		for i, cell := range row {
			widths[i] = max(widths[i], lipgloss.Width(cell))
		}
	}
	for _, row := range rows {
		x.printf("  ")
		for i, cell := range row {
			pad := strings.Repeat(" ", widths[i]-lipgloss.Width(cell))
			if i == 0 || i == len(head)-3 {
				x.printf("  %s%s", cell, pad) // text columns: left-aligned
			} else {
				x.printf("  %s%s", pad, cell)
			}
		}
		x.printf("\n")
	}
}

func (x *explainer) precisions() {
	if x.opt.Compat == scoring.CompatNLTK {
		x.nltkPrecisions()
		return
	}
	r := x.res
	x.printf("\n3. Precisions p_n = matched / total (percent)\n")
	if r.NoMatch {
		x.printf("  No n-gram of any order matches, so BLEU is 0 (sacrebleu stops here,\n")
		x.printf("  before any smoothing).\n")
		return
	}
	zeros := 0.0
	for i := range r.Precisions {
		n := i + 1
		if r.Cut != 0 && n >= r.Cut {
			x.printf("  p%d: the hypothesis has no %d-grams", n, n)
			if n == r.Cut && x.opt.EffectiveOrder {
				x.printf(", so the effective order is %d", r.EffOrder)
			}
			x.printf("\n")
			if n == r.Cut && !x.opt.EffectiveOrder {
				x.printf("      (effective order is off: p%d = 0, and log 0 makes BLEU 0)\n", n)
			}
			continue
		}
		count, total := r.Counts[i], r.Totals[i]
		switch {
		case !r.Smoothed[i]:
			x.printf("  p%d = %s / %s = %.4f%%\n", n, num(count), num(total), r.Precisions[i])
		case x.opt.Smooth == scoring.SmoothExp:
			zeros++
			x.printf("  p%d = 0 / %s: no match; exp smoothing uses 100 / (%s × %s) = %.4f%%\n",
				n, num(total), num(math.Pow(2, zeros)), num(total), r.Precisions[i])
		case x.opt.Smooth == scoring.SmoothFloor:
			x.printf("  p%d = 0 / %s: no match; floor smoothing uses 100 × %s / %s = %.4f%%\n",
				n, num(total), num(x.opt.SmoothValue), num(total), r.Precisions[i])
		case x.opt.Smooth == scoring.SmoothAddK:
			x.printf("  p%d = (%s + %s) / (%s + %s) = %.4f%% (add-k smoothing)\n", n,
				num(count-x.opt.SmoothValue), num(x.opt.SmoothValue), num(total-x.opt.SmoothValue),
				num(x.opt.SmoothValue), r.Precisions[i])
		}
	}
}

// nltkPrecisions writes NLTK's modified precisions and their smoothing.
func (x *explainer) nltkPrecisions() {
	r := x.res
	x.printf("\n3. Modified precisions p_n = matched / max(1, total) (NLTK, 0-1 scale)\n")
	if r.NoMatch {
		x.printf("  No unigram matches, so NLTK returns 0 before any smoothing.\n")
		return
	}
	steps := r.NLTK
	for i := range r.Precisions {
		x.printf("  p%d = %s / %s", i+1, num(r.Counts[i]), num(r.Totals[i]))
		if steps != nil && i < len(steps.Used) && !steps.Used[i] {
			x.printf(" → 0 after method%d: NLTK drops this order and its weight\n", x.opt.NLTK.Smoothing.Method)
			continue
		}
		x.printf(" → %.6g", r.Precisions[i])
		if r.Smoothed[i] {
			x.printf(" after method%d", x.opt.NLTK.Smoothing.Method)
		}
		x.printf("\n")
	}
}

func (x *explainer) brevity() {
	r := x.res
	x.printf("\n4. Brevity penalty\n")
	closest := "no reference"
	if x.det.ClosestRef >= 0 {
		closest = refLabel(x.det.ClosestRef)
		if len(x.det.RefLens) > 1 {
			closest += ", the reference closest in length; a tie goes to the shorter"
		}
	}
	x.printf("  c = %d hypothesis tokens, r = %d (%s)\n", r.SysLen, r.RefLen, closest)
	switch {
	case r.SysLen == 0:
		x.printf("  c = 0, so BP = 0\n")
	case r.SysLen >= r.RefLen:
		x.printf("  c ≥ r, so BP = 1\n")
	default:
		x.printf("  c < r, so BP = exp(1 − r/c) = exp(1 − %d/%d) = %.6f\n", r.RefLen, r.SysLen, r.BP)
	}
}

func (x *explainer) formula() {
	r := x.res
	x.printf("\n5. Score\n")
	if r.NoMatch {
		x.printf("  BLEU = 0\n")
		return
	}
	if x.opt.Compat == scoring.CompatNLTK {
		x.printf("  BLEU = BP × exp(Σ w_n · log p_n) = %.6f × exp(%.6f) = %s\n",
			r.BP, nltkLogSum(r), strconv.FormatFloat(r.Score, 'g', -1, 64))
		return
	}
	N := r.EffOrder
	var logs, ps []string
	zero := false
	for i := 0; i < N; i++ {
		logs = append(logs, fmt.Sprintf("log p%d", i+1))
		if r.Precisions[i] == 0 {
			ps = append(ps, "log 0")
			zero = true
		} else {
			ps = append(ps, fmt.Sprintf("log %.4f", r.Precisions[i]))
		}
	}
	x.printf("  BLEU = BP × exp((%s) / %d)\n", strings.Join(logs, " + "), N)
	x.printf("       = %.6f × exp((%s) / %d)\n", r.BP, strings.Join(ps, " + "), N)
	if zero {
		x.printf("       = 0   (sacrebleu takes log 0 as −9999999999)\n")
	} else {
		x.printf("       = %s\n", strconv.FormatFloat(r.Score, 'g', -1, 64))
	}
	x.printf("  %s\n", r.Verbose(2))
}

// nltkLogSum is the exponent of NLTK's score (0 when NLTK stopped early).
func nltkLogSum(r scoring.Result) float64 {
	if r.NLTK == nil {
		return 0
	}
	return r.NLTK.LogSum
}

// num prints a count without a needless ".0" (add-k counts may be
// fractional).
func num(v float64) string {
	return strconv.FormatFloat(v, 'g', -1, 64)
}

// nltkMessage is the text of an error NLTK would raise, without package
// prefixes: "AssertionError: …".
func nltkMessage(err error) string {
	return strings.TrimPrefix(strings.TrimPrefix(err.Error(), "scoring: "), "nltk: ")
}
